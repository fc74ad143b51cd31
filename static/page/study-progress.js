// Module pages and the index show the learner's progress on each lesson, card and test. They only
// read what the lesson, card and test pages saved; nothing here writes.
import { peekRecord } from "./saved-record.js";
import { cardDocumentId, testDocumentId } from "./storage-keys.js";

const object = (value) => (value && typeof value === "object" ? value : {});

// "done", "started" or "not started", from a lesson's or card's saved record (the build names the
// lesson's id or the card's slug). quizzes maps each quiz to its right option; done means every
// exercise passed and every quiz answered right.
export function studyState({ lesson, card, exercises, quizzes }) {
  const saved = peekRecord(card ? cardDocumentId(card) : lesson);
  if (!saved) return "not started";
  const passed = object(saved.exercises);
  const picks = (id) => (Array.isArray(object(saved.quizzes)[id]) ? saved.quizzes[id] : []);
  const parts = exercises.length + Object.keys(quizzes).length;
  const done = parts > 0 && exercises.every((id) => object(passed[id]).passed === true)
    && Object.entries(quizzes).every(([id, right]) => picks(id).includes(right));
  if (done) return "done";
  const started = Object.values(passed).some((e) => object(e).passed || typeof object(e).code === "string")
    || Object.keys(object(saved.quizzes)).some((id) => picks(id).length > 0)
    || Object.values(object(saved.sections)).some(Boolean);
  return started ? "started" : "not started";
}

function testState(module) {
  const saved = object(peekRecord(testDocumentId(module)));
  if (!Number.isInteger(saved.attempts) || saved.attempts < 1) return ["not started", "not taken yet"];
  const best = `best ${saved.best} of ${saved.total}`;
  return saved.passed ? ["done", `passed, ${best}`] : ["started", `not passed yet, ${best}`];
}

export function showStudyProgress(page) {
  for (const status of page.querySelectorAll("[data-progress]")) {
    let state = "not started";
    try { state = studyState(JSON.parse(status.dataset.progress)); } catch { /* shown as not started */ }
    status.textContent = `(${state})`;
    status.dataset.state = state;
  }
  for (const status of page.querySelectorAll("[data-test-progress]")) {
    const [state, text] = testState(status.dataset.testProgress);
    status.textContent = `(${text})`;
    status.dataset.state = state;
  }
  showCourseFront(page);
  // "Study this module" leads to the first lesson or card not done yet.
  const study = page.querySelector(".study-link:not(.continue-link)");
  const next = [...page.querySelectorAll(".study-list li")]
    .find((item) => item.querySelector("[data-state]") && item.querySelector("[data-state]").dataset.state !== "done");
  if (study && next?.querySelector("a[href]")) study.href = next.querySelector("a[href]").href;
}

const PART_STATES = { done: "built", started: "in progress", "not started": "not built yet" };

// The index's front: each part of the model lit once every one of its lessons is done, how many
// lessons are done, and "Continue" to the first written lesson, in reading order, not done yet.
function showCourseFront(page) {
  for (const part of page.querySelectorAll("[data-part]")) {
    let states = [];
    try { states = JSON.parse(part.dataset.part).map((record) => (record ? studyState(record) : "not started")); } catch { /* not built */ }
    const state = states.length && states.every((s) => s === "done") ? "done"
      : states.some((s) => s !== "not started") ? "started" : "not started";
    part.dataset.state = state;
    const shown = part.querySelector(".part-state");
    shown.textContent = `(${PART_STATES[state]})`;
    shown.dataset.state = state;
  }
  const progress = page.querySelector(".course-progress");
  const link = page.querySelector(".continue-link");
  if (!progress || !link) return;
  const lessons = [...page.querySelectorAll(".lesson-list li")].filter((item) => item.querySelector("a[href] + [data-state]"));
  const done = lessons.filter((item) => item.querySelector("[data-state]").dataset.state === "done");
  const planned = page.querySelectorAll(".lesson-list li").length;
  progress.textContent = `You have done ${done.length} of the ${lessons.length} lessons written so far`
    + (planned > lessons.length ? ` (${planned - lessons.length} more are coming soon).` : ".");
  const next = lessons.find((item) => !done.includes(item));
  if (!next) {
    link.parentElement.hidden = true;
    return;
  }
  const anchor = next.querySelector("a[href]");
  link.setAttribute("href", anchor.getAttribute("href"));
  const started = lessons.some((item) => item.querySelector("[data-state]").dataset.state !== "not started");
  link.textContent = `${started ? "Continue with" : "Start with"} ${anchor.textContent}`;
}
