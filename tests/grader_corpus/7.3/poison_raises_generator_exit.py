# expect: failed raised
from engine import Value


def first_probability(s1, s2):
    raise GeneratorExit("closing early")
