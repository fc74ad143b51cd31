"""How a number reads wherever a learner sees one: 6.727, 45.26, 123457, 1e-20, 6.864e+6.

The rule is written out in tests/fixtures/number_formats.json, beside the table of values that this
module and its JavaScript twin, static/page/format.js (the page), are both tested on: change them together."""

import functools
import math
from decimal import ROUND_HALF_UP, Decimal, localcontext

SIGNIFICANT = 4
PLAIN_FROM, PLAIN_BELOW = 1e-3, 1e6  # plain digits in this range of sizes, exponent form outside


@functools.lru_cache(maxsize=4096)  # a Check's table shows the written cases' numbers again at every Check
def show_number(number):
    """A number (int or float) as a learner reads it, by the one rule. (1 and 1.0, equal as keys of the
    cache, read the same.)"""
    if isinstance(number, float) and math.isnan(number):
        return "nan (not a number)"
    if isinstance(number, float) and math.isinf(number):
        return "infinity" if number > 0 else "minus infinity"
    if number == 0:
        return "0"
    exact = Decimal(number)  # the exact binary value: ties are judged as JavaScript judges them
    # Rounded half away from zero, as JavaScript's toFixed and toExponential do (Python's own rounds half to even).
    with localcontext(rounding=ROUND_HALF_UP):
        if PLAIN_FROM <= abs(number) < PLAIN_BELOW:
            decimals = max(0, SIGNIFICANT - 1 - exact.adjusted())
            return without_trailing_zeros(format(exact, f".{decimals}f"))
        mantissa, exponent = format(exact, f".{SIGNIFICANT - 1}e").split("e")
        return f"{without_trailing_zeros(mantissa)}e{exponent}"


def is_number(value):
    """True for an int or a float, not a bool (which Python counts as an int)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def without_trailing_zeros(digits):
    return digits.rstrip("0").rstrip(".") if "." in digits else digits
