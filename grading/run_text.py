"""A case's run as text, as the learner's worker hands it to the judge's: JSON, but with each column of
floats (a graph's data and local gradients) as the base64 of its bytes.

Written out in decimal and read back, those floats (a thousand nodes or more a case, each with its data
and a rate per child) cost about a tenth of a Check's time on each side; as bytes they cost under half,
both ways, and come back bit for bit, NaN and infinities too. A column that holds anything but floats (a whole
number the learner's code left there) goes as JSON, as before. Both workers run in one browser, so the
bytes are in one machine's order.
"""

import array
import base64
import json

PACKED_COLUMNS = ("data", "rates")
FLOATS = "float64"  # the key of a packed column: {"float64": base64 of its bytes}


def run_text(run):
    """run (ship's dict, or a problem) as JSON text, its columns of floats packed."""
    if all(type(run.get(name)) is list for name in PACKED_COLUMNS):
        run = dict(run)
        for name in PACKED_COLUMNS:
            run[name] = packed(run[name])
    return json.dumps(run)


def packed(column):
    if set(map(type, column)) - {float}:
        return column
    return {FLOATS: base64.b64encode(array.array("d", column).tobytes()).decode("ascii")}


def read_run(text):
    """What run_text wrote, its packed columns as lists again. ValueError where text is not a run written
    so (the judge's reader then finds what is missing or wrong in it)."""
    run = json.loads(text)
    if type(run) is dict:
        for name in PACKED_COLUMNS:
            column = run.get(name)
            if type(column) is dict and set(column) == {FLOATS} and type(column[FLOATS]) is str:
                run[name] = unpacked(column[FLOATS])
    return run


def unpacked(text):
    floats = array.array("d")
    floats.frombytes(base64.b64decode(text, validate=True))  # ValueError if not whole floats
    return floats.tolist()
