"""Experiments and their results files."""

import io
import json
import os
import warnings

from . import _core

_EXPERIMENT_KEYS = ("seed", "budget", "replicates", "output", "threads", "on_failure", "data_dir")


def _ini(spec):
    lines = []
    for section in ("experiment", "problems", "optimizers"):
        lines.append(f"[{section}]")
        lines += [f"{key} = {value}" for key, value in spec.get(section, {}).items()]
    unknown = set(spec) - {"experiment", "problems", "optimizers"}
    if unknown:
        raise ValueError(f"spec sections {sorted(unknown)} are unknown; "
                         "accepted: experiment, problems, optimizers")
    return "\n".join(lines) + "\n"


def run(spec, **experiment):
    """Runs an experiment as `bobench run` does and returns a dict: output (the results
    file), planned, resumed, completed, failed_evaluations, errors (one message per run
    that failed, or was skipped because 3 runs of its optimizer had failed the same way;
    each is also issued as a warning). Ctrl-C stops it as it stops `bobench
    run`: the runs in progress end at their next evaluation, the finished ones are saved
    (run again to resume), and KeyboardInterrupt is raised.

    spec is the path of an INI spec file, or a dict of its sections:
        {"experiment": {"budget": 50, "replicates": 5, "output": "out.h5"},
         "problems": {"branin": "branin"},
         "optimizers": {"rs": "random-search",
                        "mine": "external:command=python3 my_opt.py"}}
    Keyword arguments override [experiment] keys: seed, budget, replicates, output,
    threads, on_failure, data_dir."""
    unknown = set(experiment) - set(_EXPERIMENT_KEYS)
    if unknown:
        raise ValueError(f"unknown keyword arguments {sorted(unknown)}; accepted: {', '.join(_EXPERIMENT_KEYS)}")
    overrides = {key: str(value) for key, value in experiment.items()}
    if isinstance(spec, dict):
        outcome = _core.run_spec(_ini(spec), False, overrides)
    else:
        outcome = _core.run_spec(os.fspath(spec), True, overrides)
    for message in outcome["errors"]:
        warnings.warn(f"run failed: {message}", RuntimeWarning, stacklevel=2)
    return outcome


def read_results(path):
    """The results file as a tidy pandas DataFrame, one row per evaluation, with the
    columns of `bobench export`: problem, optimizer, replicate, iteration, value,
    best_so_far, regret, test_regret, true_value, cost, test_value, failed (numbers
    as float64, NaN where the CSV has an empty field)."""
    import pandas
    text = _core.export_csv(os.fspath(path))
    return pandas.read_csv(io.StringIO(text), dtype={"problem": str, "optimizer": str},
                           keep_default_na=False, na_values=[""], float_precision="round_trip")


def read_runs(path, points=False):
    """One row per run: problem, optimizer, replicate, problem_seed, optimizer_seed,
    evaluations, failed, seconds, notes (the optimizer's diagnostics as JSON text; an
    external optimizer's protocol_seed is there); with points=True also x, the run's
    points as an (evaluations, dimension) NumPy array in native units."""
    import pandas
    return pandas.DataFrame(_core.read_runs(os.fspath(path), points))


def rank(path, metrics="best,auc", alpha=None, friedman=False, nan="worst"):
    """The ranking `bobench rank FILE --format json` gives, with the same options and
    defaults (pairwise Mann-Whitney at a family-wise 0.05 per problem, Sidak; alpha= sets a
    per-pair level instead), as a pandas DataFrame: one row per optimizer with its total
    scores, in the order of the report. The whole report (each problem's medians, p-values
    and outcomes; with friedman=True the Friedman ranking) is df.attrs["report"]."""
    import pandas
    report = json.loads(_core.rank_json(os.fspath(path), metrics, alpha, friedman, nan))
    df = pandas.DataFrame(report["total"]["scores"])
    df.attrs["report"] = report
    return df


def table(path, stat="mean"):
    """The final-regret table `bobench table FILE --format csv --stat STAT` writes, as a
    pandas DataFrame: one row per (problem, optimizer) with runs, failed_runs and the
    statistic's columns (mean and std, or median and quartiles), numbers to the last bit;
    best is True for the cell the CSV marks "*", the best of its problem."""
    import pandas
    text = _core.table_csv(os.fspath(path), stat)
    df = pandas.read_csv(io.StringIO(text), dtype={"problem": str, "optimizer": str, "best": str},
                         keep_default_na=False, na_values=[""], float_precision="round_trip")
    df["best"] = df["best"].eq("*")
    return df
