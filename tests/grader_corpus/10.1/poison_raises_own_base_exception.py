# expect: failed raised
from engine import Value



class Enough(BaseException):
    """Not an Exception: an ordinary except clause lets it through."""


def cross_entropy(logits, targets):
    raise Enough("that will do")
