#!/usr/bin/env bash
# Renders editly's 34 example specs unchanged with `moviemake render` (no -o: each spec's outPath) and
# checks every movie by decoding it with ffprobe: the frame count moviemake reported, and a duration of
# that many frames at the movie's rate (for the animated WebP, which FFmpeg 5.1 cannot read, from its chunks). remote.json5 must fail with the network error when offline (its
# picsum.photos URLs cannot be downloaded) and render when online.
#
# The specs are copied to a temporary folder (EDITLY_EXAMPLES is read-only where tests run) and their
# assets are made by its make-assets.sh into EDITLY_ASSETS, kept between runs since they take minutes.
#
# usage: scripts/editly-examples.sh [SPEC.json5 ...]     (default: all of them)
#   MOVIEMAKE        the moviemake binary                 (default: .build/release/moviemake)
#   EDITLY_EXAMPLES  the specs and make-assets.sh         (default: ../shared/editly-examples)
#   EDITLY_ASSETS    where the generated assets are kept  (default: .build/editly-assets)
#   EDITLY_STRICT    1: exit 1 unless every spec passes; 0: report only (default: 1)
#   EDITLY_KEEP      a folder to keep the rendered movies in (default: removed)
#   EDITLY_SHEETS    a folder to write a contact sheet of each movie in, as SPEC.jpg (default: none)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
moviemake=${MOVIEMAKE:-$repo/.build/release/moviemake}
examples=${EDITLY_EXAMPLES:-$repo/../shared/editly-examples}
assets=${EDITLY_ASSETS:-$repo/.build/editly-assets}
strict=${EDITLY_STRICT:-1}

[ -x "$moviemake" ] || { echo "editly-examples: no moviemake at $moviemake; run swift build -c release --product moviemake" >&2; exit 1; }
[ -f "$examples/make-assets.sh" ] || { echo "editly-examples: no editly examples at $examples; set EDITLY_EXAMPLES" >&2; exit 1; }
command -v ffprobe >/dev/null || { echo "editly-examples: ffprobe is missing; run scripts/install-deps.sh" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/editly-examples.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r "$examples/." "$work/"
chmod -R u+w "$work"
mkdir -p "$assets"
echo "editly-examples: making the assets in $assets (minutes the first time)"
bash "$work/make-assets.sh" "$assets" >/dev/null
# The generated files join the copied ones (the Patua One font) in the copy's assets folder.
mkdir -p "$work/assets"
for file in "$assets"/*; do ln -sfn "$file" "$work/assets/$(basename "$file")"; done

if [ $# -gt 0 ]; then specs=("$@"); else specs=(); for spec in "$work"/*.json5; do specs+=("$(basename "$spec")"); done; fi

passed=0
failed=()
for spec in "${specs[@]}"; do
  log="$work/${spec%.json5}.log"
  start=$SECONDS
  if (cd "$work" && "$moviemake" render "$spec" -y) >"$log" 2>&1; then status=0; else status=$?; fi
  seconds=$((SECONDS - start))
  if [ "$spec" = remote.json5 ] && [ $status -ne 0 ]; then
    if [ $status -eq 1 ] && grep -q "cannot be downloaded" "$log"; then
      echo "PASS  $spec  (offline: $(grep -o 'cannot be downloaded[^.]*' "$log" | head -1))"
      passed=$((passed + 1))
    else
      echo "FAIL  $spec  exit $status without the network error: $(tail -1 "$log")"
      failed+=("$spec")
    fi
    continue
  fi
  if [ $status -ne 0 ]; then
    echo "FAIL  $spec  exit $status: $(grep -v '^moviemake: .*multiple of 16' "$log" | tail -1 | cut -c1-400)"
    failed+=("$spec")
    continue
  fi
  # "Wrote PATH: N frames, WxH at R fps."
  summary=$(grep '^Wrote ' "$log" | tail -1)
  movie=$(sed -E 's/^Wrote (.*): [0-9]+ frames, .*/\1/' <<<"$summary")
  frames=$(sed -E 's/.*: ([0-9]+) frames, .*/\1/' <<<"$summary")
  if [ -z "$summary" ] || [ ! -e "$movie" ]; then
    echo "FAIL  $spec  rendered but wrote no movie: $(tail -1 "$log")"
    failed+=("$spec")
    continue
  fi
  if [ "${movie##*.}" = webp ]; then
    # FFmpeg 5.1 reads no animated WebP: its frames (ANMF chunks) and their durations are counted from the file.
    probe=$(python3 - "$movie" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
frames, milliseconds, width, height, index = 0, 0, 0, 0, 12
while index + 8 <= len(data):
    kind, size = data[index:index + 4], struct.unpack("<I", data[index + 4:index + 8])[0]
    body = data[index + 8:index + 8 + size]
    if kind == b"VP8X":
        width, height = 1 + int.from_bytes(body[4:7], "little"), 1 + int.from_bytes(body[7:10], "little")
    elif kind == b"ANMF":
        frames, milliseconds = frames + 1, milliseconds + int.from_bytes(body[12:15], "little")
    index += 8 + size + (size & 1)
print(f"width={width}\nheight={height}\nnb_read_frames={frames}\navg_frame_rate={frames * 1000}/{max(milliseconds, 1)}\nduration={milliseconds / 1000}")
PY
    ) || true
  else
    probe=$(ffprobe -v error -select_streams v:0 -count_frames \
      -show_entries stream=nb_read_frames,avg_frame_rate,width,height:format=duration -of default=nw=1 "$movie" 2>&1) || true
  fi
  decoded=$(sed -n 's/^nb_read_frames=//p' <<<"$probe")
  rate=$(sed -n 's/^avg_frame_rate=//p' <<<"$probe")
  duration=$(sed -n 's/^duration=//p' <<<"$probe")
  size="$(sed -n 's/^width=//p' <<<"$probe")x$(sed -n 's/^height=//p' <<<"$probe")"
  # The container's duration is the frames at the movie's rate, within a frame (GIF rounds to 1/100 s).
  check=$(awk -v n="$frames" -v d="$decoded" -v r="$rate" -v t="$duration" 'BEGIN {
    split(r, q, "/"); fps = (q[2] > 0) ? q[1] / q[2] : q[1];
    if (d != n) { print "decoded " d " frames, moviemake wrote " n; exit }
    if (fps <= 0 || t == "" || t == "N/A") { print "no frame rate or duration"; exit }
    if (t - n / fps > 1.5 / fps + 0.02 || n / fps - t > 1.5 / fps + 0.02) { print "duration " t " s, not " n " frames at " fps " fps"; exit }
    print "ok" }')
  if [ "$check" = ok ]; then
    printf 'PASS  %s  %s frames, %s, %.2f s (%d s to render)\n' "$spec" "$frames" "$size" "$duration" "$seconds"
    passed=$((passed + 1))
    if [ -n "${EDITLY_KEEP:-}" ]; then mkdir -p "$EDITLY_KEEP" && cp "$movie" "$EDITLY_KEEP/"; fi
    if [ -n "${EDITLY_SHEETS:-}" ]; then
      # FFmpeg 5.1 does not decode animated WebP: that spec's sheet is drawn from an MP4 of it.
      input=$movie
      if [ "${movie##*.}" = webp ]; then
        input=$work/sheet.mp4
        (cd "$work" && "$moviemake" render "$spec" -o "$input" --codec h264 -y) >/dev/null 2>&1 || true
      fi
      mkdir -p "$EDITLY_SHEETS"
      (cd "$work" && "$moviemake" sheet "$input" -o "$work/sheet.png" --count 8 --columns 4 --thumbnail-width 160 -y) >/dev/null \
        && ffmpeg -nostdin -v error -y -i "$work/sheet.png" -q:v 7 "$EDITLY_SHEETS/${spec%.json5}.jpg" \
        || echo "editly-examples: no contact sheet for $spec" >&2
    fi
  else
    echo "FAIL  $spec  $(basename "$movie"): $check"
    failed+=("$spec")
  fi
done

echo "editly-examples: ${passed} of ${#specs[@]} specs pass."
if [ ${#failed[@]} -gt 0 ]; then
  echo "editly-examples: failing: ${failed[*]}"
  [ "$strict" = 1 ] && exit 1
fi
exit 0
