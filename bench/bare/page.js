// The floor for the lesson page: only the site's own Pyodide (its folder comes in ?pyodide=),
// booted at once in a module worker.
const status = document.querySelector("[role=status]");
const worker = new URL("worker.js", import.meta.url);
worker.searchParams.set("pyodide", new URL(new URLSearchParams(location.search).get("pyodide"), location.href).href);
const python = new Worker(worker, { type: "module" });
python.onmessage = ({ data }) => {
  // performance.now() counts from this page's navigation, as the lesson's timings do.
  window.benchBoot = { ...data, readyMs: performance.now() };
  status.textContent = data.error ? `Python could not start: ${data.error}` : "Python ready";
};
python.onerror = (event) => {
  window.benchBoot = { error: event.message || "the worker did not load" };
  status.textContent = `Python could not start: ${window.benchBoot.error}`;
};
