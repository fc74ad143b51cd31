# expect: passed correct
from engine import Value


def slope(f, x, h):
    """The slope of f at x, measured by nudging x by h to each side."""
    return (f(x + h) - f(x - h)) / (2 * h)


def cube(x):
    return x ** 3


x = Value(1.0)
measured = slope(cube, x, 0.1)
print("central difference, h = 0.1:", measured.data)
y = cube(x)
y.backward()
print("backward() gives:           ", x.grad)
