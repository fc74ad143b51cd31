"""The grader in real Pyodide under Node, installed from the very wheel the site ships, split as in the
page (a judge's interpreter and a learner's): every corpus, and after each way past the grader, each
crash and each poison, a right answer and a known mistake graded in the same learner's interpreter."""

import json
import subprocess
from pathlib import Path

import pytest

from tests.corpus import corpus_lessons, corpus_seed, lesson_exercise, load_corpus, load_starter
from tests.pyodide.site_runtime import site_runtime
from tests.test_grader import CANARIES, TRIALS

HARNESS = Path(__file__).parent / "pyodide" / "grade_in_pyodide.mjs"
CORPUS = [(lesson, *entry) for lesson in corpus_lessons() for entry in load_corpus(lesson)]
SOURCES = {(lesson, name): (source, verdict, diagnosis) for lesson, name, source, verdict, diagnosis in CORPUS}
# Each trial, then its lesson's right answer and known mistake: the canary.
CANARY_RUNS = [(lesson, name, canary) for lesson, name in TRIALS for canary in (name, *CANARIES[lesson])]


@pytest.fixture(scope="module")
def pyodide_verdicts(built_site):
    """Every corpus submission, then every trial with its canary, graded in one judge's and one learner's
    Pyodide, each booted from the part of the standard library a boot without the snapshot fetches;
    ({(lesson, name): result}, [(lesson, trial, graded, result)], how often the judge fetched the rest)."""
    graded = [(lesson, name) for lesson, name, *_ in CORPUS] + [(lesson, canary) for lesson, _, canary in CANARY_RUNS]
    submissions = [
        {
            "exercise": lesson_exercise(lesson)[1],
            "source": SOURCES[(lesson, name)][0],
            "starter": load_starter(lesson),
            "seed": corpus_seed(lesson, name),
        }
        for lesson, name in graded
    ]
    files = site_runtime(built_site)
    completed = subprocess.run(
        ["node", str(HARNESS), str(files.wheel), str(files.boot), str(files.whole)],
        input=json.dumps(submissions),
        capture_output=True,
        text=True,
        timeout=900,
        cwd=Path(__file__).parents[1],
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    reply = json.loads(completed.stdout)
    assert reply["python"].startswith("3.14")
    results = reply["results"]
    corpus = {(lesson, name): result for (lesson, name, *_), result in zip(CORPUS, results)}
    canaries = [(*run, result) for run, result in zip(CANARY_RUNS, results[len(CORPUS) :])]
    return corpus, canaries, reply["judgeFetches"]


def verdict_of(result):
    return ("passed" if result["passed"] else "failed"), result["diagnosis"]


@pytest.mark.parametrize("lesson, name, source, verdict, diagnosis", CORPUS, ids=[f"{e[0]}/{e[1]}" for e in CORPUS])
def test_corpus_verdict_in_pyodide(pyodide_verdicts, lesson, name, source, verdict, diagnosis):
    result = pyodide_verdicts[0][(lesson, name)]
    assert verdict_of(result) == (verdict, diagnosis), result["message"]


def test_after_each_trial_the_canary_is_graded_as_ever_in_pyodide(pyodide_verdicts):
    for lesson, trial, graded, result in pyodide_verdicts[1]:
        _, verdict, diagnosis = SOURCES[(lesson, graded)]
        assert verdict_of(result) == (verdict, diagnosis), f"{lesson}/{graded} after {trial}: {result['message']}"


def test_the_judge_grades_everything_from_the_part_of_the_standard_library_a_boot_fetches(pyodide_verdicts):
    assert pyodide_verdicts[2] == 0
