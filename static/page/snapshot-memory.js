// The memory snapshot on its way into Python: 31 MB that Pyodide copies whole into the new interpreter's
// memory, and then keeps. Both cost every interpreter on the page (the learner's, the judge's, a spare)
// memory it need not hold: the copy skips the pages that are zero on both sides (about half of them,
// which a fresh WebAssembly memory leaves uncommitted), and the bytes are freed once Python has booted.
import { release } from "./gzipped-files.js";

const PAGE_WORDS = 4096 / 4; // the operating system's page, in the 32-bit words compared

/** The snapshot's bytes (a promise, still arriving), handed to Pyodide as its _loadSnapshot. */
export class SnapshotBytes {
  constructor(bytes) {
    this.bytes = bytes.then((array) => {
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
