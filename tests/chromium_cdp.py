"""Headless Chromium driven over the DevTools protocol, with the standard library only.

Chromium's `--remote-debugging-pipe` speaks the protocol over file descriptors 3 (commands
in) and 4 (replies and events out), each message JSON ending in a NUL byte: no websocket
client and no debugging port are needed. Every wait is bounded; `close()` (or leaving the
`with` block) ends the browser.

    with Chromium(user_data_dir) as c:
        c.navigate("http://...")
        c.wait_for("document.title === 'x'", timeout=30)
        png = c.screenshot()
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio",
]  # fmt: skip


class CdpError(RuntimeError):
    """Chromium answered with an error, died, or did not answer in time."""


class Chromium:
    def __init__(self, user_data_dir: Path, width: int = 1280, height: int = 800) -> None:
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()
        # the child's ends go above 9 first, so mapping them onto 3 and 4 cannot clobber one another
        for low in (to_child_r, from_child_w):
            high = fcntl.fcntl(low, fcntl.F_DUPFD, 10)
            os.close(low)
            if low == to_child_r:
                to_child_r = high
            else:
                from_child_w = high
        # bash maps the two pipe ends onto the descriptors 3 and 4 that Chromium expects
        script = f'exec "$@" 3<&{to_child_r} 4>&{from_child_w} {to_child_r}<&- {from_child_w}>&-'
        cmd = [CHROMIUM, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={user_data_dir}",
               f"--window-size={width},{height}", "about:blank"]  # fmt: skip
        self._log = (user_data_dir.parent / f"{user_data_dir.name}.log").open("wb")
        self.proc = subprocess.Popen(
            ["bash", "-c", script, "chromium", *cmd],
            pass_fds=(to_child_r, from_child_w),
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""
        try:
            targets = self.call("Target.getTargets", session=False)["targetInfos"]
            page = next(t for t in targets if t["type"] == "page")
            self.session = self.call(
                "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}, session=False
            )["sessionId"]
            self.call("Page.enable")
            # the page gets exactly width x height CSS pixels (the window frame takes some otherwise)
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})  # fmt: skip
            self.call("Runtime.enable")
        except BaseException:
            self.close()
            raise

    # ---- the protocol ----------------------------------------------------------------------

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CdpError("no answer from Chromium in time")
            ready, _, _ = select.select([self._from_child], [], [], min(left, 1.0))
            if not ready:
                if self.proc.poll() is not None:
                    raise CdpError(f"Chromium exited with {self.proc.returncode}")
                continue
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise CdpError(f"Chromium closed the pipe (exit {self.proc.poll()})")
            self._buf += chunk
        raw, _, self._buf = self._buf.partition(b"\0")
        return json.loads(raw)  # type: ignore[no-any-return]

    def call(
        self, method: str, params: dict[str, Any] | None = None, timeout: float = 30.0, session: bool = True
    ) -> dict[str, Any]:
        self._next_id += 1
        msg: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self._to_child, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CdpError(f"{method}: {reply['error']}")
                return reply.get("result", {})  # type: ignore[no-any-return]
            if "method" in reply:
                self.events.append(reply)
                del self.events[:-500]

    # ---- what the tests use ----------------------------------------------------------------

    def navigate(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})

    def evaluate(self, expression: str, timeout: float = 30.0) -> Any:
        """The value of a JavaScript expression in the page (awaited when it is a promise)."""
        out = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            timeout=timeout,
        )
        if "exceptionDetails" in out:
            raise CdpError(f"{expression[:80]}: {out['exceptionDetails'].get('text')}")
        return out.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float, what: str) -> Any:
        """Poll `expression` until it is truthy; CdpError naming `what` after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() >= deadline:
                raise CdpError(f"gave up after {timeout:.0f} s waiting for {what}")
            time.sleep(0.25)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                try:
                    os.write(
                        self._to_child, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0"
                    )
                    self.proc.wait(timeout=10)
                except (OSError, subprocess.TimeoutExpired):
                    self.proc.kill()
                    self.proc.wait(timeout=10)
        finally:
            for fd in (self._to_child, self._from_child):
                with contextlib.suppress(OSError):
                    os.close(fd)
            self._log.close()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
