"""The module test in Chromium: graded at once, every answer explained, reshuffled on retry, best score kept."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.study import MODULE, MODULE_TEST, TEST_KEY


def questions(page):
    return page.get_by_role("radiogroup")


def score(page):
    return page.get_by_role("status", name="Score")


def option_orders(page):
    """The options' names, question by question, in the order the page shows them."""
    return [
        questions(page).nth(i).get_by_role("radio").evaluate_all("radios => radios.map(r => r.labels[0].textContent)")
        for i in range(questions(page).count())
    ]


def answer_right(page, how_many):
    """Pick the right option of the first how_many questions (the page marks it for after grading)."""
    for i in range(how_many):
        questions(page).nth(i).locator("[data-right]").get_by_role("radio").check()


@pytest.mark.parametrize("module", [7, 8, 9, 10])
def test_a_wrong_attempt_shows_the_score_and_every_explanation(page, site_url, module):
    page.goto(f"{site_url}modules/{module}-test.html")
    total = questions(page).count()
    assert total >= 12
    explanations = page.locator(".explanation:visible")
    expect(explanations).to_have_count(0)
    answer_right(page, 2)
    questions(page).nth(2).locator("li:not([data-right])").first.get_by_role("radio").check()
    page.get_by_role("button", name="Submit answers").click()
    expect(score(page)).to_have_text(
        re.compile(
            rf"^2 of {total} right\. Pass mark: \d+ of {total} \(75%\)\. "
            rf"Not passed yet\. Best so far: 2 of {total}"
        )
    )
    expect(explanations).to_have_count(page.get_by_role("radio").count())
    expect(explanations.filter(has_text=re.compile("^The right answer"))).to_have_count(total)
    expect(questions(page).nth(2)).to_contain_text("Wrong: the right answer is the one in bold.")
    expect(questions(page).nth(3)).to_contain_text("Not answered")


def test_a_retry_reshuffles_and_the_best_score_survives_a_reload(page, site_url):
    page.goto(site_url + MODULE_TEST)
    total = questions(page).count()
    answer_right(page, 3)
    page.get_by_role("button", name="Submit answers").click()
    expect(score(page)).to_contain_text(f"3 of {total} right")
    before = option_orders(page)
    page.get_by_role("button", name="Try again").click()
    expect(score(page)).to_have_text("")
    expect(page.get_by_role("radio").first).to_be_enabled()
    after = option_orders(page)
    assert [sorted(q) for q in before] == [sorted(q) for q in after]
    assert before != after  # 15 questions of 3 or 4 options: the same order again is a 1 in 10^17 chance
    answer_right(page, 1)
    page.get_by_role("button", name="Submit answers").click()
    expect(score(page)).to_have_text(re.compile(rf"^1 of {total} right\..*Best so far: 3 of {total}, after 2 attempts"))
    page.reload()
    expect(page.get_by_text(f"Best so far: 3 of {total}, after 2 attempts.")).to_be_visible()
    record = json.loads(page.evaluate(f"localStorage.getItem({TEST_KEY!r})"))
    assert (record["schema"], record["best"], record["attempts"], record["passed"]) == (1, 3, 2, False)
    page.goto(site_url + MODULE)
    expect(page.get_by_role("region", name="Test")).to_contain_text(f"(not passed yet, best 3 of {total})")


def test_passing_is_kept_and_shown_on_the_module_page(page, site_url):
    page.goto(site_url + MODULE_TEST)
    total = questions(page).count()
    answer_right(page, total)
    page.get_by_role("button", name="Submit answers").click()
    expect(score(page)).to_contain_text(f"{total} of {total} right. Pass mark")
    expect(score(page)).to_contain_text("Passed.")
    page.goto(site_url + MODULE)
    expect(page.get_by_role("region", name="Test")).to_contain_text(f"(passed, best {total} of {total})")


def test_unreadable_saved_scores_are_set_aside_and_the_test_starts_afresh(page, site_url):
    page.goto(site_url + MODULE_TEST)
    page.evaluate(f'localStorage.setItem({TEST_KEY!r}, \'{{"schema": 1, "test": "8", "best": "lots"}}\')')
    page.reload()
    expect(page.get_by_role("status", name="Notices")).to_contain_text("could not be read")
    page.get_by_role("button", name="Submit answers").click()
    expect(score(page)).to_contain_text("after 1 attempt.")
    kept = page.evaluate("Object.keys(localStorage).filter(key => key.includes(':set-aside:'))")
    assert len(kept) == 1


def test_the_test_and_the_cards_work_offline_once_visited(new_context, site_url):
    context = new_context()
    try:
        page = context.new_page()
        page.goto(site_url + MODULE_TEST)
        # The study pages register the site's service worker too; it controls them once the site is cached.
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=90_000)
        context.set_offline(True)
        page.reload()
        page.get_by_role("button", name="Submit answers").click()
        expect(score(page)).to_contain_text(f"0 of {questions(page).count()} right")
        page.goto(site_url + "concepts/rmsnorm.html")
        expect(page.get_by_role("heading", name="rmsnorm", level=1)).to_be_visible()
    finally:
        context.close()
