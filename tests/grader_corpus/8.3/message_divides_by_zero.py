# expect: failed raised
import math

from engine import Value


def attend(q, keys, values):
    total = sum(qi * qi for qi in q)
    return [qi / (total - total) for qi in q]
