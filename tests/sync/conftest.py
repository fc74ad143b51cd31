"""The sync service on a loopback port, on SQLite and (for the tests that take `database`) on PostgreSQL."""

import itertools

import pytest

from sync.serve import BackgroundService
from sync.settings import Settings
from tests.sync.device import SITE, Device
from tests.sync.wide_course import write_wide_course


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A fresh, empty database: an SQLite file, or a new database on the throwaway PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'sync.sqlite3'}"
    return request.getfixturevalue("postgres_server").create_database(f"sync_{next(DATABASE_NUMBERS)}")


DATABASE_NUMBERS = itertools.count(1)


@pytest.fixture(scope="session")
def wide_course(tmp_path_factory):
    """A lessons folder whose plan has 150 lessons ("0.0" … "14.9"): what the services of these tests accept."""
    return str(write_wide_course(tmp_path_factory.mktemp("wide-course")))


@pytest.fixture
def start_service(tmp_path, wide_course):
    """start_service(**settings) → a running service (SQLite in tmp_path unless database_url is given,
    the wide course's plan unless lessons_dir is given)."""
    running = []

    def start(log_level="warning", **settings):
        settings.setdefault("database_url", f"sqlite:///{tmp_path / 'sync.sqlite3'}")
        settings.setdefault("lessons_dir", wide_course)
        settings.setdefault("secret_file", str(tmp_path / "sync.secret"))
        settings.setdefault("site_origins", (SITE,))
        service = BackgroundService(Settings(**settings), log_level=log_level)
        running.append(service)
        return service

    yield start
    for service in running:
        service.stop()


@pytest.fixture
def service(start_service, database):
    """The service with default settings, once on SQLite and once on PostgreSQL."""
    return start_service(database_url=database)


@pytest.fixture
def devices(service):
    """devices(n) → n devices talking to the service, closed after the test."""
    made = []

    def make(count=1, **options):
        new = [Device(service.url, **options) for _ in range(count)]
        made.extend(new)
        return new if count > 1 else new[0]

    yield make
    for device in made:
        device.close()
