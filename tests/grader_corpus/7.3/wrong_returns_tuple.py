# expect: failed not_a_value
from engine import Value

def first_probability(s1, s2):
    e1 = s1.exp()
    e2 = s2.exp()
    total = e1 + e2
    return e1 / total, e2 / total

