"""The shape of a Value column: a number, a list of numbers, or a list of such lists (a matrix, as
microgpt's weights are). The walks over that shape that the judge's side needs, in one place.
(grading/learner_side.py has its own, made only of builtins captured before learner code runs.)"""


def leaves(value):
    """The numbers (or nodes) of a nested list, in reading order; a single one as a list of one."""
    if not isinstance(value, list):
        return [value]
    return [leaf for item in value for leaf in leaves(item)]


def map_leaves(function, value):
    """The same nesting of lists, with function applied to every leaf."""
    if isinstance(value, list):
        return [map_leaves(function, item) for item in value]
    return function(value)


def is_numeric(value, depth=2):
    """A number, or a list (of lists, up to depth) of numbers; booleans are not numbers here."""
    if isinstance(value, list):
        return depth > 0 and all(is_numeric(item, depth - 1) for item in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def paths(value, name):
    """(leaf, its name) for every leaf: x, x[1], w[2][0]."""
    if not isinstance(value, list):
        return [(value, name)]
    return [pair for i, item in enumerate(value) for pair in paths(item, f"{name}[{i}]")]
