"""A one-line progress bar for a build step that takes a while, drawn only where someone watches it.

It appears on a terminal once the step has run for a second (GRADLAB_PROGRESS_AFTER_S to change that),
so a quick build prints nothing more than before; a log file or CI's output never gets one.
"""

import os
import sys
import time

SHOW_AFTER_S = 1.0
WIDTH = 30  # characters of bar, which fits a terminal of 80 with its label and count


class ProgressBar:
    """Counts done of total items; draws "label [#####.....] done/total" on stream when it is a terminal."""

    def __init__(self, label, total, stream=None, show_after_s=None, clock=time.monotonic):
        self.label, self.total, self.done = label, total, 0
        self.stream = sys.stderr if stream is None else stream
        if show_after_s is None:
            show_after_s = float(os.environ.get("GRADLAB_PROGRESS_AFTER_S", SHOW_AFTER_S))
        self.show_after_s, self.clock = show_after_s, clock
        self.started = clock()
        self.drawn = False
        self.watched = self.stream.isatty()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def advance(self, count=1):
        self.done = min(self.total, self.done + count)
        if self.watched and self.clock() - self.started >= self.show_after_s:
            self.draw()

    def draw(self):
        filled = WIDTH * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (WIDTH - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}")
        self.stream.flush()
        self.drawn = True

    def close(self):
        """Clear the bar, so that what the build prints next starts on a clean line."""
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = False
