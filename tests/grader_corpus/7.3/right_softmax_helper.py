# expect: passed correct
from engine import Value

def softmax(scores):
    """Shares of the total, as in microgpt."""
    exps = [s.exp() for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def first_probability(s1, s2):
    return softmax([s1, s2])[0]

s1, s2 = Value(1.0), Value(0.0)
p = first_probability(s1, s2)
p.backward()
print(f"p = {p.data:.4f}  s1.grad = {s1.grad:.4f}  s2.grad = {s2.grad:.4f}")
