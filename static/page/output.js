// The Output log: learner output as text (never HTML), merged into few DOM nodes so that
// thousands of lines cost little.

export function renderOutput(log) {
  let last = null; // the span that the next piece of the same stream extends

  return {
    append(stream, text) {
      if (last?.dataset.stream === stream) {
        last.firstChild.appendData(text);
      } else {
        last = document.createElement("span");
        last.className = stream;
        last.dataset.stream = stream;
        last.append(document.createTextNode(text));
        log.append(last);
      }
      log.scrollTop = log.scrollHeight;
    },
    clear() {
      log.replaceChildren();
      last = null;
    },
  };
}
