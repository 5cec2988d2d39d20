#!/usr/bin/env bash
# Proves that the tests which read ../shared (libass's corpus) skip, with their reason, in a clone
# with no ../shared beside it: runs their suites again with MOVIEKIT_SHARED naming a folder that does
# not exist (Tests/TestSupport/SharedFolder.swift), and checks that no test source finds `shared`
# another way. Run by `make test` after the whole suite, on the same build.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

# Every test finds ../shared through SharedFolder, which MOVIEKIT_SHARED redirects.
if grep -rn --include='*.swift' -E 'appendingPathComponent\("(\.\./)?shared|fileURLWithPath: "\.\./shared' Tests | grep -v 'Tests/TestSupport/SharedFolder.swift'; then
  echo "test-without-shared: the lines above find ../shared without SharedFolder; use SharedFolder.url(_:) and SharedFolder.has(_:)." >&2
  exit 1
fi

suites='LibassCorpusTests|ASSEventSizeTests|ASSEmbeddedFontTests'
absent=$(mktemp -d)/no-shared-here
log=$(mktemp)
trap 'rm -f "$log"; rmdir "$(dirname "$absent")"' EXIT
echo "Running $suites with MOVIEKIT_SHARED=$absent (as in a clone with no ../shared)"
if ! MOVIEKIT_SHARED=$absent $SWIFT test --skip-build --filter "$suites" >"$log" 2>&1; then
  tail -40 "$log"
  echo "test-without-shared: a suite that reads ../shared failed without it; it must skip instead." >&2
  exit 1
fi
skipped=$(grep -c 'skipped: "../shared/' "$log" || true)
grep -E '^(✔|✘|􁁛|.*Test run with)' "$log" | tail -3
if [ "$skipped" -lt 3 ]; then
  grep -i skipped "$log" || true
  echo "test-without-shared: expected the three tests that read ../shared/libass-tests to be skipped with their reason; $skipped were." >&2
  exit 1
fi
echo "test-without-shared: $skipped tests that read ../shared skipped with their reason; the rest of their suites passed."
