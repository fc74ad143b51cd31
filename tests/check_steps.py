"""A Check as the page makes it, here in one interpreter (grading.browser's entry points, in the order the
page and its two workers call them): the judge draws the cases, the learner's side hands each run on as it
makes it, the judge takes each, then gives the verdict on the rest of the reply."""

import json

from grading import browser


def learn(prepared, source):
    """The learner's side of a Check on prepare_json's reply: (learn_json's reply, the runs it handed on)."""
    runs = []
    learned = json.loads(
        browser.learn_json(json.dumps(prepared["request"]), source, json.dumps(prepared["cases"]), runs.append)
    )
    return learned, runs


def judged(exercise_json, source, prepared, runs, reply, starter=None):
    """The verdict on the runs and the rest of the reply, as the judge's worker gives it."""
    judging = browser.begin_judging(exercise_json, source, starter, prepared["prepared"])
    for run in runs:
        judging.take_json(run)
    return json.loads(judging.verdict_json(reply))


def check_in_steps(exercise_json, source, starter=None):
    """Each step's reply: {"prepare", "learn", "judge"}; no "judge" when Stop ended the learner's side."""
    prepared = json.loads(browser.prepare_json(exercise_json))
    learned, runs = learn(prepared, source)
    steps = {"prepare": prepared, "learn": learned}
    if not learned.get("interrupted"):
        steps["judge"] = judged(exercise_json, source, prepared, runs, learned["reply"], starter)
    return steps
