# expect: failed wrong
from engine import Value


def slope(f, x, h):
    # The exact derivative by backward() on a copy, not the measured slope the exercise asks for.
    copy = Value(x.data)
    f(copy).backward()
    return f(x) * 0 + copy.grad
