# expect: failed wrong
import math

from engine import Value


def attend(q, keys, values):
    n = len(values)
    return [sum(v[j] for v in values) / n for j in range(len(values[0]))]
