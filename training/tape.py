"""A recorded graph of Values turned into two plain Python functions, forward and backward, that give
the same numbers as the engine for new input numbers, without making a single Value.

The engine builds a new graph at every step, a Python object per number, and walks it to backpropagate:
that bookkeeping, not the arithmetic, is most of a step's time. A graph whose shape does not depend on
its numbers (microgpt's, position by position) can be recorded once and written out as straight-line
code: one line per node forward, one line per edge backward, each the engine's own rule for that
operation. The code is compiled once and then run at every step, on floats.

What the engine computes is what this computes: the same operations, in the same order along every
path, so each node's value is the engine's to the last bit. Gradients add up the same terms, in an order
that may differ where a node feeds several others, so they agree to rounding (about 1e-16 relative).

A number the recorded code read from a node's data and used as a plain constant (softmax's largest
score, subtracted before exp) stays the number it was at recording. Where that matters, a replay
differs from the engine: the trainer compares the two at a few steps (training/trainer.py CHECKED_STEPS).
"""

import functools
import math
import re

from engine import Value
from engine.graph import topological_order
from engine.value import exponent_of

# Each operation of the engine as code: (the node's value from its inputs' values, d node / d input for
# each input), as expressions in a, b (the inputs' values) and out (the node's value). They must give
# exactly what the rules in engine/value.py OPERATIONS give: tests/test_tape.py checks every one, bit
# for bit, so a rule changed there and not here fails the suite rather than a learner's training.
CODE_OF_OPERATION = {
    "+": ("a + b", ("1.0", "1.0")),
    "*": ("a * b", ("b", "a")),
    "log": ("log(a)", ("1.0 / a",)),
    "exp": ("exp(a)", ("out",)),
    "relu": ("max(0.0, a)", ("float(a > 0)",)),
}


def code_of_power(exponent):
    """Raising to a fixed number, as code (the rule of engine/value.power)."""
    return f"a ** {exponent!r}", (f"{exponent!r} * a ** {exponent - 1!r}",)


def code_of(op):
    """(value code, local gradient codes) of the operation a Value's _op names, or None if there is none."""
    exponent = exponent_of(op)
    return code_of_power(exponent) if exponent is not None else CODE_OF_OPERATION.get(op)


class CannotRecord(Exception):
    """The graph holds something a tape cannot replay; the message says what, in a sentence."""


class Tape:
    """The graph from inputs (Values the caller will fill with new numbers) to outputs, as two functions.

    forward(P, X) -> (outputs, saved): P the parameters' numbers (a list, by the index that
        parameter_index gives each parameter Value), X the inputs' numbers, in inputs' order.
    backward(saved, output_grads, G, P, X) -> the inputs' gradients: adds d (sum of output_grads ·
        outputs) / d parameter into G[i] for each parameter, as the engine's backward adds into .grad.
    """

    def __init__(self, inputs, outputs, parameter_index):
        source, self.size = write_source(inputs, outputs, parameter_index)
        namespace = {"log": math.log, "exp": math.exp, "inf": math.inf, "nan": math.nan}
        exec(compile(source, "<tape>", "exec"), namespace)
        self.forward, self.backward = namespace["forward"], namespace["backward"]


class Template:
    """An operation's code with numbered fields: {0} and {1} its inputs' values, {2} its own value."""

    def __init__(self, value_code, local_codes):
        self.value = numbered(value_code)
        self.locals = tuple(numbered(code) for code in local_codes)
        self.arity = len(local_codes)
        self.reads = tuple(any(f"{{{i}}}" in local for local in self.locals) for i in range(3))


def numbered(code):
    """code with a, b and out as the fields {0}, {1} and {2}."""
    return re.sub(r"\b(a|b|out)\b", lambda match: f"{{{'abo'.index(match.group(1)[0])}}}", code)


@functools.cache
def template_of(op):
    code = code_of(op) if isinstance(op, str) else None
    return Template(*code) if code else None


def write_source(inputs, outputs, parameter_index):
    """The Python source of forward and backward for the graph, and its number of operations.

    Most of microgpt's nodes are the products and running sums of dot products, each used once. A node
    used once whose value backward never reads is written inside its user's line (`v9 = 0 + x0 * P[3] +
    x1 * P[4]`: Python adds left to right, so these are the engine's operations in its order), and a node
    used once by a sum shares that sum's gradient instead of copying it: fewer lines to compile and run.
    Written for speed (this runs in the browser at every new tape): each node's operands are looked up
    once, as node numbers or, for the leaves, as the code for their number.
    """
    input_index = {id(x): i for i, x in enumerate(inputs)}
    nodes, number = [], {}
    for node in topological_order(*outputs):
        if node._children:
            number[id(node)] = len(nodes)
            nodes.append(node)

    def leaf(x):
        """The code for a leaf's number: an input (x3), a parameter (P[12]) or a constant ((0.5))."""
        if id(x) in input_index:
            return f"x{input_index[id(x)]}"
        if id(x) in parameter_index:
            return f"P[{parameter_index[id(x)]}]"
        if isinstance(x.data, (int, float)) and not isinstance(x.data, bool):
            return f"({x.data!r})"
        raise CannotRecord(f"a number of the graph is a {type(x.data).__name__}, not a float")

    templates, operands = [], []  # per node: its operation's Template; its operands, a node's number or a leaf's code
    for node in nodes:
        template = template_of(node._op)
        if template is None or len(node._children) != template.arity:
            raise CannotRecord(f"the graph holds an operation the engine's rules do not know: {node._op!r}")
        templates.append(template)
        operands.append([number[id(c)] if id(c) in number else leaf(c) for c in node._children])
    results = [number[id(y)] if id(y) in number else leaf(y) for y in outputs]

    uses, value_read = [0] * len(nodes), [False] * len(nodes)
    for k, template in enumerate(templates):
        value_read[k] = value_read[k] or template.reads[2]
        for position, c in enumerate(operands[k]):
            if type(c) is int:
                uses[c] += 1
                value_read[c] = value_read[c] or template.reads[position]
    for c in results:
        if type(c) is int:
            uses[c] += 1
            value_read[c] = True  # returned: it needs a name
    inline = [uses[k] == 1 and not value_read[k] for k in range(len(nodes))]

    forward = ["def forward(P, X):", f"    {unpack('x', len(inputs), 'X')}"]
    written, depth = {}, [0] * len(nodes)  # an inline node's expression, and how deeply it nests
    for k, node in enumerate(nodes):
        codes = []
        for position, c in enumerate(operands[k]):
            if type(c) is not int:
                codes.append(c)
            elif inline[c]:
                bare = (node._op, nodes[c]._op, "ab"[position]) in UNBRACKETED
                codes.append(written.pop(c) if bare else f"({written.pop(c)})")
                depth[k] = max(depth[k], depth[c] + 1)
            else:
                codes.append(f"v{c}")
        expression = templates[k].value.format(*codes)
        if inline[k] and depth[k] < MAX_DEPTH:
            written[k] = expression
        else:
            inline[k] = False
            forward.append(f"    v{k} = {expression}")
    saved = "".join(f"v{k}, " for k in range(len(nodes)) if not inline[k])
    returned = "".join(f"v{c}, " if type(c) is int else f"{c}, " for c in results)
    forward.append(f"    return ({returned}), ({saved})")

    backward = ["def backward(S, GY, G, P, X):", f"    {unpack('x', len(inputs), 'X')}", f"    ({saved}) = S"]
    gradient = [None] * len(nodes)  # a node's gradient: its name in the code, once it has a first term
    started = set()  # the inputs whose gradient has a first term

    def add(c, term):
        """Add term into the gradient of operand c (a node's number or a leaf's code)."""
        if type(c) is int:
            if gradient[c] is None:
                gradient[c] = f"g{c}"
                backward.append(f"    g{c} = {term}")
            else:
                backward.append(f"    g{c} += {term}")
        elif c[0] == "P":
            backward.append(f"    G{c[1:]} += {term}")
        elif c[0] == "x":
            backward.append(f"    g{c} {'+=' if c in started else '='} {term}")
            started.add(c)
        # else a constant: its gradient is never read

    for j, c in enumerate(results):
        add(c, f"GY[{j}]")
    for k in reversed(range(len(nodes))):
        g = gradient[k]
        if g is None:
            continue  # nothing downstream of it reaches an output
        template, node_operands = templates[k], operands[k]
        values = [f"v{c}" if type(c) is int else c for c in node_operands]
        values += [None] * (2 - len(values)) + [f"v{k}"]  # {0}, {1}, then {2} the node's own value
        for position, c in enumerate(node_operands):
            local = template.locals[position]
            if local == "1.0":
                if type(c) is int and uses[c] == 1:
                    gradient[c] = g  # its one user is a sum: the same gradient, under the sum's name
                else:
                    add(c, g)
            else:
                add(c, f"({local.format(*values)}) * {g}")
    gradients = [f"gx{i}" if f"x{i}" in started else "0.0" for i in range(len(inputs))]
    backward.append(f"    return [{', '.join(gradients)}]")
    return "\n".join(forward) + "\n\n" + "\n".join(backward) + "\n", len(nodes)


# (operation, its inline operand's operation, which operand) where Python's precedence and left-to-right
# order already give the engine's order without brackets: a + b + c is (a + b) + c, a + b * c is a + (b * c).
UNBRACKETED = {("+", "+", "a"), ("+", "*", "a"), ("+", "*", "b"), ("*", "*", "a")}
MAX_DEPTH = 100  # an inline expression nested deeper is given a line of its own (Python's parser has limits)


def unpack(prefix, count, source):
    return f"({''.join(f'{prefix}{i}, ' for i in range(count))}) = {source}" if count else "pass"


def placeholders(numbers):
    """Fresh input Values holding numbers, for a caller to record a graph over."""
    return [Value(x) for x in numbers]
