#!/bin/bash
# Times two builds of one program alternately, on a quiet machine or under a load, and prints each
# build's times sorted with their median. Each program prints its own seconds as the last line of
# standard error (W1 drawn through MovieWriter.render, for defect 2 of issue 29: see README.md,
# "Under CPU contention").
#
# usage: benchmarks/compare-under-load.sh ROUNDS LOAD A_BINARY B_BINARY [ARGUMENTS...]
#   LOAD: none, core (a busy loop on one core) or "COMMAND" (run again and again, as another render)
set -euo pipefail
rounds=$1 load=$2 a=$3 b=$4
shift 4
loader=""
case "$load" in
none) ;;
core) (while :; do :; done) & loader=$! ;;
*) (while :; do sh -c "$load" >/dev/null 2>&1; done) & loader=$! ;;
esac
trap '[ -n "$loader" ] && { pkill -P "$loader" 2>/dev/null; kill "$loader" 2>/dev/null; }; true' EXIT
declare -A times
for _ in $(seq "$rounds"); do
    for build in A B; do
        binary=$a
        [ "$build" = B ] && binary=$b
        seconds=$({ "$binary" "$@" >/dev/null; } 2>&1 | tail -1)
        times[$build]="${times[$build]:-} $seconds"
    done
done
for build in A B; do
    sorted=$(tr ' ' '\n' <<<"${times[$build]}" | grep . | sort -n | tr '\n' ' ')
    median=$(tr ' ' '\n' <<<"$sorted" | grep . | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}')
    echo "$build: median $median s of $sorted"
done
