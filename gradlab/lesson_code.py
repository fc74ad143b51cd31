"""A lesson's own Python: the ```numbers block, whose functions the prose's {{ … }} numbers call
and whose code the explores share. It runs at build time, with the engine and the standard library."""
import math
import re
import traceback

FENCE = re.compile(r"^(`{3,}|~{3,})\s*numbers\s*$")


def numbers_code(lines, first_line):
    """The code of every ```numbers block in lines, joined, and the line each starts on."""
    code, starts, index = [], [], 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening:
            end = next((i for i in range(index + 1, len(lines)) if lines[i].rstrip() == opening.group(1)), len(lines))
            code.append("\n".join(lines[index + 1:end]))
            starts.append(first_line + index + 1)
            index = end
        index += 1
    return "\n".join(code) + ("\n" if code else ""), (starts[0] if starts else first_line)


def run_numbers_code(code, first_line):
    """Run the lesson's code; return (its namespace, or None, and a problem as (line, message) or None)."""
    namespace = {"__name__": "__lesson__", "math": math}
    try:
        exec(compile(code, "<numbers>", "exec"), namespace)
    except Exception as error:  # the instructor's code: whatever it raises, they read it
        line = error.lineno if isinstance(error, SyntaxError) else last_line(error)
        return None, (first_line + (line or 1) - 1, f"the lesson's numbers code raised {type(error).__name__}: {error}")
    return namespace, None


def last_line(error):
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == "<numbers>"]
    return frames[-1].lineno if frames else None


def evaluate(expression, spec, namespace):
    """A prose number: the expression evaluated with the lesson's functions and math, then formatted."""
    value = eval(expression, {"__builtins__": {}, "math": math}, namespace)
    return format(value, spec) if spec else str(value)


def lesson_functions(namespace):
    return sorted(name for name, obj in namespace.items() if callable(obj) and not name.startswith("_")
                  and getattr(obj, "__module__", None) == "__lesson__")
