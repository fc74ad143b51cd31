"""What the learner reads about a residual_stack submission: one template per diagnosis."""
import math

from engine.checking import sentence, where
from engine.residual_reference import LESSON_RATE, replacing_step, run_stack

MESSAGES = {
    "correct": (
        "Passed: after {depth} layers the gradient that reached the input is {expected}, where the "
        "plain stack passes back {plain}. Each layer lets the gradient through two roads, 1 along "
        "the + and {rate} through the layer, so {per_layer} per layer. All {count} checks passed, "
        "hidden ones with other depths, inputs and layers included."
    ),
    "replaces": (
        "Your stack replaced x with layer(x) at each step, so the gradient shrank to {actual} after "
        "{depth} layers; add the layer's output to x instead: x = x + layer(x)."
    ),
    "adds_input_twice": (
        "Your stack adds x twice at each step (x + x + layer(x), which is what x += x + layer(x) "
        "does), so the output more than doubles every layer: {actual_output} instead of "
        "{expected_output} after {depth} layers. With +=, write only what to add: x += layer(x)."
    ),
    "adds_once_outside_loop": (
        "Your stack adds the input only once, after the loop, so on the way back the gradient still "
        "has to cross all {depth} layers that shrink it: {actual} reached the input instead of "
        "{expected}. Add x at every layer, inside the loop: x = x + layer(x)."
    ),
    "returns_inside_loop": (
        "Your stack gives the result of one layer whatever depth is: for {case}, the gradient at "
        "the input is {actual} instead of {expected}. The return x line is probably inside the "
        "loop, so the function returns on the first pass; move it out (one level less indented)."
    ),
    "layer_applied_twice": (
        "Your stack uses layer twice in each step ({label}), so after {depth} layers the gradient "
        "at the input is {actual} instead of {expected}. Each step calls layer once and adds its "
        "output to x: x = x + layer(x)."
    ),
    "relu_after_sum": (
        "Your stack applies relu after adding x, so a negative x is cut to 0 instead of passing "
        "straight through: for {case}, the output is {actual_output} and the gradient {actual}, "
        "instead of {expected_output} and {expected}. Keep the + x road outside the layer: "
        "x = x + layer(x), with relu only inside layer."
    ),
    "scaled_skip": (
        "Your stack does not carry x along the skip road unchanged: it {label}, so that road "
        "no longer has rate 1 and after {depth} layers the gradient at the input is {actual} "
        "instead of {expected}. Add x exactly as it arrived: x = x + layer(x)."
    ),
    "wrong_depth": (
        "Your stack runs {label}: for {case}, the gradient at the input is {actual} instead of "
        "{expected}. Loop exactly depth times, for _ in range(depth):, using the depth parameter "
        "rather than a fixed number."
    ),
    "hard_coded": (
        "Your stack gives the right numbers with the lesson's layer, but not when the grader swaps "
        "in a layer of rate {rate}: for depth {depth} and input {input}, the gradient at the input "
        "is {actual} instead of {expected}. Call layer(x) inside the loop rather than writing its "
        "formula or its numbers into residual_stack."
    ),
    "no_gradient": (
        "Your stack's output is right ({actual_output} for {case}), but the gradient that reached "
        "the input is {actual} instead of {expected}: the graph was cut somewhere. .data is a plain "
        "float that carries no gradient, so build every step from Values: x = x + layer(x)."
    ),
    "wrong": (
        "For {case}, your stack's gradient at the input is {actual} where {expected} was expected "
        "(output {actual_output}, expected {expected_output}). Each step should add the layer's "
        "output to x: x = x + layer(x)."
    ),
    "not_a_value": (
        "residual_stack returned {detail} for {case}, where a Value was expected, so no gradient "
        "could flow back to the input. {hint}"
    ),
    "broken_graph": (
        "The Value that residual_stack returned for {case} cannot be traced back: {detail}. Build "
        "each step with Value operations (+, *, relu) instead of making Values by hand."
    ),
    "raised": (
        "residual_stack raised {error_type}{where} when called with {case}: {error_message} Read "
        "that line with those values in mind, then check again."
    ),
}

UNCHANGED_MESSAGE = (
    "You have not filled the blank yet: residual_stack still replaces x with layer(x), as the "
    "starter code does. Change the line marked TODO so that it adds the layer's output to x, "
    "then check again."
)


def explain(diagnosis, label, about, source, count):
    """Return the message for a diagnosis, about one outcome of the residual_stack cases."""
    return MESSAGES[diagnosis].format(**message_fields(about, label, source, count))


def message_fields(about, label, source, count):
    """Collect the numbers and words that the message templates need."""
    case = about.case
    actual = about.actual or (None, None)
    error = about.detail if about.problem == "raised" else None
    described = f"depth {case.depth} and input {case.input!r}"
    if case.rate != LESSON_RATE:
        described = f"depth {case.depth}, input {case.input!r} and a layer of rate {case.rate!r}"
    return {
        "case": described,
        "depth": case.depth,
        "input": repr(case.input),
        "rate": short(case.rate),
        "per_layer": short(1 + case.rate),
        "plain": short(run_stack(replacing_step, case.input, case.depth, case.rate)[1]),
        "count": count,
        "expected": short(about.expected[1]),
        "expected_output": short(about.expected[0]),
        "actual": short(actual[1]),
        "actual_output": short(actual[0]),
        "label": label,
        "detail": about.detail if isinstance(about.detail, str) else "",
        "hint": (
            "A function without a return line gives None: end it with return x."
            if about.detail == "None"
            else "Return the Value x itself, not x.data or a number made from it."
        ),
        "error_type": error["type"] if error else "",
        "error_message": sentence(error["message"]) if error else "",
        "where": where(error, source) if error else "",
    }


def short(number):
    """Format a number for a message: 4 decimals, or 4 significant digits when below 1 or huge."""
    if number is None:
        return "nothing"
    if math.isnan(number):
        return "nan (not a number)"
    if math.isinf(number):
        return "infinity" if number > 0 else "minus infinity"
    if 1 <= abs(number) < 1e6:
        return f"{number:.4f}".rstrip("0").rstrip(".")
    return f"{number:.4g}".replace("e-0", "e-").replace("e+0", "e+")
