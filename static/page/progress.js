// The learner's progress in one lesson, kept in this browser's localStorage under a key made
// of the lesson id, in a versioned shape. Bad or unsavable data never breaks the lesson.

export const SCHEMA = 1;

export class Progress {
  constructor(lessonId, { onProblem }) {
    this.lessonId = lessonId;
    this.key = `gradlab:progress:${lessonId}`;
    this.onProblem = onProblem;
    this.data = this.load();
  }

  empty() {
    return { schema: SCHEMA, lesson: this.lessonId, exercises: {}, quizzes: {}, sections: {} };
  }

  load() {
    let raw = null;
    try {
      raw = localStorage.getItem(this.key);
    } catch {
      this.onProblem("This browser does not let the page keep your progress (storage is disabled); it will be lost when you leave.");
      return this.empty();
    }
    if (raw === null) return this.empty();
    try {
      return validate(JSON.parse(raw), this.lessonId);
    } catch (problem) {
      // Keep the unreadable data under another key rather than overwrite it: nothing is lost.
      const aside = `${this.key}:set-aside:${Date.now()}`;
      try { localStorage.setItem(aside, raw); } catch { /* storage full: the data stays where it is */ }
      this.onProblem(`Your saved progress could not be read (${problem.message}), so this lesson starts afresh. The old data was kept in this browser under "${aside}".`);
      return this.empty();
    }
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify(this.data));
      this.saveFailed = false;
    } catch {
      if (!this.saveFailed) this.onProblem("Your progress could not be saved: this browser's storage is full or disabled. Export progress keeps a copy as a file.");
      this.saveFailed = true;
    }
  }

  exercise(id) {
    return this.data.exercises[id] || {};
  }

  updateExercise(id, change) {
    this.data.exercises[id] = { ...this.exercise(id), ...change };
    this.save();
  }

  saveCode(id, code, starter) {
    this.updateExercise(id, { code, starter: fingerprint(starter) });
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
    this.save();
  }

  markSection(title) {
    if (this.data.sections[title]) return;
    this.data.sections[title] = true;
    this.save();
  }

  startOver() {
    this.data = this.empty();
    this.save();
  }

  exportFile() {
    return new Blob([JSON.stringify({ ...this.data, exported: new Date().toISOString() }, null, 2)], { type: "application/json" });
  }

  importText(text) {
    const data = validate(JSON.parse(text), this.lessonId);
    this.data = data;
    this.save();
  }
}

function validate(data, lessonId) {
  if (!data || typeof data !== "object") throw new Error("it is not a progress record");
  if (data.schema !== SCHEMA) throw new Error(`it has format version ${data.schema}, this page reads version ${SCHEMA}`);
  if (data.lesson !== lessonId) throw new Error(`it is for lesson ${data.lesson}, not ${lessonId}`);
  for (const part of ["exercises", "quizzes", "sections"]) {
    if (!data[part] || typeof data[part] !== "object") throw new Error(`its "${part}" part is missing`);
  }
  return { schema: SCHEMA, lesson: lessonId, exercises: data.exercises, quizzes: data.quizzes, sections: data.sections };
}

// A short, stable fingerprint (FNV-1a) that tells whether a lesson's starter code changed.
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}
