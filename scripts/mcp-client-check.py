"""Drives `moviemake mcp` with the official MCP Python SDK, as an assistant's host would.

usage: mcp-client-check.py MOVIEMAKE WORK_FOLDER

Initialises, lists the tools, lints a broken document, looks at a frame (the PNG decoded by the
ffmpeg CLI: its size and two pixels), renders a 2-second movie and probes it with ffprobe, cancels a
long render, and checks that a path outside the asset folder is a tool error. Then, on a process of
its own, sends lines that are not JSON-RPC and checks that the server still answers.
"""

import asyncio
import base64
import json
import os
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

MOVIEMAKE, WORK = sys.argv[1], sys.argv[2]
ASSETS, OUTPUT = os.path.join(WORK, "assets"), os.path.join(WORK, "out")

SCENE = """canvas: {width: 64, height: 32, fps: 10, duration: %s, background: "#ff0000"}
layers:
  - {type: rect, position: [32, 16], size: [20, 10], fill: "#0000ff"}
"""

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def pixels(png_path, width, height):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", png_path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        check=True, capture_output=True).stdout
    check(len(raw) == width * height * 3, f"the PNG decodes to {width}x{height} ({len(raw)} bytes)")
    return lambda x, y: tuple(raw[(y * width + x) * 3:(y * width + x) * 3 + 3])


async def session_checks():
    params = StdioServerParameters(command=MOVIEMAKE, args=["mcp", "--assets", ASSETS, "--output", OUTPUT])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(init.serverInfo.name == "moviemake", f"initialised: {init.serverInfo.name} {init.protocolVersion}")
            names = [tool.name for tool in (await session.list_tools()).tools]
            check({"lint", "still", "render", "probe"} <= set(names), f"tools listed: {names}")

            broken = "canvas: {width: 64, height: 32, duration: 1}\nlayers:\n  - {type: rect, sise: [1, 1]}\n"
            result = await session.call_tool("lint", {"document": broken})
            problems = (result.structuredContent or {}).get("problems", [])
            check(len(problems) == 1 and problems[0]["line"] == 3 and problems[0]["column"] is not None
                  and problems[0]["keyPath"] == "layers[0].sise" and problems[0]["fix"] == "Use `size`.",
                  f"lint names the line, column, key path and fix: {problems}")

            result = await session.call_tool("still", {"path": "scene.yaml", "time": 1})
            image = next(content for content in result.content if content.type == "image")
            png = os.path.join(WORK, "still.png")
            with open(png, "wb") as file:
                file.write(base64.b64decode(image.data))
            pixel = pixels(png, 64, 32)
            check(pixel(32, 16)[2] > 230 and pixel(32, 16)[0] < 25, f"the middle is blue: {pixel(32, 16)}")
            check(pixel(2, 2)[0] > 230 and pixel(2, 2)[2] < 25, f"the corner is red: {pixel(2, 2)}")

            updates = []

            async def record(done, total, message):
                updates.append((done, total))

            result = await session.call_tool(
                "render", {"document": SCENE % 2, "output": "two.mp4", "preset": "ultrafast"},
                progress_callback=record)
            check(not result.isError, f"render: {result.content[0].text}")
            movie = os.path.join(OUTPUT, "two.mp4")
            probe = json.loads(subprocess.run(
                ["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", movie],
                check=True, capture_output=True).stdout)
            stream = probe["streams"][0]
            check(stream["codec_name"] == "h264" and stream["width"] == 64 and stream["height"] == 32
                  and stream["nb_read_frames"] == "20" and abs(float(probe["format"]["duration"]) - 2) < 0.05,
                  f"ffprobe: {stream['codec_name']} {stream['width']}x{stream['height']}, "
                  f"{stream['nb_read_frames']} frames, {probe['format']['duration']} s")
            check(len(updates) > 0 and updates[-1][0] <= updates[-1][1], f"progress reported: {updates[-3:]}")

            result = await session.call_tool("still", {"path": "../outside.yaml"})
            check(result.isError and "asset folder" in result.content[0].text,
                  f"a path outside the asset folder is a tool error: {result.content[0].text}")

            # A long render (18,000 frames), cancelled once it reports progress: the progress stops
            # before the end, however busy the machine, and no file is left.
            progressed = asyncio.Event()
            frames = []

            async def on_progress(done, total, message):
                frames.append(done)
                progressed.set()

            long_scene = (SCENE % 600).replace("fps: 10", "fps: 30").replace("width: 64, height: 32", "width: 640, height: 352")
            long_render = asyncio.create_task(session.call_tool(
                "render", {"document": long_scene, "output": "long.mp4", "preset": "medium"},
                progress_callback=on_progress))
            await asyncio.wait_for(progressed.wait(), 60)
            request_id = session._request_id - 1  # the render's: no other request was sent since
            await session.send_notification(types.ClientNotification(types.CancelledNotification(
                params=types.CancelledNotificationParams(requestId=request_id, reason="the check is done"))))
            quiet, count = 0, len(frames)
            for _ in range(120):
                await asyncio.sleep(0.5)
                quiet, count = (quiet + 1 if len(frames) == count else 0), len(frames)
                if quiet >= 4:
                    break
            check(quiet >= 4 and frames[-1] < 18000, f"progress stopped after the cancel, at frame {frames[-1]:.0f}")
            long_render.cancel()
            check(not os.path.exists(os.path.join(OUTPUT, "long.mp4")), "the cancelled render left no file")
            result = await session.call_tool("lint", {"path": "scene.yaml"})
            check(not result.isError, "the server answers after the cancel")


def malformed_input_checks():
    process = subprocess.Popen(
        [MOVIEMAKE, "mcp", "--assets", ASSETS, "--output", OUTPUT],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines = [
        "this is not json",
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 7}}',
        json.dumps({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}),
    ]
    # Every line is written at once; the answers are read until the tools are listed (a client that
    # closes the server's input has gone, so the server may drop what it had not answered).
    process.stdin.write("\n".join(lines) + "\n")
    process.stdin.flush()
    answers = []
    while not any(answer.get("id") == 3 for answer in answers):
        line = process.stdout.readline()
        if not line:
            break
        answers.append(json.loads(line))
    process.stdin.close()
    process.wait(timeout=30)
    listed = [answer for answer in answers if answer.get("id") == 3 and "result" in answer]
    check(len(listed) == 1 and len(listed[0]["result"]["tools"]) >= 4,
          f"after lines that are not JSON-RPC the server still lists its tools ({len(answers)} answers)")
    check(process.returncode == 0, f"the server exits 0 when its input ends (status {process.returncode})")


os.makedirs(ASSETS, exist_ok=True)
with open(os.path.join(ASSETS, "scene.yaml"), "w") as file:
    file.write(SCENE % 2)
asyncio.run(session_checks())
malformed_input_checks()
print(f"mcp-client-check: {'all passed' if not failures else f'{len(failures)} failed'}")
sys.exit(1 if failures else 0)
