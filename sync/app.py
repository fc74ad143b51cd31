"""The sync service's routes: one Starlette application, JSON in and out, under settings.api_path.

    GET    session                 who is signed in here, with the page's CSRF token
    POST   accounts/begin|finish   a new account, with its first passkey
    POST   sign-in/begin|finish    sign in with a passkey this device holds
    POST   devices/code            signed in: a short code for adding another device
    POST   devices/begin|finish    a new passkey on this device, for the account the code names
    POST   sign-out, sign-out-everywhere;  DELETE account
    GET    progress?since=V        the account's progress: the lessons written after version V (0: all)
    POST   progress                merge the lessons (and concept cards, module tests) this browser changed, each accepted or refused on its own;
                                   answers the lessons written after the version it names, and the new version
"""

import json
import logging
import secrets

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse as StarletteJSONResponse
from starlette.responses import Response
from starlette.routing import Route

from sync import passkeys, sessions
from sync.guards import Refused, check_csrf, check_origin, check_rate, read_json
from sync.passkeys import PasskeyRefused
from sync.progress import check_size, read_since, read_upload
from sync.progress_merge import SCHEMA, merge_document
from sync.store import AccountGone, PasskeyTaken, Store, now_ms

log = logging.getLogger("sync")
NAME_MOST = 64


def create_app(settings, store=None):
    """The service for these settings; its store is made (and migrated) from settings.database_url unless given."""
    store = store or Store(settings.database_url)

    async def changing(request, signed_in=True):
        """The checks of every state-changing request: origin, then its rate (per client address, or
        once signed in per account), and (signed in) session and CSRF token."""
        check_origin(request, settings)
        if not signed_in:
            client = request.client.host if request.client else "unknown"
            await run_in_threadpool(check_rate, store, f"sign-in {client}", settings.sign_in_attempts_per_minute, "sign-in attempts")
            return None
        session = await signed_in_session(request)
        check_csrf(request, session)
        await run_in_threadpool(check_rate, store, f"account {session.account_id}", settings.writes_per_minute, "requests")
        return session

    async def signed_in_session(request):
        session = await run_in_threadpool(sessions.current_session, store, request)
        if session is None:
            raise Refused(401, "You are signed out: sign in again to sync your progress.")
        return session

    def begin_ceremony(kind, challenge, account_id=None, name=None):
        flow = sessions.new_token()
        store.save_ceremony(sessions.token_hash(flow), kind, challenge, now_ms() + settings.ceremony_seconds * 1000, account_id, name)
        return flow

    def take_ceremony(data, kind):
        flow = data.get("flow")
        ceremony = store.take_ceremony(sessions.token_hash(flow), kind) if isinstance(flow, str) else None
        if ceremony is None:
            raise Refused(400, "This passkey request has expired or was already used: start again.")
        return ceremony

    def signed_in_answer(account_id, name, request):
        """The answer to a sign-in: a new session (ending the one the browser had), its cookie and CSRF token."""
        token, csrf = sessions.start_session(store, settings, account_id, request.cookies.get(sessions.COOKIE))
        response = JSONResponse({"account": {"name": name}, "csrf": csrf})
        sessions.set_cookie(settings, request, response, token)
        return response

    async def session(request):
        found = await run_in_threadpool(sessions.current_session, store, request)
        if found is None:
            response = JSONResponse({"signedIn": False})
            if sessions.COOKIE in request.cookies:
                sessions.end_cookie(settings, request, response)
            return response
        return JSONResponse({"signedIn": True, "account": {"name": found.name}, "csrf": found.csrf})

    async def accounts_begin(request):
        await changing(request, signed_in=False)
        name = account_name((await read_json(request, settings)).get("name"))
        account_id = secrets.token_urlsafe(16)
        options, challenge = passkeys.registration_options(settings, account_id, name)
        flow = await run_in_threadpool(begin_ceremony, "account", challenge, account_id, name)
        return JSONResponse({"flow": flow, "options": options})

    async def new_passkey(request, kind):
        """The ceremony of this kind that the request finishes, and the passkey its answer creates."""
        await changing(request, signed_in=False)
        data = await read_json(request, settings)
        ceremony = await run_in_threadpool(take_ceremony, data, kind)
        return ceremony, verified(passkeys.verify_new_passkey, settings, credential_in(data), ceremony.challenge)

    async def accounts_finish(request):
        ceremony, passkey = await new_passkey(request, "account")
        await stored(store.create_account, ceremony.account_id, ceremony.name, passkey)
        log.info("account created: %s", short(ceremony.account_id))
        return await run_in_threadpool(signed_in_answer, ceremony.account_id, ceremony.name, request)

    async def sign_in_begin(request):
        await changing(request, signed_in=False)
        await read_json(request, settings)
        options, challenge = passkeys.sign_in_options(settings)
        flow = await run_in_threadpool(begin_ceremony, "sign-in", challenge)
        return JSONResponse({"flow": flow, "options": options})

    async def sign_in_finish(request):
        await changing(request, signed_in=False)
        data = await read_json(request, settings)
        ceremony = await run_in_threadpool(take_ceremony, data, "sign-in")
        credential = credential_in(data)
        passkey = await run_in_threadpool(store.passkey, verified(passkeys.credential_id, credential))
        if passkey is None:
            raise Refused(400, "This passkey is not registered here: its account may have been deleted. Create an account, or use another passkey.")
        sign_count = verified(passkeys.verify_sign_in, settings, credential, ceremony.challenge, passkey)
        await run_in_threadpool(store.passkey_used, passkey.id, sign_count)
        log.info("signed in: %s", short(passkey.account_id))
        return await run_in_threadpool(signed_in_answer, passkey.account_id, passkey.name, request)

    async def device_code(request):
        session = await changing(request)
        await read_json(request, settings)
        code = f"{secrets.randbelow(10**8):08d}"
        expires = now_ms() + settings.device_code_seconds * 1000
        await run_in_threadpool(store.save_device_code, sessions.token_hash(code), session.account_id, expires)
        return JSONResponse({"code": f"{code[:4]}-{code[4:]}", "expires": expires})

    async def devices_begin(request):
        await changing(request, signed_in=False)
        code = "".join(ch for ch in str((await read_json(request, settings)).get("code", "")) if ch.isdigit())
        account_id = await run_in_threadpool(store.take_device_code, sessions.token_hash(code)) if len(code) == 8 else None
        if account_id is None:
            raise Refused(400, "That code is not valid: a code works once, for 10 minutes. Ask your signed-in device for a new one.")
        account = await run_in_threadpool(store.account, account_id)
        existing = await run_in_threadpool(store.passkey_ids, account_id)
        options, challenge = passkeys.registration_options(settings, account_id, account.name, existing)
        flow = await run_in_threadpool(begin_ceremony, "device", challenge, account_id, account.name)
        return JSONResponse({"flow": flow, "options": options})

    async def devices_finish(request):
        ceremony, passkey = await new_passkey(request, "device")
        if not await stored(store.add_passkey, ceremony.account_id, passkey):
            raise Refused(400, "This account was deleted while the device was being added.")
        log.info("device added: %s", short(ceremony.account_id))
        return await run_in_threadpool(signed_in_answer, ceremony.account_id, ceremony.name, request)

    async def sign_out(request):
        await changing(request)
        await run_in_threadpool(store.end_session, sessions.token_hash(request.cookies[sessions.COOKIE]))
        return signed_out(request)

    async def sign_out_everywhere(request):
        session = await changing(request)
        await run_in_threadpool(store.end_every_session, session.account_id)
        log.info("signed out everywhere: %s", short(session.account_id))
        return signed_out(request)

    async def delete_account(request):
        session = await changing(request)
        await run_in_threadpool(store.delete_account, session.account_id)
        log.info("account deleted: %s", short(session.account_id))
        return signed_out(request)

    def signed_out(request):
        response = Response(status_code=204)
        sessions.end_cookie(settings, request, response)
        return response

    async def read_progress(request):
        session = await signed_in_session(request)
        since = read_since(number_in_query(request, "since"))
        version, lessons = await run_in_threadpool(store.progress, session.account_id, since)
        return JSONResponse({"schema": SCHEMA, "lessons": lessons, "version": version, "synced": now_ms()})

    async def sync_progress(request):
        """Merge each lesson sent on its own (one refused is named, the others kept); answer every
        lesson written since the version the device has seen, but those it sent and holds already."""
        session = await changing(request)
        upload = read_upload(await read_json(request, settings), settings)
        refusal = lambda lesson_id, merged: check_size(lesson_id, merged, settings)
        refused, holds = dict(upload.refused), set()
        for lesson_id, document in upload.lessons.items():
            merge = lambda stored, mine, lesson_id=lesson_id: merge_document(lesson_id, stored, mine)
            try:
                merged, why = await run_in_threadpool(store.merge_lesson, session.account_id, lesson_id, document, merge, refusal)
            except AccountGone:
                raise Refused(401, "You are signed out: sign in again to sync your progress.") from None
            if why:
                refused[lesson_id] = why
            elif merged == document:
                holds.add(lesson_id)
        version, changed = await run_in_threadpool(store.progress, session.account_id, upload.since)
        lessons = {lesson_id: document for lesson_id, document in changed.items() if lesson_id not in holds}
        return JSONResponse({"schema": SCHEMA, "lessons": lessons, "refused": refused, "version": version, "synced": now_ms()})

    async def refused(request, problem):
        return JSONResponse({"error": problem.detail}, status_code=problem.status_code, headers=problem.headers)

    base = settings.api_path.rstrip("/")
    routes = [
        Route(f"{base}/session", session),
        Route(f"{base}/accounts/begin", accounts_begin, methods=["POST"]),
        Route(f"{base}/accounts/finish", accounts_finish, methods=["POST"]),
        Route(f"{base}/sign-in/begin", sign_in_begin, methods=["POST"]),
        Route(f"{base}/sign-in/finish", sign_in_finish, methods=["POST"]),
        Route(f"{base}/devices/code", device_code, methods=["POST"]),
        Route(f"{base}/devices/begin", devices_begin, methods=["POST"]),
        Route(f"{base}/devices/finish", devices_finish, methods=["POST"]),
        Route(f"{base}/sign-out", sign_out, methods=["POST"]),
        Route(f"{base}/sign-out-everywhere", sign_out_everywhere, methods=["POST"]),
        Route(f"{base}/account", delete_account, methods=["DELETE"]),
        Route(f"{base}/progress", read_progress, methods=["GET"]),
        Route(f"{base}/progress", sync_progress, methods=["POST"]),
    ]
    # Only the site's own origins may call from a page (a site and service on two origins of one site).
    cors = Middleware(CORSMiddleware, allow_origins=list(settings.site_origins), allow_credentials=True,
                      allow_methods=["GET", "POST", "DELETE"], allow_headers=["Content-Type", sessions.CSRF_HEADER], max_age=600)
    app = Starlette(routes=routes, middleware=[cors, Middleware(NoStore), Middleware(FailuresInJson)],
                    exception_handlers={HTTPException: refused})
    app.state.store = store
    return app


FAILED = ("The sync service failed to answer: an error on the server, which its log records. Your progress "
          "is safe in this browser; sync again in a while.")


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


class JSONResponse(StarletteJSONResponse):
    """JSON written in ASCII: a learner's code cut mid-emoji (a lone surrogate) is sent back as the
    \\ud83d it came as, where UTF-8 could not encode it at all."""

    def render(self, content):
        return json.dumps(content, separators=(",", ":")).encode("ascii")


def number_in_query(request, name):
    value = request.query_params.get(name, "0")
    return int(value) if value.isdigit() and len(value) < 20 else -1


class NoStore:
    """Every answer is one person's: no cache, shared or not, may keep it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def send_no_store(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"cache-control", b"no-store")]
            await send(message)

        await self.app(scope, receive, send_no_store if scope["type"] == "http" else send)


async def stored(store_passkey, *arguments):
    """store_passkey(*arguments) in a thread; a passkey registered already is a 409 that says so."""
    try:
        return await run_in_threadpool(store_passkey, *arguments)
    except PasskeyTaken:
        raise Refused(409, "This passkey is registered already, perhaps to another account: sign in with it, or make a new one.") from None


def credential_in(data):
    credential = data.get("credential")
    if not isinstance(credential, dict):
        raise Refused(400, "The browser's passkey answer is missing.")
    return credential


def verified(verify, *arguments):
    """verify(*arguments), its PasskeyRefused turned into a 400 whose message is for the learner."""
    try:
        return verify(*arguments)
    except PasskeyRefused as problem:
        raise Refused(400, str(problem)) from None


def account_name(name):
    name = name.strip() if isinstance(name, str) else ""
    if not name or len(name) > NAME_MOST or not name.isprintable():
        raise Refused(400, f"Give the account a name of 1 to {NAME_MOST} characters (it is shown only to you).")
    return name


def short(account_id):
    """Enough of an account id to follow one account through the log, not enough to name it elsewhere."""
    return account_id[:6]
