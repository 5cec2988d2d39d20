#!/usr/bin/env bash
# Measures the model behind "Rendering on many machines" in the README:
#  1. total CPU-seconds of a movie rendered as 8 chunks (one after another) against one render;
#  2. the wall time of joining a 10-minute 720p movie's chunks with `moviemake concat`.
# Usage: benchmarks/distributed-model.sh [OUT_DIR]   (builds moviemake in release mode first)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-$(mktemp -d)}
mkdir -p "$OUT"
swift build -c release --product moviemake >/dev/null
BIN=$(swift build -c release --show-bin-path)/moviemake

# CPU seconds (user + system) of one command, from GNU time.
cpu() { /usr/bin/time -f "%U %S %e" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.2f %.2f\n", $1 + $2, $3}'; }

COMMON=(--seconds 40 --width 1280 --height 720 --fps 30 --keyframe-interval 2 --preset medium --quiet --overwrite)
read -r single_cpu single_wall < <(cpu "$BIN" demo "$OUT/single.mp4" "${COMMON[@]}")
chunk_cpu=0; chunk_wall=0
for i in $(seq 0 7); do
  read -r c w < <(cpu "$BIN" demo "$OUT/part-$i.mp4" "${COMMON[@]}" --chunk "$i/8")
  chunk_cpu=$(echo "$chunk_cpu + $c" | bc); chunk_wall=$(echo "$chunk_wall + $w" | bc)
done
read -r join_cpu join_wall < <(cpu "$BIN" concat "$OUT"/part-?.mp4 -o "$OUT/joined.mp4" --overwrite)
echo "40 s of W1-like demo at 1280x720, medium:"
echo "  single render:  CPU ${single_cpu} s, wall ${single_wall} s"
echo "  8 chunks:       CPU ${chunk_cpu} s, wall ${chunk_wall} s (one after another)"
echo "  CPU ratio:      $(echo "scale=3; $chunk_cpu / $single_cpu" | bc)"
echo "  join of 8:      wall ${join_wall} s"

# Join time of a 10-minute 720p movie: 18000 frames in 16 chunks, rendered fast (ultrafast,
# the content does not matter to a stream copy), then joined.
LONG=(--seconds 600 --width 1280 --height 720 --fps 30 --keyframe-interval 2 --preset ultrafast --quiet --overwrite)
mkdir -p "$OUT/long"
for i in $(seq 0 15); do "$BIN" demo "$OUT/long/part-$i.mp4" "${LONG[@]}" --chunk "$i/16" --threads 2; done
read -r long_cpu long_wall < <(cpu "$BIN" concat --dir "$OUT/long" -o "$OUT/long.mp4" --overwrite)
echo "10-minute 720p movie (18000 frames, 16 chunks, $(du -m "$OUT/long.mp4" | cut -f1) MB): join wall ${long_wall} s, CPU ${long_cpu} s"
