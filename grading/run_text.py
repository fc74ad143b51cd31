"""A case's run as text, as the learner's worker hands it to the judge's: JSON, but with each column of
numbers (a graph's data and local gradients) as the base64 of its floats' bytes.

Written out in decimal and read back, those floats (a thousand nodes or more a case, each with its data
and a rate per child) cost about a tenth of a Check's time on each side; as bytes they cost under half,
both ways, and come back bit for bit, NaN and infinities too. A whole number the learner's code left in a
column (sum() starts at 0, so most graphs hold one) travels beside the bytes, as JSON, at its place, and
comes back exactly, however large. A column that holds anything else (a bool, a string) goes as JSON, as
before. Both workers run in one browser, so the bytes are in one machine's order.
"""

import array
import base64
import json

PACKED_COLUMNS = ("data", "rates")
FLOATS = "float64"  # a packed column: {"float64": base64 of its floats' bytes, "whole": [[place, number], …]}
WHOLE = "whole"


def run_text(run):
    """run (ship's dict, or a problem) as JSON text, its columns of numbers packed."""
    if all(type(run.get(name)) is list for name in PACKED_COLUMNS):
        run = dict(run)
        for name in PACKED_COLUMNS:
            run[name] = packed(run[name])
    return json.dumps(run)


def packed(column):
    kinds = set(map(type, column))
    if kinds <= {float}:
        return {FLOATS: floats_text(column)}
    if kinds <= {float, int}:
        whole = [[place, number] for place, number in enumerate(column) if type(number) is int]
        return {FLOATS: floats_text([0.0 if type(number) is int else number for number in column]), WHOLE: whole}
    return column


def floats_text(floats):
    return base64.b64encode(array.array("d", floats).tobytes()).decode("ascii")


def read_run(text):
    """What run_text wrote, its packed columns as lists again. ValueError where text is not a run written
    so (the judge's reader then finds what is missing or wrong in it)."""
    run = json.loads(text)
    if type(run) is dict:
        for name in PACKED_COLUMNS:
            column = run.get(name)
            if type(column) is dict and FLOATS in column and set(column) <= {FLOATS, WHOLE}:
                run[name] = unpacked(column[FLOATS], column.get(WHOLE, []))
    return run


def unpacked(text, whole):
    if type(text) is not str or type(whole) is not list:
        raise ValueError("a packed column is not base64 text and a list of whole numbers")
    floats = array.array("d")
    floats.frombytes(base64.b64decode(text, validate=True))  # ValueError if not whole floats
    column = floats.tolist()
    for pair in whole:
        if not (type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int):
            raise ValueError("a packed column's whole numbers are not [place, number] pairs")
        if not 0 <= pair[0] < len(column):
            raise ValueError("a packed column's whole number is placed outside it")
        column[pair[0]] = pair[1]
    return column
