// Pyodide's WebAssembly, compiled once per page rather than once per worker. A lesson boots three
// interpreters (the learner's, the judge's, a spare), and a hard Stop or a crash boots another: each would
// download, inflate and compile the same 9.6 MB, hold its own copy of them until garbage collection, and
// optimise its own copy of the machine code. The first worker hands the module it compiled to the page
// (static/page/python-runtime.js), which hands it to every later worker: instantiating it takes
// milliseconds, the engine shares its code between the workers, and nothing is downloaded again.

/** boot(), with Pyodide's fetch of pyodide.asm.wasm and its instantiation of it (its one call of
 *  WebAssembly.instantiateStreaming with that response) made from compiled, a WebAssembly.Module, where
 *  one is given (nothing is fetched); otherwise compiled as usual, and the module given to onCompiled. */
export async function withCompiledWasm(indexURL, compiled, onCompiled, boot) {
  const wasm = new URL("pyodide.asm.wasm", indexURL).href;
  const plainFetch = globalThis.fetch;
  const plainInstantiate = WebAssembly.instantiateStreaming;
  const responses = new WeakSet(); // the responses to the fetch of pyodide.asm.wasm
  globalThis.fetch = async (resource, options) => {
    if (String(resource) !== wasm) return plainFetch(resource, options);
    const response = compiled ? new Response(null, { headers: { "Content-Type": "application/wasm" } }) : await plainFetch(resource, options);
    responses.add(response);
    return response;
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!responses.has(response)) return plainInstantiate.call(WebAssembly, response, imports);
    if (compiled) return { instance: await WebAssembly.instantiate(compiled, imports), module: compiled };
    const instantiated = await plainInstantiate.call(WebAssembly, response, imports);
    onCompiled(instantiated.module);
    return instantiated;
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = plainFetch;
    WebAssembly.instantiateStreaming = plainInstantiate;
  }
}
