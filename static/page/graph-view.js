// "Your graph": the computation graph a learner's function built, drawn as our own SVG with a
// layout by dagre, and the same graph as a table. Loaded only when a learner first opens the view
// (it is a bundle of its own), so the lesson page's first load does not grow.
import dagre from "@dagrejs/dagre";
import { formatNumber } from "./format.js";

const SVG = "http://www.w3.org/2000/svg";
const NODE_WIDTH = 132;
const NODE_HEIGHT = 58;
const SMALLEST_LOG = -6; // |gradient| of 1e-6 or less draws as faint as a line can be
const LARGEST_LOG = 1; // and of 10 or more as strong

// A figure (drawing, caption, zoom) and a table for one graph; name is "Your graph" or "Reference graph".
export function renderGraph(graph, { name, inputs, block }) {
  const figure = document.createElement("figure");
  figure.className = "graph-figure";
  figure.setAttribute("role", "figure");
  figure.setAttribute("aria-label", name);
  const caption = document.createElement("figcaption");
  caption.textContent = describe(graph, name, inputs);
  const viewport = document.createElement("div");
  viewport.className = "graph-viewport";
  viewport.tabIndex = 0; // scrollable by keyboard: it is how a phone or a keyboard pans the drawing
  viewport.setAttribute("role", "group");
  viewport.setAttribute("aria-label", `${name}, drawing: scroll to pan`);
  const svg = drawing(graph, block);
  viewport.append(svg);
  figure.append(caption, zoomControls(svg, name), viewport);
  return { figure, table: graphTable(graph, name, block) };
}

// A page's first drawing is the first run of dagre's code and of the drawing's own: parsed, compiled and
// slow, about 15 ms more than every drawing after it. warmUp draws a small graph that nobody sees, at a
// moment the learner is not waiting for one (graph-panel.js calls it at idle), to take that cost off the
// learner's first drawing. The graph is shaped like the lessons': inputs, a chain with a highway of +,
// a folded run of blocks and a call drawn as a box. Returns what it drew, which nothing shows.
export function warmUp() {
  const node = (id, op, extra = {}) => ({ id, op, data: 0.5 * id, grad: 1.1 ** id, input: null, call: null, output: false, highway: false, ...extra });
  const nodes = [
    node(0, "number", { input: "x", highway: true }), node(1, "number", { input: "rate" }), node(2, "*"), node(3, "relu"),
    node(4, "+", { highway: true }), node(5, "*"), node(6, "+", { highway: true }), node(7, "tanh", { call: "block", output: true }),
  ];
  const edge = (from, to, rate, highway = false) => ({ from, to, rate, highway });
  const edges = [edge(0, 2, 0.1), edge(1, 2, 1), edge(2, 3, 1), edge(0, 4, 1, true), edge(3, 4, 1), edge(4, 5, 0.1), edge(5, 6, 1), edge(4, 6, 1, true)];
  const graph = {
    nodes, edges, total: 20, highway: true,
    folds: [{ id: "fold-0", after: 6, before: 7, blocks: 3, nodes: 12 }],
    boxes: [{ id: "call-0", name: "block", nodes: 4, from: [6], to: [7] }],
  };
  return renderGraph(graph, { name: "Your graph", inputs: "x = 1", block: "layer" });
}

function describe(graph, name, inputs) {
  const input = graph.nodes.find((node) => node.input);
  const output = graph.nodes.find((node) => node.output);
  const folded = graph.folds.reduce((sum, fold) => sum + fold.blocks, 0);
  const parts = [`${name}: ${graph.total} nodes on the case ${inputs}.`];
  if (graph.highway) {
    parts.push(`The highway (a road of rate 1 through every + from the output back to ${input?.input ?? "the input"}) is drawn thick and marked.`);
  } else {
    parts.push(`No highway: every road back to ${input?.input ?? "the input"} goes through an operation that scales the gradient.`);
  }
  if (input && output) parts.push(`The gradient goes from ${formatNumber(output.grad)} at the output to ${formatNumber(input.grad)} at ${input.input}.`);
  if (folded) parts.push(`${folded} repeated block${folded === 1 ? "" : "s"} folded.`);
  const boxes = graph.boxes ?? [];
  if (boxes.length) parts.push(`${boxes.length} call${boxes.length === 1 ? "" : "s"} of the lesson's given functions drawn as one box each.`);
  return parts.join(" ");
}

function layout(graph) {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 24, ranksep: 42, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(String(node.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const fold of graph.folds) g.setNode(fold.id, { width: NODE_WIDTH + 40, height: 40 });
  for (const edge of graph.edges) g.setEdge(String(edge.from), String(edge.to), { width: 40, height: 16, labelpos: "c" });
  for (const fold of graph.folds) {
    g.setEdge(String(fold.after), fold.id);
    g.setEdge(fold.id, String(fold.before));
  }
  for (const box of graph.boxes ?? []) {
    g.setNode(box.id, { width: NODE_WIDTH + 40, height: 40 });
    for (const from of box.from) g.setEdge(String(from), box.id);
    for (const to of box.to) g.setEdge(box.id, String(to));
  }
  dagre.layout(g);
  return g;
}

function drawing(graph, block) {
  const g = layout(graph);
  const { width, height } = g.graph();
  const svg = element("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "graph-drawing", "aria-hidden": "true" });
  svg.dataset.width = width;
  const byId = new Map(graph.nodes.map((node) => [String(node.id), node]));
  for (const edge of g.edges()) {
    const info = graph.edges.find((e) => String(e.from) === edge.v && String(e.to) === edge.w);
    svg.append(edgePath(g.edge(edge), info, byId.get(edge.w)));  // edge.w: the node the edge feeds
  }
  for (const id of g.nodes()) {
    const box = g.node(id);
    const node = byId.get(id);
    const call = (graph.boxes ?? []).find((b) => b.id === id);
    svg.append(node ? nodeBox(box, node) : call ? callBox(box, call) : foldBox(box, graph.folds.find((fold) => fold.id === id), block));
  }
  return svg;
}

// Strength of a gradient on a log scale, 0 (vanishing) to 1 (large), so 1.1^20 and 0.1^20 look different.
function strength(grad) {
  if (grad === null) return 1;
  if (grad === 0) return 0;
  const log = Math.log10(Math.abs(grad));
  return Math.min(1, Math.max(0, (log - SMALLEST_LOG) / (LARGEST_LOG - SMALLEST_LOG)));
}

function edgePath(layoutEdge, edge, parent) {
  const group = element("g", { class: `graph-edge${edge?.highway ? " highway" : ""}` });
  const points = layoutEdge.points.map((p) => `${p.x},${p.y}`).join(" ");
  // What flows back along the edge: the parent's gradient times the edge's local rate.
  const s = strength(parent && edge && parent.grad !== null && edge.rate !== null ? parent.grad * edge.rate : null);
  group.append(element("polyline", { points, "stroke-width": (1 + 5 * s).toFixed(1), strength: s.toFixed(2) }));
  if (edge && layoutEdge.x !== undefined) {
    const label = element("text", { x: layoutEdge.x, y: layoutEdge.y + 4, "text-anchor": "middle", class: "graph-rate" });
    label.textContent = formatNumber(edge.rate);
    group.append(label);
  }
  return group;
}

function nodeBox(box, node) {
  const s = strength(node.grad);
  const group = element("g", { class: `graph-node${node.highway ? " highway" : ""}${node.input ? " input" : ""}`,
    transform: `translate(${box.x - box.width / 2},${box.y - box.height / 2})`, strength: s.toFixed(2) });
  group.append(element("rect", { width: box.width, height: box.height, rx: 6 }));
  const lines = [node.input ? `${node.input}` : node.op + (node.call ? ` (${node.call})` : ""),
    `data ${formatNumber(node.data)}`, `grad ${formatNumber(node.grad)}`];
  lines.forEach((line, i) => {
    const text = element("text", { x: box.width / 2, y: 17 + i * 16, "text-anchor": "middle" });
    text.textContent = line;
    group.append(text);
  });
  return group;
}

function foldBox(box, fold, block) {
  const group = element("g", { class: "graph-fold", transform: `translate(${box.x - box.width / 2},${box.y - box.height / 2})` });
  group.append(element("rect", { width: box.width, height: box.height, rx: 6 }));
  const text = element("text", { x: box.width / 2, y: 24, "text-anchor": "middle" });
  text.textContent = foldText(fold, block);
  group.append(text);
  return group;
}

function callBox(box, call) {
  const group = element("g", { class: "graph-fold graph-call", transform: `translate(${box.x - box.width / 2},${box.y - box.height / 2})` });
  group.append(element("rect", { width: box.width, height: box.height, rx: 6 }));
  const text = element("text", { x: box.width / 2, y: 24, "text-anchor": "middle" });
  text.textContent = callText(call);
  group.append(text);
  return group;
}

function callText(call) {
  return `${call.name}: ${call.nodes} nodes inside`;
}

function foldText(fold, block) {
  return `${fold.blocks} more ${block}${fold.blocks === 1 ? "" : "s"} like this`;
}

function zoomControls(svg, name) {
  const controls = document.createElement("div");
  controls.className = "graph-zoom";
  let scale = 1;
  const natural = Number(svg.dataset.width);
  for (const [label, factor] of [["Zoom out", 1 / 1.25], ["Zoom in", 1.25]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.setAttribute("aria-label", `${label}: ${name}`);
    button.addEventListener("click", () => {
      scale = Math.min(3, Math.max(0.25, scale * factor));
      svg.setAttribute("width", natural * scale);
      svg.removeAttribute("height"); // the viewBox keeps the proportions
    });
    controls.append(button);
  }
  return controls;
}

function graphTable(graph, name, block) {
  const table = document.createElement("table");
  table.className = "graph-table";
  table.setAttribute("aria-label", name === "Your graph" ? "Your graph as a table" : `${name} as a table`);
  const head = table.createTHead().insertRow();
  for (const title of ["Node", "Operation", "Data", "Gradient", "Inputs (local rate)"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = title;
    head.append(th);
  }
  const inputsOf = new Map(graph.nodes.map((node) => [node.id, []]));
  for (const edge of graph.edges) inputsOf.get(edge.to)?.push(`node ${edge.from} (${formatNumber(edge.rate)})`);
  const body = table.createTBody();
  for (const node of [...graph.nodes].reverse()) {
    const row = body.insertRow();
    const header = document.createElement("th");
    header.scope = "row";
    header.textContent = `${node.id}${node.output ? " (output)" : ""}${node.highway ? " (highway)" : ""}`;
    row.append(header);
    const op = node.input ? `input ${node.input}` : node.op + (node.call ? ` (from ${node.call})` : "");
    for (const text of [op, formatNumber(node.data), formatNumber(node.grad), inputsOf.get(node.id).join(", ") || "none"]) {
      row.insertCell().textContent = text;
    }
  }
  for (const fold of graph.folds) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 5;
    cell.textContent = `${foldText(fold, block)} (${fold.nodes} nodes), between node ${fold.after} and node ${fold.before}`;
  }
  for (const call of graph.boxes ?? []) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 5;
    const nodes = (ids) => ids.map((id) => `node ${id}`).join(", ");
    cell.textContent = `A call of ${callText(call)}, from ${nodes(call.from) || "no node"} to ${nodes(call.to)}`;
  }
  return table;
}

// An SVG element. "strength" becomes a CSS custom property set through the CSSOM: the page's
// Content-Security-Policy forbids style attributes, not styles set from its own script.
function element(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "strength") node.style.setProperty("--strength", value);
    else node.setAttribute(key, value);
  }
  return node;
}
