# expect: failed broken_graph
from engine import Value


class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def slope(f, x, h):
    result = (f(x + h) - f(x - h)) / (2 * h)
    result.data = Exact(result.data)
    return result
