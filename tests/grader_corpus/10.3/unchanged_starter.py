# expect: failed unchanged_starter
import math
from engine import Value  # the Value class you wrote in Module 7

BOS = 3  # this lab's alphabet: the letters a, b, c are the tokens 0, 1, 2, and BOS is 3
BLOCK_SIZE = 8  # the model knows the positions 0 to 7

def model(token, pos, cache, params):
    """The logits of the next token, one per token, for `token` at position `pos`: a lab-sized model.
    The token's row of params plus fixed position numbers is added to `cache`; the position reads the
    mean of every entry cached so far (itself and the earlier positions, as attention would); and the
    rows of params, read again, turn that into the logits."""
    if pos >= BLOCK_SIZE:
        raise IndexError(f"position {pos}: the model knows the positions 0 to {BLOCK_SIZE - 1} only")
    x = [w + 0.5 * math.sin(1.3 * pos + 0.7 * j) for j, w in enumerate(params[token])]
    cache.append(x)
    context = [sum(column) / len(cache) for column in zip(*cache)]
    return [sum(w * c for w, c in zip(row, context)) for row in params]

def cross_entropy(logits, target):  # lesson 10.1
    """-log of the probability softmax gives the target token."""
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    return -(exps[target] / sum(exps)).log()

def name_loss(tokens, params):
    """The loss of one name, tokens = [BOS] + its letters + [BOS]: the mean, over its positions, of
    the cross-entropy of the model's logits at the token that comes next."""
    cache = []  # the model's memory of this name's earlier positions: a new one for every name
    n = min(BLOCK_SIZE, len(tokens) - 1)  # the positions that have a next token, at most BLOCK_SIZE
    losses = []
    for pos in range(n):
        pass  # TODO: the logits at this position, then their loss at the token that comes next
    return Value(0.0)  # TODO: the name's loss, one Value made of the losses

params = [[Value(0.1 * (i - j)) for j in range(3)] for i in range(4)]
loss = name_loss([BOS, 0, 1, 2, BOS], params)  # the name "abc"
print("loss:", loss.data)
loss.backward()
print("gradient at the row of a:", [round(p.grad, 4) for p in params[0]])
