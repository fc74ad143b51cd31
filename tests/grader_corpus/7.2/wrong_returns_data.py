# expect: failed not_a_value
from engine import Value

def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return (a * (2 * u) * y).data

print(chain_rate(Value(0.5), 2.0))
