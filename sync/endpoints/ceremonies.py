"""The passkey ceremonies' two steps (begin: options and a flow; finish: the browser's answer checked),
shared by new accounts, new devices and sign-in, and the signed-in answer they end with."""

from starlette.concurrency import run_in_threadpool

from sync import passkeys, sessions
from sync.device_names import device_name
from sync.endpoints.common import changing, service_of
from sync.guards import Refused, read_json
from sync.json_response import JSONResponse
from sync.passkeys import PasskeyRefused
from sync.store import PasskeyTaken, TooManyPasskeys, now_ms


async def begin_ceremony(request, kind, challenge, account_id=None, name=None):
    """The answer to a ceremony's first step: its flow (a token naming the challenge kept here) and options."""
    settings, store = service_of(request)
    flow = sessions.new_token()
    expires = now_ms() + settings.ceremony_seconds * 1000
    await run_in_threadpool(store.save_ceremony, sessions.token_hash(flow), kind, challenge, expires, account_id, name)
    return flow


async def take_ceremony(request, data, kind):
    """The ceremony of this kind the request's flow names, used up; refused if expired or used already."""
    flow = data.get("flow")
    store = service_of(request)[1]
    ceremony = (
        await run_in_threadpool(store.take_ceremony, sessions.token_hash(flow), kind) if isinstance(flow, str) else None
    )
    if ceremony is None:
        raise Refused(400, "This passkey request has expired or was already used: start again.")
    return ceremony


async def new_passkey(request, kind):
    """The ceremony of this kind that the request finishes, and the passkey its answer creates."""
    await changing(request, signed_in=False)
    settings = service_of(request)[0]
    data = await read_json(request, settings)
    ceremony = await take_ceremony(request, data, kind)
    passkey = verified(passkeys.verify_new_passkey, settings, credential_in(data), ceremony.challenge)
    return ceremony, {**passkey, "device": device_name(request.headers.get("user-agent", ""))}


async def signed_in_answer(request, account_id, name, passkey_id):
    """The answer to a sign-in with passkey_id: a new session (ending the one the browser had), its cookie and CSRF token."""
    settings, store = service_of(request)
    token, csrf = await run_in_threadpool(
        sessions.start_session, store, settings, account_id, passkey_id, sessions.session_token(request)
    )
    response = JSONResponse({"account": {"name": name}, "csrf": csrf})
    sessions.set_cookie(settings, request, response, token)
    return response


async def stored(store_passkey, *arguments):
    """store_passkey(*arguments) in a thread; a passkey registered already is a 409 that says so."""
    try:
        return await run_in_threadpool(store_passkey, *arguments)
    except PasskeyTaken:
        raise Refused(
            409, "This passkey is registered already, perhaps to another account: sign in with it, or make a new one."
        ) from None
    except TooManyPasskeys:
        raise Refused(
            409, "This account has as many passkeys as an account may: remove one you no longer use, then try again."
        ) from None


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
