# expect: passed correct
from engine import Value

def rmsnorm(x):
    total = 0
    for xi in x:
        total = total + xi * xi
    ms = total / len(x)
    scale = (ms + 1e-5) ** -0.5
    out = []
    for xi in x:
        out.append(xi * scale)
    return out

x = [Value(1.0), Value(2.0), Value(3.0)]
out = rmsnorm(x)
print("normalised:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradients: ", [round(xi.grad, 4) for xi in x])
