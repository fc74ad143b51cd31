"""The residual stack worked out in plain floats, and the known mistakes as formulas of the same kind.

Every quantity is a (value, slope) pair, the slope being d value / d x0, so one forward pass gives
both the output and the gradient at the input, with no Value and no backward involved.
"""

LESSON_RATE = 0.1


def dual_layer(x, rate):
    """The lab's layer, relu(rate * x), on a (value, slope) pair."""
    value, slope = x
    return (value * rate, slope * rate) if value * rate > 0 else (0.0, 0.0)


def dual_add(a, b):
    """Sum of two (value, slope) pairs."""
    return (a[0] + b[0], a[1] + b[1])


def dual_scale(a, factor):
    """A (value, slope) pair times a constant."""
    return (a[0] * factor, a[1] * factor)


def dual_relu(a):
    """relu of a (value, slope) pair."""
    return a if a[0] > 0 else (0.0, 0.0)


def residual_step(x, layer):
    """One right step: x + layer(x)."""
    return dual_add(x, layer(x))


def replacing_step(x, layer):
    """One step of the plain stack: layer(x)."""
    return layer(x)


def run_stack(step, x0, layers, rate):
    """Follow x0 and its slope through `layers` repetitions of step, with the layer at rate."""
    x = (x0, 1.0)
    for _ in range(layers):
        x = step(x, lambda h: dual_layer(h, rate))
    return x


def reference(x0, depth, rate):
    """The right (output, gradient) for a residual stack."""
    return run_stack(residual_step, x0, depth, rate)


def repeated(step, layers=lambda depth: depth):
    """A stack formula that runs step for layers(depth) layers."""
    return lambda x0, depth, rate: run_stack(step, x0, layers(depth), rate)


def added_after_loop(x0, depth, rate):
    """A plain stack with the input added once at the end."""
    return dual_add(run_stack(replacing_step, x0, depth, rate), (x0, 1.0))


# Known mistakes as (diagnosis, what the code does, stack formula); the first that fits every case wins.
MISTAKES = (
    ("replaces", "", repeated(replacing_step)),
    ("adds_input_twice", "", repeated(lambda x, layer: dual_add(dual_add(x, x), layer(x)))),
    ("adds_once_outside_loop", "", added_after_loop),
    ("returns_inside_loop", "", repeated(residual_step, lambda depth: min(depth, 1))),
    ("layer_applied_twice", "the old line x = layer(x) is still there above the new one",
     repeated(lambda x, layer: residual_step(layer(x), layer))),
    ("layer_applied_twice", "layer(layer(x))",
     repeated(lambda x, layer: dual_add(x, layer(layer(x))))),
    ("layer_applied_twice", "layer(x) is added twice",
     repeated(lambda x, layer: dual_add(residual_step(x, layer), layer(x)))),
    ("relu_after_sum", "", repeated(lambda x, layer: dual_relu(residual_step(x, layer)))),
    ("scaled_skip", "multiplies x by 0.1 before adding it",
     repeated(lambda x, layer: dual_add(dual_scale(x, 0.1), layer(x)))),
    ("scaled_skip", "multiplies x by 0.5 before adding it",
     repeated(lambda x, layer: dual_add(dual_scale(x, 0.5), layer(x)))),
    ("scaled_skip", "multiplies x by 2 before adding it",
     repeated(lambda x, layer: dual_add(dual_scale(x, 2.0), layer(x)))),
    ("scaled_skip", "halves x + layer(x)",
     repeated(lambda x, layer: dual_scale(residual_step(x, layer), 0.5))),
    ("wrong_depth", "one layer too many", repeated(residual_step, lambda depth: depth + 1)),
    ("wrong_depth", "one layer too few", repeated(residual_step, lambda depth: max(depth - 1, 0))),
    ("wrong_depth", "20 layers whatever depth it is given", repeated(residual_step, lambda depth: 20)),
)
