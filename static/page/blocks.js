// Starts the lesson's blocks: each element marked data-block="NAME" is handed to the page module
// the build registered under NAME (gradlab/blocks, BLOCK_KINDS: the one list), which exports
// start(element, page) → a handle (or a promise of one, for a module that loads more first), and
// usesPython = true if it needs the page's Python. Each block starts on its own: one that fails, at
// once or later, is reported where it is and the others still start.

export function startBlocks(container, modules, page, { onFailure }) {
  const started = {};
  let usesPython = false;
  for (const element of container.querySelectorAll("[data-block]")) {
    const name = element.dataset.block;
    const module = modules[name];
    if (!module) continue; // a kind with nothing to run on the page
    const failed = (error) => {
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
