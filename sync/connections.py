"""How many connections the service holds, and how long one may take to send its request's head.

uvicorn reads a request line and headers for as long as they trickle in, and accepts connections
until the process runs out of file descriptors (`timeout_keep_alive` counts only the idle time
between requests; an ASGI middleware sees nothing before the head is whole). Slow clients could
so hold every descriptor and starve everyone. LimitedH11Protocol is uvicorn's h11 protocol with:

- a deadline for each request's head (HEAD_SECONDS from the connection's start, or from the first
  byte after a response), past which the connection is closed;
- a cap on the connections held at once, below the process's descriptor limit; past it, the
  connection that has waited longest for its head is closed (an honest client's head arrives in
  milliseconds, so a new connection is never the one to go), else the oldest idle one, else the
  new connection is answered 503 in JSON (where uvicorn's `limit_concurrency` answers in text);
- a cap on the connections of one client (an IPv4 address, an IPv6 /64) still waiting for a head:
  past it, that client's longest-waiting connection is closed.

The body's read deadline is sync/request_deadline.py's, where the answer can be JSON. Each of these
conditions is logged at most once a minute (sync/once_a_minute.py).
"""

import logging
import resource
import time

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from sync.guards import client_key

log = logging.getLogger("sync.connections")

HEAD_SECONDS = 10
WAITING_PER_CLIENT = 16  # a browser opens 6 connections to a host, each sends its head at once
# Descriptors kept for the rest of the process: the database's connections, its files, the log, the event loop.
RESERVED_DESCRIPTORS = 64

BUSY = b'{"error":"The sync service is busy: your progress is safe in this browser; sync in a moment."}'
FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncache-control: no-store\r\n"
    b"retry-after: 5\r\nconnection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(BUSY), BUSY)
)


def most_connections():
    """The connections this process may hold: its descriptor limit, less what the rest of it needs."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(soft - RESERVED_DESCRIPTORS, 8) if soft != resource.RLIM_INFINITY else 4096


class LimitedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request's head and caps on the connections held."""

    most = most_connections()

    def connection_made(self, transport):
        super().connection_made(transport)
        self.waiting_since = time.monotonic()
        self.head_deadline = None
        self.client_key = client_key(self.client[0] if self.client else "unknown")
        self.await_head()
        if self.held() > self.most and not self.close_to_make_room():
            log.warning("connection refused: %d connections held, the most this process may", self.most)
            transport.write(FULL)
            transport.close()
            return
        waiting = [
            other for other in self.connections if other.waits_for_head() and other.client_key == self.client_key
        ]
        if len(waiting) > WAITING_PER_CLIENT:
            log.warning("connection closed: one client held over %d connections waiting to send", WAITING_PER_CLIENT)
            min(waiting, key=lambda other: other.waiting_since).transport.close()

    def data_received(self, data):
        if self.head_deadline is None and self.conn.their_state is h11.IDLE:
            self.await_head()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self.stop_waiting()

    def on_response_complete(self):
        super().on_response_complete()
        self.waiting_since = time.monotonic()  # idle since: the first to close when room is needed

    def connection_lost(self, exc):
        self.stop_waiting()
        super().connection_lost(exc)

    def await_head(self):
        self.waiting_since = time.monotonic()
        self.head_deadline = self.loop.call_later(HEAD_SECONDS, self.head_too_slow)

    def stop_waiting(self):
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def held(self):
        """The connections open now (one closed but not yet let go of no longer counts)."""
        return sum(not other.transport.is_closing() for other in self.connections)

    def waits_for_head(self):
        return self.head_deadline is not None and not self.transport.is_closing()

    def head_too_slow(self):
        log.warning("connection closed: a request's head took over %d s to arrive", HEAD_SECONDS)
        self.head_deadline = None
        self.transport.close()

    def close_to_make_room(self):
        """Close the connection that has waited longest for a head, else the oldest idle one; False if none."""
        others = [other for other in self.connections if other is not self and not other.transport.is_closing()]
        waiting = [other for other in others if other.waits_for_head()]
        idle = [other for other in others if other.cycle is None or other.cycle.response_complete]
        candidates = waiting or idle
        if not candidates:
            return False
        log.warning("connection closed to make room: %d connections held, the most this process may", self.most)
        min(candidates, key=lambda other: other.waiting_since).transport.close()
        return True
