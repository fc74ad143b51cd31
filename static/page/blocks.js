// Starts the lesson's blocks: each element marked data-block="NAME" is handed to the page module
// the build registered under NAME (gradlab/blocks, BLOCK_KINDS: the one list), which exports
// start(element, page) → a handle (or a promise of one, for a module that loads more first), and
// usesPython = true if it needs the page's Python. Each block starts on its own: one that fails, at
// once or later, is reported where it is and the others still start.

export function startBlocks(container, modules, page, { onFailure }) {
  const started = {};
  let usesPython = false;
  // What a block still loads when the learner leaves the page is cut off as the navigation starts (before
  // pagehide): not a failure of the block. Nothing here ever asks to stay, so a started leave goes on.
  let leaving = false;
  addEventListener("beforeunload", () => {
    leaving = true;
  });
  addEventListener("pageshow", () => {
    leaving = false; // back from the browser's cache of pages
  });
  for (const element of container.querySelectorAll("[data-block]")) {
    const name = element.dataset.block;
    const module = modules[name];
    if (!module) continue; // a kind with nothing to run on the page
    const failed = (error) => {
      if (leaving) return;
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
