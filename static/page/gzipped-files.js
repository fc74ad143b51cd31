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
// The downlink's speed is read on the WebAssembly's first megabyte, past the request's latency and most
// of TCP's slow start; a link that has not brought it within PROBE_LONGEST_MS is a slow one.
const PROBE_BYTES = 1_000_000;
const PROBE_LONGEST_MS = 1500;

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

/** body, inflated if its bytes are gzipped, as a stream. */
async function inflated(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  const stream = new ReadableStream({
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
  return gzipped ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}

/** The bytes of url, inflated if they arrive gzipped, as a stream. */
async function fetchInflating(url, fetchPlain) {
  const response = await fetchPlain(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return inflated(response.body);
}

/** The body of response, inflated if it is gzipped, as a stream. */
export async function inflatedBody(response) {
  return inflated(response.body);
}

/** The bytes at url, inflated if they arrive gzipped, counted by meter, as a stream. */
export async function fetchInflated(url, meter) {
  return fetchInflating(url, async (address) => meter.counted(await networkFetch(address)));
}

/** url's response as this browser already holds it, in the service worker's offline copy or in its HTTP
 *  cache from an earlier download; null if it holds none. Nothing is downloaded. */
export async function heldCopy(url) {
  try {
    const offline = await self.caches?.match(url);
    if (offline?.ok) return offline;
  } catch {
    // No Cache Storage here (an insecure origin, a private window): the HTTP cache may still hold it.
  }
  try {
    const cached = await networkFetch(url, { cache: "only-if-cached", mode: "same-origin" });
    return cached.ok ? cached : null;
  } catch {
    return null; // not in the HTTP cache: only-if-cached fails rather than go to the network
  }
}

/** Pyodide's WebAssembly, its .gz copy requested at once and read as fast as it arrives (its bytes
 *  counted by meter): rate resolves to the downlink's speed in bytes per second, measured on its first
 *  bytes (0 if it failed), and take() hands the download to Pyodide, inflated, once (null after). */
export function startWasmDownload(indexURL, meter) {
  const url = new URL("pyodide.asm.wasm.gz", indexURL).href;
  const started = (async () => {
    const response = meter.counted(await networkFetch(url));
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    // Two readers of one download: the probe reads it at once, and what Pyodide has not read yet waits.
    const [forPyodide, forProbe] = response.body.tee();
    return { forPyodide, rate: measureRate(forProbe) };
  })();
  let taken = false;
  return {
    rate: started.then(({ rate }) => rate, () => 0),
    async take() {
      if (taken) return null;
      taken = true;
      return inflated((await started).forPyodide);
    },
  };
}

/** Bytes per second that stream brings after its first chunk (whose wait is the request's latency, not
 *  the link's speed), over PROBE_BYTES or PROBE_LONGEST_MS; a stream that ends first counts whole. */
async function measureRate(stream) {
  const reader = stream.getReader();
  const began = performance.now();
  const enough = setTimeout(() => reader.cancel().catch(() => {}), PROBE_LONGEST_MS);
  let firstAt = null;
  let firstBytes = 0;
  let bytes = 0;
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = performance.now() - began < PROBE_LONGEST_MS; // not cut short by the timer
        break;
      }
      if (firstAt === null) {
        firstAt = performance.now();
        firstBytes = value.byteLength;
      } else {
        bytes += value.byteLength;
      }
      if (bytes >= PROBE_BYTES) break;
    }
  } catch {
    // The download failed: what came so far still says how fast it came.
  } finally {
    clearTimeout(enough);
    reader.cancel().catch(() => {});
  }
  const seconds = (performance.now() - (firstAt ?? began)) / 1000;
  const counted = ended ? firstBytes + bytes : bytes;
  return seconds > 0 ? counted / seconds : Infinity;
}

/** Run boot() with every fetch of Pyodide's counted by meter, and its fetch of pyodide.asm.wasm served
 *  from wasmDownload (what startWasmDownload began, if not taken yet), or else from the .gz copy (that
 *  copy's failure answered by the plain file), compiled as it streams in. */
export async function withGzippedWasm(indexURL, meter, boot, wasmDownload = null) {
  const wasm = new URL("pyodide.asm.wasm", indexURL).href;
  const plainFetch = globalThis.fetch;
  const countedFetch = async (resource, options) => meter.counted(await networkFetch(resource, options));
  globalThis.fetch = async (resource, options) => {
    if (String(resource) !== wasm) return countedFetch(resource, options);
    try {
      const bytes = (await wasmDownload?.take()) ?? await fetchInflating(`${wasm}.gz`, countedFetch);
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
