#!/usr/bin/env bash
# make test-distributed: renders a movie as a Slurm job array of 4 tasks on a one-node cluster
# (scripts/slurm-local.sh), joins the parts with `moviemake concat`, and checks the result against
# a single render of the same movie: the same frame count, every frame within PSNR 45 dB, and
# ffmpeg decoding it without an error.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/slurm-local.sh

swift build --product moviemake >/dev/null
BIN="$(swift build --show-bin-path)/moviemake"
WORK="$(mktemp -d /tmp/moviekit-distributed.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/parts" "$WORK/logs"
MOVIE_ARGS="demo --seconds 4 --width 320 --height 176 --fps 25 --keyframe-interval 0.5 --preset ultrafast --crf 16"
N=4
HERE=Examples/distributed/slurm

start=$(date +%s.%N)
sbatch --wait --quiet --array="0-$((N - 1))" --output="$WORK/logs/render-%A_%a.out" \
  --export=ALL,MOVIE_ARGS="$MOVIE_ARGS",N="$N",PARTS_DIR="$WORK/parts",MOVIEMAKE="$BIN" "$HERE/render-array.sbatch" \
  || { cat "$WORK"/logs/*.out >&2; echo "test-distributed: a chunk task failed" >&2; exit 1; }
sbatch --wait --quiet --output="$WORK/logs/join-%j.out" \
  --export=ALL,PARTS_DIR="$WORK/parts",OUT="$WORK/joined.mp4",MOVIEMAKE="$BIN" "$HERE/join.sbatch" \
  || { cat "$WORK"/logs/*.out >&2; echo "test-distributed: the join failed" >&2; exit 1; }
elapsed=$(echo "$(date +%s.%N) - $start" | bc)

read -ra movie <<<"$MOVIE_ARGS"
"$BIN" "${movie[@]}" "$WORK/single.mp4" --quiet >/dev/null

frames() { ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1"; }
joined=$(frames "$WORK/joined.mp4"); single=$(frames "$WORK/single.mp4")
[ "$joined" = "$single" ] || { echo "test-distributed: joined movie has $joined frames, single render $single" >&2; exit 1; }
ffmpeg -v error -i "$WORK/joined.mp4" -f null - 2>"$WORK/decode.log"
[ ! -s "$WORK/decode.log" ] || { cat "$WORK/decode.log" >&2; echo "test-distributed: ffmpeg reported errors" >&2; exit 1; }
min_psnr=$(ffmpeg -v error -i "$WORK/joined.mp4" -i "$WORK/single.mp4" -lavfi "psnr=stats_file=-" -f null - \
  | sed -n 's/.*psnr_avg:\([0-9.inf]*\).*/\1/p' | sort -g | head -1)
awk -v p="$min_psnr" 'BEGIN { exit !(p == "inf" || p + 0 >= 45) }' \
  || { echo "test-distributed: a frame differs from the single render (PSNR $min_psnr dB < 45)" >&2; exit 1; }
echo "test-distributed: $N Slurm tasks and the join took ${elapsed} s; $joined frames, lowest PSNR against a single render ${min_psnr} dB"

# A batch as a Slurm job array: `moviemake batch --slurm` writes the script, each task renders one
# row (--row auto), and a rerun on this machine finds every video done.
B="$WORK/batch"
mkdir -p "$B"
cat >"$B/card.yaml" <<'YAML'
canvas:
  width: 160
  height: 96
  fps: 10
  duration: 1
  background: "${color}"
layers: []
YAML
printf 'id,color\na,#ff0000\nb,#00ff00\nc,#0000ff\nd,#ffffff\n' >"$B/rows.csv"
(cd "$B" && "$BIN" batch card.yaml --data rows.csv -o 'out/{id}.mp4' --slurm batch.sbatch --preset ultrafast)
sbatch --wait --quiet "$B/batch.sbatch" \
  || { cat "$B"/out/.moviemake-batch/slurm-*.out >&2; echo "test-distributed: a batch task failed" >&2; exit 1; }
for id in a b c d; do
  frames=$(frames "$B/out/$id.mp4")
  [ "$frames" = 10 ] || { echo "test-distributed: batch row $id has $frames frames, not 10" >&2; exit 1; }
done
(cd "$B" && "$BIN" batch card.yaml --data rows.csv -o 'out/{id}.mp4' --preset ultrafast --report report.json --progress none)
skipped=$(python3 -c "import json; print(sum(r['status'] == 'skipped' for r in json.load(open('$B/report.json'))['rows']))")
[ "$skipped" = 4 ] || { echo "test-distributed: the rerun after the job array rendered again ($skipped of 4 skipped)" >&2; exit 1; }
echo "test-distributed: a batch of 4 rows as a Slurm job array, each video decoded, and a rerun that skipped all 4"
echo "2 passed, 0 failed"
