#!/bin/bash
# docs/perf/trace.md: random search on bbob f1 through COCO's logger (coco_logger_random_search.c,
# built as its comment says) and through bobench's trace policies, alternating, 3 rounds.
# Run from a scratch folder: bench/peers/trace_vs_coco.sh BOBENCH COCO_RS
# Prints "wall-s user-s peak-KB" and the bytes written, per run of each; then, for trace = all,
# the peak memory of 100 and of 1000 runs of the d = 40 job (a job parks its finished runs'
# columns on disk: its memory does not grow with its runs; the 1000-run file is 3.4 GB).
set -euo pipefail
B=$1 COCO=$2
measure() { /usr/bin/time -f "%e %U %M" "$@" 2>&1 >/dev/null | tail -1; }
for shape in "1000 1000 2" "100 10000 40"; do
    read -r runs budget d <<<"$shape"
    for round in 1 2 3; do
        echo "d=$d coco round $round: $(measure "$COCO" "$runs" "$budget" "$d" "c-$d-$round") bytes $(du -sb "exdata/c-$d-$round" | cut -f1)"
        for policy in "targets" "targets --trace-points no" "improvements --trace-points no" "all"; do
            out="b-$d-$round.h5"
            echo "d=$d bobench $policy round $round: $(measure "$B" run --problem "bbob:f=1,i=1,d=$d" --optimizer random-search \
                --budget "$budget" --replicates "$runs" --threads 1 --trace $policy -q --output "$out") bytes $(stat -c %s "$out")"
            rm -f "$out"
        done
    done
done
for round in 1 2; do
    for runs in 100 1000; do
        echo "d=40 bobench all, $runs runs, round $round: $(measure "$B" run --problem "bbob:f=1,i=1,d=40" --optimizer random-search \
            --budget 10000 --replicates "$runs" --threads 1 -q --output flat.h5) bytes $(stat -c %s flat.h5)"
        rm -f flat.h5
    done
done
