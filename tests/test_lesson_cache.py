"""The lesson cache: a lesson is converted again whenever its text, the code or the settings change, and
otherwise taken from disk exactly as a new conversion would give it."""

import pickle
import shutil

import pytest

import build
from gradlab import exercise_checks, lesson_cache
from gradlab.blocks import BLOCK_KINDS
from gradlab.lesson_cache import LessonCache, build_fingerprint

LESSON = next(build.LESSONS_DIR.glob("7.1-*.md"))
# A line the instructor got wrong: the numbers code raises, so the lesson carries a problem at path:line.
BROKEN = "```numbers\nraise ValueError('not yet')\n"


@pytest.fixture
def conversions(tmp_path, monkeypatch):
    """Lessons are cached in tmp_path/cache; the list returned fills with each path that is converted."""
    monkeypatch.setattr(build, "LESSON_CACHE_DIR", tmp_path / "cache")
    converted, convert = [], build.convert_lessons

    def counted(sources, templates):
        converted.extend(path for path, _ in sources)
        return convert(sources, templates)

    monkeypatch.setattr(build, "convert_lessons", counted)
    return converted


def lesson_in(folder, text=None):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LESSON.name
    path.write_text(text if text is not None else LESSON.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def load(path, templates=None):
    (lesson,) = build.converted_lessons(
        [path], {path: path.read_text(encoding="utf-8")}, templates or build.make_templates()
    )
    return lesson


def test_a_lesson_converted_once_is_taken_from_the_cache_as_it_was(tmp_path, conversions):
    path = lesson_in(tmp_path / "lessons")
    first, again = load(path), load(path)
    assert conversions == [path]
    assert again == first and again is not first


def test_a_changed_text_is_converted_again_and_its_older_entry_dropped(tmp_path, conversions):
    path = lesson_in(tmp_path / "lessons")
    load(path)
    path.write_text(path.read_text(encoding="utf-8").replace("derivative", "slope", 1), encoding="utf-8")
    changed = load(path)
    assert conversions == [path, path]
    assert "slope" in pickle.dumps(changed).decode("latin-1")
    assert len(list((tmp_path / "cache").glob(f"{path.stem}.*.pickle"))) == 1


@pytest.fixture
def exercises_checked(monkeypatch):
    """A new process's exercise checks (none made or read yet); the list returned fills with each exercise checked."""
    monkeypatch.setattr(exercise_checks, "CHECKED", {})
    monkeypatch.setattr(build, "CHECKS_TAKEN_IN", set())
    checked, check = [], exercise_checks.exercise_problems

    def counted(path, block):
        checked.append(block["id"])
        return check(path, block)

    monkeypatch.setattr(exercise_checks, "exercise_problems", counted)
    return checked


def test_a_new_process_does_not_check_again_an_exercise_whose_prose_alone_changed(
    tmp_path, conversions, exercises_checked, monkeypatch
):
    path = lesson_in(tmp_path / "lessons")
    first = load(path)
    assert exercises_checked == ["slope"]
    monkeypatch.setattr(exercise_checks, "CHECKED", {})  # `make serve` starts again: its lessons come from disk
    monkeypatch.setattr(build, "CHECKS_TAKEN_IN", set())
    path.write_text(
        path.read_text(encoding="utf-8") + "\nA paragraph the instructor adds at the end.\n", encoding="utf-8"
    )
    edited = load(path)
    assert conversions == [path, path] and exercises_checked == ["slope"]
    assert edited.problems == first.problems
    path.write_text(
        path.read_text(encoding="utf-8").replace("--- passed\n", "--- passed\nWell done. ", 1), encoding="utf-8"
    )
    load(path)
    assert exercises_checked == ["slope", "slope"], "a changed exercise was not checked again"


def test_a_build_in_parallel_keeps_the_exercise_checks_its_workers_made(exercises_checked):
    lesson, checks = build.convert_and_check_in_worker(LESSON, LESSON.read_text(encoding="utf-8"), tuple(BLOCK_KINDS))
    assert exercises_checked == ["slope"] and checks and checks.items() <= exercise_checks.CHECKED.items()
    assert not lesson.problems


def test_changed_code_converts_every_lesson_again(tmp_path, conversions, monkeypatch):
    path = lesson_in(tmp_path / "lessons")
    load(path)
    monkeypatch.setattr(build, "cached_build_fingerprint", lambda: "the grader was edited")
    load(path)
    assert conversions == [path, path]


def test_other_settings_convert_again(tmp_path, conversions):
    path = lesson_in(tmp_path / "lessons")
    load(path)
    load(path, build.make_templates(sync=build.read_sync_url("/api")))
    assert conversions == [path, path]


def test_a_copy_in_another_folder_is_what_converting_it_there_gives_problems_and_all(tmp_path, conversions):
    text = LESSON.read_text(encoding="utf-8").replace("```numbers\n", BROKEN, 1)
    here, there = lesson_in(tmp_path / "here", text), lesson_in(tmp_path / "there", text)
    load(here)
    cached = load(there)
    assert conversions == [here]
    fresh = build.convert_and_check(there, text, build.make_templates())
    assert cached.problems and {problem.path for problem in cached.problems} == {there}
    assert cached == fresh


def test_a_broken_entry_is_converted_again(tmp_path, conversions):
    path = lesson_in(tmp_path / "lessons")
    load(path)
    for entry in (tmp_path / "cache").glob("*.pickle"):
        entry.write_bytes(b"half a file")
    assert load(path).html
    assert conversions == [path, path]


def test_a_lesson_whose_wheel_is_gone_is_converted_again(tmp_path):
    path = lesson_in(tmp_path / "lessons")
    text = path.read_text(encoding="utf-8")
    cache = LessonCache(tmp_path / "cache", "code")
    lesson = build.convert_and_check(path, text, build.make_templates())
    wheel = tmp_path / "wheels" / "tiny-1.0-py3-none-any.whl"
    wheel.parent.mkdir()
    wheel.write_bytes(b"a wheel")
    lesson.packages = [wheel]
    cache.put(path, text, lesson)
    assert cache.get(path, text) is not None
    wheel.unlink()
    assert cache.get(path, text) is None


def test_lessons_of_other_block_kinds_are_never_cached():
    assert build.lesson_cache(build.make_templates(block_kinds=BLOCK_KINDS[:-1])) is None
    assert build.lesson_cache(build.make_templates()) is not None


def test_the_fingerprint_follows_every_source_file_but_not_compiled_ones(tmp_path):
    for source in lesson_cache.SOURCES:
        (tmp_path / source).mkdir()
    (tmp_path / "grading" / "judge.py").write_text("VERDICT = 1\n")
    (tmp_path / "templates" / "blocks").mkdir()
    (tmp_path / "templates" / "blocks" / "quiz.html").write_text("<ol>")
    before = build_fingerprint(tmp_path)
    (tmp_path / "grading" / "__pycache__").mkdir()
    (tmp_path / "grading" / "__pycache__" / "judge.cpython-311.pyc").write_bytes(b"\0")
    assert build_fingerprint(tmp_path) == before
    (tmp_path / "templates" / "blocks" / "quiz.html").write_text("<ul>")
    assert build_fingerprint(tmp_path) != before
    shutil.rmtree(tmp_path / "templates" / "blocks")
    assert build_fingerprint(tmp_path) != before
