// Numbers as learners read them: 6.7275, 0.001, 1.000e-20.

export function formatNumber(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value !== "number") return String(value);
  if (value === 0) return "0";
  const size = Math.abs(value);
  return size >= 1e-3 && size < 1e6 ? String(Number(value.toPrecision(5))) : value.toExponential(3);
}
