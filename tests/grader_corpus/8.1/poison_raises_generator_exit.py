# expect: failed raised
from engine import Value


def embed(token, pos, wte, wpe):
    raise GeneratorExit("closing early")
