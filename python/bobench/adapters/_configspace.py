"""What the benchmark adapters share: a ConfigSpace configuration space in bobench's space
vocabulary, the point bobench sends back as a configuration, and the clear exit when the
benchmark's package is missing.

ConfigSpace (github.com/automl/ConfigSpace) is what HPOBench, YAHPO Gym and HPOlib2 declare
their spaces in. Hyperparameters are recognised by their class names (UniformFloat-,
UniformInteger-, Categorical-, OrdinalHyperparameter, Constant, UnParametrizedHyperparameter),
and read through the attributes both ConfigSpace 0.x and 1.x keep: name, lower, upper, log,
choices, sequence, value. Nothing here imports ConfigSpace itself: the space's own module
builds the configuration (so any ConfigSpace version the benchmark ships with will do).
"""

import importlib
import json
import sys


def require(module, prog, install):
    """import module, or say what to install and exit with status 2 (bobench then refuses
    the experiment at planning, quoting this message)."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        print(f"{prog}: cannot import {module} ({e}): {install}", file=sys.stderr)
        sys.exit(2)


def load_class(path, prog, install):
    """A class by its import path, package.module.Class or package.module:Class."""
    module_name, _, name = path.replace(":", ".").rpartition(".")
    if not module_name:
        fail(prog, f"{path!r} is no import path: write package.module.Class")
    module = require(module_name, prog, install)
    if not hasattr(module, name):
        fail(prog, f"module {module_name} has no {name!r}")
    return getattr(module, name)


def fail(prog, message):
    print(f"{prog}: {message}", file=sys.stderr)
    sys.exit(2)


def json_object(text, option, prog):
    try:
        value = json.loads(text)
    except ValueError as e:
        fail(prog, f"{option} is not JSON ({e}): {text!r}")
    if not isinstance(value, dict):
        fail(prog, f"{option} must be a JSON object, not {text!r}")
    return value


KINDS = ("Constant", "UnParametrizedHyperparameter", "CategoricalHyperparameter", "OrdinalHyperparameter",
         "UniformFloatHyperparameter", "UniformIntegerHyperparameter")


def _kind(hp):
    # the most specific known class in the MRO: a user's own subclass counts as its base
    for c in type(hp).__mro__:
        if c.__name__ in KINDS:
            return c.__name__
    return type(hp).__name__


def hyperparameters(cs):
    """The space's hyperparameters in its own order (ConfigSpace 0.x: get_hyperparameters();
    1.x: a mapping of name to hyperparameter)."""
    if hasattr(cs, "get_hyperparameters"):
        return list(cs.get_hyperparameters())
    return list(cs.values())


def conditions(cs):
    if hasattr(cs, "get_conditions"):
        return list(cs.get_conditions())
    return list(getattr(cs, "conditions", []))


class Translation:
    """A ConfigSpace space as bobench's parameters (self.space, the protocol's dicts) and
    the way back (values(x): a point's {name: value} in ConfigSpace's types).

    - UniformFloat: real, with its bounds and log flag.
    - UniformInteger: integer; with log=True a log-scale real, rounded at evaluation (the
      protocol's integers have no log scale, and a range such as 1..1024 wants one).
    - Categorical: categorical, choices by str() (the protocol's choices are strings; the
      original objects, ints, bools or None, go back to the benchmark).
    - Ordinal: ordinal when its sequence is increasing numbers, else an integer index into
      the sequence (keeping the order, which a categorical would lose).
    - Constant, UnParametrized: not shown to the optimizer, always sent with their value.
    Other types (NormalFloat, BetaFloat, ...) are refused with their name: their bounds are
    not part of every ConfigSpace version."""

    def __init__(self, cs, prog, drop=()):
        self.space, self.constants, self._back = [], {}, []
        for hp in hyperparameters(cs):
            if hp.name in drop:
                continue
            kind = _kind(hp)
            if kind in ("Constant", "UnParametrizedHyperparameter"):
                self.constants[hp.name] = hp.value
            elif kind == "UniformFloatHyperparameter":
                self.space.append({"name": hp.name, "type": "real", "low": float(hp.lower),
                                   "high": float(hp.upper), "log": bool(hp.log)})
                lo, hi = float(hp.lower), float(hp.upper)
                self._back.append(lambda v, lo=lo, hi=hi: min(max(float(v), lo), hi))
            elif kind == "UniformIntegerHyperparameter":
                lo, hi = int(hp.lower), int(hp.upper)
                if hp.log:
                    self.space.append({"name": hp.name, "type": "real", "low": float(lo), "high": float(hi),
                                       "log": True})
                else:
                    self.space.append({"name": hp.name, "type": "integer", "low": lo, "high": hi})
                self._back.append(lambda v, lo=lo, hi=hi: min(max(int(round(v)), lo), hi))
            elif kind == "CategoricalHyperparameter":
                names = [str(c) for c in hp.choices]
                if len(set(names)) != len(names):
                    fail(prog, f"{hp.name}: two choices print alike ({names}); bobench names choices by string")
                self.space.append({"name": hp.name, "type": "categorical", "choices": names})
                self._back.append(lambda v, m=dict(zip(names, hp.choices)): m[v])
            elif kind == "OrdinalHyperparameter":
                seq = list(hp.sequence)
                numeric = all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in seq)
                if numeric and all(a < b for a, b in zip(seq, seq[1:])):
                    self.space.append({"name": hp.name, "type": "ordinal", "values": seq})
                    # the benchmark's own object (its int or float), found by value
                    self._back.append(lambda v, seq=seq: min(seq, key=lambda s: abs(s - v)))
                else:
                    self.space.append({"name": hp.name, "type": "integer", "low": 0, "high": len(seq) - 1})
                    self._back.append(lambda v, seq=seq: seq[int(round(v))])
            else:
                fail(prog, f"{hp.name}: a {kind} has no bobench counterpart "
                           "(supported: UniformFloat, UniformInteger, Categorical, Ordinal, Constant)")
        if not self.space:
            fail(prog, "the configuration space has no parameter to optimise")

    def values(self, x):
        """{name: value} for the point x (a list in self.space's order), constants included."""
        values = {spec["name"]: back(v) for spec, back, v in zip(self.space, self._back, x)}
        values.update(self.constants)
        return values


def configuration(cs, values):
    """A Configuration of cs with these values. In a space with conditions the point holds
    a value for every parameter, active or not (bobench's spaces are flat): the inactive
    ones are dropped by ConfigSpace's own rule (util.deactivate_inactive_hyperparameters),
    so a Configuration that would refuse them accepts the point."""
    space_module = importlib.import_module(type(cs).__module__.split(".")[0])
    if conditions(cs):
        util = importlib.import_module(space_module.__name__ + ".util")
        return util.deactivate_inactive_hyperparameters(values, cs)
    return space_module.Configuration(cs, values=values)


def as_dict(config):
    """A Configuration's {name: value} (ConfigSpace 0.x: get_dictionary(); 1.x: a mapping)."""
    return config.get_dictionary() if hasattr(config, "get_dictionary") else dict(config)


def number(value, what):
    """A benchmark's result as a float (numpy scalars included); NaN stays NaN, which
    serve_problem reports as a failed evaluation."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} is not a number: {value!r}") from None


def reply_of(result):
    """The protocol's reply to an HPOBench/HPOlib result dict: its function_value, and its
    cost where it has one."""
    reply = {"value": number(result["function_value"], "'function_value'")}
    if result.get("cost") is not None:
        reply["cost"] = number(result["cost"], "'cost'")
    return reply
