# expect: failed wrong
import math

from engine import Value


def attend(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    best = max(range(len(scores)), key=lambda t: scores[t].data)
    return [x * 1 for x in values[best]]
