"""Another device for an account: a short code from a signed-in device, then a passkey of its own.
How guessing a code is bounded, and why that suffices: sync/device_codes.py."""

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from sync import device_codes, passkeys
from sync.endpoints.ceremonies import begin_ceremony, new_passkey, signed_in_answer, stored
from sync.endpoints.common import changing, log, service_of, short
from sync.guards import Refused, check_rate, client_of, read_json
from sync.json_response import JSONResponse
from sync.store import now_ms


async def device_code(request):
    session = await changing(request)
    settings, store = service_of(request)
    await read_json(request, settings)
    code = device_codes.new_code()
    expires = now_ms() + settings.device_code_seconds * 1000
    saved = await run_in_threadpool(
        store.save_device_code,
        device_codes.code_hash(request.app.state.code_secret, code),
        session.account_id,
        expires,
        settings.most_live_device_codes,
    )
    if not saved:
        raise Refused(
            503,
            "Too many devices are being added right now: try again in a few minutes, or sign in on the other "
            "device with a passkey your devices share.",
            headers={"Retry-After": "60"},
        )
    return JSONResponse({"code": device_codes.shown(code), "expires": expires})


async def devices_begin(request):
    await changing(request, signed_in=False)
    settings, store = service_of(request)
    code = device_codes.typed((await read_json(request, settings)).get("code", ""))
    await count_guess(request)
    secret = request.app.state.code_secret
    account_id = await run_in_threadpool(store.take_device_code, device_codes.code_hash(secret, code)) if code else None
    if account_id is None:
        raise Refused(
            400, "That code is not valid: a code works once, for 10 minutes. Ask your signed-in device for a new one."
        )
    account = await run_in_threadpool(store.account, account_id)
    existing = await run_in_threadpool(store.passkey_ids, account_id)
    options, challenge = passkeys.registration_options(settings, account_id, account.name, existing)
    flow = await begin_ceremony(request, "device", challenge, account_id, account.name)
    return JSONResponse({"flow": flow, "options": options})


async def count_guess(request):
    """One more guess at a code: refused past the limit of its address (IPv6: its /64), then past the
    limit of all addresses together, which is what bounds an attacker with many addresses."""
    settings, store = service_of(request)
    per_client, in_all = settings.code_guesses_per_client_per_minute, settings.code_guesses_per_minute
    await run_in_threadpool(check_rate, store, f"code guesses {client_of(request)}", per_client, "codes tried")
    await run_in_threadpool(check_rate, store, "code guesses", in_all, "codes tried on this service")


async def devices_finish(request):
    ceremony, passkey = await new_passkey(request, "device")
    settings, store = service_of(request)
    if not await stored(store.add_passkey, ceremony.account_id, passkey, settings.most_passkeys):
        raise Refused(400, "This account was deleted while the device was being added.")
    log.info("device added: %s", short(ceremony.account_id))
    return await signed_in_answer(request, ceremony.account_id, ceremony.name, passkey["id"])


routes = [
    Route("/devices/code", device_code, methods=["POST"]),
    Route("/devices/begin", devices_begin, methods=["POST"]),
    Route("/devices/finish", devices_finish, methods=["POST"]),
]
