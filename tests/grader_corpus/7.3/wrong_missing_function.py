# expect: failed missing_function
from engine import Value

def probability(s1, s2):
    e1 = s1.exp()
    e2 = s2.exp()
    return e1 / (e1 + e2)

