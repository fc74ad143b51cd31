"""Where a Check's time goes, with nothing but Pyodide on the thread: each graded lesson's reference solution
checked again and again in two interpreters under Node (bench/check_floor.mjs), the learner's code, the
learner's side and the judging each timed alone. The page's Check → verdict cannot come in under what these
parts take; the bench prints them beside each lesson's Checks in the page.

    python -m bench.check_floor [--site DIR] [--checks 20]
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

import build
from tests.corpus import lesson_exercise
from tests.pyodide.site_runtime import site_runtime

HARNESS = Path(__file__).with_name("check_floor.mjs")
PARTS = {
    "learnerCodeMs": "the learner's code",
    "learnerSideMs": "the learner's side",
    "judgingMs": "judging",
}
TIMEOUT_S = 900


def measure(site, lessons, checks):
    """{"python", "node", "lessons": {lesson: {part: [ms of each Check]}}} for lessons (ids of graded
    lessons), checks Checks each after a few untimed, with the runtime and engine wheel of the built site."""
    files = site_runtime(site)
    solutions = []
    for lesson in lessons:
        page, grader = lesson_exercise(lesson)
        solutions.append({"lesson": lesson, "exercise": grader, "source": page["solution"]})
    completed = subprocess.run(
        ["node", str(HARNESS), str(files.wheel), str(files.boot), str(files.whole), str(checks)],
        input=json.dumps(solutions),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        cwd=build.ROOT,  # where node_modules/pyodide is found
    )
    if completed.returncode != 0:
        raise RuntimeError(f"bench/check_floor.mjs failed: {completed.stderr[-2000:]}")
    return json.loads(completed.stdout)


def medians(floor, lesson):
    """A lesson's median of each part, in ms, in PARTS' order; None for a lesson not measured."""
    parts = floor.get("lessons", {}).get(lesson)
    return [statistics.median(parts[part]) for part in PARTS] if parts else None


def checks_timed(floor):
    """How many Checks of each lesson were timed."""
    return max((len(parts[next(iter(PARTS))]) for parts in floor.get("lessons", {}).values()), default=0)


def describe(floor, lesson):
    """A lesson's parts as the bench's table shows them: "code 4.9 · side 20.4 · judging 17.2 ms"."""
    figures = medians(floor, lesson)
    if figures is None:
        return "?"
    code, side, judging = figures
    return f"code {code:.1f} · side {side:.1f} · judging {judging:.1f} ms"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=build.SITE_DIR, help="a built site (make site)")
    parser.add_argument("--checks", type=int, default=20, help="timed Checks per lesson")
    args = parser.parse_args(argv)
    from bench.run import graded_lessons

    lessons = [lesson for lesson, _ in graded_lessons()]
    floor = measure(args.site, lessons, args.checks)
    print(f"Pyodide's Python {floor['python'].split()[0]} under Node {floor['node']}, medians of {args.checks} Checks")
    print("lesson  " + "  ".join(f"{name:>20}" for name in PARTS.values()))
    for lesson in lessons:
        print(f"{lesson:<6}  " + "  ".join(f"{ms:17.1f} ms" for ms in medians(floor, lesson)))


if __name__ == "__main__":
    sys.exit(main())
