# expect: failed raised
from engine import Value

def forward(x, n_layer):
    total = sum(xi * xi for xi in x)
    return output_head([xi / (total - total) for xi in x])
