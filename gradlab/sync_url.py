"""Where the pages find the sync service, if the build names one (`--sync-url`, `GRADLAB_SYNC_URL`).

Without one the site is local-first only: no sign-in control, no sync script, no request to it.
"""

from dataclasses import dataclass
from urllib.parse import urlsplit


class SyncUrlError(Exception):
    """The sync URL is not one the pages could use; the message says what to give instead."""


@dataclass(frozen=True)
class SyncService:
    """The service's base URL as the pages call it, and its origin when that is not the site's own."""

    url: str
    origin: str | None  # added to the CSP's connect-src; None: the site's own origin ('self')


def read_sync_url(url):
    """The SyncService for url (`/api`, or `https://sync.example.org/api`); None for no URL."""
    if not url:
        return None
    parts = urlsplit(url)
    if not parts.scheme and not parts.netloc and url.startswith("/") and not url.startswith("//"):
        return SyncService(url=url.rstrip("/") or "/", origin=None)
    if parts.scheme in ("http", "https") and parts.hostname and not parts.query and not parts.fragment:
        return SyncService(url=url.rstrip("/"), origin=f"{parts.scheme}://{parts.netloc}")
    raise SyncUrlError(
        f"--sync-url {url!r}: give a path on the site's own origin, like /api, "
        "or a full http(s) URL of another origin, like https://sync.example.org/api"
    )
