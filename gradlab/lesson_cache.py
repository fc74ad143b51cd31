"""Lessons an earlier build converted and checked, kept on disk and reused while nothing they came from
has changed: not the lesson's text, not the code that converts and checks it, not the packages it runs on.

Converting a lesson runs its numbers code and checks its exercises against the grader: over half a
second a lesson here, and most of a build's time. A build whose lessons did not change (the next
`make site`, `make serve` starting again, a test building a copy of the course) takes them from here.
A key covers everything a conversion reads besides its own text, so a change anywhere in that code
makes every lesson new again; nothing is ever reused by mistake, only converted once more than needed.
The exercise checks are kept beside them under the same fingerprint, each keyed by the whole exercise.
"""

import hashlib
import importlib.metadata
import os
import pickle
import sys
from dataclasses import replace
from pathlib import Path

CHECKS_KEPT = 1000  # exercise checks: an instructor's every edit of an exercise adds one

# What converting and checking a lesson runs or reads besides the lesson: the build, the grader, the
# engine the lessons' code imports, the training code modules 10 use, the block templates, the data.
# sync/ holds the progress schema that bounds a quiz's options.
SOURCES = ("build.py", "pyproject.toml", "gradlab", "grading", "engine", "training", "templates", "data", "sync")


def build_fingerprint(root):
    """A digest of every file in SOURCES under root (the project's folder), this Python, and every installed package's version."""
    digest = hashlib.sha256(sys.version.encode())
    packages = sorted(f"{dist.metadata['Name']}=={dist.version}" for dist in importlib.metadata.distributions())
    digest.update("\n".join(packages).encode())
    for source in SOURCES:
        path = root / source
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            if "__pycache__" in file.parts:
                continue
            digest.update(str(file.relative_to(root)).encode() + b"\0")
            digest.update(file.read_bytes())
    return digest.hexdigest()


class LessonCache:
    """Converted lessons in folder, each under the key of (fingerprint, its file name, its text, settings).
    A lesson's folder is not in the key: the same file converts alike wherever it lies (a copy of the course
    that a test builds, say), all but the path it records, which get() sets to where it lies now."""

    def __init__(self, folder, fingerprint, settings=""):
        self.folder = Path(folder)
        self.fingerprint = fingerprint
        self.settings = settings  # what else the conversion was given (the sync service), as text

    def key(self, path, text):
        parts = (self.fingerprint, Path(path).name, self.settings, text)
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def entry(self, path, text):
        return self.folder / f"{Path(path).stem}.{self.key(path, text)[:32]}.pickle"

    def get(self, path, text):
        """The lesson converted from exactly this text by this code, or None."""
        try:
            lesson = pickle.loads(self.entry(path, text).read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            return None  # never kept, or kept by code that no longer reads it: convert it again
        if not all(Path(wheel).is_file() for wheel in lesson.packages):
            return None  # a wheel it names has been deleted from the wheel cache since
        lesson.path = Path(path)
        lesson.problems = [replace(problem, path=lesson.path) for problem in lesson.problems]
        return lesson

    def put(self, path, text, lesson):
        """Keep lesson, dropping the versions of the same lesson file kept before (one per file name)."""
        self.write(self.entry(path, text), f"{Path(path).stem}.*.pickle", lesson)

    def exercise_checks(self):
        """The exercise checks that builds by this code made (gradlab.exercise_checks.CHECKED): a lesson
        converted again because its prose changed then finds its exercise already checked, in a new process
        too (the first save after `make serve` starts, where every lesson came from here)."""
        try:
            return pickle.loads(self.checks_entry().read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            return {}

    def keep_exercise_checks(self, checks):
        """Keep checks (those read from here too), the newest CHECKS_KEPT of them, dropping what older code kept."""
        newest = dict(list(checks.items())[-CHECKS_KEPT:])  # a dict keeps the order its entries came in
        self.write(self.checks_entry(), "exercise-checks.*.pickle", newest)

    def checks_entry(self):
        return self.folder / f"exercise-checks.{self.fingerprint[:32]}.pickle"

    def write(self, entry, older, value):
        """Write value to entry, dropping the other entries that the pattern older matches."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for kept in self.folder.glob(older):
            if kept != entry:
                kept.unlink(missing_ok=True)
        partial = entry.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        partial.replace(entry)  # a build stopped halfway never leaves half an entry
