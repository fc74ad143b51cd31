# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def linear(x, w):
    """Supplied: lesson 8.2's linear, one dot product of x with each row of w."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    """microgpt's MLP on the normalised vector x: widen with w1, relu, narrow with w2."""
    hidden = None   # TODO: x through the first matrix
    fired = None    # TODO: relu on each hidden unit
    return None     # TODO: the fired units through the second matrix

x = [Value(1.0), Value(2.0)]
w1 = [[Value(1.0), Value(0.5)], [Value(-1.0), Value(0.25)], [Value(0.5), Value(-1.0)], [Value(0.0), Value(1.0)]]
w2 = [[Value(1.0), Value(-1.0), Value(0.5), Value(0.5)], [Value(0.5), Value(1.0), Value(-1.0), Value(0.25)]]
out = mlp(x, w1, w2)
print("output:     ", [o.data for o in out])
sum(out).backward()
print("grad at x:  ", [xi.grad for xi in x])
print("grad at w1: ", [[w.grad for w in row] for row in w1])
