# expect: failed top_path_cut
from engine import Value

def first_probability(s1, s2):
    e1 = s1.exp()
    e2 = s2.exp()
    total = e1 + e2
    return e1.data / total

s1, s2 = Value(1.0), Value(0.0)
p = first_probability(s1, s2)
p.backward()
print(f"p = {p.data:.4f}  s1.grad = {s1.grad:.4f}  s2.grad = {s2.grad:.4f}")
