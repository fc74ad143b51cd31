// Run and Check begun as the button is pressed, and shown once the press ends on it (its click). A mouse
// button, a finger or the space bar stays down about a tenth of a second, time in which most Checks end:
// the verdict then shows as the press ends. Nothing is shown before the click, and a press that ends
// anywhere else is let go: its run is stopped and its outcome dropped, as if never begun (WCAG 2.5.2,
// pointer cancellation). Enter clicks as it goes down: nothing to begin sooner.
//
// A Check is also begun ahead, as the learner pauses in their code: most have ended by the time the pointer
// reaches Check, and its click then shows the verdict at once. Begun ahead, it is let go as the code changes,
// or if it has not ended within AHEAD_FOR_AT_MOST_MS (code caught mid-edit in a loop is not left to run on:
// the click checks it afresh, under the exercise's own time limit).

// Long enough that a Check under way when the learner reaches Check is taken rather than begun again; short
// enough that a loop begun ahead stops soon.
const AHEAD_FOR_AT_MOST_MS = 2000;

/** For the buttons of one exercise (kind → button): canStart(kind) says whether a run asked now would begin
 *  at once; begin(kind, onOutput) begins one out of sight, as { code, outcome: a promise }; stop() stops
 *  the run under way. The click's handler then asks take(kind, code, onOutput) for the outcome. */
export function pressStart(buttons, { canStart, begin, stop }) {
  let early = null; // { kind, code, outcome, held: [[stream, text]], sink, settled, stopped, ahead }
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
    if (early?.ahead && early.settled && early.kind !== kind) letGo(); // a verdict ready, but Run pressed
    if (button.disabled || early || !canStart(kind)) return;
    const pressed = beginHeld(kind);
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

  // A run begun out of sight, its output held until a click takes it.
  function beginHeld(kind, ahead = false) {
    const run = { kind, held: [], sink: null, settled: false, ahead };
    const { code, outcome } = begin(kind, (stream, text) => {
      if (run.sink) run.sink(stream, text);
      else run.held.push([stream, text]);
    });
    run.code = code;
    run.outcome = outcome.finally(() => { run.settled = true; });
    run.outcome.then((result) => { run.stopped = result?.kind === "stopped"; }, () => {});
    early = run;
    return run;
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
     *  far given to onOutput and the rest as it comes; else null, with any other begun run let go. A Check
     *  begun ahead that was stopped (by its time limit, say) is not taken: the learner sees it run afresh. */
    take(kind, code, onOutput) {
      if (!early) return null;
      if (early.kind !== kind || early.code !== code || (early.ahead && early.stopped)) {
        letGo();
        return null;
      }
      const taken = early;
      early = null;
      for (const [stream, text] of taken.held) onOutput(stream, text);
      taken.sink = onOutput;
      return taken.outcome;
    },

    /** Begin a run of kind on the code as it is, as the learner pauses in it (see above); false if it
     *  could not begin at once (Python busy or not ready), true if it did, or a run is held already. */
    ahead(kind) {
      if (early) return true;
      if (!canStart(kind)) return false;
      const begun = beginHeld(kind, true);
      setTimeout(() => { if (early === begun && !begun.settled) letGo(); }, AHEAD_FOR_AT_MOST_MS);
      return true;
    },

    /** The learner changed the code: a run begun ahead on what it was is let go. */
    changed(code) {
      if (early?.ahead && early.code !== code) letGo();
    },

    /** Resolves once a run let go has ended: a new one would otherwise wait behind it, or lose its Stop. */
    letGone() {
      return letGoing;
    },
  };
}
