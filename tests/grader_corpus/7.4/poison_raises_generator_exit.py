# expect: failed raised
from engine import Value


def multiply(a, b):
    raise GeneratorExit("closing early")
