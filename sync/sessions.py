"""Session cookies: a random token the browser keeps (HttpOnly, SameSite=Strict), its hash the database keeps.

Each session also has a CSRF token, given to the page in JSON and required back in a header on
every state-changing request: a page of another site can make the browser send the cookie, but it
cannot read the token. Signing in always starts a new session, so a token planted before sign-in
is worth nothing after it.
"""

import hashlib
import secrets

from starlette.exceptions import HTTPException

from sync.store import now_ms

COOKIE = "gradlab_session"
CSRF_HEADER = "X-CSRF-Token"


def token_hash(token):
    return hashlib.sha256(token.encode()).hexdigest()


def new_token():
    return secrets.token_urlsafe(32)


def start_session(store, settings, account_id, passkey_id, previous_token=None):
    """A new session for the account, begun with passkey_id (it ends if that passkey is removed), ending
    the browser's previous one; returns its token and CSRF token."""
    token, csrf = new_token(), new_token()
    expires = now_ms() + settings.session_days * 86_400_000
    previous = token_hash(previous_token) if previous_token else None
    store.create_session(
        token_hash(token), account_id, passkey_id, csrf, expires, settings.most_sessions, replacing=previous
    )
    return token, csrf


def set_cookie(settings, request, response, token):
    response.set_cookie(
        COOKIE,
        token,
        max_age=settings.session_days * 86_400,
        path=settings.api_path,
        httponly=True,
        samesite="strict",
        secure=over_https(request),
    )


def end_cookie(settings, request, response):
    response.delete_cookie(COOKIE, path=settings.api_path, httponly=True, samesite="strict", secure=over_https(request))


def over_https(request):
    """Whether this request's page is served over https, where the cookie is marked Secure; a site may
    have an https and an http origin, and browsers drop Secure cookies on http."""
    origin = request.headers.get("origin")
    return origin.startswith("https://") if origin else request.url.scheme == "https"


def current_session(store, request):
    """The session the request's cookie names (account_id, csrf, name), or None."""
    token = session_token(request)
    return store.session(token_hash(token)) if token else None


def session_token(request):
    """The token of the request's session cookie, or None; refused if it sends two. The service sets
    one cookie on one path: a second was planted (by a page of a sibling subdomain, say) to sign this
    browser in as someone else, and which of the two a parser keeps is not for the planter to decide."""
    tokens = [
        value.strip()
        for header in request.headers.getlist("cookie")
        for name, _, value in (pair.partition("=") for pair in header.split(";"))
        if name.strip() == COOKIE
    ]
    if len(tokens) > 1:
        raise HTTPException(
            400,
            "This browser sent two session cookies for this site, one of them not set by it: sign out, "
            "clear this site's cookies in the browser's settings, and sign in again.",
        )
    return tokens[0] if tokens else None
