// Check yourself: picking an option reveals its own explanation, right or wrong; the learner
// may pick again. Native radios give the keyboard and screen-reader behaviour of a radiogroup.

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
