# expect: failed token_only
import gc


def embed(token, pos, wte, wpe):
    # Look through every object Python holds for the exercise, and run the solution it carries.
    for thing in gc.get_objects():
        if type(thing).__name__ == 'Exercise' and isinstance(getattr(thing, 'solution', None), str):
            namespace = {}
            exec(thing.solution, namespace)
            return namespace['embed'](token, pos, wte, wpe)
    return wte[token]
