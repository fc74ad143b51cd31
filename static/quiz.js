// Check yourself: picking an option reveals its own explanation; the learner may pick again.

export function setupQuiz(root, { progress }) {
  const id = root.dataset.quiz;
  const options = [...root.querySelectorAll(".option")];
  const feedback = root.querySelector(".quiz-feedback");

  function reveal(index, announce) {
    const explanation = options[index].querySelector(".explanation");
    explanation.hidden = false;
    options[index].classList.add("picked");
    if (announce) feedback.textContent = explanation.textContent;
  }

  const picked = progress.data.quiz[id] || [];
  picked.forEach((index) => reveal(index, false));
  if (picked.length) options[picked.at(-1)].querySelector("input").checked = true;

  root.addEventListener("change", (event) => {
    const index = Number(event.target.value);
    reveal(index, true);
    progress.update((p) => {
      const seen = (p.quiz[id] || []).filter((i) => i !== index);
      p.quiz[id] = [...seen, index];
    });
  });
}
