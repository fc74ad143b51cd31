"""Running the service: `python -m sync` in production, or in a background thread for tests."""

import argparse
import logging
import threading
import time

import uvicorn

from sync.app import alone, create_app
from sync.connections import LimitedH11Protocol
from sync.once_a_minute import log_once_a_minute
from sync.settings import settings_from_environment
from sync.store import Store

log = logging.getLogger("sync")

# How the server holds connections (sync/connections.py): a deadline on each request's head, and
# caps on the connections held, below the process's file descriptors. Their cap is the service's
# concurrency limit, answered in JSON; uvicorn's limit_concurrency would answer in plain text.
# An idle kept-alive connection is closed after 5 s; a head may be 16 KB at most.
SERVER_LIMITS = {"http": LimitedH11Protocol, "timeout_keep_alive": 5, "h11_max_incomplete_event_size": 16 * 1024}


def app_from_environment():
    """The application configured by GRADLAB_* variables (uvicorn's factory, once per worker process)."""
    log_once_a_minute()
    return alone(create_app(settings_from_environment()))


class BackgroundServer:
    """An ASGI app served by uvicorn in a daemon thread (the service's tests, the dev server of
    gradlab/server.py); .url and .server_address say where (port 0: a free one)."""

    def __init__(self, app, host="127.0.0.1", port=0, log_level="warning", access_log=False, **config):
        # uvicorn binds the port itself: a socket handed to it answers some 40 ms late.
        config = uvicorn.Config(app, host=host, port=port, log_level=log_level, access_log=access_log, **config)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError(f"could not serve on {host}:{port}")
            time.sleep(0.01)
        self.server_address = self.server.servers[0].sockets[0].getsockname()[:2]
        self.url = f"http://{self.server_address[0]}:{self.server_address[1]}/"

    def shutdown(self):
        """Stop: idle connections closed, a request in flight answered, then the app's lifespan ended;
        forced after a second, so that Ctrl+C stops within two. Return whether the lifespan ended."""
        self.server.should_exit = True
        self.thread.join(timeout=1)  # uvicorn notices within 0.1 s
        if not self.thread.is_alive():
            return True
        self.server.force_exit = True  # which skips the lifespan's end
        self.thread.join(timeout=1)  # a thread still busy after that is a daemon, and ends with the process
        return False


class BackgroundService:
    """The service on a loopback port of its own, in a daemon thread; .url is where it answers."""

    def __init__(self, settings, host="127.0.0.1", port=0, log_level="warning"):
        self.app = create_app(settings)
        log_once_a_minute()
        # Access logs name only method, path and status: no cookie, body or query reaches them.
        self.server = BackgroundServer(
            alone(self.app),
            host,
            port,
            log_level=log_level,
            access_log=True,
            proxy_headers=True,
            forwarded_allow_ips="127.0.0.1",
            **SERVER_LIMITS,
        )
        self.url = self.server.url.rstrip("/")

    def stop(self):
        """Stop: idle connections closed, a request in flight answered, then the lifespan's end closes the store."""
        if not self.server.shutdown():
            self.app.state.store.close()  # the lifespan did not end: its store is closed here


def main():
    parser = argparse.ArgumentParser(
        prog="python -m sync", description="Run gradlab's sync service (settings from GRADLAB_* variables)."
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--workers", type=int, default=1, help="processes; more than one needs PostgreSQL")
    args = parser.parse_args()
    settings = settings_from_environment()
    if args.workers > 1 and not settings.database_url.startswith("postgresql"):
        parser.error(
            "several workers need PostgreSQL (GRADLAB_DATABASE_URL=postgresql+psycopg://…): SQLite serves one process"
        )
    Store(settings.database_url).close()  # migrate once, before the workers start
    uvicorn.run(
        "sync.serve:app_from_environment",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        proxy_headers=True,
        **SERVER_LIMITS,
    )
