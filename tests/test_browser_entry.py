"""The worker's entry points (grading/browser.py): Stop against what the learner's code raises itself.

Stop is the page's interrupt, which Python reads as SIGINT; here the learner's code sends itself
that signal through the very handler the worker installs, as a real Stop would land."""

import _thread
import gc
import json
import signal
import sys
import threading

import pytest

import build
from engine import Value
from grading import browser
from grading.run_text import read_run
from tests.check_steps import check_in_steps, judged, learn
from tests.corpus import RIGHT_STACK, lesson_exercise

EXERCISE = json.dumps(lesson_exercise("8.6")[1])
SENDS_ITSELF_SIGINT = "import signal\nsignal.raise_signal(signal.SIGINT)\n"


@pytest.fixture
def stop_listened_for():
    # A Stop that lands while a graph is being freed is signalled again a moment later, as the page sets
    # its interrupt buffer again for Python to read at a later check. Dropped, it left a warm-up (much of
    # it freeing graphs) deaf to the Stop about one time in 40.
    browser.listen_for_stop(lambda: threading.Timer(0.001, _thread.interrupt_main).start())
    yield
    signal.signal(signal.SIGINT, signal.default_int_handler)


def check(source):
    """A Check as the page makes it; {"interrupted": true} when Stop ended it."""
    steps = check_in_steps(EXERCISE, source)
    return steps.get("judge", steps["learn"])


@pytest.mark.parametrize("raising", ["raise KeyboardInterrupt", "raise GeneratorExit", "raise Boom('no way')"])
def test_a_base_exception_the_function_raises_is_a_verdict_naming_it(stop_listened_for, raising):
    source = (
        RIGHT_STACK + f"\nclass Boom(BaseException):\n    pass\n\n_real = residual_stack\n\n"
        f"def residual_stack(x, depth=20):\n    {raising}\n"
    )
    verdict = check(source)
    name = raising.split()[1].split("(")[0]
    assert (verdict["passed"], verdict["diagnosis"], verdict["error"]["type"]) == (False, "raised", name)
    assert verdict["message"].startswith(f"residual_stack raised {name} on line 17")
    if name == "KeyboardInterrupt":
        assert "Stop was not pressed" in verdict["message"]


def test_a_keyboard_interrupt_raised_at_the_top_level_is_a_verdict(stop_listened_for):
    verdict = check(RIGHT_STACK + "raise KeyboardInterrupt\n")
    assert verdict["diagnosis"] == "raised" and "Your code raised KeyboardInterrupt on line 10" in verdict["message"]


def test_a_check_judges_its_own_cases_when_later_ones_were_drawn_meanwhile():
    """The judge works out what the reference gives on the cases it draws, ahead of the Check; cases drawn
    again before the Check (a Stop abandoned the first draw) must not lend theirs to the first ones."""
    first = json.loads(browser.prepare_json(EXERCISE))
    browser.prepare_json(EXERCISE)
    learned, runs = learn(first, RIGHT_STACK)
    verdict = judged(EXERCISE, RIGHT_STACK, first, runs, learned["reply"])
    assert verdict["passed"], verdict["message"]
    assert check(RIGHT_STACK)["passed"]  # and a Check as usual takes what was worked out ahead


def test_a_checks_runs_are_handed_on_one_by_one_and_the_reply_only_counts_them():
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    reply = json.loads(learned["reply"])
    assert reply["runs"] == len(runs) == len(prepared["cases"])
    assert all(set(json.loads(run)) >= {"data", "ops", "arity"} for run in runs)


def shaken(runs, reply, change):
    """A Check's channel messages after change(runs, reply), as learner code that meddles with them could send."""
    reply = json.loads(reply)
    runs = list(runs)
    change(runs, reply)
    return runs, json.dumps(reply)


@pytest.mark.parametrize(
    "change",
    [
        lambda runs, reply: runs.pop(),  # one run fewer than the reply counts
        lambda runs, reply: runs.append(runs[0]),  # one more run than there are cases
        lambda runs, reply: (runs.pop(), reply.update(runs=len(runs))),  # a case without its run
        lambda runs, reply: reply.pop("runs"),  # no count
    ],
    ids=["fewer", "more", "missing", "no-count"],
)
def test_a_check_whose_runs_do_not_add_up_is_a_crash_never_a_verdict_on_some_cases(change):
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    runs, reply = shaken(runs, learned["reply"], change)
    verdict = judged(EXERCISE, RIGHT_STACK, prepared, runs, reply)
    assert (verdict["passed"], verdict["diagnosis"]) == (False, "crashed")


def test_a_run_that_cannot_be_read_is_judged_as_such():
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    runs[1] = "{not json"
    verdict = judged(EXERCISE, RIGHT_STACK, prepared, runs, learned["reply"])
    assert verdict["diagnosis"] == "broken_graph" and "could not be read" in verdict["message"]


def test_a_reply_that_ends_rejected_after_some_runs_is_judged_by_the_rejection():
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    rejected = {"diagnosis": "raised", "message": "It raised.", "error": None}
    verdict = judged(EXERCISE, RIGHT_STACK, prepared, runs[:2], json.dumps({"rejected": rejected, "output": ""}))
    assert (verdict["diagnosis"], verdict["message"]) == ("raised", "It raised.")


def test_code_that_does_not_parse_is_judged_as_such_whatever_runs_come():
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    verdict = judged(EXERCISE, "def (", prepared, runs, learned["reply"])
    assert verdict["diagnosis"] == "syntax_error"


def test_stop_ends_a_check_a_run_and_a_graph_as_interrupted(stop_listened_for):
    assert check(RIGHT_STACK + SENDS_ITSELF_SIGINT) == {"interrupted": True}
    assert json.loads(browser.run_json(SENDS_ITSELF_SIGINT))["interrupted"] is True
    assert json.loads(browser.graph_json(EXERCISE, RIGHT_STACK + SENDS_ITSELF_SIGINT, 0)) == {"interrupted": True}


# Learner code that leaves the page's Stop to land in the grader's own putting back: the object it puts in
# place of Value.relu sends SIGINT when it is freed, which is when the grader puts relu back.
STOPS_WHEN_PUT_BACK = (
    "\nimport _thread\nfrom engine import Value\n\nclass StopsWhenFreed:\n"
    "    __del__ = staticmethod(_thread.interrupt_main)\n\nValue.relu = StopsWhenFreed()\n"
)


@pytest.mark.parametrize(
    "request_of",
    [
        pytest.param(check, id="check"),
        pytest.param(lambda source: json.loads(browser.run_json(source)), id="run"),
        pytest.param(lambda source: json.loads(browser.graph_json(EXERCISE, source, 0)), id="graph"),
    ],
)
def test_a_stop_that_lands_while_the_grader_puts_python_back_waits_until_all_is_back(request_of):
    """Read in the middle, it left sys.stdout the grader's buffer, and every later output of that
    interpreter went nowhere. Here it is signalled again (noted, not sent), as the page does."""
    heard_again = []
    browser.listen_for_stop(lambda: heard_again.append("stop"))
    streams, relu = (sys.stdout, sys.stderr), Value.relu
    try:
        result = request_of(RIGHT_STACK + STOPS_WHEN_PUT_BACK)
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    assert (sys.stdout, sys.stderr) == streams and Value.relu is relu
    assert result.get("interrupted", False) is False and result.get("passed", True) and result.get("ok", True)
    assert heard_again == ["stop"]


def test_after_a_stop_a_keyboard_interrupt_of_the_learners_own_is_its_own_again(stop_listened_for):
    assert check(RIGHT_STACK + SENDS_ITSELF_SIGINT) == {"interrupted": True}
    result = json.loads(browser.run_json("raise KeyboardInterrupt\n"))
    assert (result["ok"], result["interrupted"], result["error"]["type"]) == (False, False, "KeyboardInterrupt")
    assert result["error"]["traceback"].endswith("it is what Stop raises, but Stop was not pressed.\n")


def test_a_base_exception_raised_past_the_checks_is_a_sentence_not_a_crash(stop_listened_for):
    # inspect.signature reads __signature__, and lets what it raises through the grader's own code.
    source = (
        RIGHT_STACK
        + """
class Boom(BaseException):
    pass

class Sneaky:
    @property
    def __signature__(self):
        raise Boom("from a property")

    def __call__(self, x, depth=20):
        return x

residual_stack = Sneaky()
"""
    )
    verdict = check(source)
    assert (verdict["passed"], verdict["error"]["type"]) == (False, "Boom")
    assert verdict["message"].startswith(
        "Your code raised Boom on line 17 (from a property), which is not an Exception"
    )


@pytest.fixture(scope="module")
def mlp_explore():
    """9.2's explore of the hidden units, which draws the learner's mlp beside the reference: (explore JSON,
    exercise JSON), as the page sends them."""
    lesson = next(build.LESSONS_DIR.glob("9.2-*.md"))
    (explore,) = build.convert_and_check(lesson, lesson.read_text(encoding="utf-8"), build.make_templates()).blocks[
        "explore"
    ]
    block, _ = lesson_exercise("9.2")
    return json.dumps({"code": explore["code"], "controls": explore["controls"]}), json.dumps(
        block["grading"].to_dict()
    )


MLP_THAT = "def mlp(x, w1, w2):\n    {}\n"


def test_an_explore_whose_learner_code_raises_draws_no_line_of_theirs(stop_listened_for, mlp_explore):
    explore, exercise = mlp_explore
    reply = json.loads(browser.explore_json(explore, '{"letter": 5}', exercise, MLP_THAT.format("raise ValueError")))
    assert set(reply["series"]["yours"]) == {None} and len(reply["series"]["yours"]) == len(reply["x"])
    assert any(value is not None for value in reply["series"]["after"])


def test_stop_during_an_explore_of_the_learners_code_is_an_interruption_not_a_crash(stop_listened_for, mlp_explore):
    # The learner's run inside the explore takes the KeyboardInterrupt as its own error, like any run's;
    # the explore must still answer as stopped.
    explore, exercise = mlp_explore
    stopped = MLP_THAT.format("import signal; signal.raise_signal(signal.SIGINT)")
    assert json.loads(browser.explore_json(explore, '{"letter": 5}', exercise, stopped)) == {"interrupted": True}


def test_stop_while_the_learners_program_loads_for_an_explore_is_an_interruption(stop_listened_for, mlp_explore):
    explore, exercise = mlp_explore
    stopped = "import signal\nsignal.raise_signal(signal.SIGINT)\n" + MLP_THAT.format("return x")
    assert json.loads(browser.explore_json(explore, '{"letter": 5}', exercise, stopped)) == {"interrupted": True}


@pytest.mark.parametrize("returning", ["return x[:3]", "return [x]", "return x[0]", "return [None] * 64"])
def test_an_explore_whose_learner_code_gives_other_numbers_draws_gaps_where_they_are_not_points(
    stop_listened_for, mlp_explore, returning
):
    explore, exercise = mlp_explore
    reply = json.loads(browser.explore_json(explore, '{"letter": 5}', exercise, MLP_THAT.format(returning)))
    assert set(reply["series"]["yours"]) == {None} and len(reply["series"]["yours"]) == len(reply["x"])


def test_the_warm_up_check_runs_whole_as_a_learners_would():
    """The worker's warm-up (grading.browser.warm_up) takes a Check's every path before the learner's first
    Check: its function runs on every case, without a problem, and ships graphs of hundreds of nodes with
    the supplied calls that feed them."""
    learned = json.loads(browser.learn_json(*browser.WARM_UP_CHECK))
    runs = json.loads(learned["reply"])["runs"]
    assert learned["clean"] and [run.get("problem") for run in runs] == [None, None]
    assert all(len(run["data"]) > 300 and run["calls"] for run in runs)


def test_the_warm_up_hands_its_runs_on_as_a_check_does_and_then_freezes_what_python_holds():
    """Its Checks' runs go where the worker's hand_on sends them (as a Check's go over its channel), as
    text the judge reads; and at its end, what the interpreter holds is out of the collector's way."""
    handed_on = []
    gc.unfreeze()
    try:
        assert browser.warm_up(rounds=1, checks=2, hand_on=handed_on.append) is False
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
    assert len(handed_on) == 4 and all(len(read_run(run)["data"]) > 300 for run in handed_on)


def test_cases_are_drawn_even_where_the_reference_cannot_run_ahead():
    """What the reference gives is worked out ahead only to save time: a reference that fails there (a
    lesson the build would refuse) leaves the cases drawn, and the Check itself meets the failure."""
    broken = {
        "id": "f",
        "function": "f",
        "arguments": ["x"],
        "values": ["x"],
        "solution": "raise ValueError('a broken lesson')\n",
        "cases": [{"x": 1.0}],
        "mistakes": [],
    }
    prepared = json.loads(browser.prepare_json(json.dumps(broken)))
    assert prepared["cases"] == [{"x": 1.0}]


# Each about 3 s of work in CPython here: long past the Stop, and ended on its own by a warm-up deaf to it.
@pytest.mark.parametrize("stage", [{"checks": 400, "rounds": 0}, {"checks": 0, "rounds": 4000}])
def test_a_stop_that_lands_in_the_warm_up_ends_it_and_is_told_to_the_worker(stop_listened_for, stage):
    """Stop pressed just after Python says it is ready lands in the warm-up, which runs ahead of the request
    it was pressed for: the warm-up ends there and says so (the worker then ends that request as stopped),
    rather than raising out of the worker or ending a Check of its own as if nothing happened.
    Each stage in turn: its Checks, its engine rounds."""
    timer = threading.Timer(0.2, _thread.interrupt_main)  # the page's Stop, read as SIGINT by the handler
    timer.start()
    try:
        ended_by_stop = browser.warm_up(**stage)
    except KeyboardInterrupt:
        pytest.fail("the Stop raised out of the warm-up, and so out of the worker")
    finally:
        timer.cancel()
    assert ended_by_stop is True
    assert browser.warm_up(rounds=1, checks=1) is False
