"""The learner's side of a Check: run the learner's program in the interpreter that runs learner code,
call its function on each case, and hand back only plain JSON data: the graph each call built, as
the engine built it, or the problem that stopped it. No verdict is made here, no reference runs
here, and nothing here is trusted: the judge (grading.judge, in another interpreter) checks every
node of every graph it is sent and runs its own backward pass through it.

Everything this module reads from a Value or from Python itself was captured when it was imported,
before any learner code ran, so patches the learner's code makes cannot change what it reports;
after each stretch of learner code, Python's own machinery is put back as it was, and whatever could
not be put back marks the interpreter as no longer clean (the host then replaces it).
"""

import builtins
import functools
import gc
import io
import itertools
import operator
import sys

import engine.graph
import engine.value
from engine.value import Value
from grading.exercise import call_arguments
from grading.sandbox import (
    GraderImport,
    Rejected,
    compile_program,
    fresh_namespace,
    grader_import_message,
    learner_error,
    printed_text,
    restore,
    sentence,
    shared_attributes,
    stop_heard_after,
    stopped_from_outside,
    take_apart,
    take_apart_frames,
    where,
)

# Read through the slots' own descriptors: a learner's Value.__getattribute__ or property is never asked.
_DATA = vars(Value)["data"].__get__
_CHILDREN = vars(Value)["_children"].__get__
_LOCAL_GRADS = vars(Value)["_local_grads"].__get__
_OP = vars(Value)["_op"].__get__
_GRAD = vars(Value)["grad"].__get__
_SET_CHILDREN = vars(Value)["_children"].__set__
_SET_LOCAL_GRADS = vars(Value)["_local_grads"].__set__
_set_code = vars(type(lambda: None))["__code__"].__set__
_type, _id, _len, _float, _int, _str, _list, _tuple, _dict = type, id, len, float, int, str, list, tuple, dict
_isinstance, _callable, _enumerate, _zip, _reversed, _sorted = isinstance, callable, enumerate, zip, reversed, sorted
_all, _map, _range, _lt, _repeat, _chained = (
    all,
    map,
    range,
    operator.lt,
    itertools.repeat,
    itertools.chain.from_iterable,
)
_builtins_dict = vars(builtins)
_sys = sys
NUMBERS = (int, float)  # exactly these: a subclass could misreport itself
NODE_LIMIT = 500_000  # past this a graph is refused rather than shipped
# A whole number beyond this has no float, nor a JSON number another Python reads back. A name, not the
# expression where it is asked: Python works out a power this large anew each time, in microseconds, and
# it is asked of every whole number in a graph (each sum() starts one, at 0).
WHOLE_LIMIT = 10**4000
HOOKS = ("excepthook", "displayhook", "breakpointhook", "unraisablehook")
STREAMS = ("stdout", "stderr", "stdin")

# Python has no way to remove an audit hook, so a learner's own leaves the interpreter changed for good.
# sys.addaudithook is wrapped rather than watched with a hook of the grader's: a hook runs on every
# audited event (every id(), every exec), and would slow every Check.
_AUDIT = {"watching": False, "added": False}


def watch_audit_hooks():
    """In the learner's interpreter only: note whether learner code adds an audit hook of its own."""
    if _AUDIT["watching"]:
        return
    _AUDIT["watching"] = True
    real = sys.addaudithook

    def addaudithook(hook, _real=real, _flags=_AUDIT):
        _flags["added"] = True
        return _real(hook)

    sys.addaudithook = addaudithook


def _operations_refused(*args, **kwargs):
    raise RuntimeError(
        "this exercise switches off the engine's own operations (+, *, exp, ** and the rest) while your code "
        "is checked: the nodes are yours to build"
    )


def _backward_refused(*args, **kwargs):
    raise RuntimeError(
        "this exercise switches off the engine's own backward pass (Value.backward and engine.graph) while "
        "your code is checked: the gradients are yours to write"
    )


# What an exercise's mode switches off while learner code runs, as (function, its own code, the code that
# refuses): the function object keeps its identity (so a name the learner imported early is switched off
# too), only its code is swapped, and put back as soon as the learner's stretch of code ends.
_REFUSED = {
    "builds_nodes": [
        (function, function.__code__, _operations_refused.__code__)
        for function in (engine.value._apply, engine.value.power, *engine.value.OPERATIONS.values())
    ],
    "writes_grads": [
        (function, function.__code__, _backward_refused.__code__)
        for function in (engine.graph.backpropagate, engine.graph.topological_order)
    ],
}
_REFUSALS = (_operations_refused.__code__, _backward_refused.__code__)


def refused_parts(exercise):
    """The engine's parts that exercise (a request dict) switches off while learner code runs."""
    return [part for mode, parts in _REFUSED.items() if exercise.get(mode) for part in parts]


def switch(parts, off):
    for function, own, refusal in parts:
        _set_code(function, refusal if off else own)


def ran_into_refusal(exc):
    """Whether exc (or the exception it was raised while handling) came from a switched-off part."""
    for _ in range(8):  # a learner's handler may wrap it once or twice; no further
        if exc is None:
            return False
        tb = exc.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code in _REFUSALS:
                return True
            tb = tb.tb_next
        exc = exc.__context__
    return False


def refusal_message(exercise, where_text=""):
    if exercise.get("writes_grads"):
        return (
            f"Your code called the engine's own backward pass{where_text} (Value.backward, or a function of "
            "engine.graph). This exercise grades the gradients your own backward writes, so the engine's is "
            "switched off while your code is checked: walk the graph and write every .grad yourself."
        )
    return (
        f"Your code used one of the engine's own operations{where_text} (+, *, exp, ** or another that builds "
        "a node for you, or the rules of engine.value.OPERATIONS). In this exercise the node is what you build: "
        "the engine's operations are switched off while your code is checked, so work out the data and the "
        "local gradient towards each input yourself and make the Value from them."
    )


class Machinery:
    """Python's own state that learner code can change: taken before it runs, put back after."""

    def __init__(self):
        self.limit = _sys.getrecursionlimit()
        self.streams = {name: getattr(_sys, name) for name in STREAMS}
        self.hooks = {name: getattr(_sys, name) for name in HOOKS}
        self.trace, self.profile = _sys.gettrace(), _sys.getprofile()
        self.meta_path, self.path_hooks = _list(_sys.meta_path), _list(_sys.path_hooks)
        self.gc_callbacks = _list(gc.callbacks)
        self.builtin_names = set(_builtins_dict)
        self.modules = {
            name: module
            for name, module in _list(_sys.modules.items())
            if name.split(".")[0] in ("engine", "grading", "builtins", "sys", "math")
        }


def put_back(
    machinery,
    streams,
    limit,
    missing,
    _settrace=sys.settrace,
    _setprofile=sys.setprofile,
    _gettrace=sys.gettrace,
    _getprofile=sys.getprofile,
    _setattr=setattr,
    _getattr=getattr,
    _list=list,
    _sorted=sorted,
    _set=set,
):
    """Put Python's machinery back as it was before the learner's code ran (the recursion limit, which
    was limit, and the builtins are back already); return what the code had changed, in words."""
    changed = []
    if limit < machinery.limit:
        changed.append(f"set the recursion limit to {limit} (sys.setrecursionlimit)")
    if _gettrace() is not machinery.trace or _getprofile() is not machinery.profile:
        changed.append("set a trace or profile function (sys.settrace, sys.setprofile)")
    _settrace(machinery.trace)
    _setprofile(machinery.profile)
    for name, original in machinery.hooks.items():
        if _getattr(_sys, name) is not original:
            changed.append(f"replaced sys.{name}")
            _setattr(_sys, name, original)
    for name, expected in streams.items():
        if _getattr(_sys, name) is not expected:
            changed.append(f"replaced sys.{name}")
    for name, original in machinery.streams.items():
        _setattr(_sys, name, original)
    for listed, original, name in (
        (_sys.meta_path, machinery.meta_path, "sys.meta_path"),
        (_sys.path_hooks, machinery.path_hooks, "sys.path_hooks"),
        (gc.callbacks, machinery.gc_callbacks, "gc.callbacks"),
    ):
        if _list(listed) != original:
            changed.append(f"changed {name}")
            listed[:] = original
    for name, module in machinery.modules.items():
        if _sys.modules.get(name) is not module:
            changed.append(f"replaced sys.modules[{name!r}]")
            _sys.modules[name] = module
    missing = _sorted(missing)
    if missing:
        shown = ", ".join(missing[:3]) + (f" and {_len(missing) - 3} more" if _len(missing) > 3 else "")
        changed.append(f"deleted {_len(missing)} of Python's built-in names ({shown})")
    return changed


def guarded(call, output, before, refused=()):
    """Run call() as learner code, with the engine's refused parts switched off: its printing goes to output,
    patches to shared objects and Python's machinery are undone afterwards. Return (returned, exception or
    None, machinery it changed)."""
    machinery, _ = before
    returned, raised = None, None
    streams = {"stdout": output, "stderr": output, "stdin": machinery.streams["stdin"]}
    try:
        _sys.stdout = _sys.stderr = output
        switch(refused, True)
        returned = call()
    except BaseException as exc:  # noqa: BLE001 - learner code: KeyboardInterrupt, GeneratorExit, its own classes too
        raised = exc
    finally:
        changed, patched = all_put_back(before, refused, streams)
    if raised is not None and stopped_from_outside(raised):
        raise raised  # the page's Stop or a time limit ends the whole request, not just this call
    return returned, raised, changed, patched


@stop_heard_after
def all_put_back(before, refused, streams, _grl=sys.getrecursionlimit, _srl=sys.setrecursionlimit, _restore=restore):
    """Put back all that a stretch of learner code may have changed; return (the machinery it changed, in
    words, and the names of shared objects it patched). A Stop waits for it to end: cut short, it would
    leave the learner's buffer as sys.stdout for every later request."""
    machinery, saved = before
    # The recursion limit first (nothing else can run under a limit of 12), then the engine's switched-off
    # parts, the builtins and the shared modules, with functions bound before the learner's code ran.
    limit = _grl()
    _srl(machinery.limit)
    switch(refused, False)
    missing = [name for name in machinery.builtin_names if name not in _builtins_dict]
    patched = _restore(saved)
    return put_back(machinery, streams, limit, missing), patched


def changed_message(changed):
    return (
        "Your code changed Python itself while it ran: it " + "; it ".join(changed) + ". The grader put that "
        "back, but an answer that changes Python's own machinery cannot be checked fairly. Leave it alone "
        "and check again."
    )


def is_clean():
    """Whether this interpreter is as it was when the grader started: nothing left that cannot be undone."""
    return not _AUDIT["added"]


def run_learner(exercise, source, cases, hand_on=None):
    """Run source's function on every case. exercise: a dict with function, arguments, values, supply
    and feeds. Return a JSON-able dict: {"rejected": {...}} or {"runs": [...]}, with "output" and "clean".
    hand_on: called with each case's run as soon as it is made (a Check hands it to the judge, who judges
    it while the next case runs); "runs" then counts them."""
    output = io.StringIO()
    namespace = fresh_namespace()
    try:
        runs = run_all(exercise, source, cases, namespace, output, hand_on)
        reply = {"runs": runs if hand_on is None else _len(runs)}
    except Rejected as rejected:
        reply = {"rejected": {"diagnosis": rejected.diagnosis, "message": rejected.message, "error": rejected.error}}
    finally:
        take_apart(_list(namespace.values()))
        namespace.clear()
    reply["output"] = printed_text(output)
    reply["clean"] = is_clean()
    return reply


def before_learner_code():
    """Python's machinery and the shared objects' attributes, taken before the learner's code runs: what
    every stretch of it is put back to."""
    return Machinery(), shared_attributes()


def run_all(exercise, source, cases, namespace, output, hand_on=None):
    code = compile_program(source)
    before = before_learner_code()
    refused = refused_parts(exercise)
    _, raised, changed, _ = guarded(lambda: exec(code, namespace), output, before, refused)
    if raised is not None:
        program_raised(raised, source, exercise if refused else None)
    if changed:
        raise Rejected("changes_python", changed_message(changed))
    function = find_function(exercise, namespace)
    boxed = boxes_calls(exercise)
    runs = []
    for case in cases:
        runs.append(run_case(exercise, function, namespace, case, output, before, refused, boxed))
        if hand_on is not None:
            hand_on(runs[-1])
    return runs


def boxes_calls(exercise):
    """Whether a Check of exercise (a request dict) ships supplied calls as their results alone (see ship):
    not where the nodes are the learner's own to make (builds_nodes), nor where no graph is shipped."""
    return not (exercise.get("builds_nodes") or exercise.get("writes_grads"))


def program_raised(exc, source, refusing=None):
    """Raise Rejected for an exception the learner's top-level code raised (refusing: the exercise, when it
    switches parts of the engine off)."""
    take_apart_frames(exc.__traceback__)
    if _isinstance(exc, GraderImport):
        raise Rejected("imports_grader", grader_import_message(exc)) from None
    error = learner_error(exc)
    if refusing is not None and ran_into_refusal(exc):
        raise Rejected("bypasses", refusal_message(refusing, where(error, source))) from None
    if _isinstance(exc, SystemExit):
        message = (
            f"Your code called sys.exit{exit_argument(exc)}{where(error, source)}, which ends a Python "
            "program, so it stopped before the check could start. Remove that line (a function "
            "returns its result with return), then check again."
        )
    else:
        message = (
            f"Your code raised {error['type']}{where(error, source)} while it ran, before the check could "
            f"start: {sentence(error['message'])}{base_hint(exc)} Fix that, then check again."
        )
    raise Rejected("raised", message, error) from None


def exit_argument(exc):
    code = exc.code
    return "()" if code is None else f"({code!r})" if _type(code) in (int, str) else "(…)"


def base_hint(exc):
    """A word on exceptions that are not errors: Python raises them to stop a run or a generator."""
    if _isinstance(exc, KeyboardInterrupt):
        return " (KeyboardInterrupt is what Python raises when a run is stopped; here your own code raised it.)"
    if _isinstance(exc, GeneratorExit):
        return " (GeneratorExit is how Python closes a generator; raised by your code, it ends the run like an error.)"
    if _isinstance(exc, RecursionError):
        return (
            f" (Python lets calls nest only about {_sys.getrecursionlimit():,} deep. A function that calls itself "
            "once for every node along a path goes one level deeper per node, so a graph a few thousand nodes "
            "deep runs out; a list of the nodes still to visit, kept by your own loop, can grow as long as "
            "memory allows.)"
        )
    if not _isinstance(exc, Exception):
        return (
            f" ({_type(exc).__name__} is not an Exception but a BaseException, the kind Python keeps for "
            "stopping a run; raised by your code, it ends the run like an error.)"
        )
    return ""


def find_function(exercise, namespace):
    """The learner's function, or Rejected if it cannot be called as the grader calls it."""
    import inspect

    name = exercise["function"]
    function = namespace.get(name)
    if not _callable(function):
        raise Rejected("missing_function", missing_message(name, namespace, function))
    try:
        signature = inspect.signature(function)
    except Exception:  # not every callable has a signature Python can read: just call it
        return function
    try:
        signature.bind(*exercise["arguments"])
    except TypeError:
        call = f"{name}({', '.join(exercise['arguments'])})"
        raise Rejected(
            "bad_signature",
            f"{name}{signature} cannot be called as {call}, which is how the "
            f"grader calls it. Give it {_len(exercise['arguments'])} parameter(s), in "
            "that order, as the starter code does.",
        ) from None
    return function


def missing_message(name, namespace, found):
    """Explain that the function is missing or not a function, naming the functions there are."""
    import inspect

    if found is None:
        message = f"There is no function called {name} in your code, so there was nothing to check."
    else:
        message = f"{name} in your code is {article(_type(found).__name__)}, not a function."
    defined = [n for n, obj in namespace.items() if inspect.isfunction(obj)]
    if defined:
        message += f" Your code defines {', '.join(defined)}."
    return message + f" Keep the line def {name}(…): from the starter code and fill in its blank."


def article(noun):
    """'a str', 'an Exact', 'an int'."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def run_case(exercise, function, namespace, case, output, before=None, refused=(), boxed=False):
    """Call function on fresh inputs for case, with the supplied functions and the engine's refused parts
    switched off; ship what it built (or, for an exercise that writes_grads, the gradients it wrote).
    boxed: each call of a supplied function that feeds the output is shipped as its results alone (see
    ship), for a Check; the views that draw or chart a graph want every node."""
    calls = []
    supplied = supplies(exercise, case, calls)
    namespace.update(supplied)
    inputs = {name: fresh_input(case[name]) for name in exercise["values"]}
    arguments = call_arguments(exercise["arguments"], case, inputs, supplied)
    graphs = []
    if exercise.get("writes_grads"):
        arguments, graphs = graphs_given(arguments, inputs)
    returned, raised, changed, patched = guarded(
        lambda: function(*arguments), output, before or before_learner_code(), refused
    )
    try:
        if changed:
            return {"problem": "changes_python", "detail": changed_message(changed)}
        if raised is not None:
            take_apart_frames(raised.__traceback__)
            if _isinstance(raised, GraderImport):
                return {"problem": "imports_grader", "detail": grader_import_message(raised)}
            if refused and ran_into_refusal(raised):
                return {"problem": "bypasses", "detail": refusal_message(exercise)}
            error = learner_error(raised)
            error["hint"] = base_hint(raised)
            if _isinstance(raised, SystemExit):
                error["exit"] = exit_argument(raised)
            return {"problem": "raised", "detail": error}
        if exercise.get("writes_grads"):
            return ship_written(graphs, inputs)
        outputs = returned_values(returned)
        if outputs is None:
            return {"problem": "not_a_value", "detail": describe_returned(returned)}
        shipped = ship(outputs, _isinstance(returned, (_list, _tuple)), inputs, calls, cut=True, boxed=boxed)
        shipped["patched"] = _sorted(set(patched))
        return shipped
    finally:
        take_apart(
            [
                returned,
                *graphs,
                *(node for value in inputs.values() for node in nodes_of(value)),
                *[result for _, result, _ in calls],
            ]
        )


def graphs_given(arguments, inputs):
    """For an exercise that writes_grads: (the arguments, each function of '--- supply' among them replaced
    by the graph it builds from the Value columns, in their order; those graphs)."""
    graphs, given = [], []
    for argument in arguments:
        if _callable(argument):
            argument = argument(*inputs.values())
            graphs.append(argument)
        given.append(argument)
    return given, graphs


def ship_written(graphs, inputs):
    """The .grad that the function left at the first graph it was given (the output) and at every input,
    read through the slot itself; a problem if one is not a number."""
    try:
        grads = {name: grads_of(value) for name, value in inputs.items()}
        output = _GRAD(graphs[0]) if graphs else 0.0
        if _type(output) not in NUMBERS:
            raise Broken(f"the gradient your code left at the graph's output is {article(_type(output).__name__)}")
    except AttributeError:
        return {"problem": "broken_graph", "detail": "your code removed a gradient the grader reads"}
    except Broken as broken:
        return {"problem": "broken_graph", "detail": _str(broken) + ", not a number"}
    return {"written": {"output": output, "grads": grads}}


def grads_of(value):
    """The .grad of an input (or lists of them), each a number or Broken."""
    if _isinstance(value, _list):
        return [grads_of(item) for item in value]
    grad = _GRAD(value)
    if _type(grad) not in NUMBERS:
        raise Broken(f"the gradient your code left at an input is {article(_type(grad).__name__)}")
    return grad


def supplies(exercise, case, calls):
    """The functions the exercise gives the learner's code on this case; calls of those that must feed
    the output are noted in calls (see recorded)."""
    if not exercise.get("supply"):
        return {}
    import inspect

    namespace = {"__name__": "__supply__", "Value": Value, **case}
    exec(supply_code(exercise["supply"]), namespace)
    given = {
        name: obj
        for name, obj in namespace.items()
        if inspect.isfunction(obj) and obj.__module__ == "__supply__" and not name.startswith("_")
    }
    for name in exercise.get("feeds", ()):
        given[name] = recorded(name, given[name], calls)
    return given


@functools.lru_cache(maxsize=16)  # a page's few exercises: every case of every Check runs the same supply
def supply_code(source):
    """The exercise's supply, compiled once: its functions are made again for every case, from this code.
    Learner code could reach this cache, as it can reach the supplied functions themselves; the judge
    trusts neither, and checks every node they make."""
    return compile(source, "<supply>", "exec")


def recorded(name, function, calls):
    """function (the supply's function called name), noting in calls each Value a call returns, as (the
    data of the call's arguments, the Value, its box or None). A box is what the judge needs to make the
    call again itself: (the function's name, the arguments with each Value taken out and a None in its
    place, the Values taken out in reading order, the Value's place in what the call returned). A call
    has one when every argument is a number, a Value or a list of those, and none is passed by keyword."""

    def call(*args, **kwargs):
        arguments = [number_of(arg) for arg in [*args, *kwargs.values()]]
        given, template = [], None
        if not kwargs and None not in arguments:
            template = [template_of(arg, given) for arg in args]
        result = function(*args, **kwargs)
        for position, item in _enumerate(result if _isinstance(result, _list) else [result]):
            if _type(item) is Value:
                box = None if template is None else (name, template, given, position)
                calls.append((arguments, item, box))
        return result

    call.__name__ = function.__name__
    call.__doc__ = function.__doc__
    return call


def template_of(arg, given):
    """An argument of a supplied call with each Value in it moved to given and marked None (lists and
    tuples alike become lists), as it was when the call began: a call may change a list it is given."""
    if _type(arg) in (_list, _tuple):
        return [template_of(item, given) for item in arg]
    if _type(arg) is Value:
        given.append(arg)
        return None
    return arg


def number_of(arg):
    """An argument of a supplied call as numbers: a Value's data, a number itself, a list (or tuple) of
    those as a list of numbers (so a block's input vector counts, and a matrix as a list of lists); None
    for anything else."""
    if _type(arg) in (_list, _tuple):
        numbers = [number_of(item) for item in arg]
        return None if any(number is None for number in numbers) else numbers
    data = _DATA(arg) if _type(arg) is Value else arg
    return data if _type(data) in NUMBERS else None


def fresh_input(data):
    """A case's number as a Value; a list of numbers (or of lists of them) as the same lists of Values."""
    if _isinstance(data, _list):
        # A matrix's rows are lists of numbers: each number made a Value here, not by a call each.
        return [fresh_input(item) if _isinstance(item, _list) else Value(_float(item)) for item in data]
    return Value(_float(data))


# The shape walks of grading/shapes.py again, here made of captured builtins only: learner code runs in
# this interpreter and could reach that module's globals.
def nodes_of(value):
    """The Values of an input (a Value, or lists of them), in reading order."""
    if not _isinstance(value, _list):
        return [value]
    return [node for item in value for node in nodes_of(item)]


def indices_of(value, index):
    """An input's Values replaced by their place in the shipped graph, in the same lists."""
    if _isinstance(value, _list):
        return [indices_of(item, index) for item in value]
    return index[_id(value)]


def returned_values(returned):
    """The returned Value or list of Values as a list, or None if it is neither."""
    if _isinstance(returned, Value):
        return [returned]
    if _isinstance(returned, (_list, _tuple)) and returned and all(_isinstance(item, Value) for item in returned):
        return _list(returned)
    return None


def describe_returned(returned):
    """Name what came back instead of a Value, for a message."""
    if returned is None:
        return "None"
    if _type(returned) is float:
        return f"a plain float ({returned!r})"
    if _isinstance(returned, (_list, _tuple)):
        return f"a {_type(returned).__name__} that is not all Values"
    return article(_type(returned).__name__)


class Broken(Exception):
    """The graph cannot be shipped as numbers; the message says why."""


def ship(outputs, listed, inputs, calls, cut=False, boxed=False):
    """The graph below outputs as plain data, children before parents, in columns (a list per field,
    which JSON writes and reads far faster than a list per node): each node's data, operation and number
    of children, then every node's children's indices and local gradients, one after another; which
    nodes are the outputs, the inputs and the supplied calls' results. cut: for a graph about to be
    dropped, its links are cut once it is shipped (as engine.graph.dismantle would, without a second walk).

    boxed: a result of a supplied call that has a box (see recorded) is shipped as one node whose children
    are the Values the call was given, its local gradients left at 0: the judge makes the call again
    itself, on the same numbers, and works them out. What happens inside the call is the lesson's own
    code, and in a model it is most of the graph (every weight of every matrix)."""
    boxes = boxes_of(calls) if boxed else {}
    try:
        order = walk(outputs, inputs, boxes=boxes)
        index = {_id(node): i for i, node in _enumerate(order)}
        shipped = columns(order, index, boxes)
    except Unboxable:
        return ship(outputs, listed, inputs, calls, cut)
    except Broken as broken:
        return {"problem": "broken_graph", "detail": _str(broken)}
    shipped.update(
        outputs=[index[_id(out)] for out in outputs],
        listed=listed,
        inputs={name: indices_of(value, index) for name, value in inputs.items()},
        **shipped_calls(calls, index),
    )
    if boxes:
        shipped.update(shipped_boxes(order, index, boxes))
    if cut:
        for node in order:
            _SET_CHILDREN(node, ())
            _SET_LOCAL_GRADS(node, ())
    return shipped


def shipped_calls(calls, index):
    """{"calls": [[result's node, its call's place in arguments], …], "arguments": the data of each call's
    arguments, once per call}: the results of one call share its arguments (the very list), and a model's
    block gives several results from a long vector, or a matrix."""
    numbers, arguments_listed, results = {}, [], []
    for arguments, result, _ in calls:
        node = index.get(_id(result))
        if node is None:  # a result the output is not computed from
            continue
        number = numbers.get(_id(arguments))
        if number is None:
            number = numbers[_id(arguments)] = _len(arguments_listed)
            arguments_listed.append(arguments)
        results.append([node, number])
    return {"calls": results, "arguments": arguments_listed}


def boxes_of(calls):
    """id of a supplied call's result → its box, for the results that can stand for their call: made by
    it (a node with children), and not one of the Values it was given back again."""
    boxes = {}
    for _, result, box in calls:
        key = _id(result)
        if box is None or key in boxes or not _CHILDREN(result):
            continue
        if not any(_id(value) == key for value in box[2]):
            boxes[key] = box
    return boxes


def shipped_boxes(order, index, boxes):
    """{"boxes": [[name, template], …], one per call, "boxed": [[node, its call's place in boxes, position],
    …]}: the results of one call share its template (the very list), so they are told apart by it."""
    numbers, listed, boxed = {}, [], []
    for node in order:
        box = boxes.get(_id(node))
        if box is None:
            continue
        name, template, _, position = box
        number = numbers.get(_id(template))
        if number is None:
            number = numbers[_id(template)] = _len(listed)
            listed.append([name, template])
        boxed.append([index[_id(node)], number, position])
    return {"boxes": listed, "boxed": boxed}


class Unboxable(Exception):
    """A supplied call's results cannot stand for it here (a call gave back a Value made before it, which
    its own arguments were made from): the graph is shipped node by node instead."""


class TooBig(Broken):
    """The graph has more nodes than the walk was allowed to visit."""


def walk(outputs, inputs, limit=NODE_LIMIT, boxes=None):
    """Every node reachable from outputs, children before parents, then any input they do not reach;
    without recursion, and without asking the nodes anything (their slots are read directly). Past limit
    nodes, TooBig, before the graph is walked in full. boxes: id → box of the supplied calls' results
    that stand for their calls (see ship), whose children are what the call was given.

    Not the engine's topological_order, on purpose: this walk runs on what learner code built, after it
    ran, in the interpreter it ran in. The engine's function is an object that code could reach and
    change (its __code__ even), and it would follow a subclass's own _children; this one uses only what
    was captured before any learner code ran, and refuses whatever is not exactly a Value."""
    order, seen = [], set()
    roots = [
        *outputs,
        *(node for value in inputs.values() for node in nodes_of(value)),
    ]
    # A node is pushed with a marker above it, then its children above that: when the marker comes off
    # the stack, the node below it has every child in order already. The marker is made here, after the
    # learner's code ran, so no node that code built holds it. No tuple per link: this walk was about
    # half of a Check's shipping time, and now takes a third less.
    done = object()
    stack = _list(_reversed(roots))
    pop, push, extend, emit, see = stack.pop, stack.append, stack.extend, order.append, seen.add
    while stack:
        node = pop()
        if node is done:
            emit(pop())
            continue
        key = _id(node)
        if key in seen:
            continue
        if _type(node) is not Value:
            if _isinstance(node, Value):
                raise Broken(f"it holds {article(_type(node).__name__)} where a Value should be")
            raise Broken("one of its links is not a Value")
        see(key)
        if _len(seen) > limit:
            raise TooBig(f"it has more than {limit:,} nodes, more than the grader follows")
        box = boxes.get(key) if boxes else None
        children = _CHILDREN(node) if box is None else box[2]
        if _type(children) is not _tuple and _type(children) is not _list:
            raise Broken("a node's children are not a tuple")
        push(node)
        push(done)
        extend(_reversed(children))
    return order


def columns(order, index, boxes=None):
    """The nodes of order (children first), read through their slots, as the columns ship sends: a
    Broken if one holds something other than numbers. boxes: as walk's; Unboxable if, with them, a
    child no longer comes before its parent."""
    # Asked of every node of every case: the usual node (float data, a tuple of float local gradients)
    # passes with a few type tests, written as one plain loop, which costs less than generators here.
    data, ops, arity, children, rates = [], [], [], [], []
    for node in order:
        value, op, kids, local_grads = _DATA(node), _OP(node), _CHILDREN(node), _LOCAL_GRADS(node)
        box = boxes.get(_id(node)) if boxes else None
        if box is not None:
            op, kids = box[0], box[2]
            local_grads = (0.0,) * _len(kids)
        if _type(value) is not _float:
            if _type(value) not in NUMBERS:
                raise Broken(f"a node's data is {article(_type(value).__name__)}, not a number")
            if not -WHOLE_LIMIT < value < WHOLE_LIMIT:
                raise Broken("a node's data is a whole number too large to carry back")
        if _type(local_grads) not in (_tuple, _list):
            raise Broken("a node's local gradients are not a tuple")
        if _len(kids) != _len(local_grads):
            raise Broken("a node does not have one number as local gradient per child")
        for grad in local_grads:
            if _type(grad) is not _float:
                if _type(grad) not in NUMBERS:
                    raise Broken("a node does not have one number as local gradient per child")
                if _type(grad) is _int and not -WHOLE_LIMIT < grad < WHOLE_LIMIT:
                    raise Broken("a node's local gradient is a whole number too large to carry back")
        data.append(value)
        ops.append(op if _type(op) is _str else None)
        arity.append(_len(kids))
        for kid in kids:
            children.append(index[_id(kid)])
        rates.extend(local_grads)
    if boxes and not _all(_map(_lt, children, _chained(_map(_repeat, _range(_len(arity)), arity)))):
        raise Unboxable
    return {"data": data, "ops": ops, "arity": arity, "children": children, "rates": rates}
