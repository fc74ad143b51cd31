"""Build the gradlab site: lessons/*.md → site/, with the Python runtime the pages run on.

    python build.py            build site/
    python build.py check      validate every lesson, print path:line: message for each problem
    python build.py serve      build, then serve site/ on http://127.0.0.1:8000

Stages, in order: load every lesson → validate → write static files, runtime and pages.
"""

import argparse
import shutil
import sys
from pathlib import Path

import jinja2
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

import engine
from gradlab import runtime
from gradlab.lesson_format import SECTION_ORDER, LessonError, convert_lesson
from gradlab.server import make_server

ROOT = Path(__file__).resolve().parent
LESSONS_DIR = ROOT / "lessons"
STATIC_DIR = ROOT / "static"
TEMPLATES_DIR = ROOT / "templates"
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
SITE_DIR = ROOT / "site"


def main(argv=None):
    """Parse the command line and run the build, the check, or the server."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build", choices=("build", "check", "serve"))
    parser.add_argument("--lessons", type=Path, default=LESSONS_DIR, help="folder of lesson .md files")
    parser.add_argument("--out", type=Path, default=SITE_DIR, help="where to write the site")
    parser.add_argument("--port", type=int, default=8000, help="port for serve")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            lessons = load_lessons(args.lessons, make_templates())
            print(f"{len(lessons)} lesson(s) OK")
            return 0
        build_site(args.lessons, args.out)
    except (LessonError, runtime.RuntimeFilesError) as error:
        print(error, file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(args.out, args.port)
    return 0


def build_site(lessons_dir, out_dir):
    """Load and validate every lesson first, then write the whole site into out_dir."""
    templates = make_templates()
    lessons = load_lessons(lessons_dir, templates)
    reset_directory(out_dir)
    copy_static(out_dir / "static")
    write_pygments_css(out_dir / "static" / "pygments.css")
    runtime.vendor_pyodide(NODE_MODULES, out_dir / "pyodide", WHEEL_CACHE)
    wheel = runtime.build_engine_wheel(ROOT / "engine", engine.__version__, out_dir / "wheels")
    engine_wheel = wheel.relative_to(out_dir).as_posix()
    for lesson in lessons:
        write_lesson(lesson, templates, out_dir, engine_wheel)
    write_page(out_dir / "index.html", templates.get_template("index.html"),
               root="", modules=group_by_module(lessons))
    print(f"built {len(lessons)} lesson(s) into {out_dir}")


def make_templates():
    """The Jinja2 environment for pages and lesson blocks, escaping HTML by default."""
    templates = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
                                   autoescape=jinja2.select_autoescape(["html"]),
                                   undefined=jinja2.StrictUndefined)
    templates.filters["number"] = lambda value: f"{value:.3g}"
    return templates


def load_lessons(lessons_dir, templates):
    """Convert every lesson, then check them as a set; raise on the first problem."""
    paths = sorted(Path(lessons_dir).glob("*.md"))
    paths = [p for p in paths if p.name != "README.md"]
    lessons = [convert_lesson(path, templates) for path in paths]
    validate_lessons(lessons)
    return sorted(lessons, key=lambda lesson: lesson_number(lesson.id))


def validate_lessons(lessons):
    """Refuse duplicate ids and lessons whose sections are missing or out of order."""
    seen = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonError(lesson.path, 2, f"lesson id {lesson.id} is already used by {seen[lesson.id]}")
        seen[lesson.id] = lesson.path
        present = [title for title in lesson.sections if title in SECTION_ORDER]
        missing = [title for title in SECTION_ORDER if title not in present]
        if missing:
            raise LessonError(lesson.path, 1, f"missing section(s): {', '.join('## ' + m for m in missing)}")
        if present != [title for title in SECTION_ORDER if title in present]:
            raise LessonError(lesson.path, 1, f"sections must come in this order: {', '.join(SECTION_ORDER)}")


def lesson_number(lesson_id):
    """Sort key for ids like 8.6 or 10.2: numerically, part by part."""
    return tuple(int(part) if part.isdigit() else part for part in lesson_id.split("."))


def reset_directory(path):
    """Start from an empty output folder so nothing stale is ever deployed."""
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)


def copy_static(destination):
    """Copy static/ (page script, worker, styles) into the site."""
    shutil.copytree(STATIC_DIR, destination)


def write_pygments_css(path):
    """Highlighting colours for light and dark schemes."""
    light = HtmlFormatter(style="default").get_style_defs(".highlight")
    dark = HtmlFormatter(style="github-dark").get_style_defs(".highlight")
    path.write_text(f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n")


def write_lesson(lesson, templates, out_dir, engine_wheel):
    """Write a lesson's page and, beside it, each exercise's solution (loaded only when asked for)."""
    lesson_dir = out_dir / lesson.slug
    lesson_dir.mkdir()
    write_page(lesson_dir / "index.html", templates.get_template("lesson.html"),
               root="../", lesson=lesson, engine_wheel=engine_wheel)
    for exercise in lesson.exercises:
        solution = highlight(exercise["solution"], PythonLexer(), HtmlFormatter(cssclass="highlight"))
        (lesson_dir / f"solution-{exercise['id']}.html").write_text(solution, encoding="utf-8")


def write_page(path, template, **context):
    path.write_text(template.render(**context), encoding="utf-8")


def group_by_module(lessons):
    """[(module, [lessons…]), …] in lesson order, for the index."""
    modules = {}
    for lesson in lessons:
        modules.setdefault(lesson.meta["module"], []).append(lesson)
    return list(modules.items())


def serve(site_dir, port):
    """Serve the built site until interrupted."""
    server = make_server(site_dir, port=port)
    print(f"serving {site_dir} on http://127.0.0.1:{port} (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
