# expect: passed correct
from engine import Value

def linear(x, w):
    print('shape', len(w), 'x', len(x))
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]

x = [Value(1.0), Value(2.0)]
out = linear(x, [[Value(0.5), Value(-1.0)]])
print([o.data for o in out])
