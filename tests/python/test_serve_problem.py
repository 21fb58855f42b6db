"""bobench.serve_problem, the problem side of the protocol, driven in-process with the
messages bobench sends (docs/PROTOCOL.md): the description, values and dicts, an
Optuna-style objective, and an exception or a NaN failing one evaluation only. Its
traces through `bobench run` are tested in tests/testfunctions/external_problem_test.cpp."""
import io
import json
import math

import bobench
from support import check

SPACE = [{"name": "lr", "type": "real", "low": 1e-4, "high": 1, "log": True},
         {"name": "layers", "type": "integer", "low": 1, "high": 4},
         {"name": "act", "type": "categorical", "choices": ["relu", "tanh"]}]


def served(messages, *args, **kwargs):
    """The replies of serve_problem(*args) to `messages` (dicts), then close."""
    stdin = io.BytesIO(b"".join(json.dumps(m).encode() + b"\n" for m in [*messages, {"type": "close"}]))
    stdout = io.BytesIO()
    bobench.serve_problem(*args, stdin=stdin, stdout=stdout, **kwargs)
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


def evaluate(x, seed=7):
    return {"type": "evaluate", "x": x, "seed": seed}


def test_description_and_values():
    def f(x, seed):
        if x[2] == "tanh":
            raise ValueError("tanh diverged")
        if x[1] == 4:
            return float("nan")
        if x[1] == 3:
            return {"value": x[0], "true_value": 0.5, "cost": 2}
        return x[0] * x[1] + seed

    replies = served([{"type": "hello", "protocol": 1}, evaluate([0.5, 2, "relu"]), evaluate([0.25, 3, "relu"]),
                      evaluate([0.5, 2, "tanh"]), evaluate([0.5, 4, "relu"]), evaluate([0.5, 2, "relu"], seed=1)],
                     SPACE, f, optimum=0.0, name="toy")
    check(replies[0] == {"type": "problem", "protocol": 1, "space": SPACE, "optimum": 0.0, "name": "toy"}, replies[0])
    check(replies[1] == {"type": "value", "value": 8.0}, replies[1])
    check(replies[2] == {"type": "value", "value": 0.25, "true_value": 0.5, "cost": 2.0}, replies[2])
    check(replies[3] == {"type": "failed", "reason": "ValueError: tanh diverged"}, replies[3])
    check(replies[4] == {"type": "failed", "reason": "the objective returned value = nan"}, replies[4])
    check(replies[5] == {"type": "value", "value": 2.0}, replies[5])  # served on after the failures
    check(len(replies) == 6, replies)


def test_optuna_style_objective():
    def objective(trial):
        lr = trial.suggest_float("lr", 1e-4, 1, log=True)
        layers = trial.suggest_int("layers", 1, 4)
        act = trial.suggest_categorical("act", ["relu", "tanh"])
        return math.log(lr) * layers + (act == "tanh") + trial.seed

    def missing(trial):
        return trial.suggest_float("momentum", 0, 1)

    replies = served([{"type": "hello", "protocol": 1}, evaluate([1.0, 3, "tanh"], seed=5)], SPACE, objective,
                     optuna=True)
    check(replies[1] == {"type": "value", "value": 6.0}, replies[1])
    replies = served([evaluate([1.0, 3, "tanh"])], SPACE, missing, optuna=True)
    check(replies[0]["type"] == "failed" and "'momentum', which the declared space lacks" in replies[0]["reason"],
          replies[0])


def test_params_as_space():
    replies = served([{"type": "hello", "protocol": 1}], bobench.Space(SPACE), lambda x, seed: 0.0)
    check(replies[0]["space"] == SPACE, replies[0])


if __name__ == "__main__":
    test_description_and_values()
    test_optuna_style_objective()
    test_params_as_space()
    print("ok")
