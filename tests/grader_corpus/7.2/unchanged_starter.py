# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def chain_rate(x, a):
    """The rate dy/dx along the path y = exp((a * x) ** 2), built from each step's local rate."""
    u = x * a       # step 1
    v = u ** 2      # step 2
    y = v.exp()     # step 3
    rate_u = a      # du/dx: multiplying by a scales every nudge by a
    rate_v = None   # TODO: dv/du, the local rate of squaring, at this u
    rate_y = None   # TODO: dy/dv, the local rate of exp, at this v
    return None     # TODO: the rate along the whole path, dy/dx

# Compare your rate with what backward() finds, at x = 0.5 and a = 2.
x = Value(0.5)
rate = chain_rate(x, 2.0)
y = ((x * 2.0) ** 2).exp()
y.backward()
print("your rate along the path:", rate.data if isinstance(rate, Value) else rate)
print("x.grad after backward(): ", x.grad)
