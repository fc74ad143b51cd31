// The Build section's editor: CodeMirror 6 with Python, replacing the page's plain textarea (which
// stays the editor when JavaScript is off, and until this bundle arrives: editor-slot.js loads it).
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, Decoration } from "@codemirror/view";
import { EditorState, StateEffect, StateField, Prec } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory, undo } from "@codemirror/commands";
import { bracketMatching, indentOnInput, syntaxHighlighting, HighlightStyle, indentUnit } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { python } from "@codemirror/lang-python";

const setErrorLine = StateEffect.define();

// Colours come from CSS variables, so the editor follows the page's light or dark scheme.
const pythonColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword, tags.operatorKeyword], color: "var(--code-keyword)" },
  { tag: [tags.string, tags.docString], color: "var(--code-string)" },
  { tag: tags.comment, color: "var(--code-comment)", fontStyle: "italic" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--code-number)" },
  { tag: [tags.function(tags.definition(tags.variableName)), tags.definition(tags.className)], color: "var(--code-definition)" },
  { tag: tags.self, color: "var(--code-keyword)" },
]);

// One marked line at most: the line a traceback or a syntax error points at.
const errorLineField = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    if (transaction.docChanged) marks = Decoration.none;
    for (const effect of transaction.effects) {
      if (effect.is(setErrorLine)) {
        const line = effect.value && transaction.state.doc.lines >= effect.value ? transaction.state.doc.line(effect.value) : null;
        marks = line ? Decoration.set([Decoration.line({ class: "cm-error-line" }).range(line.from)]) : Decoration.none;
      }
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// In a shadow root, CodeMirror's styles go into a constructed style sheet rather than a <style>
// element, which the page's Content-Security-Policy (style-src 'self') would refuse. The look
// lives here for the same reason; the colours still come from the page's CSS variables.
const look = EditorView.theme({
  "&": { border: "1px solid var(--border)", borderRadius: "6px", background: "var(--surface)", color: "var(--text)", fontSize: "0.9rem" },
  "&:focus-within": { outline: "3px solid var(--focus)", outlineOffset: "2px" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.5" },
  ".cm-gutters": { background: "var(--surface)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine, .cm-activeLineGutter": { background: "rgba(127, 127, 127, 0.08)" },
  ".cm-error-line": { background: "rgba(220, 60, 30, 0.18)" },
  ".cm-content": { caretColor: "var(--text)", tabSize: "4" },
  ".cm-matchingBracket": { outline: "1px solid var(--muted)" },
});

// Leaving the editor by keyboard: inside it Tab indents, so Escape makes the next Tab move focus on,
// however long the learner takes (CodeMirror's own Escape lasts two seconds); any other key ends that.
const LEAVE_ON_NEXT_TAB_MS = 24 * 60 * 60 * 1000;
const leaveWithEscape = EditorView.domEventHandlers({
  keydown(event, view) {
    if (event.key !== "Escape") return false;
    view.setTabFocusMode(LEAVE_ON_NEXT_TAB_MS);
    return true;
  },
});
// The note that says so is the page's own paragraph under the textarea, kept invisible there so that
// its line is already taken when the editor arrives. It moves into the editor's shadow root, so that
// the editor's aria-describedby can name it.
const noteLook = `.editor-way-out { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.85rem; }`;

function wayOutNote(root, textarea) {
  const note = textarea.parentElement.querySelector(".editor-way-out");
  note.id = "editor-way-out";
  note.removeAttribute("aria-hidden");
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(noteLook);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return note;
}

export function createCodeEditor(textarea, { onRun, onCheck, onChange }) {
  // The learner may be typing in the textarea: CodeMirror takes over its text, caret and focus.
  const hadFocus = document.activeElement === textarea;
  const caret = { anchor: textarea.selectionStart, head: textarea.selectionEnd };
  if (textarea.selectionDirection === "backward") [caret.anchor, caret.head] = [caret.head, caret.anchor];
  const host = document.createElement("div");
  host.className = "code-editor-host";
  const root = host.attachShadow({ mode: "open" });
  const shortcuts = Prec.highest(keymap.of([
    { key: "Mod-Enter", run: () => (onRun(), true) },
    { key: "Shift-Enter", run: () => (onCheck(), true) },
  ]));
  const view = new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      doc: textarea.value,
      selection: caret,
      extensions: [
        shortcuts,
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        // No blinking caret for a learner who asked the system for less motion.
        drawSelection({ cursorBlinkRate: matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 1200 }),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(pythonColours),
        indentUnit.of("    "),
        // At any other tab size CodeMirror writes it into a style attribute, which the
        // Content-Security-Policy refuses; the theme shows tabs four wide instead.
        EditorState.tabSize.of(8),
        python(),
        errorLineField,
        look,
        // Long lines wrap and the editor grows with its code: nothing scrolls sideways on a phone.
        EditorView.lineWrapping,
        // indentWithTab keeps CodeMirror's escape hatch, which leaveWithEscape keeps open until used.
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        leaveWithEscape,
        EditorView.contentAttributes.of({
          "aria-label": "Code editor",
          "aria-describedby": "editor-way-out",
          autocorrect: "off",
          autocapitalize: "off",
          spellcheck: "false",
          translate: "no",
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  root.append(wayOutNote(root, textarea));
  textarea.hidden = true;
  textarea.after(host);
  if (hadFocus) view.focus();
  return {
    getCode: () => view.state.doc.toString(),
    // A step of its own in the editor's history, so one undo (Ctrl+Z) brings the old code back.
    setCode(code, why = "replace.reset") {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: code },
        annotations: isolateHistory.of("full"),
        userEvent: why,
      });
    },
    markErrorLine(line) {
      view.dispatch({ effects: setErrorLine.of(line || null) });
      if (line && line <= view.state.doc.lines) {
        view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(line).from, { y: "center" }) });
      }
    },
    undo: () => undo(view),
    focus: () => view.focus(),
  };
}
