# expect: failed imports_grader
import grading.grader

def embed(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]
