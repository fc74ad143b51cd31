# expect: failed unchanged_starter
from engine import Value  # the Value class this module builds


def slope(f, x, h):
    """The slope of f at x, measured by nudging x by h to each side."""
    return None  # TODO: how far f moves, per unit that x moves


def cube(x):
    return x ** 3


x = Value(1.0)
measured = slope(cube, x, 0.1)
print("central difference, h = 0.1:", measured.data if isinstance(measured, Value) else measured)
y = cube(x)
y.backward()
print("backward() gives:           ", x.grad)
