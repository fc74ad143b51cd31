# expect: passed correct
from engine import Value

def embed(token_id, pos_id, token_table, position_table):
    tok_emb = token_table[token_id]
    pos_emb = position_table[pos_id]
    return [a + b for a, b in zip(tok_emb, pos_emb)]
