# expect: failed not_a_value
from engine import Value


def chain_rate(x, a):
    u = x * a
    return [a * (2 * u) * (u ** 2).exp()]
