"""The account's passkeys: listed with the device each was added from, and removed one by one, so that
a lost device can be cut off. A removed passkey's sessions end, and it never signs in again (its row
is gone: sign-in finds no such passkey). The last one stays: only deleting the account removes it."""

from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from sync import sessions
from sync.endpoints.common import changing, log, service_of, short, signed_in_session
from sync.guards import Refused
from sync.json_response import JSONResponse


async def list_passkeys(request):
    session = await signed_in_session(request)
    settings, store = service_of(request)
    rows = await run_in_threadpool(store.passkeys_of, session.account_id)
    return JSONResponse(
        {
            "passkeys": [
                {
                    "id": row.id,
                    "device": row.device or "A device",
                    "added": row.created,
                    "lastUsed": row.last_used,
                    "thisDevice": row.id == session.passkey_id,
                    # When a copy of it was noticed signing in (its counter went backwards), or null.
                    "copyNoticed": row.copy_noticed,
                }
                for row in rows
            ],
            # What the page tells the authenticator (WebAuthn's signalAllAcceptedCredentials): the
            # user handle is the account id, as registration_options gives it.
            "rpId": settings.rp_id,
            "userId": session.account_id,
        }
    )


async def remove_passkey(request):
    session = await changing(request)
    settings, store = service_of(request)
    passkey_id = request.path_params["passkey_id"]
    outcome = await run_in_threadpool(store.remove_passkey, session.account_id, passkey_id)
    if outcome == "unknown":
        raise Refused(404, "This account has no such passkey: it may have been removed already. Reload the list.")
    if outcome == "last":
        raise Refused(
            409,
            "This is the account's only passkey: removing it would leave no way to sign in. "
            "To stop using it, delete the account.",
        )
    log.info("passkey removed: %s", short(session.account_id))
    here = passkey_id == session.passkey_id or session.passkey_id is None  # this browser's session ended with it
    response = JSONResponse({"removed": passkey_id, "signedOut": here})
    if here:
        sessions.end_cookie(settings, request, response)
    return response


routes = [
    Route("/passkeys", list_passkeys, methods=["GET"]),
    Route("/passkeys/{passkey_id}", remove_passkey, methods=["DELETE"]),
]
