// Starting Pyodide in a worker, shared by the lessons' Python worker and the training worker.
// From the build's memory snapshot (Pyodide with the engine imported) when it was made for
// this very runtime; otherwise a normal boot that unpacks the engine wheel.

/** A booted Pyodide; files: { pyodide (its folder's URL), engine (the wheel's), snapshot, snapshotFor }. */
export async function startPyodide({ pyodide: indexURL, engine, snapshot, snapshotFor }) {
  const { loadPyodide, version } = await import(`${indexURL}pyodide.mjs`);
  if (snapshot && snapshotFor === version) {
    try {
      return await loadPyodide({ indexURL, _loadSnapshot: fetchBytes(snapshot) });
    } catch (error) {
      console.warn("Python's memory snapshot could not be used; booting normally.", error);
    }
  }
  const [pyodide, wheel] = await Promise.all([loadPyodide({ indexURL }), fetchBytes(engine)]);
  pyodide.unpackArchive(wheel, "wheel");
  return pyodide;
}

export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
