"""`build.py serve` run for real in a subprocess, for the tests of the live preview."""

import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import build

GOOD_LESSONS = Path(__file__).parent / "fixtures" / "lessons" / "good"


class Preview:
    """`build.py serve` running in a subprocess, its output read line by line as it comes."""

    def __init__(self, folder, as_background_job=False):
        # A shell's background job starts with SIGINT ignored: Ctrl+C must stop the preview all the same.
        ignoring_sigint = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if as_background_job else None
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-u",
                str(build.ROOT / "build.py"),
                "serve",
                "--lessons",
                "lessons",
                "--out",
                "site",
                "--port",
                "0",
            ],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=ignoring_sigint,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.url = self.wait_for_line(r"serving .* on (http://\S+/)").group(1)

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for_line(self, pattern, timeout=60):
        """The match of the first line of output from now on that matches pattern."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=deadline - time.monotonic())
            except queue.Empty:
                break
            if match := re.search(pattern, line):
                return match
        pytest.fail(f"`build.py serve` printed no line matching {pattern!r}")

    def get(self, path):
        """(status, text) of a page, errors included."""
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def stop(self, within=10):
        """Ctrl+C; the exit status, which must come within `within` seconds."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=within)


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
