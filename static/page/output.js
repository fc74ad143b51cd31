// The Output log: learner output as text (never HTML), merged into few DOM nodes so that
// thousands of lines cost little.

// How near its end (in CSS pixels) the log counts as showing its newest line.
const AT_END_PX = 8;

export function renderOutput(log) {
  let last = null; // the span that the next piece of the same stream extends
  // The log keeps its newest line in view until the learner scrolls up to read something earlier, and
  // again once they scroll back to its end. Known from scroll events, so that appending never has to
  // ask for the page's layout; the log is scrolled once a frame, however many pieces arrived in it.
  let following = true;
  let placedAt = 0; // where the log last scrolled itself: a scroll event can come after more output did
  let scrollQueued = false;
  log.addEventListener("scroll", () => {
    following = log.scrollTop >= placedAt - 1 || log.scrollTop + log.clientHeight >= log.scrollHeight - AT_END_PX;
  }, { passive: true });

  function showNewest() {
    if (scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(() => {
      scrollQueued = false;
      if (!following) return;
      log.scrollTop = log.scrollHeight;
      placedAt = log.scrollTop;
    });
  }

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
      showNewest();
    },
    clear() {
      log.replaceChildren();
      last = null;
      following = true;
      placedAt = 0;
    },
  };
}
