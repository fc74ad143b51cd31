"""The sync service: one Starlette application, JSON in and out, read as its table of routes.

create_app(settings) is the API, its routes relative to where it is mounted (sync/endpoints/ lists
them); it runs alone under settings.api_path (`python -m sync`, `alone`), or mounted there in the
site's dev server (gradlab/server.py). Its lifespan owns the store: opened (and migrated) as the
service starts, closed as it stops; whoever mounts the service runs that lifespan too.
"""

import contextlib

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Mount

from sync import device_codes, endpoints, sessions
from sync.course_plan import course_documents
from sync.json_response import JSONResponse
from sync.middleware import FailuresInJson, NoStore
from sync.request_deadline import RequestDeadline
from sync.store import Store


def create_app(settings):
    """The service for these settings, its store made (and migrated) from settings.database_url as it starts."""
    # Only the site's own origins may call from a page (a site and service on two origins of one site).
    cors = Middleware(
        CORSMiddleware,
        allow_origins=list(settings.site_origins),
        allow_credentials=True,
        allow_methods=["GET", "POST", "DELETE"],
        allow_headers=["Content-Type", sessions.CSRF_HEADER],
        max_age=600,
    )
    app = Starlette(
        routes=endpoints.routes,
        # The body's deadline inside the others: its 408 is JSON, marked no-store, readable by the page.
        middleware=[
            cors,
            Middleware(NoStore),
            Middleware(FailuresInJson),
            Middleware(RequestDeadline, seconds=settings.request_body_seconds),
        ],
        exception_handlers={HTTPException: refused},
        lifespan=store_open,
    )
    app.state.settings = settings
    app.state.course_documents = course_documents(settings.lessons_dir)
    return app


@contextlib.asynccontextmanager
async def store_open(app):
    """The service's lifespan: its store, on app.state, for as long as it runs."""
    app.state.store = Store(app.state.settings.database_url)
    app.state.code_secret = device_codes.service_secret(app.state.settings)
    try:
        yield
    finally:
        app.state.store.close()


def alone(service):
    """The service as the only app of its server: its API under settings.api_path, its lifespan run."""
    return Starlette(
        routes=[Mount(service.state.settings.api_path.rstrip("/"), app=service)],
        lifespan=lambda _: lifespan_of(service),
    )


def lifespan_of(app):
    """The lifespan of an app mounted in another, which Starlette runs only for the outermost app."""
    return app.router.lifespan_context(app)


async def refused(request, problem):
    return JSONResponse({"error": problem.detail}, status_code=problem.status_code, headers=problem.headers)
