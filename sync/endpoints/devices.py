"""Another device for an account: a short code from a signed-in device, then a passkey of its own."""

import secrets

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from sync import passkeys, sessions
from sync.endpoints.ceremonies import begin_ceremony, new_passkey, signed_in_answer, stored
from sync.endpoints.common import changing, log, service_of, short
from sync.guards import Refused, read_json
from sync.json_response import JSONResponse
from sync.store import now_ms


async def device_code(request):
    session = await changing(request)
    settings, store = service_of(request)
    await read_json(request, settings)
    code = f"{secrets.randbelow(10**8):08d}"
    expires = now_ms() + settings.device_code_seconds * 1000
    await run_in_threadpool(store.save_device_code, sessions.token_hash(code), session.account_id, expires)
    return JSONResponse({"code": f"{code[:4]}-{code[4:]}", "expires": expires})


async def devices_begin(request):
    await changing(request, signed_in=False)
    settings, store = service_of(request)
    code = "".join(ch for ch in str((await read_json(request, settings)).get("code", "")) if ch.isdigit())
    account_id = await run_in_threadpool(store.take_device_code, sessions.token_hash(code)) if len(code) == 8 else None
    if account_id is None:
        raise Refused(
            400, "That code is not valid: a code works once, for 10 minutes. Ask your signed-in device for a new one."
        )
    account = await run_in_threadpool(store.account, account_id)
    existing = await run_in_threadpool(store.passkey_ids, account_id)
    options, challenge = passkeys.registration_options(settings, account_id, account.name, existing)
    flow = await begin_ceremony(request, "device", challenge, account_id, account.name)
    return JSONResponse({"flow": flow, "options": options})


async def devices_finish(request):
    ceremony, passkey = await new_passkey(request, "device")
    if not await stored(service_of(request)[1].add_passkey, ceremony.account_id, passkey):
        raise Refused(400, "This account was deleted while the device was being added.")
    log.info("device added: %s", short(ceremony.account_id))
    return await signed_in_answer(request, ceremony.account_id, ceremony.name)


routes = [
    Route("/devices/code", device_code, methods=["POST"]),
    Route("/devices/begin", devices_begin, methods=["POST"]),
    Route("/devices/finish", devices_finish, methods=["POST"]),
]
