"""make bench: build the site, serve it, measure the lesson page against a bare Pyodide boot, then the build.

    python -m bench.run [--runs 5] [--out bench/results/latest.json]

Prints a table (progress goes to stderr) and writes every raw sample as JSON. Not part of make test.
"""

import argparse
import contextlib
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

import build
from bench import (
    build_metrics,
    check_floor,
    lighthouse,
    page_metrics,
    page_weight,
    report,
    slow_network,
    sync_load,
    training,
)
from gradlab.server import serve_in_background
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.find_chromium import find_chromium
from tests.browser.lesson import LESSON
from training.config import MICROGPT

BENCH_DIR = Path(__file__).parent
DEFAULT_OUT = BENCH_DIR / "results" / "latest.json"
METHODS = {
    "clock": "navigation-relative performance.now() in the page; Check and Stop timed in the page from the "
    "press (the button's pointerdown, capture phase, which Playwright's click sends a few ms before the click; a "
    "run begins there) to the DOM mutation showing the outcome; a Check also to the frame showing it painted (a "
    "task queued from the next animation frame, which runs once that frame is drawn). A learner's press lasts "
    "about 100 ms, in which the Check goes on: these are a Check's own times, not what the learner waits",
    "checks_per_lesson": "each graded lesson in a new browser context: Python ready, the reference solution "
    "in the editor, the judge's interpreter ready (and the spare, where the page keeps one warm), then "
    f"{page_metrics.SETTLE_BEFORE_CHECKS_S} s as a learner writing their code would leave the page; then "
    f"{page_metrics.CHECKS} Checks in a row, the verdict of each shown before the next click: the code unchanged, "
    "so none is checked ahead, and each is a Check's own time",
    "checks_after_pause_per_lesson": f"then, in the same page, {page_metrics.CHECKS} Checks more, each after an edit "
    f"(a comment line added to the code) and {page_metrics.PAUSE_BEFORE_CHECK_S} s, as a learner moves from the "
    "editor to Check: the page checks ahead in that pause (static/page/press-start.js), and the click shows the "
    "verdict",
    "cold_and_warm": "cold: a new browser context (empty HTTP cache, no service worker); warm: page.reload() "
    f"in that context {page_metrics.WARM_SETTLE_S} s after the cold boot was ready",
    "ratios": "the lesson's navigation → Python ready over the bare page's, cold over cold and warm over warm",
    "memory": "PSS (/proc/<pid>/smaps_rollup) of the page's renderer process, the largest of the Chromium "
    "processes this run started: it holds the page, its workers and their interpreters; at Python ready "
    "with the page at its top, then with the Build section in view (the judge's interpreter, then the spare "
    "where the page keeps one warm; where Stop interrupts it boots only when a Stop's interrupt goes unread, "
    "and the spare target is then Stop on code stuck in C → Python ready again, within a second)",
    "page_weight": "the HTML, CSS and JS files the lesson page requested until Python was ready, opened at its "
    "top (the code editor comes as the learner nears the Build section, measured apart), sized on disk and "
    "with gzip -9; Pyodide's folder and wheels left out; 1 KB = 1024 bytes",
    "sync_load": "bench/sync_load.py: the service as `python -m sync` on SQLite; each learner's two devices change "
    "progress and POST it every 0.5 to 1.5 s; round trip from the request sent to the answer read, "
    "measured by the load's own minimal HTTP client (asyncio streams) on the same machine",
    "slow_network": "bench/slow_network.py: the built site from a plain static host (files as they are) and "
    "from one that sends the build's .gz copies, behind one downlink shared by every response, 100 ms before "
    "each response's first byte; a new browser context per visit; bytes counted by the server until the page "
    "says Python is ready",
    "training": "bench/training.py: the reference functions, seed 0, 1000 steps, on the engine and replayed from "
    "tapes; CPython in this process; Chromium: the training page, timed from the click on Train to the status "
    "showing the last step, memory the page renderer's PSS at its largest, sampled each second",
    "check_floor": "bench/check_floor.py: each graded lesson's reference solution checked in two interpreters of the "
    "site's Pyodide under Node (the judge's and the learner's, as the page's two workers), 3 Checks untimed, then "
    "each part of 20 timed alone with nothing else on the thread: the learner's code (the grader's calls of it), "
    "the learner's side (with the inputs made and the graphs shipped), the judging (each run checked node by node, "
    "and the verdict)",
    "lighthouse": "bench/lighthouse.py: lighthouse 12.2.3, mobile form factor, its default simulated throttling, "
    "one run per page and host",
    "build": "build.build_site, the code behind make site, with .cache/ already holding what earlier builds "
    "downloaded or made, but for the first build, which starts from an empty one; rebuilds are the "
    "times `python build.py serve` logs after each save of one lesson",
}


def main(argv=None):
    """Build, serve, measure each figure, then print the table and write the JSON."""
    args = parse_args(argv)
    results = {"machine": describe_machine(), "runs": args.runs, "methods": METHODS, "errors": {}}
    with tempfile.TemporaryDirectory(prefix="gradlab-bench-") as scratch:
        scratch = Path(scratch)
        progress("building the site into a temporary folder, as make site does")
        try:
            site, runtime_folder = build_site_with_bare_page(scratch / "site")
        except Exception as error:  # a broken build says why in its own words
            print(f"bench: the site did not build, so nothing was measured:\n{error}", file=sys.stderr)
            return 1
        with noted_failure(results, "browser"):
            measure_pages(site, runtime_folder, args.runs, results)
        progress(f"a Check's parts, each alone: {page_metrics.CHECKS} Checks of each graded lesson, Pyodide under Node")
        with noted_failure(results, "check_floor"):
            lessons = [lesson for lesson, _ in graded_lessons()]
            results["check_floor"] = check_floor.measure(site, lessons, page_metrics.CHECKS)
        progress(f"the training page: {MICROGPT.num_steps} steps in CPython, then in Chromium")
        with noted_failure(results, "training"):
            results["training"] = {
                "cpython": training.measure_both(training.measure_cpython, MICROGPT.num_steps),
                "chromium": training.measure_both(training.measure_chromium, site, MICROGPT.num_steps),
            }
        progress("Lighthouse, mobile: the lesson and the index, from make serve's host and from a plain one")
        with noted_failure(results, "lighthouse"):
            results["lighthouse"] = lighthouse.measure(site)
        measure_builds(scratch, results)
    progress(f"sync service: {sync_load.LEARNERS} learners syncing for {sync_load.SECONDS} s")
    with noted_failure(results, "sync_load"):
        results["sync_load"] = sync_load.measure()
    results["machine"]["load_average_end"] = load_average()
    results["summary"] = report.summarize(results)
    results["targets"] = report.judge(results["summary"])
    print(report.table(results))
    for where, figures in results.get("training", {}).items():
        print(training.report(where, figures, MICROGPT.num_steps))
    if "lighthouse" in results:
        print(lighthouse.report(results["lighthouse"]))
    write_results(results, args.out)
    progress(f"wrote {args.out}")
    return 1 if results["errors"] else 0


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold and warm boots of each page, and Stops of each kind")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the JSON result")
    return parser.parse_args(argv)


def build_site_with_bare_page(site):
    """The real site, plus the bare boot page under __bench__/ so that it shares the site's origin and Pyodide;
    return the site and the folder of Pyodide's files in it."""
    with contextlib.redirect_stdout(sys.stderr):
        build.build_site(build.LESSONS_DIR, site)
    loaders = sorted(site.rglob("pyodide.mjs"))
    if not loaders:
        raise RuntimeError(f"the built site in {site} has no pyodide.mjs: the bare page has no Pyodide to boot")
    shutil.copytree(BENCH_DIR / "bare", site / "__bench__")
    return site, loaders[0].parent.relative_to(site).as_posix()


def measure_pages(site, runtime_folder, runs, results):
    """Every figure headless Chromium takes, against site served by gradlab.server; then the page's weight."""
    server = serve_in_background(site)
    site_url = "http://{}:{}/".format(*server.server_address[:2])
    bare_page = f"__bench__/index.html?pyodide=../{runtime_folder}/"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            try:
                results["machine"]["chromium"] = browser.version
                with noted_failure(results, "boots"):
                    results["boots"] = boots = {}
                    page_metrics.measure_boots(browser, site_url, bare_page, runs, boots, progress)
                    results["machine"]["pyodide"] = boots["bare"]["cold"][0]["pyodide_version"]
                with noted_failure(results, "readable_without_js"):
                    progress("lesson page with JavaScript off")
                    results["readable_without_js"] = page_metrics.readable_without_js(browser, site_url)
                with noted_failure(results, "lesson_session"):
                    progress("lesson page: one visit for what it loads, memory, Check and Stop")
                    results["lesson_session"] = session = {}
                    page_metrics.measure_lesson_session(browser, site_url, runs, session, progress)
                with noted_failure(results, "editor_gzip_kb"):
                    results["editor_gzip_kb"] = page_weight.gzip_kb(
                        [page_weight.site_file(site, site_url, url) for url in session["editor_on_demand"]]
                    )
                with noted_failure(results, "graph_view"):
                    results["graph_view"] = page_metrics.measure_graph_view(browser, site_url, 11, progress)
                    results["graph_view"]["gzip_kb"] = page_weight.gzip_kb(
                        [page_weight.site_file(site, site_url, url) for url in results["graph_view"]["view_code"]]
                    )
                with noted_failure(results, "checks_per_lesson"):
                    (
                        results["checks_per_lesson"],
                        results["checks_painted_per_lesson"],
                        results["checks_after_pause_per_lesson"],
                    ) = page_metrics.measure_checks_per_lesson(
                        browser, site_url, graded_lessons(), page_metrics.CHECKS, progress
                    )
                with noted_failure(results, "slow_network"):
                    pages = {"bare": bare_page, "lesson": LESSON}
                    results["slow_network"] = slow_network.measure(
                        browser, site, pages, min(runs, slow_network.RUNS), progress
                    )
            finally:
                browser.close()
    finally:
        server.shutdown()
    with noted_failure(results, "page_weight"):
        loaded = results.get("lesson_session", {}).get("requests_until_ready")
        if loaded is None:
            raise RuntimeError("not measured: the lesson visit that records what the page loads failed (see above)")
        results["page_weight"] = page_weight.weigh_page(site, site_url, loaded, runtime_folder)


def graded_lessons():
    """(id, page path) of every written lesson that has an exercise."""
    course = build.load_course(build.LESSONS_DIR, build.make_templates())
    return [(lesson.id, f"{lesson.slug}/index.html") for lesson in course.lessons if lesson.exercises]


def chromium_path():
    path = find_chromium()
    if not path:
        raise RuntimeError(
            "no Chromium found: install Debian's (apt-get install -y chromium), set GRADLAB_CHROMIUM "
            "to a Chromium executable, or run `python -m playwright install chromium`"
        )
    return path


def measure_builds(scratch, results):
    """Build times: the real course, the first build's download, 200 generated lessons, rebuilds while serving."""
    progress(f"build: the real course, {build_metrics.BUILDS} times")
    with noted_failure(results, "build_1_s"):
        results["build_1_s"] = build_metrics.time_builds(build.LESSONS_DIR, scratch / "build-1")
    with noted_failure(results, "first_build_1_s"):
        results["first_build_1_s"] = build_metrics.time_first_build(
            build.LESSONS_DIR, scratch / "first-build", scratch / "empty-cache"
        )
    with noted_failure(results, "micropip_download_s"):
        results["micropip_download_s"] = build_metrics.time_micropip_download(scratch / "empty-wheel-cache")
    lesson_file = build.LESSONS_DIR / f"{Path(LESSON).parent}.md"
    generated = build_metrics.generate_course(lesson_file, scratch / "lessons-200")
    progress(f"build: 200 generated lessons, none of them converted before, then {build_metrics.BUILDS} times again")
    with noted_failure(results, "build_200_s"):
        kept = scratch / "lessons-200-kept"  # an empty lesson cache of their own (gradlab/lesson_cache.py)
        results["build_200_new_s"] = build_metrics.time_builds(generated, scratch / "build-200", 1, kept)[0]
        results["build_200_s"] = build_metrics.time_builds(generated, scratch / "build-200", lesson_cache=kept)
    progress(f"build.py serve on 200 lessons: {build_metrics.EDITS} saves of one lesson")
    with noted_failure(results, "rebuild_serving_200"):
        edited = next(generated.glob("95.10-*.md"))
        results["rebuild_serving_200"] = build_metrics.time_rebuilds_while_serving(
            generated, scratch / "serve-200", edited
        )
    progress(f"build.py serve on the real course: {build_metrics.EDITS} saves of its lesson")
    with noted_failure(results, "rebuild_serving_1"):
        real = shutil.copytree(build.LESSONS_DIR, scratch / "lessons-1")  # never edit the real lessons
        results["rebuild_serving_1"] = build_metrics.time_rebuilds_while_serving(
            real, scratch / "serve-1", real / lesson_file.name
        )


@contextlib.contextmanager
def noted_failure(results, stage):
    """Run one stage; if it fails, note why in the results and go on with the others."""
    try:
        yield
    except Exception as error:  # one failed measurement must not cost the others their figures
        results["errors"][stage] = f"{type(error).__name__}: {error}"
        progress(f"{stage} failed: {error}")


def describe_machine():
    return {
        "timestamp": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "nproc": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "load_average_start": load_average(),
        "commit": git("rev-parse", "HEAD"),
        "uncommitted_changes": bool(git("status", "--porcelain")),
    }


def load_average():
    """The 1-minute load average: other work on the machine shows in every timing."""
    return round(os.getloadavg()[0], 2)


def git(*command):
    done = subprocess.run(["git", *command], cwd=build.ROOT, capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else None


def write_results(results, out):
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def progress(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
