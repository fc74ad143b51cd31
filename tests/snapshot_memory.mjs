// The snapshot's way into Python's memory (static/page/snapshot-memory.js), on made-up memories; printed
// as JSON for tests/test_snapshot_memory.py. Its arguments: a memory, and the file gradlab/snapshot.py
// wrote of it (its zero pages left out, gzipped).
import { readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const { SnapshotBytes, copyChangedPages, expandSnapshot, release } = await import(new URL("static/page/snapshot-memory.js", root));
const { inflatedBody } = await import(new URL("static/page/gzipped-files.js", root));
const [memoryPath, filePath] = process.argv.slice(2);

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
const snapshot = new SnapshotBytes(streamOf([sparse(pyodideLike.source)]));
const other = new Int8Array(4);
let restoredBytes = null;
const restored = await snapshot.restoring(async () => {
  restoredBytes = await snapshot;
  pyodideLike.target.set(restoredBytes);
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

// The build's file, as a host sends it, and its bytes as they arrive in pieces of every size: the head
// split, and spans begun and ended inside a piece.
const memory = new Uint8Array(readFileSync(memoryPath));
const file = new Uint8Array(readFileSync(filePath));
const fromFile = await expandSnapshot(await inflatedBody(new Response(file)));
const plainFile = new Uint8Array(await new Response(new Blob([file]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
const pieces = [];
for (let start = 0, size = 1; start < plainFile.length; start += size, size = (size * 7) % 5003 + 1) pieces.push(plainFile.subarray(start, start + size));
const fromPieces = await expandSnapshot(streamOf(pieces));
const expandedSame = same(fromFile, memory) && same(fromPieces, memory);
release(fromFile);
const failure = async (bytes) => expandSnapshot(streamOf([bytes])).then(() => null, (error) => error.message);

process.stdout.write(JSON.stringify({
  copied: same(copy.target, copy.expected),
  pagesWritten: written,
  misalignedCopied: same(misaligned.target, plain),
  restoredCopied: same(pyodideLike.target, pyodideLike.expected),
  restoredReturns: restored,
  othersUntouched: same(other, [1, 2, 3, 4]),
  setPutBack,
  failedSetPutBack,
  snapshotReleased: snapshot.bytes === null && snapshot.buffer === null && restoredBytes.byteLength === 0,
  expandedSame,
  expandedLength: fromPieces.length,
  expandedReleased: fromFile.byteLength === 0,
  cutShort: await failure(plainFile.subarray(0, plainFile.length - 1)),
  tooLong: await failure(new Uint8Array([...plainFile, 0])),
  notSparse: await failure(memory),
}));

/** A stream of the given pieces of bytes. */
function streamOf(pieces) {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

/** bytes in gradlab/snapshot.py's layout, as one span (what expandSnapshot reads; which spans it holds
 *  is the Python side's to test). */
function sparse(bytes) {
  const head = new DataView(new ArrayBuffer(20));
  [..."GLS1"].forEach((letter, index) => head.setUint8(index, letter.charCodeAt(0)));
  head.setUint32(4, bytes.length, true);
  head.setUint32(8, 1, true);
  head.setUint32(12, 0, true);
  head.setUint32(16, bytes.length, true);
  const whole = new Uint8Array(20 + bytes.length);
  whole.set(new Uint8Array(head.buffer));
  whole.set(bytes, 20);
  return whole;
}
