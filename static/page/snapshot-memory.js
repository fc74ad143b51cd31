// The memory snapshot on its way into Python: 31 MB that Pyodide copies whole into the new interpreter's
// memory, and then keeps. All of it would cost every interpreter on the page (the learner's, the judge's,
// a spare) memory it need not hold. About half of it is zero pages, which the build leaves out of the file
// (gradlab/snapshot.py): they are not inflated (chunks that stay garbage until collected), nor written
// into the snapshot's bytes, nor copied into Python's memory (the copy skips the pages that are zero on
// both sides, which a fresh WebAssembly memory leaves uncommitted). The bytes are freed once Python has
// booted.
const PAGE_WORDS = 4096 / 4; // the operating system's page, in the 32-bit words compared
const SPARSE_MAGIC = "GLS1"; // gradlab/snapshot.py's SPARSE_MAGIC: the layout expandSnapshot reads
const HEAD_WORDS = 3; // the magic, the memory's full length, the number of spans

/** The snapshot (a stream of the file the build wrote, still arriving), handed to Pyodide as its
 *  _loadSnapshot. */
export class SnapshotBytes {
  constructor(stream) {
    this.bytes = Promise.resolve(stream).then(expandSnapshot).then((array) => {
      this.buffer = array.buffer;
      return array;
    });
  }

  // Pyodide awaits its _loadSnapshot and keeps a reference to it for as long as it runs: to this
  // thenable, which release() empties, rather than to the bytes.
  then(resolve, reject) {
    return this.bytes.then(resolve, reject);
  }

  /** boot(), with Pyodide's copy of these bytes into Python's memory (its one call of Int8Array's set
   *  with them) made page by page, leaving alone the pages that are zero in both. */
  async restoring(boot) {
    const ownSet = Object.getOwnPropertyDescriptor(Int8Array.prototype, "set");
    const plainSet = Int8Array.prototype.set;
    const snapshot = this;
    Int8Array.prototype.set = function set(source, offset = 0) {
      if (offset === 0 && snapshot.buffer && source?.buffer === snapshot.buffer) copyChangedPages(this, source);
      else plainSet.call(this, source, offset);
    };
    try {
      return await boot();
    } finally {
      if (ownSet) Object.defineProperty(Int8Array.prototype, "set", ownSet);
      else delete Int8Array.prototype.set;
    }
  }

  release() {
    this.bytes?.then(release, () => {});
    this.bytes = null;
    this.buffer = null;
  }
}

/** target.set(source), writing only the pages of target that would change: a page that is zero in both
 *  is never touched, so a fresh memory's page stays uncommitted. Returns how many pages it wrote. */
export function copyChangedPages(target, source) {
  const bytes = new Uint8Array(target.buffer, target.byteOffset, target.length); // set() of its own: not Int8Array's
  if (source.length > target.length || source.byteOffset % 4 || target.byteOffset % 4) {
    bytes.set(source);
    return Math.ceil(source.length / 4 / PAGE_WORDS);
  }
  let written = 0;
  const from = new Int32Array(source.buffer, source.byteOffset, source.length >> 2);
  const to = new Int32Array(target.buffer, target.byteOffset, from.length);
  for (let start = 0; start < from.length; start += PAGE_WORDS) {
    const end = Math.min(start + PAGE_WORDS, from.length);
    if (allZero(from, start, end) && allZero(to, start, end)) continue;
    to.set(from.subarray(start, end), start);
    written += 1;
  }
  for (let index = from.length * 4; index < source.length; index += 1) bytes[index] = source[index];
  return written;
}

function allZero(words, start, end) {
  for (let index = start; index < end; index += 1) if (words[index] !== 0) return false;
  return true;
}

/** The memory that stream (of gradlab/snapshot.py's layout: a head, then the bytes of each span that is
 *  not zero) describes, in a buffer of its full length where only the spans are written: the pages left
 *  out stay zero. The buffer is JavaScript's own, which release() frees at once. */
export async function expandSnapshot(stream) {
  const reader = stream.getReader();
  let head = new Uint8Array(0); // the bytes read before the head is whole
  let layout = null; // { memory, spans: [start, length, ...] }
  let span = 0; // where in spans the span being written starts (its start, then its length)
  let written = 0; // bytes of that span written
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (!layout) {
      head = joined(head, chunk);
      layout = readHead(head);
      if (!layout) continue;
      chunk = head.subarray(layout.headLength);
      head = null;
    }
    const { memory, spans } = layout;
    while (chunk.length > 0) {
      if (span >= spans.length) throw new Error("Python's memory snapshot has more bytes than its spans hold");
      const [start, length] = [spans[span], spans[span + 1]];
      const taken = Math.min(length - written, chunk.length);
      memory.set(chunk.subarray(0, taken), start + written);
      written += taken;
      chunk = chunk.subarray(taken);
      if (written === length) [span, written] = [span + 2, 0];
    }
  }
  if (!layout || span < layout.spans.length) throw new Error("Python's memory snapshot ended before its last span");
  return layout.memory;
}

/** The layout that head starts with, or null until head holds all of it. */
function readHead(head) {
  if (head.length < HEAD_WORDS * 4) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const magic = String.fromCharCode(...head.subarray(0, 4));
  if (magic !== SPARSE_MAGIC) throw new Error(`Python's memory snapshot is not one this page reads (it starts "${magic}")`);
  const headLength = (HEAD_WORDS + 2 * view.getUint32(8, true)) * 4;
  if (head.length < headLength) return null;
  const spans = new Uint32Array(headLength / 4 - HEAD_WORDS);
  for (let index = 0; index < spans.length; index += 1) spans[index] = view.getUint32((HEAD_WORDS + index) * 4, true);
  return { memory: new Uint8Array(view.getUint32(4, true)), spans, headLength };
}

function joined(first, second) {
  if (first.length === 0) return second;
  const both = new Uint8Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
}

/** Frees the buffer under bytes now, rather than whenever garbage collection comes to it; bytes and
 *  every other view of that buffer are left empty. */
export function release(bytes) {
  const { buffer } = bytes;
  if (buffer.transfer) buffer.transfer(0);
  else structuredClone(buffer, { transfer: [buffer] });
}
