"""Optuna's samplers as bobench optimizers, Optuna's own or yours:

    bobench run --problem branin \\
        --optimizer 'external:command=python3 -m bobench.adapters.optuna --sampler tpe'

or, in a spec's [optimizers], a sampler named by its import path, with arguments:

    tpe5 = external:command=python3 -m bobench.adapters.optuna --sampler optuna.samplers.TPESampler --sampler-args '{"n_startup_trials": 5, "multivariate": true}'

--sampler is tpe, cmaes or random (Optuna's TPESampler, CmaEsSampler, RandomSampler), or
any subclass of optuna.samplers.BaseSampler by its import path, module.Class or
module:Class (a module of yours on PYTHONPATH will do: mysamplers:MySampler).
--sampler-args is a JSON object of keyword arguments for the sampler's constructor (JSON
values only: an argument that is a Python object, TPE's gamma or another sampler, is set by
a subclass in a module of yours).

One Optuna study per run, driven with Optuna's ask-and-tell interface. The sampler gets
the run's seed as seed= (when its constructor has a seed parameter or **kwargs), so a run
suggests exactly what the same sampler suggests when driven directly with that seed
(tests/python/test_optuna_adapter.py checks it); a seed in --sampler-args is refused, for
the seed must come from the run. Python's and NumPy's global generators are seeded with it
too, for a sampler that draws from them. Failed evaluations are told as failed trials
under on_failure=skip, and as the penalty value under on_failure=penalty (what bobench's
own optimizers see).

The optimizer's identity in seeds and results files is its command, sampler path and
arguments included: write them the same way each time (docs/PROTOCOL.md). bobench splits
identifiers at commas and drops the blanks around them, so {"a": 1, "b": 2} runs as
{"a": 1,"b": 2}, the same JSON (a string value holding ", " would lose its blank).

A sampler that cannot be imported, is no Optuna sampler or does not take its arguments is
refused before the run's first point, with the reason, in reply to bobench's hello (on
standard error when nobody speaks the protocol; exit status 2): the run fails with that
message.
"""

import argparse
import importlib
import inspect
import json
import random
import sys

import numpy
import optuna

from bobench.protocol import Optimizer, _send, serve

# The short names; they take --sampler-args as the classes do.
SAMPLERS = {
    "tpe": optuna.samplers.TPESampler,
    "cmaes": optuna.samplers.CmaEsSampler,
    "random": optuna.samplers.RandomSampler,
}


class SamplerError(ValueError):
    """A sampler that cannot be built as named; the message says which and why."""


def import_class(path):
    """The object at module.Class or module:Class (module:Outer.Inner for a nested class)."""
    module_name, sep, attrs = path.partition(":")
    if not sep:
        module_name, _, attrs = path.rpartition(".")
    if not module_name or not attrs:
        raise SamplerError(f"unknown sampler {path!r}: give {', '.join(SAMPLERS)} or a class's "
                           "import path, module.Class or module:Class")
    try:
        obj = importlib.import_module(module_name)
    except Exception as e:  # the module missing, or failing in its own imports or code
        hint = " (is it on PYTHONPATH?)" if getattr(e, "name", None) == module_name else ""
        raise SamplerError(f"sampler {path!r}: cannot import {module_name!r}{hint}: "
                           f"{type(e).__name__}: {e}") from e
    for attr in attrs.split("."):
        if not hasattr(obj, attr):
            raise SamplerError(f"sampler {path!r}: {getattr(obj, '__name__', obj)!r} has no attribute {attr!r}")
        obj = getattr(obj, attr)
    return obj


def sampler_factory(name="tpe", args_json=None):
    """A function seed -> sampler for --sampler NAME --sampler-args JSON, checked now so
    that a wrong name or argument fails before any run (SamplerError)."""
    cls = SAMPLERS[name] if name in SAMPLERS else import_class(name)
    if not (inspect.isclass(cls) and issubclass(cls, optuna.samplers.BaseSampler)):
        what = f"a class derived from {', '.join(b.__name__ for b in cls.__bases__)}" if inspect.isclass(cls) \
            else f"a {type(cls).__name__}"
        raise SamplerError(f"sampler {name!r} is not an Optuna sampler: {what}, "
                           "not a subclass of optuna.samplers.BaseSampler")
    kwargs = parse_args(name, args_json)
    given = f"--sampler-args {args_json}" if args_json is not None else "no --sampler-args"
    params = inspect.signature(cls).parameters
    # A constructor that takes **kwargs is taken to forward them to one that takes a seed.
    takes_seed = "seed" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    try:  # unknown or missing arguments show now; wrong values when the sampler is built
        inspect.signature(cls).bind(**kwargs, **({"seed": 0} if takes_seed else {}))
    except TypeError as e:
        raise SamplerError(f"sampler {name!r} refuses its arguments ({given}): {e}") from e

    def make(seed):
        try:
            return cls(**kwargs, seed=seed) if takes_seed else cls(**kwargs)
        except Exception as e:
            raise SamplerError(f"sampler {name!r} cannot be built with its arguments ({given}): "
                               f"{type(e).__name__}: {e}") from e
    return make


def parse_args(name, args_json):
    """The keyword arguments of --sampler-args: a JSON object, without a seed."""
    if args_json is None:
        return {}
    try:
        kwargs = json.loads(args_json)
    except json.JSONDecodeError as e:
        raise SamplerError(f"--sampler-args for sampler {name!r} is not valid JSON ({e}): {args_json!r}") from e
    if not isinstance(kwargs, dict):
        raise SamplerError(f"--sampler-args for sampler {name!r} must be a JSON object of keyword arguments, "
                           f"not {args_json!r}")
    if "seed" in kwargs:
        raise SamplerError(f"--sampler-args for sampler {name!r} sets 'seed': the seed comes from the run "
                           "(bobench derives one per run, so that runs are reproducible); remove it")
    return kwargs


def distributions(space):
    """Optuna distributions of a bobench space (ordinal values as categorical choices)."""
    out = {}
    for p in space:
        if p.type == "real":
            out[p.name] = optuna.distributions.FloatDistribution(p.low, p.high, log=p.log)
        elif p.type == "integer":
            out[p.name] = optuna.distributions.IntDistribution(p.low, p.high)
        else:
            out[p.name] = optuna.distributions.CategoricalDistribution(p.values if p.type == "ordinal" else p.choices)
    return out


class OptunaOptimizer(Optimizer):
    """One run: make_sampler(seed) builds the sampler (sampler_factory's function)."""

    def __init__(self, space, seed, budget, make_sampler):
        super().__init__(space, seed, budget)
        # One process per run, so the global generators are this run's alone.
        random.seed(seed)
        numpy.random.seed(seed)
        self.study = optuna.create_study(sampler=make_sampler(seed))
        self.distributions = distributions(space)
        self.pending = []  # trials asked and not yet told, in the order bobench tells them

    def ask(self):
        trial = self.study.ask(self.distributions)
        self.pending.append(trial)
        return [trial.params[p.name] for p in self.space]

    def tell(self, x, value):
        self.study.tell(self.pending.pop(0), value)

    def tell_failure(self, x, penalty):
        if penalty is None:
            self.study.tell(self.pending.pop(0), state=optuna.trial.TrialState.FAIL)
        else:
            self.tell(x, penalty)


def refuse(message):
    """Fails the runs with `message` before any: bobench reads it as the error reply to its
    hello (a line on standard input); by hand (a terminal, or no input) it goes to
    standard error. Exits with status 2, argparse's status for a usage error."""
    line = None if sys.stdin.isatty() else sys.stdin.buffer.readline()
    if line:
        _send(sys.stdout.buffer, {"type": "error", "message": message})
    else:
        print(f"python3 -m bobench.adapters.optuna: error: {message}", file=sys.stderr)
    sys.exit(2)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m bobench.adapters.optuna", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sampler", default="tpe",
                        help=f"{', '.join(SAMPLERS)} or a sampler class's import path, module.Class or "
                             "module:Class (default: tpe)")
    parser.add_argument("--sampler-args", metavar="JSON",
                        help='keyword arguments of the sampler as a JSON object, e.g. \'{"n_startup_trials": 5}\'; '
                             "the seed comes from the run")
    args = parser.parse_args(argv)
    optuna.logging.set_verbosity(optuna.logging.WARNING)  # no line per trial on standard error
    try:
        make_sampler = sampler_factory(args.sampler, args.sampler_args)
    except SamplerError as e:
        refuse(str(e))
    serve(lambda space, seed, budget: OptunaOptimizer(space, seed, budget, make_sampler))


if __name__ == "__main__":
    main()
