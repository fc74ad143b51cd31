// The site's service worker keeps the site and Python for offline visits, and on hosts that
// send no COOP/COEP headers it adds them, so that Stop can interrupt Python instead of
// restarting it. There, the first visit reloads once to be served through it.
import { ISOLATION_RELOAD_KEY as RELOADED } from "./storage-keys.js";

export function registerServiceWorker(url, { tell, pythonReady }) {
  if (!("serviceWorker" in navigator) || !url) return;
  // Already isolated by the server: caching for offline can wait until Python has booted.
  const when = self.crossOriginIsolated ? pythonReady : Promise.resolve();
  when.then(() => navigator.serviceWorker.register(url)).then(() => {
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
    // No service worker (a private window, file://): the lesson works online; Stop restarts Python.
  });
}
