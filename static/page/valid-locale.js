// uPlot builds an Intl.NumberFormat from navigator.language as it loads. Where the browser's language
// is not a language tag (Linux's "C" locale), that throws and takes the chart with it: such a browser
// gets the chart's numbers written as in English instead.
try {
  new Intl.NumberFormat(navigator.language);
} catch {
  Object.defineProperty(navigator, "language", { value: "en-US", configurable: true });
}
