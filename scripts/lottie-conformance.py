#!/usr/bin/env python3
"""Scores ThorVG and rlottie on the Lottie conformance tests, for the README's table beside MovieKit.

usage: scripts/lottie-conformance.py [OUT]     (needs: pip install numpy scipy pillow thorvg-python rlottie-python)

Renders every reference frame of Tests/MovieKitSceneTests/Fixtures/lottie-tests/data with each renderer at
the composition's size on a transparent background, writes the PNGs under OUT/<renderer>/ (default
.build/lottie-conformance) laid out like data/, and scores them with the suite's compare.py. MovieKit's own
score comes from `swift test --filter LottieConformance` (set LOTTIE_RENDER_DIR to keep its PNGs and run
`compare.py --dir` on them).
"""
import glob, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, "..", "Tests", "MovieKitLottieTests", "Fixtures", "lottie-tests")
sys.path.insert(0, SUITE)
import compare  # noqa: E402


def thorvg_renderer():
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)

    def render(path, frame, width, height):
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        picture.load(path)
        picture.set_size(width, height)
        canvas.add(picture)
        animation.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        image = canvas.get_pillow()
        canvas.destroy()
        return image

    return render


def rlottie_renderer():
    import rlottie_python as rl

    import numpy as np
    from PIL import Image

    def render(path, frame, width, height):
        with rl.LottieAnimation.from_file(path) as animation:
            image = animation.render_pillow_frame(frame_num=frame, width=width, height=height)
        # rlottie's pixels are premultiplied; a PNG holds straight colour.
        pixels = np.array(image.convert("RGBA")).astype(np.float64)
        alpha = pixels[..., 3:4]
        colour = np.where(alpha > 0, np.clip(pixels[..., :3] * 255 / np.maximum(alpha, 1), 0, 255), 0)
        return Image.fromarray(np.concatenate([colour, alpha], -1).round().astype(np.uint8), "RGBA")

    return render


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "lottie-conformance")
    renderers = {"thorvg": thorvg_renderer(), "rlottie": rlottie_renderer()}
    references = sorted(glob.glob(os.path.join(SUITE, "data", "*", "*-[0-9][0-9].png")))
    for name, render in renderers.items():
        tests = {}
        for reference in references:
            rel = os.path.relpath(reference, os.path.join(SUITE, "data"))
            test, number = rel.rsplit("-", 1)
            source = os.path.join(SUITE, "data", test + ".json")
            with open(source) as f:
                data = json.load(f)
            target = os.path.join(out, name, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            try:
                render(source, int(number[:2]), int(data["w"]), int(data["h"])).save(target)
                ssim, psnr = compare.score(reference, target)
            except Exception as error:  # a crash or missing feature fails the frame
                print(f"{name} {rel}: {error}", file=sys.stderr)
                ssim, psnr = 0.0, 0.0
            tests.setdefault(test, []).append(compare.passes(ssim, psnr))
        passed = sum(all(v) for v in tests.values())
        print(f"{name}: {passed} of {len(tests)} tests pass")


if __name__ == "__main__":
    main()
