# expect: passed correct
def linear(vector, matrix):
    return [sum(weight * entry for weight, entry in zip(row, vector)) for row in matrix]
