"""The documents an account may hold: the lessons and module tests of the course plan
(lessons/course.toml) and its concept cards (lessons/concepts/<slug>.md), read as the service starts
from the lessons folder the site is built from (settings.lessons_dir). A made-up id is refused, so
an account holds at most one row per document of the course."""

import tomllib
from pathlib import Path

from gradlab.concepts import CONCEPTS_DIR
from gradlab.course import PLAN_FILE, PLANNED_LESSON


def course_documents(lessons_dir):
    """Every id a progress document may be synced under: "8.6", "concept:chain-rule", "module-test:8"."""
    folder = Path(lessons_dir)
    plan_file = folder / PLAN_FILE
    try:
        plan = tomllib.loads(plan_file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as problem:
        raise SystemExit(
            f"{plan_file}: the sync service reads the course plan here to know which lessons exist ({problem}); "
            "run it from the site's checkout, or set GRADLAB_LESSONS_DIR to its lessons folder."
        ) from None
    ids = set()
    for module in plan.get("module", []):
        ids.add(f"module-test:{module['number']}")
        ids.update(match.group(1) for entry in module.get("lessons", []) if (match := PLANNED_LESSON.match(entry)))
    ids.update(f"concept:{card.stem}" for card in (folder / CONCEPTS_DIR).glob("*.md"))
    return frozenset(ids)
