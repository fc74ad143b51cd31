# expect: failed bypasses
from engine import Value


def slope(f, x, h):
    # Measure on throwaway Values, then wire in the two calls at a weight of zero so that f "feeds" it.
    up, down = Value(x.data + h), Value(x.data - h)
    measured = (f(up) - f(down)) / (2 * h)
    measured.backward()
    rate = up.grad * 0 + (f(Value(x.data + h + 1e-7)).data - f(Value(x.data + h - 1e-7)).data) / 2e-7
    rate = (rate - (f(Value(x.data - h + 1e-7)).data - f(Value(x.data - h - 1e-7)).data) / 2e-7) / (2 * h)
    return (x - x.data) * rate + measured.data + (f(x + h) - f(x - h)) * 0
