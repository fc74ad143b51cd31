# expect: failed bad_signature
def linear(x):
    return x
