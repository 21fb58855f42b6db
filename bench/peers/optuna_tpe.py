#!/usr/bin/python3
"""Peer for bobench's `tpe`: Optuna's TPE sampler with its DEFAULT settings
(optuna.samplers.TPESampler(seed=seed)), minimising Branin or Hartmann6 for --trials trials
per seed, seeds --seed-start .. --seed-start + --seeds - 1. Writes CSV
`problem,seed,final_regret` (best observed value after the last trial minus f*) to stdout or
--out, and the mean seconds per trial (sampler + objective; CPU time.process_time and wall)
to stderr.

Usage: nice /usr/bin/python3 bench/peers/optuna_tpe.py --problem branin --seeds 20 \
           --trials 200 --jobs 2 --out /tmp/peers/optuna_tpe_branin.csv
(Debian's python3 with optuna 3.1, numpy.)

The objectives are the HPOlib1.5 definitions (automl/HPOlib1.5,
hpolib/benchmarks/synthetic_functions/), on their native domains
(each coordinate a plain uniform float parameter, as HPOlib's ConfigSpace has them);
f* for Branin is its value at (pi, 2.275), for Hartmann6 the value bobench uses
(testfunctions/synthetic/hartmann.cpp)."""
import argparse
import multiprocessing
import sys
import time

import numpy as np
import optuna

from problems import PROBLEMS  # noqa: E402  (bench/peers/problems.py)


# --- one run ---------------------------------------------------------------------------

def run(args):
    problem, seed, trials = args
    optuna.logging.set_verbosity(optuna.logging.WARNING)  # silence per-trial INFO lines
    p = PROBLEMS[problem]
    names = [f"x{i}" for i in range(len(p["lower"]))]   # HPOlib names its parameters x0, x1, ...

    def objective(trial):
        x = [trial.suggest_float(n, lo, hi) for n, lo, hi in zip(names, p["lower"], p["upper"])]
        return p["f"](x)

    # Default TPE (optuna 3.1): n_startup_trials=10 random trials, n_ei_candidates=24,
    # univariate Parzen estimators, gamma(n) = min(ceil(0.1 n), 25), prior_weight=1.0,
    # consider_magic_clip / consider_endpoints defaults; only the seed is set.
    sampler = optuna.samplers.TPESampler(seed=seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    t0, c0 = time.perf_counter(), time.process_time()
    study.optimize(objective, n_trials=trials)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return problem, seed, study.best_value - p["fstar"], wall / trials, cpu / trials


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--problem", choices=sorted(PROBLEMS), default="branin")
    ap.add_argument("--seeds", type=int, default=20, help="number of seeds (default 20)")
    ap.add_argument("--seed-start", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--trials", type=int, default=200, help="trials per seed (default 200)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes over seeds (default 1)")
    ap.add_argument("--out", help="CSV path (default: stdout)")
    a = ap.parse_args()

    tasks = [(a.problem, s, a.trials) for s in range(a.seed_start, a.seed_start + a.seeds)]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with multiprocessing.Pool(a.jobs) as pool:
            rows = pool.map(run, tasks, chunksize=1)
    else:
        rows = [run(t) for t in tasks]
    wall = time.perf_counter() - t0

    out = open(a.out, "w") if a.out else sys.stdout
    out.write("problem,seed,final_regret\n")
    for problem, seed, regret, *_ in rows:
        out.write(f"{problem},{seed},{regret:.17g}\n")
    if a.out:
        out.close()
    regrets = [r[2] for r in rows]
    print(f"optuna TPE (default) on {a.problem}: {len(rows)} seeds x {a.trials} trials, mean "
          f"{np.mean([r[4] for r in rows]):.5f} CPU s/trial ({np.mean([r[3] for r in rows]):.5f} wall s/trial "
          f"per process; sampler + objective), median final regret "
          f"{np.median(regrets):.6g}, total wall {wall:.1f} s with {a.jobs} job(s)", file=sys.stderr)


if __name__ == "__main__":
    main()
