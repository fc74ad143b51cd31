// The learner's progress for one lesson, kept in localStorage under a versioned key.

const SCHEMA = 1;

export class Progress {
  constructor(lessonId) {
    this.key = `gradlab:progress:${lessonId}`;
    this.data = this.load();
  }

  load() {
    try {
      const saved = JSON.parse(localStorage.getItem(this.key));
      if (saved && saved.schema === SCHEMA) return saved;
    } catch {
      // Unreadable progress must never break the lesson; start afresh.
    }
    return { schema: SCHEMA, code: {}, hints: {}, quiz: {} };
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify(this.data));
    } catch {
      // Storage full or disabled: the lesson keeps working, only unsaved.
    }
  }

  update(change) {
    change(this.data);
    this.save();
  }
}
