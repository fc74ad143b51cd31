"""The memory snapshot's way into Python (static/page/snapshot-memory.js): filled back in from the build's
file of its pages that are not zero, copied only where a page changes, the copy routed only for the
snapshot's bytes, and the bytes freed once Python has booted; run by Node."""

import gzip

import pytest

from gradlab.snapshot import PAGE, without_zero_pages
from tests.page_scripts import run_page_script


def made_up_memory():
    """Pages of data and of zeros, the data in spans of one page and of two, and a last page not whole."""
    pages = [b"\1" * PAGE, bytes(PAGE), bytes(PAGE), b"\2" * PAGE, bytes(PAGE - 1) + b"\3", bytes(PAGE)]
    return b"".join(pages) + bytes(50) + b"\4" * 50


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    folder = tmp_path_factory.mktemp("snapshot")
    memory = made_up_memory()
    (folder / "memory").write_bytes(memory)
    (folder / "snapshot.gz").write_bytes(gzip.compress(without_zero_pages(memory)))
    return run_page_script("snapshot_memory.mjs", folder / "memory", folder / "snapshot.gz")


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


def test_the_build_leaves_out_the_zero_pages_and_keeps_the_rest_in_spans():
    memory = made_up_memory()
    written = without_zero_pages(memory)
    # Its head: the name, the full length, two spans (page 0; pages 3 and 4), then the tail's page.
    assert written[:4] == b"GLS1"
    assert int.from_bytes(written[4:8], "little") == len(memory)
    spans = [int.from_bytes(written[at : at + 4], "little") for at in range(12, 12 + 6 * 4, 4)]
    assert int.from_bytes(written[8:12], "little") == 3
    assert spans == [0, PAGE, 3 * PAGE, 2 * PAGE, 6 * PAGE, 100]
    assert len(written) == 12 + 6 * 4 + 3 * PAGE + 100


def test_the_page_fills_the_memory_back_in_however_its_bytes_arrive_and_can_free_it(said):
    assert said["expandedSame"]
    assert said["expandedLength"] == len(made_up_memory())
    assert said["expandedReleased"]


def test_a_snapshot_cut_short_too_long_or_of_another_layout_is_refused(said):
    assert "ended before its last span" in said["cutShort"]
    assert "more bytes than its spans hold" in said["tooLong"]
    assert "not one this page reads" in said["notSparse"]
