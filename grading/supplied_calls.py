"""The calls of supplied functions that a Check's graph stands on, made again by the judge.

A Check's learner side ships each call of a function under `feeds:` as its results alone, each a node
whose children are the Values the call was given (grading.learner_side.ship): what happens inside the
call is the lesson's own code, and in a model it is most of the graph. Here, in the judge's interpreter,
the call is made again on the numbers the graph gives those Values, and each result's data and its
gradient towards each of them (a row of the call's Jacobian) are the judge's own, never what was shipped.

So a function under `feeds:` must give the same results whenever it is called on the same numbers in
the same case: it may read its arguments and the case's values (its globals), and nothing that changes.
A call already made is kept, by its numbers: the reference's graph and a right answer's make the same
calls, so a Check works out each of them once, ahead, with the reference.
"""

import functools
import io
import json

from engine import Value
from engine.graph import topological_order
from grading import learner_side
from grading.sandbox import printing_to

CALLS_KEPT = 512  # per case: its own calls, and those at its inputs moved a little, Check after Check
CASES_KEPT = 64  # a page's written cases, and the last Checks' drawn ones


class NoValue(ValueError):
    """The call cannot be made on these numbers, or does not give a Value where the graph has one."""


def for_case(supply, feeds, case):
    """The SuppliedCalls of an exercise's supply (its source and the names under feeds) on case."""
    return kept_for(supply, tuple(feeds), json.dumps(case, sort_keys=True))


@functools.lru_cache(maxsize=CASES_KEPT)
def kept_for(supply, feeds, case_json):
    return SuppliedCalls(supply, feeds, json.loads(case_json))


class SuppliedCalls:
    """The functions under feeds, made for one case (as the learner's side makes them: the supply run
    with the case's values as globals), and the calls of them worked out so far."""

    def __init__(self, supply, feeds, case):
        self.supply, self.feeds, self.case = supply, feeds, case
        self.functions = None  # made when a call is first worked out
        self.worked_out = {}  # (name, template text, numbers given) → [(data, row) or None per result], or NoValue

    def rule(self, name, template_text, template, position):
        """The rule of the node that stands for result `position` of the call name(template, with its
        Values given): the data of those Values → (the result's data, its gradient towards each)."""
        return functools.partial(self.result, name, template_text, template, position)

    def result(self, name, template_text, template, position, *given):
        key = (name, template_text, given)
        results = self.worked_out.pop(key, None)  # put back last: the least recently used goes first
        if results is None:
            results = self.work_out(name, template, given)
            if len(self.worked_out) >= CALLS_KEPT:
                del self.worked_out[next(iter(self.worked_out))]
        self.worked_out[key] = results
        if isinstance(results, NoValue):
            raise NoValue(str(results))  # a new one each time: raised again, the kept one would pile up tracebacks
        if position >= len(results) or results[position] is None:
            raise NoValue(f"{name} of those numbers gives no Value in place {position + 1}")
        return results[position]

    def work_out(self, name, template, given):
        """name(*template) with fresh Values of the numbers given in the template's Nones: per result, its
        data and its gradient towards each of them, or None where a result is not a Value; NoValue if
        the call cannot be made (it is returned, to be kept like a result)."""
        if self.functions is None:
            made = learner_side.supplies({"supply": self.supply, "feeds": []}, self.case, [])
            self.functions = {feed: made[feed] for feed in self.feeds if feed in made}
        function = self.functions.get(name)
        if function is None:
            return NoValue(f"{name} is not a function the exercise supplies to feed the output")
        leaves = [Value(number) for number in given]
        fill = iter(leaves)
        try:
            arguments = [filled(part, fill) for part in template]
            if next(fill, None) is not None:
                raise NoValue(f"{name} was given more Values than its arguments hold")
            with printing_to(io.StringIO()):
                returned = function(*arguments)
        except NoValue as no_value:
            return no_value
        except Exception as error:  # noqa: BLE001 - the lesson's function on numbers it cannot take
            return NoValue(f"{name} of those numbers raises {type(error).__name__}: {error}")
        returned = returned if isinstance(returned, list) else [returned]
        return jacobian_rows(returned, leaves)


def filled(part, fill):
    """An argument of a call from its template: each None the next of fill, each list filled in turn."""
    if part is None:
        value = next(fill, None)
        if value is None:
            raise NoValue("the call was given fewer Values than its arguments hold")
        return value
    if isinstance(part, list):
        return [filled(item, fill) for item in part]
    if type(part) not in learner_side.NUMBERS:
        raise NoValue("an argument of the call is not a number")
    return part


def jacobian_rows(results, leaves):
    """Per result, (its data, d result / d leaf for each of leaves), or None if it is not a Value: a
    backward pass from each result on its own, by the same sums as the engine's own backward."""
    values = [result for result in results if type(result) is Value]
    order = topological_order(*values)
    place = {id(node): i for i, node in enumerate(order)}
    edges = [
        (place[id(child)], rate, parent)
        for parent, node in enumerate(order)
        for child, rate in zip(node._children, node._local_grads)
    ]
    edges.reverse()
    at_leaves = [place.get(id(leaf)) for leaf in leaves]
    rows = []
    for result in results:
        if type(result) is not Value:
            rows.append(None)
            continue
        grad = [0.0] * len(order)
        grad[place[id(result)]] = 1.0
        for child, rate, parent in edges:
            grad[child] += rate * grad[parent]
        rows.append((result.data, [0.0 if at is None else grad[at] for at in at_leaves]))
    for node in order:  # the call's graph is dropped now: its links cut, it is freed at once
        node._children = ()
        node._local_grads = ()
    return rows


def unrepeatable(supply, feeds, case, graph):
    """For the check of a lesson: (the function's name, what it gave, what it gives when called again)
    for the first call in graph (the solution's, on case) that gives other numbers when made again on
    its own, in a supply made afresh; None if every call repeats. A function that keeps something
    between calls, or reads what changes, would make the judge's calls disagree with the learner's."""
    for node, (name, text, template, position) in graph.boxed.items():
        given = tuple(graph.data[k] for k in graph.children[graph_edges(graph, node)])
        afresh = SuppliedCalls(supply, tuple(feeds), case)
        try:
            data, _ = afresh.result(name, text, template, position, *given)
        except NoValue as no_value:
            return name, graph.data[node], str(no_value)
        if data != graph.data[node] and not (data != data and graph.data[node] != graph.data[node]):
            return name, graph.data[node], data
    return None


def graph_edges(graph, node):
    """The slice of graph's edges (children, rates) that belong to node."""
    start = sum(graph.arity[:node])
    return slice(start, start + graph.arity[node])
