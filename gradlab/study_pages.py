"""The study pages around the lessons: a page per concept card, per module, and per module test.

Every page sits one folder below the site's root (concepts/<slug>.html, modules/<n>.html,
modules/<n>-test.html), like the lessons, so that prose links between them read the same anywhere.
"""

import json
from dataclasses import dataclass

from gradlab.assets import write_page
from gradlab.concepts import Card, cards_of, load_cards, place_cards
from gradlab.module_test import draw_questions, find_module_test, load_tests
from gradlab.problems import LessonProblems


@dataclass
class Study:
    """The cards and module tests, checked and placed in the course; warnings do not stop the build."""

    cards: list
    tests: list
    warnings: list


def load_study(lessons_dir, course, templates, converted=None):
    """Load and check every card and module test against the course; raise LessonProblems listing every problem.
    converted: a dict the live preview keeps between builds, so that unchanged files are not converted again."""
    converted = {} if converted is None else converted
    cards = load_cards(lessons_dir, templates, converted.setdefault("cards", {}))
    tests = load_tests(lessons_dir, templates, converted.setdefault("tests", {}))
    problems = [problem for item in [*cards, *tests] for problem in item.problems]
    problems += place_cards(cards, course)
    problems += draw_questions(tests, course, cards)
    if problems:
        raise LessonProblems(problems)
    return Study(cards=cards, tests=tests, warnings=[warning for card in cards for warning in card.warnings])


def write_study_pages(course, study, templates, out_dir, urls):
    """A page for each card, each module of the plan, and each module test."""
    for folder in ("concepts", "modules"):
        (out_dir / folder).mkdir(exist_ok=True)
    for module in course.modules:
        cards, test = cards_of(module, study.cards), find_module_test(module, study.tests)
        for card in cards:
            render(
                templates,
                "concept.html",
                out_dir / "concepts" / f"{card.slug}.html",
                card=card,
                module=module,
                cards=cards,
                test=test,
                urls=urls,
            )
        render(
            templates,
            "module.html",
            out_dir / "modules" / f"{module.number}.html",
            module=module,
            cards=cards,
            test=test,
            start=study_start(module, cards),
            urls=urls,
        )
        if test:
            render(
                templates,
                "module-test.html",
                out_dir / "modules" / f"{module.number}-test.html",
                module=module,
                test=test,
                urls=urls,
            )


def study_start(module, cards):
    """Where "Study this module" leads before the page knows the learner's progress: its first lesson or card."""
    written = [entry.lesson for entry in module.entries if entry.lesson]
    if written:
        return f"{written[0].slug}/index.html"
    return f"concepts/{cards[0].slug}.html" if cards else None


def render(templates, name, path, **context):
    write_page(path, templates.get_template(name).render(root="../", **context))


def progress_record(item):
    """What a page needs to tell done from started for a lesson or card: its lesson id or card slug (the
    page makes the storage key), its exercises, and the right option of each of its quizzes (JSON for a data attribute)."""
    is_card = isinstance(item, Card)
    return json.dumps(
        {
            **({"card": item.slug} if is_card else {"lesson": item.id}),
            "exercises": [] if is_card else [exercise["id"] for exercise in item.exercises],
            "quizzes": {
                quiz["id"]: next(i for i, option in enumerate(quiz["options"]) if option["right"])
                for quiz in item.quizzes
            },
        }
    )


def part_record(part):
    """A part of the model on the index: the progress record of each of its lessons, null for one not
    written yet (a part is built once every one of its lessons is done)."""
    return json.dumps([json.loads(progress_record(entry.lesson)) if entry.lesson else None for entry in part.entries])
