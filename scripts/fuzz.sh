#!/usr/bin/env bash
# Runs each libFuzzer target for SECONDS (`make fuzz`, `make fuzz-ci`), as many at once as the machine has
# cores (FUZZ_PARALLEL overrides): a libFuzzer process uses one core, so on two cores two targets share the
# wall time one would take.
#   scripts/fuzz.sh SECONDS TARGET…      (the targets must be built: `make fuzz-build`)
# The committed seeds in Fuzz/Corpus/<target>/ are read, never written; inputs that reach new code
# collect in .build-fuzz/corpus/<target>/, so later runs start where earlier ones stopped. A crash,
# leak, timeout or out-of-memory leaves its input in .build-fuzz/findings/<target>/ and fails the run.
# Each run is appended to .build-fuzz/fuzz-runs.tsv (date, target, seconds, runs, result).
# Extra libFuzzer options come from FUZZ_FLAGS.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:?usage: fuzz.sh SECONDS TARGET…}"
shift
scratch=.build-fuzz
bin="$scratch/debug"
read -r -a flags <<< "${FUZZ_FLAGS:--rss_limit_mb=4096 -malloc_limit_mb=2048 -timeout=10 -max_len=65536}"

if symbolizer="$(command -v llvm-symbolizer)"; then export ASAN_SYMBOLIZER_PATH="$symbolizer"; fi
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitizers/lsan.supp:print_suppressions=0"
# A GLib critical (a Pango or GLib function called with arguments it refuses) aborts, so it is a finding.
export G_DEBUG=fatal-criticals

# One target's run; its summary goes to .build-fuzz/logs/<target>.result (first line: ok or finding).
fuzz_one() {
  local target="$1"
  local corpus="$scratch/corpus/$target" findings="$scratch/findings/$target" log="$scratch/logs/$target.log"
  local result="$scratch/logs/$target.result"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  local args=(-max_total_time="$seconds" -artifact_prefix="$findings/" -print_final_stats=1 "${flags[@]}")
  [ -f "Fuzz/Dictionaries/$target.dict" ] && args+=(-dict="Fuzz/Dictionaries/$target.dict")
  # The MCP server answers on tasks of its own, so what one input allocates (the decoded message, the
  # SDK's regular expressions) may still be held, or freed, while the next input runs: libFuzzer's
  # per-input leak check cannot tell which input a block belongs to. LeakSanitizer still checks the
  # whole run when the process exits.
  [ "$target" = FuzzMCPRequest ] && args+=(-detect_leaks=0)
  "$bin/$target" "${args[@]}" "$corpus" "Fuzz/Corpus/$target" > "$log" 2>&1
  local status=$?
  local runs
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  local outcome
  if [ "$status" -eq 0 ]; then
    outcome="no finding"
    { echo ok
      echo "  $target: ${runs:-?} inputs in ${seconds}s, no finding ($(find "$corpus" -type f | wc -l) inputs in its corpus)"
    } > "$result"
  else
    outcome="FINDING (status $status)"
    { echo finding
      echo "  $target: finding after ${runs:-?} inputs (status $status); the input is in $findings/. Report:"
      # The cause first: a crash's backtrace and registers, or a library's warnings, can fill the tail.
      grep -m 5 -E 'Precondition failed|Fatal error|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|-CRITICAL' "$log"
      grep -v -E '^#[0-9]+|^$|Leftover font scales' "$log" | tail -60
    } > "$result"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seconds" "${runs:-?}" "$outcome" >> "$scratch/fuzz-runs.tsv"
}

parallel="${FUZZ_PARALLEL:-$(nproc)}"
[ "$parallel" -ge 1 ] 2>/dev/null || parallel=1
# A target named twice runs once: two runs at once would share its corpus and result file.
targets=()
for target in "$@"; do
  [[ " ${targets[*]} " == *" $target "* ]] || targets+=("$target")
done
set -- "${targets[@]}"
running=0
for target in "$@"; do
  if [ "$running" -ge "$parallel" ]; then
    wait -n
    running=$((running - 1))
  fi
  rm -f "$scratch/logs/$target.result"
  echo "Fuzzing $target for ${seconds}s (log: $scratch/logs/$target.log)"
  fuzz_one "$target" &
  running=$((running + 1))
done
wait

failed=()
for target in "$@"; do
  result="$scratch/logs/$target.result"
  if [ "$(head -1 "$result" 2>/dev/null)" = ok ]; then
    sed -n '2p' "$result"
  else
    failed+=("$target")
    if [ -f "$result" ]; then tail -n +2 "$result" >&2; else echo "  $target: the run left no result." >&2; fi
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "Fuzzing found problems in: ${failed[*]}. Replay one with: swift run <target> <input>" >&2
  exit 1
fi
echo "Fuzzing: ${#} target(s), ${seconds}s each, no finding."
