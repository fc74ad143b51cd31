# expect: failed no_seed
from engine import Value

def backward(root):
    return [root]
