"""A request's body must arrive within BODY_SECONDS of its head, or it is answered 408 in JSON.

A client that trickles its body holds a connection and a worker's task for as long as it likes;
uvicorn has no such limit (sync/connections.py bounds the head, which comes before the app sees
anything). Counted from the app's start, across every read of the body.
"""

import asyncio
import time

from sync.json_response import JSONResponse

BODY_SECONDS = 30

TOO_SLOW = "The request's body took over {} s to arrive: check the connection, then sync again."


class BodyTooSlow(Exception):
    """The body's deadline passed while the app was reading it."""


class RequestDeadline:
    """ASGI middleware: reads of the request's body past the deadline end the request with a 408."""

    def __init__(self, app, seconds=BODY_SECONDS):
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = time.monotonic() + self.seconds
        body_done = False
        started = False

        async def receive_in_time():
            nonlocal body_done
            if body_done:  # later reads wait for a disconnect, which may come at any time
                return await receive()
            try:
                async with asyncio.timeout(max(deadline - time.monotonic(), 0)):
                    message = await receive()
            except TimeoutError:
                raise BodyTooSlow from None
            body_done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        async def noting_the_start(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive_in_time, noting_the_start)
        except BodyTooSlow:
            if started:
                raise
            answer = JSONResponse({"error": TOO_SLOW.format(self.seconds)}, status_code=408)
            answer.headers["connection"] = "close"  # the rest of the body may still come: not a next request
            await answer(scope, receive, send)
