"""Concept cards: one idea each, in lessons/concepts/<slug>.md, linked both ways with the lessons.

A card is front matter (title, module, the lessons that teach it), then the sections In depth (a
short summary), Deep dive (the equations), Test yourself (quiz blocks) and, optionally, Further
reading (plain links). It is written in the lesson format, so math, computed numbers, quizzes and
`[[concept]]` links all work as in lessons. See lessons/README.md, "Concept cards and module tests".
"""

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from gradlab.blocks.concept_links import SLUG
from gradlab.course import lesson_number
from gradlab.lesson_checks import check_scripts
from gradlab.lesson_format import (
    KEY_VALUE,
    LESSON_ID,
    LessonSource,
    did_you_mean,
    new_markdown,
    read_settings,
    run_lesson_code,
)
from gradlab.problems import LessonProblem

CONCEPTS_DIR = "concepts"
CARD_KEYS = ("title", "module", "lessons", "summary", "scripts")
CARD_SECTIONS = ("In depth", "Deep dive", "Test yourself", "Further reading")
REQUIRED_SECTIONS = CARD_SECTIONS[:3]
IN_DEPTH_LINES = 15  # the in-depth part is a summary: past this many lines the check warns
LINK_TARGET = re.compile(r'href="([^"]*)"')


@dataclass
class Card:
    """One concept card after conversion, and the lessons placed around it once the course is known."""

    path: Path
    meta: dict
    meta_lines: dict
    html: str
    body_line: int
    sections: list
    quizzes: list
    concept_mentions: list
    problems: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    taught_in: list = field(default_factory=list)  # plan entries of the lessons its front matter names
    used_in: list = field(default_factory=list)  # written lessons whose prose links to it

    @property
    def slug(self):
        return self.path.stem

    @property
    def title(self):
        return self.meta.get("title", self.slug)

    @property
    def module_number(self):
        return int(self.meta["module"]) if self.meta.get("module", "").isdigit() else None

    @property
    def reading_order(self):
        """Sort key placing a card in its module: by the first lesson that teaches it, then its title."""
        ids = [lesson_number(i) for i in listed(self.meta.get("lessons", "")) if LESSON_ID.fullmatch(i)]
        return (min(ids) if ids else (999,), self.title.lower())


def listed(text):
    """The items of a comma-separated front matter value: '8.5, 8.6' → ['8.5', '8.6']."""
    return [item.strip() for item in text.split(",") if item.strip()]


def read_header(source, keys, required):
    """Front matter between '---' lines as (values, the line of each key, index of the body's first line)."""
    lines = source.lines
    if not lines or lines[0].strip() != "---":
        example = next(iter(required.items()))
        source.report(
            1,
            f"this file starts with front matter: a line '---', then lines such as "
            f"'{example[0]}: {example[1]}', then '---'",
        )
        return {}, {}, 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        end = next((i for i in range(1, len(lines)) if not KEY_VALUE.match(lines[i])), len(lines))
        source.report(end, f"the front matter is not closed: add a line '---' after line {end}")
        body_start = end
    else:
        body_start = end + 1
    values, value_lines = read_settings(lines[1:end], 2, source, "front matter key", keys, required=required)
    return values, value_lines, body_start


def load_cards(lessons_dir, templates, converted=None):
    """Every card under lessons_dir/concepts/, converted and checked on its own, in file order.
    converted: see converted_files; a card reused from it comes back not yet placed in the course."""
    paths = sorted((Path(lessons_dir) / CONCEPTS_DIR).glob("*.md"))
    cards = converted_files(paths, lambda path, text: convert_card(path, text, templates), converted)
    return [replace(card, taught_in=[], used_in=[]) for card in cards]


def converted_files(paths, convert, converted=None):
    """convert(path, text) of each file, in order. converted (path → (text, result)), kept by the caller
    between builds, is both read and filled: a file whose text is unchanged is not converted again, so
    the live preview re-reads only what was edited. A result must be copied before the course fills it in."""
    converted = {} if converted is None else converted
    results = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if path not in converted or converted[path][0] != text:
            converted[path] = (text, convert(path, text))
        results.append(converted[path][1])
    return results


def convert_card(path, text, templates):
    """Convert one card: front matter, HTML with its quiz blocks, and what is wrong with it on its own."""
    source = LessonSource(path, text)
    meta, meta_lines, body_start = read_header(
        source, CARD_KEYS, required={"title": "Its title", "module": "1", "lessons": "1.1"}
    )
    md = new_markdown(templates, source, first_line=body_start + 1, code=run_lesson_code(source, body_start))
    html = md.convert("\n".join(source.lines[body_start:]))
    card = Card(
        path=source.path,
        meta=meta,
        meta_lines=meta_lines,
        html=html,
        body_line=body_start + 1,
        sections=md.lesson_sections,
        quizzes=md.lesson_blocks["quiz"],
        concept_mentions=source.concept_mentions,
        problems=source.problems,
    )
    card.problems += [*check_card_slug(card), *check_card_sections(card), *check_scripts(card)]
    card.warnings += check_in_depth_length(card, source.lines)
    return card


def check_card_slug(card):
    """A card's file name is its web address and the name lessons link to it by."""
    if SLUG.fullmatch(card.slug):
        return []
    return [
        LessonProblem(
            card.path,
            1,
            f"a card's file name is its slug, lower-case words joined by dashes, such as "
            f"the-chain-rule.md: rename {card.path.name}",
        )
    ]


def check_card_sections(card):
    """In depth, Deep dive and Test yourself, each once and in that order, then Further reading if any."""
    problems, seen = [], {}
    for line, title in card.sections:
        if title not in CARD_SECTIONS:
            problems.append(
                (
                    line,
                    f"'## {title}' is not a section of a card{did_you_mean(title, CARD_SECTIONS)}: "
                    f"the sections are {', '.join(CARD_SECTIONS)} (the last one optional)",
                )
            )
        elif title in seen:
            problems.append((line, f"'## {title}' appears twice (first on line {seen[title]}): keep one"))
        elif seen and CARD_SECTIONS.index(title) < CARD_SECTIONS.index(list(seen)[-1]):
            problems.append(
                (line, f"'## {title}' comes after '## {list(seen)[-1]}': the sections go {', '.join(CARD_SECTIONS)}")
            )
        seen.setdefault(title, line)
    for title in REQUIRED_SECTIONS:
        if title not in seen:
            problems.append(
                (
                    card.body_line,
                    f"the card has no '## {title}' section: add it "
                    f"({', '.join(REQUIRED_SECTIONS)} are needed, in that order)",
                )
            )
    if "Test yourself" in seen and not any(quiz["line"] > seen["Test yourself"] for quiz in card.quizzes):
        problems.append((seen["Test yourself"], "the Test yourself section has no question: add a ```quiz block"))
    return [LessonProblem(card.path, line, message) for line, message in problems]


def section_lines(card, lines, title):
    """The card's source lines under '## title', up to the next section heading."""
    starts = sorted(line for line, _ in card.sections)
    start = next((line for line, name in card.sections if name == title), None)
    if start is None:
        return []
    stop = next((line for line in starts if line > start), len(lines) + 1)
    return lines[start : stop - 1]


def check_in_depth_length(card, lines):
    """A warning (not a problem) when the in-depth summary runs past about fifteen lines."""
    written = [line for line in section_lines(card, lines, "In depth") if line.strip()]
    if len(written) <= IN_DEPTH_LINES:
        return []
    start = next(line for line, name in card.sections if name == "In depth")
    return [
        LessonProblem(
            card.path,
            start,
            f"the in-depth part has {len(written)} lines: keep it to about "
            f"{IN_DEPTH_LINES} and move the rest to the deep dive",
        )
    ]


def place_cards(cards, course):
    """Check each card against the plan and the lessons; link cards and lessons both ways; return the problems."""
    by_slug, problems = {}, []
    modules = {module.number for module in course.modules}
    entries = {entry.id: entry for entry in course.entries}
    for card in cards:
        by_slug.setdefault(card.slug, card)
        if card.meta.get("module") and card.module_number not in modules:
            problems.append(
                LessonProblem(
                    card.path,
                    card.meta_lines["module"],
                    f"module {card.meta['module']!r} is not in the course plan: the modules "
                    f"are {', '.join(str(m) for m in sorted(modules))}",
                )
            )
        for lesson_id in listed(card.meta.get("lessons", "")):
            if lesson_id in entries:
                card.taught_in.append(entries[lesson_id])
            else:
                problems.append(
                    LessonProblem(
                        card.path,
                        card.meta_lines["lessons"],
                        f"lesson {lesson_id!r} is not in the course plan: list lessons by their "
                        "number, such as 8.6, separated by commas",
                    )
                )
    for holder in [*course.lessons, *cards]:
        problems += check_mentions(holder, by_slug)
    return problems


def check_mentions(holder, cards_by_slug):
    """Every [[concept]] a lesson or card mentions has a card; a lesson is noted on each card it mentions."""
    problems = []
    for slug, line in holder.concept_mentions:
        card = cards_by_slug.get(slug)
        if card is None:
            problems.append(
                LessonProblem(
                    holder.path,
                    line,
                    f"there is no concept card '{slug}'"
                    f"{did_you_mean(slug, cards_by_slug)}: write lessons/concepts/{slug}.md, "
                    "or name an existing card as [[text|slug]]",
                )
            )
        elif not isinstance(holder, Card) and holder not in card.used_in:
            card.used_in.append(holder)
    return problems


def cards_of(module, cards):
    """The module's cards in reading order."""
    return sorted((card for card in cards if card.module_number == module.number), key=lambda card: card.reading_order)
