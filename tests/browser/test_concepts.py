"""Concept cards in Chromium: math and a question that explains itself, answers kept, links to and from lessons."""

import re

from playwright.sync_api import expect

from tests.browser.lesson import LESSON
from tests.browser.study import CARD, CARD_QUESTION, MODULE


def test_a_card_shows_its_math_and_a_question_that_explains_itself_and_is_kept(page, site_url):
    page.goto(site_url + CARD)
    expect(page.get_by_role("heading", name="Residual connections", level=1)).to_be_visible()
    expect(page.locator("math").first).to_be_visible()
    question = page.get_by_role("radiogroup", name=CARD_QUESTION)
    shown = question.locator(".explanation:visible")
    expect(shown).to_have_count(0)
    question.get_by_role("radio", name="A new vector that replaces its input").check()
    expect(shown).to_have_count(1)
    expect(shown).to_contain_text("Not quite. That is a plain block.")
    question.get_by_role("radio", name="A correction to add to its input").check()
    expect(shown.nth(1)).to_contain_text("Right.")
    page.reload()
    expect(question.get_by_role("radio", name="A correction to add to its input")).to_be_checked()
    expect(shown).to_have_count(2)


def test_a_lessons_concept_link_leads_to_the_card_and_back(page, site_url):
    page.goto(site_url + LESSON)
    page.get_by_role("link", name="residual connection", exact=True).click()
    expect(page.get_by_role("heading", name="Residual connections", level=1)).to_be_visible()
    page.get_by_role("region", name="Lessons").get_by_role("link", name="8.6 Residual connections").click()
    expect(page).to_have_url(re.compile(re.escape(LESSON) + "$"))
    expect(page.get_by_role("heading", name="Watch", exact=True)).to_be_visible()


def test_the_module_page_shows_progress_on_each_card_and_lesson(page, site_url):
    page.goto(site_url + MODULE)
    concepts = page.get_by_role("region", name="Concepts")
    expect(concepts.get_by_role("listitem").filter(has_text="Residual connections")).to_contain_text("(not started)")
    page.goto(site_url + CARD)
    page.get_by_role("radiogroup", name=CARD_QUESTION).get_by_role(
        "radio", name="A correction to add to its input"
    ).check()
    page.get_by_role("link", name="Study this module →").click()
    expect(concepts.get_by_role("listitem").filter(has_text="Residual connections")).to_contain_text("(done)")
    lessons = page.get_by_role("region", name="Lessons")
    expect(lessons.get_by_role("listitem").filter(has_text="8.6")).to_contain_text("(not started)")
    page.goto(site_url + LESSON)
    page.get_by_role("radio").first.check()
    page.goto(site_url + MODULE)
    expect(lessons.get_by_role("listitem").filter(has_text="8.6")).to_contain_text("(started)")
    # The first item not done yet: lesson 8.1 opens the module and has not been started.
    expect(page.get_by_role("link", name="Study this module")).to_have_attribute("href", re.compile(r"8\.1-[a-z-]+/"))
    page.goto(site_url)
    expect(page.get_by_role("listitem").filter(has_text="8.6 Residual connections")).to_contain_text("(started)")
    page.get_by_role("link", name="Module 8: lessons, concepts and test").click()
    expect(page.get_by_role("heading", name="Module 8 · The transformer block", level=1)).to_be_visible()
