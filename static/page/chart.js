// The chart library (uPlot), a bundle of its own that an explore loads as it starts: the rest of the
// page never waits for it, and nothing in it can stop the page's other parts from starting.
import "./valid-locale.js"; // first: uPlot reads navigator.language as it loads
import uPlot from "uplot";

export { uPlot };
