"""The page ↔ worker ↔ Python protocol, declared in static/page/worker-protocol.json, against its three users:
grading/browser.py's entry points (called here for real, in CPython), and the page's and the worker's scripts."""

import inspect
import json
import re
from pathlib import Path

import pytest

from grading import browser
from tests.check_steps import check_in_steps, learn
from tests.corpus import RIGHT_STACK, lesson_exercise

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = json.loads((ROOT / "static" / "page" / "worker-protocol.json").read_text())
REQUESTS, NOTICES, REPLIES, CHANNEL = (PROTOCOL[part] for part in ("requests", "notices", "replies", "channel"))
PAGE = (ROOT / "static" / "page" / "python-runtime.js").read_text()
WORKER = (ROOT / "static" / "python-worker.js").read_text()

EXERCISE = json.dumps(lesson_exercise("8.6")[1])
WRONG_STACK = RIGHT_STACK.replace("x = x + layer(x)", "x = layer(x)")
EXPLORE = json.dumps(
    {
        "code": "def explore(depth):\n    return {'x': list(range(depth)), 'twice': [2 * d for d in range(depth)]}\n"
        "def yours(run, depth):\n    return [run(x=1.0, depth=d).grad_x for d in range(depth)]\n",
        "controls": [{"name": "depth", "min": 1, "max": 5, "step": 1, "default": 3}],
    }
)


def replies_by_kind():
    """Real replies of every entry point, right and wrong code alike."""
    replies = {kind: [] for kind in REQUESTS}
    for source in (RIGHT_STACK, WRONG_STACK, "def ("):
        for kind, reply in check_in_steps(EXERCISE, source).items():
            replies[kind].append(reply)
    replies["run"] += [json.loads(browser.run_json(code)) for code in ("print(1)\n", "1 / 0\n")]
    replies["explore"] += [
        json.loads(browser.explore_json(EXPLORE, json.dumps({"depth": 4}))),
        json.loads(browser.explore_json(EXPLORE, json.dumps({}), EXERCISE, "def (")),
    ]
    replies["graph"] += [
        json.loads(browser.graph_json(EXERCISE, source, 0)) for source in (RIGHT_STACK, WRONG_STACK, "def (")
    ]
    replies["beside"] += [
        json.loads(browser.reference_graph_json(EXERCISE, graph["case"], json.dumps(graph["yours"])))
        for graph in replies["graph"]
    ] + [json.loads(browser.reference_graph_json(EXERCISE, 0, "not JSON"))]
    return replies


@pytest.mark.parametrize("kind", REQUESTS)
def test_each_request_is_answered_by_a_python_entry_point_taking_its_fields_in_order(kind):
    declared = REQUESTS[kind]
    entry = getattr(browser, declared["python"])
    parameters = list(inspect.signature(entry).parameters.values())
    # A request that sends over a Check's channel gives Python, after its fields, the function that sends a run.
    taken = len(declared["fields"]) + (declared.get("channel") == "sends")
    assert len(parameters) == taken, f"{declared['python']} takes {len(parameters)} arguments"
    with_defaults = [
        name for name, parameter in zip(declared["fields"], parameters) if parameter.default is not parameter.empty
    ]
    assert set(with_defaults) <= set(declared.get("nullable", ())), f"{kind}: a field Python defaults must be nullable"
    assert declared["role"] in ("learner", "judge")


def test_every_reply_the_python_side_gives_holds_only_declared_fields():
    for kind, replies in replies_by_kind().items():
        declared = set(REQUESTS[kind]["reply"])
        for reply in replies:
            assert set(reply) <= declared, f"{kind} replied with undeclared fields {set(reply) - declared}"
    assert {"prepared", "request", "cases"} <= set(REQUESTS["prepare"]["reply"])


def test_an_interrupted_learner_request_replies_only_with_a_declared_field():
    interrupted = set(json.loads(browser.INTERRUPTED))
    for kind, declared in REQUESTS.items():
        if declared["role"] == "learner":
            assert interrupted <= set(declared["reply"]), kind


def test_a_checks_channel_joins_the_learn_request_to_the_judge_request():
    assert {kind: declared["channel"] for kind, declared in REQUESTS.items() if "channel" in declared} == {
        "learn": "sends",
        "judge": "receives",
    }


def test_the_judging_python_begins_takes_every_channel_message_by_its_declared_method():
    """begin_judging's object takes each channel message by the method the declaration names, its fields in
    order: a Check's runs taken that way, then its end, give the verdict."""
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    judging = browser.begin_judging(EXERCISE, RIGHT_STACK, None, prepared["prepared"])
    for kind, declared in CHANNEL.items():
        parameters = inspect.signature(getattr(judging, declared["python"])).parameters
        assert len(parameters) == len(declared["fields"]), kind
    for run in runs:
        getattr(judging, CHANNEL["run"]["python"])(run)
    verdict = json.loads(getattr(judging, CHANNEL["end"]["python"])(learned["reply"]))
    assert verdict["passed"] and len(runs) == len(prepared["cases"]) == json.loads(learned["reply"])["runs"]


def test_the_workers_send_and_take_a_checks_channel_messages_through_the_declaration():
    assert set(re.findall(r'channelMessage\("([\w-]+)"', WORKER)) == set(CHANNEL)
    assert "channelCall(message)" in WORKER and "channelCall(data)" in WORKER


def test_the_page_sends_every_declared_request_and_nothing_else():
    sent = set(re.findall(r'(?:this\.request|this\.askJudge)\("([\w-]+)"', PAGE))
    assert sent == set(REQUESTS)


def test_the_page_sends_every_declared_notice_and_the_worker_heeds_each():
    assert set(re.findall(r'noticeMessage\("([\w-]+)"', PAGE)) == set(NOTICES)
    assert set(re.findall(r'notice\.type [!=]== "([\w-]+)"', WORKER)) == set(NOTICES)
    assert "isNotice(message?.type)" in WORKER
    assert all(notice["role"] in ("learner", "judge") and "python" not in notice for notice in NOTICES.values())


def test_the_page_handles_every_declared_reply():
    handled = set(re.findall(r'message\.type === "([\w-]+)"', PAGE))
    assert handled == set(REPLIES)


def test_the_worker_sends_only_declared_replies_and_answers_requests_through_the_declaration():
    sent = set(re.findall(r'replyMessage\("([\w-]+)"', WORKER))
    assert sent and sent <= set(REPLIES)
    assert "pythonCall(data)" in WORKER and "roleFor(data.type)" in WORKER


@pytest.mark.parametrize("script", [PAGE, WORKER], ids=["page", "worker"])
def test_no_message_is_written_by_hand(script):
    """Every message goes through worker-protocol.js, which checks it against the declaration."""
    assert not re.search(r'\btype: "(?!module")', script)  # a module worker's option is no message
    assert not re.search(r"\.(?:send|postMessage)\(\{", script)


def test_the_page_reads_only_declared_fields_of_a_checks_replies():
    for name, kind in (("drawn", "prepare"), ("learned", "learn")):
        read = set(re.findall(rf"\b{name}\.result\.(\w+)", PAGE))
        assert read and read <= set(REQUESTS[kind]["reply"]), f"{kind}: {read}"
