# expect: failed no_square_root
from engine import Value

def rmsnorm(x):
    ms = sum(xi * xi for xi in x) / len(x)
    return [xi / (ms + 1e-5) for xi in x]

x = [Value(1.0), Value(2.0), Value(3.0)]
out = rmsnorm(x)
print("normalised:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradients: ", [round(xi.grad, 4) for xi in x])
