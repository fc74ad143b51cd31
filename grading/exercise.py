"""An exercise as the grader needs it: what to call, on which cases, against which reference.

The build reads it from a lesson's exercise block and writes it as JSON beside the page; the
grader takes that JSON (or the same dict) and nothing else, so it knows no lesson by name.
"""

import random
from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Mistake:
    """A wrong variant of the solution, and what a learner whose numbers match it reads."""

    name: str
    source: str
    message: str


@dataclass(frozen=True)
class Exercise:
    id: str
    function: str  # the learner's function under test
    arguments: tuple  # case columns passed to it, in order
    values: tuple  # the arguments that arrive as Values (a number) or lists of Values (a list)
    solution: str  # the reference: a whole program defining the function
    cases: tuple = ()  # written cases: dicts of column → number or list
    generate: str = ""  # a program defining cases(random), drawn afresh at every Check
    supply: str = ""  # a program run per case; the functions it defines are given to the learner's code
    feeds: tuple = ()  # supplied functions whose every call must feed the result
    mistakes: tuple = ()
    passed_message: str = ""
    starter_message: str = ""
    tolerance: float = 1e-9
    labels: dict = field(default_factory=dict)
    table: tuple = ()  # columns of the feedback table: case columns and compared quantities
    graph_case: int = 0  # the case whose graph a learner may look at
    # The nodes the function makes by hand, Value(data, children, local_grads, op), are the exercise: their
    # numbers are taken as given, and the engine's own operations are switched off while learner code runs.
    builds_nodes: bool = False
    # The function is graded by the .grad it writes on a graph '--- supply' builds (an argument naming a
    # supplied function gets its result on the Value columns); the engine's backward is switched off.
    writes_grads: bool = False

    @classmethod
    def of(cls, exercise):
        """exercise itself, or the exercise its JSON-able dict describes (see from_dict)."""
        return exercise if isinstance(exercise, cls) else cls.from_dict(exercise)

    @classmethod
    def from_dict(cls, data):
        """The exercise from its JSON-able dict (see to_dict)."""
        data = dict(data)
        data["mistakes"] = tuple(Mistake(**m) for m in data.get("mistakes", ()))
        for name in ("arguments", "values", "feeds", "table"):
            data[name] = tuple(data.get(name, ()))
        data["cases"] = tuple(dict(case) for case in data.get("cases", ()))
        return cls(**data)

    def to_dict(self):
        """The exercise as JSON-able data, which from_dict reads back: every field, tuples as lists."""
        return {name: list(value) if isinstance(value, tuple) else value for name, value in asdict(self).items()}

    def label(self, name):
        """What the learner reads for a column or quantity: its label, else its name."""
        return self.labels.get(name, name)

    @property
    def quantities(self):
        """What is compared on every case: the output, then the gradient at each Value input."""
        return ("output", *(f"grad_{name}" for name in self.values))


def copy_lists(value):
    """A fresh list (of fresh lists) holding the same Values."""
    return [copy_lists(item) for item in value] if type(value) is list else value


def call_arguments(names, case, inputs, supplied):
    """The arguments of one call of the function whose parameters are names, in order: a Value column's
    fresh input (a list of them as a list of the call's own, so that an answer writing into its list
    leaves the grader's references as they were), the function of '--- supply' that a column names
    (cases hold plain data, a function by its name, so they travel as JSON and read well in a table),
    else the case's number or list as it is."""
    arguments = []
    for name in names:
        value = inputs[name] if name in inputs else case.get(name)
        if type(value) is list and name in inputs:
            value = copy_lists(value)
        elif isinstance(value, str):
            if value not in supplied:
                raise BadCases(
                    f"the case's {name} names {value!r}, which the '--- supply' part does not define "
                    f"(it defines {', '.join(sorted(supplied)) or 'no function'})"
                )
            value = supplied[value]
        arguments.append(value)
    return arguments


class BadCases(Exception):
    """The exercise's cases cannot be used; the message says why, for the instructor."""


def all_cases(exercise, rng=None):
    """The written cases then those drawn by the generator, each as (case, drawn)."""
    drawn = draw_cases(exercise, rng or random.Random())
    cases = [(case, False) for case in exercise.cases] + [(case, True) for case in drawn]
    for case, _ in cases:
        missing = [name for name in exercise.arguments if name not in case]
        if missing:
            raise BadCases(f"the case {case} has no {', '.join(missing)}")
    if not cases:
        raise BadCases("the exercise has no cases: write a '--- cases' table or a '--- generate' part")
    return cases


GRAPH_CASES_SEED = 0  # an exercise with only drawn cases shows the graphs of cases drawn from this seed
GRAPH_CASES_DRAWN = 4


def graph_cases(exercise):
    """The cases whose graph a learner may look at: the written ones, else a few the generator draws
    from a fixed seed, so that the page (at build time) and the worker list the same ones."""
    return list(exercise.cases) or draw_cases(exercise, random.Random(GRAPH_CASES_SEED))[:GRAPH_CASES_DRAWN]


def draw_cases(exercise, rng):
    """The cases the exercise's generator draws with rng, as a list of dicts."""
    if not exercise.generate:
        return []
    namespace = {"__name__": "__cases__"}
    exec(compile(exercise.generate, "<generate>", "exec"), namespace)
    generator = namespace.get("cases")
    if not callable(generator):
        raise BadCases("the '--- generate' part must define a function cases(random)")
    drawn = [dict(case) for case in generator(rng)]
    return drawn
