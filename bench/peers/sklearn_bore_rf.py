#!/usr/bin/python3
"""Peer for bobench's `bore-rf`: BORE (Tiao et al., "BORE: Bayesian Optimization by
Density-Ratio Estimation", ICML 2021) with scikit-learn's RandomForestClassifier as the
class-probability estimator and scipy's differential evolution maximising its output.
Minimises Branin or Hartmann6 for --evals evaluations per seed, seeds --seed-start ..
--seed-start + --seeds - 1, over --jobs worker processes. Writes CSV
`problem,seed,final_regret` (best observed value after the last evaluation minus f*) to
stdout or --out; to stderr, per seed and overall, the mean CPU seconds (time.process_time)
of a model-based iteration (RF fit + DE) at N = 55..65 observations, and the mean number of
forest evaluations per DE run.

Usage: nice /usr/bin/python3 bench/peers/sklearn_bore_rf.py --problem branin --seeds 20 \
           --evals 200 --jobs 2 --out /tmp/peers/sklearn_bore_rf_branin.csv
(Debian's python3 with scikit-learn 1.2, scipy 1.10, numpy.)

One iteration (following the authors' ClassifierConfigGenerator.get_config in
ltiao/bore, bore/plugins/hpbandster/base.py, with the network replaced by a random forest):
  1. with probability random_rate suggest a uniform random point (epsilon-greedy; the coin
     is tossed first, every iteration, as in the authors' code);
  2. else, while fewer than n_init points are observed, suggest a uniform random point;
  3. else label z_n = [y_n <= tau], tau = np.quantile(y, gamma) (numpy's default linear
     interpolation, as the authors' Record.load_classification_data), fit the forest on
     (x_n, z_n) in [0,1]^D, and suggest argmax_x P(z = 1 | x) found by
     scipy.optimize.differential_evolution on -predict_proba(x)[:, 1] over [0,1]^D; if that
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
from sklearn.ensemble import RandomForestClassifier  # noqa: E402

from problems import PROBLEMS  # noqa: E402  (bench/peers/problems.py)

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
    # DE budget ~2000 evaluations of the forest (the lead's brief; bobench's DE maximizer
    # default max_evaluations = 2000). scipy defaults otherwise: strategy "best1bin",
    # mutation (0.5, 1) with dithering, recombination 0.7, popsize 15 (x D members),
    # init "latinhypercube"; polish=False (L-BFGS-B on a piecewise-constant forest output is
    # pointless and would spend un-budgeted evaluations); tol=0 so DE spends the budget
    # unless its population's values are all equal (scipy's default tol=0.01 may stop early).
    de_evals=2000,
    popsize=15,
    de_tol=0.0,
)


# --- one run ---------------------------------------------------------------------------

def run(args):
    problem, seed, evals, o = args
    p = PROBLEMS[problem]
    lower, upper = np.array(p["lower"]), np.array(p["upper"])
    d = len(lower)
    rng = np.random.RandomState(seed)
    maxiter = max(o["de_evals"] // (o["popsize"] * d) - 1, 0)  # nfev = (maxiter + 1) * popsize * d
    U, y = [], []
    timed, nfevs, all_times = [], [], []
    for _ in range(evals):
        n = len(y)
        u = None
        if not rng.binomial(n=1, p=o["random_rate"]) and n >= o["n_init"]:
            yv = np.asarray(y)
            z = yv <= np.quantile(yv, o["gamma"])
            if z.any() and not z.all():
                t0 = time.process_time()  # CPU seconds of this process: robust to a busy machine
                clf = RandomForestClassifier(n_estimators=o["n_estimators"], random_state=rng)
                clf.fit(np.asarray(U), z)
                col = list(clf.classes_).index(True)

                points = [0]  # forest evaluations (scipy's nfev counts calls when vectorized)

                def neg_prob(V):  # vectorized: V has shape (d, S); one predict_proba per generation
                    points[0] += V.shape[1]
                    return -clf.predict_proba(V.T)[:, col]

                res = differential_evolution(neg_prob, [(0.0, 1.0)] * d, maxiter=maxiter,
                                             popsize=o["popsize"], tol=o["de_tol"], polish=False,
                                             vectorized=True, updating="deferred", seed=rng)
                dt = time.process_time() - t0
                all_times.append(dt)
                if 55 <= n <= 65:
                    timed.append(dt)
                nfevs.append(points[0])
                if not any(np.allclose(v, res.x, rtol=1e-5, atol=1e-8) for v in U):
                    u = np.clip(res.x, 0.0, 1.0)
        if u is None:
            u = rng.uniform(size=d)
        U.append(u)
        y.append(p["f"](lower + u * (upper - lower)))
    regret = min(y) - p["fstar"]
    def mean(v):
        return float(np.mean(v)) if v else float("nan")
    return problem, seed, regret, mean(timed), mean(nfevs), mean(all_times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--problem", choices=sorted(PROBLEMS), default="branin")
    ap.add_argument("--seeds", type=int, default=20, help="number of seeds (default 20)")
    ap.add_argument("--seed-start", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--evals", "--trials", type=int, default=200, help="evaluations per seed (default 200)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes over seeds (default 1)")
    ap.add_argument("--out", help="CSV path (default: stdout)")
    for k, v in DEFAULTS.items():
        ap.add_argument("--" + k.replace("_", "-"), type=type(v), default=v, help=f"default {v:g}")
    a = ap.parse_args()
    o = {k: getattr(a, k) for k in DEFAULTS}

    tasks = [(a.problem, s, a.evals, o) for s in range(a.seed_start, a.seed_start + a.seeds)]
    rows = []
    t0 = time.perf_counter()

    def report(r):
        rows.append(r)
        print(f"  {r[0]} seed {r[1]}: final regret {r[2]:.6g}, {r[3]:.4f} CPU s/iteration at N=55..65, "
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
    def mean(col):
        v = [r[col] for r in rows if r[col] == r[col]]
        return float(np.mean(v)) if v else float("nan")
    print(f"sklearn BORE-RF on {a.problem}: {len(rows)} seeds x {a.evals} evaluations, mean "
          f"{mean(3):.4f} CPU s per iteration (RF fit + DE) at N=55..65 "
          f"({mean(5):.4f} CPU s over all model-based iterations), mean DE evaluations "
          f"{mean(4):.0f}, median final regret {np.median([r[2] for r in rows]):.6g}, "
          f"total wall {wall:.1f} s with {a.jobs} job(s)", file=sys.stderr)


if __name__ == "__main__":
    main()
