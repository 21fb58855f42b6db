"""The Optuna adapter under bobench suggests what the same Optuna sampler, driven directly
with the same seed, suggests: the same points in the same order (Branin; TPE past its 10
start-up trials, CMA-ES past its first generation, random; TPE named by import path with
--sampler-args past its 3), and Optuna's failed trials for failed evaluations. A user's
sampler class from a module on PYTHONPATH gets its arguments and the run's seed, once per
run; a sampler that cannot be imported, is no sampler or refuses its arguments, and a seed
in --sampler-args, are refused with the reason before the run's first point."""
import html
import json
import os
import sys
import textwrap

import optuna

import bobench
from bobench.adapters.optuna import OptunaOptimizer, SamplerError, sampler_factory
from support import check, check_raises, cli, temp_dir

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


ADAPTER = f"external:command={sys.executable} -m bobench.adapters.optuna"


def test_same_suggestions():
    tpe3 = lambda seed: optuna.samplers.TPESampler(n_startup_trials=3, seed=seed)  # noqa: E731
    samplers = {"tpe": optuna.samplers.TPESampler, "cmaes": optuna.samplers.CmaEsSampler,
                "random": optuna.samplers.RandomSampler, "tpe3": tpe3}
    optimizers = {name: f"{ADAPTER} --sampler {name}" for name in ("tpe", "cmaes", "random")}
    optimizers["tpe3"] = f"{ADAPTER} --sampler optuna.samplers.TPESampler --sampler-args '{{\"n_startup_trials\": 3}}'"
    budget = 16
    with temp_dir() as tmp:
        out = os.path.join(tmp, "optuna.h5")
        outcome = bobench.run({"experiment": {"budget": budget, "replicates": 2, "threads": 2, "output": out},
                               "problems": {"branin": "branin"}, "optimizers": optimizers})
        check(outcome["errors"] == [], f"{outcome['errors']}")
        runs = bobench.read_runs(out, points=True)
        check(len(runs) == 8, f"{len(runs)} runs")
        for _, run in runs.iterrows():
            seed = int(json.loads(run["notes"])["protocol_seed"])
            expected = direct(samplers[run["optimizer"]](seed=seed), "branin", budget)
            if run["optimizer"] == "tpe3":  # the argument makes a difference: it did arrive
                check(expected != direct(optuna.samplers.TPESampler(seed=seed), "branin", budget),
                      f"n_startup_trials=3 suggests what the default 10 does (seed {seed})")
            got = run["x"].tolist()
            check(got == expected, f"{run['optimizer']} replicate {run['replicate']} (seed {seed}):\n"
                                   f"under bobench {got}\ndirectly      {expected}")
        check(runs["x"][0].tolist() != runs["x"][1].tolist(), "replicates differ")


def test_failures_are_failed_trials():
    space = bobench.Space([{"name": "x", "type": "real", "low": 0, "high": 1, "log": False},
                           {"name": "k", "type": "categorical", "choices": ["a", "b"]}])
    opt = OptunaOptimizer(space, 3, 10, sampler_factory("tpe"))
    x = opt.ask()
    check(0 <= x[0] <= 1 and x[1] in ("a", "b"), f"point {x}")
    opt.tell_failure(x, None)
    opt.tell_failure(opt.ask(), 2.5)
    states = [t.state for t in opt.study.trials]
    check(states == [optuna.trial.TrialState.FAIL, optuna.trial.TrialState.COMPLETE], f"{states}")
    check(opt.study.trials[1].value == 2.5, "the penalty is the value")


# A user's samplers, in a module written for the test: each construction leaves a file
# with its arguments; trial n proposes low + frac(n * step) * (high - low) per parameter.
USER_SAMPLERS = textwrap.dedent("""\
    import json, os
    import numpy, optuna

    class StepSampler(optuna.samplers.BaseSampler):
        def __init__(self, log, step, seed=None):
            self.step = step
            self.record(log, {"class": "StepSampler", "step": step, "seed": seed})

        def record(self, log, what):
            with open(os.path.join(log, str(os.getpid())), "w") as f:
                json.dump(what, f)

        def infer_relative_search_space(self, study, trial):
            return {}

        def sample_relative(self, study, trial, search_space):
            return {}

        def sample_independent(self, study, trial, name, distribution):
            return distribution.low + (trial.number * self.step) % 1.0 * (distribution.high - distribution.low)

    class Seedless(StepSampler):  # no seed parameter: draws from NumPy's global generator
        def __init__(self, log, step):
            self.step = step
            self.record(log, {"class": "Seedless", "step": step, "draw": numpy.random.random()})
    """)


def stepped(problem, step, budget):
    space = bobench.Problem(problem).space
    return [[p.low + (n * step) % 1.0 * (p.high - p.low) for p in space] for n in range(budget)]


def test_user_sampler():
    budget = 6
    with temp_dir() as tmp:
        with open(os.path.join(tmp, "user_samplers.py"), "w") as f:
            f.write(USER_SAMPLERS)
        log = os.path.join(tmp, "log")
        os.mkdir(log)
        args = lambda step: f"'{{\"log\": \"{log}\", \"step\": {step}}}'"  # noqa: E731
        optimizers = {"step": f"{ADAPTER} --sampler user_samplers:StepSampler --sampler-args {args(0.25)}",
                      "seedless": f"{ADAPTER} --sampler user_samplers.Seedless --sampler-args {args(0.125)}"}
        out = os.path.join(tmp, "user.h5")
        saved = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = os.pathsep.join([tmp] + ([saved] if saved else []))
        try:
            outcome = bobench.run({"experiment": {"budget": budget, "replicates": 2, "output": out},
                                   "problems": {"branin": "branin"}, "optimizers": optimizers})
        finally:
            if saved is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = saved
        check(outcome["errors"] == [], f"{outcome['errors']}")
        runs = bobench.read_runs(out, points=True)
        check(len(runs) == 4, f"{len(runs)} runs")
        records = []
        for name in os.listdir(log):
            with open(os.path.join(log, name)) as f:
                records.append(json.load(f))
        expected = []
        for _, run in runs.iterrows():
            seed = int(json.loads(run["notes"])["protocol_seed"])
            step = 0.25 if run["optimizer"] == "step" else 0.125
            got = run["x"].tolist()
            check(got == stepped("branin", step, budget), f"{run['optimizer']}: {got}")
            expected.append({"class": "StepSampler", "step": step, "seed": seed} if run["optimizer"] == "step" else
                            {"class": "Seedless", "step": step, "draw": numpy_draw(seed)})
        key = lambda r: json.dumps(r, sort_keys=True)  # noqa: E731
        check(sorted(records, key=key) == sorted(expected, key=key),
              f"one construction per run with its arguments and seed:\n{records}\nexpected {expected}")

        # The stored identity of the optimizer is its command, sampler and arguments included.
        cli("report", out, "--html", os.path.join(tmp, "report"))
        with open(os.path.join(tmp, "report", "index.html")) as f:
            page = html.unescape(f.read())
        check(f"--sampler user_samplers:StepSampler --sampler-args '{{\"log\": \"{log}\",\"step\": 0.25}}'" in page,
              "the report's optimizer identifiers lack the sampler's arguments")


def numpy_draw(seed):
    import numpy
    numpy.random.seed(seed)
    return numpy.random.random()


def test_refused():
    """Each wrong sampler fails with a message that names it and says why, before a run."""
    check_raises([(lambda: sampler_factory("nosuch"), "unknown sampler 'nosuch': give tpe, cmaes, random or"),
                  (lambda: sampler_factory("no_such_module.Sampler"),
                   "sampler 'no_such_module.Sampler': cannot import 'no_such_module' (is it on PYTHONPATH?): "
                   "ModuleNotFoundError"),
                  (lambda: sampler_factory("optuna.samplers.NoSuchSampler"),
                   "sampler 'optuna.samplers.NoSuchSampler': 'optuna.samplers' has no attribute 'NoSuchSampler'"),
                  (lambda: sampler_factory("json:JSONDecoder"),
                   "sampler 'json:JSONDecoder' is not an Optuna sampler: a class derived from object, "
                   "not a subclass of optuna.samplers.BaseSampler"),
                  (lambda: sampler_factory("json.loads"), "sampler 'json.loads' is not an Optuna sampler: a function"),
                  (lambda: sampler_factory("tpe", '{"n_startup": 3}'),
                   "sampler 'tpe' refuses its arguments (--sampler-args {\"n_startup\": 3}): "
                   "got an unexpected keyword argument 'n_startup'"),
                  (lambda: sampler_factory("optuna.samplers.GridSampler"),
                   "sampler 'optuna.samplers.GridSampler' refuses its arguments (no --sampler-args): "
                   "missing a required argument: 'search_space'"),
                  (lambda: sampler_factory("tpe", '{"seed": 1}'),
                   "--sampler-args for sampler 'tpe' sets 'seed': the seed comes from the run"),
                  (lambda: sampler_factory("tpe", "{n_startup_trials: 3}"),
                   "--sampler-args for sampler 'tpe' is not valid JSON"),
                  (lambda: sampler_factory("tpe", "[3]"),
                   "--sampler-args for sampler 'tpe' must be a JSON object of keyword arguments, not '[3]'"),
                  (lambda: sampler_factory("cmaes", '{"restart_strategy": "x"}')(7),
                   "sampler 'cmaes' cannot be built with its arguments (--sampler-args {\"restart_strategy\": \"x\"}): "
                   "ValueError: restart_strategy=x is unsupported")], error=SamplerError)

    # Under bobench: the run fails with the message, in reply to hello (before any point).
    optimizers = {"no-module": f"{ADAPTER} --sampler no_such_module.Sampler",
                  "seed": f"{ADAPTER} --sampler optuna.samplers.RandomSampler --sampler-args '{{\"seed\": 1}}'",
                  "bad-value": f"{ADAPTER} --sampler cmaes --sampler-args '{{\"restart_strategy\": \"x\"}}'"}
    with temp_dir() as tmp:
        out = os.path.join(tmp, "refused.h5")
        outcome = bobench.run({"experiment": {"budget": 3, "replicates": 1, "output": out},
                               "problems": {"branin": "branin"}, "optimizers": optimizers})
        check(outcome["completed"] == 0 and len(outcome["errors"]) == 3, f"{outcome}")
        for label, text in [("no-module", "cannot import 'no_such_module'"),
                            ("seed", "sets 'seed': the seed comes from the run"),
                            ("bad-value", "ValueError: restart_strategy=x is unsupported")]:
            message = next((e for e in outcome["errors"] if f"optimizer '{label}'" in e), "")
            check("it reported an error in reply to hello" in message and text in message,
                  f"{label}: {message or outcome['errors']}")


if __name__ == "__main__":
    test_failures_are_failed_trials()
    test_refused()
    test_user_sampler()
    test_same_suggestions()
    print("ok")
