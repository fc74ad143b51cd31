"""Running a learner's program: what it may import, what it prints, and how its errors are told."""

import io
import math
import sys
import types

import pytest

import engine
from engine import Value
from grading.sandbox import (
    OUTPUT_LIMIT,
    Rejected,
    compile_program,
    fresh_namespace,
    is_unchanged,
    learner_code,
    printed_text,
    quote_line,
    run_program,
    sentence,
)


def run(source):
    """Run source as a learner's program; return (namespace, what it printed)."""
    namespace, output = fresh_namespace(), io.StringIO()
    run_program(compile_program(source), namespace, source, output)
    return namespace, output.getvalue()


def rejection(source):
    """The Rejected that running source raises."""
    with pytest.raises(Rejected) as caught:
        run(source)
    return caught.value


@pytest.mark.parametrize(
    "source, said",
    [
        ("import grading", "import grading"),
        ("import grading.sandbox", "import grading.sandbox"),
        ("from grading import grader", "import grading"),
        ("from grading.sandbox import fresh_namespace", "import grading.sandbox"),
        ("__import__('grading.messages')", "import grading.messages"),
    ],
)
def test_the_grader_cannot_be_imported_in_any_spelling(source, said):
    refused = rejection(source)
    assert (refused.diagnosis, refused.message) == (
        "imports_grader",
        f"Your code tries to use the grader ({said}). The grade comes from running your own "
        "function, so leave the grader out and build the answer yourself.",
    )


def test_other_modules_import_as_usual_even_with_a_name_like_the_graders():
    namespace, _ = run(
        "import math\nfrom math import sqrt\nfrom engine import Value\nimport json.decoder\nfrom os.path import join"
    )
    assert (namespace["math"], namespace["sqrt"], namespace["Value"]) == (math, math.sqrt, Value)
    assert namespace["join"] is sys.modules["os.path"].join
    assert namespace["json"].decoder is sys.modules["json.decoder"]
    refused = rejection("import gradingtools")
    assert (refused.diagnosis, refused.error["type"]) == ("raised", "ModuleNotFoundError")


def test_a_relative_import_fails_as_it_would_outside_a_package():
    refused = rejection("from . import grading")
    assert (refused.diagnosis, refused.error["type"]) == ("raised", "ImportError")


def test_asking_for_keyboard_input_says_to_put_the_value_in_the_code():
    refused = rejection("x = 1\nname = input('Your name? ')")
    assert refused.message == (
        "Your code raised EOFError on line 2 (`name = input('Your name? ')`) while it ran, before the check could "
        "start: input() cannot ask for text here, because your program runs without a keyboard. Put the value in "
        "your code instead, for example: name = 'Ada'. Fix that, then check again."
    )


def test_an_error_at_the_top_level_is_told_at_the_learners_innermost_line():
    refused = rejection("from engine import Value\n\ndef half(x):\n    return x / 0\n\nhalf(1)")
    assert refused.diagnosis == "raised"
    assert refused.error == {"type": "ZeroDivisionError", "message": "division by zero", "line": 4, "column": 12}
    assert refused.message == (
        "Your code raised ZeroDivisionError on line 4 (`return x / 0`) while it ran, before the check could start: "
        "division by zero. Fix that, then check again."
    )


def test_an_error_inside_the_engine_is_placed_on_the_learners_line_that_called_it():
    refused = rejection("from engine import Value\n\ny = 1 + Value(0).log()")
    assert refused.error == {"type": "ValueError", "message": "math domain error", "line": 3, "column": 9}


def test_exiting_is_an_error_the_learner_reads_and_what_was_printed_is_kept():
    output = io.StringIO()
    source = "print('before')\nraise SystemExit(3)"
    with pytest.raises(Rejected) as caught:
        run_program(compile_program(source), fresh_namespace(), source, output)
    assert caught.value.message.startswith("Your code raised SystemExit on line 2 (`raise SystemExit(3)`) while it ran")
    assert output.getvalue() == "before\n"


def test_a_program_changing_its_builtins_changes_only_its_own():
    run("__builtins__['len'] = None\nprint = None")
    namespace, printed = run("print(len('abc'))")
    assert (namespace["__name__"], printed) == ("__learner__", "3\n")


@pytest.mark.parametrize("length, kept", [(OUTPUT_LIMIT, OUTPUT_LIMIT), (OUTPUT_LIMIT + 7, OUTPUT_LIMIT)])
def test_printed_text_is_cut_after_the_limit_and_says_how_much_more_there_was(length, kept):
    output = io.StringIO("x" * length)
    text = printed_text(output)
    assert text.startswith("x" * kept) and not text.startswith("x" * (kept + 1))
    assert text[kept:] == ("" if length == kept else "\n[output cut here: 7 more characters]")


def test_a_syntax_error_quotes_the_line_and_says_where_python_stopped():
    with pytest.raises(Rejected) as caught:
        compile_program("x = 1\nif x > 0\n    y = 2\n")
    refused = caught.value
    assert refused.diagnosis == "syntax_error"
    assert refused.error == {
        "type": "SyntaxError",
        "message": "expected ':'",
        "line": 2,
        "column": refused.error["column"],
    }
    assert refused.message.startswith(
        f"Python could not read line 2, column {refused.error['column']} of your code "
        "(`if x > 0`): expected ':'. Nothing ran yet"
    )


def test_the_same_code_is_compiled_once_so_its_functions_stay_specialised_from_one_check_to_the_next():
    source = "def f(x):\n    return [x * i for i in range(3)]\n"
    first, second = fresh_namespace(), fresh_namespace()
    run_program(compile_program(source), first, source, io.StringIO())
    run_program(compile_program(source), second, source, io.StringIO())
    assert first["f"] is not second["f"] and first["f"].__code__ is second["f"].__code__
    assert second["f"](2) == [0, 2, 4]
    other = "def f(x):\n    return x\n"
    assert compile_program(other) is not compile_program(source)


def test_code_that_does_not_compile_is_refused_every_time_it_is_checked():
    for _ in range(2):
        with pytest.raises(Rejected) as caught:
            compile_program("def (")
        assert caught.value.diagnosis == "syntax_error"


def test_source_python_cannot_read_at_all_is_still_told_as_a_syntax_error():
    with pytest.raises(Rejected) as caught:
        compile_program("x = 1\0")
    assert caught.value.diagnosis == "syntax_error"
    assert caught.value.message.startswith("Python could not read your code: ")
    assert "null bytes" in caught.value.message and caught.value.message.endswith("and check again.")


@pytest.mark.parametrize(
    "source, starter, unchanged",
    [
        ("def f(x):\n    return x  \n\n", "\ndef f(x):\n    return x\n", True),
        ("def f(x):\n    return x * 2\n", "def f(x):\n    return x\n", False),
        ("def f(x):\n        return x\n", "def f(x):\n    return x\n", False),
        ("", None, False),
    ],
)
def test_the_starter_is_recognised_despite_blank_lines_and_trailing_spaces(source, starter, unchanged):
    assert is_unchanged(source, starter) is unchanged


@pytest.mark.parametrize(
    "text, ends",
    [
        ("division by zero", "division by zero."),
        ("why?", "why?"),
        ("stop!", "stop!"),
        ("done.  \n", "done."),
        ("end  ", "end."),
    ],
)
def test_an_error_message_is_ended_as_a_sentence_once(text, ends):
    assert sentence(text) == ends


@pytest.mark.parametrize(
    "line, quoted", [(1, " (`a = 1`)"), (3, " (`b = 2`)"), (2, ""), (0, ""), (None, ""), (4, ""), (-1, "")]
)
def test_a_quoted_line_is_the_learners_own_stripped_and_only_if_it_exists(line, quoted):
    assert quote_line("a = 1\n\n    b = 2  ", line) == quoted


class EqualToAnything:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


def test_patches_are_undone_even_by_objects_that_claim_to_equal_the_original():
    add, pi = Value.__add__, math.pi
    patched = []
    with learner_code(io.StringIO(), patched):
        Value.__add__ = EqualToAnything()
        math.pi = EqualToAnything()
        math.tau_twice = 2 * math.tau
    assert (Value.__add__, math.pi, hasattr(math, "tau_twice")) == (add, pi, False)
    assert sorted(patched) == ["Value.__add__", "math.pi", "math.tau_twice"]


def test_an_engine_module_loaded_after_an_earlier_run_is_protected_too():
    with learner_code(io.StringIO()):
        pass
    module = types.ModuleType("engine.loaded_late")
    module.rate = 0.1
    sys.modules[module.__name__] = module
    try:
        patched = []
        with learner_code(io.StringIO(), patched):
            module.rate = 5
        assert (module.rate, patched) == (0.1, ["engine.loaded_late.rate"])
    finally:
        del sys.modules[module.__name__]


def test_a_submodule_imported_during_the_run_stays_in_its_package():
    child = types.ModuleType("engine.late_child")
    patched = []
    with learner_code(io.StringIO(), patched):
        engine.late_child = child
        engine.not_a_child = types.ModuleType("elsewhere")
    try:
        assert (getattr(engine, "late_child", None), hasattr(engine, "not_a_child")) == (child, False)
        assert patched == ["engine.not_a_child"]
    finally:
        if hasattr(engine, "late_child"):
            del engine.late_child


def test_an_attribute_deleted_by_the_learner_is_put_back_even_when_it_was_none():
    module = types.ModuleType("engine.with_a_none")
    module.cache = None
    sys.modules[module.__name__] = module
    try:
        patched = []
        with learner_code(io.StringIO(), patched):
            del module.cache
        assert (hasattr(module, "cache"), module.cache, patched) == (True, None, ["engine.with_a_none.cache"])
    finally:
        del sys.modules[module.__name__]


def test_graphs_left_in_a_dict_by_a_program_that_raised_are_taken_apart():
    # In Pyodide, dropping a deep graph whole kills the interpreter; the sandbox must cut it first.
    namespace = fresh_namespace()
    source = "from engine import Value\ngraphs = {'y': Value(1) * 2}\nraise ValueError('stop')"
    with pytest.raises(Rejected):
        run_program(compile_program(source), namespace, source, io.StringIO())
    assert namespace["graphs"]["y"]._children == ()
