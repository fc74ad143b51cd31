"""Fixtures shared by every test folder: one built site per test session."""

import pytest

import build


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The real site, built once from lessons/ by the same code as `make site`."""
    out = tmp_path_factory.mktemp("site")
    build.build_site(build.LESSONS_DIR, out)
    return out
