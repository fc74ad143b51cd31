"""The grader in real Pyodide under Node, installed from the very wheel the site ships: every corpus."""

import json
import subprocess
from pathlib import Path

import pytest

from tests.corpus import corpus_lessons, lesson_exercise, load_corpus, load_starter

HARNESS = Path(__file__).parent / "pyodide" / "grade_in_pyodide.mjs"
CORPUS = [(lesson, *entry) for lesson in corpus_lessons() for entry in load_corpus(lesson)]


@pytest.fixture(scope="module")
def pyodide_verdicts(built_site):
    """Every corpus submission graded in one Pyodide instance; {(lesson, name): result}."""
    submissions = [{"exercise": lesson_exercise(lesson)[1], "source": source, "starter": load_starter(lesson)}
                   for lesson, _, source, _, _ in CORPUS]
    (wheel,) = (built_site / "wheels").glob("*/*.whl")
    completed = subprocess.run(["node", str(HARNESS), str(wheel)], input=json.dumps(submissions),
                               capture_output=True, text=True, timeout=600, cwd=Path(__file__).parents[1])
    assert completed.returncode == 0, completed.stderr[-3000:]
    reply = json.loads(completed.stdout)
    assert reply["python"].startswith("3.14")
    return {(lesson, name): result for (lesson, name, *_), result in zip(CORPUS, reply["results"])}


@pytest.mark.parametrize("lesson, name, source, verdict, diagnosis", CORPUS, ids=[f"{e[0]}/{e[1]}" for e in CORPUS])
def test_corpus_verdict_in_pyodide(pyodide_verdicts, lesson, name, source, verdict, diagnosis):
    result = pyodide_verdicts[(lesson, name)]
    assert (("passed" if result["passed"] else "failed"), result["diagnosis"]) == (verdict, diagnosis), result["message"]
