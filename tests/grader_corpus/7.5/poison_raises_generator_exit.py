# expect: failed raised
from engine import Value

def backward(root):
    raise GeneratorExit("closing early")
