"""The build's progress bar: on a terminal after a second, never in a log, and gone before the next line."""

import io
import os
import pty
import re
import shutil
import subprocess
import sys
import uuid

import build
from gradlab.progress_bar import ProgressBar
from tests.preview import GOOD_LESSONS


class Terminal(io.StringIO):
    def isatty(self):
        return True


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_the_bar_is_drawn_on_a_terminal_once_the_step_has_taken_a_second_and_cleared_at_the_end():
    terminal, clock = Terminal(), Clock()
    with ProgressBar("converting", 4, stream=terminal, show_after_s=1.0, clock=clock) as progress:
        progress.advance()
        assert terminal.getvalue() == ""  # a quick step prints nothing
        clock.now = 1.5
        progress.advance()
        assert terminal.getvalue().endswith("\rconverting [" + "#" * 15 + "." * 15 + "] 2/4")
        progress.advance(2)
        assert terminal.getvalue().endswith("] 4/4")
    assert terminal.getvalue().endswith("\r\x1b[K")


def test_a_log_never_gets_a_bar():
    log, clock = io.StringIO(), Clock()
    with ProgressBar("converting", 2, stream=log, show_after_s=0, clock=clock) as progress:
        clock.now = 5
        progress.advance(2)
    assert log.getvalue() == ""


def build_check(lessons, terminal):
    """`build.py check` of lessons with the bar shown at once; its output, from a terminal or a pipe."""
    environment = {**os.environ, "GRADLAB_PROGRESS_AFTER_S": "0"}
    command = [sys.executable, str(build.ROOT / "build.py"), "check", "--lessons", str(lessons)]
    if not terminal:
        return subprocess.run(command, env=environment, capture_output=True, text=True, timeout=300).stderr
    controller, attached = pty.openpty()
    process = subprocess.Popen(command, env=environment, stdout=attached, stderr=attached)
    os.close(attached)
    output = b""
    while chunk := read_or_end(controller):
        output += chunk
    os.close(controller)
    assert process.wait(timeout=300) == 0, output
    return output.decode()


def read_or_end(descriptor):
    try:
        return os.read(descriptor, 4096)
    except OSError:  # the terminal's other end closed: the build has ended
        return b""


def test_a_build_on_a_terminal_shows_its_lessons_converting_and_a_piped_one_does_not(tmp_path):
    lessons = tmp_path / "lessons"
    shutil.copytree(GOOD_LESSONS, lessons)
    # Text no build has seen, so this lesson is converted, not taken from the lesson cache.
    lesson = next(lessons.glob("8.2-*.md"))
    lesson.write_text(lesson.read_text() + f"\n<!-- {uuid.uuid4()} -->\n")
    shown = build_check(lessons, terminal=True)
    assert re.search(r"\rconverting and checking lessons \[#{30}\] (\d+)/\1", shown), shown
    assert "\r\x1b[K4 lesson(s) OK" in shown  # the bar is cleared before the build's own last line

    lesson.write_text(lesson.read_text() + f"\n<!-- {uuid.uuid4()} -->\n")
    assert "converting" not in build_check(lessons, terminal=False)
