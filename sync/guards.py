"""What a request must pass before a route sees it: its size, its origin, its type, its rate, its CSRF token."""

import hmac
import ipaddress
import json
import math
import time

from starlette.exceptions import HTTPException

from sync.sessions import CSRF_HEADER


class Refused(HTTPException):
    """A 4xx answer whose message (JSON {"error": …}) says what was wrong and what to do."""


async def read_json(request, settings):
    """The request's JSON body, refused if it is too large (counted as it arrives), not JSON, or not an object."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "Send the request as JSON (Content-Type: application/json).")
    limit = settings.max_request_bytes
    if int(request.headers.get("content-length") or 0) > limit:
        raise too_large(limit)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise too_large(limit)
    try:
        data = json.loads(body, parse_constant=refuse_constant, parse_float=finite_float)
    except NotFinite:
        raise Refused(
            400, "The request holds a number that is not finite (NaN, Infinity or too large): send finite numbers only."
        ) from None
    except RecursionError:
        raise too_deep() from None
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "The request is not valid JSON.") from None
    if not isinstance(data, dict):
        raise Refused(400, "The request must be a JSON object.")
    if depth(data) > MOST_DEPTH:
        raise too_deep()
    return data


MOST_DEPTH = 32  # a progress document nests 5 deep; anything much deeper is not one


class NotFinite(ValueError):
    """A JSON number Python reads as NaN or ±infinity, which JSON itself does not allow."""


def refuse_constant(name):
    raise NotFinite(name)


def finite_float(text):
    number = float(text)
    if not math.isfinite(number):
        raise NotFinite(text)
    return number


def depth(value):
    """How deeply lists and objects nest in value, counted without recursion."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, level = pending.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MOST_DEPTH:
            pending.extend((child, level + 1) for child in children)
    return deepest


def too_deep():
    return Refused(400, f"The request nests lists or objects more than {MOST_DEPTH} deep; progress never does.")


def too_large(limit):
    return Refused(413, f"The request is larger than {limit // 1024} KB, the most this service accepts.")


def check_origin(request, settings):
    """State changes only from the site's own pages: browsers always send Origin with them. Where
    the browser says how the request was made (Sec-Fetch-*), only a page's fetch of its own site
    passes: not a form, a frame or a navigation, not a request another site's page started."""
    origin = request.headers.get("origin")
    if origin not in settings.site_origins:
        raise Refused(
            403,
            f"Requests that change anything must come from the site's pages (origin {origin or 'missing'} is not allowed).",
        )
    site, destination = request.headers.get("sec-fetch-site"), request.headers.get("sec-fetch-dest")
    if site not in (None, "same-origin", "same-site") or destination not in (None, "empty"):
        raise Refused(
            403,
            "Requests that change anything must come from the site's own pages, not from a frame, form or other "
            "site: open the site itself and try again.",
        )


def check_csrf(request, session):
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), session.csrf.encode()):
        raise Refused(403, "This request lacks the page's security token: reload the page and try again.")


def check_rate(store, bucket, per_minute, what):
    """At most per_minute requests of this bucket in each clock minute, counted in the database so
    that every process of the service, and the next one after a restart, sees the same count."""
    now = time.time()
    if store.count_request(bucket, int(now // 60)) > per_minute:
        retry = 60 - int(now % 60)
        raise Refused(429, f"Too many {what} from here: try again in {retry} s.", headers={"Retry-After": str(retry)})


def client_of(request):
    """Who a per-client limit counts: an IPv4 address, or an IPv6 /64 (a network one client is given
    whole, and can send from any of its 2^64 addresses)."""
    return client_key(request.client.host if request.client else "unknown")


def client_key(host):
    """client_of for a host address."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 4:
        return str(address)
    if address.ipv4_mapped:
        return str(address.ipv4_mapped)
    return str(ipaddress.ip_network(f"{address}/64", strict=False))
