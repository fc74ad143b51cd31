// Cross-origin isolation lets Stop interrupt Python instead of restarting it. Where the host
// sends no COOP/COEP headers, the site's service worker adds them; the first visit then
// reloads once so that the page is served through it.

const RELOADED = "gradlab:isolation-reload";

export function ensureIsolation(serviceWorkerUrl, tell) {
  if (!("serviceWorker" in navigator) || !serviceWorkerUrl) return;
  navigator.serviceWorker.register(serviceWorkerUrl).then(() => {
    if (self.crossOriginIsolated) return;
    if (sessionStorage.getItem(RELOADED)) {
      tell("Stop will restart Python rather than interrupt it: this browser did not allow cross-origin isolation.");
      return;
    }
    const reload = () => {
      sessionStorage.setItem(RELOADED, "1");
      location.reload();
    };
    if (navigator.serviceWorker.controller) reload();
    else navigator.serviceWorker.addEventListener("controllerchange", reload, { once: true });
  }).catch(() => {
    // No service worker (a private window, or file://): the lesson works, Stop restarts Python.
  });
}
