"""A real headless Chromium driven over the Chrome DevTools Protocol, for the viewer's tests.

Debian's ``chromium`` runs with ``--remote-debugging-pipe``: it reads protocol messages from
its file descriptor 3 and writes to 4, each a JSON object ended by a NUL byte, so no
WebSocket library or driver binary is needed. One reader thread routes replies to their
callers and keeps page events. :class:`Page` does what a person does: open a URL, read the
rendered text, click an element with the mouse, type, take a screenshot.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("MNEMON_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--remote-debugging-pipe", "--window-size=1280,900")


def _high(*fds: int) -> tuple[int, ...]:
    """The descriptors moved above 9, so the shell's ``3<&N 4>&M`` never reads one it just
    overwrote (a pipe opened as descriptor 3 or 4 would otherwise be)."""
    moved = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in fds)
    for fd in fds:
        os.close(fd)
    return moved


class BrowserError(AssertionError):
    pass


def available() -> bool:
    return os.access(CHROMIUM, os.X_OK)


class Browser:
    def __init__(self, timeout: float = 20.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="mn-chromium-")
        to_chrome_r, self._out = _high(*os.pipe())
        self._in, from_chrome_w = _high(*os.pipe())
        command = [CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"]
        self.proc = subprocess.Popen(
            ["/bin/bash", "-c", f'exec "$0" "$@" 3<&{to_chrome_r} 4>&{from_chrome_w}', *command],
            pass_fds=(to_chrome_r, from_chrome_w), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.stderr = ""
        self._next = 0
        self._lock = threading.Lock()
        self._waiting: dict[int, queue.Queue[dict[str, Any]]] = {}
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="cdp-reader", daemon=True)
        self._reader.start()
        try:
            self.version = self.send("Browser.getVersion")["product"]
        except (BrowserError, OSError) as err:
            self.close()
            raise BrowserError(f"chromium did not start ({err}): {self.stderr[-2000:]}") from None

    def _read(self) -> None:
        buffer = b""
        with os.fdopen(self._in, "rb", buffering=0) as pipe:
            while True:
                chunk = pipe.read(65536)
                if not chunk:
                    break
                buffer += chunk
                while b"\0" in buffer:
                    raw, buffer = buffer.split(b"\0", 1)
                    message = json.loads(raw)
                    waiter = self._waiting.pop(message["id"], None) if "id" in message else None
                    if waiter is not None:
                        waiter.put(message)
                    else:
                        self.events.put(message)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        with self._lock:
            self._next += 1
            ident = self._next
            box: queue.Queue[dict[str, Any]] = queue.Queue()
            self._waiting[ident] = box
            message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(self._out, json.dumps(message).encode() + b"\0")
        try:
            reply = box.get(timeout=self.timeout)
        except queue.Empty:
            raise BrowserError(f"no answer to {method} within {self.timeout} s") from None
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def page(self) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Page(self, session)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        if self.proc.stderr is not None:
            self.stderr = self.proc.stderr.read().decode(errors="replace")
            self.proc.stderr.close()
        try:
            os.close(self._out)
        except OSError:
            pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Page:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})

    def send(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return self.browser.send(method, params, self.session)

    def eval(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 15.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.eval(expression)
            except BrowserError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out waiting for {expression} at {self.url()}")
            time.sleep(0.05)

    def loaded(self, previous: str | None = None) -> None:
        """Wait for a new document (other than ``previous``'s marker) to finish loading."""
        self.wait_for(f"document.readyState === 'complete' && window.__mark !== {json.dumps(previous)}")
        marker = f"m{time.monotonic_ns()}"
        self.eval(f"window.__mark = {json.dumps(marker)}")
        self._mark = marker

    def goto(self, url: str) -> None:
        previous = getattr(self, "_mark", None)
        self.send("Page.navigate", {"url": url})
        self.loaded(previous)

    def url(self) -> str:
        return str(self.eval("location.href"))

    def text(self, selector: str = "body") -> str:
        return str(self.eval(f"document.querySelector({json.dumps(selector)})?.innerText ?? ''"))

    def count(self, selector: str) -> int:
        return int(self.eval(f"document.querySelectorAll({json.dumps(selector)}).length"))

    def _centre(self, selector: str) -> tuple[float, float]:
        box = self.eval(
            f"(() => {{ const el = document.querySelector({json.dumps(selector)}); if (!el) return null;"
            " el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if not box:
            raise BrowserError(f"no element {selector} on {self.url()}")
        return float(box[0]), float(box[1])

    def click(self, selector: str, *, navigates: bool = False) -> None:
        """A real mouse click at the element's centre; ``navigates``: wait for the next page."""
        previous = getattr(self, "_mark", None)
        x, y = self._centre(selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
        if navigates:
            self.loaded(previous)

    def type(self, selector: str, text: str) -> None:
        self.click(selector)
        self.send("Input.insertText", {"text": text})

    def press_enter(self, *, navigates: bool = True) -> None:
        previous = getattr(self, "_mark", None)
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter",
                                                 "windowsVirtualKeyCode": 13, "text": "\r" if kind == "keyDown" else ""})
        if navigates:
            self.loaded(previous)

    def screenshot(self, path: Path) -> Path:
        """The whole page as PNG."""
        metrics = self.send("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        height = min(int(size["height"]) + 1, 4000)
        shot = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                    "clip": {"x": 0, "y": 0, "width": 1280, "height": height,
                                                             "scale": 1}})
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path
