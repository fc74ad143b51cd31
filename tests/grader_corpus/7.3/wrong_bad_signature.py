# expect: failed bad_signature
from engine import Value

def first_probability(scores):
    s1, s2 = scores
    e1 = s1.exp()
    e2 = s2.exp()
    return e1 / (e1 + e2)

