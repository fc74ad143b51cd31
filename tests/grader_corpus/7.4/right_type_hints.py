# expect: passed correct
from engine import Value


def multiply(a: Value, b: Value) -> Value:
    return Value(a.data * b.data, (a, b), (b.data, a.data), "*")


print(multiply(Value(2.0), Value(3.0)))
