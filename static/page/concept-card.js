// A concept card's Test yourself: the lesson's quiz behaviour, with the answers kept under the
// card's own key (gradlab:progress:concept:<slug>).
import { setupQuiz } from "./quiz.js";
import { RECORD_SCHEMA, loadRecord, saveRecord } from "./saved-record.js";

export function cardAnswers(slug, { onProblem }) {
  const key = `gradlab:progress:concept:${slug}`;
  const empty = () => ({ schema: RECORD_SCHEMA, concept: slug, quizzes: {} });
  const isValid = (data) => data.concept === slug && data.quizzes && typeof data.quizzes === "object";
  const data = loadRecord(key, { empty, isValid, onProblem });
  return {
    quizPicks: (id) => (Array.isArray(data.quizzes[id]) ? data.quizzes[id] : []),
    saveQuizPicks(id, picks) {
      data.quizzes[id] = picks;
      saveRecord(key, data, { onProblem });
    },
  };
}

export function setupConceptCard(card, { onProblem }) {
  const progress = cardAnswers(card.dataset.concept, { onProblem });
  for (const root of card.querySelectorAll(".quiz")) setupQuiz(root, { progress });
}
