"""Hyperparameter-tuning tasks on scikit-learn, served as bobench problems.

    python3 -m bobench.sklearn_tasks TASK        serve TASK over the problem protocol
    python3 -m bobench.sklearn_tasks --list      the tasks: model, dataset, metric, space
    python3 -m bobench.sklearn_tasks --time [TASK ...] [--points N]
                                                 seconds per evaluation, measured here

In an experiment: --problem 'external:command=python3 -m bobench.sklearn_tasks svm-breast'
(from a fresh clone's root, without installing: 'external:command=PYTHONPATH=python python3
-m bobench.sklearn_tasks svm-breast'; experiments/sklearn-hpo.ini).

Each task is a model and a dataset, in the manner of Bayesmark: the value to minimise is a
5-fold cross-validated metric of the model built with the point's hyperparameters, on one
of the datasets scikit-learn ships (digits, breast cancer, wine, iris, diabetes: read from
its own files, no download). Classification metrics: `error` (1 - accuracy, in [0, 1]) and
`log-loss` (the mean negative log-likelihood, >= 0); regression: `1-r2` (1 - R^2, >= 0 for
any model no worse than the mean, unbounded above).

Determinism: the folds are shuffled with a fixed seed (0), stratified for classification,
and every model's random_state is 0, so a task's value is a function of the point alone:
the evaluation's seed from bobench is not used. Replicates of an experiment thus differ
only by their optimizer's seed, and the same point gives the same bits in every run, on
every thread. Each evaluation runs on one core (n_jobs=1; OpenMP and BLAS limited to one
thread before NumPy loads): bobench's --threads gives the parallelism. A model that
cannot be fitted fails that evaluation with scikit-learn's message; convergence warnings
are silenced (an unconverged MLP is a legitimate, if poor, point). The optimum is unknown.

Cost per evaluation: seconds of one 5-fold evaluation, mean and max over 8 random points of
each space (`--time --points 8`), Debian 12's scikit-learn 1.2.1, measured under `nice` on
a 2-core machine that was compiling on both cores at the time (an idle machine gives lower
figures). The process's start, imports and data loading (0.7 s of CPU for knn-iris) come
once per worker thread, not per evaluation: bobench reuses the process.

    task            mean s   max s   values seen
    svm-breast       0.19     0.35   0.019 .. 0.37
    svm-digits       4.57     7.98   0.016 .. 0.90
    rf-wine          1.80     2.86   0.011 .. 0.084
    rf-diabetes      1.54     2.62   0.54 .. 0.67
    hgb-breast       2.35     3.70   0.026 .. 0.37
    gb-diabetes      2.25     4.63   0.56 .. 1.10
    mlp-wine         2.00     3.21   0.048 .. 1.20
    knn-digits       0.86     1.03   0.018 .. 0.043
    knn-iris         0.05     0.08   0.040 .. 0.053
    enet-diabetes    0.11     0.26   0.51 .. 0.54
"""

import os

# One thread per evaluation, set before NumPy and scikit-learn load their thread pools:
# bobench runs one process per worker thread, and oversubscribed cores would distort the
# cost and, for BLAS reductions, could change the bits.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402

from .protocol import Space, serve_problem  # noqa: E402

FOLDS = 5
SPLIT_SEED = 0
MODEL_SEED = 0


def _real(name, low, high, log=False):
    return {"name": name, "type": "real", "low": low, "high": high, "log": log}


def _integer(name, low, high):
    return {"name": name, "type": "integer", "low": low, "high": high}


def _categorical(name, choices):
    return {"name": name, "type": "categorical", "choices": list(choices)}


def _scaled(estimator):
    """Distance- and gradient-based models see standardised features (as Bayesmark does)."""
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    return make_pipeline(StandardScaler(), estimator)


# The models: each its space (the protocol's parameter dicts) and how a point builds it.
# Ranges follow common practice for these small datasets; log scales where the effect is
# multiplicative (regularisation, learning rates, kernel widths).
def _svm(kind, p):
    from sklearn.svm import SVC, SVR
    model = SVC if kind == "classification" else SVR
    return _scaled(model(C=p["C"], gamma=p["gamma"]))


def _random_forest(kind, p):
    from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
    model = RandomForestClassifier if kind == "classification" else RandomForestRegressor
    return model(n_estimators=p["n_estimators"], max_depth=p["max_depth"], max_features=p["max_features"],
                 min_samples_leaf=p["min_samples_leaf"], random_state=MODEL_SEED, n_jobs=1)


def _hist_gradient_boosting(kind, p):
    from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
    model = HistGradientBoostingClassifier if kind == "classification" else HistGradientBoostingRegressor
    # early_stopping off: with it, a validation split would make max_iter a moving target
    return model(learning_rate=p["learning_rate"], max_leaf_nodes=p["max_leaf_nodes"],
                 min_samples_leaf=p["min_samples_leaf"], l2_regularization=p["l2_regularization"],
                 max_iter=100, early_stopping=False, random_state=MODEL_SEED)


def _gradient_boosting(kind, p):
    from sklearn.ensemble import GradientBoostingClassifier, GradientBoostingRegressor
    model = GradientBoostingClassifier if kind == "classification" else GradientBoostingRegressor
    return model(n_estimators=p["n_estimators"], learning_rate=p["learning_rate"], max_depth=p["max_depth"],
                 subsample=p["subsample"], random_state=MODEL_SEED)


def _mlp(kind, p):
    from sklearn.neural_network import MLPClassifier, MLPRegressor
    model = MLPClassifier if kind == "classification" else MLPRegressor
    return _scaled(model(hidden_layer_sizes=(p["hidden_units"],), alpha=p["alpha"],
                         learning_rate_init=p["learning_rate_init"], max_iter=200, random_state=MODEL_SEED))


def _knn(kind, p):
    from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
    model = KNeighborsClassifier if kind == "classification" else KNeighborsRegressor
    return _scaled(model(n_neighbors=p["n_neighbors"], weights=p["weights"], p=1 if p["metric"] == "manhattan" else 2,
                         n_jobs=1))


def _elastic_net(kind, p):
    from sklearn.linear_model import ElasticNet
    if kind != "regression":
        raise ValueError("the elastic net is a regression model")
    return _scaled(ElasticNet(alpha=p["alpha"], l1_ratio=p["l1_ratio"], max_iter=10000, random_state=MODEL_SEED))


MODELS = {
    "svm": ([_real("C", 1e-2, 1e3, log=True), _real("gamma", 1e-4, 1.0, log=True)], _svm),
    "rf": ([_integer("n_estimators", 10, 100), _integer("max_depth", 1, 15), _real("max_features", 0.1, 1.0),
            _integer("min_samples_leaf", 1, 10)], _random_forest),
    "hgb": ([_real("learning_rate", 1e-3, 1.0, log=True), _integer("max_leaf_nodes", 2, 64),
             _integer("min_samples_leaf", 1, 50), _real("l2_regularization", 1e-6, 10.0, log=True)],
            _hist_gradient_boosting),
    "gb": ([_integer("n_estimators", 10, 200), _real("learning_rate", 1e-3, 1.0, log=True),
            _integer("max_depth", 1, 6), _real("subsample", 0.5, 1.0)], _gradient_boosting),
    "mlp": ([_integer("hidden_units", 4, 128), _real("alpha", 1e-6, 1e-1, log=True),
             _real("learning_rate_init", 1e-4, 1e-1, log=True)], _mlp),
    "knn": ([_integer("n_neighbors", 1, 30), _categorical("weights", ["uniform", "distance"]),
             _categorical("metric", ["euclidean", "manhattan"])], _knn),
    "enet": ([_real("alpha", 1e-5, 10.0, log=True), _real("l1_ratio", 0.0, 1.0)], _elastic_net),
}

# The datasets: scikit-learn's loader and whether it is classification or regression.
DATASETS = {
    "digits": ("load_digits", "classification"),
    "breast": ("load_breast_cancer", "classification"),
    "wine": ("load_wine", "classification"),
    "iris": ("load_iris", "classification"),
    "diabetes": ("load_diabetes", "regression"),
}

# metric: (scikit-learn scorer, how its score becomes a value to minimise)
METRICS = {
    "error": ("accuracy", lambda score: 1.0 - score),
    "log-loss": ("neg_log_loss", lambda score: -score),
    "1-r2": ("r2", lambda score: 1.0 - score),
}

# The tasks, written once: name -> (model, dataset, metric). Chosen to keep an evaluation
# around a second or less (see the costs above) while covering every kind of parameter.
TASKS = {
    "svm-breast": ("svm", "breast", "error"),
    "svm-digits": ("svm", "digits", "error"),
    "rf-wine": ("rf", "wine", "error"),
    "rf-diabetes": ("rf", "diabetes", "1-r2"),
    "hgb-breast": ("hgb", "breast", "error"),
    "gb-diabetes": ("gb", "diabetes", "1-r2"),
    "mlp-wine": ("mlp", "wine", "log-loss"),
    "knn-digits": ("knn", "digits", "error"),
    "knn-iris": ("knn", "iris", "error"),
    "enet-diabetes": ("enet", "diabetes", "1-r2"),
}


class Task:
    """One task: its space, and evaluate(x) -> the cross-validated metric at the point x."""

    def __init__(self, name):
        if name not in TASKS:
            raise ValueError(f"unknown task {name!r}; the tasks are: {', '.join(TASKS)}")
        self.name = name
        self.model, self.dataset, self.metric = TASKS[name]
        self.space, self._build = MODELS[self.model]
        self._loader, self.kind = DATASETS[self.dataset]
        self._data = None

    def describe(self):
        return f"{self.model} on {self.dataset} ({self.kind}), {FOLDS}-fold CV {self.metric}"

    def evaluate(self, x, seed=None):
        """The value at x (a list in the space's order). seed is accepted and ignored: the
        folds and the model's randomness are fixed, so the value depends on x alone."""
        from sklearn import datasets
        from sklearn.exceptions import ConvergenceWarning
        from sklearn.model_selection import KFold, StratifiedKFold, cross_val_score
        if self._data is None:  # loaded once per process: the data never changes between evaluations
            self._data = getattr(datasets, self._loader)(return_X_y=True)
        X, y = self._data
        params = {spec["name"]: value for spec, value in zip(self.space, x)}
        splitter = StratifiedKFold if self.kind == "classification" else KFold
        folds = splitter(n_splits=FOLDS, shuffle=True, random_state=SPLIT_SEED)
        scorer, to_value = METRICS[self.metric]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", category=ConvergenceWarning)
            scores = cross_val_score(self._build(self.kind, params), X, y, cv=folds, scoring=scorer, n_jobs=1,
                                     error_score="raise")
        return to_value(float(scores.mean()))


def _list():
    for name in TASKS:
        task = Task(name)
        print(f"{name:14} {task.describe()}")
        for spec in task.space:
            if spec["type"] == "categorical":
                domain = "{" + ", ".join(spec["choices"]) + "}"
            else:
                domain = f"[{spec['low']:g}, {spec['high']:g}]" + (" log" if spec.get("log") else "")
            print(f"{'':14}   {spec['name']:20} {spec['type']:12} {domain}")


def _time(names, points):
    """Seconds per evaluation at `points` random points (a fixed draw) of each task."""
    print(f"{'task':14} {'mean s':>8} {'max s':>8}  values")
    for name in names or TASKS:
        task = Task(name)
        space, rng = Space(task.space), random.Random(1)
        seconds, values = [], []
        task.evaluate(space.sample(rng))  # imports and data loading: once per process, not timed
        for _ in range(points):
            x = space.sample(rng)
            start = time.perf_counter()
            values.append(task.evaluate(x))
            seconds.append(time.perf_counter() - start)
        print(f"{name:14} {sum(seconds) / len(seconds):8.3f} {max(seconds):8.3f}  "
              f"{min(values):.4g} .. {max(values):.4g}", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m bobench.sklearn_tasks",
                                     description="Serves a scikit-learn tuning task over bobench's problem protocol.")
    parser.add_argument("task", nargs="*", help="the task to serve (--time: the tasks to time, default all)")
    parser.add_argument("--list", action="store_true", help="list the tasks and their spaces")
    parser.add_argument("--time", action="store_true", help="measure the seconds per evaluation")
    parser.add_argument("--points", type=int, default=8, help="--time: random points per task (default 8)")
    args = parser.parse_args(argv)
    try:
        if args.list:
            _list()
        elif args.time:
            _time(args.task, args.points)
        elif len(args.task) != 1:
            parser.error(f"name one task to serve (got {len(args.task)}); the tasks are: {', '.join(TASKS)}")
        else:
            task = Task(args.task[0])
            serve_problem(task.space, task.evaluate, name=f"{task.name}: {task.describe()}")
    except ValueError as e:
        print(f"bobench.sklearn_tasks: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
