"""gradlab's sync service: passkey accounts that keep a learner's progress across devices.

The site works without it. Where a deployment runs it, the pages talk to its JSON API under
`/api` (the same origin, or another one named at build time), sign in with passkeys (WebAuthn),
and send their progress documents, which the service merges field by field with the account's
(`progress_merge`, the twin of static/page/progress-merge.js) so that no device's work is lost.

    settings    what a deployment configures, from the environment
    store       the database (SQLite or PostgreSQL, one schema, `migrations`)
    passkeys    the WebAuthn ceremonies, through the `webauthn` package
    sessions    session cookies and their CSRF tokens
    guards      what every request must pass: size, origin, content type, rate
    progress    progress documents: their shape, and merging them into the account's
    app         the Starlette application: its routes, middleware, and the lifespan that owns the store
    endpoints   the routes, a module per concern (sign-in, accounts, devices, progress)
    middleware  what wraps every answer: no-store, failures answered in JSON
    serve       running it: `python -m sync`, or in a background thread for tests
                (`make serve` mounts the app in the site's own server, gradlab/server.py)

Its packages are the `sync` extra (`pip install '.[sync]'`): building the site imports none of this.
"""
