"""The explore block kind: an interactive chart whose numbers come from the lesson's own Python.

```explore NAME
title: Gradient reaching the input                 the figure's name, for screen readers and tests
caption: What the chart shows, in markdown.
x: depth (layers)                                  the horizontal axis's label
y: gradient at the input, log                      the vertical axis's label, then linear or log
control depth: Depth, 1 to 100 step 1, default 40  a slider: its label, range, step and first value
series deep: deep stack                           a line: its label, then solid or dashed
yours stack: deep                                  after a Check of exercise `stack`, the learner's curve over `deep`
--- python
def explore(depth):                                the controls' values in, {"x": [...], NAME: [...]} out
    ...
--- yours
def yours(run, depth):                             run(**case) runs the learner's function: .output, .grad_x
    return [run(x=1.0, depth=d).grad_x for d in range(depth + 1)]
```
"""

import functools
import json
import math
import re

from grading.explore import ExploreError, compute_explore
from gradlab.blocks import exercise as exercise_kind
from gradlab.blocks.kind import PAGE_MODULES, TEMPLATES, BlockKind
from gradlab.problems import LessonProblem

SETTINGS = ("title", "caption", "x", "y", "control", "series", "yours")
SETTING = re.compile(r"^(\w+)(?:\s+([A-Za-z_]\w*))?\s*:\s*(.*?)\s*$")
CONTROL = re.compile(r"^(.+?),\s*(-?[\d.]+)\s+to\s+(-?[\d.]+)\s+step\s+([\d.]+),\s*default\s+(-?[\d.]+)$")
SCALES = ("linear", "log")


def parse_explore(argument, lines, opening, context):
    """The explore's declaration and its first view, computed now; None (with problems) if unusable."""
    if context.namespace is None:
        return None  # the lesson's numbers code failed, which is reported already
    report = context.report
    marker = next((i for i, line in enumerate(lines) if re.match(r"^---\s*python\s*$", line)), None)
    yours_marker = next((i for i, line in enumerate(lines) if re.match(r"^---\s*yours\s*$", line)), None)
    if not re.fullmatch(r"[A-Za-z][\w-]*", argument):
        report(opening, f"name the explore after the fence, as in '```explore growth', not {argument!r}")
        return None
    if marker is None:
        report(
            opening,
            "the explore has no '--- python' part: add one defining explore(…), a function of its "
            "controls that returns {'x': [...], 'series name': [...]}",
        )
        return None
    explore = {
        "name": argument,
        "title": "",
        "caption": "",
        "x": "",
        "y": "",
        "scale": "linear",
        "controls": [],
        "series": [],
        "yours": None,
    }
    ok = True
    for number, line in enumerate(lines[:marker], start=opening + 1):
        if line.strip():
            ok = read_setting(explore, line, number, context) and ok
    for key in ("title", "x", "y"):
        if not explore[key]:
            report(opening, f"the explore's '{key}:' is missing: add a line such as '{key}: …'")
            ok = False
    if not explore["series"]:
        report(opening, "the explore has no 'series NAME: label' line: name each line the chart draws")
        ok = False
    if not ok:
        return None
    code_end = yours_marker if yours_marker is not None and yours_marker > marker else len(lines)
    explore["code"] = context.code + "\n" + "\n".join(lines[marker + 1 : code_end]) + "\n"
    if explore["yours"] and yours_marker is None:
        report(opening, "'yours' needs a '--- yours' part defining yours(run, …), the learner's series")
        return None
    if yours_marker is not None:
        explore["code"] += "\n".join(lines[yours_marker + 1 :]) + "\n"
    try:
        explore["data"] = json.loads(first_view(explore["code"], json.dumps(explore["controls"])))
    except ExploreError as error:
        report(opening + 1 + marker, f"explore '{argument}': {error}")
        return None
    except Exception as error:  # the instructor's code: whatever it raises, they read it
        report(opening + 1 + marker, f"explore '{argument}': its code raised {type(error).__name__}: {error}")
        return None
    missing = [s["name"] for s in explore["series"] if s["name"] not in explore["data"]["series"]]
    if missing:
        report(
            opening + 1 + marker,
            f"explore() returns no numbers for the series {', '.join(missing)}: "
            "return one list per 'series' line, keyed by its name",
        )
        return None
    return explore


def read_setting(explore, line, number, context):
    """One settings line into explore; False (with a problem) if it cannot be read."""
    report, did_you_mean = context.report, context.did_you_mean
    match = SETTING.match(line)
    if not match or match.group(1) not in SETTINGS:
        key = match.group(1) if match else line.strip()
        report(
            number,
            f"unknown explore setting {key!r}{did_you_mean(key, SETTINGS)}: the settings are "
            "title, caption, x, y, 'control NAME' and 'series NAME'",
        )
        return False
    key, name, value = match.groups()
    if key in ("control", "series", "yours") and not name:
        report(number, f"'{key}' needs a name, as in '{key} depth: …'")
        return False
    if key == "control":
        control = CONTROL.match(value)
        if not control:
            report(number, f"a control reads 'control {name}: Label, 1 to 100 step 1, default 40', not {value!r}")
            return False
        label, *numbers = control.groups()
        try:
            low, high, step, default = map(float, numbers)
        except ValueError:
            report(
                number,
                f"the control {name}'s range, step and default are numbers, such as 1, 0.5 or -2; "
                f"{value!r} holds one that is not",
            )
            return False
        if not low <= default <= high or step <= 0:
            report(
                number,
                f"the control {name}'s default {default:g} must lie between {low:g} and {high:g}, "
                "and its step be above 0",
            )
            return False
        explore["controls"].append(
            {"name": name, "label": label.strip(), "min": low, "max": high, "step": step, "default": default}
        )
    elif key == "series":
        # The style is the last comma's word; a label may hold commas of its own ("both paths, s1.grad").
        label, comma, style = value.rpartition(",")
        if not comma or not re.fullmatch(r"\s*[a-z]+\s*", style):
            label, style = value, ""
        explore["series"].append({"name": name, "label": label.strip(), "dashed": style.strip() == "dashed"})
        if style.strip() not in ("", "solid", "dashed"):
            report(number, f"a series is drawn solid or dashed ('series {name}: Label, dashed'), not {style.strip()!r}")
            return False
    elif key == "yours":
        explore["yours"] = {"exercise": name, "over": value.strip()}
    elif key == "y":
        label, _, scale = value.rpartition(",") if value.rstrip().endswith(SCALES) else (value, "", "linear")
        explore["y"], explore["scale"] = label.strip(), scale.strip()
    elif key == "caption":
        explore["caption"] = context.render_inline(value, number)
    else:
        explore[key] = value
    return True


def check(lesson):
    """An explore that draws the learner's curve names an exercise of the lesson and a series of its own,
    and the reference solution, drawn that way, gives that very series. An exercise that has problems of
    its own (exercise_kind.trusted lacks it) is left out: what yours() does with its solution would only follow from them."""
    problems, trusted = [], None
    exercises = {exercise["id"]: exercise for exercise in lesson.exercises}
    for explore in lesson.explores:
        yours = explore["yours"]
        if not yours:
            continue
        exercise = exercises.get(yours["exercise"])
        series = [s["name"] for s in explore["series"]]
        if exercise is None and has_exercise_block(lesson, yours["exercise"]):
            continue  # its block could not be read: that problem is reported at its line
        if exercise is None or yours["over"] not in series:
            problems.append(
                LessonProblem(
                    lesson.path,
                    explore["line"],
                    f"'yours {yours['exercise']}: {yours['over']}' "
                    f"names an exercise of this lesson ({', '.join(exercises) or 'none'}) and one "
                    f"of the explore's series ({', '.join(series)})",
                )
            )
            continue
        trusted = exercise_kind.trusted(lesson) if trusted is None else trusted
        if exercise["id"] not in trusted:
            continue
        line, message = yours_problem(
            explore["code"],
            json.dumps(explore["controls"]),
            yours["over"],
            json.dumps(exercise["grading"].to_dict()),
            exercise["solution"],
        )
        if message:
            where = exercise["lines"]["solution"] if line == "solution" else explore["line"]
            problems.append(LessonProblem(lesson.path, where, message))
    return problems


def has_exercise_block(lesson, name):
    """Whether the lesson's file opens an exercise block of that name (readable or not)."""
    fence = re.compile(rf"^```\s*exercise\s+{re.escape(name)}\s*$", re.MULTILINE)
    return bool(fence.search(lesson.path.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=256)  # an explore is run once while its code is unchanged (the live preview)
def first_view(code, controls):
    """The JSON of the explore's numbers at its controls' defaults (controls: their JSON). The engine the
    code runs on does not change under a running process: the live preview watches lessons, not engine/."""
    return json.dumps(compute_explore(code, json.loads(controls), {}))


@functools.lru_cache(maxsize=256)  # the same explore and exercise are checked once (live preview, copies)
def yours_problem(code, controls, over, exercise, solution):
    """(where, what) is wrong with an explore's yours(), drawn from the exercise's solution, where is
    "solution" when the solution itself failed on a case yours() ran; (None, None) if nothing."""
    failures = []
    try:
        data = compute_explore(code, json.loads(controls), {}, (json.loads(exercise), solution, failures))
    except Exception as error:  # the instructor's code: whatever it raises, they read it
        data, raised = None, f"yours() raised {type(error).__name__}: {error}"
    if failures:  # the root problem: the solution fails on a case the explore runs
        case, failure = failures[0]
        return "solution", (
            f"the solution {failure} for {case}, a case that the explore's yours() runs at its "
            "default controls: the solution is the truth every answer is compared with, so it must "
            "give finite numbers there too"
        )
    if data is None:
        return "explore", raised
    drawn, expected = data["series"]["yours"], data["series"][over]
    if not all(
        a == b or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9))
        for a, b in zip(drawn, expected)
    ):
        return "explore", (
            f"yours(), run on the exercise's solution, does not give the series '{over}': check what it measures"
        )
    return None, None


KIND = BlockKind(
    "explore",
    parse=parse_explore,
    template=TEMPLATES / "explore.html",
    page_module=PAGE_MODULES / "explore-chart.js",
    check=check,
)
