// Python's largest files travel gzipped however the host serves them: a plain static host sends a
// file as it is, and WebAssembly and a memory snapshot shrink to a third and a fifth. The build
// keeps a .gz beside the WebAssembly and ships the snapshot only gzipped; they are inflated here as
// they arrive. A host that already decoded the gzip (Content-Encoding) hands over the plain bytes,
// which are passed on as they are: the first two bytes say which. Every byte of Python's files is
// counted on its way in, so the page can show how far the download has come.
const GZIP_MAGIC = [0x1f, 0x8b];
// The browser's own fetch, taken before withGzippedWasm stands in for it: what is fetched through it
// here is counted once, by the meter, whichever of the two a download started from.
const networkFetch = globalThis.fetch.bind(globalThis);
const REPORT_EVERY_MS = 200;

/** Bytes arrived and bytes announced, over every download it is shown; report(loaded, total) now and then. */
export class DownloadMeter {
  constructor(report) {
    this.report = report;
    this.loaded = 0;
    this.total = 0;
    this.reportedAt = 0;
  }

  /** response, with a body that counts its bytes as they are read. */
  counted(response) {
    if (!response.ok || !response.body) return response;
    const announced = Number(response.headers.get("Content-Length")) || 0;
    this.total += announced;
    let arrived = 0;
    const counting = new TransformStream({
      transform: (chunk, controller) => {
        arrived += chunk.byteLength;
        this.loaded += chunk.byteLength;
        if (arrived > announced) this.total += Math.min(chunk.byteLength, arrived - announced);
        this.tell(false);
        controller.enqueue(chunk);
      },
      flush: () => this.tell(true),
    });
    return new Response(response.body.pipeThrough(counting), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  }

  tell(now) {
    const time = performance.now();
    if (!now && time - this.reportedAt < REPORT_EVERY_MS) return;
    this.reportedAt = time;
    this.report(this.loaded, this.total);
  }
}

/** The bytes of url, inflated if they arrive gzipped, as a stream. */
async function fetchInflating(url, fetchPlain) {
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

/** The memory snapshot at url, inflated, its bytes counted by meter. */
export async function fetchSnapshot(url, meter) {
  const inflated = await fetchInflating(url, async (address) => meter.counted(await networkFetch(address)));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

/** Run boot() with every fetch of Pyodide's counted by meter, and its fetch of pyodide.asm.wasm served
 *  from the .gz copy (that copy's failure answered by the plain file), compiled as it streams in. */
export async function withGzippedWasm(indexURL, meter, boot) {
  const wasm = new URL("pyodide.asm.wasm", indexURL).href;
  const plainFetch = globalThis.fetch;
  const countedFetch = async (resource, options) => meter.counted(await networkFetch(resource, options));
  globalThis.fetch = async (resource, options) => {
    if (String(resource) !== wasm) return countedFetch(resource, options);
    try {
      const bytes = await fetchInflating(`${wasm}.gz`, countedFetch);
      return new Response(bytes, { headers: { "Content-Type": "application/wasm" } });
    } catch {
      return countedFetch(resource, options);
    }
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = plainFetch;
  }
}
