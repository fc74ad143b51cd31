// This device's clock, set right by the sync service's: each sync answer carries the service's
// time, and the difference is kept for every tab and page of this browser. A device whose clock
// is years off then stamps its changes as an honest one would. Without a service (or before the
// first sync) the offset is 0. Ordering never rests on this alone: see nextStamp in progress-merge.js.
import { CLOCK_OFFSET_KEY as KEY } from "./storage-keys.js";

/** Now, in milliseconds since 1970, by the service's clock as last learned. */
export function serviceNow() {
  return Date.now() + readOffset();
}

/** A sync answer said the service's time was serviceTime while this device's was between sentAt and receivedAt. */
export function learnServiceTime(serviceTime, sentAt, receivedAt) {
  if (!Number.isFinite(serviceTime)) return;
  const offset = Math.round(serviceTime - (sentAt + receivedAt) / 2);
  try { localStorage.setItem(KEY, String(offset)); } catch { /* storage disabled: this device's own clock */ }
}

function readOffset() {
  try {
    const offset = Number(localStorage.getItem(KEY));
    return Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}
