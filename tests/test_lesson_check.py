"""`python build.py check`: every problem in every lesson, each at its path:line; the build refuses the same."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import build
from gradlab.problems import natural_order

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"
BROKEN = FIXTURES / "broken"


# One broken fixture per kind of problem: its files, then each problem's file, line, a piece of the
# text on that line (so the line is shown to be the right one), and the message.
BROKEN_LESSONS = {
    "unknown block": (
        ["1.1-unknown-block.md"],
        [
            (
                "1.1-unknown-block.md",
                16,
                "```exrecise",
                "unknown block '```exrecise' (did you mean 'exercise'?): lesson blocks are exercise, quiz, explore and "
                "numbers, and a code block names a language, such as python or text",
            )
        ],
    ),
    "unknown explore setting": (
        ["1.2-unknown-explore-setting.md"],
        [
            (
                "1.2-unknown-explore-setting.md",
                16,
                "rate: 0.1",
                "unknown explore setting 'rate': the settings are title, caption, x, y, 'control NAME' and 'series NAME'",
            )
        ],
    ),
    "missing part": (
        ["1.3-missing-solution.md"],
        [
            (
                "1.3-missing-solution.md",
                16,
                "```exercise",
                "the exercise has no '--- solution' part: add one, followed by the reference solution",
            )
        ],
    ),
    "quiz without question": (
        ["1.4-quiz-without-question.md"],
        [
            (
                "1.4-quiz-without-question.md",
                39,
                "```quiz",
                "the quiz has no question: add a line starting '? ' before its options",
            )
        ],
    ),
    "quiz without right option": (
        ["1.5-quiz-without-right-option.md"],
        [
            (
                "1.5-quiz-without-right-option.md",
                39,
                "```quiz",
                "the quiz has no right option: mark the right one '- [x]'",
            )
        ],
    ),
    "quiz with two right options": (
        ["1.6-quiz-with-two-right-options.md"],
        [
            (
                "1.6-quiz-with-two-right-options.md",
                39,
                "```quiz",
                "the quiz marks 2 options right (lines 41, 43): mark exactly one '- [x]'",
            )
        ],
    ),
    "option without explanation": (
        ["1.7-option-without-explanation.md"],
        [
            (
                "1.7-option-without-explanation.md",
                43,
                "- [ ] That one",
                "the option 'That one' has no explanation: add a line under it, indented two spaces, "
                "that says why it is right or wrong",
            )
        ],
    ),
    "solution fails its own cases": (
        ["1.8-solution-fails.md"],
        [
            (
                "1.8-solution-fails.md",
                23,
                "--- solution",
                "the solution returned a plain float (38.337599924474745) where a Value was expected for depth 20 and x 1: "
                "the solution is the truth every answer is compared with, so it must give finite numbers on every case the "
                "exercise can draw",
            )
        ],
    ),
    "feeds function keeps state between calls": (
        ["1.47-feeds-function-keeps-state.md"],
        [
            (
                "1.47-feeds-function-keeps-state.md",
                29,
                "--- supply",
                "the function layer (under feeds:) gave 0.22000000000000003 in the solution's run for depth 3 and x 1, "
                "but 0.11000000000000001 when the grader made that call again on the same numbers: the grader makes "
                "every call of a function under feeds: again itself, so such a function must depend only on its "
                "arguments and the case's columns, never on what earlier calls left behind",
            )
        ],
    ),
    "starter passes": (
        ["1.9-starter-passes-check.md"],
        [
            (
                "1.9-starter-passes-check.md",
                18,
                "--- starter",
                "the starter already passes: leave a blank for the learner to fill",
            )
        ],
    ),
    "computed number raises": (
        ["1.10-computed-number-raises.md"],
        [
            (
                "1.10-computed-number-raises.md",
                15,
                "{{ residual_gradent(20) | .2f }}",
                "the computed number {{ residual_gradent(20) | .2f }} failed with NameError: name 'residual_gradent' is "
                "not defined (did you mean 'residual_gradient'?); it can use the lesson's numbers functions "
                "(residual_gradient) and math, then '| format' such as .2f",
            )
        ],
    ),
    "front matter": (
        ["1.11-front-matter-typo.md"],
        [
            (
                "1.11-front-matter-typo.md",
                3,
                "titel:",
                "unknown front matter key 'titel' (did you mean 'title'?): the keys are id, title, module, summary, "
                "scripts, packages",
            )
        ],
    ),
    "sections out of order": (
        ["1.12-sections-out-of-order.md"],
        [
            (
                "1.12-sections-out-of-order.md",
                33,
                "## Explore",
                "'## Explore' comes after '## Build' (line 10): the sections go Watch, Explore, Build, Check yourself, "
                "Unlocked in microgpt",
            )
        ],
    ),
    "section missing": (
        ["1.13-section-missing.md"],
        [
            (
                "1.13-section-missing.md",
                37,
                "## Unlocked in microgpt",
                "the section '## Check yourself' is missing: add it before this one",
            )
        ],
    ),
    "script in prose": (
        ["1.21-script-in-prose.md"],
        [
            (
                "1.21-script-in-prose.md",
                10,
                '<p onclick="steal()">Click me</p>',
                "the lesson's HTML would run a script (a <script>, an on… attribute or a javascript: link): remove it, or "
                "add 'scripts: allowed' to the front matter if the lesson really needs one",
            )
        ],
    ),
    "microgpt code copied": (
        ["1.45-microgpt-code-copied.md"],
        [
            (
                "1.45-microgpt-code-copied.md",
                47,
                "```python",
                "a code block in 'Unlocked in microgpt': describe the lines this lesson explains in your own "
                "words or a table, citing their numbers (docs/microgpt.md); microgpt's code is not copied into "
                "lessons",
            )
        ],
    ),
    "duplicate id": (
        ["1.14-first.md", "1.14-second.md"],
        [
            (
                "1.14-second.md",
                2,
                "id: 1.14",
                "id 1.14 is already used by lessons/1.14-first.md: give this lesson its own number",
            )
        ],
    ),
    "exercise without call": (
        ["1.15-exercise-without-call.md"],
        [
            (
                "1.15-exercise-without-call.md",
                17,
                "call: residual_stack",
                "say how the grader calls the learner's function, as in 'call: residual_stack(x, depth)': its name and "
                "the case columns passed to it",
            )
        ],
    ),
    "lesson not in the plan": (
        ["1.16-not-in-plan.md"],
        [
            (
                "1.16-not-in-plan.md",
                2,
                "id: 1.16",
                'lesson 1.16 is not in the course plan: add "1.16 Not in plan" to the lessons of module 1 in '
                "lessons/course.toml",
            )
        ],
    ),
    "title differs from the plan": (
        ["1.17-title-differs.md"],
        [
            (
                "1.17-title-differs.md",
                3,
                "title:",
                "the title differs from the course plan's 'Title differs from the plan' (lessons/course.toml line 33): "
                "make them the same",
            )
        ],
    ),
    "block not closed": (
        ["1.18-block-not-closed.md"],
        [
            (
                "1.18-block-not-closed.md",
                39,
                "```quiz",
                "this ```quiz block is never closed: add a line ``` where it ends",
            )
        ],
    ),
    "math that cannot be rendered": (
        ["1.19-bad-math.md"],
        [
            (
                "1.19-bad-math.md",
                10,
                "$\\frac{1}{$",
                "the math $\\frac{1}{$ is not LaTeX that can be rendered (NoAvailableTokensError): check that every { "
                "has its } and that every ^ and _ has something after it",
            )
        ],
    ),
    "section repeated": (
        ["1.22-section-repeated.md"],
        [("1.22-section-repeated.md", 18, "## Build", "'## Build' appears twice (first on line 14): keep one")],
    ),
    "unknown section": (
        ["1.23-unknown-section.md"],
        [
            (
                "1.23-unknown-section.md",
                26,
                "## Further reading",
                "'## Further reading' is not a section: the sections are Watch, Explore, Build, Check yourself, "
                "Unlocked in microgpt; headings inside a section start with ###",
            )
        ],
    ),
    "id missing": (
        ["1.24-missing-id.md"],
        [("1.24-missing-id.md", 1, "---", "the front matter key 'id' is missing: add a line such as 'id: 1.1'")],
    ),
    "title missing": (
        ["1.25-missing-title.md"],
        [
            (
                "1.25-missing-title.md",
                1,
                "---",
                "the front matter key 'title' is missing: add a line such as 'title: Its title'",
            )
        ],
    ),
    "id not a number": (
        ["1.26-id-not-a-number.md"],
        [
            (
                "1.26-id-not-a-number.md",
                2,
                "id: one.26",
                "id is the lesson's number, module then lesson, such as 8.6; not 'one.26'",
            )
        ],
    ),
    "front matter line not key: value": (
        ["1.27-line-not-key-value.md"],
        [
            (
                "1.27-line-not-key-value.md",
                4,
                "summary = a line without its colon",
                "front matter keys read 'key: value', not 'summary = a line without its colon'",
            )
        ],
    ),
    "quiz with fewer than two options": (
        ["1.28-quiz-with-one-option.md"],
        [
            (
                "1.28-quiz-with-one-option.md",
                20,
                "```quiz",
                "the quiz has 1 option(s): give it at least two, as '- [ ] …' lines",
            )
        ],
    ),
    "quiz with more options than progress keeps picks": (
        ["1.46-quiz-with-too-many-options.md"],
        [
            (
                "1.46-quiz-with-too-many-options.md",
                20,
                "```quiz",
                "the quiz has 65 options: give it at most 64, the most picks the progress of a question keeps "
                "(sync/progress_document.schema.json)",
            )
        ],
    ),
    "module differs from the plan": (
        ["1.29-module-differs.md"],
        [
            (
                "1.29-module-differs.md",
                4,
                "module: 2 · Somewhere else",
                "the course plan puts lesson 1.29 in module '1 · Broken lessons': write 'module: 1 · Broken lessons', "
                "or leave the line out",
            )
        ],
    ),
    "front matter not closed": (
        ["1.30-front-matter-not-closed.md"],
        [
            (
                "1.30-front-matter-not-closed.md",
                3,
                "title: Front matter not closed",
                "the front matter is not closed: add a line '---' after line 3",
            )
        ],
    ),
    "numbers code raising in a second block": (
        ["1.31-second-numbers-block-raises.md"],
        [
            (
                "1.31-second-numbers-block-raises.md",
                19,
                "LAYERS = plain_gradient(20) / 0",
                "the lesson's numbers code raised ZeroDivisionError: float division by zero",
            )
        ],
    ),
    "graph_case not a number": (
        ["1.32-graph-case-not-a-number.md"],
        [
            (
                "1.32-graph-case-not-a-number.md",
                18,
                "graph_case: two",
                "graph_case is the number of a written case, counting from 0: 0 to 1 here; not 'two'",
            )
        ],
    ),
    "graph_case out of range": (
        ["1.33-graph-case-out-of-range.md"],
        [
            (
                "1.33-graph-case-out-of-range.md",
                18,
                "graph_case: 2",
                "graph_case is the number of a written case, counting from 0: 0 to 1 here; not '2'",
            )
        ],
    ),
    "values naming a column the call does not pass": (
        ["1.34-values-not-passed.md"],
        [
            (
                "1.34-values-not-passed.md",
                18,
                "values: y",
                "values names y, which the call does not pass: name some of x, depth",
            )
        ],
    ),
    "table naming no column": (
        ["1.35-table-unknown-column.md"],
        [
            (
                "1.35-table-unknown-column.md",
                18,
                "table: depth, x, grad_y",
                "table names grad_y, which is no column: the columns are x, depth, output, grad_x",
            )
        ],
    ),
    "control with a number that cannot be read": (
        ["1.36-control-number-unreadable.md"],
        [
            (
                "1.36-control-number-unreadable.md",
                16,
                "control depth:",
                "the control depth's range, step and default are numbers, such as 1, 0.5 or -2; "
                "'Depth, 1.2.3 to 100 step 1, default 40' holds one that is not",
            )
        ],
    ),
    "series style unknown": (
        ["1.37-series-style-unknown.md"],
        [
            (
                "1.37-series-style-unknown.md",
                16,
                "series g: gradient, dotted",
                "a series is drawn solid or dashed ('series g: Label, dashed'), not 'dotted'",
            )
        ],
    ),
    "scripts neither allowed nor left out": (
        ["1.38-scripts-yes.md"],
        [
            (
                "1.38-scripts-yes.md",
                4,
                "scripts: yes",
                "scripts is 'allowed' (the lesson may run its own script) or left out; not 'yes'",
            )
        ],
    ),
    "two mistakes with one name": (
        ["1.39-two-mistakes-one-name.md"],
        [
            (
                "1.39-two-mistakes-one-name.md",
                42,
                "--- mistake replaces",
                "a second mistake named 'replaces' (the first is on line 35): give each mistake its own name, so that the "
                "grader's verdict says which one a learner made",
            )
        ],
    ),
    "solution fails on a drawn case only": (
        ["1.40-solution-fails-on-a-drawn-case.md"],
        [
            (
                "1.40-solution-fails-on-a-drawn-case.md",
                23,
                "--- solution",
                "the solution raised ValueError: too deep for a negative input for depth 17, x -1 and rate 0.3 ({'depth': "
                "17, 'x': -1.0, 'rate': 0.3}, a case drawn by '--- generate' with random.Random(29)): the solution is the "
                "truth every answer is compared with, so it must give finite numbers on every case the exercise can draw",
            )
        ],
    ),
    "solution equals a mistake": (
        ["1.41-solution-equals-a-mistake.md"],
        [
            (
                "1.41-solution-equals-a-mistake.md",
                36,
                "--- mistake replaces",
                "the solution (line 24) and the mistake 'replaces' give the same numbers on every case: if the solution is "
                "wrong, fix it (it is the truth every answer is compared with); if the mistake is not a mistake, remove it; "
                "else add a case where the two differ",
            )
        ],
    ),
    "expected output differs": (
        ["1.42-expected-output-differs.md"],
        [
            (
                "1.42-expected-output-differs.md",
                34,
                "3 | -1.5 | 0.3 | -1.0",
                "the solution gives output -1.5 for depth 3, x -1.5 and rate 0.3, where this row expects -1.0: the solution "
                "is the truth every answer is compared with, so one of the two is wrong",
            )
        ],
    ),
    "case names no function": (
        ["1.43-case-names-no-function.md"],
        [
            (
                "1.43-case-names-no-function.md",
                31,
                "--- cases",
                "the case {'depth': 3, 'x': -1.5, 'block': 'fast'} names 'fast' for block, but '--- supply' defines layer: a "
                "column names a function of '--- supply', which the grader passes in its place",
            )
        ],
    ),
    "message reaching inside the grader": (
        ["1.44-message-reaches-inside.md"],
        [
            (
                "1.44-message-reaches-inside.md",
                36,
                "--- message",
                "the message 'Only {yours.grad_x} reached the input, for {case._exercise}.'… uses a field that does not "
                "exist (case._exercise); the fields are case, case.<column>, yours.output, expected.output, yours.grad_x, "
                "count, function, replaces.output",
            )
        ],
    ),
    "file name without the id": (
        ["wrong-file-name.md"],
        [
            (
                "wrong-file-name.md",
                2,
                "id: 1.20",
                "the file name should start with the id: rename wrong-file-name.md to 1.20-wrong-file-name.md",
            )
        ],
    ),
}


def summary(problems, files):
    s = "" if problems == 1 else "s"
    return (
        f"{problems} problem{s} in {files} file{'' if files == 1 else 's'}: "
        f"fix {'it' if problems == 1 else 'them'} and run `python build.py check` again\n"
    )


@pytest.mark.parametrize("kind", BROKEN_LESSONS)
def test_each_kind_of_problem_is_reported_at_its_line(kind, tmp_path, monkeypatch, capsys):
    files, problems = BROKEN_LESSONS[kind]
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for name in files + ["course.toml"]:
        shutil.copy(BROKEN / name, lessons / name)
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 1
    expected = "".join(f"lessons/{file}:{line}: {message}\n" for file, line, _, message in problems)
    assert capsys.readouterr().err == expected + summary(len(problems), 1)
    for file, line, text_there, _ in problems:
        assert text_there in (BROKEN / file).read_text().splitlines()[line - 1]


def every_broken_problem():
    """All the broken fixtures' problems as the check prints them from the repository's root."""
    rows = sorted(
        ((file, line, message) for _, problems in BROKEN_LESSONS.values() for file, line, _, message in problems),
        key=lambda row: (natural_order(row[0]), row[1]),
    )
    folder = BROKEN.relative_to(build.ROOT).as_posix()
    return "".join(
        f"{folder}/{file}:{line}: {message.replace('lessons/', folder + '/')}\n" for file, line, message in rows
    )


def run_build(*args):
    return subprocess.run([sys.executable, "build.py", *args], cwd=build.ROOT, capture_output=True, text=True)


def test_check_reports_every_problem_of_every_lesson_then_fails():
    result = run_build("check", "--lessons", str(BROKEN))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == every_broken_problem() + summary(len(BROKEN_LESSONS), len(BROKEN_LESSONS))


def test_the_build_refuses_the_same_lessons_with_the_same_messages(tmp_path):
    result = run_build("--lessons", str(BROKEN), "--out", str(tmp_path / "site"))
    assert result.returncode == 1
    assert result.stderr == run_build("check", "--lessons", str(BROKEN)).stderr
    assert not (tmp_path / "site").exists()


def test_good_lessons_pass_the_check():
    result = run_build("check", "--lessons", str(FIXTURES / "good"))
    assert (result.returncode, result.stdout, result.stderr) == (0, "4 lesson(s) OK\n", "")


def test_the_real_lessons_pass_the_check(real_lessons_check):
    assert real_lessons_check.returncode == 0, real_lessons_check.stderr


def test_a_missing_course_plan_is_a_problem(tmp_path, monkeypatch, capsys):
    (tmp_path / "lessons").mkdir()
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 1
    assert capsys.readouterr().err == (
        "lessons/course.toml:1: there is no course plan: create it, listing each "
        "module and its lessons (lessons/README.md shows how)\n" + summary(1, 1)
    )


def test_the_example_lesson_in_the_instructions_passes_the_check(tmp_path, monkeypatch, capsys):
    instructions = (build.LESSONS_DIR / "README.md").read_text()
    example = instructions.split("````markdown\n")[1].split("\n````")[0]
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "8.6-residual-connections.md").write_text(example)
    shutil.copy(build.LESSONS_DIR / "course.toml", lessons)
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 0, capsys.readouterr().err


def check_plan(plan, tmp_path, monkeypatch, capsys):
    """Run the check on a folder holding only this course plan; return what it printed about it."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "course.toml").write_text(plan)
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 1
    return capsys.readouterr().err


def test_the_course_plan_is_checked_too(tmp_path, monkeypatch, capsys):
    plan = (
        '[[module]]\nnumber = 1\ntitle = "One"\nlessons = [\n    "1.1 First",\n    "2.1 Elsewhere",\n'
        '    "1.1 First again",\n    "Second",\n]\n\n[[module]]\nnumber = 3\n'
    )
    assert check_plan(plan, tmp_path, monkeypatch, capsys) == (
        "lessons/course.toml:1: the plan names the sections every lesson has, in order, before its modules: "
        'sections = [{ title = "Watch", done = "read" }, …]\n'
        "lessons/course.toml:6: lesson 2.1 is listed in module 1: move it to module 2\n"
        "lessons/course.toml:7: lesson 1.1 is planned twice (first on line 5): keep one\n"
        "lessons/course.toml:8: a planned lesson reads \"1.1 Its title\", not 'Second'\n"
        'lessons/course.toml:12: each [[module]] needs number = 8, title = "…" and lessons = ["8.1 Title", …]\n'
        + summary(5, 1)
    )


def test_a_part_of_the_model_names_planned_lessons(tmp_path, monkeypatch, capsys):
    plan = (
        'sections = [{ title = "Watch", done = "read" }]\n'
        'model = [\n    { part = "Embeddings", lessons = ["1.1", "1.9"] },\n    { part = "Heads" },\n]\n\n'
        '[[module]]\nnumber = 1\ntitle = "One"\nlessons = ["1.1 First"]\n'
    )
    assert check_plan(plan, tmp_path, monkeypatch, capsys) == (
        "lessons/course.toml:3: the part 'Embeddings' names 1.9, which the plan does not list: "
        "name planned lessons by their number\n"
        'lessons/course.toml:4: each part of the model reads { part = "rmsnorm", lessons = ["8.5"] }; '
        "not {'part': 'Heads'}\n" + summary(2, 1)
    )


@pytest.mark.parametrize("title", ["One", '"One'])
def test_a_course_plan_that_is_not_toml_is_reported_at_its_line(title, tmp_path, monkeypatch, capsys):
    printed = check_plan(f"[[module]]\nnumber = 1\ntitle = {title}\n", tmp_path, monkeypatch, capsys)
    assert printed.startswith("lessons/course.toml:3: this is not valid TOML: ")


def test_scripts_allowed_lets_a_lesson_carry_its_own_script(tmp_path, monkeypatch, capsys):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    refused = (BROKEN / "1.21-script-in-prose.md").read_text()
    (lessons / "1.21-script-in-prose.md").write_text(
        refused.replace("title: Script in prose\n", "title: Script in prose\nscripts: allowed\n")
    )
    shutil.copy(BROKEN / "course.toml", lessons)
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 0, capsys.readouterr().err


UNRENDERABLE = FIXTURES / "unrenderable"

# Lessons that pass every lesson check but whose page would show a reader something broken: one per
# rule of gradlab/page_checks.py, each reported at the lesson's line that holds it (line 17, the prose).
UNRENDERABLE_LESSONS = {
    "unrendered template text": (
        "1.1-template-text.md",
        "the page shows template text '{{ rate(1) | .2f }.' to "
        "the reader: a computed number reads {{ expression | format }}; braces meant as "
        "text belong in a `code span`",
    ),
    "markdown placeholder": (
        "1.2-placeholder.md",
        "the page holds a Markdown placeholder where HTML should be: "
        "something here (a computed number inside $…$ math or a link's address, HTML in an "
        "attribute) could not be rendered; write the number in the prose around it",
    ),
    "None where a value should be": (
        "1.3-none-shown.md",
        "the page shows 'None' where a value should be: check the number or setting that fills it in",
    ),
    "link to no page": (
        "1.4-link-to-nowhere.md",
        "the link '../1.9-nowhere/index.html' leads to no page or file of "
        "the site: check its address, relative to this page",
    ),
    "anchor to no id": (
        "1.5-anchor-to-nowhere.md",
        "the link '#the-start' names the anchor #the-start, which "
        "1.5-anchor-to-nowhere/index.html does not have: link to a heading's id (its words in lower "
        "case, joined by -)",
    ),
    "image without alt text": (
        "1.6-image-without-alt.md",
        "the image 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' "
        "has no alt text: say what it shows, as in ![what it shows](its address)",
    ),
    "table outside a scrolling region": (
        "1.7-table-without-region.md",
        "this table is not in a scrolling region, so "
        "at 360 px the page would scroll sideways: write it as a markdown table (the "
        'build wraps those), or wrap it in <div class="table-scroll" '
        'role="region" tabindex="0" aria-label="what it holds">',
    ),
}


@pytest.mark.parametrize("rule", UNRENDERABLE_LESSONS)
def test_check_and_build_refuse_a_page_that_would_show_something_broken(rule, tmp_path, monkeypatch, capsys):
    name, message = UNRENDERABLE_LESSONS[rule]
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    shutil.copy(UNRENDERABLE / name, lessons / name)
    plan = (UNRENDERABLE / "course.toml").read_text()
    (lessons / "course.toml").write_text(
        re.sub(
            r'    "1\.\d+ [^"]*",\n',
            lambda m: m.group(0) if name.startswith(m.group(0).split()[0][1:] + "-") else "",
            plan,
        )
    )
    monkeypatch.chdir(tmp_path)
    expected = f"lessons/{name}:17: {message}\n" + summary(1, 1)
    assert build.main(["check", "--lessons", "lessons"]) == 1
    assert capsys.readouterr().err == expected
    assert build.main(["--lessons", "lessons", "--out", "site"]) == 1
    assert capsys.readouterr().err == expected
    assert not (tmp_path / "site").exists()


def test_a_part_that_runs_past_the_time_limit_is_told_not_taken_for_its_own_error():
    from gradlab.exercise_checks import grade
    from tests.corpus import lesson_exercise

    block, grading = lesson_exercise("8.6")
    endless = "def residual_stack(x, depth=20):\n    while True:\n        pass\n"
    verdict = grade({**block, "time_limit": 0.5}, endless)
    assert (verdict["passed"], verdict["diagnosis"]) == (False, "timed_out")
