# expect: failed total_from_data
import math
from engine import Value

def first_probability(s1, s2):
    e1 = s1.exp()
    return e1 / (math.exp(s1.data) + math.exp(s2.data))

s1, s2 = Value(1.0), Value(0.0)
p = first_probability(s1, s2)
p.backward()
print(f"p = {p.data:.4f}  s1.grad = {s1.grad:.4f}  s2.grad = {s2.grad:.4f}")
