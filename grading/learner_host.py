"""The interpreter that runs learner code for CPython callers of grade_submission: a separate Python
process (grading.learner_worker), kept between Checks and replaced when it dies, stops answering, or
says it is no longer clean. Only plain JSON crosses between the two."""

import json
import os
import pathlib
import secrets
import select
import subprocess
import sys
import time

PACKAGE_ROOT = str(pathlib.Path(__file__).resolve().parents[1])
TIME_LIMIT = 300  # seconds: far beyond any lesson's; a program that runs longer is stopped


class LearnerProcess:
    def __init__(self):
        self.process = None
        self.buffer = b""
        self.wheels = ()

    def start(self):
        # A lesson's packages are wheels put on sys.path at build time: the learner's process imports them too.
        self.wheels = wheels_on_path()
        path = [PACKAGE_ROOT, *self.wheels, os.environ.get("PYTHONPATH")]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, path))}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "grading.learner_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd=PACKAGE_ROOT,
        )
        self.buffer = b""

    def stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                stream.close()
        self.process = None

    def run(self, exercise, source, cases, time_limit=TIME_LIMIT):
        """What the learner's side answers for source on cases, or {"failed": why} when it gave no answer."""
        if self.process is None or self.process.poll() is not None or self.wheels != wheels_on_path():
            self.stop()
            self.start()
        nonce = secrets.token_hex(16)
        request = json.dumps({"nonce": nonce, "exercise": exercise, "source": source, "cases": cases})
        try:
            self.process.stdin.write(request.encode("utf-8") + b"\n")
            self.process.stdin.flush()
            reply = self.answer(nonce, time.monotonic() + time_limit)
        except (OSError, ValueError) as error:
            reply = {"failed": f"it could not be reached ({error})", "clean": False}
        except BaseException:  # a time limit or Ctrl+C while it runs: it may be running still, so not kept
            self.stop()
            raise
        if not reply.get("clean"):
            self.stop()
        return reply

    def answer(self, nonce, deadline):
        """The answer line carrying this request's nonce (lines without it are skipped)."""
        fd = self.process.stdout.fileno()
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    reply = json.loads(line)
                except ValueError:
                    continue
                if isinstance(reply, dict) and reply.get("nonce") == nonce:
                    return reply
            left = deadline - time.monotonic()
            if left <= 0:
                return {"failed": "timeout", "clean": False}
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return {"failed": "ended", "clean": False}
            self.buffer += chunk


def wheels_on_path():
    return tuple(entry for entry in sys.path if entry.endswith(".whl"))


PROCESS = LearnerProcess()
