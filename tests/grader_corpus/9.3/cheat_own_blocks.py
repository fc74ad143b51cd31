# expect: failed bypasses
from engine import Value

def forward(x, n_layer):
    # The blocks worked out here instead of called: the same numbers, but not through the given blocks.
    for li in range(n_layer):
        n = rmsnorm(x)
        v = linear(n, matrix(len(n), len(n), 10 * li + 1))
        out = linear(v, matrix(len(n), len(n), 10 * li + 2))
        x = [a + b for a, b in zip(x, out)]
        n = rmsnorm(x)
        hidden = [h.relu() for h in linear(n, matrix(4 * len(n), len(n), 10 * li + 3))]
        out = linear(hidden, matrix(len(n), 4 * len(n), 10 * li + 4))
        x = [a + b for a, b in zip(x, out)]
    return linear(x, matrix(5, len(x), 99))
