// The module test: shuffled options on every attempt, all graded at once by Submit answers, then
// every question shows its right answer and every option's explanation. Best score and attempts
// are kept under gradlab:progress:module-test:<module>, and synced: attempts are counted per device
// (this browser's id, gradlab:device) so that attempts made on two devices add up, and a record
// changed in another tab or on another device is merged in and shown (progress-merge.js).
import { attemptCounts, canonical, mergeDocument, nextStamp } from "./progress-merge.js";
import { serviceNow } from "./server-clock.js";
import { RECORD_SCHEMA, loadRecord, onRecordsChangedElsewhere, saveRecord, storedRecord } from "./saved-record.js";
import { DEVICE_KEY, testDocumentId } from "./storage-keys.js";

// This browser's id among the learner's devices: random, made once; not a secret.
function deviceId() {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return "this-browser"; // storage disabled: nothing is kept or synced anyway
  }
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export function setupModuleTest(root, { onProblem }) {
  const module = root.dataset.moduleTest;
  const id = testDocumentId(module);
  const questions = [...root.querySelectorAll(".test-question")];
  const total = questions.length;
  const passCount = Number(root.dataset.passCount);
  const score = root.querySelector(".test-score");
  const recordLine = root.querySelector(".test-record");
  const submit = root.querySelector('[data-action="submit"]');
  const retry = root.querySelector('[data-action="retry"]');
  const empty = () => ({ schema: RECORD_SCHEMA, test: module, attempts: 0, best: 0, total, passed: false });
  let record = loadRecord(id, { empty, onProblem });
  if (record.total !== total) record = empty(); // the test changed: an old best no longer compares

  // What storage holds now, if it is this test's record as it is now; else null.
  function stored() {
    const held = storedRecord(id);
    return held?.total === total ? held : null;
  }

  onRecordsChangedElsewhere(() => {
    const held = stored();
    if (!held) return;
    const merged = mergeDocument(id, held, record);
    if (canonical(merged) === canonical(record)) return;
    record = merged;
    showRecord();
  });

  const passMark = `Pass mark: ${passCount} of ${total} (${root.dataset.passPercent}%).`;
  const best = () => `Best so far: ${record.best} of ${total}, after ${record.attempts} attempt${record.attempts === 1 ? "" : "s"}.`;

  function showRecord() {
    recordLine.hidden = record.attempts === 0;
    recordLine.textContent = `${best()} ${record.passed ? "You have passed this test." : ""}`.trim();
  }

  function startAttempt() {
    for (const question of questions) {
      const list = question.querySelector(".test-options");
      list.append(...shuffle([...list.children]));
      for (const input of question.querySelectorAll("input")) {
        input.checked = false;
        input.disabled = false;
      }
      for (const explanation of question.querySelectorAll(".explanation")) explanation.hidden = true;
      question.querySelector(".question-verdict").hidden = true;
      question.classList.remove("graded");
    }
    submit.hidden = false;
    retry.hidden = true;
    score.textContent = "";
  }

  function grade() {
    let right = 0;
    for (const question of questions) {
      const picked = question.querySelector("input:checked");
      const correct = Boolean(picked?.closest("[data-right]"));
      right += correct;
      for (const explanation of question.querySelectorAll(".explanation")) explanation.hidden = false;
      for (const input of question.querySelectorAll("input")) input.disabled = true;
      const verdict = question.querySelector(".question-verdict");
      verdict.textContent = correct ? "Right." : `${picked ? "Wrong" : "Not answered"}: the right answer is the one in bold.`;
      verdict.dataset.correct = String(correct);
      verdict.hidden = false;
      question.classList.add("graded");
    }
    const device = deviceId();
    const attemptsBy = { ...attemptCounts(record) };
    attemptsBy[device] = (attemptsBy[device] || 0) + 1;
    record = { ...record, attemptsBy, attempts: record.attempts + 1, best: Math.max(record.best, right), total,
               passed: record.passed || right >= passCount, at: nextStamp(record, serviceNow()) };
    record = mergeDocument(id, stored(), record);
    saveRecord(id, record, { onProblem });
    const outcome = right >= passCount ? "Passed." : "Not passed yet.";
    score.textContent = `${right} of ${total} right. ${passMark} ${outcome} ${best()}`;
    showRecord();
    submit.hidden = true;
    retry.hidden = false;
    retry.focus();
  }

  submit.addEventListener("click", grade);
  retry.addEventListener("click", () => {
    startAttempt();
    questions[0]?.querySelector("input")?.focus();
  });
  showRecord();
  startAttempt();
}
