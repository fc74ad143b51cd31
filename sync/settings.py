"""What a deployment of the sync service configures, read from the environment."""

import os
from dataclasses import dataclass
from urllib.parse import urlsplit

from sync.device_codes import MINUTES_A_YEAR, expected_minutes_to_a_hit

DEFAULT_DATABASE = "sqlite:///.data/sync.sqlite3"
# `make serve` serves the site on port 8000. Passkeys need a secure context, which on plain http
# only `localhost` is; 127.0.0.1 is listed so that the page can say so rather than fail obscurely.
DEFAULT_SITE_ORIGINS = ("http://localhost:8000", "http://127.0.0.1:8000")


@dataclass(frozen=True)
class Settings:
    """Everything the service needs to know about where it runs; the defaults suit `make serve`."""

    database_url: str = DEFAULT_DATABASE
    # The origins of the site whose pages may call the service: WebAuthn checks each ceremony
    # against them, and state-changing requests from any other origin are refused.
    site_origins: tuple[str, ...] = DEFAULT_SITE_ORIGINS
    # The passkeys' relying party: the site's host name, or a registrable suffix of it.
    rp_id: str = ""
    rp_name: str = "gradlab"
    api_path: str = "/api"
    # The lessons folder the site is built from: its course plan names the documents an account may hold.
    lessons_dir: str = "lessons"
    session_days: int = 180
    ceremony_seconds: int = 300
    device_code_seconds: int = 600
    # Guessing device codes (sync/device_codes.py has the arithmetic): codes alive at once at most,
    # guesses a minute from one address (an IPv6 /64) and from all addresses together.
    most_live_device_codes: int = 100
    code_guesses_per_client_per_minute: int = 10
    code_guesses_per_minute: int = 100
    # The key of the codes' HMAC: given, or made once and kept in secret_file (beside the database).
    code_secret: str = ""
    secret_file: str = ".data/sync.secret"
    # What one account may hold besides its progress (one row per document of the course).
    most_passkeys: int = 20
    most_sessions: int = 50
    max_request_bytes: int = 1024 * 1024
    # A request's body must arrive within this many seconds of its head (sync/request_deadline.py).
    request_body_seconds: int = 30
    max_lesson_bytes: int = 256 * 1024
    max_lessons: int = 1000
    # Sign-in attempts (ceremonies begun or finished, device codes tried) per client per minute.
    sign_in_attempts_per_minute: int = 30
    # Requests that change something (a sync, a device code, a sign-out…) per account per minute:
    # a page syncs at most about once a second.
    writes_per_minute: int = 300
    # How often an open, visible page asks what changed (a read, not counted as a write): another
    # device's work shows within this time without the learner doing anything.
    poll_seconds: float = 25.0

    def __post_init__(self):
        minutes = expected_minutes_to_a_hit(self.most_live_device_codes, self.code_guesses_per_minute)
        if minutes < MINUTES_A_YEAR:
            raise ValueError(
                f"GRADLAB_CODE_GUESS_LIMIT: with {self.most_live_device_codes} device codes alive and "
                f"{self.code_guesses_per_minute} guesses a minute, one is guessed in {minutes:,.0f} minutes on average; "
                "lower the limit so that it takes more than a year"
            )
        if not 0.1 <= self.poll_seconds <= 3600:
            raise ValueError(f"GRADLAB_POLL_SECONDS: {self.poll_seconds} is not a number of seconds from 0.1 to 3600")
        if not self.rp_id:
            object.__setattr__(self, "rp_id", urlsplit(self.site_origins[0]).hostname)
        for origin in self.site_origins:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
                raise ValueError(f"GRADLAB_SITE_ORIGIN: {origin!r} is not an origin like https://learn.example.org")


def settings_from_environment(environ=os.environ):
    """Settings from GRADLAB_* variables (the README lists them), defaults for the rest."""
    origins = environ.get("GRADLAB_SITE_ORIGIN")
    return Settings(
        database_url=environ.get("GRADLAB_DATABASE_URL", DEFAULT_DATABASE),
        site_origins=tuple(o.strip().rstrip("/") for o in origins.split(",")) if origins else DEFAULT_SITE_ORIGINS,
        rp_id=environ.get("GRADLAB_RP_ID", ""),
        lessons_dir=environ.get("GRADLAB_LESSONS_DIR", Settings.lessons_dir),
        sign_in_attempts_per_minute=int(environ.get("GRADLAB_SIGN_IN_LIMIT", Settings.sign_in_attempts_per_minute)),
        writes_per_minute=int(environ.get("GRADLAB_WRITE_LIMIT", Settings.writes_per_minute)),
        poll_seconds=float(environ.get("GRADLAB_POLL_SECONDS", Settings.poll_seconds)),
        code_guesses_per_minute=int(environ.get("GRADLAB_CODE_GUESS_LIMIT", Settings.code_guesses_per_minute)),
        code_secret=environ.get("GRADLAB_CODE_SECRET", ""),
        secret_file=environ.get("GRADLAB_SECRET_FILE", Settings.secret_file),
    )
