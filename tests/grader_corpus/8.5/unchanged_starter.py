# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def rmsnorm(x):
    """Rescale the list of Values x so that its root mean square becomes 1."""
    ms = None      # TODO: the mean of the squares of the entries of x
    scale = None   # TODO: 1 / sqrt(ms + 1e-5), as a Value
    return [xi * scale for xi in x]

x = [Value(1.0), Value(2.0), Value(3.0)]
out = rmsnorm(x)
print("normalised:", [round(o.data, 4) for o in out])
print("rms after: ", round((sum(o.data ** 2 for o in out) / len(out)) ** 0.5, 4))
sum(out).backward()
print("gradients: ", [round(xi.grad, 4) for xi in x])
