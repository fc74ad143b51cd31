# expect: passed correct
from engine import Value

def forward(stream, depth):
    for layer_number in range(depth):
        gathered = attention(rmsnorm(stream), layer_number)
        stream = [old + new for old, new in zip(stream, gathered)]
        worked = mlp(rmsnorm(stream), layer_number)
        stream = [old + new for old, new in zip(stream, worked)]
    return output_head(stream)
