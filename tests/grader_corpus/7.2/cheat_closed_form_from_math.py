# expect: failed closed_form
from engine import Value

import math

def chain_rate(x, a):
    # Output and slope of a * 2ax * exp((ax)^2) worked out with math, then dressed as a Value.
    t = a * x.data
    out = 2 * a * t * math.exp(t * t)
    slope = 2 * a * a * math.exp(t * t) * (1 + 2 * t * t)
    return (x - x.data) * slope + out
