# expect: failed raised
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    raise GeneratorExit("closing early")
