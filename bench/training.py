"""The training page's figures, on the engine and replayed from tapes (training/compiled_model.py): seconds
per step, the mean loss of the last 100 steps, the first 20 losses of each against the other, and in
Chromium (the page itself, the reference functions, seed 0) the browser's memory while it trains.

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

from playwright.sync_api import expect, sync_playwright

import build
from bench.page_metrics import memory_now
from gradlab.names_data import OUT as NAMES_FILE
from gradlab.server import serve_in_background
from gradlab.train_page import reference_sources
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.find_chromium import find_chromium
from training.config import MICROGPT
from training.names import read_names
from training.trainer import Trainer

MEAN_OF_LAST = 100
FIRST = 20  # the first steps' losses, compared between the engine and the replay
SAMPLES = 12
READY_TIMEOUT_MS = 300_000


def measure_cpython(steps, replay):
    """One run of steps with the references in this Python: {seconds_per_step, mean_loss_last_100, first_losses, samples}."""
    trainer = Trainer(reference_sources(), read_names(NAMES_FILE.read_text()), MICROGPT, steps, seed=0, compiled=replay)
    started = time.perf_counter()
    losses = [trainer.step() for _ in range(steps)]
    elapsed = time.perf_counter() - started
    return {
        "seconds_per_step": elapsed / steps,
        "mean_loss_last_100": mean_of_last(losses),
        "first_losses": losses[:FIRST],
        "samples": trainer.sample(SAMPLES, 0.5, seed=0),
        "engine_note": trainer.engine_note,
    }


# The losses the page kept with its last checkpoint (static/page/checkpoint-store.js), in the database
# static/page/storage-keys.js names.
TRAINING_DATABASE = re.search(r'TRAINING_DATABASE = "([^"]+)"', Path("static/page/storage-keys.js").read_text()).group(
    1
)
SAVED_LOSSES = """async (name) => {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const saved = await new Promise((resolve) => {
    const request = db.transaction("checkpoints").objectStore("checkpoints").get("microgpt");
    request.onsuccess = () => resolve(request.result);
  });
  db.close();
  return saved.losses;
}"""


# How the page's own thread fares while the worker trains: every task of 50 ms or more (the browser's
# "long task", what makes scrolling and the chart stutter) and the largest gap between two frames.
WATCH_MAIN_THREAD = """() => {
  const watch = (window.mainThreadWatch = { longTasks: [], largestFrameGapMs: 0 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watch.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
  let last = performance.now();
  const frame = (now) => {
    watch.largestFrameGapMs = Math.max(watch.largestFrameGapMs, now - last);
    last = now;
    if (!watch.stopped) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""
MAIN_THREAD_SEEN = """() => {
  const watch = window.mainThreadWatch;
  watch.stopped = true;
  return { long_tasks: watch.longTasks.length, longest_task_ms: Math.max(0, ...watch.longTasks),
           largest_frame_gap_ms: watch.largestFrameGapMs };
}"""


def measure_chromium(site_dir, steps, replay):
    """The page trains steps in headless Chromium: {seconds_per_step, mean_loss_last_100, first_losses,
    memory_mb, main_thread}, timed from Train to the last step; memory, the page's renderer's PSS at its
    largest; main_thread, what WATCH_MAIN_THREAD saw meanwhile."""
    server = serve_in_background(site_dir)
    host, port = server.server_address[:2]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"http://{host}:{port}/train/index.html")
            status = page.get_by_role("status", name="Training status")
            expect(status).to_have_text("Ready to train.", timeout=READY_TIMEOUT_MS)
            page.get_by_role("spinbutton", name="Steps").fill(str(steps))
            page.get_by_role("checkbox", name=re.compile("^Replay")).set_checked(replay)
            page.evaluate(WATCH_MAIN_THREAD)
            started = time.perf_counter()
            page.get_by_role("button", name="Train", exact=True).click()
            memory, last = 0.0, re.compile(rf"^step {steps} of {steps}")
            scroll = 300
            while not last.match(status.inner_text()):
                memory = max(memory, memory_now(context, page)["page_renderer_pss_mb"])
                page.mouse.wheel(0, scroll)  # a learner scrolling up and down the page while it trains
                scroll = -scroll
                if time.perf_counter() - started > steps * 5:
                    raise TimeoutError(f"{steps} steps took over {steps * 5} s; the page shows {status.inner_text()!r}")
                time.sleep(1.0)
            elapsed = time.perf_counter() - started
            main_thread = page.evaluate(MAIN_THREAD_SEEN)
            speed = page.locator(".train-speed")
            expect(speed).to_contain_text("Mean loss")
            mean = float(re.search(r"(\d+\.\d+)$", speed.inner_text()).group(1))
            first = page.evaluate(SAVED_LOSSES, TRAINING_DATABASE)[:FIRST]
            note = page.locator(".train-engine").inner_text()
            browser.close()
    finally:
        server.shutdown()
    return {
        "seconds_per_step": elapsed / steps,
        "mean_loss_last_100": mean,
        "first_losses": first,
        "memory_mb": memory,
        "main_thread": main_thread,
        "engine_note": note,
    }


def measure_both(measure, *args):
    """{engine: figures, replay: figures, speed_up, first_losses_largest_difference}."""
    engine, replay = measure(*args, replay=False), measure(*args, replay=True)
    return {
        "engine": engine,
        "replay": replay,
        "speed_up": engine["seconds_per_step"] / replay["seconds_per_step"],
        "first_losses_largest_difference": max(
            abs(a - b) for a, b in zip(engine["first_losses"], replay["first_losses"], strict=True)
        ),
    }


def mean_of_last(losses):
    last = losses[-MEAN_OF_LAST:]
    return sum(last) / len(last)


def report(where, both, steps):
    """The figures of measure_both, as lines for a person."""
    lines = []
    for engine in ("engine", "replay"):
        figures = both[engine]
        line = (
            f"training, {where}, {engine}: {figures['seconds_per_step']:.4f} s a step "
            f"({figures['seconds_per_step'] * steps:.1f} s for {steps}), mean loss of the last {MEAN_OF_LAST} steps "
            f"{figures['mean_loss_last_100']:.3f}"
        )
        if "memory_mb" in figures:
            line += f", the page's renderer at most {figures['memory_mb']:.0f} MB"
        if "main_thread" in figures:
            seen = figures["main_thread"]
            line += (
                f"; the page's own thread meanwhile: {seen['long_tasks']} tasks of 50 ms or more (the longest "
                f"{seen['longest_task_ms']:.0f} ms), at most {seen['largest_frame_gap_ms']:.0f} ms between frames"
            )
        if "samples" in figures:
            line += f"; samples at temperature 0.5: {', '.join(figures['samples'])}"
        lines.append(line)
    lines.append(
        f"training, {where}: the replay is {both['speed_up']:.1f}x as fast; its first {FIRST} losses differ from the "
        f"engine's by at most {both['first_losses_largest_difference']:.1e}"
    )
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=MICROGPT.num_steps)
    parser.add_argument("--chromium", action="store_true", help="also train on the page in headless Chromium")
    args = parser.parse_args(argv)
    print(report("CPython", measure_both(measure_cpython, args.steps), args.steps), flush=True)
    if args.chromium:
        with tempfile.TemporaryDirectory() as scratch:
            build.build_site(build.LESSONS_DIR, Path(scratch))
            print(report("Chromium", measure_both(measure_chromium, Path(scratch), args.steps), args.steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
