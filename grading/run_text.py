"""A case's run as the text a Check's channel carries from the learner's worker to the judge's: JSON, with
the graph's columns of floats (see grading.learner_side.ship) packed as their 8-byte machine numbers, in
base64. Writing each float as decimal text and reading it back was most of the time JSON took on a graph;
packed, the numbers are copied, bit for bit (NaN, infinities and -0.0 too). The columns of indices stay
JSON: small ints are written and read quickly, in fewer characters than packed.

A column of data or local gradients may hold whole numbers (sum() starts a Value at the int 0): they travel
apart, as JSON, so that an int reaches the judge as the very int, never as a float near it."""

import base64
import binascii
import json
from array import array
from itertools import compress, repeat
from operator import is_not

PACKED = ("data", "rates")  # the columns of floats: each node's data, each link's local gradient


def run_text(run):
    """run (what learner_side.run_case gives) as JSON text, its columns of numbers packed where they can be."""
    if type(run) is dict:
        run = {**run, **{name: packed(run[name]) for name in PACKED if type(run.get(name)) is list}}
    return json.dumps(run)


def packed(numbers):
    """{"packed": base64 of the floats' bytes, "whole": [[place, int], …] if it holds ints}, or the list
    as it is if it holds anything else: the judge reads either."""
    places = list(compress(range(len(numbers)), map(is_not, map(type, numbers), repeat(float))))
    whole = [[place, numbers[place]] for place in places]
    if any(type(number) is not int for _, number in whole):
        return numbers
    if whole:
        numbers = list(numbers)
        for place in places:
            numbers[place] = 0.0
    column = {"packed": base64.b64encode(array("d", numbers).tobytes()).decode("ascii")}
    if whole:
        column["whole"] = whole
    return column


def read_run(text):
    """The run that run_text wrote, its packed columns as lists again. ValueError if text is not one."""
    run = json.loads(text)
    if type(run) is dict:
        for name in PACKED:
            if type(run.get(name)) is dict:
                run[name] = unpacked(run[name])
    return run


def unpacked(column):
    """The list of numbers a packed column holds. ValueError if it is not one packed's output could be."""
    try:
        numbers = array("d", base64.b64decode(column["packed"], validate=True)).tolist()
    except (KeyError, TypeError, binascii.Error) as error:
        raise ValueError(f"not a packed column: {error}") from None
    whole = column.get("whole", [])
    if type(whole) is not list:
        raise ValueError("a packed column's whole numbers are not a list of [place, int]")
    for pair in whole:
        if not (type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int):
            raise ValueError("a packed column's whole numbers are not a list of [place, int]")
        place, number = pair
        if not 0 <= place < len(numbers):
            raise ValueError("a packed column's whole number is placed outside it")
        numbers[place] = number
    return numbers
