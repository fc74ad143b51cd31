"""The build's reading of the pages it wrote (gradlab/page_checks.py), on pages written here."""

from gradlab import page_checks
from gradlab.page_checks import check_pages

PAGE_SCRIPT = """<!doctype html><html lang="en"><head><title>A lesson</title></head><body><p>Text.</p>
<script type="module" src="../static/lesson.js"
  data-worker="../static/python-worker.js"
  data-editor="../static/code-editor.js"
  data-pyodide="../pyodide/"
  data-snapshot-for="314.0.7"
  data-packages='[]'
  data-pieces="pieces.json"></script>
</body></html>
"""


def site_with(tmp_path, files):
    (tmp_path / "lesson").mkdir()
    (tmp_path / "lesson" / "index.html").write_text(PAGE_SCRIPT)
    (tmp_path / "pyodide").mkdir()
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    return tmp_path


def test_every_file_the_page_script_is_told_of_must_be_in_the_site(tmp_path):
    everything = ["static/lesson.js", "static/python-worker.js", "static/code-editor.js", "lesson/pieces.json"]
    assert check_pages(site_with(tmp_path, everything), {}) == []


def test_a_bundle_the_page_would_load_later_and_find_missing_is_a_problem(tmp_path):
    site = site_with(tmp_path, ["static/lesson.js", "static/python-worker.js", "lesson/pieces.json"])
    (problem,) = check_pages(site, {})
    assert problem.line == 2  # where the script element starts
    assert problem.message == (
        "(in the built page) the link '../static/code-editor.js' leads to no page or file of the site: check its address, "
        "relative to this page"
    )


def test_kept_readings_spare_the_pages_left_alone_and_see_the_one_rewritten(tmp_path, monkeypatch):
    everything = ["static/lesson.js", "static/python-worker.js", "static/code-editor.js", "lesson/pieces.json"]
    site = site_with(tmp_path, everything)
    (site / "other.html").write_text(
        '<!doctype html><html lang="en"><title>Other</title><a href="lesson/">x</a></html>'
    )
    readings = page_checks.PageReadings()
    assert check_pages(site, {}, readings) == []
    parsed = []
    real_read_page = page_checks.read_page
    monkeypatch.setattr(page_checks, "read_page", lambda html: parsed.append(html) or real_read_page(html))
    broken = '<!doctype html><html lang="en"><title>Other</title><a href="nowhere.html">gone</a></html>'
    (site / "other.html").write_text(broken)
    (problem,) = check_pages(site, {}, readings)
    assert parsed == [broken]  # the lesson's page, untouched, is not read again
    assert "'nowhere.html' leads to no page or file of the site" in problem.message
    (site / "lesson" / "pieces.json").unlink()
    problems = check_pages(site, {}, readings)
    assert any("'pieces.json' leads to no page" in problem.message for problem in problems)  # links followed again


def test_a_later_build_parses_only_the_pages_whose_text_changed(tmp_path, monkeypatch):
    everything = ["static/lesson.js", "static/python-worker.js", "static/code-editor.js", "lesson/pieces.json"]
    (tmp_path / "site").mkdir()
    site = site_with(tmp_path / "site", everything)
    other = '<!doctype html><html lang="en"><title>Other</title><a href="lesson/">x</a></html>'
    (site / "other.html").write_text(other)
    kept = tmp_path / "readings.pickle"
    assert check_pages(site, {}, page_checks.PageReadings(kept)) == []
    parsed = []
    real_read_page = page_checks.read_page
    monkeypatch.setattr(page_checks, "read_page", lambda html: parsed.append(html) or real_read_page(html))

    # The next build, in a process of its own: every page written again, one of them with other text.
    (site / "lesson" / "index.html").write_text(PAGE_SCRIPT)
    broken = '<!doctype html><html lang="en"><title>Other</title><a href="nowhere.html">gone</a></html>'
    (site / "other.html").write_text(broken)
    (problem,) = check_pages(site, {}, page_checks.PageReadings(kept))
    assert parsed == [broken]
    assert "'nowhere.html' leads to no page or file of the site" in problem.message
    (site / "lesson" / "pieces.json").unlink()
    problems = check_pages(site, {}, page_checks.PageReadings(kept))
    assert any("'pieces.json' leads to no page" in problem.message for problem in problems)  # links followed again
    assert parsed == [broken]


def test_readings_kept_by_other_checks_or_unreadable_are_not_used(tmp_path, monkeypatch):
    everything = ["static/lesson.js", "static/python-worker.js", "static/code-editor.js", "lesson/pieces.json"]
    (tmp_path / "site").mkdir()
    site = site_with(tmp_path / "site", everything)
    kept = tmp_path / "readings.pickle"
    check_pages(site, {}, page_checks.PageReadings(kept))
    parsed = []
    real_read_page = page_checks.read_page
    monkeypatch.setattr(page_checks, "read_page", lambda html: parsed.append(html) or real_read_page(html))
    monkeypatch.setattr(page_checks.PageReadings, "key", staticmethod(lambda: "the checks' code, changed"))
    assert check_pages(site, {}, page_checks.PageReadings(kept)) == []
    assert parsed == [PAGE_SCRIPT]
    kept.write_bytes(b"half a file")
    assert check_pages(site, {}, page_checks.PageReadings(kept)) == []
    assert parsed == [PAGE_SCRIPT, PAGE_SCRIPT]
