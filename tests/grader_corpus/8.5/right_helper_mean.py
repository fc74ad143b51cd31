# expect: passed correct
from engine import Value

def mean(values):
    """The mean of a list of Values."""
    return sum(values) / len(values)


def rmsnorm(x):
    scale = (mean([xi * xi for xi in x]) + 1e-5) ** -0.5
    return [xi * scale for xi in x]

x = [Value(1.0), Value(2.0), Value(3.0)]
out = rmsnorm(x)
print("normalised:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradients: ", [round(xi.grad, 4) for xi in x])
