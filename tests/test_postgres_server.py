"""The throwaway PostgreSQL server the tests start: reachable through SQLAlchemy, its own, gone after."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy

from tests.postgres_server import PostgresNotFound, ThrowawayPostgres

ROOT = Path(__file__).parent.parent


def query(url, *statements):
    """Run the statements in one transaction; return the scalar the last one gives."""
    engine = sqlalchemy.create_engine(url)
    try:
        with engine.begin() as connection:
            for statement in statements:
                result = connection.execute(sqlalchemy.text(statement))
            return result.scalar() if result.returns_rows else None
    finally:
        engine.dispose()


def test_a_table_can_be_created_written_and_read(postgres_url):
    assert postgres_url.startswith("postgresql+psycopg://postgres@127.0.0.1:")
    assert (
        query(
            postgres_url,
            "CREATE TABLE greeting (text TEXT)",
            "INSERT INTO greeting VALUES ('hello')",
            "SELECT text FROM greeting",
        )
        == "hello"
    )
    assert query(postgres_url, "SELECT current_database()") == "gradlab"


def test_it_is_a_server_of_our_own_in_its_temporary_folder(postgres_server, postgres_url):
    data_directory = query(postgres_url, "SHOW data_directory")
    assert Path(data_directory) == postgres_server.data_directory
    assert postgres_server.data_directory.is_relative_to(postgres_server.folder)
    assert query(postgres_url, "SHOW port") == str(postgres_server.port)
    assert query(postgres_url, "SHOW fsync") == "off"


def test_a_test_can_have_a_fresh_database_of_its_own(postgres_server):
    url = postgres_server.create_database("fresh_for_one_test")
    assert query(url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == 0


def test_stopping_removes_the_server_and_its_folder():
    with ThrowawayPostgres() as server:
        url, folder = server.url, server.folder
        assert query(url, "SELECT 1") == 1
    assert not folder.exists()
    with pytest.raises(sqlalchemy.exc.OperationalError):
        query(url, "SELECT 1")


def test_without_postgresql_it_says_how_to_install_it(monkeypatch):
    monkeypatch.setenv("GRADLAB_POSTGRES_BIN", "/nowhere")
    with pytest.raises(PostgresNotFound, match=r"apt-get install -y postgresql"):
        ThrowawayPostgres().start()


def test_without_postgresql_a_test_that_needs_it_fails_rather_than_skips():
    needs_postgres = "tests/test_postgres_server.py::test_a_table_can_be_created_written_and_read"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", needs_postgres],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "GRADLAB_POSTGRES_BIN": "/nowhere"},
    )
    assert run.returncode != 0
    assert "1 error" in run.stdout and "skipped" not in run.stdout
    assert "apt-get install -y postgresql" in run.stdout
