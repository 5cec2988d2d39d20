"""`make test-browser`: drives headless Chromium through `moviemake preview` and checks what a
scene author sees. Prints the measured scrub latency and playback speed.

Usage: preview_test.py MOVIEMAKE SCENE_FOLDER SCENE_FILE [SCREENSHOT.png]
"""
import base64
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from chromium import Browser

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def rgb(path):
    """The pixels of an image file as RGB bytes, decoded by ffmpeg."""
    return subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        check=True, capture_output=True).stdout


def compare(a, b):
    """Mean and largest difference of two same-size pictures, per channel in 0...255."""
    if len(a) != len(b):
        return None, None
    differences = [abs(x - y) for x, y in zip(a, b)]
    return sum(differences) / len(differences), max(differences)


def main():
    moviemake, source_folder, scene_name = sys.argv[1:4]
    screenshot = sys.argv[4] if len(sys.argv) > 4 else None
    work = tempfile.mkdtemp(prefix="moviekit-browser-")
    folder = os.path.join(work, "scene")
    shutil.copytree(source_folder, folder)
    scene = os.path.join(folder, scene_name)
    original = open(scene).read()

    server = subprocess.Popen(
        [moviemake, "preview", scene, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    browser = None
    try:
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not match:
            raise SystemExit(f"moviemake preview did not start: {line}{server.stderr.read()}")
        url = match.group(0)
        print(f"preview at {url}", flush=True)
        browser = Browser()
        browser.open(url)
        _, loaded = browser.wait_for("window.preview && preview.shownVersion === 1 && preview.shownFrame === 0", 20)
        check(True, f"the page loads and shows frame 0 ({loaded:.2f} s)")
        info = browser.evaluate("preview.info")
        fps = info["fps"]

        # Scrubbing at the default preview size (half the canvas): the time from the timeline's
        # input event to the new frame on screen, for frames not drawn before.
        latencies = []
        for seconds in [0.5, 1.0, 1.5, 2.0, 2.5, 0.25, 1.25, 2.75, 0.75, 1.75]:
            frame = int(seconds * fps + 1e-9)
            browser.evaluate(
                f"(() => {{ const t = document.getElementById('timeline'); t.value = {frame};"
                f" preview.scrubStarted = performance.now();"
                f" t.dispatchEvent(new Event('input')); }})()")
            browser.wait_for(f"preview.shownFrame === {frame}", 10)
            latencies.append(browser.evaluate("preview.latencies[preview.latencies.length - 1]"))
        median = statistics.median(latencies)
        # The goal is 100 ms on an idle machine; the check allows for a busy CI machine, and the figure is printed.
        check(median < 500, f"scrub to a new frame at half size: median {median:.0f} ms, max {max(latencies):.0f} ms "
              f"({len(latencies)} scrubs)")

        # The arrow keys step one frame.
        start = browser.evaluate("preview.frame")
        browser.key("ArrowRight", "ArrowRight")
        browser.wait_for(f"preview.shownFrame === {start + 1}", 5)
        browser.key("ArrowLeft", "ArrowLeft")
        browser.wait_for(f"preview.shownFrame === {start}", 5)
        check(True, "the arrow keys step one frame forward and back")

        # At full size, the picture is `moviemake still --time t`'s (within the PNG's rounding).
        browser.evaluate("(() => { const s = document.getElementById('size'); s.value = '1';"
                         " s.dispatchEvent(new Event('change')); })()")
        for seconds in [1.0, 2.0]:
            frame = int(seconds * fps + 1e-9)
            browser.evaluate(f"preview.seek({seconds})")
            browser.wait_for(f"preview.shownFrame === {frame} && document.getElementById('frame').naturalWidth === "
                             f"{info['width']}", 10)
            data = browser.evaluate(
                "(() => { const i = document.getElementById('frame'); const c = document.createElement('canvas');"
                " c.width = i.naturalWidth; c.height = i.naturalHeight; c.getContext('2d').drawImage(i, 0, 0);"
                " return c.toDataURL('image/png'); })()")
            shown = os.path.join(work, f"shown-{frame}.png")
            with open(shown, "wb") as file:
                file.write(base64.b64decode(data.split(",", 1)[1]))
            still = os.path.join(work, f"still-{frame}.png")
            subprocess.run([moviemake, "still", scene, "-o", still, "--time", str(seconds), "-y"], check=True)
            mean, largest = compare(rgb(shown), rgb(still))
            check(mean is not None and mean < 1 and largest <= 8,
                  f"the page at {seconds} s shows `moviemake still --time {seconds}`: mean difference {mean}, "
                  f"largest {largest}")
        browser.evaluate("(() => { const s = document.getElementById('size'); s.value = '0.5';"
                         " s.dispatchEvent(new Event('change')); })()")

        # Space plays at real speed (frames drawn ahead and cached), and space pauses.
        browser.evaluate("preview.seek(0)")
        browser.wait_for("preview.shownFrame === 0", 5)
        browser.evaluate("preview.shownWhilePlaying = 0")
        browser.key(" ", "Space", " ")
        began = time.monotonic()
        browser.wait_for("preview.playing", 2)
        time.sleep(2.0)
        state = browser.evaluate("({frame: preview.frame, shown: preview.shownWhilePlaying})")
        elapsed = time.monotonic() - began
        browser.key(" ", "Space", " ")
        browser.wait_for("!preview.playing", 2)
        speed = (state["frame"] / fps) / elapsed
        shown_rate = state["shown"] / elapsed
        check(0.85 < speed < 1.15, f"playback advances at {speed:.2f}x real time ({state['frame']} frames in "
              f"{elapsed:.2f} s), showing {shown_rate:.1f} of {fps:g} frames per second")

        # A layer chosen in the tree is outlined.
        browser.evaluate("document.querySelector('#layers button[data-id=\"1\"]').click()")
        points, _ = browser.wait_for("document.getElementById('outline-shape').getAttribute('points')", 5)
        check(len(points.split()) == 4, f"choosing the badge layer outlines its bounds ({points})")

        # Editing the file: the new frame at the same time, within half a second.
        browser.evaluate("preview.seek(2)")
        browser.wait_for(f"preview.shownFrame === {int(2 * fps)}", 5)
        version = browser.evaluate("preview.shownVersion")
        with open(scene, "w") as file:
            file.write(original.replace('background: "#0E1A2B"', 'background: "#6A1B4D"'))
        edited = time.monotonic()
        browser.wait_for(f"preview.shownVersion === {version + 1}", 5, interval=0.005)
        reload_time = time.monotonic() - edited
        frame_after = browser.evaluate("preview.shownFrame")
        check(reload_time < 0.5 and frame_after == int(2 * fps),
              f"a save shows the new frame at the same time in {reload_time * 1000:.0f} ms")

        # Breaking the file shows the error with its line and column and keeps the last frame; fixing recovers.
        broken = original.replace("  - type: rect", "\t- type: rect", 1)
        with open(scene, "w") as file:
            file.write(broken)
        place, _ = browser.wait_for(
            "!document.getElementById('problem').hidden && document.getElementById('problem-place').textContent", 5)
        kept = browser.evaluate(f"preview.shownVersion === {version + 1} && document.getElementById('frame').src !== ''")
        check(re.search(r"line \d+, column \d+", place) is not None and kept,
              f"a broken file shows \"{place.strip()}\" and keeps the last good frame")
        if screenshot:
            browser.screenshot(os.path.join(work, "error.png"))
        with open(scene, "w") as file:
            file.write(original)
        browser.wait_for(f"document.getElementById('problem').hidden && preview.shownVersion === {version + 2}", 5)
        check(True, "fixing the file hides the error and shows the new frame")

        if screenshot:
            browser.evaluate("(() => { document.querySelector('#layers button[data-id=\"2\"]').click();"
                             " preview.seek(1.5); })()")
            browser.wait_for(f"preview.shownFrame === {int(1.5 * fps)}", 5)
            time.sleep(1.0)  # The contact sheet's thumbnails.
            browser.screenshot(screenshot)
            print(f"screenshot: {screenshot}")
    finally:
        if browser:
            browser.close()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"{len(failures)} browser check(s) failed.")
        sys.exit(1)
    print("All browser checks passed.")


if __name__ == "__main__":
    main()
