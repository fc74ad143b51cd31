# expect: failed raised
from engine import Value


def layer(x):
    return (x * 0.1).relu()



class Enough(BaseException):
    """Not an Exception: an ordinary except clause lets it through."""


def residual_stack(x, depth=20):
    raise Enough("that will do")
