"""The exercise block kind: settings, then parts that declare everything the grader needs.

```exercise NAME
call: stack(x, depth)                 the function under test, called with these case columns
values: x                             the columns that arrive as Values (their gradients are compared)
feeds: layer                          supplied functions whose every call must feed the result
labels: depth = Depth, x = Input      what the feedback table and messages call each column
table: depth, x, grad_x               the columns of the feedback table
tolerance: 1e-9                       relative tolerance of every comparison
time_limit: 10                        seconds a run may take
builds_nodes: true                    the nodes the function makes by hand are the exercise (see lessons/README.md)
writes_grads: true                    the function is graded by the .grad it writes on a graph '--- supply' builds
--- starter / --- message             the editor's code, and what an unchanged starter is told
--- solution                          the reference, run by the grader on every case
--- supply                            Python run per case: the functions it defines are given to the learner
--- cases                             a table: a header of column names, then one case per row
--- generate                          Python defining cases(random): cases drawn afresh at every Check
--- passed                            the message on passing
--- mistake NAME / --- message        a wrong variant of the solution, and what a learner whose numbers match it reads
--- hint                              hints, shown one at a time
```
"""

import ast
import json
import re
from decimal import Decimal

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from grading.exercise import Exercise, Mistake
from gradlab.blocks.kind import PAGE_MODULES, TEMPLATES, BlockKind
from gradlab.exercise_checks import check_exercise
from gradlab.problems import LessonProblem

SETTINGS = (
    "call",
    "values",
    "feeds",
    "labels",
    "table",
    "tolerance",
    "time_limit",
    "graph_case",
    "builds_nodes",
    "writes_grads",
)
PARTS = ("starter", "solution", "supply", "cases", "generate", "passed", "mistake", "message", "hint")
PART_LINE = re.compile(r"^---\s*(\w+)(?:\s+(\S.*?))?\s*$")
CALL = re.compile(r"^([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)?\s*\)$")


def parse_exercise(argument, lines, opening, context):
    """The exercise's data for the page and the grader, or None (with problems reported) if unusable."""
    report = context.report
    markers = [i for i, line in enumerate(lines) if PART_LINE.match(line)]
    settings, setting_lines = context.read_settings(
        lines[: markers[0] if markers else len(lines)], opening + 1, "exercise setting", SETTINGS
    )
    parts = read_parts(lines, markers, opening, report, context.did_you_mean)
    usable = check_name(argument, opening, report)
    for name, what in (("starter", "the code the learner starts from"), ("solution", "the reference solution")):
        found = [part for part in parts if part["name"] == name]
        if not found:
            report(opening, f"the exercise has no '--- {name}' part: add one, followed by {what}")
        elif len(found) > 1:
            report(
                found[1]["line"],
                f"a second '--- {name}' part (the first is on line {found[0]['line']}): an exercise has one",
            )
        usable = usable and len(found) == 1
    call = read_call(settings.get("call", ""), setting_lines.get("call", opening), argument, report)
    time_limit = read_number(settings, setting_lines, "time_limit", "10", report, "seconds, such as 10")
    tolerance = read_number(settings, setting_lines, "tolerance", "1e-9", report, "a relative tolerance, such as 1e-9")
    values = listed(settings.get("values")) or (call[1][:1] if call else ())
    table = read_cases(parts, report, ("output", *(f"grad_{name}" for name in values)))
    graph_case = read_graph_case(settings, setting_lines, table[0] if table else None, report)
    modes = {mode: read_switch(settings, setting_lines, mode, report) for mode in ("builds_nodes", "writes_grads")}
    if not usable or call is None or time_limit is None or tolerance is None or table is None or graph_case is None:
        return None
    if None in modes.values():
        return None
    cases, expectations = table
    function, arguments = call
    if not check_columns(settings, setting_lines, arguments, cases, report, modes["writes_grads"]):
        return None
    part = {name: next((p for p in parts if p["name"] == name), None) for name in PARTS}
    exercise = Exercise(
        id=argument,
        function=function,
        arguments=arguments,
        values=values,
        solution=part["solution"]["text"],
        cases=cases,
        generate=part["generate"]["text"] if part["generate"] else "",
        supply=part["supply"]["text"] if part["supply"] else "",
        feeds=listed(settings.get("feeds")),
        mistakes=tuple(Mistake(p["argument"], p["text"], p["message"]) for p in parts if p["name"] == "mistake"),
        passed_message=part["passed"]["text"].strip() if part["passed"] else "",
        starter_message=part["starter"]["message"],
        tolerance=tolerance,
        labels=read_labels(settings.get("labels", ""), setting_lines.get("labels"), report),
        table=listed(settings.get("table")),
        graph_case=graph_case,
        **modes,
    )
    return {
        "id": argument,
        "time_limit": time_limit,
        "starter": part["starter"]["text"],
        "solution": part["solution"]["text"],
        # Highlighted now, while lessons are converted (in parallel), for the page that shows it on request.
        "solution_html": highlight(part["solution"]["text"], PythonLexer(), HtmlFormatter(cssclass="highlight")),
        "hints": [context.render_markdown(p["text"], p["line"] + 1) for p in parts if p["name"] == "hint"],
        "grading": exercise,
        # What the author wrote that the solution must give on written cases; checked at build only.
        "expectations": expectations,
        "lines": {
            "call": setting_lines.get("call", opening),
            "starter": part["starter"]["line"],
            "solution": part["solution"]["line"],
            "supply": part["supply"]["line"] if part["supply"] else opening,
            "generate": part["generate"]["line"] if part["generate"] else opening,
            "cases": part["cases"]["line"] if part["cases"] else opening,
            "passed": part["passed"]["line"] if part["passed"] else opening,
            "mistakes": [p["line"] for p in parts if p["name"] == "mistake"],
            "messages": {p["argument"] or p["name"]: p["message_line"] for p in parts if p.get("message_line")},
        },
    }


def read_parts(lines, markers, opening, report, did_you_mean):
    """The '--- name argument' parts in order; a '--- message' joins the starter or mistake above it."""
    parts = []
    for start, stop in zip(markers, markers[1:] + [len(lines)]):
        name, argument = PART_LINE.match(lines[start]).groups()
        line = opening + 1 + start
        text = "\n".join(lines[start + 1 : stop]).strip("\n") + "\n"
        if name not in PARTS:
            report(
                line,
                f"unknown exercise part '--- {name}'{did_you_mean(name, PARTS)}: the parts are "
                + ", ".join(f"'--- {p}'" for p in PARTS),
            )
        elif name == "message":
            owner = parts[-1] if parts and parts[-1]["name"] in ("starter", "mistake") else None
            if owner is None or owner["message"]:
                report(
                    line,
                    "a '--- message' belongs right after the '--- starter' or '--- mistake NAME' it speaks about, once",
                )
            else:
                owner["message"], owner["message_line"] = " ".join(text.split()), line
        elif name == "mistake" and not re.fullmatch(r"[a-z][a-z0-9_]*", argument or ""):
            report(
                line,
                f"name the mistake after '--- mistake', in lower case with _, as in "
                f"'--- mistake replaces_x', not {argument!r}",
            )
        else:
            parts.append({"name": name, "argument": argument, "line": line, "text": text, "message": ""})
    first_line = {}
    for part in parts:
        if part["name"] != "mistake":
            continue
        if part["argument"] in first_line:
            report(
                part["line"],
                f"a second mistake named '{part['argument']}' (the first is on line "
                f"{first_line[part['argument']]}): give each mistake its own name, so that the "
                "grader's verdict says which one a learner made",
            )
        first_line.setdefault(part["argument"], part["line"])
    for part in parts:
        if part["name"] == "mistake" and not part["message"]:
            report(
                part["line"],
                f"the mistake '{part['argument']}' has no message: add a '--- message' part after "
                "it, saying what the numbers show and which idea to look at again",
            )
    return parts


def check_name(argument, opening, report):
    if re.fullmatch(r"[A-Za-z][\w-]*", argument):
        return True
    report(
        opening,
        f"name the exercise after the fence, as in '```exercise my_function' "
        f"(letters, digits, _ and -), not {argument!r}",
    )
    return False


def read_call(text, line, name, report):
    """'stack(x, depth)' as (function name, argument names), or None with a problem."""
    match = CALL.match(text.strip())
    if not match:
        report(
            line,
            f"say how the grader calls the learner's function, as in 'call: {name}(x, depth)': "
            "its name and the case columns passed to it",
        )
        return None
    return match.group(1), tuple(a.strip() for a in (match.group(2) or "").split(",") if a.strip())


def read_number(settings, setting_lines, key, default, report, what):
    text = settings.get(key, default)
    try:
        number = float(text)
    except ValueError:
        number = -1
    if not number > 0:
        report(setting_lines[key], f"{key} is {what}, not {text!r}")
        return None
    return number


def read_switch(settings, setting_lines, key, report):
    """A setting that is on or off: true or false (off when absent); None, with a problem, otherwise."""
    text = settings.get(key, "false").strip().lower()
    if text not in ("true", "false"):
        report(setting_lines[key], f"{key} is true or false, not {settings[key]!r}")
        return None
    return text == "true"


def read_graph_case(settings, setting_lines, cases, report):
    """The written case whose graph is drawn first, counting from 0; None (with a problem) if there is none such."""
    if "graph_case" not in settings:
        return 0
    text, written = settings["graph_case"], len(cases or ())
    number = int(text) if re.fullmatch(r"\d+", text) else None
    if number is not None and (number < written or cases is None):  # a broken cases table is reported already
        return number
    if number is not None and not written:
        allowed = "the number of a written case, and this exercise has none: add a '--- cases' table, or leave it out"
    elif written:
        allowed = f"the number of a written case, counting from 0: 0 to {written - 1} here"
    else:
        allowed = "the number of a written case, counting from 0"
    report(setting_lines["graph_case"], f"graph_case is {allowed}; not {text!r}")
    return None


def check_columns(settings, setting_lines, arguments, cases, report, writes_grads=False):
    """'values' names columns the call passes (or, for an exercise that writes_grads, columns the graph
    '--- supply' builds takes); 'table' names case columns, output or grad_<value>."""
    values = listed(settings.get("values")) or arguments[:1]
    ok = True
    unknown = [] if writes_grads else [name for name in values if name not in arguments]
    if unknown:
        report(
            setting_lines["values"],
            f"values names {', '.join(unknown)}, which the call does not pass: name some of {', '.join(arguments)}",
        )
        ok = False
    columns = [*arguments, *(name for case in cases for name in case if name not in arguments)]
    shown = [*dict.fromkeys(columns), "output", *(f"grad_{name}" for name in values)]
    unknown = [name for name in listed(settings.get("table")) if name not in shown]
    if unknown and ok:
        report(
            setting_lines["table"],
            f"table names {', '.join(unknown)}, which is no column: the columns are {', '.join(shown)}",
        )
        ok = False
    return ok


def read_cases(parts, report, quantities):
    """The '--- cases' table as (cases, expectations), or None with a problem for each bad row.

    A cell is a number, a list of numbers, or the name of a function of '--- supply' (kept as its name).
    Columns named after a compared quantity ('output', 'grad_x') are not passed to the function:
    they are what the author expects the solution to give, each number as precise as it is written."""
    table = next((p for p in parts if p["name"] == "cases"), None)
    if table is None:
        return (), ()
    rows = [
        (table["line"] + 1 + i, line)
        for i, line in enumerate(table["text"].splitlines())
        if line.strip() and not re.fullmatch(r"[\s|:-]+", line)
    ]
    if not rows:
        report(table["line"], "the '--- cases' table is empty: a header of column names, then a row per case")
        return None
    header = cells_of(rows[0][1])
    if not all(re.fullmatch(r"[A-Za-z_]\w*", name) for name in header):
        report(rows[0][0], f"the first row of '--- cases' names the columns (Python names), not {rows[0][1].strip()!r}")
        return None
    cases, expectations, ok = [], [], True
    for line, text in rows[1:]:
        cells = cells_of(text)
        if len(cells) == len(header) - 1 and text.rstrip().endswith("|") and not rows[0][1].rstrip().endswith("|"):
            cells.append("")  # 'cube | 1.0 | 0.1 |': the last cell left empty
        if len(cells) != len(header):
            report(line, f"this case has {len(cells)} values for {len(header)} columns ({', '.join(header)})")
            ok = False
            continue
        # A column of expected numbers may leave a case's cell empty: the author knows only some.
        cells_given = [(name, cell) for name, cell in zip(header, cells) if cell or name not in quantities]
        try:
            row = {name: read_cell(cell) for name, cell in cells_given}
        except (ValueError, SyntaxError):
            report(
                line,
                f"a case's values are Python numbers, lists of numbers such as [1.0, 2.0], or the name of "
                f"a function of '--- supply'; this row reads {text.strip()!r}",
            )
            ok = False
            continue
        cases.append({name: value for name, value in row.items() if name not in quantities})
        wanted = {name: (row[name], precision(cell)) for name, cell in cells_given if name in quantities}
        if wanted:
            expectations.append({"case": len(cases) - 1, "line": line, "wanted": wanted})
    return (tuple(cases), tuple(expectations)) if ok else None


def read_cell(cell):
    """A case's value: a Python literal, or a bare name (a function of '--- supply') as a string."""
    if re.fullmatch(r"[A-Za-z_]\w*", cell) and cell not in ("True", "False", "None"):
        return cell
    return ast.literal_eval(cell)


NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def precision(cell):
    """Half a unit of the last digit written, for each number of the cell: 6.7275 → 0.00005."""
    halves = [0.5 * 10.0 ** Decimal(number).as_tuple().exponent for number in NUMBER.findall(cell)]
    return halves if cell.strip().startswith("[") else (halves[0] if halves else 0.0)


def cells_of(row):
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def read_labels(text, line, report):
    """'depth = Depth, x = Input' as {"depth": "Depth", "x": "Input"}."""
    labels = {}
    for item in filter(None, (item.strip() for item in text.split(","))):
        name, equals, label = item.partition("=")
        if not equals or not name.strip() or not label.strip():
            report(line, f"labels read 'name = Label, …', not {item!r}")
            continue
        labels[name.strip()] = label.strip()
    return labels


def listed(text):
    return tuple(item.strip() for item in (text or "").split(",") if item.strip())


def check(lesson):
    """Each exercise run through the real grader (gradlab/exercise_checks.py), and its name unique."""
    problems = [problem for exercise in lesson.exercises for problem in check_exercise(lesson.path, exercise)[0]]
    return check_exercise_names(lesson) + problems


def trusted(lesson):
    """The names of the lesson's exercises whose solution held every check (those checks are cached),
    so that what is judged against a solution (an explore's yours()) may be judged."""
    return {exercise["id"] for exercise in lesson.exercises if check_exercise(lesson.path, exercise)[1]}


def check_exercise_names(lesson):
    """An exercise's name identifies it in the page and in saved progress, so it is unique per lesson."""
    problems, seen = [], {}
    for exercise in lesson.exercises:
        if exercise["id"] in seen:
            problems.append(
                LessonProblem(
                    lesson.path,
                    exercise["line"],
                    f"another exercise is named '{exercise['id']}' (line {seen[exercise['id']]}): "
                    "give each exercise its own name",
                )
            )
        seen.setdefault(exercise["id"], exercise["line"])
    return problems


def write(exercise, folder):
    """Beside the page: the solution (loaded only when asked for) and what the grader needs to check
    the exercise (loaded at the first Check)."""
    (folder / f"solution-{exercise['id']}.html").write_text(exercise["solution_html"], encoding="utf-8")
    (folder / f"exercise-{exercise['id']}.json").write_text(json.dumps(exercise["grading"].to_dict()), encoding="utf-8")


KIND = BlockKind(
    "exercise",
    parse=parse_exercise,
    template=TEMPLATES / "exercise.html",
    page_module=PAGE_MODULES / "exercise.js",
    check=check,
    write=write,
)
