"""The build: lesson 8.6 rendered with every section, highlighted code, and nothing from elsewhere;
a course of several lessons indexed and linked in the order of their numbers."""

import json
import os
import re
import shutil
import time
import zipfile
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from gradlab.course import read_course
from gradlab.lesson_format import convert_lesson
from gradlab.runtime import build_engine_wheel, sha256_of

LESSON_PAGE = "8.6-residual-connections/index.html"
real_localtime = time.localtime


class PageOutline(HTMLParser):
    """Collects h2 texts and elements carrying a role, to check a page's structure."""

    def __init__(self):
        super().__init__()
        self.h2, self.roles, self._in_h2 = [], [], False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "h2":
            self._in_h2 = True
            self.h2.append("")
        if "role" in attrs:
            self.roles.append((attrs["role"], attrs.get("aria-label")))

    def handle_endtag(self, tag):
        if tag == "h2":
            self._in_h2 = False

    def handle_data(self, data):
        if self._in_h2:
            self.h2[-1] += data


@pytest.fixture(scope="module")
def lesson_html(built_site):
    return (built_site / LESSON_PAGE).read_text()


def outline(html):
    parser = PageOutline()
    parser.feed(html)
    return parser


def test_lesson_has_every_section_in_order(lesson_html):
    sections = read_course(build.LESSONS_DIR / "course.toml", []).sections
    assert [h.strip() for h in outline(lesson_html).h2] == [section.title for section in sections]


def test_lesson_page_has_the_contract_controls(lesson_html):
    roles = outline(lesson_html).roles
    for role, name in [
        ("log", "Output"),
        ("status", "Result"),
        ("status", "Python status"),
        ("figure", "Gradient reaching the input"),
    ]:
        assert (role, name) in roles
    assert 'aria-label="Code editor"' in lesson_html
    for button in ("Run", "Check", "Stop", "Reset code", "Show hint", "Show solution"):
        assert f">{button}</button>" in lesson_html
    assert sum(role == "radiogroup" for role, _ in roles) >= 3


EXCERPT = """``` { .python linenos="inline" hl_lines="2 4" linenostart=10 }
def stack(x, depth):
    for step in range(depth):
        x = layer(x)
        x = x + layer(x)
    return x
```
"""


def test_code_excerpts_are_highlighted_with_marked_lines():
    text = (GOOD_LESSONS / "8.2-second-of-eight.md").read_text()
    text = text.replace("## Explore\n", EXCERPT + "\n## Explore\n", 1)
    html = convert_lesson(Path("8.2-second-of-eight.md"), text, build.make_templates()).html
    assert '<div class="highlight">' in html
    assert re.search(r'<span class="k">for</span>', html)
    numbers = [int(n) for n in re.findall(r'<span class="linenos">\s*(\d+)</span>', html)]
    assert numbers == [10, 11, 12, 13, 14], "numbered from linenostart=10"
    marked = re.findall(r'<span class="hll"><span class="linenos">\s*(\d+)</span>', html)
    assert marked == ["11", "13"], "hl_lines 2 4 count from the excerpt's first line"


def test_numbers_in_prose_come_from_the_engine(lesson_html):
    assert '<span class="computed">1e-20</span>' in lesson_html
    assert '<span class="computed">6.73</span>' in lesson_html
    assert '<span class="computed">45</span>' in lesson_html
    assert "{{" not in lesson_html


def test_math_is_rendered_to_mathml(lesson_html):
    assert lesson_html.count("<math") >= 5
    assert "$$" not in lesson_html


def test_every_formula_has_its_source_as_alttext(lesson_html):
    formulas = re.findall(r"<math[^>]*>", lesson_html)
    alttexts = [re.search(r'alttext="([^"]+)"', tag) for tag in formulas]
    assert formulas and all(alttexts), "a formula without alttext is silent where MathML is not read"
    assert 'alttext="x \\leftarrow x + \\text{block}(x)"' in lesson_html  # the lesson's own source


def test_solution_is_not_in_the_page_but_beside_it(built_site, lesson_html):
    assert "x = x + layer(x)" not in lesson_html
    solution = (built_site / "8.6-residual-connections/solution-residual_stack.html").read_text()
    assert "layer" in solution and '<span class="o">+</span>' in solution


REAL_BLANK = "x = layer(x)  # TODO: keep x, and add what the layer makes of it"
# A starter line that breaks out of the textarea, and the page, unless the template escapes it.
HOSTILE_BLANK = 'x = layer(x)  # a < b & "c" </textarea><script>alert(1)</script>'


def editor_content(html):
    """The textarea's text as the browser reads it (up to the first closing tag, then unescaped)."""
    return unescape(re.search(r'<textarea class="code-editor"[^>]*>(.*?)</textarea>', html, re.S).group(1))


def test_starter_is_in_the_editor_escaped(lesson_html):
    assert REAL_BLANK in editor_content(lesson_html)
    source = (build.LESSONS_DIR / "8.6-residual-connections.md").read_text()
    assert REAL_BLANK in source
    lesson = convert_lesson(
        build.LESSONS_DIR / "8.6-residual-connections.md",
        source.replace(REAL_BLANK, HOSTILE_BLANK),
        build.make_templates(),
    )
    assert HOSTILE_BLANK in editor_content(lesson.html)
    assert "<script>alert" not in lesson.html


def test_no_url_of_another_origin_in_our_output(built_site):
    ours = [
        p
        for p in built_site.rglob("*")
        if p.suffix in (".html", ".css", ".js") and not p.relative_to(built_site).parts[0].startswith("pyodide-")
    ]
    assert ours
    for path in ours:
        # A namespace name such as MathML's xmlns is an identifier that is never fetched.
        text = re.sub(r'xmlns(:\w+)?="[^"]*"', "", path.read_text())
        text = text.replace('"http://www.w3.org/2000/svg"', "")  # so is SVG's, which the graph view creates by
        # A concept card's further reading is a plain link: following it is the learner's choice, nothing loads.
        text = re.sub(r'<a href="https://[^"]*">', "", text) if path.parent.name == "concepts" else text
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), path


def test_runtime_is_vendored_with_a_lock_that_matches_what_is_served(built_site):
    (pyodide,) = built_site.glob("pyodide-*")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).stat().st_size > 0
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["micropip"]
    micropip = lock["packages"]["micropip"]
    assert sha256_of(pyodide / micropip["file_name"]) == micropip["sha256"]
    assert not list(pyodide.glob("*.map")) and not (pyodide / "pyodide.js").exists()


def test_engine_wheel_holds_the_engine_and_a_valid_record(built_site):
    (wheel_path,) = (built_site / "wheels").glob("*/gradlab_engine-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel_path) as wheel:
        names = wheel.namelist()
        assert "engine/value.py" in names and "grading/grader.py" in names
        record = wheel.read(next(n for n in names if n.endswith("RECORD"))).decode()
    assert all(name in record for name in names)


A_DAY_AND_A_BIT = 90_061  # seconds: every field of a zip time (2 s steps) moves


def copy_of_engine(folder, seconds_ago):
    """The engine's sources in folder, their files dated seconds_ago."""
    shutil.copytree(build.ROOT / "engine", folder, ignore=shutil.ignore_patterns("__pycache__"))
    stamp = time.time() - seconds_ago
    for path in folder.rglob("*"):
        os.utime(path, (stamp, stamp))
    return folder


def test_engine_wheel_is_reproducible(tmp_path, monkeypatch):
    """Built from the same sources at another time, from files of another date: the same bytes."""
    first = build_engine_wheel([copy_of_engine(tmp_path / "a" / "engine", 0)], "0.0.1", tmp_path / "a")
    later = time.time() + A_DAY_AND_A_BIT
    monkeypatch.setattr(time, "time", lambda: later)
    monkeypatch.setattr(time, "localtime", lambda seconds=None: real_localtime(later if seconds is None else seconds))
    second = build_engine_wheel(
        [copy_of_engine(tmp_path / "b" / "engine", 3 * A_DAY_AND_A_BIT)], "0.0.1", tmp_path / "b"
    )
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as wheel:
        dates = {info.date_time[:3] for info in wheel.infolist()}
    assert len(dates) == 1 and dates != {real_localtime()[:3]}, "every file carries one fixed date, not today's"


def test_index_links_every_lesson(built_site):
    index = (built_site / "index.html").read_text()
    assert 'href="8.6-residual-connections/index.html"' in index and "Residual connections" in index


GOOD_LESSONS = Path(__file__).parent / "fixtures" / "lessons" / "good"


@pytest.fixture(scope="module")
def course_site(tmp_path_factory):
    """The site built from the good fixture lessons: 8.2, 8.9, 8.10 and 10.1 written; 8.6 and 9.1 coming."""
    out = tmp_path_factory.mktemp("course")
    build.build_site(GOOD_LESSONS, out)
    return out


def index_rows(site):
    """The index as (module heading, [(lesson id, link or None), …]) in page order."""
    index = (site / "index.html").read_text()
    sections = re.findall(r'<h2 id="module-\d+">(.*?)</h2>(.*?)</ol>', index, re.S)
    return [
        (
            heading,
            [
                (lesson_id, link or None)
                for link, lesson_id in re.findall(
                    r'<li>(?:<a href="([^"]+)">|<span class="coming">)<span class="lesson-id">([\d.]+)', items
                )
            ],
        )
        for heading, items in sections
    ]


def test_index_groups_lessons_by_module_in_the_order_of_their_numbers(course_site):
    assert index_rows(course_site) == [
        (
            "8 · Eight",
            [
                ("8.2", "8.2-second-of-eight/index.html"),
                ("8.6", None),
                ("8.9", "8.9-ninth-of-eight/index.html"),
                ("8.10", "8.10-tenth-of-eight/index.html"),
            ],
        ),
        ("9 · Nine", [("9.1", None)]),
        ("10 · Ten", [("10.1", "10.1-later-on/index.html")]),
    ]


def test_a_coming_lesson_is_shown_but_never_linked(course_site):
    index = (course_site / "index.html").read_text()
    assert '<span class="lesson-id">8.6</span> Sixth of eight <em>(coming soon)</em>' in index
    assert not list(course_site.glob("8.6*")) and "8.6-" not in index


def neighbours(site, slug):
    """(previous, next) of a lesson page as it shows them: ('link', href) or ('coming', id), None at an end."""
    page = (site / slug / "index.html").read_text()
    found = []
    for which in ("previous", "next"):
        match = re.search(rf'<p class="lesson-nav-{which}">.*?</p>', page)
        link = match and re.search(r'href="([^"]+)"', match.group(0))
        coming = match and re.search(r'<span class="coming"><span class="lesson-id">([\d.]+)', match.group(0))
        found.append(("link", link.group(1)) if link else ("coming", coming.group(1)) if coming else None)
    return tuple(found)


def test_each_lesson_links_to_the_previous_and_next_in_reading_order(course_site):
    assert neighbours(course_site, "8.2-second-of-eight") == (None, ("coming", "8.6"))
    assert neighbours(course_site, "8.9-ninth-of-eight") == (
        ("coming", "8.6"),
        ("link", "../8.10-tenth-of-eight/index.html"),
    )
    assert neighbours(course_site, "8.10-tenth-of-eight") == (
        ("link", "../8.9-ninth-of-eight/index.html"),
        ("coming", "9.1"),
    )
    assert neighbours(course_site, "10.1-later-on") == (("coming", "9.1"), None)


def test_every_link_between_pages_leads_to_a_page(course_site):
    for page in course_site.glob("**/index.html"):
        for href in re.findall(r'<a href="([^"#]+)"', page.read_text()):
            assert (page.parent / href).resolve().is_file(), (page, href)


def test_a_lesson_page_names_its_module_from_the_plan(course_site):
    page = (course_site / "8.2-second-of-eight" / "index.html").read_text()
    assert '<p class="module">8 · Eight</p>' in page
    assert '<span class="computed">1e-20</span>' in page


def render_head(sync_url):
    """The <head> every page shares, for a site built with --sync-url sync_url."""
    templates = build.make_templates(build.read_sync_url(sync_url))
    urls = {"sync.js": "static/sync.0123456789.js", "favicon.svg": "f", "style.css": "s", "pygments.css": "p"}
    return templates.get_template("base.html").render(root="../", urls=urls).split("</head>")[0]


def test_a_site_without_a_sync_service_names_none():
    head = render_head(None)
    assert "gradlab-sync" not in head and "connect-src 'self';" in head


def test_a_sync_service_on_the_sites_origin_keeps_the_csp_as_strict():
    head = render_head("/api")
    assert '<meta name="gradlab-sync" content="/api" data-script="../static/sync.0123456789.js">' in head
    assert "connect-src 'self';" in head


def test_a_sync_service_on_another_origin_is_the_one_origin_added_to_connect_src():
    head = render_head("https://sync.example.org/api/")
    assert 'content="https://sync.example.org/api"' in head
    assert "connect-src 'self' https://sync.example.org;" in head


@pytest.mark.parametrize("url", ["api", "//sync.example.org/api", "ftp://sync.example.org/api", "https:///api"])
def test_a_sync_url_the_pages_could_not_use_is_refused_with_what_to_give(url):
    with pytest.raises(build.SyncUrlError, match="like /api"):
        build.read_sync_url(url)


NUMBERS_EVERYWHERE = """---
id: 1.1
title: Numbers everywhere
---

```numbers
def rate(step):
    return 2.0 ** step
```

| step | rate |
|---|---|
| 1 | {{ rate(1) | .2f }} |

!!! note "Inside a callout"
    The third rate is {{ rate(3) | .1f }}.

A code span keeps its braces: `{{ rate(1) | .2f }}`.
"""


def test_numbers_with_a_format_render_in_tables_callouts_and_prose():
    lesson = convert_lesson(Path("1.1-numbers.md"), NUMBERS_EVERYWHERE, build.make_templates())
    assert lesson.problems == []
    assert '<td><span class="computed">2.00</span></td>' in lesson.html
    assert 'The third rate is <span class="computed">8.0</span>.' in lesson.html
    assert "<code>{{ rate(1) | .2f }}</code>" in lesson.html


def test_a_markdown_table_scrolls_in_a_labelled_region_of_its_own():
    lesson = convert_lesson(
        Path("1.1-numbers.md"), NUMBERS_EVERYWHERE.replace("| step |", "| step at $x$ |"), build.make_templates()
    )
    region = re.search(r"<div ([^>]*)>\s*<table>", lesson.html)
    assert region and sorted(re.findall(r'(\S+)="([^"]*)"', region.group(1))) == [
        ("aria-label", "Table: step at x, rate"),
        ("class", "table-scroll"),
        ("role", "region"),
        ("tabindex", "0"),
    ]


def test_a_module_without_a_test_does_not_promise_one(course_site, built_site):
    assert ">Module 8: lessons, concepts</a>" in (course_site / "index.html").read_text()
    assert ">Module 8: lessons, concepts and test</a>" in (built_site / "index.html").read_text()


def test_the_training_page_is_written_with_its_pieces_and_names_and_linked(built_site):
    pieces = json.loads((built_site / "train" / "pieces.json").read_text())
    assert [piece["exercise"] for piece in pieces][:3] == ["embed", "linear", "rmsnorm"] and len(pieces) == 11
    assert all((built_site / piece["page"]).is_file() and "def " in piece["reference"] for piece in pieces)
    assert (built_site / "train" / "names.txt").read_text() == (build.ROOT / "data" / "names.txt").read_text()
    link = 'href="train/index.html"'
    assert link in (built_site / "index.html").read_text()
    assert 'href="../train/index.html"' in (built_site / "modules" / "10.html").read_text()
    assert 'href="../train/index.html"' in (built_site / "10.4-sampling" / "index.html").read_text()
    assert 'href="../train/index.html"' not in (built_site / LESSON_PAGE).read_text()


def test_a_course_without_every_piece_of_microgpt_has_no_training_page(course_site):
    assert not (course_site / "train").exists()
    assert "train/index.html" not in (course_site / "index.html").read_text()
