#!/usr/bin/env bash
# Installs the Debian packages MovieKit needs, only when some are missing.
# Uses apt-get directly as root and sudo otherwise; runs `apt-get update` first.
set -euo pipefail

PACKAGES=(
  pkg-config
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libswresample-dev libavfilter-dev
  libcairo2-dev libpango1.0-dev fonts-dejavu-core fonts-lohit-deva
  libheif-dev        # HEIC/HEIF and AVIF decoding (the CHeif target)
  zlib1g-dev         # gzip inflation for Telegram stickers (the CZlib target)
  libzip-dev         # dotLottie's ZIP container (the CZip target)
  libheif-examples   # heif-enc: the image tests make their HEIC and AVIF inputs with it
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri   # GL shaders: EGL surfaceless + OpenGL ES (the CEGL target)
  librsvg2-dev       # SVG pictures (the CRsvg target)
  libass-dev         # ASS/SSA subtitles (the CAss target)
  fonts-noto-color-emoji   # colour emoji in captions
  fonts-noto-cjk   # Chinese, Japanese and Korean text (captions, subtitles), chosen by language by fontconfig
  fonts-ipaexfont-gothic   # IPAexGothic, which libass's regression corpus draws its vertical karaoke test with
  ffmpeg   # test-time cross-checks (ffprobe) and the benchmark's encoder floor only
  libde265-examples   # libde265-dec265: an independent HEVC decoder for the cross-decoder test
  nodejs   # test-time check: web-platform-tests' WebVTT assertions run against MovieKit's parse
  python3-venv   # make bench's W5: a venv for the ThorVG and rlottie Python bindings (from PyPI)
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
