"""Every lesson page in the engines a learner may bring besides Chromium: Firefox (Gecko) and WebKit
(Safari's).

One browser per engine, reused across the lessons; Stop's test has one of its own. Each lesson loads
with no console error, starts Python, runs, grades its starter "Not yet" and its solution "Passed", recomputes its explore when a
slider moves and keeps a quiz answer over a reload. Stop and the offline reload run on one lesson per
engine: every lesson page runs the same exercise, runtime and service worker code (static/page/).
Chromium takes the same steps (smoke.py) on every lesson in test_every_lesson.py, and Stop and the
offline reload in test_running.py and test_fast_and_offline.py."""

import pytest

from gradlab.server import serve_in_background
from tests.browser import smoke
from tests.browser.bidi_firefox import FirefoxOverBidi
from tests.browser.find_engines import MISSING, find_firefox, find_webkit
from tests.browser.lesson import LESSON, lesson_folders
from tests.browser.webdriver_webkit import WebKitOverWebDriver
from tests.corpus import graded_lessons, lesson_exercise

ENGINES = ("firefox", "webkit")


def start_engine(name):
    """A driver of one page of engine name."""
    found = {"firefox": find_firefox, "webkit": find_webkit}[name]()
    if not found:
        pytest.fail(MISSING[name], pytrace=False)
    return FirefoxOverBidi(found) if name == "firefox" else WebKitOverWebDriver(*found)


def driver_while_used(request):
    """The driver of request's engine, closed once its fixture's scope ends."""
    driver = start_engine(request.param)
    yield driver
    driver.close()


@pytest.fixture(scope="module", params=ENGINES)
def engine(request):
    """One engine's driver for the whole module (the origin rule is held in Chromium by test_off_origin_guard)."""
    yield from driver_while_used(request)


@pytest.fixture(params=ENGINES)
def engine_of_its_own(request):
    """A driver for one test, closed after it. WebKit without shared memory stops a loop by terminating its
    worker, and goes on running the loop's WebAssembly in its web process, a core's worth, until the browser
    closes (measured: 93–116% of a core for the 35 s after the Stop); in the shared browser that starved
    every test after it, on both of the machine's cores."""
    yield from driver_while_used(request)


def lesson_url(site_url, built_site, lesson_id):
    (folder,) = (folder for folder in lesson_folders(built_site) if folder.split("-")[0] == lesson_id)
    return f"{site_url}{folder}/index.html"


@pytest.mark.parametrize("lesson_id", graded_lessons())
def test_the_lesson_works(engine, site_url, built_site, lesson_id):
    errors_before = len(engine.errors())
    engine.goto(lesson_url(site_url, built_site, lesson_id))
    smoke.wait_for_python(engine)
    smoke.run_prints(engine)
    assert smoke.check(engine, smoke.starter_code(engine)).startswith("Not yet")
    block, _ = lesson_exercise(lesson_id)
    assert smoke.check(engine, block["solution"]).startswith("Passed")
    smoke.a_slider_updates_the_chart(engine)
    smoke.a_quiz_answer_survives_a_reload(engine)
    assert engine.errors()[errors_before:] == []


def test_stop_ends_a_loop_and_an_offline_reload_works(engine_of_its_own, built_site):
    server = serve_in_background(built_site)  # a server of its own, to switch off
    host, port = server.server_address[:2]
    engine_of_its_own.goto(f"http://{host}:{port}/{LESSON}")
    smoke.wait_for_python(engine_of_its_own)
    smoke.stop_ends_a_loop(engine_of_its_own)
    smoke.wait_for_the_service_worker(engine_of_its_own)
    server.shutdown()
    engine_of_its_own.reload()
    assert smoke.heading_shown(engine_of_its_own, "Watch")
    smoke.wait_for_python(engine_of_its_own)
    block, _ = lesson_exercise("8.6")
    assert smoke.check(engine_of_its_own, block["solution"]).startswith("Passed")
