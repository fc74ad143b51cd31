# expect: failed not_a_value
from engine import Value

def first_probability(s1, s2):
    e1 = s1.exp()
    e2 = s2.exp()
    return e1.data / (e1.data + e2.data)

print(first_probability(Value(1.0), Value(0.0)))
