"""An explore's numbers: the lesson's own Python function of the controls, run at build time for
the page's first view and in the browser as the controls move."""

import math

from grading.learner_runs import learner_runner

EXPLORE_FUNCTION = "explore"
COMPILED = {}


class ExploreError(Exception):
    """The explore's code cannot give a chart; the message says why, for the instructor."""


def compute_explore(code, controls, values, learner=None):
    """Run explore(**values) from code; return {"x": [...], "series": {name: [...]}}, every number
    finite or None (a gap in the chart), each control's value kept within its range.

    learner, when given, is (exercise, the learner's source): the code's yours(run, **values) then
    gives the "yours" series, where run(**case) runs the learner's function on a case."""
    namespace = {"__name__": "__explore__"}
    exec(compiled(code), namespace)
    function = namespace.get(EXPLORE_FUNCTION)
    if not callable(function):
        raise ExploreError(f"the explore's code must define a function {EXPLORE_FUNCTION}(…) of its controls")
    arguments = {
        control["name"]: clamp(control, values.get(control["name"], control["default"])) for control in controls
    }
    result = function(**arguments)
    if not isinstance(result, dict) or "x" not in result:
        raise ExploreError(f"{EXPLORE_FUNCTION}() must return a dict with the list 'x' and one list per series")
    if learner is not None:
        result = {**result, "yours": chart_points(learners_series(namespace, learner, arguments), len(result["x"]))}
    xs = list(result["x"])
    series = {name: [finite(v) for v in values] for name, values in result.items() if name != "x"}
    for name, values in series.items():
        if len(values) != len(xs):
            raise ExploreError(f"the series {name!r} has {len(values)} numbers where 'x' has {len(xs)}")
    return {"x": [finite(x) for x in xs], "series": series, "controls": arguments}


def learners_series(namespace, learner, arguments):
    """The explore's yours(run, **controls), run calling the learner's function on a case."""
    with learner_runner(*learner) as run:
        return namespace["yours"](run, **arguments)


def chart_points(series, length):
    """The learner's series as the chart's numbers: a gap wherever their code gave no number. A run whose
    code raised reads None, and a wrong function may give a list of another length or of lists: no line
    of theirs then, never a chart that fails (nor, in the page, a worker that crashes under a Check)."""
    if not isinstance(series, (list, tuple)) or len(series) != length:
        return [None] * length
    return [value if isinstance(value, (int, float)) and not isinstance(value, bool) else None for value in series]


def compiled(code):
    if code not in COMPILED:
        COMPILED[code] = compile(code, "<explore>", "exec")
    return COMPILED[code]


def clamp(control, value):
    """A control's value as a number within its range (the page's slider cannot go further either)."""
    number = float(value)
    number = min(max(number, control["min"]), control["max"])
    return int(number) if float(control["step"]).is_integer() and float(control["min"]).is_integer() else number


def finite(value):
    """A number for JSON: None where it is not finite (JSON has no nan or infinity), or missing."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None
