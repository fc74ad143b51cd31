"""A course plan wider than the real one, for tests and the load benchmark that sync many lessons:
modules 0 to 14 of ten lessons each ("0.0" … "14.9", 150 in all), a module test each, and the real
course's concept cards. The service accepts only the documents of the plan it reads."""

from pathlib import Path

REAL_CARDS = Path(__file__).resolve().parents[2] / "lessons" / "concepts"
MODULES = range(15)


def write_wide_course(folder):
    """The plan and card files in folder (made if absent); returns folder, for settings.lessons_dir."""
    folder = Path(folder)
    (folder / "concepts").mkdir(parents=True, exist_ok=True)
    modules = [
        f'[[module]]\nnumber = {module}\ntitle = "Module {module}"\n'
        + "lessons = [\n"
        + "".join(f'    "{module}.{lesson} Lesson {module}.{lesson}",\n' for lesson in range(10))
        + "]\n"
        for module in MODULES
    ]
    (folder / "course.toml").write_text("\n".join(modules), encoding="utf-8")
    for card in REAL_CARDS.glob("*.md"):
        (folder / "concepts" / card.name).write_text("", encoding="utf-8")
    return folder
