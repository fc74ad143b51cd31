// A concept card's Test yourself: the lesson's quiz behaviour, with the answers kept under the
// card's own key (gradlab:progress:concept:<slug>). Each pick is stamped as a lesson's quiz pick
// is (nextStamp) and every save merges with what storage holds, so that answers picked in
// another tab or on another device (through sync) are merged in, never overwritten, and shown.
import { setupQuiz } from "./quiz.js";
import { canonical, mergeDocument, nextStamp } from "./progress-merge.js";
import { serviceNow } from "./server-clock.js";
import { RECORD_SCHEMA, loadRecord, onRecordsChangedElsewhere, saveRecord, storedRecord } from "./saved-record.js";
import { cardDocumentId } from "./storage-keys.js";

export function cardAnswers(slug, { onProblem }) {
  const id = cardDocumentId(slug);
  const empty = () => ({ schema: RECORD_SCHEMA, concept: slug, quizzes: {}, quizTimes: {} });
  const listeners = [];
  let data = loadRecord(id, { empty, onProblem });


  onRecordsChangedElsewhere(() => {
    const held = storedRecord(id);
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
      data = mergeDocument(id, storedRecord(id), data);
      saveRecord(id, data, { onProblem });
    },
    onChangesElsewhere: (listener) => listeners.push(listener),
  };
}

export function setupConceptCard(card, { onProblem }) {
  const progress = cardAnswers(card.dataset.concept, { onProblem });
  for (const root of card.querySelectorAll(".quiz")) setupQuiz(root, { progress });
}
