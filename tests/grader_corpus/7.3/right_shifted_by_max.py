# expect: passed correct
from engine import Value

def first_probability(s1, s2):
    m = max(s1.data, s2.data)  # shift only for safety, as microgpt does
    e1 = (s1 - m).exp()
    e2 = (s2 - m).exp()
    return e1 / (e1 + e2)

s1, s2 = Value(1.0), Value(0.0)
p = first_probability(s1, s2)
p.backward()
print(f"p = {p.data:.4f}  s1.grad = {s1.grad:.4f}  s2.grad = {s2.grad:.4f}")
