// Starts the lesson's blocks: each element marked data-block="NAME" is handed to the page module
// the build registered under NAME (gradlab/blocks, BLOCK_KINDS: the one list), which exports
// start(element, page) → a handle (or a promise of one, for a module that loads more first), and
// usesPython = true if it needs the page's Python. Each block starts on its own: one that fails, at
// once or later, is reported where it is and the others still start.

// Long enough for a slow server to answer the next page's request; a page still here after it stayed.
const LEAVE_GRACE_MS = 5000;

export function startBlocks(container, modules, page, { onFailure }) {
  const started = {};
  let usesPython = false;
  // What a block still loads when the learner leaves the page is cut off as the navigation starts (before
  // pagehide): not a failure of the block, so a failure while leaving is held. A leave that never
  // happens (a link that turns out to be a download, or back from the browser's cache of pages) lets
  // what was held be reported after all: that block did not start.
  let leaving = null; // the timer that ends a leave still here after LEAVE_GRACE_MS
  const held = [];
  const stayed = () => {
    clearTimeout(leaving);
    leaving = null;
    for (const report of held.splice(0)) report();
  };
  addEventListener("beforeunload", () => {
    clearTimeout(leaving);
    leaving = setTimeout(stayed, LEAVE_GRACE_MS);
  });
  addEventListener("pageshow", stayed);
  for (const element of container.querySelectorAll("[data-block]")) {
    const name = element.dataset.block;
    const module = modules[name];
    if (!module) continue; // a kind with nothing to run on the page
    const failed = (error) => {
      if (leaving !== null) {
        held.push(() => failed(error));
        return;
      }
      element.dataset.blockFailed = "true";
      console.error(`the ${name} block could not start`, error);
      onFailure(name, error);
    };
    try {
      const handle = module.start(element, page);
      if (handle instanceof Promise) handle.catch(failed);
      (started[name] ??= []).push(handle);
      usesPython ||= Boolean(module.usesPython);
    } catch (error) {
      failed(error);
    }
  }
  return { started, usesPython };
}
