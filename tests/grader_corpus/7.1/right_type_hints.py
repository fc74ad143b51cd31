# expect: passed correct
from engine import Value


from typing import Callable


def slope(f: Callable[[Value], Value], x: Value, h: float = 1e-2) -> Value:
    """Central difference: rise over a run of 2h."""
    return (f(x + h) + -f(x - h)) / (2.0 * h)
