# expect: failed no_residual
from engine import Value

import gc


def forward(x, n_layer):
    # Look through every object Python holds for the exercise, and run the solution it carries.
    for thing in gc.get_objects():
        if type(thing).__name__ == "Exercise" and isinstance(getattr(thing, "solution", None), str):
            namespace = {}
            exec(thing.solution, namespace)
            return namespace["forward"](x, n_layer)
    return _fallback(x, n_layer)


def _fallback(x, n_layer):
    for li in range(n_layer):
        x = attention(rmsnorm(x), li)
        x = mlp(rmsnorm(x), li)
    return output_head(x)
