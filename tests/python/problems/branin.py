"""Branin-Hoo served through the problem protocol, written as bobench's built-in branin
(testfunctions/synthetic/branin.cpp) is, operation for operation, so that its values are
the same bits: python3 branin.py [NOISE] [optuna]. NOISE > 0 adds Gaussian noise drawn
from the evaluation's seed (true_value stays noise-free); `optuna` serves it as an
Optuna-style objective(trial)."""
import math
import random
import sys

import bobench

optuna = "optuna" in sys.argv[1:]
noise = float(sys.argv[1]) if len(sys.argv) > 1 and not optuna else 0.0
pi = math.pi
b, c, t = 5.1 / (4 * pi * pi), 5 / pi, 1 / (8 * pi)


def branin(x, seed):
    a = x[1] - b * x[0] * x[0] + c * x[0] - 6
    f = a * a + 10 * (1 - t) * math.cos(x[0]) + 10
    if noise > 0:
        return {"value": f + noise * random.Random(seed).gauss(0, 1), "true_value": f}
    return f


def objective(trial):
    return branin([trial.suggest_float("x0", -5, 10), trial.suggest_float("x1", 0, 15)], trial.seed)


space = [{"name": "x0", "type": "real", "low": -5, "high": 10},
         {"name": "x1", "type": "real", "low": 0, "high": 15}]
if optuna:
    bobench.serve_problem(space, objective, optimum=10 / (8 * pi), name="branin (Python)", optuna=True)
else:
    bobench.serve_problem(space, branin, optimum=10 / (8 * pi), name="branin (Python)")
