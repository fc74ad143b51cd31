"""The memory snapshot's way into Python (static/page/snapshot-memory.js): copied only where a page changes,
the copy routed only for the snapshot's bytes, and the bytes freed once Python has booted; run by Node."""

import pytest

from tests.page_scripts import run_page_script


@pytest.fixture(scope="module")
def said():
    return run_page_script("snapshot_memory.mjs")


def test_the_copy_equals_a_plain_one_and_writes_only_the_pages_that_change(said):
    # Of six whole pages: two with data, one zero over a page written before; three zero on both sides.
    assert said["copied"]
    assert said["pagesWritten"] == 3


def test_a_source_not_on_a_word_boundary_is_copied_whole(said):
    assert said["misalignedCopied"]


def test_while_python_boots_the_snapshot_is_copied_whole_and_every_other_set_keeps_its_meaning(said):
    assert said["restoredCopied"]
    assert said["restoredReturns"] == "booted"
    assert said["othersUntouched"]


def test_int8arrays_own_set_is_put_back_after_a_boot_and_after_a_failed_one(said):
    assert said["setPutBack"]
    assert said["failedSetPutBack"]


def test_the_snapshots_bytes_are_freed_once_python_has_booted(said):
    assert said["snapshotReleased"]


def test_a_download_gathered_past_its_first_megabyte_keeps_every_byte_and_can_be_freed(said):
    assert said["inflatedSame"]
    assert said["inflatedReleased"]
