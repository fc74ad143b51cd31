// The progress documents a sync sends and takes back: the lessons' documents, concept cards'
// answers and module tests' records as this browser's localStorage holds them
// (gradlab:progress:<id>, the id "8.6", "concept:<slug>" or "module-test:<module>"), only those that changed since this
// browser and the service last agreed on them. What comes back is merged into storage by the same
// rules as tabs' copies (progress-merge.js), never written over it, so nothing this browser holds
// is lost, whatever the service answers.
import { canonical, mergeDocument, mergeProgress } from "./progress-merge.js";
import { documentProblem } from "./progress-document.js";
import { documentIdOf, documentKind, progressKey } from "./storage-keys.js";
import { noteVersionsFromOtherDevices } from "./synced-versions.js";

// A document as stored, if it is one this version reads and merges; else null.
function readLesson(id) {
  try {
    const doc = JSON.parse(localStorage.getItem(progressKey(id)));
    return documentProblem(id, doc) === null ? doc : null;
  } catch {
    return null;
  }
}

function storedLessonIds() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const id = documentIdOf(localStorage.key(i)); // set-aside records are not synced
    if (id) ids.push(id);
  }
  return ids;
}

/** { [lesson id]: document } for every lesson this browser holds progress on that differs from
 * what it and the service last agreed on (inStep: { [lesson id]: fingerprint }); the open
 * lesson's (progress) also with what this tab holds but storage could not keep. Records of an
 * older version are left until their lesson is opened, which upgrades them. */
export function changedDocuments(progress, inStep) {
  const lessons = {};
  for (const id of storedLessonIds()) {
    const doc = readLesson(id);
    if (doc) lessons[id] = doc;
  }
  if (progress) {
    const stored = lessons[progress.lessonId];
    lessons[progress.lessonId] = stored ? mergeProgress(stored, progress.data) : progress.data;
  }
  for (const [id, doc] of Object.entries(lessons)) if (inStep[id] === fingerprint(doc)) delete lessons[id];
  return lessons;
}

/** A short fingerprint of a document (53 bits, cyrb53), the same whatever order its keys were written in. */
export function fingerprint(doc) {
  const text = canonical(doc);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Merge each document the service sent into storage; return the ids of those that changed. */
export function mergeIntoStorage(received) {
  const changed = [];
  for (const [id, doc] of Object.entries(received || {})) {
    if (documentProblem(id, doc) !== null) continue; // the service keeps only valid ones: this is not ours to merge
    const raw = localStorage.getItem(progressKey(id));
    const local = readLesson(id);
    if (raw !== null && !local) continue; // an older or unreadable record: its lesson page takes care of it
    const merged = mergeDocument(id, local, doc);
    if (local && canonical(merged) === canonical(local)) continue;
    localStorage.setItem(progressKey(id), JSON.stringify(merged));
    if (documentKind(id) === "lesson") noteVersionsFromOtherDevices(id, local, merged);
    changed.push(id);
  }
  return changed;
}
