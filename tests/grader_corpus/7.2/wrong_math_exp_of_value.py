# expect: failed raised
import math
from engine import Value

def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * math.exp(v)

