// The snapshot's way into Python's memory (static/page/snapshot-memory.js) and the gathering of a
// download's bytes (static/page/gzipped-files.js), on made-up memories; printed as JSON for
// tests/test_snapshot_memory.py.
const root = new URL("..", import.meta.url);
const { SnapshotBytes, copyChangedPages } = await import(new URL("static/page/snapshot-memory.js", root));
const { inflatedBytes, release } = await import(new URL("static/page/gzipped-files.js", root));

const PAGE = 4096;
const same = (a, b) => a.length === b.length && a.every((value, index) => (value & 0xff) === (b[index] & 0xff));

// A memory of pages: zero in both, zero in the source over a dirty target, data over zero, and a tail
// that is no whole word, read from a view 4 bytes into its buffer (as Pyodide's, past its header).
function memories() {
  const pages = 6;
  const buffer = new ArrayBuffer(4 + pages * PAGE + 3);
  const source = new Uint8Array(buffer, 4);
  source.fill(7, 2 * PAGE, 3 * PAGE);
  source[5 * PAGE + 10] = 9;
  source.fill(5, pages * PAGE);
  const target = new Int8Array(8 * PAGE);
  target[3 * PAGE + 1] = 1; // was written before the copy, where the source is zero: must end up zero
  const expected = new Int8Array(target.length);
  expected.set(source);
  return { source, target, expected };
}

const copy = memories();
const written = copyChangedPages(copy.target, copy.source);

const misaligned = memories();
const shifted = new Uint8Array(misaligned.source.buffer, 1, misaligned.source.length);
const plain = new Int8Array(misaligned.target.length);
plain.set(shifted);
copyChangedPages(misaligned.target, shifted);

// What Pyodide does with its _loadSnapshot: awaits it, and copies it into its memory with Int8Array's set.
const pyodideLike = memories();
const snapshot = new SnapshotBytes(Promise.resolve(pyodideLike.source));
const other = new Int8Array(4);
const restored = await snapshot.restoring(async () => {
  const bytes = await snapshot;
  pyodideLike.target.set(bytes);
  other.set(new Int8Array([1, 2]));
  other.set(new Int8Array([3, 4]), 2);
  return "booted";
});
const setPutBack = !Object.hasOwn(Int8Array.prototype, "set");
let failedSetPutBack = null;
try {
  await snapshot.restoring(async () => {
    throw new Error("no boot");
  });
} catch {
  failedSetPutBack = !Object.hasOwn(Int8Array.prototype, "set");
}
snapshot.release();
await new Promise((resolve) => setTimeout(resolve));

// Several chunks and more than the first megabyte: the gathering buffer grows.
const original = new Uint8Array(3_000_000).map((_, index) => (index * 7919) % 251);
const gzipped = new Response(new Blob([original]).stream().pipeThrough(new CompressionStream("gzip")));
const inflated = await inflatedBytes(gzipped);
const inflatedSame = same(inflated, original);
release(inflated);

process.stdout.write(JSON.stringify({
  copied: same(copy.target, copy.expected),
  pagesWritten: written,
  misalignedCopied: same(misaligned.target, plain),
  restoredCopied: same(pyodideLike.target, pyodideLike.expected),
  restoredReturns: restored,
  othersUntouched: same(other, [1, 2, 3, 4]),
  setPutBack,
  failedSetPutBack,
  snapshotReleased: pyodideLike.source.byteLength === 0 && snapshot.bytes === null,
  inflatedSame,
  inflatedLength: original.length,
  inflatedReleased: inflated.byteLength === 0,
}));
