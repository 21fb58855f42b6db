#!/usr/bin/env python3
"""Convert the official NAS-Bench-201 data into bobench's NAS-Bench-201 HDF5 layout (v1).

    python3 scripts/convert_nasbench201.py --nb201 NAS-Bench-201-v1_1-096897.pth \
        --dataset cifar10 --out data/nasbench201_cifar10.hdf5

Needs the official file (from the NAS-Bench-201 authors, Dong & Yang, ICLR 2020) and the
`nas_201_api`, `numpy` and `h5py` packages (`pip install nas-bench-201 numpy h5py`; the
API itself needs PyTorch to unpickle the file). bobench does not need Python: this script
is the only piece that does, and it is optional.

The layout is documented in hpobench_tables/README.md and hpobench_tables/nasbench201.hpp:
/arch uint8 [N, 6] (operation index per edge), /valid_error, /test_error, /runtime
float64 [N, R] (final-epoch errors as fractions, training seconds; one column per seed),
/repeats uint8 [N] (seeds each architecture has), /valid_error_curve float64 [N, R, 200]
(validation error after each epoch: the learning curves that make the problem
multi-fidelity; --no-curves leaves them out), and root attributes layout,
layout_version, dataset, operations, edges, source.

Which splits are "validation" and "test" (NAS-Bench-201 paper, Section 2.3):
  cifar10     validation: the 'x-valid' split of the 'cifar10-valid' runs (train on half of
              the training set); test: the 'ori-test' split of the same runs
  cifar100    'x-valid' / 'x-test' of the 'cifar100' runs
  imagenet16  'x-valid' / 'x-test' of the 'ImageNet16-120' runs
Errors are 1 - accuracy / 100; the cost is the training time of all 200 epochs
(get_train()['all_time']). The 200-epoch schedule (hp='200') is read.

This script was written against the documented nas_201_api interface but could not be run
here (no official data); check a few values with `bobench tabular info` after converting.
"""
import argparse
import json
import math
import sys

OPERATIONS = ["none", "skip_connect", "nor_conv_1x1", "nor_conv_3x3", "avg_pool_3x3"]
EDGES = ["1<-0", "2<-0", "2<-1", "3<-0", "3<-1", "3<-2"]
SPLITS = {  # bobench name: (API dataset, validation split, test split)
    "cifar10": ("cifar10-valid", "x-valid", "ori-test"),
    "cifar100": ("cifar100", "x-valid", "x-test"),
    "imagenet16": ("ImageNet16-120", "x-valid", "x-test"),
}


def arch_ops(arch: str):
    """'|op~0|+|op~0|op~1|+|op~0|op~1|op~2|' -> six operation indices, in edge order."""
    ops = []
    for node in arch.split("+"):
        for item in node.strip("|").split("|"):
            name, _ = item.split("~")
            ops.append(OPERATIONS.index(name))
    if len(ops) != len(EDGES):
        raise ValueError(f"unexpected architecture string {arch!r}")
    return ops


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nb201", required=True, help="NAS-Bench-201-v1_1-096897.pth (or v1_0)")
    parser.add_argument("--dataset", required=True, choices=sorted(SPLITS))
    parser.add_argument("--out", required=True, help="HDF5 file to write")
    parser.add_argument("--repeats", type=int, default=3, help="most seeds kept per architecture")
    parser.add_argument("--no-curves", action="store_true", help="leave out /valid_error_curve (single fidelity)")
    args = parser.parse_args()

    import h5py
    import numpy as np
    from nas_201_api import NASBench201API

    api = NASBench201API(args.nb201, verbose=False)
    name, valid_split, test_split = SPLITS[args.dataset]
    n, r = len(api), args.repeats
    arch = np.zeros((n, len(EDGES)), dtype=np.uint8)
    valid = np.full((n, r), np.nan)
    test = np.full((n, r), np.nan)
    runtime = np.full((n, r), np.nan)
    counts = np.zeros(n, dtype=np.uint8)
    epochs = 200
    curve = None if args.no_curves else np.full((n, r, epochs), np.nan)
    for index in range(n):
        arch[index] = arch_ops(api.arch(index))
        results = api.query_by_index(index, name, hp="200")  # seed -> ResultsCount
        seeds = sorted(results)[:r]
        counts[index] = len(seeds)
        for k, seed in enumerate(seeds):
            run = results[seed]
            valid[index, k] = 1.0 - run.get_eval(valid_split)["accuracy"] / 100.0
            test[index, k] = 1.0 - run.get_eval(test_split)["accuracy"] / 100.0
            runtime[index, k] = run.get_train()["all_time"]
            if curve is not None:  # ResultsCount.get_eval(name, iepoch): the split after epoch iepoch + 1
                for e in range(epochs):
                    curve[index, k, e] = 1.0 - run.get_eval(valid_split, iepoch=e)["accuracy"] / 100.0
        if index % 1000 == 0:
            print(f"{index} / {n}", file=sys.stderr)
    if (counts == 0).any():
        raise SystemExit(f"{int((counts == 0).sum())} architectures have no {name} results with hp='200'")

    with h5py.File(args.out, "w") as f:
        f.attrs["layout"] = "bobench-nasbench201"
        f.attrs["layout_version"] = np.int64(1)
        f.attrs["dataset"] = args.dataset
        f.attrs["operations"] = json.dumps(OPERATIONS, separators=(",", ":"))
        f.attrs["edges"] = json.dumps(EDGES, separators=(",", ":"))
        f.attrs["source"] = (f"NAS-Bench-201 ({args.nb201}), {name}: validation {valid_split}, "
                             f"test {test_split}, hp=200, converted by scripts/convert_nasbench201.py")
        f["arch"] = arch
        f["valid_error"] = valid
        f["test_error"] = test
        f["runtime"] = runtime
        f["repeats"] = counts
        if curve is not None:
            f["valid_error_curve"] = curve
    finite = valid[~np.isnan(valid)]
    print(f"wrote {args.out}: {n} architectures, best validation error {finite.min() if finite.size else math.nan:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
