"""What every endpoint uses: the service's state, the checks of a state-changing request, the signed-in session."""

import logging

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from sync import sessions
from sync.guards import Refused, check_csrf, check_origin, check_rate, client_of

log = logging.getLogger("sync")


def service_of(request):
    """(settings, store) of the service the request came to: its app's state, the store opened by its lifespan."""
    state = request.app.state
    return state.settings, state.store


async def changing(request, signed_in=True):
    """The checks of every state-changing request: origin, then its rate (per client address, or
    once signed in per account), and (signed in) session and CSRF token; returns the session."""
    settings, store = service_of(request)
    check_origin(request, settings)
    if not signed_in:
        await run_in_threadpool(
            check_rate, store, f"sign-in {client_of(request)}", settings.sign_in_attempts_per_minute, "sign-in attempts"
        )
        return None
    session = await signed_in_session(request)
    check_csrf(request, session)
    await run_in_threadpool(check_rate, store, f"account {session.account_id}", settings.writes_per_minute, "requests")
    return session


async def signed_in_session(request):
    session = await run_in_threadpool(sessions.current_session, service_of(request)[1], request)
    if session is None:
        raise Refused(401, "You are signed out: sign in again to sync your progress.")
    return session


def signed_out(request):
    """The answer that ends the browser's session: no content, and its cookie deleted."""
    response = Response(status_code=204)
    sessions.end_cookie(service_of(request)[0], request, response)
    return response


def short(account_id):
    """Enough of an account id to follow one account through the log, not enough to name it elsewhere."""
    return account_id[:6]
