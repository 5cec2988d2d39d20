#!/bin/bash
# Runs the workloads of two builds of MovieKitBenchmarks one after the other, workload by workload
# (old, then new, for each), so that both meet the same machine, and compares their rows: each row's
# median and its ratio to the ffmpeg floor measured in the same run (benchmarks/README.md, "Old and
# new builds").
#
# usage: benchmarks/compare-builds.sh OLD_BINARY NEW_BINARY OUTPUT_FOLDER [WORKLOADS] [RUNS]
#   WORKLOADS: comma-separated (default W1,W2,W3,W4,W5,W6); RUNS: medians of (default 3)
set -euo pipefail
old=$1 new=$2 out=$3 workloads=${4:-W1,W2,W3,W4,W5,W6} runs=${5:-3}
mkdir -p "$out"
work="$(cd "$(dirname "$0")/.." && pwd)/.build/bench-fixtures"
for workload in ${workloads//,/ }; do
    for build in old new; do
        binary=$old
        [ "$build" = new ] && binary=$new
        echo "== $workload, $build build ($binary)"
        "$binary" run --workloads "$workload" --runs "$runs" --work-directory "$work" \
            --results "$out/$workload-$build.md" >"$out/$workload-$build.log" 2>&1
    done
done
python3 "$(dirname "$0")/compare-builds.py" "$out" ${workloads//,/ }
