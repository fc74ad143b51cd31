# expect: failed bad_signature
from engine import Value

def chain_rate(x):
    a = 2.0
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y

print(chain_rate(Value(0.5)).data)
