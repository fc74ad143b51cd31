"""Build times: the real course, a generated course of 200 lessons, and one changed lesson while serving."""

import contextlib
import io
import json
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from unittest import mock

import build
from gradlab import runtime
from gradlab.course import PLAN_FILE

BUILDS = 3
EDITS = 5
GENERATED_MODULES = range(90, 100)
LESSONS_PER_MODULE = 20
SERVE_START_TIMEOUT_S = 600
REBUILD_TIMEOUT_S = 120
BUILT_LINE = re.compile(r"^built (.+) in ([\d.]+) s$")


def time_builds(lessons_dir, out_dir, times=BUILDS, lesson_cache=None):
    """Seconds for build.build_site (what `make site` runs), runtime vendoring included, times over;
    with the converted lessons kept in lesson_cache rather than .cache/lessons, if given."""
    samples = []
    with mock.patch.object(build, "LESSON_CACHE_DIR", lesson_cache or build.LESSON_CACHE_DIR):
        for _ in range(times):
            started = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):  # its "built N lesson(s)" line would break the report
                build.build_site(lessons_dir, out_dir)
            samples.append(time.perf_counter() - started)
    return samples


def time_first_build(lessons_dir, out_dir, empty_cache):
    """Seconds for a fresh clone's first build: with .cache/ empty, every download, snapshot and lesson
    conversion happens again."""
    with (
        mock.patch.object(build, "CACHE_DIR", empty_cache),
        mock.patch.object(build, "PAGE_READINGS", empty_cache / "pages"),
    ):
        return time_builds(lessons_dir, out_dir, times=1, lesson_cache=empty_cache / "lessons")[0]


def time_micropip_download(empty_cache):
    """Seconds a first build spends fetching micropip from PyPI; later builds take it from .cache/wheels."""
    lock = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    started = time.perf_counter()
    runtime.fetch_wheel("micropip", lock["packages"]["micropip"]["version"], lock["info"]["python"], empty_cache)
    return time.perf_counter() - started


def generate_course(lesson_file, out_dir):
    """Copies of one lesson as lessons 90.1 … 99.20 in out_dir, with their course plan; return out_dir."""
    out_dir.mkdir(parents=True)
    text = lesson_file.read_text(encoding="utf-8")
    slug = lesson_file.stem.split("-", 1)[1]
    plan = []
    for module in GENERATED_MODULES:
        planned = []
        for number in range(1, LESSONS_PER_MODULE + 1):
            lesson_id = f"{module}.{number}"
            title = f"Copy {lesson_id} of lesson {lesson_file.stem.split('-')[0]}"
            copy = re.sub(r"^id: .*$", f"id: {lesson_id}", text, count=1, flags=re.M)
            copy = re.sub(r"^title: .*$", f"title: {title}", copy, count=1, flags=re.M)
            copy = re.sub(r"^module: .*\n", "", copy, count=1, flags=re.M)  # the plan places it
            # Concept links become their words: the generated course has no cards to link to.
            copy = re.sub(r"\[\[([^\]|]+)(?:\|[^\]]+)?\]\]", r"\1", copy)
            (out_dir / f"{lesson_id}-{slug}.md").write_text(copy, encoding="utf-8")
            planned.append(f"{lesson_id} {title}")
        plan.append(
            f'[[module]]\nnumber = {module}\ntitle = "Generated module {module}"\nlessons = {json.dumps(planned)}\n'
        )
    real_plan = (lesson_file.parent / PLAN_FILE).read_text(encoding="utf-8")
    # The course's sections, which every lesson has; not its model, whose parts name lessons not generated.
    preamble = real_plan[: real_plan.index("[[module]]")]
    sections = re.sub(r"^model = \[\n.*?^\]\n", "", preamble, count=1, flags=re.M | re.S)
    (out_dir / PLAN_FILE).write_text(sections + "\n".join(plan), encoding="utf-8")
    return out_dir


def time_rebuilds_while_serving(lessons_dir, out_dir, edited, edits=EDITS):
    """Save one lesson edits times under `python build.py serve`: the rebuild times it logs, and save → log line."""
    command = [
        sys.executable,
        "-u",
        str(build.ROOT / "build.py"),
        "serve",
        "--lessons",
        str(lessons_dir),
        "--out",
        str(out_dir),
        "--port",
        "0",
    ]
    server = subprocess.Popen(command, cwd=build.ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in server.stdout], daemon=True).start()
    original = edited.read_text(encoding="utf-8")
    try:
        wait_for_line(lines, server, lambda line: line.startswith("serving "), SERVE_START_TIMEOUT_S, "start serving")
        rebuilds, saved_to_logged = [], []
        for edit in range(1, edits + 1):
            saved = time.perf_counter()
            edited.write_text(f"{original}\nEdited by the benchmark, edit {edit}.\n", encoding="utf-8")
            line = wait_for_line(
                lines,
                server,
                lambda line: BUILT_LINE.match(line) or line.startswith("the build failed"),
                REBUILD_TIMEOUT_S,
                f"rebuild after edit {edit} of {edited.name}",
            )
            saved_to_logged.append(time.perf_counter() - saved)
            if not BUILT_LINE.match(line):
                raise RuntimeError(f"the preview refused edit {edit} of {edited}: {line} {drain(lines)}")
            rebuilds.append(float(BUILT_LINE.match(line).group(2)))
            time.sleep(0.5)
            drain(lines)  # a second event for the same save would otherwise be read as the next edit's rebuild
        return {"rebuild_s": rebuilds, "saved_to_rebuilt_s": saved_to_logged}
    finally:
        stop_process(server)


def wait_for_line(lines, process, wanted, timeout_s, what):
    """The first line the process prints that is wanted; raise if it exits, or timeout_s passes, first."""
    deadline = time.monotonic() + timeout_s
    seen = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            if process.poll() is not None:
                raise RuntimeError(
                    f"`build.py serve` exited ({process.returncode}) before it could {what}:\n" + "\n".join(seen[-20:])
                ) from None
            continue
        seen.append(line)
        if wanted(line):
            return line
    raise TimeoutError(
        f"`build.py serve` did not {what} within {timeout_s} s; its last lines:\n" + "\n".join(seen[-20:])
    )


def drain(lines):
    """Whatever the process printed and nobody read yet, as one string."""
    unread = []
    while not lines.empty():
        unread.append(lines.get_nowait())
    return "\n".join(unread)


def stop_process(process):
    """Ctrl+C, as a person stops the preview; kill it if it does not end."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
