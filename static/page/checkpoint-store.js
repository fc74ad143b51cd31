// The training page's checkpoint: one record in IndexedDB (the weights are too large for
// localStorage), written every few dozen steps and read back when the page opens again.
import { TRAINING_DATABASE } from "./storage-keys.js";

const STORE = "checkpoints";
const KEY = "microgpt";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(TRAINING_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function inStore(mode, action) {
  return open().then((db) => new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => { db.close(); resolve(request.result); };
    transaction.onerror = () => { db.close(); reject(transaction.error); };
  }));
}

/** The saved checkpoint { state, losses, sources, samples }, or null (none, or storage unavailable). */
export async function loadCheckpoint() {
  try {
    return (await inStore("readonly", (store) => store.get(KEY))) ?? null;
  } catch {
    return null;
  }
}

/** Keep checkpoint; false if this browser would not store it. */
export async function saveCheckpoint(checkpoint) {
  try {
    await inStore("readwrite", (store) => store.put(checkpoint, KEY));
    return true;
  } catch {
    return false;
  }
}
