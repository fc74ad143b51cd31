// One versioned record in localStorage for the study pages (a card's answers, a module test's
// scores). Like lesson progress, bad or unsavable data never breaks the page: unreadable data is
// set aside under another key, and the page starts afresh and says so. Like lesson progress too,
// records are synced (sync-documents.js): the sync hears every save (onRecordSaved), and a page
// hears when another tab or device changed them (onRecordsChangedElsewhere) and merges them in.
import { RECORD_SCHEMA } from "./progress-merge.js";
import { documentProblem } from "./progress-document.js";
import { mayHoldProgress, progressKey, setAsideKey } from "./storage-keys.js";

export { RECORD_SCHEMA };

const saveListeners = [];
const changeListeners = [];

/** Call listener() after every save of a record. */
export function onRecordSaved(listener) {
  saveListeners.push(listener);
}

/** Call listener() when another tab, or a sync from another device, may have changed the records. */
export function onRecordsChangedElsewhere(listener) {
  changeListeners.push(listener);
}

/** The sync merged other devices' progress into storage: let the records' pages take it in. */
export function recordsChangedElsewhere() {
  for (const listener of changeListeners) listener();
}

addEventListener("storage", (event) => {
  if (mayHoldProgress(event.key)) recordsChangedElsewhere();
});

/** The record kept under a document id ("concept:<slug>", "module-test:<module>"), or empty() if there is none. */
export function loadRecord(id, { empty, onProblem }) {
  const key = progressKey(id);
  let raw;
  try {
    raw = localStorage.getItem(key);
  } catch {
    onProblem("This browser does not let the page keep your answers (storage is disabled); they will be lost when you leave.");
    return empty();
  }
  if (raw === null) return empty();
  try {
    const data = JSON.parse(raw);
    if (documentProblem(id, data) === null) return data;
  } catch { /* unreadable: set aside below */ }
  const aside = setAsideKey(key, Date.now());
  try { localStorage.setItem(aside, raw); } catch { /* storage full: the data stays where it is */ }
  onProblem(`Your saved answers could not be read, so this page starts afresh. The old data was kept in this browser under "${aside}".`);
  return empty();
}

export function saveRecord(id, data, { onProblem }) {
  try {
    localStorage.setItem(progressKey(id), JSON.stringify(data));
  } catch {
    onProblem("Your answers could not be saved: this browser's storage is full or disabled.");
  }
  for (const listener of saveListeners) listener();
}

// Read-only: another page's record (a lesson's too), or null if there is none or it cannot be read.
export function peekRecord(id) {
  try {
    const data = JSON.parse(localStorage.getItem(progressKey(id)));
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

// Read-only: the record as storage holds it now, if it is a valid one; else null.
export function storedRecord(id) {
  const data = peekRecord(id);
  return data && documentProblem(id, data) === null ? data : null;
}
