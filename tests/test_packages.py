"""Packages a lesson lists: fetched once, pinned by hash, importable by the build, served by the site."""

import json
import re
import shutil
from pathlib import Path

import pytest

import build

FIXTURE = Path(__file__).parent / "fixtures" / "lessons" / "packages"
LESSON = "1.1-a-table-of-numbers.md"
PIN = "tabulate==0.9.0 sha256:024ca478df22e9340661486f85298cff5f6dcdba14f3813e8830015b9ed1948f"


@pytest.fixture(scope="module")
def packages_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("packages-site")
    build.build_site(FIXTURE, out)
    return out


def test_the_wheel_is_served_and_named_in_the_page(packages_site):
    page = (packages_site / "1.1-a-table-of-numbers" / "index.html").read_text()
    (listed,) = json.loads(re.search(r"data-packages='([^']*)'", page).group(1))
    assert listed.startswith("../wheels/") and listed.endswith("/tabulate-0.9.0-py3-none-any.whl")
    assert (packages_site / "1.1-a-table-of-numbers" / listed).is_file()


def test_the_build_runs_the_lessons_code_with_the_package(packages_site):
    page = (packages_site / "1.1-a-table-of-numbers" / "index.html").read_text()
    assert '<span class="computed">6</span>' in page  # tabulate's own table, measured at build time


def test_lessons_without_packages_list_none(built_site):
    page = (built_site / "8.6-residual-connections" / "index.html").read_text()
    assert "data-packages='[]'" in page


@pytest.mark.parametrize(
    "pin, problem",
    [
        ("tabulate==0.9.0", "pin tabulate==0.9.0 with its hash: write 'tabulate==0.9.0 sha256:024ca478"),
        ("tabulate==0.9.0 sha256:" + "0" * 64, "tabulate-0.9.0-py3-none-any.whl has sha256 024ca478"),
        ("tabulate>=0.9", "a package reads 'name==version sha256:<hash>'"),
    ],
)
def test_a_pin_without_its_hash_or_with_another_is_a_problem(pin, problem, tmp_path, monkeypatch, capsys):
    lessons = tmp_path / "lessons"
    shutil.copytree(FIXTURE, lessons)
    lesson = lessons / LESSON
    lesson.write_text(lesson.read_text().replace(PIN, pin))
    monkeypatch.chdir(tmp_path)
    assert build.main(["check", "--lessons", "lessons"]) == 1
    assert f"lessons/{LESSON}:5: {problem}" in capsys.readouterr().err
