# expect: failed raised
import math

from engine import Value


class Enough(BaseException):
    """Not an Exception: an ordinary except clause lets it through."""


def causal_attention(qs, ks, vs):
    raise Enough("that will do")
