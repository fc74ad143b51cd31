# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def linear(x, w):
    """One output per row of w: the dot product of that row with the list x."""
    out = []
    for row in w:
        total = None  # TODO: the sum of row[j] * x[j] over every j
        out.append(total)
    return out

x = [Value(1.0), Value(2.0)]
w = [[Value(0.5), Value(-1.0)], [Value(2.0), Value(0.25)], [Value(1.0), Value(1.0)]]
out = linear(x, w)
print("outputs:", [o.data for o in out])
sum(out).backward()
print("gradient at x:", [xj.grad for xj in x])
print("gradient at w:", [[wij.grad for wij in row] for row in w])
