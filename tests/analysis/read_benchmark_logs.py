#!/usr/bin/python3
"""Independent reader of the benchmark logs `bobench export --format coco|iohprofiler` writes.

Written from the published descriptions of the formats, not from bobench's code:
- COCO (bbob logger, data_format 'bbob-new2', as cocopp reads it; COCO documentation,
  "Data format" of the bbob logger, and cocopp/pproc.py): every *.info file holds blocks
  of three lines: a header of `key = value` pairs (suite, funcId, DIM, Precision, algId,
  ...), a comment line starting with '%', and `data_file.dat, instance:evaluations|final
  precision, ...`. The .dat and .tdat files hold one block per run, in the order of the
  info line's entries, each starting with a line beginning with '%'; data lines are
  `f-evaluations g-evaluations best-noise-free-precision measured-fitness best-measured
  x1 x2 ...`.
- IOHprofiler (IOHexperimenter 0.3 JSON meta data, as IOHanalyzer reads it): a JSON file
  per function with algorithm, attributes and scenarios (dimension, path of the .dat file,
  runs with instance, evals and best); the .dat file holds one block per run, each
  starting with the header line of the attribute names, then one line per logged
  evaluation.

Usage: read_benchmark_logs.py coco|iohprofiler DIR  -> JSON list of runs on stdout.
Every structural check that fails raises (non-zero exit, message on stderr).
"""
import json
import math
import os
import re
import sys


def number(text):
    value = float(text)
    return None if math.isnan(value) else value


def info_header(line):
    fields = {}
    for key, value in re.findall(r"(\w+)\s*=\s*('[^']*'|[^,]+)", line):
        value = value.strip()
        fields[key] = value[1:-1] if value.startswith("'") else value
    return fields


def blocks(path, is_header):
    runs = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if is_header(line):
                runs.append({"header": line, "rows": []})
            elif line.strip():
                if not runs:
                    raise ValueError(f"{path}: data before the first header line")
                runs[-1]["rows"].append([number(v) for v in line.split()])
    return runs


def read_coco(root):
    out = []
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(n for n in names if n.endswith(".info")):
            lines = [l.rstrip("\n") for l in open(os.path.join(folder, name))]
            if len(lines) % 3:
                raise ValueError(f"{name}: {len(lines)} lines, not blocks of three")
            for i in range(0, len(lines), 3):
                header, comment, data = lines[i:i + 3]
                fields = info_header(header)
                for key in ("suite", "funcId", "DIM", "Precision", "algId"):
                    if key not in fields:
                        raise ValueError(f"{name}: header without {key}: {header}")
                if fields.get("data_format") != "bbob-new2":
                    raise ValueError(f"{name}: data_format is not bbob-new2")
                if not comment.startswith("%"):
                    raise ValueError(f"{name}: second line of a block is not a % comment")
                parts = [p.strip() for p in data.split(",")]
                entries = []
                for p in parts[1:]:
                    instance, rest = p.split(":")
                    evaluations, final = rest.split("|")
                    entries.append((int(instance), int(evaluations), float(final)))
                dat = os.path.join(folder, parts[0])
                tdat = dat[:-4] + ".tdat"
                is_header = lambda line: line.startswith("%")
                dat_runs, tdat_runs = blocks(dat, is_header), blocks(tdat, is_header)
                if not (len(dat_runs) == len(tdat_runs) == len(entries)):
                    raise ValueError(f"{parts[0]}: {len(entries)} runs in the info line, {len(dat_runs)} in .dat, "
                                     f"{len(tdat_runs)} in .tdat")
                for (instance, evaluations, final), d, t in zip(entries, dat_runs, tdat_runs):
                    m = re.match(r"% f evaluations \| g evaluations \| best noise-free fitness - Fopt \(([^)]*)\)",
                                 t["header"])
                    if not m:
                        raise ValueError(f"{tdat}: unexpected run header {t['header']}")
                    rows = t["rows"]
                    if [r[0] for r in rows][-1] != evaluations or d["rows"][-1][0] != evaluations:
                        raise ValueError(f"{tdat}: the run does not end at its {evaluations} evaluations")
                    if rows[-1][2] is not None and abs(rows[-1][2] - final) > 0.051 * abs(final):
                        raise ValueError(f"{name}: final precision {final} differs from the data's {rows[-1][2]}")
                    out.append({
                        "algorithm": fields["algId"], "suite": fields["suite"], "function": int(fields["funcId"]),
                        "dimension": int(fields["DIM"]), "instance": instance, "fopt": float(m.group(1)),
                        "evaluations": [int(r[0]) for r in rows], "precision": [r[2] for r in rows],
                        "measured": [r[3] for r in rows], "best_measured": [r[4] for r in rows],
                        "x": [r[5:] for r in rows], "dat_evaluations": [int(r[0]) for r in d["rows"]],
                    })
    return out


def strict_json_constant(token):
    raise ValueError(f"{token} in a JSON file: not JSON, and IOHanalyzer's reader (rjson) refuses it")


def read_iohprofiler(root):
    """As IOHanalyzer reads them: a failed evaluation (NaN raw_y) takes the worst value of its
    run, so a run needs at least one value, and every best y is a number."""
    out = []
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(n for n in names if n.endswith(".json")):
            meta = json.load(open(os.path.join(folder, name)), parse_constant=strict_json_constant)
            attributes = meta["attributes"]
            if attributes[:2] != ["evaluations", "raw_y"]:
                raise ValueError(f"{name}: attributes {attributes}")
            header = " ".join(attributes)
            for scenario in meta["scenarios"]:
                runs = blocks(os.path.join(folder, scenario["path"]), lambda line: line == header)
                if len(runs) != len(scenario["runs"]):
                    raise ValueError(f"{scenario['path']}: {len(runs)} runs, the JSON lists {len(scenario['runs'])}")
                for info, run in zip(scenario["runs"], runs):
                    rows = run["rows"]
                    if int(rows[-1][0]) != info["evals"]:
                        raise ValueError(f"{scenario['path']}: run ends at {rows[-1][0]}, JSON says {info['evals']}")
                    ys = [r[1] for r in rows]
                    if all(y is None for y in ys):
                        raise ValueError(f"{scenario['path']}: a run without any value (IOHanalyzer would read -inf)")
                    if not isinstance(info["best"]["y"], (int, float)):
                        raise ValueError(f"{scenario['path']}: best y {info['best']['y']!r} is not a number")
                    best = min(y for y in ys if y is not None)
                    if info["best"]["y"] != best or ys[info["best"]["evals"] - 1] != best:
                        raise ValueError(f"{scenario['path']}: best {info['best']} is not the run's lowest raw_y")
                    out.append({
                        "algorithm": meta["algorithm"]["name"], "suite": meta["suite"],
                        "function": meta["function_id"], "function_name": meta["function_name"],
                        "dimension": scenario["dimension"], "instance": info["instance"],
                        "evaluations": [int(r[0]) for r in rows], "raw_y": ys, "best_x": info["best"].get("x"),
                    })
    return out


if __name__ == "__main__":
    kind, root = sys.argv[1], sys.argv[2]
    runs = read_coco(root) if kind == "coco" else read_iohprofiler(root)
    json.dump(runs, sys.stdout)
