// An exercise's code when the lesson is open in several tabs, or (through sync) on several
// devices: code written elsewhere on top of what this tab shows replaces it here; code written at
// the same time as this tab's own (one of the two was kept as a draft) is offered instead, and the
// learner chooses.
import { cameFromOtherDevice } from "./synced-versions.js";

export function keepCodeInStep(root, { progress, editor }) {
  const id = root.dataset.exercise;
  const starter = root.querySelector("textarea.code-editor").defaultValue;
  const notice = document.createElement("div");
  notice.className = "exercise-notice";
  notice.setAttribute("role", "status");
  notice.hidden = true;
  root.querySelector(".exercise-notice").after(notice);

  const editorCode = () => editor.getCode();
  // Its own step in the editor's history, so Ctrl+Z brings back what the editor showed before.
  const putInEditor = (code) => editor.setCode(code, "input.other-tab");

  // The version to offer beside the editor's if the tabs' edits crossed; undefined if there is none
  // and the editor should simply follow what is stored.
  function otherVersion() {
    const stored = progress.exercise(id);
    const shown = progress.shownVersion(id);
    const drafts = stored.drafts || [];
    // The same version: the same time and the same code (two edits at one moment share the time).
    if ((stored.edited || 0) === shown && (stored.code ?? starter) === (progress.shownCode(id) ?? starter)) return drafts.at(-1) || null;
    // Kept as a draft, never saved, or typed but not yet saved: this tab's code is its own to keep.
    const mineIsOwn = drafts.some((draft) => draft.edited === shown) || progress.unsaved
      || editorCode() !== (progress.shownCode(id) ?? starter);
    if (!mineIsOwn) return undefined;
    return { code: stored.code ?? starter, edited: stored.edited || 0 };
  }

  function reconcile() {
    const other = otherVersion();
    if (other === undefined) {
      // The other tab built on what this one shows (or the learner chose, or started over): follow it.
      const code = progress.showStoredCode(id) ?? starter;
      if (code !== editorCode()) putInEditor(code);
      notice.hidden = true;
      return;
    }
    if (!other || other.code === editorCode()) {
      notice.hidden = true;
      return;
    }
    offer(other);
  }

  function offer(other) {
    const load = () => {
      progress.settleCode(id, { code: other.code, starter, basedOn: other.edited, basedOnCode: other.code });
      putInEditor(other.code);
    };
    const keep = () => progress.settleCode(id, { code: editorCode(), starter, basedOn: progress.shownVersion(id), basedOnCode: progress.shownCode(id) });
    const shown = progress.shownVersion(id);
    const age = (edited, than) => (edited > than ? "newer" : "older");
    const editorShowsOtherDevice = cameFromOtherDevice(progress.lessonId, id, shown)
      && editorCode() === (progress.shownCode(id) ?? starter);
    if (cameFromOtherDevice(progress.lessonId, id, other.edited)) {
      notice.replaceChildren(`Your other device has ${age(other.edited, shown)} code for this exercise: use it, or keep mine. `,
        choice("Use it", load), " ", choice("Keep mine", keep));
    } else if (editorShowsOtherDevice) {
      // After a reload the editor shows the newest code, which came from the other device; this one's is offered.
      notice.replaceChildren(`Your other device's ${age(shown, other.edited)} code for this exercise is in the editor: keep it, or use mine. `,
        choice("Keep it", keep), " ", choice("Use mine", load));
    } else {
      notice.replaceChildren("This exercise was edited in another tab: load that version, or keep this one. ",
        choice("Load that version", load), " ", choice("Keep this one", keep));
    }
    notice.hidden = false;
  }

  function choice(label, run) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", () => {
      run();
      notice.hidden = true;
      notice.replaceChildren();
    });
    return button;
  }

  reconcile();
  progress.onChangesElsewhere(reconcile);
}
