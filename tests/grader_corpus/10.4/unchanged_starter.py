# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def softmax(logits):  # lesson 8.3
    """Probabilities from scores: e to each, divided by the total, the largest subtracted first."""
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]

def probability_of(logits, temperature, token):
    """The probability that sampling at this temperature draws `token`: the softmax of the logits
    at this temperature, at `token`."""
    scaled = logits  # TODO: the logits at this temperature
    probs = softmax(scaled)
    return probs[token]

logits = [Value(2.0), Value(1.0), Value(0.0)]
p = probability_of(logits, 0.5, 0)
print("probability of token 0 at temperature 0.5:", p.data)
p.backward()
print("gradient at the logits:", [round(l.grad, 4) for l in logits])
