#!/usr/bin/env bash
# make test-package: does the README's quick start work for a new user?
#
# Makes a new package in a temporary folder whose Package.swift and main.swift are the README's two
# quick-start blocks, copied verbatim, and points the README's package URL at a clone of this
# repository's committed HEAD, tagged with the version the README asks for. No network is needed: a
# temporary global git configuration rewrites the URL (url.<clone>.insteadOf), and SwiftPM gets a
# cache of its own, so nothing from an earlier run is reused. Then it builds the package, runs the
# program twice (the second run must replace the first movie) and checks the movie with ffprobe.
#
#   KEEP=1   keep the temporary folder for inspection
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
readme="$repo/README.md"
work="$(mktemp -d "${TMPDIR:-/tmp}/moviekit-test-package.XXXXXX")"
if [[ "${KEEP:-}" == 1 ]]; then echo "Keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
started=$SECONDS
fail() { echo "test-package: $*" >&2; exit 1; }

# The README's fenced blocks: the first ```swift block that starts with swift-tools-version is the
# manifest, and the next ```swift block is main.swift.
extract() {  # extract manifest|main
    awk -v want="$1" '
        /^```/ {
            if (inside) { inside = 0; if (taking) exit; next }
            inside = 1; language = substr($0, 4); first = 1; next
        }
        inside && first {
            first = 0
            if (language == "swift" && $0 ~ /^\/\/ swift-tools-version/) { seen = 1; taking = (want == "manifest") }
            else if (language == "swift" && seen && want == "main") { taking = 1 }
        }
        inside && taking { print }
    ' "$readme"
}

url="https://github.com/moviekit/MovieKit.git"
package="$work/Hello"
mkdir -p "$package"
extract manifest > "$package/Package.swift"
grep -q "$url" "$package/Package.swift" || fail "the README's Package.swift does not name $url"
version="$(grep -o "from: \"[0-9][0-9.]*\"" "$package/Package.swift" | head -1 | cut -d'"' -f2)"
[[ -n "$version" ]] || fail "the README's Package.swift names no version (from: \"…\")"
target="$(tr '\n' ' ' < "$package/Package.swift" | grep -o 'executableTarget([[:space:]]*name: "[^"]*"' | head -1 | sed 's/.*name: "//; s/"$//' || true)"
[[ -n "$target" ]] || fail "the README's Package.swift declares no executable target"
mkdir -p "$package/Sources/$target"
extract main > "$package/Sources/$target/main.swift"
[[ -s "$package/Sources/$target/main.swift" ]] || fail "the README has no Swift block after its Package.swift"
echo "Package $target from README.md: MovieKit $version, $(wc -l < "$package/Sources/$target/main.swift") lines of main.swift"

# A clone of the committed HEAD, tagged with the README's version.
head="$(git -C "$repo" rev-parse HEAD)"
if [[ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]]; then
    echo "Note: the working tree has uncommitted changes; the package is built against HEAD ($head)."
fi
git clone --quiet --no-checkout "$repo" "$work/MovieKit"
git -C "$work/MovieKit" checkout --quiet --detach "$head"
git -C "$work/MovieKit" tag -d "$version" > /dev/null 2>&1 || true
git -C "$work/MovieKit" tag "$version" "$head"

# The README's URL resolves to that clone, for this script's git and SwiftPM only. The system
# configuration (which may point github.com at a local mirror for the other dependencies) still
# applies; the longer, exact insteadOf wins for MovieKit.
export GIT_CONFIG_GLOBAL="$work/gitconfig"
git config --global "url.$work/MovieKit.insteadOf" "$url"

# Its own cache, security (tag fingerprints) and configuration folders: a tag made by an earlier run
# for another commit must not be taken for a moved tag.
build_started=$SECONDS
(cd "$package" && swift build --cache-path "$work/swiftpm-cache" --security-path "$work/swiftpm-security" --config-path "$work/swiftpm-config" 2>&1 | grep -v "prohibited flag" | tail -5)
[[ -x "$package/.build/debug/$target" ]] || fail "the package did not build"
echo "Built in $((SECONDS - build_started)) s"

mkdir -p "$work/tmp"
movie="$work/tmp/hello.mp4"
for run in 1 2; do
    output="$(cd "$package" && TMPDIR="$work/tmp" ".build/debug/$target")" || fail "run $run of $target failed"
    echo "Run $run: $output"
    written="$(printf '%s\n' "$output" | sed -n 's/^Wrote //p' | tail -1)"
    [[ -n "$written" ]] && movie="$written"
    [[ -s "$movie" ]] || fail "run $run left no movie at $movie"
    frames="$(ffprobe -v error -select_streams v:0 -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "$movie")"
    duration="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$movie")"
    expected="$(grep -o 'frameCount: [0-9]*' "$package/Sources/$target/main.swift" | head -1 | grep -o '[0-9]*$' || true)"
    echo "  $movie: $frames frames, $duration s"
    [[ -z "$expected" || "$frames" == "$expected" ]] || fail "run $run: expected $expected frames, ffprobe read $frames"
done

echo "test-package: passed in $((SECONDS - started)) s"
