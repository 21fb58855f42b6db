"""The ask/tell process protocol (docs/PROTOCOL.md), optimizer side, in plain Python.

A Python optimizer subclasses Optimizer and ends its script with serve(MyOptimizer);
bobench starts the script once per run (``--optimizer 'external:command=python3 my.py'``)
and speaks to it in JSON lines on its standard input and output. This module needs no
compiled code and no third-party package, so any Python 3 can serve an optimizer.
"""

import json
import math
import random
import sys
import traceback

PROTOCOL_VERSION = 1


class Param:
    """One parameter of a space: name, type ("real", "integer", "ordinal",
    "categorical") and, by type, low/high/log, values or choices."""

    def __init__(self, spec):
        self.name = spec["name"]
        self.type = spec["type"]
        self.low = spec.get("low")
        self.high = spec.get("high")
        self.log = spec.get("log", False)
        self.values = spec.get("values")
        self.choices = spec.get("choices")

    def sample(self, rng):
        """A uniform draw (log-uniform on a log scale) with a random.Random."""
        if self.type == "real":
            if self.log:
                return math.exp(rng.uniform(math.log(self.low), math.log(self.high)))
            return rng.uniform(self.low, self.high)
        if self.type == "integer":
            return rng.randint(self.low, self.high)
        return rng.choice(self.values if self.type == "ordinal" else self.choices)

    def __repr__(self):
        extra = {"real": f"[{self.low}, {self.high}]{' log' if self.log else ''}",
                 "integer": f"[{self.low}, {self.high}]",
                 "ordinal": f"{self.values}", "categorical": f"{self.choices}"}[self.type]
        return f"Param({self.name}: {self.type} {extra})"


class Space(list):
    """The parameters in order; a point is a list with one value per parameter
    (numbers, and the choice's name for a categorical parameter)."""

    def __init__(self, specs):
        super().__init__(Param(s) for s in specs)

    @property
    def names(self):
        return [p.name for p in self]

    def sample(self, rng):
        return [p.sample(rng) for p in self]


class Optimizer:
    """Base class of a Python optimizer. bobench builds one per run with the run's space,
    seed (an int in [0, 2**32)) and budget; self.rng is a random.Random seeded with it.
    Draw every random number from the seed, and runs are reproducible."""

    def __init__(self, space, seed, budget):
        self.space, self.seed, self.budget = space, seed, budget
        self.rng = random.Random(seed)

    def ask(self):
        """The next point: a list with one value per parameter of self.space."""
        raise NotImplementedError

    def ask_batch(self, n):
        """n points at once (the run's batch parameter); by default n calls of ask()."""
        return [self.ask() for _ in range(n)]

    def tell(self, x, value):
        """The observed value of a point returned by ask."""

    def tell_failure(self, x, penalty):
        """A failed evaluation (NaN/inf objective). penalty is the worst value seen so far
        under bobench's on_failure=penalty, else None; by default told as a value."""
        if penalty is not None:
            self.tell(x, penalty)


def _builtin(value):
    """numpy scalars and arrays as plain Python numbers and lists, for json."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{value!r} ({type(value).__name__}) is not a number, string or list")


# One encoder and decoder for the whole session: json.dumps/loads with options build new
# ones per call, a third of the protocol's cost per round trip.
_encode = json.JSONEncoder(default=_builtin, allow_nan=False, separators=(",", ":")).encode
_decode = json.JSONDecoder().decode


def _send(out, message):
    out.write(_encode(message).encode() + b"\n")
    out.flush()


def serve(factory, stdin=None, stdout=None):
    """Speaks the protocol on standard input and output until bobench closes the run.
    factory(space, seed, budget) builds the optimizer (an Optimizer subclass will do).
    An exception in the optimizer is reported to bobench, which fails the run with its
    message; print diagnostics to standard error, never to standard output."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    optimizer = None
    space = None
    for line in stdin:
        try:
            message = _decode(line.decode())
            kind = message["type"]
            if kind == "hello":
                if message["protocol"] != PROTOCOL_VERSION:
                    raise ValueError(f"bobench speaks protocol {message['protocol']}, "
                                     f"this bobench package {PROTOCOL_VERSION}")
                space = Space(message["space"])
                optimizer = factory(space, message["seed"], message["budget"])
                _send(stdout, {"type": "ready", "protocol": PROTOCOL_VERSION})
            elif kind == "ask":
                n = message["n"]
                points = [optimizer.ask()] if n == 1 else optimizer.ask_batch(n)
                _send(stdout, {"type": "points", "points": points})
            elif kind == "tell":
                if message.get("failed"):
                    optimizer.tell_failure(message["x"], message["value"])
                else:
                    optimizer.tell(message["x"], message["value"])
            elif kind == "close":
                return
            else:
                raise ValueError(f"unknown message type {kind!r}")
        except Exception as e:  # reported to bobench, which names it in the run's error
            _send(stdout, {"type": "error", "message": f"{type(e).__name__}: {e}"})
            traceback.print_exc(file=sys.stderr)
            sys.exit(1)



# --- The problem side (docs/PROTOCOL.md, "The external-problem protocol") -------------

def _space_spec(space):
    """The protocol's list of parameter dicts, from dicts or Param objects."""
    specs = []
    for p in space:
        if isinstance(p, Param):
            spec = {"name": p.name, "type": p.type}
            if p.type in ("real", "integer"):
                spec.update(low=p.low, high=p.high)
                if p.type == "real":
                    spec["log"] = bool(p.log)
            else:
                spec["values" if p.type == "ordinal" else "choices"] = p.values if p.type == "ordinal" else p.choices
            specs.append(spec)
        else:
            specs.append(dict(p))
    return specs


class Trial:
    """What an Optuna-style objective(trial) sees: the point bobench sent, read by name.
    suggest_* return the point's value of that parameter (the space is declared up front,
    so their bounds are not used); seed is the evaluation's seed."""

    def __init__(self, space, x, seed):
        self.params = {p.name: v for p, v in zip(space, x)}
        self.seed = seed
        self._space = {p.name: p for p in space}

    def _value(self, name, types):
        if name not in self.params:
            raise ValueError(f"the objective asks for parameter {name!r}, which the declared space lacks "
                           f"(it has {', '.join(self.params)})")
        if self._space[name].type not in types:
            raise TypeError(f"parameter {name!r} is declared {self._space[name].type}, "
                            f"but the objective suggests it as {' or '.join(types)}")
        return self.params[name]

    def suggest_float(self, name, low=None, high=None, *, log=False, step=None):
        return float(self._value(name, ("real", "ordinal")))

    def suggest_int(self, name, low=None, high=None, *, log=False, step=1):
        return int(self._value(name, ("integer", "ordinal")))

    def suggest_categorical(self, name, choices=None):
        return self._value(name, ("categorical", "ordinal"))


def _evaluation_reply(result):
    """The reply to evaluate for what the function returned: a number, or a dict with
    "value" and optionally "true_value", "cost", "test_value"."""
    fields = dict(result) if isinstance(result, dict) else {"value": result}
    if "value" not in fields:
        raise ValueError(f"the objective returned a dict without \"value\": {result!r}")
    reply = {"type": "value"}
    for key in ("value", "true_value", "cost", "test_value"):
        if fields.get(key) is None:
            continue
        number = float(fields[key])
        if not math.isfinite(number):  # JSON holds no NaN or inf: a failed evaluation
            return {"type": "failed", "reason": f"the objective returned {key} = {number}"}
        reply[key] = number
    return reply


def serve_problem(space, function, optimum=None, name=None, optuna=False, stdin=None, stdout=None):
    """Serves a problem on standard input and output until bobench closes it
    (``--problem 'external:command=python3 my_problem.py'``).

    space: the parameters, as the protocol's dicts ({"name": "x0", "type": "real",
    "low": -5, "high": 10}, ...; docs/PROTOCOL.md) or Param objects. function(x, seed)
    returns the value to minimise at the point x (a list in the space's order) or a dict
    with "value" and optionally "true_value" (noise-free, for regret), "cost" and
    "test_value"; seed (an int in [0, 2**32)) comes from the run: draw any noise from it
    and the run is reproducible. optuna=True: function(trial) is an Optuna-style
    objective (trial.suggest_float/suggest_int/suggest_categorical by name, trial.seed).
    optimum: the lowest noise-free value, when known (regret needs it); name: shown in
    bobench's metadata. An exception in the function fails that evaluation, with its
    message; print diagnostics to standard error, never to standard output."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    specs = _space_spec(space)
    params = Space(specs)
    description = {"type": "problem", "protocol": PROTOCOL_VERSION, "space": specs}
    if optimum is not None:
        description["optimum"] = float(optimum)
    if name is not None:
        description["name"] = str(name)
    for line in stdin:
        message = _decode(line.decode())
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL_VERSION:
                _send(stdout, {"type": "error", "message": f"bobench speaks protocol {message.get('protocol')}, "
                                                          f"this bobench package {PROTOCOL_VERSION}"})
                sys.exit(1)
            _send(stdout, description)
        elif kind == "evaluate":
            x, seed = message["x"], message["seed"]
            try:
                result = function(Trial(params, x, seed)) if optuna else function(x, seed)
                reply = _evaluation_reply(result)
            except Exception as e:  # that evaluation fails; the process serves the next one
                traceback.print_exc(file=sys.stderr)
                reply = {"type": "failed", "reason": f"{type(e).__name__}: {e}"}
            _send(stdout, reply)
        elif kind == "close":
            return
        else:
            _send(stdout, {"type": "error", "message": f"unknown message type {kind!r}"})
            sys.exit(1)
