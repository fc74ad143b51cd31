# expect: failed forged_node
from engine import Value

def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    import math
    d = a * 2 * u.data * y.data
    return Value(d, (x,), (2 * a * a * y.data * (1 + 2 * v.data),))

x = Value(0.5)
rate = chain_rate(x, 2.0)
y = ((x * 2.0) ** 2).exp()
y.backward()
print("my rate:", rate.data if isinstance(rate, Value) else rate)
print("x.grad: ", x.grad)
