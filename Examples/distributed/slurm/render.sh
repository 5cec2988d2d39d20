#!/usr/bin/env bash
# Renders a scene as N chunks on a Slurm job array, then joins them into one movie.
#
#   render.sh SCENE N OUT
#
# Parts and logs go to OUT's folder, in OUT.slurm/parts and OUT.slurm/logs (Slurm does not create
# log folders itself). Every path must be on a filesystem all nodes share; on the one-machine
# cluster of scripts/slurm-local.sh any local path is. Set MOVIEMAKE to use a moviemake that is not
# on PATH (exported to the jobs). Exits non-zero when a chunk or the join fails.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 SCENE N OUT" >&2
  exit 2
fi
SCENE="$(realpath -m "$1")"
N="$2"
OUT="$(realpath -m "$3")"
[[ "$N" =~ ^[1-9][0-9]*$ ]] || { echo "render.sh: N '$N' is not a whole number of chunks of at least 1" >&2; exit 2; }
[ -f "$SCENE" ] || { echo "render.sh: scene $SCENE does not exist" >&2; exit 2; }

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK="$OUT.slurm"
PARTS_DIR="$WORK/parts"
LOG_DIR="$WORK/logs"
mkdir -p "$PARTS_DIR" "$LOG_DIR"
rm -f "$PARTS_DIR"/part-*.mp4   # parts of an earlier run must not be joined with this one's

# Two waits rather than one join job with --dependency=afterok: when a dependency fails, Slurm
# cancels the join and `sbatch --wait` on it still exits 0. `sbatch --wait` on the array exits with
# the highest exit code of its tasks, which is the check we want.
echo "render.sh: rendering $N chunks of $SCENE (logs in $LOG_DIR)"
if ! sbatch --wait --quiet --array="0-$((N - 1))" --output="$LOG_DIR/render-%A_%a.out" \
  --export=ALL,SCENE="$SCENE",N="$N",PARTS_DIR="$PARTS_DIR" "$HERE/render-array.sbatch"; then
  echo "render.sh: at least one chunk failed; see $LOG_DIR/render-*.out" >&2
  exit 1
fi

echo "render.sh: joining $N parts into $OUT"
if ! sbatch --wait --quiet --output="$LOG_DIR/join-%j.out" \
  --export=ALL,PARTS_DIR="$PARTS_DIR",OUT="$OUT" "$HERE/join.sbatch"; then
  echo "render.sh: the join failed; see $LOG_DIR/join-*.out" >&2
  exit 1
fi
[ -s "$OUT" ] || { echo "render.sh: the join succeeded but wrote no $OUT" >&2; exit 1; }
echo "render.sh: wrote $OUT"
