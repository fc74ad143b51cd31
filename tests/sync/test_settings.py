"""What a deployment configures, and the clear messages for what it gets wrong."""

import os
import subprocess
import sys

import pytest

from sync.settings import Settings, settings_from_environment
from sync.store import make_engine


def test_the_environment_sets_origins_rp_id_database_and_limit():
    settings = settings_from_environment(
        {
            "GRADLAB_SITE_ORIGIN": "https://learn.example.org/, https://www.learn.example.org",
            "GRADLAB_DATABASE_URL": "postgresql+psycopg://db/gradlab",
            "GRADLAB_SIGN_IN_LIMIT": "5",
        }
    )
    assert settings.site_origins == ("https://learn.example.org", "https://www.learn.example.org")
    assert settings.rp_id == "learn.example.org"
    assert settings.database_url == "postgresql+psycopg://db/gradlab"
    assert settings.sign_in_attempts_per_minute == 5
    assert settings_from_environment({"GRADLAB_WRITE_LIMIT": "7"}).writes_per_minute == 7
    assert settings_from_environment({"GRADLAB_POLL_SECONDS": "0.5"}).poll_seconds == 0.5


def test_a_poll_period_that_is_no_period_is_refused():
    for seconds in ("0", "-1", "inf", "nan"):
        with pytest.raises(ValueError, match="GRADLAB_POLL_SECONDS"):
            settings_from_environment({"GRADLAB_POLL_SECONDS": seconds})


def test_make_serve_s_defaults_allow_localhost():
    settings = settings_from_environment({})
    assert settings.rp_id == "localhost" and "http://localhost:8000" in settings.site_origins


def test_an_origin_with_a_path_is_refused_with_an_example():
    with pytest.raises(ValueError, match="is not an origin like https://"):
        Settings(site_origins=("https://learn.example.org/lessons",))


def test_several_workers_on_sqlite_are_refused_before_anything_starts(tmp_path):
    environment = {**os.environ, "GRADLAB_DATABASE_URL": f"sqlite:///{tmp_path / 'sync.sqlite3'}"}
    done = subprocess.run(
        [sys.executable, "-m", "sync", "--workers", "2"], env=environment, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "several workers need PostgreSQL" in done.stderr
    assert not (tmp_path / "sync.sqlite3").exists()


def test_an_unknown_database_is_refused_by_name():
    with pytest.raises(ValueError, match="'mysql' is not supported"):
        make_engine("mysql://db/gradlab")
