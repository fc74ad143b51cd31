// A display formula wider than the screen scrolls sideways (see style.css). A mouse or a finger can
// scroll it; a keyboard can only if it takes focus. So a formula that overflows becomes focusable,
// and one that fits (the same formula on a wider screen) does not, to keep Tab for what needs it.
export function letWideFormulasScroll(root) {
  const formulas = [...root.querySelectorAll('math[display="block"]')];
  const mark = () => {
    for (const formula of formulas) {
      if (formula.scrollWidth > formula.clientWidth + 1) formula.setAttribute("tabindex", "0");
      else formula.removeAttribute("tabindex");
    }
  };
  if (!formulas.length) return;
  mark();
  const observer = new ResizeObserver(mark);
  for (const formula of formulas) observer.observe(formula);
}
