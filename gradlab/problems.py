"""Problems found in lessons, each located at path:line for the instructor who will fix it."""

import difflib
import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LessonProblem:
    """One problem: where it is and what to do about it."""

    path: Path
    line: int
    message: str

    def __str__(self):
        return f"{shown_path(self.path)}:{self.line}: {self.message}"


class LessonProblems(Exception):
    """The lessons cannot be built; carries every problem found, in file and line order."""

    def __init__(self, problems):
        self.problems = sorted(problems, key=lambda p: (natural_order(p.path), p.line))
        files = len({p.path for p in self.problems})
        summary = (
            f"{plural(len(self.problems), 'problem')} in {plural(files, 'file')}: "
            f"fix {'it' if len(self.problems) == 1 else 'them'} and run `python build.py check` again"
        )
        super().__init__("\n".join([*map(str, self.problems), summary]))


def shown_path(path):
    """The path as the instructor would type it: relative to the working folder when inside it."""
    path = Path(path)
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def natural_order(path):
    """Sort key putting 1.2-… before 1.10-…: digit runs compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", str(path))]


def plural(count, noun):
    return f"{count} {noun}{'' if count == 1 else 's'}"


def did_you_mean(word, choices):
    """' (did you mean 'exercise'?)' when word looks like a typo of one of choices, else ''."""
    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
