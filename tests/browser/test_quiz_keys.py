"""Saved quiz answers are keyed by the question, not its position: an instructor who inserts a
question before a saved one, and rebuilds, leaves every learner's answers on their own questions."""

import shutil

import pytest
from playwright.sync_api import expect

import build
from gradlab.problems import LessonProblems
from gradlab.server import serve_in_background
from tests.browser.lesson import LESSON
from tests.browser.tabs import FIRST_QUESTION, note_foreign_requests, question

LESSON_FILE = "8.6-residual-connections.md"
INSERTED_QUIZ = """```quiz
? Which does a residual block see first?
- [x] The input x
  The block works on what came in; its output is added back onto it.
- [ ] The loss
  The loss comes at the very end, after every block.
```

"""


@pytest.fixture
def editable_site(tmp_path):
    """A copy of the lessons, built and served, and a function that rebuilds the site after an edit."""
    lessons = tmp_path / "lessons"
    shutil.copytree(build.LESSONS_DIR, lessons)
    site = tmp_path / "site"
    build.build_site(lessons, site)
    server = serve_in_background(site)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/", lessons, lambda: build.build_site(lessons, site)
    server.shutdown()


def test_an_inserted_question_leaves_saved_answers_on_their_questions(new_context, editable_site):
    site_url, lessons, rebuild = editable_site
    context = new_context(site=site_url, service_workers="block")  # each reload asks the server for the page
    context.route("**/python-worker.*.js", lambda route: route.abort())  # answers need no Python
    foreign = note_foreign_requests(context, site_url)
    try:
        page = context.new_page()
        page.goto(site_url + LESSON)
        question(page, FIRST_QUESTION).get_by_role("radio", name="A correction").check()
        lesson = lessons / LESSON_FILE
        text = lesson.read_text()
        lesson.write_text(text.replace("```quiz\n", INSERTED_QUIZ + "```quiz\n", 1))
        rebuild()
        page.reload()
        inserted = question(page, "Which does a residual block see first?")
        expect(inserted).to_be_visible()
        expect(inserted.get_by_role("radio", checked=True)).to_have_count(0)
        expect(question(page, FIRST_QUESTION).get_by_role("radio", name="A correction")).to_be_checked()
    finally:
        context.close()
    assert not foreign, f"requests left the site's origin: {foreign}"


def test_a_quiz_may_be_named_and_two_alike_are_refused(editable_site):
    site_url, lessons, rebuild = editable_site
    lesson = lessons / LESSON_FILE
    text = lesson.read_text().replace("```quiz\n", "```quiz residual-learns\n", 1)
    lesson.write_text(text)
    rebuild()
    page_html = (lessons.parent / "site" / "8.6-residual-connections" / "index.html").read_text()
    assert 'data-quiz="residual-learns"' in page_html
    second = text.split("```quiz\n", 1)[1].split("```\n", 1)[0]
    lesson.write_text(text.replace(second, second + "```\n\n```quiz\n" + second, 1))
    with pytest.raises(LessonProblems, match="this quiz has the same question as the one on line"):
        rebuild()
