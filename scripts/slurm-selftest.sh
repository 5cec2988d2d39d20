#!/usr/bin/env bash
# Checks that the local Slurm cluster runs a job array: submits a 4-task array with `sbatch --wait`,
# each task writing its $SLURM_ARRAY_TASK_ID to its own file in a shared folder, then checks every file.
# Also checks that tasks ran side by side when the node has two or more CPUs, and that a failing
# task makes `sbatch --wait` exit non-zero.
#
#   scripts/slurm-local.sh && scripts/slurm-selftest.sh
#
# Exits non-zero with a message naming what went wrong. Environment:
#   SLURM_SELFTEST_TIMEOUT   seconds to wait for the whole array (default 120)
#   SLURM_SELFTEST_KEEP=1    keep the shared folder (its path is printed) instead of removing it
set -euo pipefail

TIMEOUT="${SLURM_SELFTEST_TIMEOUT:-120}"
TASKS=4
SLEEP=2   # seconds each task stays busy, so tasks that run at once visibly overlap

fail() { echo "slurm-selftest: FAIL: $*" >&2; exit 1; }
say() { echo "slurm-selftest: $*"; }

command -v sbatch >/dev/null || fail "sbatch is not installed; run scripts/slurm-local.sh first"
sinfo >/dev/null 2>&1 || fail "cannot reach slurmctld (sinfo failed); run scripts/slurm-local.sh first"

# The folder must be reachable from the node; on this one-machine cluster any local path is shared.
SHARED="$(mktemp -d "${TMPDIR:-/tmp}/slurm-selftest.XXXXXX")"
chmod 0755 "$SHARED"
JOB_ID=""
cleanup() {
  if [ -n "$JOB_ID" ]; then scancel "$JOB_ID" 2>/dev/null || true; fi
  if [ "${SLURM_SELFTEST_KEEP:-0}" = 1 ]; then say "kept $SHARED"; else rm -rf "$SHARED"; fi
}
trap cleanup EXIT

cat >"$SHARED/task.sh" <<EOF
#!/usr/bin/env bash
set -euo pipefail
date +%s.%N >"$SHARED/start-\$SLURM_ARRAY_TASK_ID"
sleep $SLEEP
echo "\$SLURM_ARRAY_TASK_ID" >"$SHARED/task-\$SLURM_ARRAY_TASK_ID.txt"
date +%s.%N >"$SHARED/end-\$SLURM_ARRAY_TASK_ID"
EOF

say "submitting a $TASKS-task array (sbatch --wait), shared folder $SHARED"
t0="$(date +%s.%N)"
# --parsable prints the job id at submission; --wait then blocks until every task has ended and
# exits with the highest exit code of any task. `timeout` bounds a wait on a node that never runs it.
set +e
timeout --foreground "$TIMEOUT" sbatch --wait --parsable \
  --array="0-$((TASKS - 1))" --ntasks=1 --cpus-per-task=1 --time=5 \
  --job-name=moviekit-selftest --chdir="$SHARED" \
  --output="$SHARED/slurm-%A_%a.out" \
  "$SHARED/task.sh" >"$SHARED/sbatch.out" 2>"$SHARED/sbatch.err"
rc=$?
set -e
t1="$(date +%s.%N)"
JOB_ID="$(head -n1 "$SHARED/sbatch.out" | cut -d';' -f1)"

if [ "$rc" -eq 124 ]; then
  echo "--- squeue" >&2; squeue >&2 || true
  echo "--- sinfo" >&2; sinfo -N -l >&2 || true
  fail "job array ${JOB_ID:-?} did not finish within ${TIMEOUT} s (queue and node state above)"
fi
if [ "$rc" -ne 0 ]; then
  echo "--- sbatch stderr" >&2; cat "$SHARED/sbatch.err" >&2
  for f in "$SHARED"/slurm-*.out; do [ -e "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; }; done
  fail "sbatch --wait exited $rc for job array ${JOB_ID:-?} (a task failed or the submission was refused)"
fi
[ -n "$JOB_ID" ] || fail "sbatch printed no job id"
JOB_DONE="$JOB_ID"; JOB_ID=""   # finished: nothing to cancel

for ((i = 0; i < TASKS; i++)); do
  f="$SHARED/task-$i.txt"
  [ -f "$f" ] || fail "array task $i of job $JOB_DONE wrote no $f although sbatch --wait returned 0"
  got="$(cat "$f")"
  [ "$got" = "$i" ] || fail "$f holds '$got'; expected the task id '$i'"
done
extra="$(find "$SHARED" -name 'task-*.txt' | wc -l)"
[ "$extra" -eq "$TASKS" ] || fail "found $extra task files; expected $TASKS"

# Most tasks running at once at any moment, from the start and end times the tasks recorded.
overlap="$(for ((i = 0; i < TASKS; i++)); do
  echo "$(cat "$SHARED/start-$i") 1"; echo "$(cat "$SHARED/end-$i") -1"
done | sort -k1,1n -k2,2n | awk '{ n += $2; if (n > m) m = n } END { print m }')"
cpus="$(sinfo --noheader --format='%c' | head -n1)"
if [ "${cpus:-1}" -ge 2 ] && [ "$overlap" -lt 2 ]; then
  fail "tasks ran one at a time on a node with $cpus CPUs; expected at least 2 at once (check SelectType=select/cons_tres)"
fi

# A failing task must show in sbatch's exit code: --wait reports the highest exit code of any task.
cat >"$SHARED/fail.sh" <<'EOF2'
#!/usr/bin/env bash
[ "$SLURM_ARRAY_TASK_ID" = 1 ] && exit 3
exit 0
EOF2
set +e
timeout --foreground "$TIMEOUT" sbatch --wait --quiet --array=0-1 --time=5 \
  --job-name=moviekit-selftest-fail --chdir="$SHARED" --output=/dev/null "$SHARED/fail.sh"
rc=$?
set -e
[ "$rc" -ne 124 ] || fail "the failing-task array did not finish within ${TIMEOUT} s"
[ "$rc" -eq 3 ] || fail "sbatch --wait exited $rc for an array whose task 1 exited 3; expected 3"

elapsed="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
say "PASS: job array $JOB_DONE: $TASKS tasks wrote their ids; up to $overlap ran at once on $cpus CPUs; sbatch --wait took ${elapsed} s"
say "PASS: sbatch --wait exits 3 when one task of an array exits 3"
