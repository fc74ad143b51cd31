"""Checks on one converted lesson beyond its syntax: its file name, the scripts it may run, that it
describes microgpt without copying its code, and what each of its block kinds checks (gradlab/blocks:
an exercise is run through the real grader)."""

import re

from gradlab.blocks import BLOCK_KINDS
from gradlab.lesson_format import LESSON_ID
from gradlab.problems import LessonProblem

# Raw HTML that would run code: a script element (our data blocks excepted), an on… handler, a javascript: URL.
RUNNABLE_HTML = re.compile(r"<script\b(?![^>]*type=\"application/json\")|\son[a-z]+\s*=|javascript:", re.IGNORECASE)


def check_lesson(lesson, block_kinds=BLOCK_KINDS):
    """Every problem of these kinds in one lesson."""
    return [
        *check_file_name(lesson),
        *check_scripts(lesson),
        *check_microgpt_not_copied(lesson),
        *(problem for kind in block_kinds if kind.check for problem in kind.check(lesson)),
    ]


def check_scripts(lesson):
    """Lesson pages run no code of the lesson's own unless its front matter says 'scripts: allowed'."""
    if lesson.meta.get("scripts") == "allowed" or not RUNNABLE_HTML.search(lesson.html):
        return []
    lines = lesson.lines
    line = next((number for number, text in enumerate(lines, start=1) if RUNNABLE_HTML.search(text)), lesson.body_line)
    return [
        LessonProblem(
            lesson.path,
            line,
            "the lesson's HTML would run a script (a <script>, an on… attribute or a "
            "javascript: link): remove it, or add 'scripts: allowed' to the front "
            "matter if the lesson really needs one",
        )
    ]


UNLOCKED_HEADING = "## Unlocked in microgpt"


def check_microgpt_not_copied(lesson):
    """microgpt's code is not ours to copy: its section says in our words and tables which lines a lesson
    explains, so a code block there is refused (our own code belongs in Watch and Build). The lesson's
    own blocks (a quiz, its numbers…) are not code excerpts, and may stand there."""
    kinds = {kind.name for kind in BLOCK_KINDS}
    inside, fenced = False, None
    for number, text in enumerate(lesson.lines, start=1):
        fence = re.match(r"\s*(```+|~~~+)\s*([\w-]*)", text)
        if fenced:
            fenced = None if fence and fence.group(1) == fenced and not fence.group(2) else fenced
            continue
        if fence:
            fenced = fence.group(1)
        if text.startswith("## "):
            inside = text.strip() == UNLOCKED_HEADING
        elif inside and fence and fence.group(2) not in kinds:
            return [
                LessonProblem(
                    lesson.path,
                    number,
                    "a code block in 'Unlocked in microgpt': describe the lines this lesson explains "
                    "in your own words or a table, citing their numbers (docs/microgpt.md); microgpt's "
                    "code is not copied into lessons",
                )
            ]
    return []


def check_file_name(lesson):
    """The file is named after the lesson's id, so that its web address says which lesson it is."""
    if not lesson.id or not LESSON_ID.fullmatch(lesson.id) or lesson.slug.startswith(f"{lesson.id}-"):
        return []
    words = re.sub(r"^[\d.]+-", "", lesson.path.name)
    return [
        LessonProblem(
            lesson.path,
            lesson.meta_lines["id"],
            f"the file name should start with the id: rename {lesson.path.name} to {lesson.id}-{words}",
        )
    ]
