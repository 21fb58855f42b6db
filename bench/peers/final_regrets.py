#!/usr/bin/python3
"""Final regrets of one (problem, optimizer) from `bobench export` CSV, one per line, for
`bobench stats mwu`; or the final_regret column of a peer CSV (--peer).

Usage: build/bobench export RESULTS.h5 | bench/peers/final_regrets.py PROBLEM OPTIMIZER > ours.txt
       bench/peers/final_regrets.py --peer optuna_tpe_branin.csv > theirs.txt
The final regret of a run is the regret at its last iteration (labels may hold commas,
hence the csv module)."""
import csv
import sys


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--peer":
        with open(sys.argv[2], newline="") as f:
            for row in csv.DictReader(f):
                print(row["final_regret"])
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    problem, optimizer = sys.argv[1], sys.argv[2]
    last = {}  # replicate -> (iteration, regret)
    for row in csv.DictReader(sys.stdin):
        if row["problem"] != problem or row["optimizer"] != optimizer:
            continue
        it = int(row["iteration"])
        if it >= last.get(row["replicate"], (0, None))[0]:
            last[row["replicate"]] = (it, row["regret"])
    if not last:
        sys.exit(f"no runs of {optimizer} on {problem} in the input")
    for _, (_, regret) in sorted(last.items(), key=lambda kv: int(kv[0])):
        print(regret)


if __name__ == "__main__":
    main()
