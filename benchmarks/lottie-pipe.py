#!/usr/bin/env python3
"""W5's peers: render every frame of a Lottie file in this process and pipe raw pixels into the ffmpeg CLI.

usage: benchmarks/lottie-pipe.py thorvg|rlottie ANIMATION.json WIDTHxHEIGHT PRESET OUTPUT.mp4 [FFMPEG]

The pipeline users build today with the Python bindings of ThorVG (`thorvg-python`) and rlottie
(`rlottie-python`), written to be fast: one canvas or animation for the whole render, each frame's
pixels written to ffmpeg's stdin as they are (premultiplied, so dropping alpha shows the picture
over black), encoded with MovieKit's x264 settings. The animation is drawn at its own size and
centred in the frame (1920x1080 in 1920x1088: 4 black rows above and below), as MovieKit contains it.
MovieKitBenchmarks runs this script (W5); it needs `pip install thorvg-python rlottie-python`.
"""
import json
import subprocess
import sys


def frames_thorvg(path, width, height, frame_width, frame_height):
    import thorvg_python as tvg

    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(frame_width, frame_height, cs=tvg.Colorspace.ABGR8888)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    picture.translate((frame_width - width) / 2, (frame_height - height) / 2)
    canvas.add(picture)
    view = memoryview(canvas.buffer_arr).cast("B")

    def render(frame):
        animation.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        return view

    return "rgba", render


def frames_rlottie(path, width, height, frame_width, frame_height):
    import rlottie_python as rl

    animation = rl.LottieAnimation.from_file(path)
    top = bytes(frame_width * 4 * ((frame_height - height) // 2))
    bottom = bytes(frame_width * 4 * (frame_height - height - (frame_height - height) // 2))
    assert frame_width == width, "rlottie draws rows as wide as the frame"

    def render(frame):
        # rlottie's ARGB32 pixels are BGRA bytes on little-endian machines, premultiplied.
        return top + animation.lottie_animation_render(frame_num=frame, width=width, height=height) + bottom

    return "bgra", render


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    renderer, path, size, preset, output = sys.argv[1:6]
    ffmpeg = sys.argv[6] if len(sys.argv) > 6 else "ffmpeg"
    frame_width, frame_height = (int(v) for v in size.split("x"))
    with open(path) as f:
        data = json.load(f)
    width, height, fps = int(data["w"]), int(data["h"]), data["fr"]
    frames = int(data["op"]) - int(data["ip"])
    make = {"thorvg": frames_thorvg, "rlottie": frames_rlottie}[renderer]
    pixel_format, render = make(path, width, height, frame_width, frame_height)
    encoder = subprocess.Popen(
        [ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", pixel_format,
         "-s", f"{frame_width}x{frame_height}", "-r", str(fps), "-i", "-",
         "-c:v", "libx264", "-preset", preset, "-crf", "23", "-pix_fmt", "yuv420p",
         "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-movflags", "+faststart", output],
        stdin=subprocess.PIPE)
    for frame in range(frames):
        encoder.stdin.write(render(frame))
    encoder.stdin.close()
    sys.exit(encoder.wait())


if __name__ == "__main__":
    main()
