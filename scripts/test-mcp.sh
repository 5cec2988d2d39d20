#!/usr/bin/env bash
# make test-mcp: `moviemake mcp` driven by the official MCP Python SDK (`mcp` from PyPI, in
# .build/mcp-venv), as an assistant's host starts it: initialise, list the tools, lint a broken
# document, look at a frame, render and probe a movie, cancel a long render, a path outside the asset
# folder, and lines that are not JSON-RPC (scripts/mcp-client-check.py). The ffmpeg CLI and ffprobe
# decode what it returns. make test drives the same server with the Swift SDK's client in-process.
# Then `moviemake schema scene` against Python's jsonschema (scripts/schema-check.py): every scene file
# of Examples/ and of the fixtures validates, and an unknown key is refused by both at one key path.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build/mcp-venv
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import mcp, jsonschema, yaml" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "mcp>=1.20,<2" "jsonschema>=4.18" pyyaml
fi
swift build --product moviemake >/dev/null
WORK="$(mktemp -d /tmp/moviekit-mcp.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
start=$SECONDS
"$VENV/bin/python" scripts/mcp-client-check.py "$(swift build --show-bin-path)/moviemake" "$WORK"
echo "test-mcp: the Python client's checks took $((SECONDS - start)) s"
start=$SECONDS
"$VENV/bin/python" scripts/schema-check.py "$(swift build --show-bin-path)/moviemake" "$PWD" "$WORK"
echo "test-mcp: the schema checks took $((SECONDS - start)) s"
