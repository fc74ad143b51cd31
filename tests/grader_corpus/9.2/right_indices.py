# expect: passed correct
from engine import Value

def mlp(x, w1, w2):
    hidden = [sum(w1[j][i] * x[i] for i in range(len(x))) for j in range(len(w1))]
    fired = [hidden[j].relu() for j in range(len(hidden))]
    return [sum(w2[k][j] * fired[j] for j in range(len(fired))) for k in range(len(w2))]
