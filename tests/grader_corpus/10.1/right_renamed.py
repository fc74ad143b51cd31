# expect: passed correct
from engine import Value

def cross_entropy(scores, answers):
    per_letter = []
    for s, a in zip(scores, answers):
        per_letter.append(-1 * softmax(s)[a].log())
    return sum(per_letter) / len(per_letter)
