#!/usr/bin/env python3
"""Independent reference for bobench's racing-line lap time (numpy/scipy only).

Usage: racing_line_reference.py TRACK_FILE NODES WIDTH MASS LF LR [OFFSETS]
Prints the lap time of the line through the centre-line nodes moved by OFFSETS (comma
separated; zeros when absent), as bayesrace computes it (jainachin/bayesrace,
raceline/trajectory.py and minimize_time.py), but by other means than bobench's C++:
scipy's natural CubicSpline for the spline and scipy's SLSQP on the program in the speeds
v = sqrt(b) (bayesrace uses cvxpy/ECOS; bobench uses its own barrier method).
"""
import sys

import numpy as np
from scipy.interpolate import CubicSpline
from scipy.optimize import minimize


def centre_point(cx, cy, arc, s):
    i = 0
    while i < len(arc) - 1 and arc[i] <= s:
        i += 1
    j = i - 1  # -1 wraps to the last point, as in bayesrace
    f = (s - arc[j]) / (arc[i] - arc[j])
    return cx[j] + f * (cx[i] - cx[j]), cy[j] + f * (cy[i] - cy[j])


def racing_line(cx, cy, nodes, offsets, samples=100):
    arc = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(cx), np.diff(cy)))])
    length = arc[-1] + np.hypot(cx[0] - cx[-1], cy[0] - cy[-1])
    d = len(nodes)
    eps = length / 5 / d
    wx = [cx[0]]
    wy = [cy[0]]
    for node, w in zip(nodes, offsets):
        s = arc[node]
        ax, ay = centre_point(cx, cy, arc, s + eps)
        bx, by = centre_point(cx, cy, arc, s - eps)
        px, py = centre_point(cx, cy, arc, s)
        n = np.hypot(ax - bx, ay - by)
        wx.append(px - w * (ay - by) / n)
        wy.append(py + w * (ax - bx) / n)
    wx.append(cx[nodes[0]])
    wy.append(cy[nodes[0]])
    s = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(wx), np.diff(wy)))])
    t = np.linspace(0, s[-1] - 1e-3, samples)
    return (CubicSpline(s, wx, bc_type="natural")(t), CubicSpline(s, wy, bc_type="natural")(t))


def lap_time(x, y, mass, lf, lr):
    g = 9.81
    n = len(x)
    h = 1.0 / (n - 1)
    S = np.array([x, y])
    d1 = np.diff(S, axis=1) / h
    d2 = np.zeros((2, n - 1))
    for j in range(n - 1):
        if j == 0:
            d2[:, j] = S[:, 0] / 2 - S[:, 1] + S[:, 2] / 2
        elif j == 1 or j == n - 3:
            d2[:, j] = (S[:, j - 1] - S[:, j] - S[:, j + 1] + S[:, j + 2]) / 2
        elif j == n - 2:
            d2[:, j] = S[:, j - 1] / 2 - S[:, j] + S[:, j + 1] / 2
        else:
            d2[:, j] = (-5 / 48 * S[:, j - 2] + 13 / 16 * S[:, j - 1] - 17 / 24 * S[:, j]
                        - 17 / 24 * S[:, j + 1] + 13 / 16 * S[:, j + 2] - 5 / 48 * S[:, j + 3])
    d2 /= h * h
    phi = np.arctan2(d1[1], d1[0])
    c, s = np.cos(phi), np.sin(phi)
    # force per unit mass in the path frame: R^T (S' a + S'' bmid)
    along1, along2 = c * d1[0] + s * d1[1], c * d2[0] + s * d2[1]
    across1, across2 = -s * d1[0] + c * d1[1], -s * d2[0] + c * d2[1]
    wr = lf / (lf + lr)

    # Unknowns: the speeds v_1..v_{N-1} (v_0 = 0), b = v^2. The program is convex in b and
    # v -> v^2 is monotone on v > 0, so every KKT point with v > 0 is the optimum.
    def forces(v):
        b = np.concatenate([[0.0], v * v])
        a = (b[1:] - b[:-1]) / (2 * h)
        mid = (b[1:] + b[:-1]) / 2
        return along1 * a + along2 * mid, across1 * a + across2 * mid

    def time(v):
        r = np.concatenate([[0.0], v])
        return np.sum(2 * h / (r[:-1] + r[1:]))

    def circle(v):
        ul, ut = forces(v)
        return 1.0 - (ul * ul + ut * ut) / (g * g)

    def longitudinal(v):
        ul, _ = forces(v)
        return wr - ul / g

    v0 = np.full(n - 1, 0.5)
    res = minimize(time, v0, method="SLSQP", bounds=[(1e-6, None)] * (n - 1),
                   constraints=[{"type": "ineq", "fun": circle}, {"type": "ineq", "fun": longitudinal}],
                   options={"maxiter": 5000, "ftol": 1e-10})
    if not res.success or min(circle(res.x).min(), longitudinal(res.x).min()) < -1e-9:
        raise SystemExit("SLSQP failed: %s (T=%r, violation %g)" % (res.message, time(res.x), min(circle(res.x).min(), longitudinal(res.x).min())))
    return time(res.x)


def main():
    path, nodes, width, mass, lf, lr = sys.argv[1:7]
    cx, cy = np.loadtxt(path, delimiter=",")
    nodes = [int(v) for v in nodes.split(",")]
    offsets = [float(v) for v in sys.argv[7].split(",")] if len(sys.argv) > 7 else [0.0] * len(nodes)
    x, y = racing_line(cx, cy, nodes, offsets)
    print("%.12g" % lap_time(x, y, float(mass), float(lf), float(lr)))


if __name__ == "__main__":
    main()
