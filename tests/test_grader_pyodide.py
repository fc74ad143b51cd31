"""The grader in real Pyodide under Node, installed from the very wheel the site ships."""

import json
import subprocess
from pathlib import Path

import pytest

from tests.corpus import load_corpus, load_starter

HARNESS = Path(__file__).parent / "pyodide" / "grade_in_pyodide.mjs"
CORPUS = load_corpus()


@pytest.fixture(scope="module")
def pyodide_verdicts(built_site):
    """Every corpus submission graded in one Pyodide instance; {name: result}."""
    starter = load_starter()
    submissions = [{"exercise": "residual_stack", "source": source, "starter": starter} for _, source, _, _ in CORPUS]
    (wheel,) = (built_site / "wheels").glob("*/*.whl")
    completed = subprocess.run(["node", str(HARNESS), str(wheel)], input=json.dumps(submissions),
                               capture_output=True, text=True, timeout=600, cwd=Path(__file__).parents[1])
    assert completed.returncode == 0, completed.stderr[-3000:]
    reply = json.loads(completed.stdout)
    assert reply["python"].startswith("3.14")
    return {name: result for (name, *_), result in zip(CORPUS, reply["results"])}


@pytest.mark.parametrize("name, source, verdict, diagnosis", CORPUS, ids=[entry[0] for entry in CORPUS])
def test_corpus_verdict_in_pyodide(pyodide_verdicts, name, source, verdict, diagnosis):
    result = pyodide_verdicts[name]
    assert (("passed" if result["passed"] else "failed"), result["diagnosis"]) == (verdict, diagnosis), result["message"]
