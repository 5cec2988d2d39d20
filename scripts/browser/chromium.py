"""A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (Python standard library only).

Chromium reads commands from file descriptor 3 and writes replies and events to 4, each a JSON
message ended by a NUL byte, so no WebSocket library is needed.
"""
import base64
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("Chromium is not installed; run `make test-browser`, which installs Debian's chromium.")


class Browser:
    def __init__(self, width=1400, height=1000):
        self.profile = tempfile.mkdtemp(prefix="moviekit-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        args = [
            find_chromium(), "--headless=new", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--disable-extensions", "--mute-audio", "--autoplay-policy=no-user-gesture-required",
            f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")
        # The shell moves the pipes onto descriptors 3 and 4, where Chromium expects them.
        command = 'exec "$@" 3<&%d 4>&%d' % (to_chrome_r, from_chrome_w)
        self.process = subprocess.Popen(
            ["bash", "-c", command, "chromium"] + args, pass_fds=(to_chrome_r, from_chrome_w),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.next_id = 0
        self.replies = {}
        self.events = queue.Queue()
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.session = None

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self.from_chrome, 1 << 16)
            if not chunk:
                with self.lock:
                    self.closed = True
                    self.lock.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self.lock:
                        self.replies[message["id"]] = message
                        self.lock.notify_all()
                else:
                    self.events.put(message)

    def send(self, method, params=None, session=True, timeout=30):
        with self.lock:
            self.next_id += 1
            message_id = self.next_id
        message = {"id": message_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self.lock:
            while message_id not in self.replies:
                left = deadline - time.monotonic()
                if left <= 0 or getattr(self, "closed", False):
                    raise RuntimeError(f"{method}: no reply from Chromium")
                self.lock.wait(left)
            reply = self.replies.pop(message_id)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Page.navigate", {"url": url})

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {
            "expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=10, interval=0.01):
        """Polls `expression` until it is truthy; returns its value and the seconds waited."""
        start = time.monotonic()
        while True:
            value = self.evaluate(expression)
            if value:
                return value, time.monotonic() - start
            if time.monotonic() - start > timeout:
                raise AssertionError(f"timed out after {timeout} s waiting for {expression}")
            time.sleep(interval)

    def key(self, key, code, text=""):
        for kind in ("keyDown", "keyUp"):
            params = {"type": kind, "key": key, "code": code}
            if text and kind == "keyDown":
                params["text"] = text
            self.send("Input.dispatchKeyEvent", params)

    def screenshot(self, path, clip=None):
        """Saves the page as a PNG; `clip` (x, y, width, height) keeps that rectangle at scale 1."""
        params = {"format": "png"}
        if clip:
            params["clip"] = {"x": clip[0], "y": clip[1], "width": clip[2], "height": clip[3], "scale": 1}
        data = self.send("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
