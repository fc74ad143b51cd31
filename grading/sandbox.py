"""Running a learner's program apart from the grader: output captured, patches undone, errors placed."""

import builtins
import contextlib
import functools
import math
import operator
import sys
import traceback
import types

from engine.graph import dismantle
from engine.value import Value

LEARNER_FILE = "<learner>"
OUTPUT_LIMIT = 4000
GRADER_PACKAGE = "grading"
MISSING = object()
# Set by the page's Stop (grading.browser.listen_for_stop) and cleared at each request: a
# KeyboardInterrupt raised while it is unset is one the learner's code raised itself.
STOP = {"pressed": False}
# The code a Stop must not cut short: the grader's own putting back after learner code, and a graph being
# freed. A Stop read while one of these runs is signalled again, and read once it has returned (see
# grading.browser.listen_for_stop): raised in the middle, it would leave sys.stdout still the learner's
# buffer, or a learner's patch to Value in place for every later request of that interpreter.
STOP_HEARD_AFTER = {vars(Value)["__del__"].__code__}


def stop_heard_after(function):
    """Mark function as code that a Stop must not cut short (see STOP_HEARD_AFTER)."""
    STOP_HEARD_AFTER.add(function.__code__)
    return function


class Rejected(Exception):
    """The program cannot be checked any further; carries what the learner will read."""

    def __init__(self, diagnosis, message, error=None):
        super().__init__(message)
        self.diagnosis = diagnosis
        self.message = message
        self.error = error


class GraderImport(ImportError):
    """Learner code tried to import the grader, which is out of its reach."""


def printed_text(output):
    """Return what learner code printed into output, cut after OUTPUT_LIMIT characters."""
    text = output.getvalue()
    if len(text) <= OUTPUT_LIMIT:
        return text
    return text[:OUTPUT_LIMIT] + f"\n[output cut here: {len(text) - OUTPUT_LIMIT} more characters]"


def compile_program(source):
    """Compile the learner's source, or raise Rejected with the place Python stopped reading."""
    try:
        return compiled(source)
    except (SyntaxError, ValueError) as exc:  # ValueError: null bytes, before Python 3.12
        line, column = getattr(exc, "lineno", None), getattr(exc, "offset", None)
        reason = getattr(exc, "msg", None) or str(exc)
        place = f" line {line}, column {column} of" if line else ""
        message = (
            f"Python could not read{place} your code{quote_line(source, line)}: "
            f"{sentence(reason)} Nothing ran yet: fix that spot (an unclosed bracket or a missing "
            "colon on the line before is a common cause) and check again."
        )
        error = {"type": type(exc).__name__, "message": reason, "line": line, "column": column}
        raise Rejected("syntax_error", message, error) from None


# The same code is checked again and again as the learner works: compiled once, its code objects are
# reused, so their bytecode stays specialised (Python adapts it to the types it meets) from one Check to
# the next. Code objects cannot be changed, so a run never leaves anything in them for the next.
@functools.lru_cache(maxsize=8)
def compiled(source):
    return compile(source, LEARNER_FILE, "exec", dont_inherit=True)


def is_unchanged(source, starter):
    """Tell whether source is the starter code, ignoring blank lines and trailing spaces."""

    def meaningful(text):
        return [line.rstrip() for line in text.splitlines() if line.strip()]

    # isinstance, not `is not None`: Pyodide passes JavaScript's null in as JsNull.
    return isinstance(starter, str) and meaningful(source) == meaningful(starter)


def fresh_namespace(name="__learner__"):
    """Return globals for one run of a learner's program."""
    # A copy of the builtins, so `__builtins__["len"] = None` stays inside this program.
    return {
        "__name__": name,
        "__builtins__": {**vars(builtins), "input": no_keyboard_input, "__import__": import_but_not_the_grader},
    }


def import_but_not_the_grader(name, globals=None, locals=None, fromlist=(), level=0):
    """The import statement for learner code: everything but the grading package."""
    if level == 0 and (name == GRADER_PACKAGE or name.startswith(GRADER_PACKAGE + ".")):
        raise GraderImport(f"import {name}: the grader is not something your code can use")
    return builtins.__import__(name, globals, locals, fromlist, level)


def no_keyboard_input(prompt=""):
    """input() for code that runs where nobody can type an answer."""
    raise EOFError(
        "input() cannot ask for text here, because your program runs without a keyboard. "
        "Put the value in your code instead, for example: name = 'Ada'"
    )


def run_program(code, namespace, source, output):
    """Run compiled learner code in namespace, or raise Rejected if it raises."""
    try:
        with learner_code(output):
            exec(code, namespace)
    except GraderImport as exc:
        raise Rejected("imports_grader", grader_import_message(exc)) from None
    except BaseException as exc:
        if stopped_from_outside(exc):
            raise
        take_apart_frames(exc.__traceback__)
        error = learner_error(exc)
        message = (
            f"Your code raised {error['type']}{where(error, source)} while it ran, before the "
            f"check could start: {sentence(error['message'])} Fix that, then check again."
        )
        raise Rejected("raised", message, error) from None


class StoppedFromOutside(BaseException):
    """Raised into learner code by what runs it (a time limit), never by the code itself: let through."""


def stopped_from_outside(error):
    """Tell whether error stops the learner's code from outside (the page's Stop, a time limit), rather
    than being something the code raised itself."""
    return isinstance(error, StoppedFromOutside) or (isinstance(error, KeyboardInterrupt) and STOP["pressed"])


def grader_import_message(exc):
    return (
        f"Your code tries to use the grader ({exc.msg.split(':')[0]}). The grade comes from running "
        "your own function, so leave the grader out and build the answer yourself."
    )


class patches_undone:  # noqa: N801 - a context manager, named like contextlib's
    """Undo, on the way out, whatever learner code changed in the objects the grader relies on; the names
    it patched are added to the list `patched`, if given. A class rather than a generator, so that its
    way in and out is the grader's own code, which a Stop waits for (see STOP_HEARD_AFTER)."""

    def __init__(self, patched=None):
        self.patched = patched

    @stop_heard_after
    def __enter__(self):
        self.saved = shared_attributes()

    @stop_heard_after
    def __exit__(self, *raised):
        changed = restore(self.saved)
        if self.patched is not None:
            self.patched += changed


class learner_code(patches_undone):  # noqa: N801
    """Capture what learner code prints, on either stream, into output, and undo its patches."""

    def __init__(self, output, patched=None):
        super().__init__(patched)
        self.output = output

    @stop_heard_after
    def __enter__(self):
        super().__enter__()
        self.streams = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = self.output

    @stop_heard_after
    def __exit__(self, *raised):
        sys.stdout, sys.stderr = self.streams
        super().__exit__()


@contextlib.contextmanager
def printing_to(output):
    """What the code inside prints, on either stream, goes to output (for code that Stop never reaches:
    the judge's and the build's)."""
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        yield


def shared_objects():
    """Return what learner code can reach and patch that the grader relies on."""
    # Looked for again only when modules come or go: walking sys.modules at every call costs.
    if SHARED[0] != len(sys.modules):
        modules = [
            module
            for name, module in list(sys.modules.items())
            if name.split(".")[0] in ("engine", GRADER_PACKAGE) and isinstance(module, types.ModuleType)
        ]
        SHARED[:] = [len(sys.modules), [Value, builtins, math, *modules]]
    return SHARED[1]


SHARED = [-1, []]  # (how many modules there were, the shared objects then)


def shared_attributes(_dict=dict, _vars=vars):
    """Each shared object with a copy of its attributes, as they are now: what restore puts back."""
    return [(shared, _dict(_vars(shared))) for shared in shared_objects()]


@stop_heard_after
def restore(
    saved,
    _vars=vars,
    _list=list,
    _setattr=setattr,
    _delattr=delattr,
    _is=operator.is_,
    _all=all,
    _map=map,
    _missing=MISSING,
    _module=types.ModuleType,
    _isinstance=isinstance,
    _type=type,
):
    """Put every saved attribute back, and remove the ones added since (but not submodules);
    return the names that had changed, such as 'Value.__add__'."""
    # Everything used here was bound when this module was imported, before any learner code ran:
    # a program that replaced operator.is_ or deleted builtins cannot stop its patches being undone.
    changed = []
    for shared, attributes in saved:
        current = _vars(shared)
        if current.keys() == attributes.keys() and _all(_map(_is, current.values(), attributes.values())):
            continue
        name_of = _type.__getattribute__(shared, "__name__") if _isinstance(shared, _type) else current.get("__name__")
        for name in [name for name in _list(current) if name not in attributes]:
            value = current[name]
            if not (_isinstance(value, _module) and value.__name__ == f"{name_of}.{name}"):
                changed.append(f"{name_of}.{name}")
                _delattr(shared, name)
        for name, value in attributes.items():
            if current.get(name, _missing) is not value:
                changed.append(f"{name_of}.{name}")
                _setattr(shared, name, value)
    return changed


def unchanged(current, saved):
    """Tell whether current holds the very same names and objects as saved, at C speed."""
    # Identity, not ==: a learner's object could claim to equal the one it replaced.
    return current.keys() == saved.keys() and all(map(operator.is_, current.values(), saved.values()))


def is_submodule(value, package, name):
    """Tell whether value is package's own submodule called name, set there by an import."""
    return isinstance(value, types.ModuleType) and value.__name__ == f"{package.__name__}.{name}"


def learner_error(exc):
    """Describe an exception by type, message, and the innermost line of the learner's own code."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == LEARNER_FILE]
    line = frames[-1].lineno if frames else None
    column = getattr(frames[-1], "colno", None) if frames else None
    try:
        text = str(exc)
    except Exception:  # a learner's exception class may break its own __str__
        text = ""
    if isinstance(exc, KeyboardInterrupt) and not text:
        text = "your code raised it itself (it is what Stop raises, but Stop was not pressed)"
    return {
        "type": type(exc).__name__,
        "message": text or "(no message)",
        "line": line,
        "column": column + 1 if column is not None else None,
    }


def sentence(text):
    """End text with a full stop unless it already ends a sentence."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def where(error, source):
    """Say which line of the learner's source an error came from, quoting it."""
    if error["line"] is None:
        return ""
    return f" on line {error['line']}{quote_line(source, error['line'])}"


def quote_line(source, line):
    """Quote one line of the source in brackets, or nothing if there is no such line."""
    lines = source.splitlines()
    if not line or not 0 < line <= len(lines) or not lines[line - 1].strip():
        return ""
    return f" (`{lines[line - 1].strip()}`)"


def take_apart(objects):
    """Dismantle every graph among objects (one level into containers) before they are dropped."""
    for value in list(values_in(objects)):
        try:
            dismantle(value)
        except (AttributeError, TypeError):  # hand-built links that are not Values, or not in a sequence: shallow
            pass


def take_apart_frames(tb):
    """Dismantle the graphs held by the local variables of a traceback's learner frames."""
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == LEARNER_FILE:
            take_apart(list(tb.tb_frame.f_locals.values()))
        tb = tb.tb_next


def values_in(objects):
    """Yield the Values among objects, looking one level into lists, tuples, sets and dicts."""
    for obj in objects:
        if isinstance(obj, dict):
            obj = list(obj.values())
        for item in obj if isinstance(obj, (list, tuple, set)) else (obj,):
            if isinstance(item, Value):
                yield item
