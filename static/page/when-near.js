// The learner coming to a part of the page: it scrolls to within a screen of it, or focuses or touches
// something inside it. What a part needs only once the learner is there (the code editor, the
// interpreters that check) starts then, not while they read what comes before.

const AHEAD = "100% 0px"; // one screen

// Call then() each time the learner comes near element, until the returned function is called.
export function whenNear(element, then) {
  const near = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) then();
  }, { rootMargin: AHEAD });
  near.observe(element);
  element.addEventListener("focusin", then);
  element.addEventListener("pointerdown", then);
  return () => {
    near.disconnect();
    element.removeEventListener("focusin", then);
    element.removeEventListener("pointerdown", then);
  };
}
