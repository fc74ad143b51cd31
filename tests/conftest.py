"""Fixtures shared by every test folder: one built site per run, which its workers (make test runs
pytest-xdist) share; and in each worker, one check of the real lessons and one throwaway PostgreSQL server."""

import shutil
import subprocess
import sys

import pytest
from filelock import FileLock

import build
from tests.postgres_server import PostgresNotFound, ThrowawayPostgres


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id):
    """The real site, built once per run from lessons/ by the same code as `make site`: the first of the
    run's workers (pytest-xdist's) to need it builds it, and the others wait for it and share it."""
    if worker_id == "master":  # one process: no one to share with
        out = tmp_path_factory.mktemp("site")
        build.build_site(build.LESSONS_DIR, out)
        return out
    shared = tmp_path_factory.getbasetemp().parent / "built-site"  # the run's own folder, which every worker sees
    whole = shared.with_name("built-site.whole")  # beside the site, not in it: tests list the site's files
    with FileLock(f"{shared}.lock"):
        if not whole.exists():
            shutil.rmtree(shared, ignore_errors=True)  # what a worker that failed halfway left
            build.build_site(build.LESSONS_DIR, shared)
            whole.touch()
    return shared


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
