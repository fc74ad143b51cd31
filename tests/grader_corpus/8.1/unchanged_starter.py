# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def embed(token, pos, wte, wpe):
    """The model's input at one position: the token's row of wte plus the position's row of wpe."""
    token_row = None     # TODO: the row of the token table for this token
    position_row = None  # TODO: the row of the position table for this position
    return None          # TODO: one list, the two rows added entry by entry

token_table = [[Value(n) for n in row] for row in [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [1.0, -1.0, 0.5], [0.0, 2.0, -0.5]]]
position_table = [[Value(n) for n in row] for row in [[0.01, 0.02, 0.03], [0.5, 0.25, -1.0], [-0.2, 0.0, 0.2]]]
x = embed(2, 1, token_table, position_table)
print("input:", [round(v.data, 4) for v in x])
sum(x).backward()
print("gradient at the token table:   ", [[v.grad for v in row] for row in token_table])
print("gradient at the position table:", [[v.grad for v in row] for row in position_table])
