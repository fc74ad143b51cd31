"""The account's progress: read what changed since a version, and merge what this browser changed."""

import functools

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from sync.endpoints.common import changing, service_of, signed_in_session
from sync.guards import Refused, read_json
from sync.json_response import JSONResponse
from sync.progress import check_size, read_since, read_upload
from sync.progress_merge import SCHEMA, merge_document
from sync.store import AccountGone, now_ms


async def read_progress(request):
    session = await signed_in_session(request)
    since = read_since(number_in_query(request, "since"))
    version, lessons = await run_in_threadpool(service_of(request)[1].progress, session.account_id, since)
    return JSONResponse(progress_answer(request, lessons=lessons, version=version))


async def sync_progress(request):
    """Merge each lesson sent on its own (one refused is named, the others kept); answer every
    lesson written since the version the device has seen, but those it sent and holds already."""
    session = await changing(request)
    settings, store = service_of(request)
    upload = read_upload(await read_json(request, settings), settings, request.app.state.course_documents)
    refusal = functools.partial(check_size, settings=settings)
    try:
        # One trip to a worker thread for the whole sync: each trip wakes the event loop again.
        outcomes, version, changed = await run_in_threadpool(
            store.sync_progress, session.account_id, upload.lessons, merge_document, refusal, upload.since
        )
    except AccountGone:
        raise Refused(401, "You are signed out: sign in again to sync your progress.") from None
    refused = {**upload.refused, **{lesson_id: why for lesson_id, (_, why) in outcomes.items() if why}}
    holds = {lesson_id for lesson_id, (merged, _) in outcomes.items() if merged == upload.lessons[lesson_id]}
    lessons = {lesson_id: document for lesson_id, document in changed.items() if lesson_id not in holds}
    return JSONResponse(progress_answer(request, lessons=lessons, refused=refused, version=version))


def progress_answer(request, **parts):
    """An answer about progress: what it says, the service's time, and how often a page should ask again."""
    poll_seconds = service_of(request)[0].poll_seconds
    return {"schema": SCHEMA, **parts, "synced": now_ms(), "pollSeconds": poll_seconds}


def number_in_query(request, name):
    value = request.query_params.get(name, "0")
    return int(value) if value.isdigit() and len(value) < 20 else -1


routes = [
    Route("/progress", read_progress, methods=["GET"]),
    Route("/progress", sync_progress, methods=["POST"]),
]
