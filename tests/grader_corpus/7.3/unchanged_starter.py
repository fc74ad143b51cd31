# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def first_probability(s1, s2):
    """The first letter's share: exp(s1) / (exp(s1) + exp(s2)), as a Value."""
    e1 = s1.exp()
    e2 = s2.exp()
    total = None   # TODO: the total of both exponentials, as a Value
    return None    # TODO: the first letter's share of the total

# s1 reaches p along two paths: through e1 on top, and through e1 inside the total.
s1, s2 = Value(1.0), Value(0.0)
p = first_probability(s1, s2)
if isinstance(p, Value):
    p.backward()
    print(f"p = {p.data:.4f}   s1.grad = {s1.grad:.4f}   s2.grad = {s2.grad:.4f}")
    print(f"the top path alone sends back p = {p.data:.4f}, the total's path alone -p*p = {-p.data * p.data:.4f}")
