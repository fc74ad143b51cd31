"""A log that names a condition at most once a minute, however often it recurs.

Under attack the same condition recurs thousands of times a second (a slow client closed, a
connection refused, asyncio's "socket.accept() out of system resource" when descriptors run out,
uvicorn's "Invalid HTTP request received.");
a line for each would fill the disk and hide everything else. Each condition (a record's message
template) is logged the first time in each minute, with how many times it was held back since.
"""

import logging
import time

# The conditions, by logger: records whose message starts with one of these ("": every record's
# template is a condition). asyncio's message also names the socket, so it is matched by its start.
CONDITIONS = {
    "sync.connections": ("",),
    "asyncio": ("socket.accept() out of system resource",),
    "uvicorn.error": ("Invalid HTTP request received.", "Exceeded concurrency limit."),
}


class OncePerMinute(logging.Filter):
    """Passes a record whose condition was last logged over a minute ago; counts the others."""

    def __init__(self, starts, clock=time.monotonic):
        super().__init__()
        self.starts = starts
        self.clock = clock
        self.last = {}  # condition → (when it was last logged, how many held back since)

    def filter(self, record):
        template = str(record.msg)
        condition = next((start or template for start in self.starts if template.startswith(start)), None)
        if condition is None:
            return True
        now = self.clock()
        logged, held_back = self.last.get(condition, (None, 0))
        if logged is not None and now - logged < 60:
            self.last[condition] = (logged, held_back + 1)
            return False
        self.last[condition] = (now, 0)
        if held_back:
            record.msg = f"{record.msg} (and {held_back} times more in the minute before)"
        return True


def log_once_a_minute():
    """Install the filter on the loggers of these conditions."""
    for name, starts in CONDITIONS.items():
        logger = logging.getLogger(name)
        if not any(isinstance(installed, OncePerMinute) for installed in logger.filters):
            logger.addFilter(OncePerMinute(starts))
