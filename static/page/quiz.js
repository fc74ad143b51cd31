// Check yourself: picking an option reveals its own explanation, right or wrong; the learner
// may pick again. Native radios give the screen-reader behaviour of a radiogroup; the arrow keys
// only move among the options (a radiogroup's arrows would pick each one in turn, answering the
// question before the learner has read the rest): Space, or a click, picks.
const ARROW_STEPS = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

// The quiz's page module (static/page/blocks.js starts it).
export function start(element, page) {
  return setupQuiz(element, { progress: page.progress, onChange: page.onChange });
}

export function setupQuiz(root, { progress, onChange }) {
  const id = root.dataset.quiz;
  const options = [...root.querySelectorAll(".option")];
  const feedback = root.querySelector(".quiz-feedback");

  function reveal(index, announce) {
    const explanation = options[index].querySelector(".explanation");
    explanation.hidden = false;
    options[index].classList.add("picked");
    if (announce) feedback.textContent = explanation.textContent;
  }

  function restore() {
    const picks = progress.quizPicks(id);
    options.forEach((option) => {
      option.classList.remove("picked");
      option.querySelector(".explanation").hidden = true;
      option.querySelector("input").checked = false;
    });
    picks.forEach((index) => reveal(index, false));
    if (picks.length) options[picks.at(-1)].querySelector("input").checked = true;
  }

  root.addEventListener("keydown", (event) => {
    const step = ARROW_STEPS[event.key];
    const radios = options.map((option) => option.querySelector("input"));
    const at = radios.indexOf(event.target);
    if (!step || at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    radios[(at + step + radios.length) % radios.length].focus();
  });

  restore();
  progress.onChangesElsewhere?.(restore); // an answer picked in another tab or device shows here too (lesson progress hears them)
  root.addEventListener("change", (event) => {
    const index = Number(event.target.value);
    reveal(index, true);
    progress.saveQuizPicks(id, [...progress.quizPicks(id).filter((i) => i !== index), index]);
    onChange?.();
  });

  return {
    root,
    answeredRight: () => progress.quizPicks(id).some((index) => options[index]?.querySelector(".explanation.right")),
    restore,
  };
}
