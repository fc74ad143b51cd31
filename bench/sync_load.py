"""The sync service under load: simulated learners syncing through its HTTP API for a while.

    python -m bench.sync_load [--learners 200] [--seconds 60] [--postgres]

Each learner has an account with 150 lessons of ordinary size (about 1.8 KB each) and two devices
(each with its own session), which change the learner's progress and sync it every second or so,
as the page's debounced sync does, at the same time: each sync sends the one lesson changed and the
version last received, and takes in what the service answers (delta sync, as sync.js does). The
service runs as `python -m sync`: one process on SQLite by default, two on PostgreSQL.
At the end every change each device made must be in the account's progress: a change missing
is a lost update. Prints throughput and the sync round trip's percentiles.
"""

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from sync.progress_merge import merge_progress, next_stamp
from tests.sync.device import SITE, Device, lesson_progress
from tests.sync.wide_course import write_wide_course

LESSONS = tuple(f"{number // 10}.{number % 10}" for number in range(150))
CODE = "def layer(x):\n    return sum(w * xi for w, xi in zip(weights, x)) + bias\n" * 10
LEARNERS, SECONDS = 200, 60
THINK_S = (1.0, 3.0)  # between two syncs of one device: the page syncs a second after a change


def measure(learners=LEARNERS, seconds=SECONDS, database_url=None, workers=1):
    """Run the load; return its figures (syncs, throughput, round trip percentiles, failures, lost updates)."""
    with tempfile.TemporaryDirectory(prefix="gradlab-sync-load-") as scratch:
        database_url = database_url or f"sqlite:///{Path(scratch) / 'sync.sqlite3'}"
        with running_service(database_url, workers) as url:
            devices = sign_up(url, learners)
            timings, failures, made = asyncio.run(sync_for(url, devices, seconds))
            lost = lost_updates(devices, made)
            for _, device in devices:
                device.close()
    return {
        "learners": learners,
        "devices": len(devices),
        "seconds": seconds,
        "database": database_url.split(":")[0],
        "workers": workers,
        "syncs": len(timings),
        "throughput_per_s": len(timings) / seconds,
        "round_trip_ms": percentiles(timings),
        "failures": failures,
        "lost_updates": lost,
        "lessons_per_learner": len(LESSONS),
    }


class running_service:
    """`python -m sync` on a free loopback port, for the duration of a with block."""

    def __init__(self, database_url, workers):
        self.database_url, self.workers = database_url, workers

    def __enter__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.course = tempfile.TemporaryDirectory()
        environment = {
            **os.environ,
            "GRADLAB_LESSONS_DIR": str(write_wide_course(self.course.name)),  # 150 lessons, "0.0" … "14.9"
            "GRADLAB_SECRET_FILE": str(Path(self.course.name) / "sync.secret"),
            "GRADLAB_DATABASE_URL": self.database_url,
            "GRADLAB_SITE_ORIGIN": SITE,
            "GRADLAB_SIGN_IN_LIMIT": "100000",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sync", "--port", str(port), "--workers", str(self.workers)],
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{url}/api/session", timeout=1)
                return url
            except httpx.TransportError:
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"the sync service did not start:\n{self.process.stderr.read().decode()}"
                    ) from None
                time.sleep(0.1)
        raise RuntimeError("the sync service did not answer within 30 s")

    def __exit__(self, *exception):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.course.cleanup()


def sign_up(url, learners):
    """Two signed-in devices per learner: an account made on one, the other signed in with its passkey,
    as a platform's passkey sync allows (codes tried from one address are limited to a few a minute)."""
    devices = []
    for learner in range(learners):
        laptop = Device(url)
        laptop.create_account(f"learner {learner}").raise_for_status()
        phone = Device(url, authenticator=laptop.authenticator)
        phone.sign_in().raise_for_status()
        seeded = laptop.sync(*(ordinary_lesson(lesson) for lesson in LESSONS))
        seeded.raise_for_status()
        for device in (laptop, phone):
            device.seen_version = seeded.json()["version"]  # both hold every lesson already, as after a first sync
        devices += [(learner, laptop), (learner, phone)]
    return devices


def ordinary_lesson(lesson):
    """A lesson's progress as a learner leaves it: two exercises' code, a quiz answered, two sections done."""
    exercises = {
        name: {"code": f"# {lesson}\n{CODE}", "starter": "s", "edited": 2, "basedOn": 0} for name in ("stack", "norm")
    }
    return lesson_progress(
        lesson,
        exercises=exercises,
        quizzes={"q-layer": [2]},
        quizTimes={"q-layer": 3},
        sections={"Watch": 4, "Explore": 5},
    )


async def sync_for(url, devices, seconds):
    """Every device changes its learner's progress and syncs, over and over, until the time is up."""
    timings, failures, made = [], [], {}
    stop_at = time.monotonic() + seconds
    await asyncio.gather(
        *(
            device_loop(url, number, learner, device, stop_at, timings, failures, made)
            for number, (learner, device) in enumerate(devices)
        )
    )
    return timings, failures, made


async def device_loop(url, number, learner, device, stop_at, timings, failures, made):
    rng = random.Random(number)
    documents = {lesson: ordinary_lesson(lesson) for lesson in LESSONS}  # what both devices hold after sign-up
    since = device.seen_version
    unsent = set()  # lessons changed here that the service has not yet acknowledged: sent again, as the page does
    headers = {
        "Origin": SITE,
        "X-CSRF-Token": device.csrf,
        "Cookie": f"gradlab_session={device.http.cookies['gradlab_session']}",
    }
    connection = KeptAliveConnection(url)  # each browser keeps a connection of its own
    await asyncio.sleep(rng.uniform(*THINK_S))
    change = 0
    while time.monotonic() < stop_at:
        lesson = rng.choice(LESSONS)
        title = f"device {number} change {change}"  # a section each change marks: a lost one shows
        documents[lesson]["sections"][title] = next_stamp(documents[lesson], time.time() * 1000)
        made.setdefault(learner, []).append((lesson, title))
        change += 1
        unsent.add(lesson)
        body = json.dumps({"schema": 2, "lessons": {sent: documents[sent] for sent in unsent}, "since": since}).encode()
        started = time.perf_counter()
        try:
            status, answer = await connection.post("/api/progress", body, headers)
            if status == 200:
                timings.append((time.perf_counter() - started) * 1000)
                answered = json.loads(answer)  # what changed since `since`, merged in as the page does
                for changed, document in answered["lessons"].items():
                    documents[changed] = merge_progress(documents[changed], document)
                since = answered["version"]
                unsent.clear()
            else:
                failures.append(f"{status} {answer[:200]!r}")
        except (OSError, asyncio.IncompleteReadError, ValueError) as problem:
            failures.append(f"{type(problem).__name__}: {problem}")
            connection.close()
        await asyncio.sleep(rng.uniform(*THINK_S))
    connection.close()


class KeptAliveConnection:
    """Just enough HTTP/1.1 for the load: a JSON POST and its answer, on one kept-alive connection.
    (A full client spends more of this machine's two cores than the service it measures.)"""

    def __init__(self, url):
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.reader = self.writer = None

    async def post(self, path, body, headers):
        """Like a browser, send again once on a new connection if a reused one was closed before any answer."""
        reused = self.writer is not None
        try:
            return await self.post_once(path, body, headers)
        except (asyncio.IncompleteReadError, ConnectionResetError) as problem:
            if not reused or getattr(problem, "partial", b"") != b"":
                raise
            self.close()
            return await self.post_once(path, body, headers)

    async def post_once(self, path, body, headers):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [
            f"POST {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            "Content-Type: application/json",
            f"Content-Length: {len(body)}",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        fields = dict(line.lower().split(": ", 1) for line in head[1:] if ": " in line)
        answer = await self.reader.readexactly(int(fields.get("content-length", 0)))
        if fields.get("connection") == "close":
            self.close()
        return int(head[0].split()[1]), answer

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def lost_updates(devices, made):
    """The changes the devices made that the account's progress lacks."""
    one_device_each = {learner: device for learner, device in devices}
    lost = 0
    for learner, changes in made.items():
        lessons = one_device_each[learner].progress().json()["lessons"]
        lost += sum(title not in lessons.get(lesson, {}).get("sections", {}) for lesson, title in changes)
    return lost


def percentiles(timings):
    ordered = sorted(timings) or [float("nan")]

    def at(share):
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    return {"p50": statistics.median(ordered), "p95": at(0.95), "p99": at(0.99), "max": ordered[-1]}


def describe(figures):
    """One paragraph of the figures, for a person."""
    trip = figures["round_trip_ms"]
    return (
        f"{figures['learners']} learners ({figures['devices']} devices, {figures['lessons_per_learner']} lessons each) for {figures['seconds']} s on {figures['database']}"
        f" ({figures['workers']} process{'es' if figures['workers'] > 1 else ''}): {figures['syncs']} syncs,"
        f" {figures['throughput_per_s']:.0f}/s; round trip p50 {trip['p50']:.1f} ms, p95 {trip['p95']:.1f} ms,"
        f" p99 {trip['p99']:.1f} ms, max {trip['max']:.0f} ms; {len(figures['failures'])} failed, {figures['lost_updates']} lost updates"
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=LEARNERS)
    parser.add_argument("--seconds", type=int, default=SECONDS)
    parser.add_argument(
        "--postgres", action="store_true", help="on a throwaway PostgreSQL server, with two service processes"
    )
    args = parser.parse_args(argv)
    if args.postgres:
        from tests.postgres_server import ThrowawayPostgres

        with ThrowawayPostgres() as server:
            figures = measure(args.learners, args.seconds, server.url, workers=2)
    else:
        figures = measure(args.learners, args.seconds)
    print(describe(figures))
    print(json.dumps(figures, indent=2))
    return 1 if figures["failures"] or figures["lost_updates"] else 0


if __name__ == "__main__":
    sys.exit(main())
