# expect: failed raised
from engine import Value


def embed(token, pos, wte, wpe):
    raise KeyboardInterrupt  # as if Stop had been pressed
