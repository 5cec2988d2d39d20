#!/usr/bin/env bash
# Runs `swift test` under one sanitizer with the project's suppressions, then fails if any process
# (the test runner, or a child it started such as `moviemake` or ReliabilityScenarios) wrote a report.
#   scripts/sanitizers/run-tests.sh address [swift test options…]
#   scripts/sanitizers/run-tests.sh thread --filter "PipelineTests"
# Each sanitizer builds into its own scratch folder (.build-asan, .build-tsan), so `make test` keeps
# its ordinary build. Reports are written under that folder's sanitizer-reports/ and printed here.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
here="$PWD/scripts/sanitizers"

sanitizer="${1:?usage: run-tests.sh address|thread [swift test options…]}"
shift
case "$sanitizer" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  *) echo "Unknown sanitizer '$sanitizer'; use address or thread." >&2; exit 2 ;;
esac

reports="$PWD/$scratch/sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"

# The toolchain's own symbolizer, so reports name functions and lines.
if symbolizer="$(command -v llvm-symbolizer)"; then
  export ASAN_SYMBOLIZER_PATH="$symbolizer" TSAN_SYMBOLIZER_PATH="$symbolizer"
fi
# detect_leaks: LeakSanitizer runs at each process's exit (ASan on Linux includes it; the Swift
# toolchain ships the runtime, so no Debian clang package is needed).
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$reports/asan"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
# halt_on_error=0 collects every race of a run; exitcode makes a report fail the process anyway.
# atexit_sleep_ms: ThreadSanitizer sleeps this long in every exiting process so that threads still
# running can race with the exit; its default, a second, was most of what each child process the tests
# start (moviemake, the reliability scenarios) cost. A tenth of a second still lets them run.
export TSAN_OPTIONS="suppressions=$here/tsan.supp:halt_on_error=0:exitcode=66:second_deadlock_stack=1:atexit_sleep_ms=100:log_path=$reports/tsan"

# Tests with many cases of the same code run a sample of them under a sanitizer (TestSupport's
# SanitizerRun: libass's corpus, the Lottie canvas sizes); `make test` runs every case.
export MOVIEKIT_SANITIZER="$sanitizer"

status=0
# ld.gold prints "Cannot export local symbol '__asan_…'" for each of the toolchain's ASan runtime
# symbols at every link (about 350 lines a link): about the runtime, not our code, so they are dropped.
"$SWIFT" build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 \
  | { grep -v "Cannot export local symbol" || true; }
"$SWIFT" test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@" || status=$?

shopt -s nullglob
found=("$reports"/*)
if [ ${#found[@]} -gt 0 ]; then
  echo "The $sanitizer sanitizer wrote ${#found[@]} report(s):" >&2
  for report in "${found[@]}"; do
    echo "----- $report" >&2
    cat "$report" >&2
  done
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "swift test under the $sanitizer sanitizer failed (status $status)." >&2
else
  echo "swift test under the $sanitizer sanitizer passed with no reports."
fi
exit "$status"
