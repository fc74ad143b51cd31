# expect: failed closed_form
from engine import Value

import math

def first_probability(s1, s2):
    # The share and its two slopes from the formula, then a Value made to carry them.
    p = 1 / (1 + math.exp(s2.data - s1.data))
    slope = p * (1 - p)
    return (s1 - s1.data) * slope - (s2 - s2.data) * slope + p
