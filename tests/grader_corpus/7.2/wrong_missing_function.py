# expect: failed missing_function
from engine import Value

def chain_rule(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y

print(chain_rule(Value(0.5), 2.0).data)
