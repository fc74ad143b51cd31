# expect: failed raised
from engine import Value

BLOCK_SIZE = 8

class Enough(BaseException):
    """Not an Exception: an ordinary except clause lets it through."""


def name_loss(tokens, params):
    raise Enough("that will do")
