#!/usr/bin/env python3
"""Runs the README's example commands as the README shows them (#41 item 9).

Usage: readme_examples.py BUILD_DIR SOURCE_DIR
Every shell line of the README's unlabelled code blocks that starts `build/bobench` (or
pipes into it, or is a `mkdir ... && build/bobench ...` chain, continuation lines joined)
runs in a fresh temporary folder holding `build` (a link to BUILD_DIR) and `experiments`
(a link to the source's), in README order, so that a command may read what an earlier one
wrote. Before them, output/demo.h5 is made by the demo spec with a small budget (the demo
itself takes a minute). A command that runs longer than a few seconds, needs another
machine's tools, or reads the reader's own files is skipped, named below with the reason:
anything else that fails (exit status other than 0) fails this test, naming the command.
"""
import os
import re
import subprocess
import sys
import tempfile

# (pattern in the command, why it is not run here)
SKIPPED = [
    ("reproduce dtu-bbob40", "a paper's protocol: hours"),
    ("reproduce aryan-ch4-synthetic --quick", "a minute (CI runs it)"),
    ("reproduce --spec ~/mine", "the reader's own spec"),
    ("--readings", "every reading on the subset: an hour (tests/cli/reproduce_spec_test.cpp runs --readings)"),
    ("mpirun", "needs MPI"),
    ("slurm ", "needs Slurm (tests/cli/slurm_test.cpp runs it on a local one)"),
    ("study.ini", "the reader's own spec"),
    ("study.shard-", "the reader's own shards"),
    ("stats mwu a.csv", "the reader's own CSV files"),
    ("stats friedman blocks.csv", "the reader's own CSV file"),
    ("run experiments/demo.ini", "a minute (the demo); output/demo.h5 is made with a small budget instead"),
    ("bbob:f=1-24", "120 problems x 200 evaluations: tens of seconds"),
    ("--budget 400 --replicates 10", "the multi-fidelity example: a minute"),
    ("output/mf.h5", "reads the multi-fidelity example's output"),
    ("my-optimizer", "needs the README's C++ optimizer compiled in (tests/readme/add_optimizer_test.cpp)"),
    ("my_opt.py", "needs the README's Python optimizer saved as my_opt.py"),
    ("output/mine.h5", "reads the my-optimizer example's output"),
    ("output/BO_Gaus.h5", "reads the output of the dtu-bbob40 re-run"),
    ("sklearn-hpo", "real model training: minutes (tests/python/test_sklearn_tasks.py runs a small study)"),
]


def commands(readme):
    """The shell commands of the README's unlabelled code blocks, continuation lines joined."""
    found, block, pending = [], None, ""
    for line in open(readme, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("```"):
            block = None if block is not None else line[3:].strip()
            continue
        if block != "":  # outside a block, or in a labelled one (ini, python, cpp)
            continue
        text = re.sub(r"(^|\s+)#.*$", "", line).strip()  # a comment, or a command's
        if not text and not pending:
            continue
        pending = (pending + " " + text).strip() if pending else text
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        if "build/bobench" in pending:
            found.append(pending)
        pending = ""
    return found


def main():
    build, source = sys.argv[1], sys.argv[2]
    failures, ran = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(os.path.abspath(build), os.path.join(tmp, "build"))
        os.symlink(os.path.join(os.path.abspath(source), "experiments"), os.path.join(tmp, "experiments"))
        setup = "build/bobench run experiments/demo.ini --budget 20 --replicates 4 --quiet"
        subprocess.run(setup, shell=True, cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        for command in commands(os.path.join(source, "README.md")):
            why = next((reason for pattern, reason in SKIPPED if pattern in command), None)
            if why:
                print(f"skipped: {command}\n  ({why})")
                continue
            r = subprocess.run(command, shell=True, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
            ran += 1
            print(f"rc {r.returncode}: {command}")
            if r.returncode != 0:
                failures.append(f"{command}\n  exit status {r.returncode}: {r.stderr.strip()[-600:]}")
    print(f"{ran} README commands ran, {len(failures)} failed")
    for f in failures:
        print("FAILED: " + f)
    return 1 if failures or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
