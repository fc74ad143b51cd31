"""Stop in real Pyodide under Node, wired as the worker wires it, with the engine wheel the site ships."""

import json
import subprocess
from pathlib import Path

HARNESS = Path(__file__).parent / "pyodide" / "stop_while_freeing.mjs"


def test_stop_is_never_lost_in_the_freeing_of_a_graph(built_site):
    # An interrupt read inside Value.__del__ could only be printed ("Exception ignored") and lost.
    (wheel,) = (built_site / "wheels").glob("*/*.whl")
    completed = subprocess.run(
        ["node", str(HARNESS), str(wheel)], capture_output=True, text=True, timeout=600, cwd=Path(__file__).parents[1]
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    reply = json.loads(completed.stdout)
    assert (reply["stopped"], reply["printed"]) == (20, "")
