#!/usr/bin/env python3
"""Draws real-world Lottie files with MovieKit and with ThorVG at the same frames, side by side, for the docs.

usage: scripts/lottie-real-world.py [OUT.png]     (needs what scripts/lottie-conformance.py needs; network for PyPI)

The files are the real-world animations (from LottieFiles) that rlottie keeps in example/resource/ of its
source, taken from the rlottie-python sdist on PyPI (version and SHA-256 pinned below) into
.build/lottie-real-world/. Each row is one file at 0 %, 25 %, 50 % and 75 % of its length: MovieKit's four
frames (`moviemake still --frame N`, MOVIEMAKE or .build/release/moviemake) on the left, ThorVG's on the
right, on a checkerboard so that transparency shows. Differences are to be judged by eye; the conformance
suite (`swift test --filter LottieConformance`, scripts/lottie-conformance.py) is the measured comparison.
Default OUT: Sources/MovieKitLottie/MovieKitLottie.docc/Resources/lottie-real-world.png.
"""
import hashlib, io, json, os, subprocess, sys, tarfile, tempfile, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
SDIST = ("https://files.pythonhosted.org/packages/c5/38/3c70069ffa7ff869b55f7f699144da45db7b4b121821ac520a4ad9c9186d/"
         "rlottie_python-1.3.8.tar.gz")
SDIST_SHA256 = "a8404bc5e8fa9b4e5c7dad2173930c11450c9a2d95091f4f6a213bc77c4d9288"
FILES = ["1643-exploding-star.json", "27746-joypixels-partying-face-emoji-animation.json",
         "29056-nepenthe-illustration.json", "a_cup_of_coffee.json", "confetti.json",
         "gradient_sleepy_loader.json", "dna.json", "funky_chicken.json"]
FRACTIONS = [0, 0.25, 0.5, 0.75]
THUMB = 112


def fetch(folder):
    """The chosen files, extracted once from the sdist into `folder`."""
    paths = [os.path.join(folder, name) for name in FILES]
    if all(os.path.exists(path) for path in paths):
        return paths
    os.makedirs(folder, exist_ok=True)
    data = urllib.request.urlopen(SDIST, timeout=60).read()
    digest = hashlib.sha256(data).hexdigest()
    if SDIST_SHA256 and digest != SDIST_SHA256:
        sys.exit(f"lottie-real-world: {SDIST} has SHA-256 {digest}, expected {SDIST_SHA256}")
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            name = os.path.basename(member.name)
            if "/example/resource/" in member.name and name in FILES:
                with open(os.path.join(folder, name), "wb") as out:
                    out.write(archive.extractfile(member).read())
    return paths


def frames_of(path):
    with open(path) as f:
        data = json.load(f)
    count = int(round(float(data["op"]) - float(data["ip"])))
    return [min(count - 1, int(round(fraction * count))) for fraction in FRACTIONS], int(data["w"]), int(data["h"])


def moviekit(moviemake, path, frame, scratch):
    out = os.path.join(scratch, f"{os.path.basename(path)}-{frame}.png")
    result = subprocess.run([moviemake, "still", path, "--frame", str(frame), "-o", out, "-y"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    from PIL import Image
    return Image.open(out).convert("RGBA")


def thorvg(path, frame, width, height, scratch):
    """ThorVG's frame, drawn in a child process: ThorVG crashes on some real files (dna.json)."""
    out = os.path.join(scratch, f"{os.path.basename(path)}-{frame}-thorvg.png")
    result = subprocess.run([sys.executable, __file__, "--thorvg", path, str(frame), str(width), str(height), out],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"ThorVG exited with status {result.returncode} {result.stderr.strip()}")
    from PIL import Image
    return Image.open(out).convert("RGBA")


def thorvg_child(path, frame, width, height, out):
    """Draws one frame with the same ThorVG set-up as scripts/lottie-conformance.py."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("lottie_conformance", os.path.join(HERE, "lottie-conformance.py"))
    conformance = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conformance)
    conformance.thorvg_renderer()(path, frame, width, height).convert("RGBA").save(out)


def thumbnail(image):
    from PIL import Image
    board = Image.new("RGBA", (THUMB, THUMB), (255, 255, 255, 255))
    for y in range(0, THUMB, 8):
        for x in range(0, THUMB, 8):
            if (x // 8 + y // 8) % 2:
                board.paste((225, 225, 225, 255), (x, y, x + 8, y + 8))
    image = image.copy()
    image.thumbnail((THUMB, THUMB))
    board.alpha_composite(image, ((THUMB - image.width) // 2, (THUMB - image.height) // 2))
    return board


def main():
    from PIL import Image, ImageDraw
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        ROOT, "Sources", "MovieKitLottie", "MovieKitLottie.docc", "Resources", "lottie-real-world.png")
    moviemake = os.environ.get("MOVIEMAKE", os.path.join(ROOT, ".build", "release", "moviemake"))
    paths = fetch(os.path.join(ROOT, ".build", "lottie-real-world"))
    gap, label = 16, 18
    columns = 2 * len(FRACTIONS)
    sheet = Image.new("RGB", (columns * THUMB + gap, label + len(paths) * (THUMB + label)), "white")
    draw = ImageDraw.Draw(sheet)
    draw.text((4, 3), "MovieKit", fill="black")
    draw.text((len(FRACTIONS) * THUMB + gap + 4, 3), "ThorVG", fill="black")
    with tempfile.TemporaryDirectory() as scratch:
        for row, path in enumerate(paths):
            frames, width, height = frames_of(path)
            top = label + row * (THUMB + label)
            draw.text((4, top + 3), f"{os.path.basename(path)}: frames {', '.join(map(str, frames))}", fill="black")
            for column, frame in enumerate(frames):
                for side, render in enumerate((lambda: moviekit(moviemake, path, frame, scratch),
                                               lambda: thorvg(path, frame, width, height, scratch))):
                    left = side * (len(FRACTIONS) * THUMB + gap) + column * THUMB
                    try:
                        sheet.paste(thumbnail(render()).convert("RGB"), (left, top + label))
                    except Exception as error:  # a renderer that fails shows an empty cell and says why
                        print(f"{os.path.basename(path)} frame {frame}: {error}", file=sys.stderr)
    sheet.save(out, optimize=True)
    print(f"lottie-real-world: wrote {out}")


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "--thorvg":
        thorvg_child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
    else:
        main()
