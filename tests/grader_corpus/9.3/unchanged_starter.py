# expect: failed unchanged_starter
import math
from engine import Value  # the Value class you wrote in Module 7

VOCAB = 5  # this lab's small model has 5 letters

def matrix(rows, cols, seed):
    """Fixed weights for this lab: the same numbers at every run."""
    return [[Value(0.5 * math.sin(1.7 * i + 2.3 * j + seed)) for j in range(cols)] for i in range(rows)]

def linear(x, w):  # lesson 8.2
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def rmsnorm(x):  # lesson 8.5
    ms = sum(xi * xi for xi in x) / len(x)
    return [xi * (ms + 1e-5) ** -0.5 for xi in x]

def attention(x, layer):
    """Lesson 9.1's block of layer `layer`, at the first position: it can attend only to itself, so
    softmax gives that position weight 1 and the block passes on its value, mixed by the output matrix."""
    v = linear(x, matrix(len(x), len(x), 10 * layer + 1))
    return linear(v, matrix(len(x), len(x), 10 * layer + 2))

def mlp(x, layer):  # lesson 9.2, with the weights of layer `layer`
    hidden = [h.relu() for h in linear(x, matrix(4 * len(x), len(x), 10 * layer + 3))]
    return linear(hidden, matrix(len(x), 4 * len(x), 10 * layer + 4))

def output_head(x):
    """The logits: one score per letter of the vocabulary."""
    return linear(x, matrix(VOCAB, len(x), 99))

def forward(x, n_layer):
    """From an embedded position x to the logits: n_layer layers, each an attention block then an MLP
    block, each block reading a normalised copy of the stream and adding its output back."""
    for li in range(n_layer):
        pass  # TODO: layer li's attention block, then its MLP block
    return output_head(x)

x = [Value(1.0), Value(-0.5), Value(0.25), Value(2.0)]
logits = forward(x, 2)
print("logits:   ", [round(l.data, 4) for l in logits])
sum(logits).backward()
print("gradients:", [round(xi.grad, 4) for xi in x])
