"""One number format for prose, messages and the page's tables: Python's and the page's formatter on one table."""

import json
from pathlib import Path

import pytest

from grading.number_format import show_number
from tests.page_scripts import run_page_script

ROOT = Path(__file__).resolve().parent.parent
ROWS = json.loads((ROOT / "tests" / "fixtures" / "number_formats.json").read_text())["rows"]


def as_number(value):
    """The table's value: JSON has no NaN or infinities, so those are written as JavaScript spells them."""
    return float(value) if isinstance(value, str) else value


@pytest.mark.parametrize("value, reads", ROWS)
def test_python_reads_each_number_as_the_table_says(value, reads):
    assert show_number(as_number(value)) == reads


def test_the_page_reads_each_number_as_the_table_says():
    page = run_page_script("number_format.mjs")
    assert [[value, shown] for (value, _), shown in zip(ROWS, page)] == ROWS


def test_an_integer_too_big_for_a_float_still_reads_by_the_rule():
    assert show_number(10**400) == "1e+400"
