"""`python build.py serve`: edits rebuild the site and reload the page; a broken lesson shows its problems."""

import http.client
import re
import shutil
import time

import pytest

from tests.preview import GOOD_LESSONS, Preview, edit

LESSON = "8.2-second-of-eight"


@pytest.fixture
def preview(tmp_path):
    shutil.copytree(GOOD_LESSONS, tmp_path / "lessons")
    running = Preview(tmp_path)
    yield running
    if running.process.poll() is None:
        running.process.kill()


def first_event(stream):
    """The data of the next server-sent event, skipping heartbeats."""
    while True:
        line = stream.readline().decode()
        if line.startswith("data: "):
            return line[len("data: ") :].strip()


def test_an_edit_rebuilds_the_page_and_tells_open_pages_to_reload(preview, tmp_path):
    status, page = preview.get(f"{LESSON}/index.html")
    assert status == 200 and "Lesson 8.2's prose." in page
    assert "/__livereload" in page
    on_disk = (tmp_path / "site" / LESSON / "index.html").read_text()
    assert "__livereload" not in on_disk, "the reload script must never be written into the site"
    (runtime_file,) = (tmp_path / "site").glob("pyodide-*/pyodide.asm.wasm")
    runtime_written = runtime_file.stat().st_mtime_ns

    host, port = re.match(r"http://([^:/]+):(\d+)/", preview.url).groups()
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", "/__livereload")
    stream = connection.getresponse()
    assert stream.getheader("Content-Type") == "text/event-stream"
    version = first_event(stream)
    assert f'"{version}"' in page, "the page knows the version it was served at"

    edit(tmp_path / "lessons" / f"{LESSON}.md", "Lesson 8.2's prose.", "Lesson 8.2's edited prose.")
    assert first_event(stream) != version
    connection.close()
    preview.wait_for_line(r"built 4 lesson\(s\) in [\d.]+ s")
    assert "edited prose" in preview.get(f"{LESSON}/index.html")[1]
    assert runtime_file.stat().st_mtime_ns == runtime_written, "an edited lesson must not re-vendor the runtime"
    assert preview.stop() == 0


def test_a_broken_lesson_shows_its_problems_in_the_page_until_it_is_fixed(preview, tmp_path):
    lesson = tmp_path / "lessons" / f"{LESSON}.md"
    edit(lesson, "- [x] Lesson 8.2", "- [ ] Lesson 8.2")
    preview.wait_for_line(r"the build failed")
    status, page = preview.get(f"{LESSON}/index.html")
    assert status == 500
    assert (
        f"<code>lessons/{LESSON}.md:28: the quiz has no right option: mark the right one &#x27;- [x]&#x27;</code>"
        in page
    )
    assert "/__livereload" in page, "the error page reloads itself once the lesson is fixed"
    assert preview.get("index.html")[0] == 500

    edit(lesson, "- [ ] Lesson 8.2", "- [x] Lesson 8.2")
    preview.wait_for_line(r"built 4 lesson\(s\)")
    status, page = preview.get(f"{LESSON}/index.html")
    assert status == 200 and "Which lesson is this?" in page
    assert preview.stop() == 0


def test_ctrl_c_stops_a_background_job_within_two_seconds_with_a_page_open(tmp_path):
    shutil.copytree(GOOD_LESSONS, tmp_path / "lessons")
    preview = Preview(tmp_path, as_background_job=True)
    try:
        host, port = re.match(r"http://([^:/]+):(\d+)/", preview.url).groups()
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request("GET", "/__livereload")
        first_event(connection.getresponse())  # an open page's reload stream, which must not hold the server up
        started = time.monotonic()
        assert preview.stop(within=2) == 0
        assert time.monotonic() - started < 2
    finally:
        if preview.process.poll() is None:
            preview.process.kill()
