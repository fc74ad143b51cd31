"""What wraps every answer of the service: no cache may keep it, no page may frame it, and a failure is still JSON."""

import logging

from sync.json_response import JSONResponse

log = logging.getLogger("sync")

FAILED = (
    "The sync service failed to answer: an error on the server, which its log records. Your progress "
    "is safe in this browser; sync again in a while."
)


class FailuresInJson:
    """A failure nobody foresaw is logged with its traceback and answered like every error, as JSON
    {"error": …} without one; inside the CORS and no-store middleware, so the page can read it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def noting_the_start(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, noting_the_start)
        except Exception:
            log.exception("failed: %s %s", scope["method"], scope["path"])
            if started:  # half an answer has gone: nothing better can follow it
                raise
            await JSONResponse({"error": FAILED}, status_code=500)(scope, receive, send)


# Every answer is one person's: no cache, shared or not, may keep it. And no page may show one in a
# frame (frame-ancestors for browsers that read CSP, X-Frame-Options for older ones).
NO_STORE_NO_FRAME = [
    (b"cache-control", b"no-store"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
]


class NoStore:
    """Adds NO_STORE_NO_FRAME to every answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def send_no_store(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *NO_STORE_NO_FRAME]
            await send(message)

        await self.app(scope, receive, send_no_store if scope["type"] == "http" else send)
