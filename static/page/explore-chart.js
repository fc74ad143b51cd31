// Explore: the gradient reaching the input against depth, plain vs residual, on a log scale.
// The first numbers come with the page (computed by the engine at build time); moving a slider
// asks the engine in the Python worker for new ones.
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatNumber } from "./format.js";

const TABLE_DEPTHS = [1, 2, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
const SETTLE_MS = 120; // wait for the slider to rest before asking Python

export function setupExplore(root, { runtime }) {
  let data = JSON.parse(root.querySelector(".explore-data").textContent);
  const depthInput = root.querySelector('input[name="depth"]');
  const rateInput = root.querySelector('input[name="rate"]');
  const chartBox = root.querySelector(".chart");
  const tableBody = root.querySelector("tbody");
  const summary = root.querySelector(".explore-summary");
  const plot = new uPlot(chartOptions(chartBox.clientWidth), chartData(data, Number(depthInput.value)), chartBox);
  let asked = 0;
  let timer = null;

  function draw() {
    const depth = Number(depthInput.value);
    root.querySelector("output.depth-value").textContent = depth;
    for (const shown of root.querySelectorAll(".rate-value")) shown.textContent = rateInput.value;
    plot.setData(chartData(data, depth));
    fillTable(tableBody, data, depth);
    const at = Math.min(depth, data.max_depth);
    summary.textContent = `At depth ${at}, layer rate ${data.rate}: plain stack ${formatNumber(data.plain[at])}, residual stack ${formatNumber(data.residual[at])}.`;
  }

  async function recompute() {
    const rate = Number(rateInput.value);
    const depth = Number(depthInput.value);
    if (rate === data.rate && depth <= data.max_depth) return draw();
    const ticket = ++asked;
    if (runtime.state !== "ready") summary.textContent = "Python is loading; the chart will update when it is ready…";
    const outcome = await runtime.explore(root.dataset.explore, { rate, max_depth: Math.max(depth, data.max_depth) });
    if (ticket !== asked || outcome.kind !== "done") return; // a newer request, or Python was stopped
    data = outcome.result;
    draw();
  }

  for (const input of [depthInput, rateInput]) {
    input.addEventListener("input", () => {
      draw();
      clearTimeout(timer);
      timer = setTimeout(recompute, SETTLE_MS);
    });
  }
  new ResizeObserver(() => plot.setSize({ width: chartBox.clientWidth, height: chartHeight() })).observe(chartBox);
  root.classList.add("interactive");
  draw();
}

function chartHeight() {
  return Math.min(320, Math.max(220, window.innerHeight * 0.4));
}

function chartOptions(width) {
  const style = getComputedStyle(document.documentElement);
  const ink = style.getPropertyValue("--muted").trim() || "#555";
  const grid = style.getPropertyValue("--border").trim() || "#ccc";
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  return {
    width,
    height: chartHeight(),
    // Plotted as powers of ten on a linear scale: uPlot's own log axis cannot reach 1e-40.
    scales: { x: { time: false }, y: { range: (u, min, max) => [Math.floor(Math.min(min ?? 0, 0)) - 1, Math.ceil(Math.max(max ?? 0, 0)) + 1] } },
    axes: [
      { ...axis, label: "depth (layers)" },
      { ...axis, label: "gradient at input (log scale)", size: 64, incrs: [1, 2, 5, 10, 20, 50],
        values: (u, ticks) => ticks.map((t) => (t === 0 ? "1" : `1e${t}`)) },
    ],
    series: [
      {},
      { label: "residual stack", stroke: "#3b82d6", width: 2.5 },
      { label: "plain stack", stroke: "#e0782f", width: 2.5, dash: [6, 4] },
    ],
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
  };
}

// A log scale cannot show 0 (a closed relu): those points are left as gaps.
function chartData(data, depth) {
  const upTo = data.depths.filter((d) => d <= depth);
  const powers = (values) => upTo.map((d) => (values[d] > 0 ? Math.log10(values[d]) : null));
  return [upTo, powers(data.residual), powers(data.plain)];
}

function fillTable(body, data, depth) {
  const depths = [...new Set([...TABLE_DEPTHS.filter((d) => d < depth), depth])].filter((d) => d <= data.max_depth);
  body.replaceChildren(...depths.map((d) => {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = d;
    row.append(head);
    for (const value of [data.plain[d], data.residual[d]]) row.insertCell().textContent = formatNumber(value);
    return row;
  }));
}
