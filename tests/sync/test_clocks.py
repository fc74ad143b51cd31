"""No device's clock decides a merge: a device whose clock says 2100 or 1970 syncs with an honest one
and neither loses what the other did after seeing its work, in either order; a tie keeps both.

The wrong clock is set wrong again before each of its device's changes, as if it jumped after the
device last learned the service's time: the order must then come from the documents alone."""

import time
from datetime import UTC, datetime

import pytest

from tests.sync.device import Learner

WRONG_CLOCKS = {"2100": datetime(2100, 1, 1, tzinfo=UTC), "1970": datetime(1970, 1, 2, tzinfo=UTC)}


@pytest.fixture
def pair(devices):
    """pair(wrong_clock) → (a device whose clock says that year, an honest device), signed in to one account."""

    def make(year):
        wrong, honest = devices(2)
        wrong.create_account()
        honest.add_with_code(wrong.device_code())
        return WrongClock(wrong, WRONG_CLOCKS[year].timestamp() * 1000), Learner(honest, time.time() * 1000)

    return make


class WrongClock(Learner):
    """A device whose clock says the same wrong year at each change, whatever the service told it."""

    def __init__(self, device, wrong_ms):
        super().__init__(device, wrong_ms)
        self.wrong_ms = wrong_ms

    def stamp(self, lesson):
        self.wrong_ms += 1
        self.clock_ms, self.offset = self.wrong_ms, 0
        return super().stamp(lesson)


@pytest.mark.parametrize("year", WRONG_CLOCKS)
@pytest.mark.parametrize("wrong_first", [True, False], ids=["wrong-clock-first", "honest-first"])
def test_each_edit_made_after_seeing_the_other_wins_whatever_the_clocks(pair, year, wrong_first):
    wrong, honest = pair(year)
    first, second = (wrong, honest) if wrong_first else (honest, wrong)
    first.edit("edit 0")  # before any sync: the wrong clock's time reaches the service
    first.sync()
    for turn, device in enumerate([second, first, second], start=1):
        device.sync()
        device.edit(f"edit {turn}")
        device.sync()
    first.sync()
    for device in (wrong, honest):
        assert device.code() == "edit 3"
        assert device.drafts() == [], "each edit built on the one before: none is a concurrent draft"


@pytest.mark.parametrize("year", WRONG_CLOCKS)
def test_start_over_on_a_wrong_clock_drops_only_what_came_before_it(pair, year):
    wrong, honest = pair(year)
    honest.edit("before start over")
    honest.sync()
    wrong.sync()
    wrong.start_over()
    wrong.sync()
    honest.sync()
    assert honest.code() is None, "the Start over reached the honest device"
    honest.edit("after start over")
    honest.pick("q-layer", 2)
    honest.sync()
    wrong.sync()
    for device in (wrong, honest):
        assert device.code() == "after start over"
        assert device.doc()["quizzes"] == {"q-layer": [2]}


@pytest.mark.parametrize("year", WRONG_CLOCKS)
def test_the_last_quiz_pick_stays_the_current_one(pair, year):
    wrong, honest = pair(year)
    wrong.pick("q-layer", 1)
    wrong.sync()
    honest.sync()
    honest.pick("q-layer", 3)
    honest.sync()
    wrong.sync()
    for device in (wrong, honest):
        assert device.doc()["quizzes"]["q-layer"][-1] == 3
    wrong.pick("q-layer", 0)
    wrong.sync()
    honest.sync()
    for device in (wrong, honest):
        assert device.doc()["quizzes"]["q-layer"][-1] == 0


def test_two_edits_in_the_same_millisecond_are_both_kept(devices):
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    now = time.time() * 1000
    laptop, phone = Learner(laptop, now), Learner(phone, now)
    laptop.edit("laptop's")
    phone.edit("phone's")
    assert laptop.doc()["exercises"]["stack"]["edited"] == phone.doc()["exercises"]["stack"]["edited"]
    laptop.sync()
    phone.sync()
    laptop.sync()
    for device in (laptop, phone):
        assert sorted([device.code(), *device.drafts()]) == ["laptop's", "phone's"]


def test_an_edit_at_the_time_of_the_version_another_was_written_over_is_kept(devices):
    """Two versions share one time; a later edit on top of one of them drops that one alone."""
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    now = time.time() * 1000
    laptop, phone = Learner(laptop, now), Learner(phone, now)
    laptop.edit("laptop's")
    phone.edit("phone's")
    laptop.sync()
    laptop.edit("laptop's, again")  # written over "laptop's", at the time "phone's" has too
    phone.sync()
    laptop.sync()
    phone.sync()
    for device in (laptop, phone):
        assert device.code() == "laptop's, again"
        assert device.drafts() == ["phone's"]
