"""A lesson's own Python: the ```numbers block, whose functions the prose's {{ … }} numbers call
and whose code the explores share. It runs at build time, with the engine and the standard library."""

import math
import re
import traceback

from grading.number_format import is_number, show_number

FENCE = re.compile(r"^(`{3,}|~{3,})\s*numbers\s*$")


def numbers_code(lines, first_line):
    """The code of every ```numbers block in lines, joined, and the file line of each of its lines
    (the blocks run as one program, but a problem is reported where its line is written)."""
    code, file_lines, index = [], [], 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening:
            end = next((i for i in range(index + 1, len(lines)) if lines[i].rstrip() == opening.group(1)), len(lines))
            code += lines[index + 1 : end]
            file_lines += range(first_line + index + 1, first_line + end)
            index = end
        index += 1
    return "\n".join(code) + ("\n" if code else ""), file_lines


def run_numbers_code(code, file_lines):
    """Run the lesson's code; return (its namespace, or None, and a problem as (line, message) or None).
    file_lines[i] is the file line of the code's line i + 1."""
    namespace = {"__name__": "__lesson__", "math": math}
    try:
        exec(compile(code, "<numbers>", "exec"), namespace)
    except Exception as error:  # the instructor's code: whatever it raises, they read it
        line = error.lineno if isinstance(error, SyntaxError) else last_line(error)
        where = file_lines[min(max((line or 1) - 1, 0), len(file_lines) - 1)] if file_lines else 1
        return None, (where, f"the lesson's numbers code raised {type(error).__name__}: {error}")
    return namespace, None


def last_line(error):
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == "<numbers>"]
    return frames[-1].lineno if frames else None


def evaluate(expression, spec, namespace):
    """A prose number: the expression evaluated with the lesson's functions and math, then formatted."""
    value = eval(expression, {"__builtins__": {}, "math": math}, namespace)
    return format(value, spec) if spec else show_number(value) if is_number(value) else str(value)


def lesson_functions(namespace):
    return sorted(
        name
        for name, obj in namespace.items()
        if callable(obj) and not name.startswith("_") and getattr(obj, "__module__", None) == "__lesson__"
    )
