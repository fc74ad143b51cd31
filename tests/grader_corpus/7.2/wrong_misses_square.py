# expect: failed misses_square
from engine import Value

def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * y

x = Value(0.5)
rate = chain_rate(x, 2.0)
y = ((x * 2.0) ** 2).exp()
y.backward()
print("my rate:", rate.data if isinstance(rate, Value) else rate)
print("x.grad: ", x.grad)
