# expect: failed raised
import math
from engine import Value

def first_probability(s1, s2):
    e1 = math.exp(s1)
    e2 = math.exp(s2)
    return e1 / (e1 + e2)

