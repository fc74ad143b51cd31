"""The service's database: SQLite (a file, the default) or PostgreSQL, through SQLAlchemy Core.

Every query is plain SQL that both databases run. Each method is one transaction; the progress
merge detects a concurrent writer by its row's revision and merges again, so no update is lost
however many processes share a PostgreSQL database.
"""

import functools
import json
import logging
import random
import time
from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import make_url

from sync.migrations import MIGRATIONS

log = logging.getLogger("sync.store")
MERGE_ATTEMPTS = 20
# Between attempts a merge waits a random while, up to a bound that doubles each time: writers that
# retried at once would collide again, and seven devices of one account syncing together could use
# up every attempt (seen once in CI on PostgreSQL).
MERGE_BACKOFF_S = 0.002
MERGE_BACKOFF_MOST_S = 0.2


def now_ms():
    return int(time.time() * 1000)


class Store:
    """The accounts, passkeys, sessions, ceremonies, device codes and progress of one deployment."""

    def __init__(self, database_url):
        self.engine = make_engine(database_url)
        self.migrate()

    def close(self):
        self.engine.dispose()

    def migrate(self):
        """Apply every migration step the database has not had yet, each once, even with rival processes."""
        with self.engine.begin() as db:
            if self.engine.dialect.name == "postgresql":
                db.execute(text("SELECT pg_advisory_xact_lock(726175)"))  # any fixed number: the service's own lock
            db.execute(
                text(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)"
                )
            )
            applied = {row.version for row in db.execute(text("SELECT version FROM schema_migrations"))}
            for version, summary, statements in MIGRATIONS:
                if version in applied:
                    continue
                for statement in statements:
                    db.execute(text(statement))
                db.execute(
                    text("INSERT INTO schema_migrations VALUES (:version, :now)"), {"version": version, "now": now_ms()}
                )
                log.info("database migrated to version %d: %s", version, summary)

    def schema_version(self):
        with self.engine.begin() as db:
            return db.execute(text("SELECT MAX(version) FROM schema_migrations")).scalar()

    # Accounts and passkeys

    def create_account(self, account_id, name, passkey):
        """A new account with its first passkey (a dict: id, public_key, sign_count)."""
        with self.engine.begin() as db:
            db.execute(
                text("INSERT INTO accounts (id, name, created) VALUES (:id, :name, :now)"),
                {"id": account_id, "name": name, "now": now_ms()},
            )
            insert_passkey(db, account_id, passkey)

    def add_passkey(self, account_id, passkey, most):
        """Another passkey for an existing account; False if the account is gone; TooManyPasskeys if it holds most."""
        with self.engine.begin() as db:
            if not db.execute(text("SELECT 1 FROM accounts WHERE id = :id"), {"id": account_id}).first():
                return False
            held = db.execute(text("SELECT COUNT(*) FROM passkeys WHERE account_id = :a"), {"a": account_id}).scalar()
            if held >= most:
                raise TooManyPasskeys
            insert_passkey(db, account_id, passkey)
            return True

    def account(self, account_id):
        with self.engine.begin() as db:
            return db.execute(text("SELECT id, name FROM accounts WHERE id = :id"), {"id": account_id}).first()

    def passkey(self, passkey_id):
        """The passkey with this credential id, with its account's name; None if unknown."""
        with self.engine.begin() as db:
            return db.execute(
                text(
                    "SELECT p.id, p.account_id, p.public_key, p.sign_count, a.name FROM passkeys p"
                    " JOIN accounts a ON a.id = p.account_id WHERE p.id = :id"
                ),
                {"id": passkey_id},
            ).first()

    def passkey_ids(self, account_id):
        with self.engine.begin() as db:
            return [
                row.id for row in db.execute(text("SELECT id FROM passkeys WHERE account_id = :a"), {"a": account_id})
            ]

    def passkeys_of(self, account_id):
        """The account's passkeys (id, device, created, last_used, copy_noticed), oldest first."""
        with self.engine.begin() as db:
            return db.execute(
                text(
                    "SELECT id, device, created, last_used, copy_noticed FROM passkeys"
                    " WHERE account_id = :a ORDER BY created, id"
                ),
                {"a": account_id},
            ).all()

    def remove_passkey(self, account_id, passkey_id):
        """Remove one of the account's passkeys and end the sessions it began: "removed", "unknown" (not
        one of the account's), or "last" (the account's only one, which only deleting the account removes)."""
        with self.engine.begin() as db:
            held = [
                row.id for row in db.execute(text("SELECT id FROM passkeys WHERE account_id = :a"), {"a": account_id})
            ]
            if passkey_id not in held:
                return "unknown"
            if len(held) == 1:
                return "last"
            db.execute(text("DELETE FROM passkeys WHERE id = :p"), {"p": passkey_id})
            # A session begun before sessions knew their passkey may be the lost device's: it ends too.
            db.execute(
                text("DELETE FROM sessions WHERE account_id = :a AND (passkey_id = :p OR passkey_id IS NULL)"),
                {"a": account_id, "p": passkey_id},
            )
            return "removed"

    def passkey_used(self, passkey_id, sign_count, copied):
        """Note a sign-in: the highest counter seen, and (copied) that a copy of the passkey signed."""
        with self.engine.begin() as db:
            db.execute(
                text(
                    "UPDATE passkeys SET sign_count = CASE WHEN sign_count > :count THEN sign_count ELSE :count END,"
                    " last_used = :now, copy_noticed = CASE WHEN :copied THEN :now ELSE copy_noticed END WHERE id = :id"
                ),
                {"count": sign_count, "now": now_ms(), "copied": copied, "id": passkey_id},
            )

    def delete_account(self, account_id):
        """The account and everything it owns. Deleted explicitly: SQLite enforces ON DELETE only when told to."""
        with self.engine.begin() as db:
            for table in ("progress", "device_codes", "sessions", "passkeys"):
                db.execute(text(f"DELETE FROM {table} WHERE account_id = :a"), {"a": account_id})
            db.execute(text("DELETE FROM ceremonies WHERE account_id = :a"), {"a": account_id})
            db.execute(text("DELETE FROM accounts WHERE id = :a"), {"a": account_id})

    # Sessions

    def create_session(self, token_hash, account_id, passkey_id, csrf, expires, most, replacing=None):
        """A new session, begun with passkey_id; the one it replaces (the browser's previous cookie)
        ends, and so do the account's oldest beyond the `most` it may have."""
        with self.engine.begin() as db:
            if replacing:
                db.execute(text("DELETE FROM sessions WHERE token_hash = :t"), {"t": replacing})
            db.execute(
                text(
                    "INSERT INTO sessions (token_hash, account_id, csrf, created, expires, passkey_id)"
                    " VALUES (:t, :a, :csrf, :now, :expires, :p)"
                ),
                {"t": token_hash, "a": account_id, "csrf": csrf, "now": now_ms(), "expires": expires, "p": passkey_id},
            )
            db.execute(
                text(
                    "DELETE FROM sessions WHERE account_id = :a AND token_hash NOT IN (SELECT token_hash FROM sessions"
                    " WHERE account_id = :a ORDER BY created DESC, token_hash LIMIT :most)"
                ),
                {"a": account_id, "most": most},
            )

    def session(self, token_hash):
        """The live session with this token: its account's id and name and its CSRF token; None if none."""
        with self.engine.begin() as db:
            return db.execute(
                text(
                    "SELECT s.account_id, s.csrf, s.passkey_id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id"
                    " WHERE s.token_hash = :t AND s.expires > :now"
                ),
                {"t": token_hash, "now": now_ms()},
            ).first()

    def end_session(self, token_hash):
        with self.engine.begin() as db:
            db.execute(text("DELETE FROM sessions WHERE token_hash = :t"), {"t": token_hash})

    def end_every_session(self, account_id):
        """Every session of the account ends, and every device code it made: none can add a device after."""
        with self.engine.begin() as db:
            db.execute(text("DELETE FROM sessions WHERE account_id = :a"), {"a": account_id})
            db.execute(text("DELETE FROM device_codes WHERE account_id = :a"), {"a": account_id})

    # Ceremonies and device codes: each is taken once, atomically, and only before it expires

    def save_ceremony(self, flow_hash, kind, challenge, expires, account_id=None, name=None):
        with self.engine.begin() as db:
            self.forget_expired(db)
            db.execute(
                text("INSERT INTO ceremonies VALUES (:f, :kind, :challenge, :a, :name, :expires)"),
                {
                    "f": flow_hash,
                    "kind": kind,
                    "challenge": challenge,
                    "a": account_id,
                    "name": name,
                    "expires": expires,
                },
            )

    def take_ceremony(self, flow_hash, kind):
        """The ceremony, deleted as it is read so that a second finish finds nothing; None if unknown or expired."""
        with self.engine.begin() as db:
            row = db.execute(
                text(
                    "DELETE FROM ceremonies WHERE flow_hash = :f AND kind = :kind"
                    " RETURNING challenge, account_id, name, expires"
                ),
                {"f": flow_hash, "kind": kind},
            ).first()
            return row if row and row.expires > now_ms() else None

    def save_device_code(self, code_hash, account_id, expires, most_live):
        """The account's device code, replacing any it had; False if most_live codes are alive already
        (the bound on which the guessing arithmetic rests: see sync/device_codes.py)."""
        with self.engine.begin() as db:
            self.forget_expired(db)
            db.execute(text("DELETE FROM device_codes WHERE account_id = :a"), {"a": account_id})
            if db.execute(text("SELECT COUNT(*) FROM device_codes")).scalar() >= most_live:
                return False
            db.execute(
                text("INSERT INTO device_codes VALUES (:c, :a, :expires)"),
                {"c": code_hash, "a": account_id, "expires": expires},
            )
            return True

    def take_device_code(self, code_hash):
        with self.engine.begin() as db:
            row = db.execute(
                text("DELETE FROM device_codes WHERE code_hash = :c RETURNING account_id, expires"), {"c": code_hash}
            ).first()
            return row.account_id if row and row.expires > now_ms() else None

    def forget_expired(self, db):
        moment = {"now": now_ms()}
        for table in ("ceremonies", "device_codes", "sessions"):
            db.execute(text(f"DELETE FROM {table} WHERE expires <= :now"), moment)

    # Rate limits

    def count_request(self, bucket, minute):
        """Count one more request of this bucket in this minute (minutes since 1970); return the minute's count so far."""
        with self.engine.begin() as db:
            db.execute(text("DELETE FROM rate_counts WHERE minute < :minute"), {"minute": minute})
            return db.execute(
                text(
                    "INSERT INTO rate_counts VALUES (:bucket, :minute, 1) ON CONFLICT (bucket, minute)"
                    " DO UPDATE SET count = rate_counts.count + 1 RETURNING count"
                ),
                {"bucket": bucket, "minute": minute},
            ).scalar()

    # Progress

    def progress(self, account_id, since=0):
        """The account's progress version and {lesson: document} for every lesson written after version `since`."""
        with self.engine.connect() as db:
            return read_progress(db, account_id, since)

    def sync_progress(self, account_id, uploaded, merge, refusal, since):
        """Merge each uploaded lesson ({lesson: document}) as merge_lesson does, with merge(lesson, stored,
        uploaded), then read what changed after version `since`: returns {lesson: (merged, why)}, the
        version, and {lesson: document}.

        One connection for the whole sync: SQLite's one connection is then waited for once a sync,
        not once a lesson (under load, the waits cost more than the SQL)."""
        with self.engine.connect() as db:
            outcomes = {
                lesson: merge_lesson(db, account_id, lesson, document, functools.partial(merge, lesson), refusal)
                for lesson, document in uploaded.items()
            }
            return outcomes, *read_progress(db, account_id, since)


def read_progress(db, account_id, since):
    with db.begin():
        # The version first: a write committed after it has a larger one, so the next ask finds it.
        version = (
            db.execute(text("SELECT progress_version FROM accounts WHERE id = :a"), {"a": account_id}).scalar() or 0
        )
        rows = db.execute(
            text("SELECT lesson, document FROM progress WHERE account_id = :a AND version > :since"),
            {"a": account_id, "since": since},
        )
        return version, {row.lesson: json.loads(row.document) for row in rows}


def merge_lesson(db, account_id, lesson, uploaded, merge, refusal):
    """Merge one uploaded lesson into the stored one (None if none) with merge(stored, uploaded) and
    store the result under the account's next progress version; return (merged, None), or
    (None, why) if refusal(lesson, merged) gives a reason not to keep it.

    A lesson is one transaction: a concurrent writer is detected by the row's revision, and the
    merge is redone on its result."""
    for attempt in range(MERGE_ATTEMPTS):
        if attempt:  # the last transaction was rolled back: merge again, onto the other writer's result
            time.sleep(random.uniform(0, min(MERGE_BACKOFF_MOST_S, MERGE_BACKOFF_S * 2 ** (attempt - 1))))
        try:
            with db.begin():
                return merge_in(db, account_id, lesson, uploaded, merge, refusal)
        except ConcurrentWrite:
            continue
    raise RuntimeError(f"progress changed {MERGE_ATTEMPTS} times during one merge")


class ConcurrentWrite(Exception):
    """Another transaction wrote the lesson between this one's read and its write."""


def merge_in(db, account_id, lesson, uploaded, merge, refusal):
    row = db.execute(
        text("SELECT document, revision FROM progress WHERE account_id = :a AND lesson = :lesson"),
        {"a": account_id, "lesson": lesson},
    ).first()
    before, revision = (json.loads(row.document), row.revision) if row else (None, None)
    merged = merge(before, uploaded)
    if merged == before:
        return merged, None  # nothing new: no write, and no conflict with anyone
    why = refusal(lesson, merged)
    if why:
        return None, why
    version = db.execute(
        text("UPDATE accounts SET progress_version = progress_version + 1 WHERE id = :a RETURNING progress_version"),
        {"a": account_id},
    ).scalar()
    if version is None:
        raise AccountGone
    if not write_progress(db, account_id, lesson, merged, revision, version):
        raise ConcurrentWrite
    return merged, None


class AccountGone(Exception):
    """The account was deleted during the sync."""


def write_progress(db, account_id, lesson, document, revision, version):
    """Store a lesson's document if its row is still at revision (None: no row yet); False if another writer came first."""
    values = {
        "a": account_id,
        "lesson": lesson,
        "document": json.dumps(document, separators=(",", ":")),
        "now": now_ms(),
        "version": version,
    }
    if revision is None:
        return (
            db.execute(
                text(
                    "INSERT INTO progress (account_id, lesson, document, revision, updated, version)"
                    " VALUES (:a, :lesson, :document, 1, :now, :version) ON CONFLICT (account_id, lesson) DO NOTHING"
                ),
                values,
            ).rowcount
            == 1
        )
    return (
        db.execute(
            text(
                "UPDATE progress SET document = :document, revision = revision + 1, updated = :now, version = :version"
                " WHERE account_id = :a AND lesson = :lesson AND revision = :revision"
            ),
            {**values, "revision": revision},
        ).rowcount
        == 1
    )


class TooManyPasskeys(Exception):
    """The account holds as many passkeys as an account may."""


class PasskeyTaken(Exception):
    """The passkey's credential id is registered already (to this account or another)."""


def insert_passkey(db, account_id, passkey):
    inserted = db.execute(
        text(
            "INSERT INTO passkeys (id, account_id, public_key, sign_count, created, last_used, device)"
            " VALUES (:id, :a, :key, :count, :now, :now, :device) ON CONFLICT (id) DO NOTHING"
        ),
        {
            "id": passkey["id"],
            "a": account_id,
            "key": passkey["public_key"],
            "count": passkey["sign_count"],
            "now": now_ms(),
            "device": passkey.get("device", ""),
        },
    )
    if inserted.rowcount != 1:
        raise PasskeyTaken  # raised inside the transaction: an account made with it is rolled back too


def make_engine(database_url):
    """An engine for SQLite (WAL, one writer at a time, waiting for the lock) or PostgreSQL (pooled).

    Its errors never carry a statement's parameters: they hold passkeys, tokens' hashes and learners'
    code, and errors reach the log."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        if url.database and url.database != ":memory:":
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        # One connection, taken in turn: SQLite writes one transaction at a time anyway, and threads
        # queueing for the pool wait far less than SQLite's own busy-wait, which sleeps and retries.
        engine = create_engine(
            url,
            connect_args={"timeout": 30, "check_same_thread": False},
            pool_size=1,
            max_overflow=0,
            pool_timeout=30,
            hide_parameters=True,
        )
        event.listen(engine, "connect", prepare_sqlite_connection)
        # Each transaction takes the write lock at its start: a read that later writes can then
        # never meet a rival's lock halfway (which SQLite reports as "database is locked" at once).
        event.listen(engine, "begin", lambda connection: connection.exec_driver_sql("BEGIN IMMEDIATE"))
        return engine
    if url.get_backend_name() == "postgresql":
        return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True, hide_parameters=True)
    raise ValueError(
        f"GRADLAB_DATABASE_URL: {url.get_backend_name()!r} is not supported; use sqlite:///path or postgresql+psycopg://…"
    )


def prepare_sqlite_connection(connection, _record):
    connection.isolation_level = None  # SQLAlchemy's "begin" event emits BEGIN itself
    cursor = connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()
