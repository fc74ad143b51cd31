"""What the learner reads: the verdict's message and its table of cases.

A mistake's message is the lesson author's, in markdown, with fields the grader fills in:
{case} describes the case and {case.depth} is one of its numbers; {yours.output} and
{expected.output} are the returned values, {yours.grad_x} and {expected.grad_x} the gradients
at the input x; {NAME.grad_x} gives the numbers of the exercise's mistake NAME on the same case;
{count} is the number of cases and {function} the function's name.
"""

import re
import string

from grading.compare import quantity_of, same_numbers
from grading.number_format import show_number
from grading.sandbox import sentence, where


class MessageFieldError(Exception):
    """A message names a field the grader does not have; the message says which."""


def explain(exercise, diagnosis, about, mistake, count, source, run_reference):
    """The message for a diagnosis about one outcome (None when every case passed), from the
    recognised mistake's own message, the exercise's message on passing, or the grader's own."""
    if diagnosis == "correct":
        template = exercise.passed_message or PASSED
    elif mistake:
        template = mistake.message
    else:
        template = GENERIC[diagnosis](exercise, about, source)
    return fill(template, Fields(exercise, about, count, run_reference))


def fill(template, fields):
    """The template with its fields filled in; a field it cannot fill is a MessageFieldError."""
    try:
        return PlainFormatter().vformat(template, (), fields)
    except (KeyError, AttributeError, IndexError, ValueError) as error:
        raise MessageFieldError(
            f"the message {template[:60]!r}… uses a field that does not exist ({error}); "
            f"the fields are {', '.join(fields.names())}"
        ) from None


PLAIN_FIELD = re.compile(r"[A-Za-z]\w*(\.[A-Za-z]\w*)?")


class PlainFormatter(string.Formatter):
    """str.format that reaches only the fields' plain values: {case}, {case.depth}, {yours.grad_x}; never
    an attribute of the objects behind them ({case._exercise}, {function.upper}), an index or a !r."""

    def get_field(self, field_name, args, kwargs):
        if field_name.isdigit() or not field_name:
            raise ValueError("Format string contains positional fields")
        if not PLAIN_FIELD.fullmatch(field_name):
            raise AttributeError(field_name)
        name, _, attribute = field_name.partition(".")
        value = kwargs[name]
        if attribute:
            if not isinstance(value, (CaseFields, RunFields)):
                raise AttributeError(field_name)
            value = getattr(value, attribute)
        return value, field_name

    def convert_field(self, value, conversion):
        if conversion:
            raise ValueError(f"!{conversion}: a field is shown as it is, in a format such as :.2f")
        return value


class Fields(dict):
    """The fields a message may use, worked out only when it uses them."""

    def __init__(self, exercise, outcome, count, run_reference):
        super().__init__(count=count, function=exercise.function)
        if outcome:
            self.update(
                case=CaseFields(exercise, outcome.case),
                yours=RunFields(exercise, outcome.actual),
                expected=RunFields(exercise, outcome.expected),
            )
        self.exercise, self.outcome, self.run_reference = exercise, outcome, run_reference

    def __missing__(self, name):
        mistake = next((m for m in self.exercise.mistakes if m.name == name), None)
        if mistake is None or self.outcome is None:
            raise KeyError(name)
        run = self.run_reference(self.exercise, mistake.source, self.outcome.case, cache=not self.outcome.drawn)
        return RunFields(self.exercise, run)

    def names(self):
        return [
            "case",
            "case.<column>",
            "yours.output",
            "expected.output",
            *(f"yours.{q}" for q in self.exercise.quantities[1:]),
            "count",
            "function",
            *(f"{m.name}.output" for m in self.exercise.mistakes[:1]),
        ]


class CaseFields:
    """{case} reads 'depth 20 and input 1'; {case.depth} is one number."""

    def __init__(self, exercise, case):
        self._exercise, self._case = exercise, case

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._case:
            raise AttributeError(f"case.{name}")
        return Shown(self._case[name])

    def __format__(self, spec):
        return describe_case(self._exercise, self._case)


class RunFields:
    """{yours.output} or {expected.grad_x}: one quantity of one run."""

    def __init__(self, exercise, run):
        self._exercise, self._run = exercise, run

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._exercise.quantities:
            raise AttributeError(name)
        if self._run.problem:
            return Shown(None)
        return Shown(quantity_of(self._run, name))


class Shown:
    """A number (or list) in a message: short by default, or in the format given, as {x:.2f}."""

    def __init__(self, value):
        self.value = value

    def __format__(self, spec):
        if isinstance(self.value, list):
            return "[" + ", ".join(format(Shown(item), spec) for item in self.value) + "]"
        if spec and isinstance(self.value, (int, float)):
            return format(self.value, spec)
        return short(self.value)


def describe_case(exercise, case):
    """'depth 20 and input 1', from the case's columns and their labels."""
    parts = [f"{exercise.label(name).lower()} {short(value)}" for name, value in case.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def short(value):
    """Format a value for a message: a number by the one number format, a list item by item."""
    if value is None:
        return "nothing"
    if isinstance(value, list):
        # Written out rather than through Shown: a Check's table shows whole matrices, every number of them.
        return "[" + ", ".join([short(item) for item in value]) + "]"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return show_number(value)


PASSED = (
    "Passed: your {function} agrees with the reference on all {count} cases, the output and every "
    "gradient, including cases drawn afresh for this Check."
)


def differences(exercise, about):
    """'the output is 1.2 where 3.4 was expected; the gradient at x is …', for the quantities that differ."""
    said = []
    for quantity in exercise.quantities:
        actual, expected = quantity_of(about.actual, quantity), quantity_of(about.expected, quantity)
        if not same_numbers(actual, expected, exercise.tolerance):
            what = "the output" if quantity == "output" else f"the gradient at {quantity.removeprefix('grad_')}"
            said.append(f"{what} is {{yours.{quantity}}} where {{expected.{quantity}}} was expected")
    return "; ".join(said)


def wrong(exercise, about, source):
    return (
        "For {case}, " + differences(exercise, about) + ". Compare what your {function} does at each step "
        "with what the lesson describes, on this case."
    )


def no_gradient(exercise, about, source):
    if exercise.builds_nodes:  # the learner's own local gradients are what backward used
        advice = (
            ": backward found those through the children and local gradients your nodes store, so look "
            "at them: each input a child, and for each child how fast the result moves with it, in the same order."
        )
    elif exercise.writes_grads:
        advice = (
            ": the gradient at the output is right, so the walk starts well; follow what each node hands "
            "its children, and the order in which the nodes are visited."
        )
    else:
        advice = (
            ": the graph was cut somewhere. A number taken out with .data "
            "is a plain float that carries no gradient, so build every step from Values."
        )
    if exercise.writes_grads:
        start = "For {case}, your {function} leaves the right gradient at the output ({yours.output}), but "
    else:
        start = "For {case}, your {function} returns the right output ({yours.output}), but "
    return start + differences(exercise, about) + advice


def not_a_value(exercise, about, source):
    detail, expected = about.actual.detail, about.expected.output
    wanted = f"a list of {len(expected)} Values" if isinstance(expected, list) else "a Value"
    if detail == "None":
        hint = "A function without a return line gives None: end it with a return."
    elif isinstance(expected, list):
        hint = f"Return the whole list of Values, one for each of the {len(expected)} entries."
    elif str(detail).startswith("a list of"):
        hint = "Return the one Value itself, not a list holding it."
    else:
        hint = "Return the Value itself, not its .data or a number made from it."
    return (
        f"{{function}} returned {escape_braces(detail)} for {{case}}, where {wanted} was expected, so no "
        f"gradient could flow back through it. {hint}"
    )


def broken_graph(exercise, about, source):
    if exercise.writes_grads:
        return (
            f"What {{function}} left for {{case}} cannot be graded: {escape_braces(about.actual.detail)}. "
            "Every .grad it writes must be a plain number."
        )
    advice = (
        "Give each node the Values it was made from as its children, and one number for each as its local gradient."
        if exercise.builds_nodes
        else "Build each step with Value operations (+, *, relu…) instead of making Values by hand."
    )
    return (
        f"The result that {{function}} returned for {{case}} cannot be traced back: "
        f"{escape_braces(about.actual.detail)}. {advice}"
    )


def forged_node(exercise, about, source):
    return (
        f"The graph that {{function}} built for {{case}} has a node whose numbers no operation of the engine gives: "
        f"{escape_braces(about.actual.detail)}. The grade counts only gradients that the engine computes through "
        "the graph your code builds, so build every step with the engine's own operations."
    )


def imports_grader(exercise, about, source):
    return escape_braces(about.actual.detail)


def raised(exercise, about, source):
    error = about.actual.detail
    if error.get("exit") is not None:
        said = escape_braces(
            f" called sys.exit{error['exit']}{where(error, source)}, which ends a Python program, when called with "
        )
        return (
            "{function}" + said + "{case}, so it returned nothing. A function gives its result with return; "
            "remove the exit, then check again."
        )
    said = escape_braces(f" raised {error['type']}{where(error, source)} when called with ")
    # With no line of the learner's own to point at (a built-in called as the function, say), none is named.
    advice = (
        " Read that line with those values in mind, then check again."
        if error.get("line") is not None
        else " Follow what your code does with those values, then check again."
    )
    return (
        "{function}"
        + said
        + "{case}: "
        + escape_braces(sentence(error_text(error)) + str(error.get("hint") or ""))
        + advice
    )


def error_text(error):
    """An error's message, with the engine's own wording of a division by zero made plain."""
    message = str(error["message"])
    if error["type"] == "ZeroDivisionError" and "cannot be raised to a negative power" in message:
        return "a division by zero (a Value is divided by raising the divisor to the power -1, and 0 has no such power)"
    return message


def bypasses(exercise, about, source):
    if about.actual.problem == "bypasses":  # the learner's side saw it use a part of the engine switched off
        return escape_braces(about.actual.detail)
    fed, expected = about.actual.fed, about.expected.fed
    names = " and ".join(exercise.feeds)
    return (
        f"For {{case}} your numbers are right, but they do not all come through {names}: the reference's "
        f"result depends on {len(expected)} of its calls, yours on {len(fed)}"
        + ("" if len(fed) != len(expected) else ", but called on other numbers or with other gradients reaching them")
        + f". The grade counts only what flows through the {names} the exercise gives you, so build the "
        "result from its calls rather than from a formula of your own."
    )


def lesson_fault(exercise, about, source):
    return (
        "This Check cannot judge your code: for {case}, the lesson's own reference solution gives no number "
        "to compare with. The fault is in the lesson, not in your code. Check again (other cases are drawn "
        "each time), and tell the lesson's author about this case."
    )


def closed_form(exercise, about, source):
    nudge = about.nudged
    moved = describe_case(exercise, {name: nudge.case[name] for name in exercise.values})
    if nudge.yours is None:
        found = "some of its operations have no value there, where the function has one"
    else:
        found = "; ".join(
            f"{what} is {short(quantity_of(nudge.yours, q))} where {short(quantity_of(nudge.expected, q))} was expected"
            for q, what in quantity_names(exercise)
            if not same_numbers(quantity_of(nudge.yours, q), quantity_of(nudge.expected, q), exercise.tolerance)
        )
    return (
        escape_braces("For ")
        + "{case}"
        + escape_braces(
            f" your numbers are right, but the graph your {exercise.function} built does not compute them: worked out "
            f"again by the grader with the inputs moved slightly ({moved}), {found}. The grade counts only what the engine "
            "computes through the graph your code builds, step by step from the inputs, so build it from them rather "
            "than from numbers worked out elsewhere."
        )
    )


def quantity_names(exercise):
    for quantity in exercise.quantities:
        yield quantity, ("the output" if quantity == "output" else f"the gradient at {quantity.removeprefix('grad_')}")


def changes_python(exercise, about, source):
    return escape_braces(about.actual.detail)


def escape_braces(text):
    """Learner text (an error message) inside a template: its braces are not fields."""
    return str(text).replace("{", "{{").replace("}", "}}")


GENERIC = {
    "wrong": wrong,
    "no_gradient": no_gradient,
    "not_a_value": not_a_value,
    "broken_graph": broken_graph,
    "forged_node": forged_node,
    "imports_grader": imports_grader,
    "raised": raised,
    "bypasses": bypasses,
    "lesson_fault": lesson_fault,
    "closed_form": closed_form,
    "changes_python": changes_python,
}


def table_columns(exercise):
    """The columns of the feedback table: the case's columns, then expected and actual quantities."""
    columns = []
    for name in shown_in_table(exercise):
        if name in exercise.quantities:
            label = exercise.label(name)
            columns += [
                {"key": f"expected:{name}", "label": f"Expected {label}"},
                {"key": f"yours:{name}", "label": f"Your {label}"},
            ]
        else:
            columns.append({"key": name, "label": exercise.label(name)})
    return columns


def table_row(exercise, outcome):
    """One case's row of the feedback table. A Check's judging makes each as its case is judged, while
    the learner's side runs the next one, so that the verdict need not format a table (every number of
    every matrix) once the last run is in."""
    return {
        "cells": cells(exercise, shown_in_table(exercise), outcome),
        "passed": outcome.passed,
        "drawn": outcome.drawn,
    }


def shown_in_table(exercise):
    return exercise.table or (*exercise.arguments, *exercise.quantities)


def cells(exercise, shown, outcome):
    row = {}
    for name in shown:
        if name in exercise.quantities:
            row[f"expected:{name}"] = "—" if outcome.expected.problem else short(quantity_of(outcome.expected, name))
            row[f"yours:{name}"] = "—" if outcome.actual.problem else short(quantity_of(outcome.actual, name))
        else:
            row[name] = short(outcome.case.get(name))
    return row
