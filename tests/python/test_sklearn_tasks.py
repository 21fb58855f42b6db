"""bobench.sklearn_tasks end to end: real scikit-learn training served over the problem
protocol, run by `bobench run` (two optimizers, a few evaluations), ranked by `bobench
rank`, and the same bits when run again on more threads (the task's folds and model seeds
are fixed, so its value depends on the point alone). Also: the task table and the error
naming an unknown task."""
import csv
import io
import os
import subprocess
import sys

from support import SOURCE_DIR, check, cli, same_bits, temp_dir

try:
    import sklearn  # noqa: F401  (the served tasks import it in their own process: say so here, once)
except ImportError:
    raise SystemExit(f"{sys.executable} lacks scikit-learn, which bobench.sklearn_tasks needs: "
                     "install python3-sklearn (scripts/install-deps)")

TASK = "knn-iris"  # the cheapest task: 5 folds of k-NN on 150 flowers, milliseconds each


def problem(task):
    # the child inherits this test's PYTHONPATH (build/python), as bobench passes its environment on
    return f"{task}=external:command={sys.executable} -m bobench.sklearn_tasks {task}"


def values(out):
    """(problem, optimizer, replicate, iteration) -> value, from `bobench export`'s CSV."""
    rows = list(csv.DictReader(io.StringIO(cli("export", out))))
    check(rows and all(r["failed"] == "0" for r in rows), f"{out}: no evaluations, or failed ones: {rows}")
    return {(r["problem"], r["optimizer"], r["replicate"], r["iteration"]): float(r["value"]) for r in rows}


def test_run_rank_and_repeat():
    with temp_dir() as tmp:
        runs = []
        for threads in ("1", "2"):
            out = os.path.join(tmp, f"t{threads}.h5")
            cli("run", "--problem", problem(TASK), "--optimizer", "random-search", "--optimizer", "tpe",
                "--budget", "4", "--replicates", "1", "--threads", threads, "--output", out, "--quiet")
            runs.append(values(out))
        first, second = runs
        check(len(first) == 2 * 4, f"{len(first)} evaluations, expected 8: {first}")
        for key, value in first.items():
            check(0.0 <= value <= 1.0, f"{key}: {value} is no error rate (1 - accuracy)")
            check(same_bits(value, second[key]), f"{key}: {value!r} then {second[key]!r} on 2 threads")
        check(len(set(first.values())) > 1, f"every point scored the same: {first}")  # real training, not a stub
        ranking = cli("rank", out)
        check("random-search" in ranking and "tpe" in ranking, ranking)


def test_list_and_unknown_task():
    module = [sys.executable, "-m", "bobench.sklearn_tasks"]
    listing = subprocess.run([*module, "--list"], capture_output=True, text=True, check=True).stdout
    for task in ("svm-breast", "rf-wine", "mlp-wine", "enet-diabetes", TASK):
        check(task in listing, f"--list lacks {task}: {listing}")
    r = subprocess.run([*module, "no-such-task"], capture_output=True, text=True)
    check(r.returncode == 2 and "unknown task 'no-such-task'; the tasks are: svm-breast" in r.stderr,
          f"exit {r.returncode}: {r.stderr}")


def test_the_spec_names_known_tasks():
    """experiments/sklearn-hpo.ini serves tasks that exist (its commands are run from the
    repository root, where a misspelt task would only fail at planning)."""
    sys.path.insert(0, os.path.join(SOURCE_DIR, "python"))
    from bobench.sklearn_tasks import TASKS
    with open(os.path.join(SOURCE_DIR, "experiments", "sklearn-hpo.ini")) as f:
        named = [line.split("bobench.sklearn_tasks", 1)[1].split()[0] for line in f
                 if "bobench.sklearn_tasks" in line and not line.lstrip().startswith("#")]
    check(named and all(task in TASKS for task in named), f"the spec's tasks {named}; known: {list(TASKS)}")


if __name__ == "__main__":
    test_run_rank_and_repeat()
    test_list_and_unknown_task()
    test_the_spec_names_known_tasks()
    print("ok")
