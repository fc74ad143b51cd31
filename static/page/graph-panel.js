// "Show your graph": offered after a Run or a Check, it asks Python for the graph the learner's code
// builds on one of the exercise's cases and draws it with graph-view.js; the judge's worker, where the
// reference runs, then gives the reference's graph on that case, drawn beside it when they differ. The
// view loads at idle as the learner comes to the exercise (while they write), and warms up then; a load
// that failed is tried again at idle once the button is offered, as the learner comes to the button (a
// pointer over it, a focus, a touch), and at the click.

import { moduleLoader } from "./module-loader.js";

export function setupGraphPanel(root, { runtime, grading, graphView }) {
  const controls = root.querySelector(".graph-controls");
  const status = root.querySelector(".graph-status");
  const area = root.querySelector(".graphs");
  const panel = root.querySelector(".graph-area");
  const caseSelect = root.querySelector(".graph-case");
  const button = root.querySelector('button[data-action="graph"]');
  let code = null;
  let view = null; // the promise of the graph-view module, once asked for; asked again if it failed
  const importView = moduleLoader(graphView);

  function loadView() {
    view ??= importView().then((module) => {
      whenIdle(() => module.warmUp());
      return module;
    }, (error) => {
      view = null;
      throw error;
    });
    return view;
  }

  // A failure is not told here: the load is asked for again as the learner comes to the button.
  function loadAtIdle() {
    whenIdle(() => loadView().catch(() => {}));
  }

  let drawings = 0; // each click's drawing; one still waiting when the next begins is dropped

  // The panel says it is being updated (aria-busy) from the click until the reference's graph has come
  // or been found not needed: what it then shows is read as one change, and tests wait for it.
  async function show() {
    const drawing = ++drawings;
    const current = () => drawing === drawings;
    status.textContent = "Drawing your graph…";
    panel.setAttribute("aria-busy", "true");
    try {
      const exercise = await grading();
      // The module and the graph come at once: neither waits for the other.
      const caseIndex = Number(caseSelect.value);
      const [module, outcome] = await Promise.all([loadView(), runtime.graph(exercise, code, caseIndex)]);
      if (!current()) return;
      if (outcome.kind !== "done" || outcome.result.interrupted) {
        status.textContent = "The graph could not be drawn: Python was stopped. Try again.";
        return;
      }
      const inputs = caseSelect.selectedOptions[0].textContent.trim();
      draw(module, outcome.result, inputs);
      // The reference's, from the judge's worker, joins it when the gradients differ.
      const beside = await runtime.referenceGraph(exercise, caseIndex, outcome.result.yours);
      if (current() && beside.kind === "done" && beside.result.reference) {
        drawBeside(module, beside.result.reference, outcome.result, inputs);
      }
    } catch (error) {
      if (current()) status.textContent = `The graph could not be drawn (${error.message}).`;
    } finally {
      if (current()) panel.removeAttribute("aria-busy");
    }
  }

  function draw(renderer, { yours, block }, inputs) {
    if (yours.problem) {
      status.textContent = yours.problem;
      area.replaceChildren();
    } else {
      const { figure, table } = renderer.renderGraph(yours, { name: "Your graph", inputs, block });
      area.replaceChildren(pane(figure, table));
      status.textContent = "Your graph.";
    }
    area.classList.remove("side-by-side");
  }

  function drawBeside(renderer, reference, { yours, block }, inputs) {
    if (reference.problem) return;
    const { figure, table } = renderer.renderGraph(reference, { name: "Reference graph", inputs, block });
    area.append(pane(figure, table));
    area.classList.toggle("side-by-side", area.children.length > 1);
    if (!yours.problem) status.textContent = "Your graph, and the reference's on the same case beside it.";
  }

  button.addEventListener("click", show);
  for (const coming of ["pointerenter", "focus", "pointerdown"]) {
    button.addEventListener(coming, () => loadView().catch(() => {})); // a failure is told at the click
  }

  return {
    // As the learner comes near the exercise: the view loads while they write, at idle.
    prepare: loadAtIdle,
    // After each Run or Check: the graph shown is always of the code that ran last.
    offer(latest) {
      code = latest;
      drawings += 1; // a drawing of the code before, still on its way, is not shown
      panel.removeAttribute("aria-busy"); // and so none is under way
      if (controls.hidden) loadAtIdle(); // tried again here if it failed while the learner wrote
      controls.hidden = false;
      area.replaceChildren();
      status.textContent = "";
    },
  };
}

// WebKit has no requestIdleCallback: a moment's wait stands in for it.
function whenIdle(work) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

function pane(figure, table) {
  const box = document.createElement("div");
  box.className = "graph-pane";
  const scroll = document.createElement("div");
  scroll.className = "table-scroll";
  scroll.tabIndex = 0; // a table wider than a phone scrolls: the keyboard must reach it too
  scroll.setAttribute("role", "group");
  scroll.setAttribute("aria-label", `${table.getAttribute("aria-label")}, scrollable`);
  scroll.append(table);
  box.append(figure, scroll);
  return box;
}
