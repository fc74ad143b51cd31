"""`python build.py serve`: edits rebuild the site and reload the page; a broken lesson shows its problems."""

import gzip
import http.client
import re
import shutil
import time

import pytest

import build
from gradlab.problems import LessonProblems
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


def site_pages(site):
    """Every page and the service worker's file list, as written: path → text."""
    files = [*site.rglob("*.html"), site / "service-worker.js"]
    return {path.relative_to(site).as_posix(): path.read_text() for path in files}


def test_a_rebuild_that_reuses_what_did_not_change_writes_what_a_full_build_writes(tmp_path):
    lessons, site = tmp_path / "lessons", tmp_path / "site"
    shutil.copytree(build.LESSONS_DIR, lessons)
    templates = build.make_templates()
    build.reset_directory(site)
    urls = build.write_static(site) | build.write_runtime(site)
    kept = build.KeptBetweenBuilds()
    build.rewrite_pages(lessons, site, templates, urls, None, kept)
    # A lesson's prose, a card's, and a module test's, each edited and rebuilt on what was kept.
    edit(lessons / "8.6-residual-connections.md", "## Watch\n", "## Watch\n\nAn edited first line.\n")
    build.rewrite_pages(lessons, site, templates, urls, None, kept)
    untouched = site / "concepts" / "adam.html"
    written_at = untouched.stat().st_mtime_ns
    edit(lessons / "concepts" / "relu.md", "## In depth\n", "## In depth\n\nAn edited card.\n")
    edit(lessons / "tests" / "module-8.md", "about how much gradient?", "about how much gradient, edited?")
    build.rewrite_pages(lessons, site, templates, urls, None, kept)
    assert untouched.stat().st_mtime_ns == written_at, "a page the edits did not change is not written again"

    fresh = tmp_path / "fresh"
    build.build_site(lessons, fresh)
    rebuilt, built = site_pages(site), site_pages(fresh)
    assert "An edited first line." in rebuilt["8.6-residual-connections/index.html"]
    assert "An edited card." in rebuilt["concepts/relu.html"]
    assert "gradient, edited?" in rebuilt["modules/8-test.html"]
    assert rebuilt.keys() == built.keys()
    assert [path for path in built if rebuilt[path] != built[path]] == []
    compressed = [*site.rglob("*.html.gz"), site / "service-worker.js.gz"]
    assert [gz for gz in compressed if gzip.decompress(gz.read_bytes()) != gz.with_suffix("").read_bytes()] == []


def test_a_rebuild_reads_again_each_lesson_the_watcher_names_or_whose_file_changed(tmp_path):
    lessons = shutil.copytree(GOOD_LESSONS, tmp_path / "lessons")
    path = lessons / f"{LESSON}.md"
    kept = {}
    build.lesson_texts(lessons, kept, set())
    stamp, text = kept[path]
    kept[path] = (stamp, "what the rebuild before read")
    assert build.lesson_texts(lessons, kept, set())[path] == "what the rebuild before read", "unchanged: not read"
    assert build.lesson_texts(lessons, kept, {path})[path] == text, "named by the watcher: read"
    kept[path] = (stamp, "what the rebuild before read")
    edit(path, "## Watch\n", "## Watch\n\nSaved, but the watcher missed it.\n")
    assert "the watcher missed it" in build.lesson_texts(lessons, kept, set())[path], "changed on disk: read"
    path.unlink()
    assert path not in build.lesson_texts(lessons, kept, set()) and path not in kept


def test_a_rebuild_finds_a_link_broken_by_another_pages_edit(tmp_path):
    lessons, site = tmp_path / "lessons", tmp_path / "site"
    shutil.copytree(GOOD_LESSONS, lessons)
    templates = build.make_templates()
    build.reset_directory(site)
    urls = build.write_static(site) | build.write_runtime(site)
    kept = build.KeptBetweenBuilds()
    build.rewrite_pages(lessons, site, templates, urls, None, kept)
    linking, linked = sorted(lessons.glob("8.*.md"))[:2]
    edit(linking, "\n## Watch\n", f"\n## Watch\n\nSee [its example](../{linked.stem}/index.html#an-example).\n")
    with pytest.raises(LessonProblems, match="names the anchor #an-example"):
        build.rewrite_pages(lessons, site, templates, urls, None, kept)
    edit(linked, "\n## Watch\n", "\n## Watch\n\n### An example\n\nIts text.\n")
    build.rewrite_pages(lessons, site, templates, urls, None, kept)
