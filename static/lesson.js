// The lesson page's script: the only code that touches the DOM. Python runs in a worker
// (python-worker.js) that boots once the page is idle, so reading never waits for it.
import { PythonRuntime } from "./python-runtime.js";
import { Progress } from "./progress.js";
import { setupExercise } from "./exercise.js";
import { setupQuiz } from "./quiz.js";

const script = document.querySelector("script[data-worker]");
const lesson = document.querySelector("[data-lesson-id]");
const progress = new Progress(lesson.dataset.lessonId);
const statusLines = [...document.querySelectorAll(".python-status")];
const retryButtons = [...document.querySelectorAll(".python-retry")];

const runtime = new PythonRuntime({
  workerUrl: script.dataset.worker,
  engineWheelUrl: script.dataset.engineWheel,
  onStatus: (state, message) => {
    for (const line of statusLines) {
      line.textContent = message;
      line.dataset.state = state;
    }
    for (const button of retryButtons) button.hidden = state !== "error";
  },
});
for (const button of retryButtons) button.addEventListener("click", () => runtime.restart());

for (const root of document.querySelectorAll(".exercise")) setupExercise(root, { runtime, progress });
for (const root of document.querySelectorAll(".quiz")) setupQuiz(root, { progress });

if (document.querySelector(".exercise")) {
  const whenIdle = self.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  whenIdle(() => runtime.start(), { timeout: 1000 });
}
