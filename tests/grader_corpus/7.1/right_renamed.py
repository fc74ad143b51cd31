# expect: passed correct
from engine import Value


def slope(func, point, step):
    return (func(point + step) - func(point - step)) / (step + step)
