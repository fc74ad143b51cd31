// Whether a learner's function may train microgpt: the numbers a model with it gives (worked out in the
// training worker, where the learner's code runs) against the reference model's (worked out by the build,
// in an interpreter that never ran a learner's code; training/check.py says which numbers). Compared
// here, in the page, so that nothing the learner's code does to its interpreter can pass the check.
import { formatNumber } from "./format.js";

const RELATIVE = 1e-6;
const ABSOLUTE = 1e-9;

/** Python's math.isclose(a, b, rel_tol=RELATIVE, abs_tol=ABSOLUTE). */
function close(a, b) {
  return a === b || Math.abs(a - b) <= Math.max(RELATIVE * Math.max(Math.abs(a), Math.abs(b)), ABSOLUTE);
}

/** The check's verdict on one function, from the worker's {numbers} or {problem} for it:
 * {uses: "yours"} or {uses: "reference", reason: a sentence saying why yours was set aside}. */
export function judgePiece(expected, learned) {
  if (typeof learned?.problem === "string") return { uses: "reference", reason: learned.problem };
  const got = Array.isArray(learned?.numbers) ? learned.numbers : [];
  const reason = firstDifference(expected, got);
  return reason === null ? { uses: "yours" } : { uses: "reference", reason };
}

/** null if every number agrees; else a sentence naming the first that does not. */
function firstDifference(expected, got) {
  for (const [index, [what, want]] of expected.entries()) {
    const have = Array.isArray(got[index]) ? got[index][1] : undefined;
    if (typeof have === "number" && close(want, have)) continue;
    if (have === undefined) return `it gives no number for ${what}.`;
    return `it gives ${shown(have, want)} for ${what}, where the reference gives ${shown(want, have)}.`;
  }
  return null;
}

// Two numbers that differ past the formatter's four digits read in full, so that they read apart.
function shown(number, other) {
  if (typeof number !== "number") return String(number);
  return formatNumber(number) === formatNumber(other) ? String(number) : formatNumber(number);
}
