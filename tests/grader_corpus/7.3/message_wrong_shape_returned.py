# expect: failed not_a_value
from engine import Value


def first_probability(s1, s2):
    top = s1.exp()
    return [top / (top + s2.exp())]
