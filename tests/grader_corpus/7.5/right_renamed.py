# expect: passed correct
from engine import Value

def backward(out):
    listed, met, todo = [], set(), [(out, False)]
    while todo:
        v, ready = todo.pop()
        if ready:
            listed.append(v)
        elif id(v) not in met:
            met.add(id(v))
            todo += [(v, True)] + [(c, False) for c in v._children]
    out.grad = 1.0
    for v in listed[::-1]:
        for c, r in zip(v._children, v._local_grads):
            c.grad += r * v.grad
