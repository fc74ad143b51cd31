"""Concept cards, module pages and module tests: what the build writes, and what `build.py check` refuses."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import build

FIXTURES = Path(__file__).parent / "fixtures"
GOOD_LESSONS = FIXTURES / "lessons" / "good"
CONCEPTS = FIXTURES / "concepts"


def lessons_with(tmp_path, *overlays):
    """A lessons folder: the good fixture lessons, the good cards and test, then each overlay on top."""
    folder = tmp_path / "lessons"
    for source in (GOOD_LESSONS, CONCEPTS / "good", *overlays):
        shutil.copytree(source, folder, dirs_exist_ok=True)
    return folder


def check(folder):
    completed = subprocess.run(
        [sys.executable, "build.py", "check", "--lessons", str(folder)], cwd=build.ROOT, capture_output=True, text=True
    )
    return completed.returncode, completed.stdout, completed.stderr.replace(f"{folder}/", "")


def test_good_cards_and_test_pass_the_check(tmp_path):
    assert check(lessons_with(tmp_path)) == (0, "4 lesson(s) OK\n2 concept card(s), 1 module test(s) OK\n", "")


BROKEN = {
    "no-in-depth": [
        "concepts/no-in-depth.md:6: the card has no '## In depth' section: add it "
        "(In depth, Deep dive, Test yourself are needed, in that order)"
    ],
    "unknown-concept": [
        "8.9-ninth-of-eight.md:12: there is no concept card 'vanishing-gradients': write "
        "lessons/concepts/vanishing-gradients.md, or name an existing card as [[text|slug]]"
    ],
    "question-without-explanation": [
        "tests/module-8.md:11: the option 'The others' has no explanation: add a line "
        "under it, indented two spaces, that says why it is right or wrong"
    ],
    "test-draws-on-missing-lesson": [
        "tests/module-8.md:4: the test draws on lesson 8.6, which is not written yet: name a written lesson",
        "tests/module-8.md:4: the test draws on lesson 8.7, which is not in the course plan: name a written lesson",
        "tests/module-8.md:5: the test draws on the concept card 'third-idea', which does not exist",
    ],
}


@pytest.mark.parametrize("case", BROKEN)
def test_the_check_reports_each_broken_card_or_test_at_its_line(case, tmp_path):
    status, output, problems = check(lessons_with(tmp_path, CONCEPTS / "broken" / case))
    assert status == 1 and output == ""
    assert problems.splitlines()[:-1] == BROKEN[case]


def test_the_build_refuses_a_broken_card_with_the_same_messages(tmp_path):
    folder = lessons_with(tmp_path, CONCEPTS / "broken" / "no-in-depth")
    completed = subprocess.run(
        [sys.executable, "build.py", "--lessons", str(folder), "--out", str(tmp_path / "site")],
        cwd=build.ROOT,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 1
    assert completed.stderr.replace(f"{folder}/", "") == check(folder)[2]
    assert not (tmp_path / "site").exists()


def test_a_long_in_depth_part_is_a_warning_not_a_problem(tmp_path):
    status, _, warnings = check(lessons_with(tmp_path, CONCEPTS / "long-in-depth"))
    assert status == 0
    assert warnings == (
        "concepts/long-summary.md:7: the in-depth part has 17 lines: keep it to about 15 and move the "
        "rest to the deep dive (a warning: the site is still built)\n"
    )


def test_the_real_cards_and_test_pass_the_check_without_warnings(real_lessons_check):
    assert (real_lessons_check.returncode, real_lessons_check.stderr) == (0, "")


# The real site: lesson 8.6, module 8's cards and its test.


def page(built_site, path):
    return (built_site / path).read_text()


def test_a_card_page_has_its_parts_math_and_question(built_site):
    card = page(built_site, "concepts/residual-connections.html")
    headings = re.findall(r"<h2[^>]*>(.*?)</h2>", card)
    assert headings == ["In depth", "Deep dive", "Test yourself", "Further reading", "Lessons"]
    assert "<math" in card and '<span class="computed">6.73</span>' in card
    assert 'role="radiogroup"' in card and card.count('class="explanation') == 4


def test_a_lessons_concept_links_lead_to_cards_that_link_back(built_site):
    lesson = page(built_site, "8.6-residual-connections/index.html")
    slugs = re.findall(r'<a class="concept-link" data-concept="([^"]+)" href="\.\./concepts/\1\.html">', lesson)
    # The concepts 8.6 uses, each linked once.
    assert sorted(slugs) == [
        "jacobian",
        "layer-and-block",
        "residual-connections",
        "residual-stream",
        "rmsnorm",
        "vanishing-gradient",
    ]
    for slug in slugs:
        assert '<a href="../8.6-residual-connections/index.html">' in page(built_site, f"concepts/{slug}.html")


def test_only_the_first_mention_of_a_concept_is_a_link(tmp_path):
    build.build_site(lessons_with(tmp_path), tmp_path / "site")
    card = page(tmp_path / "site", "concepts/first-idea.html")
    assert card.count('<a class="concept-link" data-concept="second-idea" href="../concepts/second-idea.html">') == 1
    assert '<span class="concept-mention">second idea</span> is plain text' in card


def test_every_module_of_the_plan_has_a_page_listing_its_lessons_then_its_cards(built_site):
    for number in (7, 8, 9):
        assert (built_site / "modules" / f"{number}.html").is_file()
        assert f'href="modules/{number}.html"' in page(built_site, "index.html")
    module = page(built_site, "modules/8.html")
    ids = re.findall(r'<span class="lesson-id">([\d.]+)</span>', module)
    assert ids == ["8.1", "8.2", "8.3", "8.4", "8.5", "8.6"]
    cards = re.findall(r'<a href="\.\./concepts/([\w-]+)\.html">', module)
    of_module_8 = [p.stem for p in (build.LESSONS_DIR / "concepts").glob("*.md") if "\nmodule: 8\n" in p.read_text()]
    assert sorted(cards) == sorted(of_module_8)
    # In the order of the lessons that teach them: embedding in 8.1, rmsnorm in 8.5, residual connections in 8.6.
    assert cards.index("embedding") < cards.index("rmsnorm") < cards.index("residual-connections")
    assert ">Study this module</a>" in module and 'href="../modules/8-test.html"' in module


def test_the_module_test_explains_every_option_of_at_least_twelve_questions(built_site):
    test = page(built_site, "modules/8-test.html")
    questions = test.split('class="test-question"')[1:]
    assert len(questions) >= 12
    for question in questions:
        assert question.count('type="radio"') == question.count('class="explanation') >= 2
        assert question.count("data-right") == 1
    assert ">Submit answers</button>" in test and 'role="status" aria-label="Score"' in test


def test_the_example_card_and_test_in_the_instructions_pass_the_check(tmp_path, monkeypatch, capsys):
    instructions = (build.LESSONS_DIR / "README.md").read_text().split("## Concept cards and module tests")[1]
    card, test = [part.split("\n````")[0] for part in instructions.split("````markdown\n")[1:3]]
    lessons = tmp_path / "lessons"
    shutil.copytree(build.LESSONS_DIR, lessons, ignore=shutil.ignore_patterns("concepts", "tests"))
    (lessons / "concepts").mkdir()
    (lessons / "tests").mkdir()
    for real_card in (build.LESSONS_DIR / "concepts").glob("*.md"):  # every card that lesson 8.6 links to
        (lessons / "concepts" / real_card.name).write_text(card)
    (lessons / "tests" / "module-8.md").write_text(test)
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 0, capsys.readouterr().err
