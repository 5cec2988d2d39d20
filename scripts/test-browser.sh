#!/usr/bin/env bash
# `make test-browser`: `moviemake preview` in Debian's Chromium, headless, driven through the DevTools
# protocol over a pipe (scripts/browser/, Python standard library only; no browser download), and
# Chromium's layout of a WebVTT <track> compared with MovieKit's (webvtt_layout_test.py).
# Installs chromium when missing. SCREENSHOT=path also saves a picture of the page.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends chromium
fi

# Release: the timings it checks (a save shown within half a second) are those of the real tool.
${SWIFT:-swift} build -c release --product moviemake
MOVIEMAKE="$(${SWIFT:-swift} build -c release --show-bin-path)/moviemake"
python3 scripts/browser/preview_test.py "$MOVIEMAKE" Examples/scenes title-card.yaml ${SCREENSHOT:+"$SCREENSHOT"}
# Chromium as the reference for WebVTT layout: where each cue's box falls, against MovieKit's drawing.
python3 scripts/browser/webvtt_layout_test.py "$MOVIEMAKE"
