"""Running a learner's whole program for the Run button: isolated like a Check, output not captured."""

import linecache
import traceback

from grading.sandbox import (
    LEARNER_FILE,
    fresh_namespace,
    learner_error,
    patches_undone,
    stopped_from_outside,
    take_apart,
    take_apart_frames,
)


def run_program(source):
    """Run source as the learner's main program; return {"ok": bool, "error": None or a description}, and
    "interrupted": true when the page's Stop ended it."""
    # Tracebacks can then quote the learner's lines, which exist in no file.
    linecache.cache[LEARNER_FILE] = (len(source), None, source.splitlines(True), LEARNER_FILE)
    namespace = fresh_namespace("__main__")
    try:
        code = compile(source, LEARNER_FILE, "exec", dont_inherit=True)
        with patches_undone():
            exec(code, namespace)
    except BaseException as error:  # SystemExit and KeyboardInterrupt too: the learner should see them
        take_apart_frames(error.__traceback__)
        return {"ok": False, "error": describe_error(error, source), "interrupted": stopped_from_outside(error)}
    finally:
        take_apart(list(namespace.values()))
        namespace.clear()
    return {"ok": True, "error": None}


def describe_error(error, source):
    """The grader's description of an error, plus a traceback of the learner's own frames only."""
    description = learner_error(error)
    if isinstance(error, SyntaxError):
        description.update(message=error.msg, line=error.lineno, column=error.offset)
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == LEARNER_FILE]
    text = "".join(traceback.format_list(frames) + traceback.format_exception_only(type(error), error))
    if frames:
        text = "Traceback (most recent call last):\n" + text
    if isinstance(error, KeyboardInterrupt) and not stopped_from_outside(error):
        text += "Your code raised KeyboardInterrupt itself: it is what Stop raises, but Stop was not pressed.\n"
    description["traceback"] = text.replace(f'"{LEARNER_FILE}"', '"your code"')
    return description
