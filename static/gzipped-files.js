// Python's largest files travel gzipped however the host serves them: a plain static host sends a
// file as it is, and WebAssembly and a memory snapshot shrink to a third and a fifth. The build
// keeps a .gz beside the WebAssembly and ships the snapshot only gzipped; they are inflated here as
// they arrive. A host that already decoded the gzip (Content-Encoding) hands over the plain bytes,
// which are passed on as they are: the first two bytes say which.
const GZIP_MAGIC = [0x1f, 0x8b];

/** The bytes of url, inflated if they arrive gzipped, as a stream. */
export async function fetchInflating(url, fetchPlain = fetch) {
  const response = await fetchPlain(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  const body = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(head);
      else controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzipped = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  return gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

/** The memory snapshot at url, inflated. */
export async function fetchSnapshot(url) {
  return new Uint8Array(await new Response(await fetchInflating(url)).arrayBuffer());
}

/** Run boot() with Pyodide's own fetch of pyodide.asm.wasm served from its .gz copy (and that
 *  copy's failure answered by the plain file), compiling as it streams in. */
export async function withGzippedWasm(indexURL, boot) {
  const wasm = new URL("pyodide.asm.wasm", indexURL).href;
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (resource, options) => {
    if (String(resource) !== wasm) return plainFetch(resource, options);
    try {
      const bytes = await fetchInflating(`${wasm}.gz`, plainFetch);
      return new Response(bytes, { headers: { "Content-Type": "application/wasm" } });
    } catch {
      return plainFetch(resource, options);
    }
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = plainFetch;
  }
}
