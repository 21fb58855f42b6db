#!/usr/bin/python3
"""Peer for bobench's `bore-rf` and `bore-xgb`: BORE (Tiao et al., "BORE: Bayesian
Optimization by Density-Ratio Estimation", ICML 2021) with scikit-learn's
RandomForestClassifier (--classifier rf) or XGBoost (--classifier xgb) as the
class-probability estimator and scipy's differential evolution maximising its output.
Minimises Branin or Hartmann6 for --evals evaluations per seed, seeds --seed-start ..
--seed-start + --seeds - 1, over --jobs worker processes. Writes CSV
`problem,seed,final_regret` (best observed value after the last evaluation minus f*) to
stdout or --out; to stderr, per seed and overall, the mean CPU seconds (time.process_time)
of a model-based iteration (classifier fit + DE) at N = LO..HI observations for each
--window LO:HI (default 55:65; repeatable), and the mean number of classifier evaluations
per DE run.

Usage: nice /usr/bin/python3 bench/peers/bore_peer.py --classifier rf --problem branin \
           --seeds 20 --evals 200 --jobs 2 --out /tmp/peers/bore_rf_branin.csv
       nice /usr/bin/python3 bench/peers/bore_peer.py --classifier xgb --problem branin \
           --seeds 20 --evals 200 --window 50:60 --window 190:199
Needs Debian 12's python3 with scipy 1.10 and numpy, plus scikit-learn 1.2 for rf
(`apt install python3-sklearn`) or XGBoost 1.7 for xgb (`apt install python3-xgboost`);
without the classifier's package the script says so and exits 0 ("skipped").

One iteration (following the authors' ClassifierConfigGenerator.get_config in
ltiao/bore, bore/plugins/hpbandster/base.py, with the network replaced by a random forest
or XGBoost):
  1. with probability random_rate suggest a uniform random point (epsilon-greedy; the coin
     is tossed first, every iteration, as in the authors' code);
  2. else, while fewer than n_init points are observed, suggest a uniform random point;
  3. else label z_n = [y_n <= tau], tau = np.quantile(y, gamma) (numpy's default linear
     interpolation, as the authors' Record.load_classification_data), fit the classifier on
     (x_n, z_n) in [0,1]^D, and suggest argmax_x P(z = 1 | x) found by
     scipy.optimize.differential_evolution on -P(z = 1 | x) over [0,1]^D; if that
     point duplicates an observed one (np.allclose, rtol 1e-5, atol 1e-8, the authors'
     Record.is_duplicate / _is_unique filter) suggest a uniform random point instead.
Points live in the unit cube and are mapped affinely to the native domain (the authors'
DenseConfigurationSpace likewise works on ConfigSpace's [0,1] vector representation).
All randomness of one run comes from np.random.RandomState(seed).

Problems: HPOlib1.5 definitions (automl/HPOlib1.5,
hpolib/benchmarks/synthetic_functions/); f* as bobench (testfunctions/synthetic/)."""
import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")  # one core per worker process; --jobs does the parallelism

import argparse  # noqa: E402
import multiprocessing  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from scipy.optimize import differential_evolution  # noqa: E402

from problems import PROBLEMS  # noqa: E402  (bench/peers/problems.py)

try:
    from sklearn.ensemble import RandomForestClassifier  # noqa: E402
except ImportError:
    RandomForestClassifier = None
try:
    import xgboost  # noqa: E402
except ImportError:
    xgboost = None

# --- BORE defaults and where they come from ----------------------------------------------
DEFAULTS = dict(
    # gamma = 1/3: ltiao/bore scripts/run_bore.py `--gamma default=1/3` (also 1/eta with the
    # default eta=3 in bore/plugins/hpbandster/base.py), the value used in the paper's figures.
    gamma=1 / 3,
    # 10 random initial points: run_bore.py `--num-random-init default=10`, base.py
    # `num_random_init=10`.
    n_init=10,
    # epsilon-greedy rate 0.1: run_bore.py `--random-rate default=0.1`, base.py `random_rate=0.1`.
    random_rate=0.1,
    # 100 trees: RandomForestClassifier(n_estimators=100), scikit-learn's default since 0.22;
    # all other forest settings are scikit-learn 1.2 defaults (criterion="gini",
    # max_depth=None, min_samples_split=2, min_samples_leaf=1, max_features="sqrt",
    # bootstrap=True), i.e. RandomForestClassifier() as syne-tune's BORE searcher
    # (syne_tune/optimizer/schedulers/searchers/bore/bore.py, by co-author A. Klein) builds it.
    n_estimators=100,
    # XGBoost: bobench's bore-xgb defaults (optimizers/bore.cpp, surrogates/trees/
    # xgboost_classifier.cpp): 100 rounds, eta 0.3, max_depth 6, min_child_weight 1,
    # lambda 1, objective binary:logistic with base_score 0.5, tree_method "exact", one
    # thread (the last three fixed in fit_xgboost).
    rounds=100,
    eta=0.3,
    max_depth=6,
    min_child_weight=1.0,
    reg_lambda=1.0,
    # DE budget ~2000 evaluations of the classifier (as bobench's DE maximizer:
    # default max_evaluations = 2000). scipy defaults otherwise: strategy "best1bin",
    # mutation (0.5, 1) with dithering, recombination 0.7, popsize 15 (x D members),
    # init "latinhypercube"; polish=False (L-BFGS-B on a piecewise-constant tree ensemble is
    # pointless and would spend un-budgeted evaluations); tol=0 so DE spends the budget
    # unless its population's values are all equal (scipy's default tol=0.01 may stop early).
    de_evals=2000,
    popsize=15,
    de_tol=0.0,
    # scipy's default atol=0. --de-atol -1 never lets DE stop early, so it spends the whole
    # budget as bobench's DE does (acquisitions/maximizers/differential_evolution.hpp): the
    # like-for-like setting for timing, since XGBoost's output is often flat over the whole
    # population (with atol=0 DE spent 1189 of its 1980 evaluations on average over 5 seeds on Branin).
    de_atol=0.0,
)


# --- the classifiers: fit on (U, z), return x -> P(z = 1 | x) for the rows of a matrix -------

def fit_forest(U, z, o, rng):
    clf = RandomForestClassifier(n_estimators=o["n_estimators"], random_state=rng)
    clf.fit(U, z)
    col = list(clf.classes_).index(True)
    return lambda V: clf.predict_proba(V)[:, col]


def fit_xgboost(U, z, o, rng):
    # XGBClassifier(n_estimators=rounds, learning_rate=eta, ...).fit is xgboost.train with
    # these parameters and its predict_proba is Booster.inplace_predict; the Booster API is
    # the same computation without the scikit-learn wrapper (XGBClassifier refuses to run
    # without scikit-learn). The seed is drawn from the run's RandomState as bobench draws
    # it from its generator.
    params = {"objective": "binary:logistic", "base_score": 0.5, "eta": o["eta"],
              "max_depth": o["max_depth"], "min_child_weight": o["min_child_weight"],
              "lambda": o["reg_lambda"], "tree_method": "exact", "nthread": 1,
              "seed": int(rng.randint(2 ** 31 - 1)), "verbosity": 0}
    booster = xgboost.train(params, xgboost.DMatrix(U, label=z.astype(float), nthread=1),
                            num_boost_round=o["rounds"])
    return booster.inplace_predict


CLASSIFIERS = {  # name -> (fit, its package, how to get it, label)
    "rf": (fit_forest, RandomForestClassifier, "apt install python3-sklearn", "scikit-learn BORE-RF"),
    "xgb": (fit_xgboost, xgboost, "apt install python3-xgboost", "XGBoost BORE-XGB"),
}


# --- one run ---------------------------------------------------------------------------

def run(args):
    problem, classifier, seed, evals, windows, o = args
    fit = CLASSIFIERS[classifier][0]
    p = PROBLEMS[problem]
    lower, upper = np.array(p["lower"]), np.array(p["upper"])
    d = len(lower)
    rng = np.random.RandomState(seed)
    maxiter = max(o["de_evals"] // (o["popsize"] * d) - 1, 0)  # nfev = (maxiter + 1) * popsize * d
    U, y = [], []
    timed, nfevs, all_times = [[] for _ in windows], [], []
    for _ in range(evals):
        n = len(y)
        u = None
        if not rng.binomial(n=1, p=o["random_rate"]) and n >= o["n_init"]:
            yv = np.asarray(y)
            z = yv <= np.quantile(yv, o["gamma"])
            if z.any() and not z.all():
                t0 = time.process_time()  # CPU seconds of this process: robust to a busy machine
                proba = fit(np.asarray(U), z, o, rng)
                points = [0]  # classifier evaluations (scipy's nfev counts calls when vectorized)

                def neg_prob(V):  # vectorized: V has shape (d, S); one prediction per generation
                    points[0] += V.shape[1]
                    return -proba(V.T)

                res = differential_evolution(neg_prob, [(0.0, 1.0)] * d, maxiter=maxiter,
                                             popsize=o["popsize"], tol=o["de_tol"], atol=o["de_atol"],
                                             polish=False,
                                             vectorized=True, updating="deferred", seed=rng)
                dt = time.process_time() - t0
                all_times.append(dt)
                for (lo, hi), times in zip(windows, timed):
                    if lo <= n <= hi:
                        times.append(dt)
                nfevs.append(points[0])
                if not any(np.allclose(v, res.x, rtol=1e-5, atol=1e-8) for v in U):
                    u = np.clip(res.x, 0.0, 1.0)
        if u is None:
            u = rng.uniform(size=d)
        U.append(u)
        y.append(p["f"](lower + u * (upper - lower)))
    regret = min(y) - p["fstar"]
    return problem, seed, regret, [mean(t) for t in timed], mean(nfevs), mean(all_times)


def mean(v):
    v = [x for x in v if x == x]  # without NaN (a seed with no iteration in a window)
    return float(np.mean(v)) if v else float("nan")


def window(text):
    lo, sep, hi = text.partition(":")
    try:
        lo, hi = int(lo), int(hi)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not LO:HI (two integers)")
    if not sep or lo > hi:
        raise argparse.ArgumentTypeError(f"'{text}' is not LO:HI with LO <= HI")
    return lo, hi


def per_window(windows, times):
    return ", ".join(f"{t:.4f} CPU s/iteration at N={lo}..{hi}" for (lo, hi), t in zip(windows, times))


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--classifier", choices=sorted(CLASSIFIERS), default="rf",
                    help="rf: scikit-learn random forest (default); xgb: XGBoost")
    ap.add_argument("--problem", choices=sorted(PROBLEMS), default="branin")
    ap.add_argument("--seeds", type=int, default=20, help="number of seeds (default 20)")
    ap.add_argument("--seed-start", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--evals", "--trials", type=int, default=200, help="evaluations per seed (default 200)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes over seeds (default 1)")
    ap.add_argument("--window", type=window, action="append", metavar="LO:HI",
                    help="time the iterations at N = LO..HI observations (repeatable; default 55:65)")
    ap.add_argument("--out", help="CSV path (default: stdout)")
    for k, v in DEFAULTS.items():
        ap.add_argument("--" + k.replace("_", "-"), type=type(v), default=v, help=f"default {v:g}")
    a = ap.parse_args()
    a.window = a.window or [(55, 65)]
    return a


def main():
    a = parse_args()
    _, package, how, label = CLASSIFIERS[a.classifier]
    if package is None:
        print(f"{label} skipped: its Python package is not importable by {sys.executable} "
              f"(get it with `{how}`)", file=sys.stderr)
        return
    o = {k: getattr(a, k) for k in DEFAULTS}

    tasks = [(a.problem, a.classifier, s, a.evals, a.window, o)
             for s in range(a.seed_start, a.seed_start + a.seeds)]
    rows = []
    t0 = time.perf_counter()

    def report(r):
        rows.append(r)
        print(f"  {r[0]} seed {r[1]}: final regret {r[2]:.6g}, {per_window(a.window, r[3])}, "
              f"{r[5]:.4f} CPU s/iteration overall, mean DE evaluations {r[4]:.0f}  "
              f"[{len(rows)}/{len(tasks)}, {time.perf_counter() - t0:.0f} s]", file=sys.stderr, flush=True)

    if a.jobs > 1:
        with multiprocessing.Pool(a.jobs) as pool:
            for r in pool.imap_unordered(run, tasks):
                report(r)
    else:
        for t in tasks:
            report(run(t))
    wall = time.perf_counter() - t0
    rows.sort(key=lambda r: r[1])

    out = open(a.out, "w") if a.out else sys.stdout
    out.write("problem,seed,final_regret\n")
    for r in rows:
        out.write(f"{r[0]},{r[1]},{r[2]:.17g}\n")
    if a.out:
        out.close()
    windows = [mean([r[3][i] for r in rows]) for i in range(len(a.window))]
    print(f"{label} on {a.problem}: {len(rows)} seeds x {a.evals} evaluations, mean "
          f"{per_window(a.window, windows)} (fit + DE; "
          f"{mean([r[5] for r in rows]):.4f} CPU s over all model-based iterations), mean DE "
          f"evaluations {mean([r[4] for r in rows]):.0f}, median final regret "
          f"{np.median([r[2] for r in rows]):.6g}, total wall {wall:.1f} s with {a.jobs} job(s)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
