// The learner's progress in one lesson, kept in this browser's localStorage under a key made
// of the lesson id, in a versioned shape. Bad or unsavable data never breaks the lesson.
// Several tabs may hold the lesson at once: every save merges with what is stored now
// (progress-merge.js says how), and a change made in another tab is merged in when the
// browser announces it, so no tab overwrites another's work. Where a sync service exists, sync.js
// hears every save (onSaved), merges what other devices did into storage, and hands it to the page
// (takeInSynced) the same way.
// Chromium hands a save to the other tabs a moment late, so a tab may merge with a copy that lacks another
// tab's last change, and overwrite it. The tab that made the change writes it back when it hears of that,
// if it is still open: so each tab also keeps its own copy, under a key no other tab writes, which every
// page merges in as it loads.
import { SCHEMA, canonical, codeFingerprint as fingerprint, emptyProgress, mergeProgress, nextStamp, upgradeFromVersion1, asImportedAt } from "./progress-merge.js";
import { serviceNow } from "./server-clock.js";
import { documentProblem } from "./progress-document.js";
import { progressKey, setAsideKey, tabCopyPrefix } from "./storage-keys.js";

export { SCHEMA };

// A tab's own copy is removed once storage has held all of it for this long: far longer than Chromium
// takes to hand a save to the other tabs, so that no tab can still be saving from a copy that lacks it.
const TAB_COPY_KEPT_MS = 60_000;

export class Progress {
  constructor(lessonId, { onProblem, quizIds = [] }) {
    this.lessonId = lessonId;
    this.key = progressKey(lessonId);
    this.onProblem = onProblem;
    this.quizIds = quizIds;
    this.listeners = [];
    this.saveListeners = [];
    this.lastStamp = 0;
    // Whether the last save failed, so this tab holds work that storage does not.
    this.unsaved = false;
    this.tabCopyKey = tabCopyPrefix(this.key) + Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
    this.lastSaved = 0; // when this tab last wrote its own copy
    this.data = this.load();
    // The version of each exercise's code that this tab's editor shows ({ edited, code }): its next edit builds on it.
    this.shown = Object.fromEntries(Object.entries(this.data.exercises).map(([id, { edited, code }]) => [id, { edited, code }]));
    addEventListener("storage", (event) => {
      if (event.key === this.key || event.key === null) this.takeInOtherTabs();
    });
    addEventListener("pagehide", () => this.dropOwnCopyIfHeld());
  }

  /** A time for a change: later than every time the lesson's progress holds (whatever the clock of
   * the device that wrote it) and than this tab's previous one, so two changes here never tie. */
  stamp() {
    this.lastStamp = Math.max(nextStamp(this.data, serviceNow()), this.lastStamp + 1);
    return this.lastStamp;
  }

  load() {
    let stored;
    try {
      stored = this.readStored();
    } catch {
      this.onProblem("This browser does not let the page keep your progress (storage is disabled); it will be lost when you leave.");
      return emptyProgress(this.lessonId);
    }
    const merged = this.withTabCopies(stored);
    if (merged !== stored) {
      try {
        this.writeShared(merged);
      } catch {
        this.unsaved = true; // storage full: the tabs' copies still hold it, and this tab's next save tries again
      }
    }
    return merged || emptyProgress(this.lessonId);
  }

  // What storage holds now, upgraded to this version; null if nothing, or nothing readable.
  readStored() {
    const raw = localStorage.getItem(this.key);
    if (raw === null) return null;
    try {
      return this.readDocument(raw);
    } catch (problem) {
      // Keep the unreadable data under another key rather than overwrite it: nothing is lost.
      const aside = setAsideKey(this.key, Date.now());
      try { localStorage.setItem(aside, raw); } catch { /* storage full: the data stays where it is */ }
      this.onProblem(`Your saved progress could not be read (${problem.message}), so this lesson starts afresh. The old data was kept in this browser under "${aside}".`);
      return null;
    }
  }

  // A progress document's text, read and upgraded to this version; throws why it cannot be.
  readDocument(text) {
    return readProgress(JSON.parse(text), this.lessonId, this.quizIds);
  }

  // stored merged with every tab's own copy (stored itself when none adds anything). A copy that storage
  // holds whole, written more than TAB_COPY_KEPT_MS ago, is removed: a closed tab's, or a reloaded one's.
  withTabCopies(stored) {
    let merged = stored;
    const prefix = tabCopyPrefix(this.key);
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith(prefix))) {
      const copy = this.readTabCopy(key);
      if (!copy) continue; // not a copy this page can read (a later version's?): left as it is
      if (!stored || !holds(stored, copy.progress)) merged = merged ? mergeProgress(merged, copy.progress) : copy.progress;
      else if (Date.now() - copy.written > TAB_COPY_KEPT_MS) localStorage.removeItem(key);
    }
    return merged;
  }

  readTabCopy(key) {
    try {
      const { written, progress } = JSON.parse(localStorage.getItem(key));
      return { written: Number(written) || 0, progress: readProgress(progress, this.lessonId, this.quizIds) };
    } catch {
      return null;
    }
  }

  // Leaving: this tab's own copy goes if storage has held all of it for a while (else the next page to
  // load removes it, once that is so).
  dropOwnCopyIfHeld() {
    if (!this.lastSaved || Date.now() - this.lastSaved <= TAB_COPY_KEPT_MS) return;
    try {
      // Read only: unreadable data is set aside, and the learner told, by the next page that loads.
      if (holds(this.readDocument(localStorage.getItem(this.key)), this.data)) localStorage.removeItem(this.tabCopyKey);
    } catch { /* nothing readable stored, or storage disabled: the copy stays */ }
  }

  writeShared(data) {
    localStorage.setItem(this.key, JSON.stringify(data));
  }

  // After the shared key, and apart: storage too full for a second copy still keeps the first.
  writeOwnCopy() {
    try {
      const written = Date.now();
      localStorage.setItem(this.tabCopyKey, JSON.stringify({ written, progress: this.data }));
      this.lastSaved = written;
    } catch { /* storage full: the shared key holds the change, as before tabs kept copies */ }
  }

  // Merge what is stored into this tab's copy, then write the result back, then this tab's own copy.
  save() {
    try {
      // A Start over learned only now came before this tab's own change: show it as stored,
      // but do not start this tab's page over, which would undo the change just made.
      this.takeIn(this.readStored(), { announceStartOver: false });
      this.writeShared(this.data);
      this.unsaved = false;
      this.writeOwnCopy();
    } catch {
      if (!this.unsaved) this.onProblem("Your progress could not be saved: this browser's storage is full or disabled. Export progress keeps a copy as a file.");
      this.unsaved = true;
    }
    for (const listener of this.saveListeners) listener();
  }

  /** Call listener() after every save (the sync sends what storage holds then). */
  onSaved(listener) {
    this.saveListeners.push(listener);
  }

  /** Another tab saved: take in what storage holds now. */
  takeInOtherTabs() {
    this.takeInStored("tab");
  }

  /** The sync merged another device's progress into storage: take it in. */
  takeInSynced() {
    this.takeInStored("device");
  }

  // Merge storage's changes in, and let the page show them. Chromium hands each tab's process
  // changes to storage a moment late, so another tab may have merged with a copy lacking this
  // tab's last change: if storage lacks anything this tab holds, write it back.
  takeInStored(from) {
    try {
      const stored = this.readStored();
      this.takeIn(stored, { announceStartOver: true, from });
      if (stored && canonical(stored) !== canonical(this.data)) this.save();
    } catch { /* storage disabled: nothing to take in */ }
  }

  takeIn(stored, { announceStartOver, from = "tab" }) {
    if (!stored) return;
    const merged = mergeProgress(stored, this.data);
    if (JSON.stringify(merged) === JSON.stringify(this.data)) return;
    const startedOver = announceStartOver && merged.startedOver > this.data.startedOver;
    this.data = merged;
    this.tellListeners({ startedOver, from });
  }

  /** Call listener({ startedOver, from }) whenever changes arrive from another tab (from: "tab") or,
   * through sync, from another device ("device"). */
  onChangesElsewhere(listener) {
    this.listeners.push(listener);
  }

  tellListeners(change) {
    for (const listener of this.listeners) listener(change);
  }

  exercise(id) {
    return this.data.exercises[id] || {};
  }

  updateExercise(id, change) {
    const at = this.stamp();
    const current = this.exercise(id);
    const stamps = Object.fromEntries(Object.keys(change).map((field) => [field, at]));
    this.data.exercises[id] = { ...current, ...change, at: { ...current.at, ...stamps } };
    this.save();
  }

  saveCode(id, code, starter) {
    const current = this.exercise(id);
    const basedOn = this.shownVersion(id);
    // The editor shows exactly what is stored (it just took it from another tab): nothing to save.
    if (code === (current.code ?? starter) && basedOn === (current.edited || 0)) return;
    const edited = this.stamp();
    this.data.exercises[id] = { ...current, code, starter: fingerprint(starter), edited, ...basedOnVersion(basedOn, this.shownCode(id)) };
    this.shown[id] = { edited, code };
    this.save();
  }

  /** The `edited` time of the code this tab's editor shows (0: the starter). */
  shownVersion(id) {
    return this.shown[id]?.edited || 0;
  }

  /** The code this tab's editor last showed as saved (undefined: the starter). */
  shownCode(id) {
    return this.shown[id]?.code;
  }

  /** The editor now shows the stored code (from another tab); returns that code, or null for the starter. */
  showStoredCode(id) {
    const { edited, code } = this.exercise(id);
    this.shown[id] = { edited, code };
    return code ?? null;
  }

  // The learner chose between two versions of the code: keep the chosen one, drop the other drafts.
  // basedOn, basedOnCode: the version the kept code was written over (its time and code).
  settleCode(id, { code, starter, basedOn, basedOnCode }) {
    const at = this.stamp();
    const current = this.exercise(id);
    const settled = { ...current, draftsSettled: at };
    if (code !== (current.code ?? starter) || basedOn !== (current.edited || 0)) {
      Object.assign(settled, { code, starter: fingerprint(starter), edited: at, ...basedOnVersion(basedOn, basedOnCode) });
    }
    this.data.exercises[id] = settled;
    this.shown[id] = { edited: settled.edited, code: settled.code };
    this.save();
  }

  // Whether the learner's saved code was written against another starter than the page's.
  starterChanged(id, starter) {
    const saved = this.exercise(id);
    return typeof saved.code === "string" && saved.starter !== undefined && saved.starter !== fingerprint(starter);
  }

  markDone(id) {
    this.updateExercise(id, { passed: true });
  }

  quizPicks(id) {
    return this.data.quizzes[id] || [];
  }

  saveQuizPicks(id, picks) {
    this.data.quizzes[id] = picks;
    this.data.quizTimes[id] = this.stamp();
    this.save();
  }

  markSection(title) {
    if (this.data.sections[title]) return;
    this.data.sections[title] = this.stamp();
    this.save();
  }

  // A new epoch: every merge, in this tab or another, drops what was stamped before it.
  startOver() {
    this.data = { ...emptyProgress(this.lessonId), startedOver: this.stamp() };
    this.shown = {};
    this.save();
  }

  exportFile() {
    return new Blob([JSON.stringify({ ...this.data, exported: new Date().toISOString() }, null, 2)], { type: "application/json" });
  }

  // Merged, not swapped in: what this browser holds and the file holds both survive.
  importText(text) {
    const imported = this.readDocument(text);
    this.data = mergeProgress(this.data, asImportedAt(imported, this.stamp()));
    this.save();
  }
}

// Whether doc already holds everything part holds.
const holds = (doc, part) => canonical(mergeProgress(doc, part)) === canonical(doc);

function readProgress(data, lessonId, quizIds) {
  if (!data || typeof data !== "object") throw new Error("it is not a progress record");
  if (data.schema !== 1 && data.schema !== SCHEMA) throw new Error(`it has format version ${data.schema}, this page reads versions 1 to ${SCHEMA}`);
  if (data.lesson !== lessonId) throw new Error(`it is for lesson ${data.lesson}, not ${lessonId}`);
  if (data.schema === 1) {
    for (const part of ["exercises", "quizzes", "sections"]) {
      if (!data[part] || typeof data[part] !== "object") throw new Error(`its "${part}" part is missing`);
    }
    return upgradeFromVersion1(data, quizIds);
  }
  // This version's documents: the shape the sync service checks too (progress-document.js).
  const problem = documentProblem(lessonId, data);
  if (problem) throw new Error(problem);
  return {
    schema: SCHEMA, lesson: lessonId, startedOver: Number(data.startedOver) || 0,
    exercises: data.exercises, quizzes: data.quizzes, quizTimes: data.quizTimes || {}, sections: data.sections,
  };
}

// The fields that name the version a new one was written over: its time and its code's fingerprint
// (undefined code: the starter, named by time 0 alone).
function basedOnVersion(basedOn, code) {
  return typeof code === "string" && basedOn ? { basedOn, basedOnHash: fingerprint(code) } : { basedOn };
}
