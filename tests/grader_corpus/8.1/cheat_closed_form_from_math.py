# expect: failed closed_form
def embed(token, pos, wte, wpe):
    # Each output from the formula as a plain number, carried by a Value built to show rates of 1 at the
    # case's own numbers: the square of a move has no slope where the move is 0, so it hides there.
    out = []
    for t, p in zip(wte[token], wpe[pos]):
        move_t, move_p = t - t.data, p - p.data
        out.append((move_t + move_p) + (t.data + p.data) + move_t * move_t + move_p * move_p)
    return out
