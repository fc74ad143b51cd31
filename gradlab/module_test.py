"""Module tests: a graded test per module, in lessons/tests/module-<n>.md.

Its front matter names the module, the pass mark, and the lessons and concept cards whose questions
it draws on; its body holds questions written for the test, as quiz blocks. Every question, drawn
or written, has an explanation for every option (the quiz format demands one), shown after grading.
"""

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from gradlab.concepts import converted_files, listed, read_header
from gradlab.lesson_format import LessonSource, new_markdown, run_lesson_code
from gradlab.problems import LessonProblem

TESTS_DIR = "tests"
TEST_KEYS = ("module", "pass_mark", "lessons", "concepts")
PASS_MARK = re.compile(r"(\d{1,3})\s*%")
FENCE = re.compile(r"^(`{3,}|~{3,})\s*(\w*)")


@dataclass
class ModuleTest:
    """One module's test: where it draws its questions from, and the questions themselves once drawn."""

    path: Path
    meta: dict
    meta_lines: dict
    written: list  # the quiz blocks of the test's own file
    problems: list = field(default_factory=list)
    questions: list = field(default_factory=list)

    @property
    def module_number(self):
        return int(self.meta["module"]) if self.meta.get("module", "").isdigit() else None

    @property
    def pass_percent(self):
        match = PASS_MARK.fullmatch(self.meta.get("pass_mark", ""))
        return int(match.group(1)) if match else None

    @property
    def pass_count(self):
        """How many right answers pass: the pass mark's share of the questions, rounded up."""
        return -(-len(self.questions) * self.pass_percent // 100)


def load_tests(lessons_dir, templates, converted=None):
    """Every module test under lessons_dir/tests/, converted and checked on its own. converted: see
    converted_files; a test reused from it comes back with no questions drawn yet."""
    paths = sorted((Path(lessons_dir) / TESTS_DIR).glob("*.md"))
    tests = converted_files(paths, lambda path, text: convert_test(path, text, templates), converted)
    return [replace(test, questions=[]) for test in tests]


def convert_test(path, text, templates):
    """Read one test's front matter and its written questions (quiz blocks and nothing else)."""
    source = LessonSource(path, text)
    meta, meta_lines, body_start = read_header(source, TEST_KEYS, required={"module": "8", "pass_mark": "75%"})
    md = new_markdown(templates, source, first_line=body_start + 1, code=run_lesson_code(source, body_start))
    md.convert("\n".join(source.lines[body_start:]))
    test = ModuleTest(
        path=source.path, meta=meta, meta_lines=meta_lines, written=md.lesson_blocks["quiz"], problems=source.problems
    )
    if meta.get("pass_mark") and test.pass_percent not in range(1, 101):
        test.problems.append(
            LessonProblem(
                path,
                meta_lines["pass_mark"],
                f"pass_mark is a share of the questions, such as 75%, not {meta['pass_mark']!r}",
            )
        )
    test.problems += check_only_questions(path, source.lines, body_start)
    return test


def check_only_questions(path, lines, body_start):
    """A test's body is quiz blocks (and the numbers code they quote) only: prose between them would never be shown."""
    problems, fence = [], None
    for number, line in enumerate(lines[body_start:], start=body_start + 1):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
            if opening.group(2) not in ("quiz", "numbers"):
                problems.append(
                    LessonProblem(
                        path,
                        number,
                        f"a module test holds only ```quiz blocks (and a ```numbers block), not ```{opening.group(2)}",
                    )
                )
        elif fence is not None and line.rstrip() == fence:
            fence = None
        elif fence is None and line.strip():
            problems.append(
                LessonProblem(
                    path,
                    number,
                    "a module test holds only ```quiz blocks: move this text "
                    "into a question's explanation, or remove it",
                )
            )
    return problems


def draw_questions(tests, course, cards):
    """Gather each test's questions from the lessons and cards it names, then its own; return the problems."""
    problems, modules, seen = [], {module.number: module for module in course.modules}, {}
    entries = {entry.id: entry for entry in course.entries}
    cards_by_slug = {card.slug: card for card in cards}
    for test in tests:
        where = test.meta_lines
        if test.meta.get("module") and test.module_number not in modules:
            problems.append(
                LessonProblem(test.path, where["module"], f"module {test.meta['module']!r} is not in the course plan")
            )
        elif test.module_number in seen:
            problems.append(
                LessonProblem(
                    test.path,
                    where["module"],
                    f"module {test.module_number} already has a test, {seen[test.module_number].path.name}: keep one",
                )
            )
        seen.setdefault(test.module_number, test)
        for lesson_id in listed(test.meta.get("lessons", "")):
            entry = entries.get(lesson_id)
            if entry is None or entry.lesson is None:
                why = "is not in the course plan" if entry is None else "is not written yet"
                problems.append(
                    LessonProblem(
                        test.path,
                        where["lessons"],
                        f"the test draws on lesson {lesson_id}, which {why}: name a written lesson",
                    )
                )
            else:
                test.questions += [question(quiz, f"From lesson {lesson_id}") for quiz in entry.lesson.quizzes]
        for slug in listed(test.meta.get("concepts", "")):
            if slug not in cards_by_slug:
                problems.append(
                    LessonProblem(
                        test.path,
                        where["concepts"],
                        f"the test draws on the concept card '{slug}', which does not exist",
                    )
                )
            else:
                card = cards_by_slug[slug]
                test.questions += [question(quiz, f"From the concept card {card.title}") for quiz in card.quizzes]
        test.questions += [question(quiz, "Written for this test") for quiz in test.written]
        if not test.questions and not test.problems:
            problems.append(
                LessonProblem(
                    test.path,
                    1,
                    "the test has no questions: name lessons or concepts to draw on, or write ```quiz blocks",
                )
            )
    for test in tests:
        test.questions = [{**q, "id": f"t{number}"} for number, q in enumerate(test.questions, start=1)]
    return problems


def question(quiz, origin):
    """A quiz block as a test question, noting where it was drawn from."""
    return {"question": quiz["question"], "options": quiz["options"], "origin": origin}


def find_module_test(module, tests):
    return next((test for test in tests if test.module_number == module.number), None)
