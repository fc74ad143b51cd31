"""The Value engine: every gradient against finite differences, the lesson's numbers, deep graphs."""

import math
import random

import pytest

import engine
from engine import Value, backpropagate, dismantle, topological_order


def numeric_gradient(f, *inputs, h=1e-6):
    """Central finite differences of f with respect to each input."""
    grads = []
    for i in range(len(inputs)):
        up = list(inputs)
        down = list(inputs)
        up[i] += h
        down[i] -= h
        grads.append((f(*up) - f(*down)) / (2 * h))
    return grads


def autograd_gradient(f, *inputs):
    """Gradients of f at inputs as the engine's backward computes them."""
    values = [Value(x) for x in inputs]
    f(*values).backward()
    return [v.grad for v in values]


OPERATIONS = {
    "add": (lambda a, b: a + b, (1.5, -0.7)),
    "sub": (lambda a, b: a - b, (1.5, -0.7)),
    "mul": (lambda a, b: a * b, (1.5, -0.7)),
    "div": (lambda a, b: a / b, (1.5, -0.7)),
    "pow": (lambda a: a**3, (1.3,)),
    "pow_negative": (lambda a: a**-2, (1.3,)),
    "pow_fraction": (lambda a: a**0.5, (2.0,)),
    "log": (lambda a: a.log() if isinstance(a, Value) else math.log(a), (2.5,)),
    "exp": (lambda a: a.exp() if isinstance(a, Value) else math.exp(a), (0.7,)),
    "relu_open": (lambda a: a.relu() if isinstance(a, Value) else max(0.0, a), (0.8,)),
    "relu_closed": (lambda a: a.relu() if isinstance(a, Value) else max(0.0, a), (-0.8,)),
    "neg": (lambda a: -a, (0.9,)),
    "radd": (lambda a: 2.0 + a, (0.9,)),
    "rsub": (lambda a: 2.0 - a, (0.9,)),
    "rmul": (lambda a: 2.0 * a, (0.9,)),
    "rtruediv": (lambda a: 2.0 / a, (0.9,)),
    "composite": (lambda a, b: (a * b + b**2 - a / b) * (3.0 - a) + 1.0 / (a + 2.0), (1.2, -0.4)),
}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_gradient_matches_finite_differences(name):
    f, inputs = OPERATIONS[name]
    expected = numeric_gradient(f, *inputs)
    actual = autograd_gradient(f, *inputs)
    assert actual == pytest.approx(expected, rel=1e-6, abs=1e-9)


def test_forward_values_match_plain_floats():
    a, b = Value(1.5), Value(-0.7)
    assert (a + b).data == 1.5 + -0.7
    assert (a * b).data == 1.5 * -0.7
    assert (a / b).data == pytest.approx(1.5 / -0.7)
    assert (2.0 - a).data == 0.5
    assert Value(-3.0).relu().data == 0.0


def test_power_needs_a_number_exponent():
    with pytest.raises(TypeError):
        Value(2.0) ** Value(3.0)


def layer(x):
    return (x * 0.1).relu()


def stack_gradient(depth, residual, rate=0.1):
    """Gradient reaching the input of a stack of relu(rate * x) layers, from x = 1.0."""
    x = Value(1.0)
    out = x
    for _ in range(depth):
        step = (out * rate).relu()
        out = out + step if residual else step
    out.backward()
    dismantle(out)
    return x.grad


def test_plain_stack_of_20_passes_back_1e_20():
    assert stack_gradient(20, residual=False) == pytest.approx(1e-20, rel=1e-9)


def test_residual_stack_of_20_passes_back_1_1_to_the_20():
    gradient = stack_gradient(20, residual=True)
    assert gradient == pytest.approx(1.1**20, rel=1e-12)
    assert f"{gradient:.4f}" == "6.7275"


def test_residual_stack_of_40_passes_back_about_45():
    assert round(stack_gradient(40, residual=True), 2) == 45.26


def test_negative_rate_shrinks_each_layer_to_0_1():
    x = Value(-1.5)
    out = x
    for _ in range(20):
        out = out + (out * -0.9).relu()
    out.backward()
    assert x.grad == pytest.approx(0.1**20, rel=1e-9)


def test_grads_accumulate_across_backward_calls():
    a, b = Value(2.0), Value(3.0)
    out = a * b
    out.backward()
    assert (a.grad, b.grad) == (3.0, 2.0)
    out.backward()
    assert (a.grad, b.grad) == (6.0, 4.0)
    assert out.grad == 1.0


def test_zeroing_grads_between_passes_gives_the_same_gradient():
    a, b = Value(2.0), Value(3.0)
    out = a * b + a
    out.backward()
    first = (a.grad, b.grad)
    for node in topological_order(out):
        node.grad = 0.0
    out.backward()
    assert (a.grad, b.grad) == first == (4.0, 2.0)


def test_shared_node_collects_gradient_from_every_use():
    a = Value(3.0)
    out = a * a + a
    out.backward()
    assert a.grad == 7.0


def test_topological_order_puts_children_before_parents():
    a, b = Value(1.0), Value(2.0)
    c = a * b
    out = c + a
    order = topological_order(out)
    position = {id(node): i for i, node in enumerate(order)}
    assert len(order) == 4 and order[-1] is out
    for node in order:
        for child in node._children:
            assert position[id(child)] < position[id(node)]


def test_backpropagate_is_what_backward_calls():
    a = Value(2.0)
    out = a.exp()
    backpropagate(out)
    assert a.grad == pytest.approx(math.exp(2.0))


def test_backward_through_100000_residual_layers():
    x = Value(1.0)
    out = x
    for _ in range(100_000):
        out = out + (out * 0.1).relu()
    out.backward()  # a recursive sort would raise RecursionError long before this depth
    assert math.isinf(x.grad) or x.grad > 1e300
    dismantle(out)


def test_backward_through_100000_layers_that_stay_finite():
    x = Value(-1.0)  # relu stays closed: the gradient rides the skip path alone
    out = x
    for _ in range(100_000):
        out = out + (out * 0.1).relu()
    out.backward()
    assert x.grad == 1.0 and out.data == -1.0
    dismantle(out)


def test_dismantle_leaves_no_links():
    x = Value(1.0)
    out = x
    for _ in range(50):
        out = out + layer(out)
    nodes = topological_order(out)
    dismantle(out)
    assert all(node._children == () and node._local_grads == () for node in nodes)
    assert out.data == pytest.approx(1.1**50)


def test_dismantle_cuts_a_node_reached_by_many_paths_and_everything_below_it():
    x = Value(2.0)
    shared = x * x  # reached from each of the three terms below, and through them from out
    terms = [shared * 2.0, shared + x, (shared * 3.0).relu()]
    out = terms[0] + terms[1] + terms[2]
    nodes = topological_order(out)
    dismantle(out)
    assert all(node._children == () and node._local_grads == () for node in nodes)
    assert [node.data for node in terms] == [8.0, 6.0, 12.0]


def test_dismantle_a_chain_of_a_million_nodes():
    node = Value(0.0)
    for _ in range(999_999):
        node = Value(node.data + 1.0, (node,), (1.0,))
    dismantle(node)
    assert node._children == () and node.data == 999_999.0


def test_values_have_slots_and_no_dict():
    v = Value(1.0)
    assert Value.__slots__ == ("data", "grad", "_children", "_local_grads", "_op")
    assert not hasattr(v, "__dict__")
    with pytest.raises(AttributeError):
        v.label = "x"


def test_repr_shows_data_and_grad():
    assert repr(Value(2.5)) == "Value(data=2.5, grad=0.0)"


def test_package_exports():
    assert engine.__version__ == "0.1.0"
    assert engine.Value is Value
    assert {"Value", "topological_order", "backpropagate", "dismantle"} <= set(dir(engine))


def test_each_operation_records_its_name_for_the_grader_and_the_graph_view():
    x, y = Value(2.0), Value(3.0)
    assert [(x + y)._op, (x * y)._op, (x**2)._op, x.log()._op, x.exp()._op, x.relu()._op] == [
        "+",
        "*",
        "**2",
        "log",
        "exp",
        "relu",
    ]
    assert x._op == "" and (x - y)._op == "+" and (x / y)._op == "*"


def test_topological_order_of_several_roots_reads_each_child_in_turn():
    # One walk serves backward and the graph view: children before parents, the first child's part first.
    a, b = Value(1.0), Value(2.0)
    first, second = a * b, a + b
    assert [node.data for node in topological_order(first, second)] == [1.0, 2.0, 2.0, 3.0]


def test_backpropagate_of_several_roots_gives_gradients_of_their_sum():
    a, b = Value(2.0), Value(3.0)
    first, second = a * b, a + b
    backpropagate(first, second)
    assert (a.grad, b.grad, first.grad, second.grad) == (4.0, 3.0, 1.0, 1.0)


def recursive_order(*roots):
    """The walk topological_order promises, written the obvious recursive way (fine at this depth)."""
    order, seen = [], set()

    def visit(node):
        if id(node) not in seen:
            seen.add(id(node))
            for child in node._children:
                visit(child)
            order.append(node)

    for root in roots:
        visit(root)
    return order


def test_topological_order_is_the_recursive_walk_on_a_graph_with_many_shared_nodes():
    # The loop skips children already listed; the order must still be exactly the recursive walk's.
    rng = random.Random(3)
    nodes = [Value(rng.uniform(0.5, 2.0)) for _ in range(10)]
    for _ in range(3000):
        a, b = rng.choice(nodes[-30:]), rng.choice(nodes)
        nodes.append(rng.choice([a * b, a + b, a.relu(), b**-1, a + a]))
    roots = nodes[-1], nodes[-5], nodes[40]
    assert [id(node) for node in topological_order(*roots)] == [id(node) for node in recursive_order(*roots)]


def test_a_number_on_the_left_makes_the_node_a_number_on_the_right_makes():
    a = Value(3.0)
    for made_left, made_right in ((2.0 + a, a + 2.0), (2.0 * a, a * 2.0)):
        assert made_left._op == made_right._op
        assert made_left._children[0] is a and made_left._children[1].data == 2.0
        assert made_left.data == made_right.data and made_left._local_grads == made_right._local_grads
