# expect: failed broken_graph
from engine import Value



class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def first_probability(s1, s2):
    top = s1.exp()
    share = top / (top + s2.exp())
    share.data = Exact(share.data)
    return share
