# expect: passed correct
from engine import Value

def rmsnorm(vector):
    n = len(vector)
    mean_square = sum(v * v for v in vector) / n
    inv_rms = (mean_square + 1e-5) ** -0.5
    return [v * inv_rms for v in vector]

x = [Value(1.0), Value(2.0), Value(3.0)]
out = rmsnorm(x)
print("normalised:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradients: ", [round(xi.grad, 4) for xi in x])
