"""`python build.py new ID "Title"`: a new lesson file with every part of the format, each marked as a
placeholder to replace, which passes `python build.py check` as it is; and the lesson in the plan."""

import re
import tomllib
from pathlib import Path

from gradlab.course import PLAN_FILE, PLANNED_LESSON
from gradlab.lesson_format import LESSON_ID

PLACEHOLDER = "PLACEHOLDER"  # every text to replace starts with it: search the file for it


class NewLessonError(Exception):
    """The lesson cannot be created; the message says why."""


def slug_of(title):
    """'What a derivative measures' → 'what-a-derivative-measures'."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "lesson"


def new_lesson(lessons_dir, lesson_id, title):
    """Write lessons_dir/ID-slug.md and add it to the plan if the plan lacks it; return the new file's path."""
    lessons_dir = Path(lessons_dir)
    title = " ".join(title.split())
    if not LESSON_ID.fullmatch(lesson_id):
        raise NewLessonError(f"the id is the lesson's number, module then lesson, such as 8.6; not {lesson_id!r}")
    if not title:
        raise NewLessonError('give the lesson a title, as in: python build.py new 7.1 "What a derivative measures"')
    existing = sorted(lessons_dir.glob(f"{lesson_id}-*.md"))
    if existing:
        raise NewLessonError(f"lesson {lesson_id} already has a file, {existing[0].as_posix()}: pick another id")
    plan_path = lessons_dir / PLAN_FILE
    if not plan_path.exists():
        raise NewLessonError(f"there is no course plan at {plan_path.as_posix()}: the new lesson needs one")
    plan_text = plan_path.read_text(encoding="utf-8")
    plan = tomllib.loads(plan_text)
    planned = {
        m.group(1): m.group(2).strip()
        for module in plan.get("module", [])
        for entry in module.get("lessons", [])
        if (m := PLANNED_LESSON.match(str(entry)))
    }
    if lesson_id in planned and planned[lesson_id] != title:
        raise NewLessonError(
            f"the plan calls lesson {lesson_id} {planned[lesson_id]!r}: use that title, or change "
            f"it in {plan_path.as_posix()} first"
        )
    path = lessons_dir / f"{lesson_id}-{slug_of(title)}.md"
    sections = [section["title"] for section in plan.get("sections", [])]
    done = {section["title"]: section.get("done", "read") for section in plan.get("sections", [])}
    path.write_text(lesson_text(lesson_id, title, sections, done), encoding="utf-8")
    if lesson_id not in planned:
        plan_path.write_text(plan_with(plan_text, plan, lesson_id, title), encoding="utf-8")
    return path


def plan_with(text, plan, lesson_id, title):
    """The plan's text with the lesson added to its module's list (or a new module for it)."""
    number = int(lesson_id.split(".")[0])
    entry = f'"{lesson_id} {title}"'
    if not any(module.get("number") == number for module in plan.get("module", [])):
        return (
            text.rstrip("\n") + f'\n\n[[module]]\nnumber = {number}\ntitle = "{PLACEHOLDER}: the module\'s title"\n'
            f"lessons = [\n    {entry},\n]\n"
        )
    blocks = re.split(r"(?m)^(?=\[\[module\]\])", text)
    for index, block in enumerate(blocks):
        if re.search(rf"(?m)^number\s*=\s*{number}\s*$", block):
            lessons = re.search(r"(?ms)^lessons\s*=\s*\[(.*?)\]", block)
            items = lessons.group(1).rstrip()
            if "\n" in lessons.group(1):
                inside = items + ("" if items.endswith(",") or not items.strip() else ",") + f"\n    {entry},\n"
            else:
                inside = items + (", " if items.strip() else "") + entry
            blocks[index] = block[: lessons.start(1)] + inside + block[lessons.end(1) :]
    return "".join(blocks)


def lesson_text(lesson_id, title, sections, done):
    """The lesson's markdown: front matter, a numbers block, then each section of the plan in order."""
    parts = [FRONT.format(id=lesson_id, title=title), NUMBERS]
    explore_at = "Explore" if "Explore" in sections else (sections[0] if sections else None)
    for section in sections:
        parts.append(f"## {section}\n")
        if section == explore_at:
            parts.append(EXPLORE)
        if done[section] == "exercises":
            parts.append(EXERCISE)
        elif done[section] == "quizzes":
            parts.append(QUIZ)
        elif section.startswith("Unlocked"):
            parts.append(UNLOCKED)
        elif section != explore_at:
            parts.append(f"{PLACEHOLDER}: the prose of '{section}', in markdown.\n")
    return "\n".join(parts)


FRONT = """---
id: {id}
title: {title}
summary: {placeholder}: one sentence that the index shows under the title.
---

{placeholder}: the lead paragraph. Every text that starts with {placeholder} is yours to replace; the
parts below show each kind of block (see lessons/README.md), and pass `python build.py check` as they are.
""".replace("{placeholder}", PLACEHOLDER)

NUMBERS = '''```numbers
def twice(x):
    """PLACEHOLDER: the lesson's own code; the prose quotes what it computes, as {{ twice(21) | .0f }}."""
    return 2 * x
```
'''

EXPLORE = '''PLACEHOLDER: the prose around the chart. Twice 21 is {{ twice(21) | .0f }}.

```explore placeholder-chart
title: PLACEHOLDER the figure's name
caption: PLACEHOLDER: what the chart shows, in markdown.
x: input x
y: output, linear
control top: Largest input, 1 to 10 step 1, default 5
series doubled: twice the input
yours double: doubled
--- python
def explore(top):
    xs = list(range(top + 1))
    return {"x": xs, "doubled": [twice(x) for x in xs]}
--- yours
def yours(run, top):
    """After a Check, the learner's double at each input, drawn over the series 'doubled'."""
    return [run(x=float(x)).output for x in range(top + 1)]
```
'''

EXERCISE = '''PLACEHOLDER: what the learner builds.

```exercise double
call: double(x)
values: x
labels: x = Input, output = output, grad_x = gradient
--- starter
def double(x):
    """PLACEHOLDER: the function the learner completes."""
    return x  # TODO: the blank the learner fills
--- message
PLACEHOLDER: what a learner who checks the starter unchanged reads.
--- solution
def double(x):
    """PLACEHOLDER: the function the learner completes."""
    return x + x
--- cases
x    | output
1.0  | 2.0
-2.5 | -5.0
0.5  | 1.0
--- generate
def cases(random):
    """PLACEHOLDER: cases drawn afresh at every Check."""
    yield {"x": round(random.uniform(-3.0, 3.0), 2)}
--- passed
PLACEHOLDER: Passed: for {case} your double gives {expected.output}, as it should, on all {count} cases.
--- mistake squares
def double(x):
    return x * x
--- message
PLACEHOLDER: what a learner whose numbers match this mistake reads: for {case}, {yours.output} where {expected.output} was expected.
--- hint
PLACEHOLDER: a first hint, in markdown.
```
'''

QUIZ = """```quiz
? PLACEHOLDER: a question
- [x] PLACEHOLDER: the right option
  PLACEHOLDER: why it is right.
- [ ] PLACEHOLDER: another option
  PLACEHOLDER: why it is wrong.
```
"""

UNLOCKED = (
    "PLACEHOLDER: where this lesson's idea appears in microgpt, in our own words; docs/microgpt.md has the "
    "facts and the model's line numbers.\n"
)
