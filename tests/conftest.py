"""Fixtures shared by every test folder: one built site, one check of the real lessons and one throwaway
PostgreSQL server per test session."""

import subprocess
import sys

import pytest

import build
from tests.postgres_server import PostgresNotFound, ThrowawayPostgres


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The real site, built once from lessons/ by the same code as `make site`."""
    out = tmp_path_factory.mktemp("site")
    build.build_site(build.LESSONS_DIR, out)
    return out


@pytest.fixture(scope="session")
def real_lessons_check():
    """`python build.py check` on the real lessons, run once for the tests that read it (it converts and
    checks every lesson, most of a minute): the completed process, with its returncode, stdout and stderr."""
    return subprocess.run([sys.executable, "build.py", "check"], cwd=build.ROOT, capture_output=True, text=True)


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of the session's own; without PostgreSQL the tests that need it fail, never skip."""
    try:
        server = ThrowawayPostgres().start()
    except PostgresNotFound as missing:
        pytest.fail(str(missing), pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server):
    """The SQLAlchemy URL of the throwaway server's `gradlab` database."""
    return postgres_server.url
