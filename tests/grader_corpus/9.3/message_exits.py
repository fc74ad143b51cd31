# expect: failed raised
from engine import Value

import sys


def forward(x, n_layer):
    return output_head(x)

sys.exit(0)
