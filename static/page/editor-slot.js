// The Build section's editor as the page's other modules see it: the page's plain textarea at first,
// CodeMirror (code-editor.js, a bundle of its own and most of the page's JavaScript) once the learner
// comes near it. The textarea is a working editor meanwhile: its code is readable and selectable,
// what is typed into it is saved, and CodeMirror starts from its text, selection and focus, so
// nothing typed while CodeMirror arrives is lost. If CodeMirror cannot load, the textarea stays.
import { moduleLoader } from "./module-loader.js";
import { whenNear } from "./when-near.js";

export function editorSlot(textarea, { url, onRun, onCheck, onChange }) {
  let codeMirror = null;
  let loading = null;
  const importEditor = moduleLoader(url);
  let errorLine = null; // shown once CodeMirror is there: the textarea cannot mark a line
  let beforeReplace = null; // the textarea's one step of undo, for "Undo reset"
  const root = textarea.closest("[data-block]") || textarea.parentElement;

  const fitRows = () => { textarea.rows = Math.max(1, textarea.value.split("\n").length); };
  fitRows();
  const typed = () => {
    fitRows();
    errorLine = null;
    onChange(textarea.value);
  };
  textarea.addEventListener("input", typed);
  // The keys CodeMirror gives, so that they work the same before it arrives.
  textarea.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const run = (event.ctrlKey || event.metaKey) && !event.shiftKey;
    if (!run && !(event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey)) return;
    event.preventDefault();
    (run ? onRun : onCheck)();
  });

  // Which editor the learner has: "plain", "loading" (CodeMirror on its way) or "codemirror" (tests read it).
  const shows = (editor) => { textarea.dataset.editor = editor; };
  shows("plain");

  function load() {
    if (!loading) shows("loading");
    loading ??= importEditor().then(
      ({ createCodeEditor }) => {
        textarea.removeEventListener("input", typed);
        codeMirror = createCodeEditor(textarea, { onRun, onCheck, onChange });
        if (errorLine) codeMirror.markErrorLine(errorLine);
        stopWatching();
        shows("codemirror");
      },
      (error) => {
        console.warn("the code editor could not load; the plain one stays", error);
        loading = null; // tried again the next time the learner comes near
        shows("plain");
      },
    );
  }

  const stopWatching = whenNear(root, load);

  return {
    getCode: () => (codeMirror ? codeMirror.getCode() : textarea.value),
    // Replaces all the code as one step that a single undo takes back; why names the edit.
    setCode(code, why) {
      if (codeMirror) return codeMirror.setCode(code, why);
      beforeReplace = textarea.value;
      textarea.value = code;
      typed();
    },
    undo() {
      if (codeMirror) return codeMirror.undo();
      if (beforeReplace === null) return;
      textarea.value = beforeReplace;
      beforeReplace = null;
      typed();
    },
    markErrorLine(line) {
      if (!line && !errorLine) return; // nothing marked: CodeMirror is left alone (every Run and Check clears it)
      errorLine = line || null;
      codeMirror?.markErrorLine(line);
    },
    focus: () => (codeMirror ? codeMirror.focus() : textarea.focus()),
  };
}
