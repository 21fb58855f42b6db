"""bobench.run and bobench.read_results: an experiment mixing C++ and Python optimizers,
run from Python, read back as the tidy table `bobench export` writes, to the last bit."""
import csv
import io
import json
import os
import warnings

import bobench
from support import check, check_raises, cli, python_optimizer, same_bits, temp_dir


def test_run_and_read():
    with temp_dir() as tmp:
        out = os.path.join(tmp, "r.h5")
        spec = {"experiment": {"budget": 9, "replicates": 2, "threads": 2, "output": out},
                "problems": {"branin": "branin", "levy": "levy:d=3,noise=0.1"},
                "optimizers": {"rs": "random-search", "py": python_optimizer("random_search.py")}}
        outcome = bobench.run(spec)
        check(outcome["planned"] == 8 and outcome["completed"] == 8 and outcome["errors"] == [], f"{outcome}")
        check(outcome["output"] == out, outcome["output"])

        df = bobench.read_results(out)
        rows = list(csv.reader(io.StringIO(cli("export", out))))
        header, rows = rows[0], rows[1:]
        check(list(df.columns) == header, f"columns {list(df.columns)} != {header}")
        check(len(df) == len(rows) == 8 * 9, f"{len(df)} rows, export has {len(rows)}")
        for column in header:
            ours = df[column].tolist()
            for i, (a, text) in enumerate(zip(ours, (r[header.index(column)] for r in rows))):
                if column in ("problem", "optimizer"):
                    check(a == text, f"{column} row {i}: {a!r} != {text!r}")
                else:
                    b = float(text) if text else float("nan")
                    check(same_bits(float(a), b), f"{column} row {i}: {a!r} != {text!r}")
        check(str(df["regret"].dtype) == "float64" and str(df["replicate"].dtype) == "int64", f"{df.dtypes}")

        runs = bobench.read_runs(out)
        check(len(runs) == 8 and list(runs["optimizer"]).count("py") == 4, f"{runs}")
        seeds = [json.loads(n)["protocol_seed"] for n, o in zip(runs["notes"], runs["optimizer"]) if o == "py"]
        check(len(set(seeds)) == 4, f"protocol seeds {seeds}")
        points = bobench.read_runs(out, points=True)["x"]
        check(points[0].shape == (9, 2), f"points of the first run: {points[0].shape}")

        # the same experiment from a spec file with keyword overrides: the runs are all kept
        ini = os.path.join(tmp, "spec.ini")
        with open(ini, "w") as f:
            f.write("[experiment]\nbudget = 9\nreplicates = 1\n[problems]\nbranin = branin\nlevy = levy:d=3,noise=0.1\n"
                    f"[optimizers]\nrs = random-search\npy = {python_optimizer('random_search.py')}\n")
        again = bobench.run(ini, replicates=2, threads=1, output=out)
        check(again["resumed"] == 8 and again["completed"] == 0, f"{again}")


def test_errors():
    with temp_dir() as tmp:
        out = os.path.join(tmp, "bad.h5")
        spec = {"experiment": {"budget": 5, "replicates": 1, "output": out},
                "problems": {"branin": "branin"},
                "optimizers": {"rs": "random-search", "bad": python_optimizer("misbehave.py", "crash", "2")}}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outcome = bobench.run(spec)
        check(len(outcome["errors"]) == 1 and "exited with status 3" in outcome["errors"][0], f"{outcome}")
        check(len(caught) == 1 and "run failed: problem 'branin', optimizer 'bad'" in str(caught[0].message),
              f"{[str(w.message) for w in caught]}")
        check(len(bobench.read_results(out)) == 5, "the good run is in the file")
        check_raises([(lambda: bobench.run(spec, budgt=3), "unknown keyword arguments ['budgt']"),
                      (lambda: bobench.run({"problem": {}}), "spec sections ['problem'] are unknown"),
                      (lambda: bobench.run(dict(spec, optimizers={"x": "tpee"})), "unknown optimizer 'tpee'"),
                      (lambda: bobench.run(os.path.join(tmp, "none.ini")), "none.ini"),
                      (lambda: bobench.read_results(os.path.join(tmp, "none.h5")), "none.h5")])


def test_rank_and_table():
    """bobench.rank and bobench.table give the numbers of `bobench rank --format json` and
    `bobench table --format csv`, to the last bit."""
    with temp_dir() as tmp:
        out = os.path.join(tmp, "r.h5")
        bobench.run({"experiment": {"budget": 12, "replicates": 4, "output": out},
                     "problems": {"branin": "branin", "hartmann3": "hartmann3"},
                     "optimizers": {"rs": "random-search", "tpe": "tpe"}})
        for kwargs, flags in (({}, []), ({"friedman": True, "alpha": 0.1}, ["--friedman", "--alpha", "0.1"])):
            df = bobench.rank(out, **kwargs)
            report = json.loads(cli("rank", out, "--format", "json", *flags))
            check(df.to_dict("records") == report["total"]["scores"], f"{df.to_dict('records')} != {report['total']}")
            check(df.attrs["report"] == report, "the whole report differs from the CLI's")
        for stat in ("mean", "median"):
            table = bobench.table(out, stat=stat)
            rows = list(csv.DictReader(io.StringIO(cli("table", out, "--format", "csv", "--stat", stat))))
            check(len(table) == len(rows) == 4, f"{len(table)} rows, the CLI has {len(rows)}")
            for got, want in zip(table.to_dict("records"), rows):
                for column, text in want.items():
                    if column in ("problem", "optimizer", "measure"):
                        check(got[column] == text, f"{column}: {got[column]!r} != {text!r}")
                    elif column == "best":
                        check(got[column] == (text == "*"), f"best: {got[column]!r} != {text!r}")
                    else:
                        check(same_bits(float(got[column]), float(text)), f"{column}: {got[column]!r} != {text!r}")
        check_raises([(lambda: bobench.rank(out, metrics="bets"), "bets"),
                      (lambda: bobench.table(out, stat="mode"), "mode"),
                      (lambda: bobench.rank(os.path.join(tmp, "none.h5")), "none.h5")])


if __name__ == "__main__":
    test_run_and_read()
    test_errors()
    test_rank_and_table()
    print("ok")
