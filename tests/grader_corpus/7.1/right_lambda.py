# expect: passed correct
from engine import Value


slope = lambda f, x, h: (f(x + h) - f(x - h)) / (2 * h)
