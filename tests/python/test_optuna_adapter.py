"""The Optuna adapter under bobench suggests what the same Optuna sampler, driven directly
with the same seed, suggests: the same points in the same order (Branin; TPE past its 10
start-up trials, CMA-ES past its first generation, random), and Optuna's failed trials
for failed evaluations."""
import json
import os
import sys

import optuna

import bobench
from support import check, temp_dir

optuna.logging.set_verbosity(optuna.logging.WARNING)


def direct(sampler, problem_id, budget):
    """The sampler driven by hand with Optuna's ask-and-tell API on the same objective."""
    problem = bobench.Problem(problem_id)
    space = {p.name: optuna.distributions.FloatDistribution(p.low, p.high) for p in problem.space}
    study = optuna.create_study(sampler=sampler)
    points = []
    for _ in range(budget):
        trial = study.ask(space)
        x = [trial.params[p.name] for p in problem.space]
        study.tell(trial, problem.evaluate(x))
        points.append(x)
    return points


def test_same_suggestions():
    samplers = {"tpe": optuna.samplers.TPESampler, "cmaes": optuna.samplers.CmaEsSampler,
                "random": optuna.samplers.RandomSampler}
    budget = 16
    with temp_dir() as tmp:
        out = os.path.join(tmp, "optuna.h5")
        command = f"external:command={sys.executable} -m bobench.adapters.optuna --sampler "
        outcome = bobench.run({"experiment": {"budget": budget, "replicates": 2, "threads": 2, "output": out},
                               "problems": {"branin": "branin"},
                               "optimizers": {name: command + name for name in samplers}})
        check(outcome["errors"] == [], f"{outcome['errors']}")
        runs = bobench.read_runs(out, points=True)
        check(len(runs) == 6, f"{len(runs)} runs")
        for _, run in runs.iterrows():
            seed = int(json.loads(run["notes"])["protocol_seed"])
            expected = direct(samplers[run["optimizer"]](seed=seed), "branin", budget)
            got = run["x"].tolist()
            check(got == expected, f"{run['optimizer']} replicate {run['replicate']} (seed {seed}):\n"
                                   f"under bobench {got}\ndirectly      {expected}")
        check(runs["x"][0].tolist() != runs["x"][1].tolist(), "replicates differ")


def test_failures_are_failed_trials():
    from bobench.adapters.optuna import OptunaOptimizer
    space = bobench.Space([{"name": "x", "type": "real", "low": 0, "high": 1, "log": False},
                           {"name": "k", "type": "categorical", "choices": ["a", "b"]}])
    opt = OptunaOptimizer(space, 3, 10, "tpe")
    x = opt.ask()
    check(0 <= x[0] <= 1 and x[1] in ("a", "b"), f"point {x}")
    opt.tell_failure(x, None)
    opt.tell_failure(opt.ask(), 2.5)
    states = [t.state for t in opt.study.trials]
    check(states == [optuna.trial.TrialState.FAIL, optuna.trial.TrialState.COMPLETE], f"{states}")
    check(opt.study.trials[1].value == 2.5, "the penalty is the value")


if __name__ == "__main__":
    test_failures_are_failed_trials()
    test_same_suggestions()
    print("ok")
