#!/usr/bin/env bash
# Builds the DocC documentation of every library module into one static site (make docs), then checks
# that each module's landing page curates all of its public symbols and articles into its own Topics.
#
#   DOCS_OUTPUT   where the site goes (default .build/docs; serve it with
#                 `python3 -m http.server -d .build/docs` and open /documentation/moviekitcore)
#   DOCC_FLAGS    extra flags for DocC (default --warnings-as-errors: any warning, such as an
#                 unresolved ``Symbol`` link or an undocumented parameter, fails the build)
set -euo pipefail
cd "$(dirname "$0")/.."

output="${DOCS_OUTPUT:-.build/docs}"
flags="${DOCC_FLAGS---warnings-as-errors}"
targets=(FrameValues FrameDraw MovieKitAnimation MovieKitCore MovieKitScene MovieKitLottie MovieKitPreview MovieKitSubtitles MovieKitBatch MovieKitMCP)

target_args=()
for target in "${targets[@]}"; do target_args+=(--target "$target"); done

rm -rf "$output"
# shellcheck disable=SC2086  # $flags is a list of flags
swift package --allow-writing-to-directory "$output" generate-documentation "${target_args[@]}" \
    --enable-experimental-combined-documentation --transform-for-static-hosting \
    --output-path "$output" $flags

python3 scripts/check-doc-topics.py "$output" "${targets[@]}"
echo "Documentation: $output (serve it with: python3 -m http.server -d $output)"
