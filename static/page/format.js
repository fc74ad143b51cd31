// How a number reads wherever a learner sees one: 6.727, 45.26, 123457, 1e-20, 6.864e+6.
// The rule is written out in tests/fixtures/number_formats.json, beside the table of values that this
// module and its Python twin, grading/number_format.py (build-time prose, the grader's messages), are
// both tested on: change them together.

const SIGNIFICANT = 4;
const PLAIN_FROM = 1e-3; // plain digits from this size…
const PLAIN_BELOW = 1e6; // …up to this one; exponent form outside

const withoutTrailingZeros = (digits) => (digits.includes(".") ? digits.replace(/\.?0+$/, "") : digits);

export function formatNumber(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value !== "number") return String(value);
  if (Number.isNaN(value)) return "nan (not a number)";
  if (!Number.isFinite(value)) return value > 0 ? "infinity" : "minus infinity";
  if (value === 0) return "0";
  const size = Math.abs(value);
  // toFixed and toExponential round the exact binary value, an exact half away from zero.
  if (size >= PLAIN_FROM && size < PLAIN_BELOW) {
    const decimals = Math.max(0, SIGNIFICANT - 1 - Math.floor(Math.log10(size)));
    return withoutTrailingZeros(value.toFixed(decimals));
  }
  const [mantissa, exponent] = value.toExponential(SIGNIFICANT - 1).split("e");
  return `${withoutTrailingZeros(mantissa)}e${exponent}`;
}
