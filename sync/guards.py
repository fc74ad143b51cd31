"""What a request must pass before a route sees it: its size, its origin, its type, its rate, its CSRF token."""

import hmac
import json
import threading
import time
from collections import defaultdict, deque

from starlette.exceptions import HTTPException

from sync.sessions import CSRF_HEADER


class Refused(HTTPException):
    """A 4xx answer whose message (JSON {"error": …}) says what was wrong and what to do."""


async def read_json(request, settings):
    """The request's JSON body, refused if it is too large (counted as it arrives), not JSON, or not an object."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "Send the request as JSON (Content-Type: application/json).")
    limit = settings.max_request_bytes
    if int(request.headers.get("content-length") or 0) > limit:
        raise too_large(limit)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise too_large(limit)
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "The request is not valid JSON.") from None
    if not isinstance(data, dict):
        raise Refused(400, "The request must be a JSON object.")
    return data


def too_large(limit):
    return Refused(413, f"The request is larger than {limit // 1024} KB, the most this service accepts.")


def check_origin(request, settings):
    """State changes only from the site's own pages: browsers always send Origin with them."""
    origin = request.headers.get("origin")
    if origin not in settings.site_origins:
        raise Refused(403, f"Requests that change anything must come from the site's pages (origin {origin or 'missing'} is not allowed).")


def check_csrf(request, session):
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), session.csrf.encode()):
        raise Refused(403, "This request lacks the page's security token: reload the page and try again.")


class RateLimit:
    """At most `per_minute` attempts per client in any sliding minute, counted in this process."""

    def __init__(self, per_minute):
        self.per_minute = per_minute
        self.attempts = defaultdict(deque)
        self.lock = threading.Lock()

    def check(self, client):
        now = time.monotonic()
        with self.lock:
            times = self.attempts[client]
            while times and times[0] <= now - 60:
                times.popleft()
            if len(times) >= self.per_minute:
                retry = int(times[0] + 60 - now) + 1
                raise Refused(429, f"Too many sign-in attempts from here: try again in {retry} s.", headers={"Retry-After": str(retry)})
            times.append(now)
