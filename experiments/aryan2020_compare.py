#!/usr/bin/env python3
"""Our RVFL cells beside Aryan 2020's (Tables 4.2-4.9).

usage: build/bobench table results/aryan2020_rvfl.h5 --format csv > ours.csv
       experiments/aryan2020_compare.py ours.csv [--markdown]

Matches our optimizer labels `BRVFL1-fixed` ... `ERVFL4-evidence` (experiments/aryan2020_rvfl.ini)
to the thesis' (method, setting) cells and prints ours, theirs, the ratio, and per method
how many of the 12 functions agree to within a factor 10 (|log10 ratio| <= 1).
"""
import csv
import math
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
reference = os.path.join(here, "reference", "aryan2020_table4_synthetic.csv")


def read_reference():
    cells = {}
    with open(reference) as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        for r in rows:
            if r["mean_final_regret"]:
                cells[(r["function"], r["method"], r["setting"])] = float(r["mean_final_regret"])
    return cells


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    markdown = "--markdown" in sys.argv
    theirs = read_reference()
    ours = {}
    runs = {}
    with open(sys.argv[1]) as f:
        for r in csv.DictReader(f):
            method, _, setting = r["optimizer"].partition("-")
            key = (r["problem"], method, setting + "_alpha")
            ours[key] = float(r["mean"])
            runs[key] = int(r["runs"])
    methods = sorted({(m, s) for (_, m, s) in ours}, key=lambda k: (k[1], k[0]))
    functions = sorted({p for (p, _, _) in ours})
    if markdown:
        print("| setting | method | function | runs | ours | thesis | ours / thesis |")
        print("|---|---|---|---|---|---|---|")
    summary = []
    for method, setting in methods:
        agree = total = 0
        for fn in functions:
            key = (fn, method, setting)
            if key not in ours or key not in theirs:
                continue
            o, t = ours[key], theirs[key]
            ratio = o / t if t > 0 else math.inf
            total += 1
            ok = ratio > 0 and abs(math.log10(ratio)) <= 1 if math.isfinite(ratio) and ratio > 0 else False
            agree += ok
            flag = "" if ok else " **>10x**"
            if markdown:
                print(f"| {setting.split('_')[0]} | {method} | {fn} | {runs[key]} | {o:.3g} | {t:.3g} | {ratio:.3g}{flag} |")
            else:
                print(f"{setting:15s} {method:7s} {fn:15s} n={runs[key]:3d} ours {o:10.3g} thesis {t:10.3g} ratio {ratio:9.3g}{flag}")
        summary.append((setting, method, agree, total))
    print()
    for setting, method, agree, total in summary:
        print(f"{'- ' if markdown else ''}{method} {setting.split('_')[0]}: {agree}/{total} functions within 10x")


if __name__ == "__main__":
    main()
