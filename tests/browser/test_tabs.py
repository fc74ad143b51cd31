"""The lesson open in two or three tabs: every save merges, so nothing typed or earned in one tab is lost
to another tab's older copy, and a Start over in one tab still clears what came before it."""

import itertools
import json

import pytest
from playwright.sync_api import expect

from tests.browser.lesson import PROGRESS_KEY, click, code_editor, set_code
from tests.browser.tabs import (
    FIRST_QUESTION,
    THIRD_QUESTION,
    code_is_kept,
    question,
    reopen,
    storage_reached,
    stored_code_versions,
    type_code,
)

EARLIER_CODE = "print('earlier work')\n"
IMPORTED_CODE = "print('imported')\n"
# A version 1 file, as exported before this change: its quiz answer is keyed by position (q1).
IMPORTED_FILE = {
    "schema": 1,
    "lesson": "8.6",
    "exercises": {"residual_stack": {"code": IMPORTED_CODE}},
    "quizzes": {"q1": [2]},
    "sections": {},
}
TAB_COPIES = PROGRESS_KEY + ":tab:"
PICKS = {  # option picked in the first question by each tab, and words of its explanation
    "A": ("A correction", "the difference between what came in and what goes out"),
    "B": ("A completely new vector", "That is what a plain block does."),
}


def do_earlier_work(page):
    """What both tabs hold before the pair of actions: code, a hint and an answer."""
    type_code(page, EARLIER_CODE)
    click(page, "Show hint")
    question(page, THIRD_QUESTION).get_by_role("radio", name="Because one road goes through every plus sign").check()
    return [
        ("code", EARLIER_CODE),
        ("hint", 1),
        ("pick", THIRD_QUESTION, "that straight road never weakens with depth"),
    ]


def edit_code(page, tab, files):
    code = f"print('typed in {tab}')\n"
    type_code(page, code)
    return [("code", code)]


def answer_quiz(page, tab, files):
    option, explanation = PICKS[tab]
    question(page, FIRST_QUESTION).get_by_role("radio", name=option).check()
    return [("pick", FIRST_QUESTION, explanation)]


def show_hint(page, tab, files):
    click(page, "Show hint")  # the second: the first came with the earlier work, in both tabs
    return [("hint", 2)]


def finish_a_section(page, tab, files):
    page.get_by_role("heading", name="Your progress").scroll_into_view_if_needed()
    expect(page.get_by_text("Unlocked in microgpt: done")).to_be_visible()
    return [("section",)]


def reset_code(page, tab, files):
    type_code(page, f"print('then reset in {tab}')\n")
    click(page, "Reset code")
    page.wait_for_function("key => !localStorage.getItem(key).includes('then reset in')", arg=PROGRESS_KEY)
    return []


def start_over_here(page, tab, files):
    click(page, "Start over")
    click(page, "Yes, start over")
    return None  # clears everything before it


def import_file(page, tab, files):
    path = files / "progress.json"
    path.write_text(json.dumps(IMPORTED_FILE))
    with page.expect_navigation():
        with page.expect_file_chooser() as chooser:
            click(page, "Import progress")
        chooser.value.set_files(path)
    expect(code_editor(page)).to_be_visible()
    return [("code", IMPORTED_CODE), ("pick", FIRST_QUESTION, "Passing through is only the default")]


ACTIONS = {
    "code edit": edit_code,
    "quiz answer": answer_quiz,
    "hint shown": show_hint,
    "section done": finish_a_section,
    "Reset code": reset_code,
    "Start over": start_over_here,
    "import": import_file,
}


def see_kept(page, item):
    kind = item[0]
    if kind == "code":
        code_is_kept(page, item[1])
    elif kind == "pick":
        expect(question(page, item[1]).get_by_text(item[2])).to_be_visible()
    elif kind == "hint":
        expect(page.get_by_text(f"Hint {item[1]} of 3")).to_be_visible()
    else:
        expect(page.get_by_text("Unlocked in microgpt: done")).to_be_visible()


def see_cleared(page, item, kept):
    """Something from before a Start over is gone, unless an action after it brought the same back."""
    kind = item[0]
    if kind == "code":
        assert item[1] not in stored_code_versions(page)
        expect(code_editor(page)).not_to_contain_text(item[1].strip())
    elif kind == "pick":
        expect(question(page, item[1]).get_by_text(item[2])).to_be_hidden()
    elif kind == "hint" and not any(other[0] == "hint" for other in kept):
        expect(page.get_by_text("Hint 1 of 3")).to_be_hidden()


PAIRS = list(itertools.product(ACTIONS, repeat=2))


@pytest.mark.parametrize("first, second", PAIRS, ids=[f"{first} in A, then {second} in B" for first, second in PAIRS])
def test_a_pair_of_actions_in_two_tabs_loses_nothing(tabs, site_url, tmp_path, first, second):
    tab_a = tabs()
    kept, cleared = do_earlier_work(tab_a), []
    tab_b = tabs(deaf=True)  # B's copy is the earlier one, whatever A does next
    storage_reached([tab_a, tab_b])
    showing = {"A": EARLIER_CODE, "B": EARLIER_CODE}  # the code each tab's editor shows
    for tab, name, page in (("A", first, tab_a), ("B", second, tab_b)):
        if name in ("code edit", "Reset code") and ("code", showing[tab]) in kept:
            kept.remove(("code", showing[tab]))  # the learner changed it: replaced, not lost
        produced = ACTIONS[name](page, tab, tmp_path)
        storage_reached([tab_a, tab_b])
        if produced is None:
            kept, cleared = [], cleared + kept
        else:
            kept += produced
        if name in ("code edit", "Reset code", "import", "Start over"):
            showing[tab] = next((item[1] for item in produced or [] if item[0] == "code"), None)
    for page in (tab_a, tab_b):
        reopen(page, site_url)
        for item in kept:
            see_kept(page, item)
        for item in cleared:
            see_cleared(page, item, kept)


def test_what_one_tab_does_shows_in_the_other_without_a_reload(tabs):
    tab_a, tab_b = tabs(), tabs()
    question(tab_a, FIRST_QUESTION).get_by_role("radio", name="A correction").check()
    expect(question(tab_b, FIRST_QUESTION).get_by_role("radio", name="A correction")).to_be_checked()
    tab_a.get_by_role("heading", name="Your progress").scroll_into_view_if_needed()
    expect(tab_b.get_by_text("Unlocked in microgpt: done")).to_be_visible()
    type_code(tab_a, "print('written in A, read in B')\n")
    expect(code_editor(tab_b)).to_have_text("print('written in A, read in B')")
    type_code(tab_b, "print('B built on it')\n")
    expect(code_editor(tab_a)).to_have_text("print('B built on it')")
    expect(tab_a.get_by_text("This exercise was edited in another tab")).to_be_hidden()


def test_start_over_in_one_tab_starts_over_in_the_other(tabs, site_url):
    tab_a = tabs()
    do_earlier_work(tab_a)
    tab_b = tabs()
    expect(code_editor(tab_b)).to_have_text(EARLIER_CODE.strip())
    click(tab_a, "Start over")
    click(tab_a, "Yes, start over")
    expect(tab_b.get_by_text("Started over in another tab.")).to_be_visible()
    expect(code_editor(tab_b)).to_contain_text("def residual_stack(x, depth=20):")
    expect(tab_b.get_by_text("Hint 1 of 3")).to_be_hidden()
    reopen(tab_b, site_url)
    expect(code_editor(tab_b)).to_contain_text("def residual_stack(x, depth=20):")
    expect(
        question(tab_b, THIRD_QUESTION).get_by_role("radio", name="Because one road goes through every plus sign")
    ).not_to_be_checked()


def crossed_edits(tabs):
    """Tabs A and B each change the code without hearing the other, B last: B's edit is the newer."""
    tab_a, tab_b = tabs(deaf=True), tabs(deaf=True)
    type_code(tab_a, "print('draft in A')\n")
    storage_reached([tab_a, tab_b])
    type_code(tab_b, "print('draft in B')\n")
    storage_reached([tab_a, tab_b])
    return tab_a, tab_b


def test_crossed_edits_keep_the_newer_and_offer_the_other_back(tabs, site_url):
    tab_a, tab_b = crossed_edits(tabs)
    assert stored_code_versions(tab_a) == ["print('draft in B')\n", "print('draft in A')\n"]
    reopen(tab_a, site_url)
    expect(code_editor(tab_a)).to_have_text("print('draft in B')")
    expect(
        tab_a.get_by_role("status").filter(
            has_text="This exercise was edited in another tab: load that version, or keep this one."
        )
    ).to_be_visible()
    click(tab_a, "Load that version")
    expect(code_editor(tab_a)).to_have_text("print('draft in A')")
    expect(tab_a.get_by_text("This exercise was edited in another tab")).to_be_hidden()
    assert stored_code_versions(tab_a) == ["print('draft in A')\n"]  # the learner chose: no more drafts
    reopen(tab_b, site_url)
    expect(code_editor(tab_b)).to_have_text("print('draft in A')")
    expect(tab_b.get_by_text("This exercise was edited in another tab")).to_be_hidden()


def test_the_tab_whose_edit_lost_says_so_and_can_keep_its_own(tabs, site_url):
    tab_a, tab_b = crossed_edits(tabs)
    tab_a.evaluate("window.deafToOtherTabs = false")
    type_code(tab_b, "print('draft in B, again')\n")  # A hears of it now
    expect(tab_a.get_by_text("This exercise was edited in another tab")).to_be_visible()
    expect(code_editor(tab_a)).to_have_text("print('draft in A')")
    click(tab_a, "Keep this one")
    expect(tab_a.get_by_text("This exercise was edited in another tab")).to_be_hidden()
    for page in (tab_a, tab_b):
        reopen(page, site_url)
        expect(code_editor(page)).to_have_text("print('draft in A')")
        expect(page.get_by_text("This exercise was edited in another tab")).to_be_hidden()


def test_three_tabs_lose_nothing(tabs, site_url):
    pages = [tabs(deaf=True) for _ in range(3)]
    options = ["A completely new vector", "A correction", "Nothing; the block is forced"]
    for number, page in enumerate(pages):  # each tab's first save: edits cross
        type_code(page, f"print('tab {number}')\n")
        storage_reached(pages)
    for page, option in zip(pages, options):  # none of the tabs has seen the others' answers
        question(page, FIRST_QUESTION).get_by_role("radio", name=option).check()
        storage_reached(pages)
    click(pages[0], "Show hint")
    storage_reached(pages)
    pages[1].get_by_role("heading", name="Your progress").scroll_into_view_if_needed()
    expect(pages[1].get_by_text("Unlocked in microgpt: done")).to_be_visible()
    storage_reached(pages)
    reopen(pages[2], site_url)
    page = pages[2]
    for number in range(3):
        code_is_kept(page, f"print('tab {number}')\n")
    expect(page.get_by_text("Hint 1 of 3")).to_be_visible()
    expect(page.get_by_text("Unlocked in microgpt: done")).to_be_visible()
    group = question(page, FIRST_QUESTION)
    expect(group.get_by_role("radio", name=options[2])).to_be_checked()  # the last answer is the current one
    expect(group.get_by_text("Right.")).to_be_visible()
    expect(group.get_by_text("Not quite.").filter(visible=True)).to_have_count(2)
    # Each draft is offered in turn until the learner has chosen.
    click(page, "Load that version")
    expect(code_editor(page)).to_have_text("print('tab 1')")
    assert sorted(stored_code_versions(page)) == ["print('tab 1')\n"]


def test_storage_full_in_one_tab_keeps_its_code_on_screen_and_offers_it(tabs, site_url):
    tab_a, tab_b = tabs(), tabs()
    tab_a.evaluate("""() => {
        window.realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = () => { throw new DOMException("full", "QuotaExceededError"); };
    }""")
    set_code(tab_a, "print('typed while storage was full')\n")
    expect(tab_a.get_by_role("status", name="Notices")).to_contain_text("could not be saved")
    type_code(tab_b, "print('saved from B')\n")
    expect(tab_a.get_by_text("This exercise was edited in another tab")).to_be_visible()
    expect(code_editor(tab_a)).to_have_text("print('typed while storage was full')")
    tab_a.evaluate("() => { Storage.prototype.setItem = window.realSetItem; }")
    click(tab_a, "Keep this one")
    reopen(tab_b, site_url)
    expect(code_editor(tab_b)).to_have_text("print('typed while storage was full')")


def tab_copies(page):
    """The keys of the tabs' own copies of the lesson's progress."""
    return page.evaluate("(prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix))", TAB_COPIES)


def test_a_closed_tabs_change_survives_a_save_from_a_copy_that_lacks_it(tabs):
    """Chromium hands a save to the other tabs a moment late: one that saves before it has been handed
    another's change overwrites it, and a tab closed by then cannot write its change back. Its own copy
    keeps it, and the next page merges that in."""
    tab_a, tab_b = tabs(), tabs()
    type_code(tab_a, EARLIER_CODE)
    storage_reached([tab_a, tab_b])
    older = tab_b.evaluate("(key) => localStorage.getItem(key)", PROGRESS_KEY)  # as B holds it, before A's change
    type_code(tab_a, "print('typed in A just before it closed')\n")
    tab_a.close()
    tab_b.evaluate("([key, older]) => localStorage.setItem(key, older)", [PROGRESS_KEY, older])
    tab_c = tabs()
    expect(code_editor(tab_c)).to_have_text("print('typed in A just before it closed')")
    assert "print('typed in A just before it closed')\n" in stored_code_versions(tab_c)


def test_a_tabs_own_copy_goes_once_storage_has_held_all_of_it_for_a_minute(tabs, site_url):
    tab_a = tabs()
    type_code(tab_a, "print('held')\n")
    [own] = tab_copies(tab_a)
    # Two copies written two minutes ago: one that storage holds whole, one with code that it lacks.
    tab_a.evaluate(
        """(own) => {
            const copy = JSON.parse(localStorage.getItem(own));
            copy.written -= 120000;
            localStorage.setItem(own + "-held", JSON.stringify(copy));
            copy.progress.exercises.residual_stack.code = "print('only in an old copy')\\n";
            copy.progress.exercises.residual_stack.edited += 1;
            localStorage.setItem(own + "-lacked", JSON.stringify(copy));
        }""",
        own,
    )
    tab_b = tabs()
    expect(code_editor(tab_b)).to_have_text("print('only in an old copy')")
    copies = tab_copies(tab_b)
    assert own in copies and own + "-lacked" in copies  # storage lacked it when the page loaded
    assert own + "-held" not in copies
    reopen(tab_b, site_url)  # now storage holds it: the next page removes it
    assert own + "-lacked" not in tab_copies(tab_b)


def test_a_tab_left_a_minute_after_its_last_save_takes_its_own_copy_with_it(tabs, site_url):
    tab_a = tabs()
    type_code(tab_a, "print('saved, then left alone')\n")
    [own] = tab_copies(tab_a)
    tab_a.clock.install()
    tab_a.clock.fast_forward("02:00")
    tab_a.goto(site_url)  # leaving for the index: storage has held all of it for two minutes
    assert own not in tab_copies(tab_a)


def test_a_tab_left_just_after_its_last_save_keeps_its_own_copy(tabs, site_url):
    tab_a = tabs()
    type_code(tab_a, "print('saved, then left at once')\n")
    [own] = tab_copies(tab_a)
    tab_a.goto(site_url)
    assert own in tab_copies(tab_a)


def test_storage_with_no_room_for_a_tabs_own_copy_still_saves_the_change(tabs):
    tab_a = tabs()
    tab_a.evaluate(
        """(marker) => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key.includes(marker)) throw new DOMException("full", "QuotaExceededError");
            return setItem.call(this, key, value);
        };
    }""",
        ":tab:",
    )
    type_code(tab_a, "print('saved without a copy of its own')\n")
    copies = [tab_a.evaluate("(key) => localStorage.getItem(key)", key) for key in tab_copies(tab_a)]
    assert not [copy for copy in copies if "saved without a copy of its own" in copy]  # it had no room
    expect(tab_a.get_by_text("could not be saved")).to_have_count(0)
