"""Problem.evaluate throughput from Python, to set beside the C++ figure of the same
function (build/bobench_bench --benchmark_filter=BM_bbob/f:15): bbob f15, instance 1,
d = 10, points of [-5, 5]^10. Prints evaluations per second (process CPU time, best of
`repeats`) for one batch call on an (n, 10) array, and for one call per point.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/problem_bench.py [--n 100000]
"""
import argparse
import time

import numpy

import bobench


def best_rate(f, n, repeats):
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        f()
        best = min(best, time.process_time() - start)
    return n / best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--problem", default="bbob:f=15,i=1,d=10")
    parser.add_argument("--n", type=int, default=100000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    problem = bobench.Problem(args.problem)
    x = numpy.random.default_rng(1).uniform(-5, 5, size=(args.n, problem.dimension))
    batch = best_rate(lambda: problem.evaluate(x), args.n, args.repeats)
    rows = [x[i] for i in range(min(args.n, 20000))]
    single = best_rate(lambda: [problem.evaluate(r) for r in rows], len(rows), args.repeats)
    print(f"{args.problem}: batch of {args.n}: {batch / 1e6:.3g} M evaluations/s; "
          f"one call per point: {single / 1e6:.3g} M evaluations/s")


if __name__ == "__main__":
    main()
