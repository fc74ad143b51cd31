"""One schema for the progress document (sync/progress_document.schema.json): the service checks it with
jsonschema, the page with its own small validator of the same file; both give the same answer on one table."""

import json
from pathlib import Path

import pytest

from sync.progress import document_problem
from sync.progress_merge import RECORD_SCHEMA, SCHEMA
from tests.page_scripts import run_page_script

ROOT = Path(__file__).resolve().parent.parent
ROWS = json.loads((ROOT / "tests" / "fixtures" / "progress_documents.json").read_text())["rows"]
SCHEMA_FILE = json.loads((ROOT / "sync" / "progress_document.schema.json").read_text())
ANNOTATIONS = {"about", "problem"}


@pytest.fixture(scope="module")
def page():
    """What the page's validator says of each row, and the keywords it implements, run by Node."""
    return run_page_script("progress_document.mjs")


@pytest.mark.parametrize("index", range(len(ROWS)))
def test_the_service_says_what_the_table_says(index):
    document_id, doc, problem = ROWS[index]
    assert document_problem(document_id, doc) == problem


def test_the_page_says_what_the_table_says(page):
    assert [[row[0], row[1], said] for row, said in zip(ROWS, page["problems"])] == ROWS


def subschemas(schema):
    yield schema
    for keyword in ("properties",):
        for sub in schema.get(keyword, {}).values():
            yield from subschemas(sub)
    for keyword in ("additionalProperties", "items", "propertyNames"):
        if isinstance(schema.get(keyword), dict):
            yield from subschemas(schema[keyword])


def every_subschema():
    for kind in SCHEMA_FILE["$defs"].values():
        yield from subschemas(kind)


def test_the_schema_uses_only_keywords_the_page_implements(page):
    used = {keyword for schema in every_subschema() for keyword in schema} - ANNOTATIONS
    assert used <= set(page["keywords"])


def test_every_check_in_the_schema_has_its_sentence():
    for schema in every_subschema():
        checks = set(schema) - ANNOTATIONS - {"properties", "additionalProperties", "items", "propertyNames"}
        problem = schema.get("problem")
        if checks:
            assert isinstance(problem, str) or (isinstance(problem, dict) and checks <= set(problem)), schema


def test_the_schema_keeps_the_formats_the_merges_write():
    assert SCHEMA_FILE["$defs"]["lesson"]["properties"]["schema"]["const"] == SCHEMA
    assert SCHEMA_FILE["$defs"]["card"]["properties"]["schema"]["const"] == RECORD_SCHEMA
    assert SCHEMA_FILE["$defs"]["test"]["properties"]["schema"]["const"] == RECORD_SCHEMA
