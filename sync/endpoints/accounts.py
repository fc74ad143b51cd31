"""An account: made with its first passkey, and deleted with everything it holds."""

import secrets

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from sync import passkeys
from sync.endpoints.ceremonies import begin_ceremony, new_passkey, signed_in_answer, stored
from sync.endpoints.common import changing, log, service_of, short, signed_out
from sync.guards import Refused, read_json
from sync.json_response import JSONResponse

NAME_MOST = 64


async def accounts_begin(request):
    await changing(request, signed_in=False)
    settings = service_of(request)[0]
    name = account_name((await read_json(request, settings)).get("name"))
    account_id = secrets.token_urlsafe(16)
    options, challenge = passkeys.registration_options(settings, account_id, name)
    flow = await begin_ceremony(request, "account", challenge, account_id, name)
    return JSONResponse({"flow": flow, "options": options})


async def accounts_finish(request):
    ceremony, passkey = await new_passkey(request, "account")
    await stored(service_of(request)[1].create_account, ceremony.account_id, ceremony.name, passkey)
    log.info("account created: %s", short(ceremony.account_id))
    return await signed_in_answer(request, ceremony.account_id, ceremony.name, passkey["id"])


async def delete_account(request):
    session = await changing(request)
    await run_in_threadpool(service_of(request)[1].delete_account, session.account_id)
    log.info("account deleted: %s", short(session.account_id))
    return signed_out(request)


def account_name(name):
    name = name.strip() if isinstance(name, str) else ""
    if not name or len(name) > NAME_MOST or not name.isprintable():
        raise Refused(400, f"Give the account a name of 1 to {NAME_MOST} characters (it is shown only to you).")
    return name


routes = [
    Route("/accounts/begin", accounts_begin, methods=["POST"]),
    Route("/accounts/finish", accounts_finish, methods=["POST"]),
    Route("/account", delete_account, methods=["DELETE"]),
]
