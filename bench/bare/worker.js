// Boots the site's Pyodide and nothing else, then says how long loadPyodide() took.
const indexURL = new URL(self.location.href).searchParams.get("pyodide");

try {
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL });
  const loadMs = performance.now() - started;
  pyodide.runPython("1 + 1");
  self.postMessage({ loadMs, version: pyodide.version });
} catch (error) {
  self.postMessage({ error: String(error.message || error) });
}
