"""The explore block: an interactive chart whose numbers come from the lesson's own Python.

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
import re

from grading.explore import ExploreError, compute_explore

SETTINGS = ("title", "caption", "x", "y", "control", "series", "yours")
SETTING = re.compile(r"^(\w+)(?:\s+([A-Za-z_]\w*))?\s*:\s*(.*?)\s*$")
CONTROL = re.compile(r"^(.+?),\s*(-?[\d.]+)\s+to\s+(-?[\d.]+)\s+step\s+([\d.]+),\s*default\s+(-?[\d.]+)$")
SCALES = ("linear", "log")


def parse_explore(argument, lines, opening, md, lesson_code, render_inline, did_you_mean):
    """The explore's declaration and its first view, computed now; None (with problems) if unusable."""
    report = md.lesson_source.report
    marker = next((i for i, line in enumerate(lines) if re.match(r"^---\s*python\s*$", line)), None)
    yours_marker = next((i for i, line in enumerate(lines) if re.match(r"^---\s*yours\s*$", line)), None)
    if not re.fullmatch(r"[A-Za-z][\w-]*", argument):
        report(opening, f"name the explore after the fence, as in '```explore growth', not {argument!r}")
        return None
    if marker is None:
        report(opening, "the explore has no '--- python' part: add one defining explore(…), a function of its "
                        "controls that returns {'x': [...], 'series name': [...]}")
        return None
    explore = {"name": argument, "title": "", "caption": "", "x": "", "y": "", "scale": "linear",
               "controls": [], "series": [], "yours": None}
    ok = True
    for number, line in enumerate(lines[:marker], start=opening + 1):
        if line.strip():
            ok = read_setting(explore, line, number, report, md, render_inline, did_you_mean) and ok
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
    explore["code"] = lesson_code + "\n" + "\n".join(lines[marker + 1:code_end]) + "\n"
    if explore["yours"] and yours_marker is None:
        report(opening, "'yours' needs a '--- yours' part defining yours(run, …), the learner's series")
        return None
    if yours_marker is not None:
        explore["code"] += "\n".join(lines[yours_marker + 1:]) + "\n"
    try:
        explore["data"] = compute_explore(explore["code"], explore["controls"], {})
    except ExploreError as error:
        report(opening + 1 + marker, f"explore '{argument}': {error}")
        return None
    except Exception as error:  # the instructor's code: whatever it raises, they read it
        report(opening + 1 + marker, f"explore '{argument}': its code raised {type(error).__name__}: {error}")
        return None
    missing = [s["name"] for s in explore["series"] if s["name"] not in explore["data"]["series"]]
    if missing:
        report(opening + 1 + marker, f"explore() returns no numbers for the series {', '.join(missing)}: "
                                     "return one list per 'series' line, keyed by its name")
        return None
    return explore


def read_setting(explore, line, number, report, md, render_inline, did_you_mean):
    """One settings line into explore; False (with a problem) if it cannot be read."""
    match = SETTING.match(line)
    if not match or match.group(1) not in SETTINGS:
        key = match.group(1) if match else line.strip()
        report(number, f"unknown explore setting {key!r}{did_you_mean(key, SETTINGS)}: the settings are "
                       "title, caption, x, y, 'control NAME' and 'series NAME'")
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
            report(number, f"the control {name}'s range, step and default are numbers, such as 1, 0.5 or -2; "
                           f"{value!r} holds one that is not")
            return False
        if not low <= default <= high or step <= 0:
            report(number, f"the control {name}'s default {default:g} must lie between {low:g} and {high:g}, "
                           "and its step be above 0")
            return False
        explore["controls"].append({"name": name, "label": label.strip(), "min": low, "max": high,
                                    "step": step, "default": default})
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
        explore["caption"] = render_inline(value, md, number)
    else:
        explore[key] = value
    return True
