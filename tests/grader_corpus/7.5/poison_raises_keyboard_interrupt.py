# expect: failed raised
from engine import Value

def backward(root):
    raise KeyboardInterrupt  # as if Stop had been pressed
