"""The database schema, as numbered steps applied in order; SQLite and PostgreSQL run the same SQL.

Never edit a step that has shipped: add the next one. Times are milliseconds since 1970, ids and
keys are base64url text, so that the types mean the same in both databases.
"""

MIGRATIONS = [
    (
        1,
        "accounts, passkeys, sessions, ceremonies, device codes, progress",
        [
            """CREATE TABLE accounts (
               id TEXT PRIMARY KEY,
               name TEXT NOT NULL,
               created BIGINT NOT NULL)""",
            # One row per passkey; an account has one per device, or one synced across them.
            """CREATE TABLE passkeys (
               id TEXT PRIMARY KEY,
               account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
               public_key TEXT NOT NULL,
               sign_count BIGINT NOT NULL,
               created BIGINT NOT NULL,
               last_used BIGINT NOT NULL)""",
            "CREATE INDEX passkeys_by_account ON passkeys(account_id)",
            # Tokens are stored as their SHA-256: a copy of the database signs nobody in.
            """CREATE TABLE sessions (
               token_hash TEXT PRIMARY KEY,
               account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
               csrf TEXT NOT NULL,
               created BIGINT NOT NULL,
               expires BIGINT NOT NULL)""",
            "CREATE INDEX sessions_by_account ON sessions(account_id)",
            # A WebAuthn ceremony between its begin and its finish: the challenge, used once.
            """CREATE TABLE ceremonies (
               flow_hash TEXT PRIMARY KEY,
               kind TEXT NOT NULL,
               challenge TEXT NOT NULL,
               account_id TEXT,
               name TEXT,
               expires BIGINT NOT NULL)""",
            """CREATE TABLE device_codes (
               code_hash TEXT PRIMARY KEY,
               account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
               expires BIGINT NOT NULL)""",
            # One progress document per lesson; `revision` lets concurrent merges detect each other.
            """CREATE TABLE progress (
               account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
               lesson TEXT NOT NULL,
               document TEXT NOT NULL,
               revision BIGINT NOT NULL,
               updated BIGINT NOT NULL,
               PRIMARY KEY (account_id, lesson))""",
        ],
    ),
    (
        2,
        "progress versions: the order in which the service accepted each lesson's changes",
        [
            # Each account counts its progress writes; a lesson's row keeps the count of its last write.
            # A device asks for what changed since the count it last saw: no device's clock is involved.
            "ALTER TABLE accounts ADD COLUMN progress_version BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE progress ADD COLUMN version BIGINT NOT NULL DEFAULT 0",
            "CREATE INDEX progress_by_version ON progress(account_id, version)",
        ],
    ),
    (
        3,
        "rate limits counted in the database, where every process sees them",
        [
            # Requests per bucket (a client address, or a signed-in account) in each minute; rows of
            # past minutes are deleted as new ones are counted, so the table stays small.
            """CREATE TABLE rate_counts (
               bucket TEXT NOT NULL,
               minute BIGINT NOT NULL,
               count BIGINT NOT NULL,
               PRIMARY KEY (bucket, minute))""",
            "CREATE INDEX rate_counts_by_minute ON rate_counts(minute)",
        ],
    ),
    (
        4,
        "passkeys named by the device they were added from; sessions know their passkey; device codes keyed",
        [
            "ALTER TABLE passkeys ADD COLUMN device TEXT NOT NULL DEFAULT ''",
            # A removed passkey's sessions end with it; a session from before this step (NULL) ends too.
            "ALTER TABLE sessions ADD COLUMN passkey_id TEXT",
            # Codes were kept as their SHA-256, now as an HMAC with the service's secret: the old ones
            # (ten minutes' worth at most) would never match again.
            "DELETE FROM device_codes",
        ],
    ),
    (
        5,
        "a passkey remembers when a copy of it was noticed (its signature counter went backwards)",
        ["ALTER TABLE passkeys ADD COLUMN copy_noticed BIGINT"],
    ),
]
