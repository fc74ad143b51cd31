"""`make site` installs only what building a site needs: build.py's build, check and new run, and
import nothing, without the server's and the sync service's packages (the `serve` and `sync` extras)."""

import shutil
import subprocess
import sys
import textwrap

import build
from tests.preview import GOOD_LESSONS

SERVER_PACKAGES = ["starlette", "uvicorn", "webauthn", "sqlalchemy", "psycopg", "watchfiles", "anyio", "sync"]

# Run in a fresh interpreter whose imports of those packages fail, as in a venv that lacks them.
WITHOUT_SERVER_PACKAGES = textwrap.dedent("""
    import importlib.abc, sys
    ABSENT = set(sys.argv[1].split(","))

    class Absent(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ABSENT:
                raise ModuleNotFoundError(f"No module named {name!r} (not installed by `make site`)", name=name)

    sys.meta_path.insert(0, Absent())
    sys.path.insert(0, sys.argv[2])
    import build
    for command in sys.argv[3:]:
        status = build.main(command.split("|"))
        assert status == 0, f"build.py {command} failed"
    imported = sorted({name.split(".")[0] for name in sys.modules} & ABSENT)
    assert not imported, f"imported {imported}"
""")


def run_without_server_packages(*commands):
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_SERVER_PACKAGES, ",".join(SERVER_PACKAGES), str(build.ROOT), *commands],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_build_check_and_new_need_none_of_the_server_s_packages(tmp_path):
    lessons = tmp_path / "lessons"
    shutil.copytree(GOOD_LESSONS, lessons)
    ran = run_without_server_packages(
        f"check|--lessons|{lessons}",
        f"new|8.3|A new lesson|--lessons|{lessons}",
        f"build|--lessons|{lessons}|--out|{tmp_path / 'site'}",
        f"build|--lessons|{lessons}|--out|{tmp_path / 'synced'}|--sync-url|/api",
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert (tmp_path / "site" / "index.html").is_file() and (tmp_path / "synced" / "index.html").is_file()


def test_the_preview_is_the_command_that_needs_them(tmp_path):
    """The check above would catch an import: here it does, for the one command that needs the packages."""
    ran = run_without_server_packages(f"serve|--lessons|{GOOD_LESSONS}|--out|{tmp_path / 'site'}|--port|0")
    assert ran.returncode != 0 and "not installed by `make site`" in ran.stderr
