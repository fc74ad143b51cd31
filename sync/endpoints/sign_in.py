"""Who is signed in here, signing in with a passkey this device holds, and signing out."""

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from sync import passkeys, sessions
from sync.endpoints.ceremonies import begin_ceremony, credential_in, signed_in_answer, take_ceremony, verified
from sync.endpoints.common import changing, log, service_of, short, signed_out
from sync.guards import Refused, read_json
from sync.json_response import JSONResponse


async def session(request):
    settings, store = service_of(request)
    found = await run_in_threadpool(sessions.current_session, store, request)
    if found is None:
        response = JSONResponse({"signedIn": False})
        if sessions.session_token(request):
            sessions.end_cookie(settings, request, response)
        return response
    return JSONResponse({"signedIn": True, "account": {"name": found.name}, "csrf": found.csrf})


async def sign_in_begin(request):
    await changing(request, signed_in=False)
    settings = service_of(request)[0]
    await read_json(request, settings)
    options, challenge = passkeys.sign_in_options(settings)
    flow = await begin_ceremony(request, "sign-in", challenge)
    return JSONResponse({"flow": flow, "options": options})


async def sign_in_finish(request):
    await changing(request, signed_in=False)
    settings, store = service_of(request)
    data = await read_json(request, settings)
    ceremony = await take_ceremony(request, data, "sign-in")
    credential = credential_in(data)
    passkey = await run_in_threadpool(store.passkey, verified(passkeys.credential_id, credential))
    if passkey is None:
        raise Refused(  # 404: the page then tells the device's passkey provider to forget it
            404,
            "This passkey is not registered here: its account may have been deleted. Create an account, or use another passkey.",
        )
    sign_count, copied = verified(passkeys.verify_sign_in, settings, credential, ceremony.challenge, passkey)
    await run_in_threadpool(store.passkey_used, passkey.id, sign_count, copied)
    if copied:  # the account page says so, beside the passkey (sync/passkeys.py: why this is not refused)
        log.warning("a copy of a passkey signed in: %s", short(passkey.account_id))
    log.info("signed in: %s", short(passkey.account_id))
    return await signed_in_answer(request, passkey.account_id, passkey.name, passkey.id)


async def sign_out(request):
    await changing(request)
    await run_in_threadpool(service_of(request)[1].end_session, sessions.token_hash(sessions.session_token(request)))
    return signed_out(request)


async def sign_out_everywhere(request):
    session = await changing(request)
    await run_in_threadpool(service_of(request)[1].end_every_session, session.account_id)  # device codes too
    log.info("signed out everywhere: %s", short(session.account_id))
    return signed_out(request)


routes = [
    Route("/session", session),
    Route("/sign-in/begin", sign_in_begin, methods=["POST"]),
    Route("/sign-in/finish", sign_in_finish, methods=["POST"]),
    Route("/sign-out", sign_out, methods=["POST"]),
    Route("/sign-out-everywhere", sign_out_everywhere, methods=["POST"]),
]
