"""Running a learner's function on cases of one's choosing, as the grader does (fresh inputs, the
exercise's supplied functions, the grader's own backward), for views such as an explore's "your code"."""

import contextlib
import io

from grading.compare import failure_of, quantity_of
from grading.exercise import Exercise
from grading.grader import Run, find_function, run_case
from grading.sandbox import Rejected, compile_program, fresh_namespace, run_program, take_apart


class Measured:
    """One case's numbers: .output, and .grad_<input> for each input Value; None where there are none."""

    def __init__(self, exercise, run):
        self._exercise, self._run = exercise, run

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._exercise.quantities:
            raise AttributeError(name)
        return None if self._run.problem else quantity_of(self._run, name)


@contextlib.contextmanager
def learner_runner(exercise, source, failures=None):
    """run(**case) → Measured, for the learner's program; every run gives None if the program cannot run.
    failures, when given, gathers (case, why) for each run that gives no comparable numbers."""
    exercise = Exercise.of(exercise)
    namespace = fresh_namespace()
    output = io.StringIO()
    try:
        run_program(compile_program(source), namespace, source, output)
        function = find_function(exercise, namespace)
    except Rejected:
        function = None

    def run(**case):
        if function is None:
            return Measured(exercise, Run(problem="cannot_run"))
        measured = run_case(exercise, function, namespace, case, source, output)
        if failures is not None and failure_of(measured):
            failures.append((case, failure_of(measured)))
        return Measured(exercise, measured)

    try:
        yield run
    finally:
        take_apart(namespace.values())
        namespace.clear()
