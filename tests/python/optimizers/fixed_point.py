"""Asks the same point every time: python3 fixed_point.py 3.14159265358979 2.275.
The trivial optimizer of the protocol benchmark, and a known winner or loser in tests."""
import sys

import bobench

point = [float(v) for v in sys.argv[1:]]


class FixedPoint(bobench.Optimizer):
    def ask(self):
        return point


bobench.serve(FixedPoint)
