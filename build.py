"""Build the gradlab site: lessons/*.md → site/, with the Python runtime the pages run on.

    python build.py            build site/
    python build.py check      check every lesson, print path:line: message for each problem
    python build.py serve      build site/, serve it on http://127.0.0.1:8000, rebuild on each change
    python build.py new 7.1 "What a derivative measures"
                               write lessons/7.1-what-a-derivative-measures.md, every part a placeholder
                               that passes the check, and add it to lessons/course.toml if the plan lacks it

    --sync-url URL (or GRADLAB_SYNC_URL): the pages sign in and sync progress with the service there,
    `/api` on the site's own origin or `https://sync.example.org/api` on another; none by default.

Stages, in order: load every lesson (from .cache/lessons where nothing it came from changed) → validate →
load and check the concept cards and module tests → write static files, runtime and pages, then the card,
module and test pages.
"""

import argparse
import functools
import multiprocessing
import os
import shutil
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from pygments.formatters import HtmlFormatter

import engine
from grading.exercise import graph_cases
from grading.messages import describe_case
from grading.number_format import show_number
from gradlab import assets, exercise_checks, page_checks, runtime
from gradlab.blocks import BLOCK_KINDS, page_registry, template_loader
from gradlab.boot_stdlib import write_boot_stdlib
from gradlab.bundle import BundleError, bundle_page_script
from gradlab.course import PLAN_FILE, read_course
from gradlab.lesson_cache import LessonCache, build_fingerprint
from gradlab.lesson_checks import check_lesson
from gradlab.lesson_format import convert_lesson
from gradlab.module_test import find_module_test
from gradlab.new_lesson import NewLessonError, new_lesson
from gradlab.problems import LessonProblems, shown_path
from gradlab.progress_bar import ProgressBar
from gradlab.snapshot import SnapshotError, compiled_stdlib, make_snapshot
from gradlab.study_pages import load_study, part_record, progress_record, write_study_pages
from gradlab.sync_url import SyncUrlError, read_sync_url
from gradlab.train_page import training_module, write_train_page

ROOT = Path(__file__).resolve().parent
LESSONS_DIR = ROOT / "lessons"
STATIC_DIR = ROOT / "static"
TEMPLATES_DIR = ROOT / "templates"
NODE_MODULES = ROOT / "node_modules"
CACHE_DIR = ROOT / ".cache"
LESSON_CACHE_DIR = CACHE_DIR / "lessons"  # lessons converted and checked by earlier builds (gradlab/lesson_cache.py)
PAGE_READINGS = CACHE_DIR / "page-readings.pickle"  # what earlier builds' pages held (gradlab/page_checks.py)
SITE_DIR = ROOT / "site"
CONVERT_IN_PARALLEL_FROM = 16  # lessons; below that, starting processes costs more than it saves


def main(argv=None):
    """Parse the command line and run the build, the check, or the live preview."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build", choices=("build", "check", "serve", "new"))
    parser.add_argument("new", nargs="*", metavar="ID TITLE", help="for new: the lesson's id and title")
    parser.add_argument("--lessons", type=Path, default=LESSONS_DIR, help="folder of lesson .md files")
    parser.add_argument("--out", type=Path, default=SITE_DIR, help="where to write the site")
    parser.add_argument("--port", type=int, default=8000, help="port for serve")
    parser.add_argument(
        "--sync-url",
        default=os.environ.get("GRADLAB_SYNC_URL"),
        help="the sync service's API, /api or https://sync.example.org/api (default: none)",
    )
    args = parser.parse_args(argv)
    try:
        sync = read_sync_url(args.sync_url)
        if args.command == "new":
            if len(args.new) != 2:
                parser.error('new takes the id and the title: python build.py new 7.1 "What a derivative measures"')
            path = new_lesson(args.lessons, *args.new)
            print(f"wrote {shown_path(path)}: replace every PLACEHOLDER, then run `python build.py check`")
        elif args.command == "check":
            templates = make_templates()
            course = load_course(args.lessons, templates)
            study = load_study(args.lessons, course, templates)
            report_warnings(study)
            check_rendering(course, study, templates)
            print(f"{len(course.lessons)} lesson(s) OK")
            if study.cards or study.tests:
                print(f"{len(study.cards)} concept card(s), {len(study.tests)} module test(s) OK")
        elif args.command == "serve":
            serve(args.lessons, args.out, args.port, sync)
        else:
            build_site(args.lessons, args.out, sync)
    except (
        LessonProblems,
        NewLessonError,
        runtime.RuntimeFilesError,
        BundleError,
        SnapshotError,
        SyncUrlError,
    ) as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def build_site(lessons_dir, out_dir, sync=None, block_kinds=BLOCK_KINDS):
    """Load and validate every lesson first, then write the whole site into out_dir.
    sync (a SyncService, or None for a site without one) is where the pages sync progress;
    block_kinds, the kinds of lesson block the lessons may use (gradlab/blocks, docs/blocks.md)."""
    templates = make_templates(sync, block_kinds)
    course = load_course(lessons_dir, templates)
    study = load_study(lessons_dir, course, templates)  # concept cards and module tests
    report_warnings(study)
    reset_directory(out_dir)
    urls = write_static(out_dir, sync, block_kinds) | write_runtime(out_dir)
    try:
        write_site_pages(course, study, templates, out_dir, urls, sync)
    except LessonProblems:
        shutil.rmtree(out_dir)  # a site that shows a reader something broken is never left to deploy
        raise
    print(f"built {len(course.lessons)} lesson(s) into {out_dir}")


def serve(lessons_dir, out_dir, port, sync=None):
    """Build and serve out_dir with the sync service; after each change rebuild what it touches, and
    reload the open pages. The pages sync with that service on /api unless sync names another."""
    sync = sync or read_sync_url("/api")
    templates = make_templates(sync)
    reset_directory(out_dir)
    urls = write_static(out_dir, sync) | write_runtime(out_dir)  # the runtime once: no watched file changes it
    kept = KeptBetweenBuilds()

    def rebuild(changed):
        if any(STATIC_DIR in path.parents for path in changed):
            urls.update(write_static(out_dir, sync))
        if any(TEMPLATES_DIR in path.parents for path in changed):
            kept.forget()  # the templates are part of every converted lesson and card, and of every page
            cached_build_fingerprint.cache_clear()  # and of the key of every lesson kept on disk
        course = rewrite_pages(lessons_dir, out_dir, templates, urls, sync, kept, changed)
        return f"{len(course.lessons)} lesson(s)"

    # Only the preview needs the server and the sync service (`pip install '.[serve]'`): building does not import them.
    from gradlab import preview
    from sync.app import create_app
    from sync.settings import Settings

    # The sync service answers /api on the site's own origin, mounted in the same server.
    service = create_app(
        Settings(site_origins=(f"http://localhost:{port}", f"http://127.0.0.1:{port}"), lessons_dir=str(lessons_dir))
    )
    preview.run(out_dir, [lessons_dir, TEMPLATES_DIR, STATIC_DIR], rebuild, port=port, service=service)


def rewrite_pages(lessons_dir, out_dir, templates, urls, sync, kept, changed=None):
    """The live preview's build after a change: every page written again, over the static files and runtime
    already in out_dir (urls), converting and checking again only what the change touched; the course.
    changed: the paths the watcher named, None if not known."""
    texts = lesson_texts(lessons_dir, kept.texts, changed)
    course = load_course(lessons_dir, templates, kept.lessons, texts)
    study = load_study(lessons_dir, course, templates, kept.study)
    report_warnings(study)
    write_site_pages(course, study, templates, out_dir, urls, sync, kept)
    return course


@dataclass
class KeptBetweenBuilds:
    """What the live preview keeps from one build to the next, so that a rebuild redoes only what the
    change touched. Each is read and refreshed by the step named beside it."""

    texts: dict = field(default_factory=dict)  # lesson_texts
    lessons: dict = field(default_factory=dict)  # load_course
    study: dict = field(default_factory=dict)  # load_study
    written: dict = field(default_factory=dict)  # write_pages
    readings: page_checks.PageReadings = field(default_factory=page_checks.PageReadings)  # page_checks.check_pages

    def forget(self):
        for kept in (self.texts, self.lessons, self.study, self.written, self.readings):
            kept.clear()


def check_rendering(course, study, templates):
    """What the build would write, written to a scratch folder and read back by the page checks.
    The runtime is not built: empty files stand where the page script is told to find it."""
    with tempfile.TemporaryDirectory() as scratch:
        out_dir = Path(scratch)
        unbuilt = {
            "pyodide": "pyodide/",
            "engine-wheel": "wheels/engine.whl",
            "snapshot": "pyodide/python.bin.gz",
            "snapshot-for": "unbuilt",
            "snapshot-bytes": 0,
            "boot-stdlib": "pyodide/python_stdlib_boot.zip",
        }
        for name in ("engine-wheel", "snapshot", "boot-stdlib"):
            (out_dir / unbuilt[name]).parent.mkdir(parents=True, exist_ok=True)
            (out_dir / unbuilt[name]).touch()
        urls = write_static(out_dir, block_kinds=templates.block_kinds) | unbuilt
        write_site_pages(course, study, templates, out_dir, urls, offline=False)


def write_site_pages(course, study, templates, out_dir, urls, sync=None, kept=None, offline=True):
    """Write every page, with what each page's blocks write beside it, then read them back as a reader
    would (raising LessonProblems for anything broken) and, if offline, ready them to work offline: the
    one sequence the build, the check and the live preview share. kept: the live preview's KeptBetweenBuilds."""
    templates.globals["train_module"] = training_module(course)  # its lessons and page link to the training page
    write_pages(course, templates, out_dir, urls, kept and kept.written)
    write_study_pages(course, study, templates, out_dir, urls)
    write_index(course, study, templates, out_dir, urls)
    write_train_page(course, templates, out_dir, urls)
    listing = assets.SiteListing(out_dir)
    check_written_pages(course, study, out_dir, kept and kept.readings, listing)
    if offline:
        prepare_for_offline(out_dir, sync, listing)


def check_written_pages(course, study, out_dir, readings, listing):
    """Raise LessonProblems for whatever a reader would see broken in the pages written (gradlab/page_checks.py);
    readings: the live preview's PageReadings, else (None) those an earlier build kept in PAGE_READINGS;
    listing: the site's assets.SiteListing."""
    sources = {f"{lesson.slug}/index.html": lesson.path for lesson in course.lessons}
    sources |= {f"concepts/{card.slug}.html": card.path for card in study.cards}
    sources |= {f"modules/{test.module_number}-test.html": test.path for test in study.tests}
    readings = readings if readings is not None else page_checks.PageReadings(PAGE_READINGS)
    problems = page_checks.check_pages(out_dir, sources, readings, listing)
    if problems:
        raise LessonProblems(problems)


def make_templates(sync=None, block_kinds=BLOCK_KINDS):
    """The Jinja2 environment for pages and lesson blocks, escaping HTML by default; sync: the
    SyncService the pages name (base.html), or None. It holds the block kinds its lessons are
    converted with (templates.block_kinds), whose templates are among its own."""
    templates = jinja2.Environment(
        loader=template_loader(TEMPLATES_DIR, block_kinds),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
    )
    templates.filters["number"] = lambda value: "—" if value is None else show_number(value)
    templates.filters["plain"] = lambda value: f"{value:g}"
    templates.globals["table_rows"] = table_rows
    templates.filters["progress_record"] = progress_record
    templates.filters["part_record"] = part_record
    templates.globals["describe_case"] = describe_case
    templates.globals["graph_cases"] = graph_cases
    templates.globals["sync"] = sync
    templates.extend(block_kinds=tuple(block_kinds))
    return templates


def table_rows(count, most=11):
    """Which of count points an explore's table shows: all of a few, else evenly spaced ones and the last.
    (static/page/explore-chart.js picks the same rows as the controls move.)"""
    if count <= most:
        return list(range(count))
    return sorted({int(i * (count - 1) / (most - 1) + 0.5) for i in range(most)})  # as JavaScript's Math.round


def load_course(lessons_dir, templates, converted=None, texts=None):
    """Convert and check every lesson and place it in the course plan; raise LessonProblems listing
    every problem found. converted maps path → (text, lesson): lessons whose text is unchanged are reused.
    texts: each lesson file's text (lesson_texts), if already read."""
    converted = {} if converted is None else converted
    texts = lesson_texts(lessons_dir) if texts is None else texts
    stale = [path for path, text in texts.items() if path not in converted or converted[path][0] != text]
    for path, lesson in zip(stale, converted_lessons(stale, texts, templates)):
        converted[path] = (texts[path], lesson)
    course = read_course(Path(lessons_dir) / PLAN_FILE, [converted[path][1] for path in texts])
    if course.problems:
        raise LessonProblems(course.problems)
    return course


def lesson_texts(lessons_dir, kept=None, changed=None):
    """Each lesson file's path → its text, in order. kept (the live preview's: path → (its file's size and
    times, its text)) saves reading again a file that the watcher did not name in changed and whose size
    and times are those it had: reading a large course's 200 files was a tenth of each rebuild, and their
    stats take a hundredth of that. Both must agree, so a save the watcher missed is still read."""
    kept = {} if kept is None else kept
    changed = None if changed is None else {Path(path).resolve() for path in changed}
    folder = Path(lessons_dir).resolve()
    texts = {}
    for path in sorted(Path(lessons_dir).glob("*.md")):
        if path.name == "README.md":
            continue
        status = path.stat()
        stamp = (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino)
        if changed is None or folder / path.name in changed or kept.get(path, (None,))[0] != stamp:
            kept[path] = (stamp, path.read_text(encoding="utf-8"))
        texts[path] = kept[path][1]
    for gone in kept.keys() - texts.keys():
        del kept[gone]
    return texts


def converted_lessons(paths, texts, templates):
    """Each lesson of paths (texts: path → text) converted and checked, taken from the lesson cache where
    an earlier build converted the same text with the same code, and kept there otherwise."""
    cache = lesson_cache(templates)
    lessons = {path: cache.get(path, texts[path]) for path in paths} if cache else {}
    missing = [path for path in paths if lessons.get(path) is None]
    if cache and missing:
        take_in_kept_checks(cache)
    checked = len(exercise_checks.CHECKED)
    for path, lesson in zip(missing, convert_lessons([(path, texts[path]) for path in missing], templates)):
        lessons[path] = lesson
        if cache:
            cache.put(path, texts[path], lesson)
    if cache and len(exercise_checks.CHECKED) > checked:  # a save of prose alone checks nothing new
        cache.keep_exercise_checks(exercise_checks.CHECKED)
    return [lessons[path] for path in paths]


CHECKS_TAKEN_IN = set()  # the kept exercise checks this process has read: each file once, not at every save


def take_in_kept_checks(cache):
    """Add the exercise checks that earlier builds kept in cache to this process's, once a process."""
    entry = cache.checks_entry()
    if entry not in CHECKS_TAKEN_IN:
        CHECKS_TAKEN_IN.add(entry)
        exercise_checks.CHECKED.update(cache.exercise_checks())


def lesson_cache(templates):
    """The cache of converted lessons; None with block kinds other than the built-in ones, whose code lies
    outside what the cache's fingerprint covers."""
    if templates.block_kinds != tuple(BLOCK_KINDS):
        return None
    return LessonCache(LESSON_CACHE_DIR, cached_build_fingerprint(), settings=repr(templates.globals["sync"]))


@functools.cache
def cached_build_fingerprint():
    """The code's fingerprint, worked out once a process: the code a process runs does not change under it."""
    return build_fingerprint(ROOT)


def convert_lessons(sources, templates):
    """Convert and check each (path, text); a large course is shared out among the machine's cores.
    Most of a build's time: a terminal shows a progress bar when it takes more than a second."""
    lessons = []
    with ProgressBar("converting and checking lessons", len(sources)) as progress:
        for lesson in converted_one_by_one(sources, templates):
            lessons.append(lesson)
            progress.advance()
    return lessons


def converted_one_by_one(sources, templates):
    """Each source's lesson, in order, as soon as it is ready."""
    if len(sources) < CONVERT_IN_PARALLEL_FROM or (os.cpu_count() or 1) < 2:
        yield from (convert_and_check(path, text, templates) for path, text in sources)
        return
    # fork: the workers start with everything already imported. Each makes its own templates:
    # a Jinja2 environment cannot be sent to another process.
    workers = os.cpu_count()
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        kinds = [templates.block_kinds] * len(sources)
        chunksize = max(1, len(sources) // (4 * workers))
        for lesson, checks in pool.map(convert_and_check_in_worker, *zip(*sources), kinds, chunksize=chunksize):
            exercise_checks.CHECKED.update(checks)
            yield lesson


@functools.cache
def worker_templates(block_kinds):
    return make_templates(block_kinds=block_kinds)


def convert_and_check_in_worker(path, text, block_kinds):
    """The lesson, and the exercise checks its conversion made here, which the build keeps with the rest."""
    before = set(exercise_checks.CHECKED)
    lesson = convert_and_check(path, text, worker_templates(block_kinds))
    return lesson, {key: exercise_checks.CHECKED[key] for key in exercise_checks.CHECKED.keys() - before}


def convert_and_check(path, text, templates):
    """One lesson converted, with the problems the checks find in it."""
    lesson = convert_lesson(path, text, templates, CACHE_DIR / "wheels")
    lesson.problems += check_lesson(lesson, templates.block_kinds)
    return lesson


def report_warnings(study):
    """Print what the instructor should look at but that does not stop the build."""
    for warning in study.warnings:
        print(f"{warning} (a warning: the site is still built)", file=sys.stderr)


def reset_directory(path):
    """Start from an empty output folder so nothing stale is ever deployed."""
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)


def copy_static(out_dir):
    """Copy static/ into the site, but the page script's sources, which are bundled instead."""
    shutil.copytree(STATIC_DIR, out_dir / "static", ignore=shutil.ignore_patterns("page", "service-worker.js"))
    # A service worker controls only pages at or below its own folder: it lives at the root.
    shutil.copyfile(STATIC_DIR / "service-worker.js", out_dir / "service-worker.js")


def write_static(out_dir, sync=None, block_kinds=BLOCK_KINDS):
    """Static files, the bundled page script (with each block kind's page module) and the highlighting
    colours, under content-hashed names; return {name in static/: its path in the site}."""
    shutil.rmtree(out_dir / "static", ignore_errors=True)
    copy_static(out_dir)
    with tempfile.TemporaryDirectory() as scratch:
        registry = Path(scratch) / "block-modules.js"
        registry.write_text(page_registry(block_kinds), encoding="utf-8")
        bundle_page_script(
            NODE_MODULES,
            STATIC_DIR / "page" / "lesson.js",
            out_dir / "static" / "lesson.js",
            aliases={"gradlab-block-modules": registry},
        )
    bundle_page_script(NODE_MODULES, STATIC_DIR / "page" / "study.js", out_dir / "static" / "study.js")
    bundle_page_script(
        NODE_MODULES, STATIC_DIR / "python-worker.js", out_dir / "static" / "python-worker.js"
    )  # with its protocol
    # Bundles of their own, loaded only when needed: the code editor as the learner nears the Build
    # section, the chart library as an explore starts, the graph view when a learner first asks for a graph.
    bundle_page_script(NODE_MODULES, STATIC_DIR / "page" / "code-editor.js", out_dir / "static" / "code-editor.js")
    bundle_page_script(NODE_MODULES, STATIC_DIR / "page" / "chart.js", out_dir / "static" / "chart.js")
    bundle_page_script(NODE_MODULES, STATIC_DIR / "page" / "graph-view.js", out_dir / "static" / "graph-view.js")
    # The training page's script and its worker (train/index.html).
    bundle_page_script(NODE_MODULES, STATIC_DIR / "page" / "train.js", out_dir / "static" / "train.js")
    bundle_page_script(NODE_MODULES, STATIC_DIR / "train-worker.js", out_dir / "static" / "train-worker.js")
    if sync:  # sign-in and sync, loaded by the pages only where a service exists; else not even shipped
        bundle_page_script(NODE_MODULES, STATIC_DIR / "page" / "sync.js", out_dir / "static" / "sync.js")
    write_pygments_css(out_dir / "static" / "pygments.css")
    return {
        path.name: assets.fingerprint(out_dir, path.relative_to(out_dir))
        for path in sorted((out_dir / "static").iterdir())
    }


def write_runtime(out_dir):
    """Pyodide, the engine wheel and a memory snapshot of both; return their paths in the site."""
    served = runtime.vendor_pyodide(NODE_MODULES, out_dir, CACHE_DIR / "wheels")
    # The engine that learners import, the grader (which their code cannot import) and the training page's
    # model and trainer (training/), in one wheel.
    wheel = runtime.build_engine_wheel(
        [ROOT / "engine", ROOT / "grading", ROOT / "training"], engine.__version__, out_dir / "wheels"
    )
    # The wheel's name must stay a wheel's name: its content hash goes in its folder instead.
    hashed_wheel = out_dir / "wheels" / assets.content_hash(wheel) / wheel.name
    hashed_wheel.parent.mkdir()
    wheel.replace(hashed_wheel)
    snapshot = make_snapshot(NODE_MODULES, served["version"], hashed_wheel, CACHE_DIR / "snapshots")
    shutil.copyfile(snapshot, out_dir / served["folder"] / "python.bin.gz")
    # What a boot without the snapshot fetches of the standard library: what the snapshot's state imported.
    folder = out_dir / served["folder"]
    write_boot_stdlib(compiled_stdlib(snapshot), folder / "python_stdlib.zip", folder / "python_stdlib_boot.zip")
    return {
        "snapshot-bytes": snapshot.stat().st_size,  # as sent: the page weighs it against the downlink
        "pyodide": served["folder"] + "/",
        "engine-wheel": hashed_wheel.relative_to(out_dir).as_posix(),
        "snapshot": assets.fingerprint(out_dir, f"{served['folder']}/python.bin.gz"),
        "snapshot-for": served["version"],
        "boot-stdlib": assets.fingerprint(out_dir, f"{served['folder']}/python_stdlib_boot.zip"),
    }


def prepare_for_offline(out_dir, sync, listing):
    """Compressed copies for servers that can send them, and the service worker's file list
    (listing: the site's assets.SiteListing)."""
    assets.write_service_worker(STATIC_DIR / "service-worker.js", out_dir, sync and sync.url, listing)
    assets.precompress(out_dir, CACHE_DIR / "gzip", listing)


def write_pages(course, templates, out_dir, urls, written=None):
    """Every written lesson's page.

    written (the live preview's) maps each page to what it was last written from: a page whose
    lesson, neighbours and asset names are all unchanged is not written again."""
    for lesson in course.lessons:
        inputs = page_inputs(lesson, course, urls)
        if (
            written is not None
            and lesson.slug in written
            and written[lesson.slug][0] is lesson
            and written[lesson.slug][1] == inputs
        ):
            continue
        write_lesson(lesson, course, templates, out_dir, urls)
        if written is not None:
            written[lesson.slug] = (lesson, inputs)


def write_index(course, study, templates, out_dir, urls):
    """The course's front page: the model it builds, part by part, and every module and lesson of the plan."""
    tested = {module.number for module in course.modules if find_module_test(module, study.tests)}
    template = templates.get_template("index.html")
    lessons = course.lessons
    write_page(
        out_dir / "index.html",
        template,
        root="",
        urls=urls,
        modules=course.modules,
        parts=course.parts,
        tested=tested,
        first=next((entry for entry in course.entries if entry.lesson), None),
        written=len(lessons),
        planned=len(course.entries),
    )


def page_inputs(lesson, course, urls):
    """What a lesson's page shows besides the lesson itself: its module, its neighbours, the asset names."""
    neighbours = tuple(
        entry and (entry.id, entry.title, entry.lesson is not None) for entry in course.neighbours(lesson)
    )
    sections = tuple((section.title, section.done) for section in course.sections)
    return course.module_of(lesson).label, neighbours, sections, tuple(sorted(urls.items()))


def write_pygments_css(path):
    """Highlighting colours for light and dark schemes."""
    # The a11y styles meet WCAG contrast on their own backgrounds, which we keep.
    light = HtmlFormatter(style="a11y-light").get_style_defs(".highlight")
    dark = HtmlFormatter(style="a11y-dark").get_style_defs(".highlight")
    path.write_text(f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n")


def write_lesson(lesson, course, templates, out_dir, urls):
    """Write a lesson's page and, beside it, what each of its blocks writes there (an exercise: its
    solution and what the grader needs to check it)."""
    lesson_dir = out_dir / lesson.slug
    lesson_dir.mkdir(exist_ok=True)
    previous, following = course.neighbours(lesson)
    packages = ["../" + write_wheel(wheel, out_dir) for wheel in lesson.packages]
    write_page(
        lesson_dir / "index.html",
        templates.get_template("lesson.html"),
        root="../",
        lesson=lesson,
        module=course.module_of(lesson),
        previous=previous,
        next=following,
        urls=urls,
        sections=[vars(section) for section in course.sections],
        packages=packages,
    )
    for kind in templates.block_kinds:
        for block in lesson.blocks.get(kind.name, []) if kind.write else ():
            kind.write(block, lesson_dir)


def write_wheel(wheel, out_dir):
    """Serve a package's wheel under its content hash (its name must stay a wheel's name); return its path."""
    served = out_dir / "wheels" / assets.content_hash(wheel) / wheel.name
    served.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(wheel, served)
    return served.relative_to(out_dir).as_posix()


def write_page(path, template, **context):
    assets.write_page(path, template.render(**context))


if __name__ == "__main__":
    sys.exit(main())
