"""The training page's figures: seconds per step and the mean loss of the last 100 steps, in CPython and in
Chromium (the page itself, the reference functions, seed 0).

    python -m bench.training [--steps 1000] [--chromium]

make bench runs it in Chromium on the site it builds (bench/run.py); alone it measures CPython, and
Chromium too with --chromium (building the site into a temporary folder first).
"""

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from playwright.sync_api import expect, sync_playwright

import build
from gradlab.lesson_format import convert_lesson
from gradlab.names_data import OUT as NAMES_FILE
from gradlab.server import serve_in_background
from gradlab.train_page import piece_sources
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.find_chromium import find_chromium
from training.config import MICROGPT
from training.names import read_names
from training.trainer import Trainer

MEAN_OF_LAST = 100
SAMPLES = 12
READY_TIMEOUT_MS = 300_000


def references():
    templates = build.make_templates()
    lessons = [
        convert_lesson(path, path.read_text(encoding="utf-8"), templates, build.CACHE_DIR / "wheels")
        for path in sorted(Path(build.LESSONS_DIR).glob("[0-9]*.md"))
    ]
    return {piece["exercise"]: piece["reference"] for piece in piece_sources(SimpleNamespace(lessons=lessons))}


def measure_cpython(steps):
    """One run of steps with the references in this Python: {seconds_per_step, mean_loss_last_100, samples}."""
    trainer = Trainer(references(), read_names(NAMES_FILE.read_text()), MICROGPT, steps, seed=0)
    started = time.perf_counter()
    losses = [trainer.step() for _ in range(steps)]
    elapsed = time.perf_counter() - started
    last = losses[-MEAN_OF_LAST:]
    return {
        "seconds_per_step": elapsed / steps,
        "mean_loss_last_100": sum(last) / len(last),
        "samples": trainer.sample(SAMPLES, 0.5, seed=0),
    }


def measure_chromium(site_dir, steps):
    """The page trains steps in headless Chromium: {seconds_per_step, mean_loss_last_100}, timed from Train to the last step."""
    server = serve_in_background(site_dir)
    host, port = server.server_address[:2]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
            page = browser.new_page()
            page.goto(f"http://{host}:{port}/train/index.html")
            status = page.get_by_role("status", name="Training status")
            expect(status).to_have_text("Ready to train.", timeout=READY_TIMEOUT_MS)
            page.get_by_role("spinbutton", name="Steps").fill(str(steps))
            started = time.perf_counter()
            page.get_by_role("button", name="Train", exact=True).click()
            expect(status).to_have_text(re.compile(rf"^step {steps} of {steps}"), timeout=steps * 5_000)
            elapsed = time.perf_counter() - started
            speed = page.locator(".train-speed")
            expect(speed).to_contain_text("Mean loss")
            mean = float(re.search(r"(\d+\.\d+)$", speed.inner_text()).group(1))
            browser.close()
    finally:
        server.shutdown()
    return {"seconds_per_step": elapsed / steps, "mean_loss_last_100": mean}


def report(where, figures, steps):
    line = (
        f"training, {where}: {figures['seconds_per_step']:.3f} s a step ({figures['seconds_per_step'] * steps:.0f} s "
        f"for {steps}), mean loss of the last {MEAN_OF_LAST} steps {figures['mean_loss_last_100']:.3f}"
    )
    if "samples" in figures:
        line += f"; samples at temperature 0.5: {', '.join(figures['samples'])}"
    return line


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=MICROGPT.num_steps)
    parser.add_argument("--chromium", action="store_true", help="also train on the page in headless Chromium")
    args = parser.parse_args(argv)
    print(report("CPython", measure_cpython(args.steps), args.steps), flush=True)
    if args.chromium:
        with tempfile.TemporaryDirectory() as scratch:
            build.build_site(build.LESSONS_DIR, Path(scratch))
            print(report("Chromium", measure_chromium(Path(scratch), args.steps), args.steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
