// Explore: a chart of series the lesson's own Python computes from the controls' values. The first
// numbers come with the page (computed at build time); moving a control asks the Python worker
// for new ones. Everything it draws (controls, series, axes, scale) comes from the explore's data.
// An explore that declares "yours" also draws, after a Check of its exercise, the learner's own
// curve over the reference series, and the table shows the difference.
import "uplot/dist/uPlot.min.css";
import { formatNumber } from "./format.js";
import { whenNear } from "./when-near.js";

const SETTLE_MS = 120; // wait for the slider to rest before asking Python
const TABLE_ROWS = 11; // as many rows as the build's table shows (build.py, table_rows)
const COLOURS = ["#3b82d6", "#e0782f", "#2f9e44", "#9c36b5"]; // readable on light and dark
const YOURS = { name: "yours", label: "your code", colour: "#c2255c" };

// The explore's page module (static/page/blocks.js starts it). The table, the controls and the summary
// are in the page as built, and work at once. The chart is drawn as the learner comes near it, with its
// library from a bundle of its own (chart.js): loading and drawing it was the longest task of a lesson's
// load, for a chart most learners reach screens later. Its box keeps its height meanwhile.
export const usesPython = true;
export async function start(element, page) {
  const explore = setupExplore(element, { runtime: page.runtime });
  await new Promise((near) => {
    const stop = whenNear(element, () => {
      stop();
      near();
    });
  });
  const { uPlot } = await import(new URL(page.chart, document.baseURI).href);
  explore.drawChart(uPlot);
}

export function setupExplore(root, { runtime }) {
  const explore = JSON.parse(root.querySelector(".explore-data").textContent);
  const request = JSON.stringify({ code: explore.code, controls: explore.controls });
  const inputs = explore.controls.map((control) => root.querySelector(`input[name="${control.name}"]`));
  const chartBox = root.querySelector(".chart");
  const table = root.querySelector("table");
  const summary = root.querySelector(".explore-summary");
  let data = explore.data;
  let plot = null; // the chart, once drawn
  let asked = 0;
  let timer = null;
  let learner = null; // { grading, code } once the learner has checked the explore's exercise

  function draw() {
    plot?.setData(chartData(explore, data));
    fillTable(table, explore, data);
    summary.textContent = describe(explore, data, inputs);
  }

  // The summary speaks (a live region) only when the learner moves a control: after a Check, the
  // verdict is what the learner is told, and an update far up the page would talk over it.
  async function recompute(cause = "control") {
    summary.setAttribute("aria-live", cause === "control" ? "polite" : "off");
    const values = Object.fromEntries(explore.controls.map((control, i) => [control.name, Number(inputs[i].value)]));
    const ticket = ++asked;
    if (runtime.state !== "ready") summary.textContent = "Python is loading; the chart will update when it is ready…";
    const outcome = await runtime.explore(request, JSON.stringify(values), learner?.grading, learner?.code);
    if (ticket !== asked) return; // a newer request is on its way
    if (outcome.kind !== "done" || outcome.result.problem) {
      summary.textContent = outcome.result?.problem
        ?? "The chart was not updated: Python was stopped before it finished. Move a control to try again.";
      return;
    }
    data = outcome.result;
    draw();
  }

  inputs.forEach((input) => {
    input.addEventListener("input", () => {
      input.nextElementSibling.textContent = input.value;
      clearTimeout(timer);
      timer = setTimeout(recompute, SETTLE_MS);
    });
  });
  if (explore.yours) {
    let stopWaiting = null;
    document.addEventListener("gradlab:checked", ({ detail }) => {
      if (detail.exercise !== explore.yours.exercise) return;
      learner = detail;
      // Drawn as the learner comes back to the chart, not while they read the verdict far below it:
      // the learner's interpreter stays free for their next Run or Check.
      stopWaiting?.();
      stopWaiting = whenNear(root, () => {
        stopWaiting();
        stopWaiting = null;
        recompute("check");
      });
    });
  }
  root.classList.add("interactive");
  draw();
  return {
    drawChart(uPlot) {
      plot = new uPlot(chartOptions(explore, chartBox.clientWidth), chartData(explore, data), chartBox);
      new ResizeObserver(() => plot.setSize({ width: chartBox.clientWidth, height: chartHeight() })).observe(chartBox);
    },
  };
}

function chartHeight() {
  return Math.min(320, Math.max(220, window.innerHeight * 0.4));
}

function chartOptions(explore, width) {
  const style = getComputedStyle(document.documentElement);
  const ink = style.getPropertyValue("--muted").trim() || "#555";
  const grid = style.getPropertyValue("--border").trim() || "#ccc";
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
  const log = explore.scale === "log";
  return {
    width,
    height: chartHeight(),
    // A log scale is plotted as powers of ten on a linear one: uPlot's own log axis cannot reach 1e-40.
    scales: { x: { time: false }, y: log ? { range: (u, min, max) => [Math.floor(Math.min(min ?? 0, 0)) - 1, Math.ceil(Math.max(max ?? 0, 0)) + 1] } : {} },
    axes: [
      { ...axis, label: explore.x },
      { ...axis, label: log ? `${explore.y} (log scale)` : explore.y, size: 64,
        ...(log ? { incrs: [1, 2, 5, 10, 20, 50], values: (u, ticks) => ticks.map((t) => (t === 0 ? "1" : `1e${t}`)) } : {}) },
    ],
    series: [{}, ...explore.series.map((series, i) => ({
      label: series.label, stroke: COLOURS[i % COLOURS.length], width: 2.5, ...(series.dashed ? { dash: [6, 4] } : {}),
    })), ...(explore.yours ? [{ label: YOURS.label, stroke: YOURS.colour, width: 2, dash: [2, 3], points: { show: true, size: 4 } }] : [])],
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
  };
}

// On a log scale 0 (say, a closed relu) and negative numbers cannot be drawn: they are left as gaps.
function chartData(explore, data) {
  const log = explore.scale === "log";
  const shown = (value) => (value === null ? null : log ? (value > 0 ? Math.log10(value) : null) : value);
  const lines = explore.series.map((series) => data.series[series.name].map(shown));
  if (explore.yours) lines.push((data.series.yours || data.x.map(() => null)).map(shown));
  return [data.x, ...lines];
}

// The same rows as the build's table: all of a few points, else evenly spaced ones and the last.
function tableRows(count) {
  if (count <= TABLE_ROWS) return [...Array(count).keys()];
  return [...new Set([...Array(TABLE_ROWS).keys()].map((i) => Math.round((i * (count - 1)) / (TABLE_ROWS - 1))))];
}

// The table: a row per shown point; with the learner's curve, "Your code" and its difference from
// the series it is drawn over.
function fillTable(table, explore, data) {
  const yours = data.series.yours && explore.yours;
  const titles = [explore.x, ...explore.series.map((series) => series.label), ...(yours ? ["Your code", "Difference"] : [])];
  table.tHead.rows[0].replaceChildren(...titles.map((title) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = title;
    return th;
  }));
  table.tBodies[0].replaceChildren(...tableRows(data.x.length).map((index) => {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = formatNumber(data.x[index]);
    row.append(head);
    for (const series of explore.series) row.insertCell().textContent = formatNumber(data.series[series.name][index]);
    if (yours) {
      const mine = data.series.yours[index];
      const over = data.series[explore.yours.over][index];
      row.insertCell().textContent = formatNumber(mine);
      row.insertCell().textContent = mine === null || over === null ? "—" : formatNumber(mine - over);
    }
    return row;
  }));
}

// The controls' settings first: every move of a control changes what the summary says, even where
// the point it describes stays the same. (templates/blocks/explore.html writes the first one.)
function describe(explore, data, inputs) {
  const settings = explore.controls.map((control, i) => `${control.label} = ${inputs[i].value}`);
  const last = data.x.length - 1;
  const values = explore.series.map((series) => `${series.label} ${formatNumber(data.series[series.name][last])}`);
  if (data.series.yours && explore.yours) values.push(`${YOURS.label} ${formatNumber(data.series.yours[last])}`);
  return `${settings.length ? `${settings.join(", ")}. ` : ""}At ${explore.x} ${formatNumber(data.x[last])}: ${values.join(", ")}.`;
}
