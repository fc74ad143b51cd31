"""Device codes: ten digits a signed-in device shows, typed on another within 10 minutes, once.

Guessing one is the way in they open, so the service bounds it (settings, checked as they are read):
S = 10^10 codes; at most N codes alive at once (one an account, settings.most_live_device_codes); and at
most G guesses a minute in total from all addresses (settings.code_guesses_per_minute), besides a
limit per address (an IPv4 address, or an IPv6 /64, which one client holds whole). Each guess hits
one of the N live codes with a chance of N/S, so a hit is expected after S/N guesses, S/(N·G)
minutes: with the defaults 10^10 / (100 · 100) = 10^6 minutes, about 1.9 years, at the busiest.

Codes are kept as an HMAC under the service's secret (settings.code_secret, or a random one kept in
settings.secret_file): a copy of the database alone cannot test guesses offline.
"""

import hashlib
import hmac
import os
import secrets
import tempfile
from pathlib import Path

DIGITS = 10
CODES = 10**DIGITS
MINUTES_A_YEAR = 365.25 * 24 * 60


def new_code():
    return f"{secrets.randbelow(CODES):0{DIGITS}d}"


def shown(code):
    """How the page shows a code: two groups of five digits."""
    return f"{code[:5]}-{code[5:]}"


def typed(text):
    """The code a learner typed (spaces, dashes and anything else dropped); None if it cannot be one."""
    digits = "".join(ch for ch in str(text)[:40] if ch in "0123456789")
    return digits if len(digits) == DIGITS else None


def code_hash(secret, code):
    return hmac.new(secret.encode(), code.encode(), hashlib.sha256).hexdigest()


def expected_minutes_to_a_hit(live_codes, guesses_per_minute):
    return CODES / (live_codes * guesses_per_minute)


def service_secret(settings):
    """settings.code_secret, or the one kept in settings.secret_file, made (readable by the service
    alone) by whichever process asks first."""
    if settings.code_secret:
        return settings.code_secret
    path = Path(settings.secret_file)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False) as made:  # created 0600
            made.write(secrets.token_urlsafe(32))
        try:
            os.link(made.name, path)  # atomic, and refused if another process made it first: then theirs is read
        except FileExistsError:
            pass
        finally:
            os.unlink(made.name)
    return path.read_text().strip()
