# expect: failed raised
from engine import Value


def chain_rate(x, a):
    raise KeyboardInterrupt  # as if Stop had been pressed
