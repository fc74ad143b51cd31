// Run and Check begun as the button is pressed, and shown once the press ends on it (its click). A mouse
// button, a finger or the space bar stays down about a tenth of a second, time in which most Checks end:
// the verdict then shows as the press ends. Nothing is shown before the click, and a press that ends
// anywhere else is let go: its run is stopped and its outcome dropped, as if never begun (WCAG 2.5.2,
// pointer cancellation). Enter clicks as it goes down: nothing to begin sooner.

/** For the buttons of one exercise (kind → button): canStart(kind) says whether a run asked now would begin
 *  at once; begin(kind, onOutput) begins one out of sight, as { code, outcome: a promise }; stop() stops
 *  the run under way. The click's handler then asks take(kind, code, onOutput) for the outcome. */
export function pressStart(buttons, { canStart, begin, stop }) {
  let early = null; // { kind, code, outcome, held: [[stream, text]], sink, settled }
  let letGoing = Promise.resolve(); // the last run let go, until it has ended

  for (const [kind, button] of Object.entries(buttons)) {
    button.addEventListener("pointerdown", (down) => {
      if (!down.isPrimary || down.button !== 0) return;
      const same = (event) => event.pointerId === down.pointerId; // not another finger's
      press(kind, button, [[window, "pointerup", same], [window, "pointercancel", same]]);
    });
    // The space bar clicks as it comes up, on the button that still has the focus.
    button.addEventListener("keydown", (down) => {
      if (down.key !== " " || down.repeat) return;
      press(kind, button, [[window, "keyup", (event) => event.key === " "], [button, "blur"]]);
    });
  }

  // ends: [target, event type, which of its events count (all if left out)], any of which ends the press.
  // The click comes in the same round of events as the one that ends the press on the button, so by the
  // next task a press still untaken ended elsewhere.
  function press(kind, button, ends) {
    if (button.disabled || early || !canStart(kind)) return;
    const pressed = { kind, held: [], sink: null, settled: false };
    const { code, outcome } = begin(kind, (stream, text) => {
      if (pressed.sink) pressed.sink(stream, text);
      else pressed.held.push([stream, text]);
    });
    pressed.code = code;
    pressed.outcome = outcome.finally(() => { pressed.settled = true; });
    early = pressed;
    const unlisten = ends.map(([target, type, counts = () => true]) => {
      const listener = (event) => { if (counts(event)) ended(); };
      target.addEventListener(type, listener, true);
      return () => target.removeEventListener(type, listener, true);
    });
    function ended() {
      for (const remove of unlisten) remove();
      setTimeout(() => { if (early === pressed) letGo(); }, 0);
    }
  }

  function letGo() {
    const dropped = early;
    early = null;
    if (!dropped) return;
    if (!dropped.settled) stop();
    letGoing = dropped.outcome.then(() => {}, () => {});
  }

  return {
    /** The outcome of the run begun at the press, if it was of this kind on this very code, its output so
     *  far given to onOutput and the rest as it comes; else null, with any other begun run let go. */
    take(kind, code, onOutput) {
      if (!early) return null;
      if (early.kind !== kind || early.code !== code) {
        letGo();
        return null;
      }
      const taken = early;
      early = null;
      for (const [stream, text] of taken.held) onOutput(stream, text);
      taken.sink = onOutput;
      return taken.outcome;
    },

    /** Resolves once a run let go has ended: a new one would otherwise wait behind it, or lose its Stop. */
    letGone() {
      return letGoing;
    },
  };
}
