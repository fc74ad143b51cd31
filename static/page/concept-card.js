// A concept card's Test yourself: the lesson's quiz behaviour, with the answers kept under the
// card's own key (gradlab:progress:concept:<slug>). Each pick is stamped as a lesson's quiz pick
// is (nextStamp) and every save merges with what storage holds, so that answers picked in
// another tab or on another device (through sync) are merged in, never overwritten, and shown.
import { setupQuiz } from "./quiz.js";
import { canonical, mergeDocument, nextStamp } from "./progress-merge.js";
import { serviceNow } from "./server-clock.js";
import { RECORD_SCHEMA, loadRecord, onRecordsChangedElsewhere, peekRecord, saveRecord } from "./saved-record.js";
import { cardDocumentId, progressKey } from "./storage-keys.js";

export function cardAnswers(slug, { onProblem }) {
  const id = cardDocumentId(slug);
  const key = progressKey(id);
  const empty = () => ({ schema: RECORD_SCHEMA, concept: slug, quizzes: {}, quizTimes: {} });
  const isValid = (record) => record.concept === slug && record.quizzes && typeof record.quizzes === "object";
  const listeners = [];
  let data = loadRecord(key, { empty, isValid, onProblem });

  // What storage holds now, if it is this card's record; else null.
  function stored() {
    const record = peekRecord(key);
    return record?.schema === RECORD_SCHEMA && isValid(record) ? record : null;
  }

  onRecordsChangedElsewhere(() => {
    const held = stored();
    if (!held) return;
    const merged = mergeDocument(id, held, data);
    if (canonical(merged) === canonical(data)) return;
    data = merged;
    for (const listener of listeners) listener();
  });

  return {
    quizPicks: (quiz) => (Array.isArray(data.quizzes[quiz]) ? data.quizzes[quiz] : []),
    saveQuizPicks(quiz, picks) {
      const at = nextStamp(data, serviceNow());
      data = { ...data, quizzes: { ...data.quizzes, [quiz]: picks }, quizTimes: { ...data.quizTimes, [quiz]: at } };
      data = mergeDocument(id, stored(), data);
      saveRecord(key, data, { onProblem });
    },
    onChangesElsewhere: (listener) => listeners.push(listener),
  };
}

export function setupConceptCard(card, { onProblem }) {
  const progress = cardAnswers(card.dataset.concept, { onProblem });
  for (const root of card.querySelectorAll(".quiz")) setupQuiz(root, { progress });
}
