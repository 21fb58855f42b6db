"""bobench.Problem against `bobench eval`: the same values to the last bit for every
problem family (bbob, the synthetic set with and without noise, the tabular problems on
fixtures), single and batch evaluation, NumPy in and out, and clear errors."""
import os
import random

import numpy

import bobench
from support import check, check_raises, cli, same_bits, temp_dir


def random_points(problem, n, rng):
    points = []
    for _ in range(n):
        x = []
        for p in problem.space:
            if p.type == "real":
                x.append(rng.uniform(p.low, p.high))
            elif p.type == "integer":
                x.append(rng.randint(p.low, p.high))
            elif p.type == "ordinal":
                x.append(rng.choice(p.values))
            else:
                x.append(rng.randrange(len(p.choices)))  # native units: the choice's index
        points.append(x)
    return points


def check_against_cli(problem_id, n=6, seed=7, points=None):
    problem = bobench.Problem(problem_id, seed=seed)
    points = points or random_points(problem, n, random.Random(problem_id))
    n = len(points)
    text = "\n".join(",".join(repr(float(v)) for v in x) for x in points) + "\n"
    expected = [float(v) for v in cli("eval", problem_id, "--seed", str(seed), input=text).split()]
    # the first half one by one, the rest as one batch: one stream, in order, like the CLI
    half = n // 2
    got = [problem.evaluate(x) for x in points[:half]]
    batch = problem.evaluate(numpy.array(points[half:]))
    check(isinstance(batch, numpy.ndarray) and batch.shape == (n - half,), f"{problem_id}: batch shape {batch.shape}")
    got += batch.tolist()
    check(len(expected) == n, f"{problem_id}: the CLI printed {len(expected)} values")
    for x, a, b in zip(points, got, expected):
        check(same_bits(a, b), f"{problem_id} at {x}: Python {a!r}, CLI {b!r}")
    return problem


def test_every_family():
    names = {name for name, _ in bobench.problem_names()}
    simulated = {"robot-push", "racing-line"}  # deterministic simulators: no noise parameter
    # external: a problem in another process (tests/testfunctions/external_problem_test.cpp)
    synthetic = sorted(names - {"bbob", "fcnet", "nasbench201", "table", "external"} - simulated)
    check(len(synthetic) >= 14, f"synthetic problems: {synthetic}")
    for name in synthetic:
        check_against_cli(name)
        check_against_cli(name + ":noise=0.5")  # the problem's stream, seeded like --seed
    check(simulated <= names, f"simulated problems missing: {simulated - names}")
    for problem_id in ("robot-push", "robot-push:instance=3", "racing-line:track=ucb", "racing-line:track=ethz-b"):
        check_against_cli(problem_id)
    for f in range(1, 25):
        for d, i in ((2, 1), (10, 7)):
            check_against_cli(f"bbob:f={f},i={i},d={d}")
    with temp_dir() as tmp:
        # a fixture of 500 of FCNet's 62,208 configurations: points it has, and two it lacks
        fcnet = os.path.join(tmp, "fcnet.h5")
        cli("tabular", "fixture", "--layout", "fcnet", "--configs", "500", "--out", fcnet)
        lookup = bobench.Problem(f"fcnet:file={fcnet},missing=fail,repeat=mean")
        candidates = random_points(lookup, 20000, random.Random(1))
        values = lookup.evaluate(numpy.array(candidates))
        points = ([x for x, v in zip(candidates, values) if not numpy.isnan(v)][:8] +
                  [x for x, v in zip(candidates, values) if numpy.isnan(v)][:2])
        check(len(points) == 10, f"{len(points)} points")
        check_against_cli(f"fcnet:file={fcnet},missing=fail", points=points)  # a random repeat per evaluation
        check_against_cli(f"fcnet:file={fcnet},missing=fail,repeat=mean", points=points)
        nb = os.path.join(tmp, "nb201.h5")
        cli("tabular", "fixture", "--layout", "nasbench201", "--out", nb)
        check_against_cli(f"nasbench201:file={nb}", n=10)
        csv = os.path.join(tmp, "table.csv")
        with open(csv, "w") as f:
            f.write("lr,layers,objective\n")
            for lr in (0.001, 0.01, 0.1):
                for layers in (1, 2, 3):
                    f.write(f"{lr},{layers},{(lr * 10 - layers) ** 2 / 7}\n")
        check_against_cli(f"table:file={csv}", n=8)


def test_problem_api():
    p = bobench.Problem("branin")
    check(p.id == "branin" and p.dimension == 2, f"{p.id} {p.dimension}")
    check([(q.name, q.type, q.low, q.high) for q in p.space] == [("x0", "real", -5, 10), ("x1", "real", 0, 15)],
          f"branin space: {p.space}")
    check(abs(p.optimum - 0.397887357729738) < 1e-12, f"branin optimum {p.optimum}")
    check(bobench.Problem("levy:d=3").space.names == ["x0", "x1", "x2"], "levy names")
    check(bobench.Problem("bbob:f=15,i=1,d=10").metadata["group"] == "4", "bbob group")
    check(isinstance(p.evaluate((3.14159265358979, 2.275)), float), "one point gives a float")
    check(p.evaluate(numpy.zeros((0, 2))).shape == (0,), "an empty batch")
    check_raises([(lambda: bobench.Problem("brannin"), "unknown problem 'brannin' (did you mean 'branin'?)"),
                  (lambda: bobench.Problem("bbob:f=25,i=1,d=2"), "parameter 'f' = '25' is not valid; expected an integer in [1, 24]"),
                  (lambda: p.evaluate([1.0, 2.0, 3.0]), "branin: a point has 2 values, this one has 3"),
                  (lambda: p.evaluate([11.0, 2.0]), "branin: x0 = 11 is outside [-5, 10]"),
                  (lambda: p.evaluate(numpy.zeros((3, 3))), "evaluate takes one point (shape (2,)) or a batch"),
                  (lambda: p.evaluate(numpy.full((2, 2), -6.0)), "x0 = -6 is outside"),
                  # bytes that are not UTF-8: the message is kept, the bytes shown replaced
                  (lambda: bobench.Problem(b"\xff"), "identifier '\ufffd' is not valid UTF-8 text")])


def test_data_dir():
    # a relative table file is looked up in the data folder: data_dir=, else $BOBENCH_DATA
    with temp_dir() as a, temp_dir() as b:
        for folder, offset in ((a, 10), (b, 100)):
            with open(os.path.join(folder, "dp.csv"), "w") as f:
                f.write("lr,layers,objective\n")
                for i, (lr, layers) in enumerate((lr, layers) for lr in (0.001, 0.01, 0.1) for layers in (1, 2, 3)):
                    f.write(f"{lr},{layers},{offset + i}\n")
        saved = os.environ.pop("BOBENCH_DATA", None)
        try:
            x = [0.01, 2]
            check(bobench.Problem("table:file=dp.csv", data_dir=a).evaluate(x) == 14, "data_dir=a reads a's table")
            check(bobench.Problem("table:file=dp.csv", data_dir=b).evaluate(x) == 104, "data_dir=b reads b's table")
            os.environ["BOBENCH_DATA"] = b
            check(bobench.Problem("table:file=dp.csv").evaluate(x) == 104, "$BOBENCH_DATA when no data_dir")
            check(bobench.Problem("table:file=dp.csv", data_dir=a).evaluate(x) == 14, "data_dir over $BOBENCH_DATA")
        finally:
            os.environ.pop("BOBENCH_DATA", None)
            if saved is not None:
                os.environ["BOBENCH_DATA"] = saved


if __name__ == "__main__":
    test_problem_api()
    test_data_dir()
    test_every_family()
    print("ok")
