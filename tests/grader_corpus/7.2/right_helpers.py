# expect: passed correct
from engine import Value

def rate_of_square(u):
    """Squaring moves by twice its input per unit of input."""
    return 2 * u


def rate_of_exp(v):
    return v.exp()


def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * rate_of_square(u) * rate_of_exp(v)

x = Value(0.5)
rate = chain_rate(x, 2.0)
y = ((x * 2.0) ** 2).exp()
y.backward()
print("my rate:", rate.data if isinstance(rate, Value) else rate)
print("x.grad: ", x.grad)
