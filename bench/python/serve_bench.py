"""The Python side of a protocol round trip: bobench.serve decoding a tell and an ask and
encoding the reply, fed from memory (no pipes, no waiting), with a trivial optimizer.
Prints microseconds per round trip.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/serve_bench.py [--n 50000]
"""
import argparse
import io
import json
import time

import bobench


class Fixed(bobench.Optimizer):
    def ask(self):
        return [1.0, 2.0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=50000)
    n = parser.parse_args().n
    space = [{"name": "x0", "type": "real", "low": -5, "high": 10, "log": False},
             {"name": "x1", "type": "real", "low": 0, "high": 15, "log": False}]
    hello = json.dumps({"type": "hello", "protocol": 1, "seed": 1, "budget": n, "batch": 1, "space": space})
    rounds = ['{"type":"tell","id":%d,"x":[1.0,2.0],"value":3.5}\n{"type":"ask","n":1}' % i for i in range(n)]
    data = "\n".join([hello, *rounds, '{"type":"close"}']).encode() + b"\n"
    start = time.perf_counter()
    bobench.serve(Fixed, stdin=io.BytesIO(data), stdout=io.BytesIO())
    print(f"{(time.perf_counter() - start) / n * 1e6:.3g} us per round trip (Python side, no I/O)")


if __name__ == "__main__":
    main()
