// "Your progress": which sections are done, Start over, and progress as a file to keep or move.
// The sections, and when each counts as done, come from the course plan (lessons/course.toml).

export function setupProgressPanel(lesson, { progress }) {
  const sections = JSON.parse(document.getElementById("course-sections")?.textContent || "[]");
  const doneWhen = Object.fromEntries(sections.map((section) => [section.title, section.done]));
  const headings = [...lesson.querySelectorAll("h2")];
  const panel = document.createElement("section");
  panel.className = "progress-panel";
  panel.setAttribute("aria-labelledby", "progress-title");
  panel.innerHTML = `
    <h2 id="progress-title">Your progress</h2>
    <ul class="section-list"></ul>
    <p class="progress-help">Saved in this browser as you go. Export keeps a copy as a file; Import brings one back, here or on another device.</p>
    <div class="controls">
      <button type="button" data-action="start-over">Start over</button>
      <button type="button" data-action="export">Export progress</button>
      <button type="button" data-action="import">Import progress</button>
      <input type="file" accept="application/json,.json" hidden>
    </div>
    <div class="start-over-confirm" hidden>
      <p>Start over clears your code, hints, solutions and answers in this lesson.</p>
      <button type="button" data-action="start-over-confirm">Yes, start over</button>
      <button type="button" data-action="start-over-cancel">Cancel</button>
    </div>
    <p class="progress-message" role="status"></p>`;
  (lesson.querySelector(".progress-note") || lesson.lastElementChild).replaceWith(panel);
  const list = panel.querySelector(".section-list");
  const message = panel.querySelector(".progress-message");
  const fileInput = panel.querySelector('input[type="file"]');
  const button = (action) => panel.querySelector(`[data-action="${action}"]`);
  let parts = { exercises: [], quizzes: [] };

  // An exercises or quizzes section is done when every one of those in it is: not when one is, and
  // not by those of another section.
  function isDone(heading) {
    const title = heading.textContent.trim();
    if (doneWhen[title] === "exercises") {
      const ids = inSection(heading, ".exercise").map((root) => root.dataset.exercise);
      return ids.length > 0 && ids.every((id) => progress.data.exercises[id]?.passed === true);
    }
    if (doneWhen[title] === "quizzes") {
      const roots = inSection(heading, ".quiz");
      const quizzes = parts.quizzes.filter((quiz) => roots.includes(quiz.root));
      return quizzes.length > 0 && quizzes.length === roots.length && quizzes.every((quiz) => quiz.answeredRight());
    }
    return Boolean(progress.data.sections[title]);
  }

  function refresh() {
    list.replaceChildren(...headings.filter((h) => h !== panel.firstElementChild).map((heading) => {
      const item = document.createElement("li");
      const done = isDone(heading);
      item.textContent = `${heading.textContent.trim()}: ${done ? "done ✓" : "not yet"}`;
      item.classList.toggle("done", done);
      return item;
    }));
  }

  // A reading section is done when its last paragraph has been on screen.
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      progress.markSection(entry.target.dataset.sectionEnd);
      seen.unobserve(entry.target);
      refresh();
    }
  });
  for (const heading of headings) {
    const title = heading.textContent.trim();
    const end = lastElementOf(heading);
    if (doneWhen[title] === "read" && end) {
      end.dataset.sectionEnd = title;
      seen.observe(end);
    }
  }

  button("start-over").addEventListener("click", () => {
    panel.querySelector(".start-over-confirm").hidden = false;
    button("start-over-confirm").focus();
  });
  button("start-over-cancel").addEventListener("click", () => {
    panel.querySelector(".start-over-confirm").hidden = true;
    button("start-over").focus();
  });
  const elsewhere = { tab: " in another tab", device: " on another device" };
  function startOver({ here, from }) {
    for (const exercise of parts.exercises) exercise.startOver();
    if (here) progress.startOver();
    for (const quiz of parts.quizzes) quiz.restore();
    refresh();
    message.textContent = `Started over${elsewhere[from] || ""}. Your previous code can still be brought back with Undo in the editor.`;
  }

  button("start-over-confirm").addEventListener("click", () => {
    panel.querySelector(".start-over-confirm").hidden = true;
    startOver({ here: true });
  });
  // Another tab's or device's progress came in: a section done there is done here, and Start over there starts over here.
  progress.onChangesElsewhere(({ startedOver, from }) => (startedOver ? startOver({ here: false, from }) : refresh()));
  button("export").addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(progress.exportFile());
    link.download = `gradlab-progress-${progress.lessonId}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    message.textContent = "Progress exported as a file.";
  });
  button("import").addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    if (!file) return;
    try {
      progress.importText(await file.text());
      location.reload();
    } catch (error) {
      message.textContent = `That file could not be imported: ${error.message}. Your progress is unchanged.`;
    } finally {
      fileInput.value = "";
    }
  });

  return {
    refresh,
    connect(found) {
      parts = found;
      refresh();
    },
  };
}

// The elements matching selector between heading and the next h2.
function inSection(heading, selector) {
  const found = [];
  for (let node = heading.nextElementSibling; node && node.tagName !== "H2"; node = node.nextElementSibling) {
    found.push(...(node.matches(selector) ? [node] : node.querySelectorAll(selector)));
  }
  return found;
}

function lastElementOf(heading) {
  let last = null;
  for (let node = heading.nextElementSibling; node && node.tagName !== "H2"; node = node.nextElementSibling) last = node;
  return last;
}
