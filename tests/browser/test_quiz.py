"""Check yourself: each option explains itself once picked, by mouse or keyboard, and may be retried."""

from playwright.sync_api import expect

from tests.browser.lesson import open_lesson


def first_question(page):
    return page.get_by_role(
        "radiogroup", name="With a residual connection around it, what is each block actually learning?"
    )


def test_a_wrong_pick_explains_itself_and_the_learner_can_try_again(page, site_url):
    open_lesson(page, site_url)
    group = first_question(page)
    group.get_by_role("radio", name="A completely new vector").check()
    shown = group.locator(".explanation:visible")
    expect(shown).to_have_count(1)
    expect(shown).to_contain_text("Not quite.")
    group.get_by_role("radio", name="A correction").check()
    expect(shown).to_have_count(2)  # the first explanation stays, to compare
    expect(shown.nth(1)).to_contain_text("Right.")


def test_the_arrow_keys_read_the_options_and_space_picks_one(page, site_url):
    open_lesson(page, site_url)
    group = first_question(page)
    radios = group.get_by_role("radio")
    radios.first.focus()
    for _ in range(radios.count()):  # round every option and back to the first: nothing is answered
        page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(radios.last).to_be_focused()
    expect(group.get_by_role("radio", checked=True)).to_have_count(0)
    expect(group.locator(".explanation:visible")).to_have_count(0)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(radios.nth(1)).to_be_focused()
    page.keyboard.press("Space")
    expect(radios.nth(1)).to_be_checked()
    expect(group.locator(".explanation:visible")).to_have_count(1)
    expect(group.locator(".quiz-feedback")).to_contain_text("Right.")


def test_every_option_of_every_question_has_an_explanation(page, site_url):
    open_lesson(page, site_url)
    groups = page.get_by_role("radiogroup")
    assert groups.count() >= 3
    for index in range(groups.count()):
        group = groups.nth(index)
        for option in range(group.get_by_role("radio").count()):
            group.get_by_role("radio").nth(option).check()
        expect(group.locator(".explanation:visible")).to_have_count(group.get_by_role("radio").count())
