# expect: failed raised
from engine import Value


def chain_rate(x, a):
    raise GeneratorExit("closing early")
