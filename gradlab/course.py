"""The course: its plan (lessons/course.toml), the written lessons placed in it, and their reading order.

The plan lists every module and every lesson, written or not. A planned lesson without a file is
"coming": the index and its neighbours' previous/next links show it without linking to it.
"""

import functools
import re
import tomllib
from dataclasses import dataclass, field

from gradlab.lesson_format import LESSON_ID, LessonSource, did_you_mean
from gradlab.problems import LessonProblem, shown_path

PLAN_FILE = "course.toml"
PLANNED_LESSON = re.compile(r"^(\d+\.\d+)\s+(\S.*)$")
# When the learner's progress counts a section done: its end has been on screen, an exercise in it
# has passed, or every question in it has been answered right.
DONE_WHEN = ("read", "exercises", "quizzes")


@dataclass
class Section:
    """One of the sections every lesson has, in the plan's order."""

    title: str
    done: str


@dataclass
class Entry:
    """One lesson of the plan: written (lesson is its converted file) or coming (lesson is None)."""

    id: str
    title: str
    line: int
    lesson: object = None


@dataclass
class Module:
    """One module of the plan and its lessons in order."""

    number: int
    title: str
    entries: list = field(default_factory=list)

    @property
    def label(self):
        return f"{self.number} · {self.title}"


@dataclass
class Part:
    """One part of the model the course builds, as the index draws it, and the entries that teach it."""

    name: str
    entries: list


@dataclass
class Course:
    """The modules in order, and every problem found in the plan and the lessons."""

    modules: list
    problems: list
    sections: list = field(default_factory=list)
    parts: list = field(default_factory=list)

    @property
    def entries(self):
        return [entry for module in self.modules for entry in module.entries]

    @property
    def lessons(self):
        return [entry.lesson for entry in self.entries if entry.lesson]

    def neighbours(self, lesson):
        """The entries before and after lesson in reading order (None at either end)."""
        return self.places[id(lesson)][:2]

    def module_of(self, lesson):
        return self.places[id(lesson)][2]

    @functools.cached_property
    def places(self):
        """id of each written lesson → (the entry before it, the entry after it, its module): worked out
        once, since the build asks it of every page (a course is not changed once read)."""
        entries = [(entry, module) for module in self.modules for entry in module.entries]
        return {
            id(entry.lesson): (
                entries[index - 1][0] if index > 0 else None,
                entries[index + 1][0] if index + 1 < len(entries) else None,
                module,
            )
            for index, (entry, module) in enumerate(entries)
            if entry.lesson
        }


def lesson_number(lesson_id):
    """Sort key for ids like 8.6 or 8.10: numerically, part by part."""
    return tuple(int(part) for part in lesson_id.split("."))


def read_course(plan_path, lessons):
    """Read the plan and place each written lesson in it; the problems of both end up on the Course."""
    exists = plan_path.exists()
    source = LessonSource(plan_path, plan_path.read_text(encoding="utf-8") if exists else "")
    modules, sections, parts = read_plan(source) if exists else ([], [], [])
    if not exists:
        source.report(
            1, "there is no course plan: create it, listing each module and its lessons (lessons/README.md shows how)"
        )
    placing = place_lessons(modules, lessons, source)
    checked = [problem for lesson in lessons for problem in check_sections(lesson, sections)] if sections else []
    problems = source.problems + [problem for lesson in lessons for problem in lesson.problems] + placing + checked
    return Course(modules=modules, problems=problems, sections=sections, parts=parts)


def read_plan(source):
    """The plan's modules, their planned lessons sorted by number, and the sections; report what does not fit."""
    try:
        plan = tomllib.loads("\n".join(source.lines))
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"line (\d+)", str(error))
        # tomllib names the line in its message; "at end of document" means the last one.
        source.report(int(line.group(1)) if line else len(source.lines), f"this is not valid TOML: {error}")
        return [], [], []
    sections = read_sections(plan.get("sections"), source)
    modules, planned = [], {}
    for table in plan.get("module", []):
        module = read_module(table, source)
        if module is None:
            continue
        for entry in module.entries:
            if entry.id in planned:
                source.report(
                    entry.line, f"lesson {entry.id} is planned twice (first on line {planned[entry.id]}): keep one"
                )
            planned.setdefault(entry.id, entry.line)
        modules.append(module)
    if not modules and not source.problems:
        source.report(1, "the plan has no modules: add [[module]] tables with number, title and lessons")
    modules.sort(key=lambda module: module.number)
    for module in modules:
        module.entries.sort(key=lambda entry: lesson_number(entry.id))
    return modules, sections, read_parts(plan.get("model", []), modules, source)


def read_parts(table, modules, source):
    """model = [{ part = "rmsnorm", lessons = ["8.5"] }, …] as Parts, each naming planned lessons."""
    entries = {entry.id: entry for module in modules for entry in module.entries}
    parts = []
    for item in table if isinstance(table, list) else [table]:
        name = item.get("part") if isinstance(item, dict) else None
        ids = item.get("lessons") if isinstance(item, dict) else None
        if not isinstance(name, str) or not isinstance(ids, list) or not ids:
            source.report(
                source.line_of(name if isinstance(name, str) else "model"),
                f'each part of the model reads {{ part = "rmsnorm", lessons = ["8.5"] }}; not {item!r}',
            )
            continue
        unplanned = [str(lesson_id) for lesson_id in ids if lesson_id not in entries]
        if unplanned:
            source.report(
                source.line_of(name),
                f"the part {name!r} names {', '.join(unplanned)}, which the plan does not list: "
                "name planned lessons by their number",
            )
            continue
        parts.append(Part(name, [entries[lesson_id] for lesson_id in ids]))
    return parts


def read_sections(table, source):
    """sections = [{ title = "Watch", done = "read" }, …] as Sections; report entries that are not."""
    example = 'sections = [{ title = "Watch", done = "read" }, …]'
    if not isinstance(table, list) or not table:
        source.report(1, f"the plan names the sections every lesson has, in order, before its modules: {example}")
        return []
    sections = []
    for entry in table:
        title = entry.get("title") if isinstance(entry, dict) else None
        done = entry.get("done") if isinstance(entry, dict) else None
        if not isinstance(title, str) or done not in DONE_WHEN:
            source.report(
                source.line_of("sections"),
                f'each section reads {{ title = "Watch", done = "read" }}, '
                f"done being one of {', '.join(DONE_WHEN)}; not {entry!r}",
            )
            continue
        sections.append(Section(title, done))
    return sections


def read_module(table, source):
    """One [[module]] table as a Module, or None (with a problem) if it is not number, title and lessons."""
    number, title, lessons = table.get("number"), table.get("title"), table.get("lessons")
    if not isinstance(number, int) or not isinstance(title, str) or not isinstance(lessons, list):
        line = source.line_of(f"number = {number}") if number is not None else 1
        source.report(line, 'each [[module]] needs number = 8, title = "…" and lessons = ["8.1 Title", …]')
        return None
    module = Module(number, title)
    for planned in lessons:
        text = str(planned)
        match = PLANNED_LESSON.match(text)
        entry_line = source.line_of(text)
        if not match:
            source.report(entry_line, f'a planned lesson reads "{number}.1 Its title", not {planned!r}')
        elif match.group(1).split(".")[0] != str(number):
            source.report(
                entry_line,
                f"lesson {match.group(1)} is listed in module {number}: "
                f"move it to module {match.group(1).split('.')[0]}",
            )
        else:
            module.entries.append(Entry(match.group(1), match.group(2), entry_line))
    return module


def place_lessons(modules, lessons, source):
    """Attach each written lesson to its entry in the plan; return the problems of lessons that do not fit it."""
    entries = {entry.id: (module, entry) for module in modules for entry in module.entries}
    placed, problems = {}, []
    for lesson in lessons:
        if not lesson.id or not LESSON_ID.fullmatch(lesson.id):
            continue  # already reported by the front matter check
        where = lesson.meta_lines["id"]
        if lesson.id in placed:
            problems.append(
                LessonProblem(
                    lesson.path,
                    where,
                    f"id {lesson.id} is already used by "
                    f"{shown_path(placed[lesson.id].path)}: give this lesson its own number",
                )
            )
        elif lesson.id not in entries:
            problems.append(
                LessonProblem(
                    lesson.path,
                    where,
                    f"lesson {lesson.id} is not in the course plan: "
                    f'add "{lesson.id} {lesson.meta.get("title", "…")}" to the lessons of '
                    f"module {lesson.id.split('.')[0]} in {shown_path(source.path)}",
                )
            )
        else:
            module, entry = entries[lesson.id]
            entry.lesson = lesson
            problems += plan_mismatches(lesson, module, entry, source)
        placed.setdefault(lesson.id, lesson)
    return problems


def plan_mismatches(lesson, module, entry, source):
    """The front matter's title (and module, if given) must say what the plan says."""
    problems = []
    if lesson.meta.get("title") and lesson.meta["title"] != entry.title:
        plan = f"{shown_path(source.path)} line {entry.line}"
        problems.append(
            LessonProblem(
                lesson.path,
                lesson.meta_lines["title"],
                f"the title differs from the course plan's {entry.title!r} ({plan}): make them the same",
            )
        )
    if "module" in lesson.meta and comparable(lesson.meta["module"]) != comparable(module.label):
        problems.append(
            LessonProblem(
                lesson.path,
                lesson.meta_lines["module"],
                f"the course plan puts lesson {lesson.id} in module {module.label!r}: write "
                f"'module: {module.label}', or leave the line out",
            )
        )
    return problems


def comparable(module_label):
    """A module label with its punctuation and spacing ignored: '8 · Blocks' and '8: Blocks' match."""
    return " ".join(re.findall(r"\w+", module_label))


def check_sections(lesson, sections):
    """The plan's sections, each once and in order; a problem stands at the heading it is about."""
    order = [section.title for section in sections]
    in_order = ", ".join(order)
    problems, seen, furthest = [], {}, None
    for line, title in lesson.sections:
        if title not in order:
            problems.append(
                (
                    line,
                    f"'## {title}' is not a section{did_you_mean(title, order)}: the sections "
                    f"are {in_order}; headings inside a section start with ###",
                )
            )
        elif title in seen:
            problems.append((line, f"'## {title}' appears twice (first on line {seen[title]}): keep one"))
        else:
            seen[title] = line
            if furthest and order.index(title) < order.index(furthest[1]):
                problems.append(
                    (
                        line,
                        f"'## {title}' comes after '## {furthest[1]}' (line {furthest[0]}): the sections go {in_order}",
                    )
                )
            else:
                furthest = (line, title)
    if not seen:
        problems.append((lesson.body_line, f"the lesson has no sections: add '## ' headings for {in_order}"))
    else:
        problems += missing_sections(seen, order)
    return [LessonProblem(lesson.path, line, message) for line, message in problems]


def missing_sections(seen, order):
    """(line, message) for the sections not in seen, at the section they should come before (or after)."""
    places = {}
    for index, title in enumerate(order):
        if title not in seen:
            following = [seen[t] for t in order[index + 1 :] if t in seen]
            place = (following[0], "before") if following else (max(seen.values()), "after")
            places.setdefault(place, []).append(f"'## {title}'")
    return [
        (
            line,
            f"the section {titles[0]} is missing: add it {where} this one"
            if len(titles) == 1
            else f"the sections {', '.join(titles)} are missing: add them {where} this one, in this order",
        )
        for (line, where), titles in places.items()
    ]
