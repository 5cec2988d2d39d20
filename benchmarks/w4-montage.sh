#!/usr/bin/env bash
# W4 "montage" by hand, until it joins `make bench`: four 1080p clips (H.264, H.264 portrait stored
# 1920x1080 with a 90° matrix, HEVC, 10-bit HEVC HLG), 5 s of each, 0.5 s crossfades, music, at
# 1920x1088 and 30 fps with libx264 medium crf 23. Times `moviemake slideshow` and the ffmpeg CLI
# graph doing the same work in the same run, and prints both and their ratio.
# Usage: benchmarks/w4-montage.sh [moviemake binary] [work folder]
set -euo pipefail
MOVIEMAKE=$(realpath "${1:-.build/release/moviemake}")
WORK=${2:-/tmp/moviekit-w4}
mkdir -p "$WORK/clips"
cd "$WORK"
q=(-v error -y)
x265=(-c:v libx265 -preset ultrafast -x265-params log-level=none -tag:v hvc1)
[ -f clips/a.mp4 ] || ffmpeg "${q[@]}" -f lavfi -i testsrc2=s=1920x1080:r=30:d=6 -c:v libx264 -preset ultrafast -pix_fmt yuv420p clips/a.mp4
if [ ! -f clips/b.mp4 ]; then
  ffmpeg "${q[@]}" -f lavfi -i smptehdbars=s=1920x1080:r=30:d=6 -c:v libx264 -preset ultrafast -pix_fmt yuv420p stored.mp4
  ffmpeg "${q[@]}" -i stored.mp4 -c copy -metadata:s:v:0 rotate=90 clips/b.mp4
fi
[ -f clips/c.mp4 ] || ffmpeg "${q[@]}" -f lavfi -i testsrc=s=1920x1080:r=30:d=6 -vf hue=h=90 -pix_fmt yuv420p "${x265[@]}" clips/c.mp4
[ -f clips/d.mp4 ] || ffmpeg "${q[@]}" -f lavfi -i testsrc2=s=1920x1080:r=30:d=6 -vf format=yuv420p10le "${x265[@]}" \
  -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc clips/d.mp4
[ -f music.m4a ] || ffmpeg "${q[@]}" -f lavfi -i sine=frequency=330:duration=30 -c:a aac music.m4a

fit="scale=1920:1088:force_original_aspect_ratio=decrease,pad=1920:1088:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p"
tone="zscale=tin=arib-std-b67:pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv"
graph="[0:v]trim=0:5,setpts=PTS-STARTPTS,$fit[v0];[1:v]trim=0:5,setpts=PTS-STARTPTS,$fit[v1];"
graph+="[2:v]trim=0:5,setpts=PTS-STARTPTS,$fit[v2];[3:v]trim=0:5,setpts=PTS-STARTPTS,$tone,$fit[v3];"
graph+="[v0][v1]xfade=transition=fade:duration=0.5:offset=4.5[x1];[x1][v2]xfade=transition=fade:duration=0.5:offset=9[x2];"
graph+="[x2][v3]xfade=transition=fade:duration=0.5:offset=13.5[v];[4:a]atrim=0:18.5,afade=t=out:st=17.5:d=1[a]"
start=$(date +%s.%N)
ffmpeg "${q[@]}" -i clips/a.mp4 -i clips/b.mp4 -i clips/c.mp4 -i clips/d.mp4 -i music.m4a -filter_complex "$graph" \
  -map '[v]' -map '[a]' -c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -c:a aac -movflags +faststart ffmpeg.mp4
ffmpeg_seconds=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
"$MOVIEMAKE" slideshow clips -o moviekit.mp4 --overwrite --size 1920x1088 --fps 30 --fit contain \
  --transition crossfade --transition-duration 0.5 --max-clip-duration 5 --audio music.m4a --preset medium --crf 23 --quiet
moviekit_seconds=$(echo "$(date +%s.%N) - $start" | bc)
echo "W4 ffmpeg CLI graph: ${ffmpeg_seconds} s; moviemake slideshow: ${moviekit_seconds} s; ratio $(echo "scale=2; $moviekit_seconds / $ffmpeg_seconds" | bc)"
