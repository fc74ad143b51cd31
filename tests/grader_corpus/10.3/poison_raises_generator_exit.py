# expect: failed raised
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    raise GeneratorExit("closing early")
