// The site's service worker keeps the site and Python for offline visits, and on hosts that
// send no COOP/COEP headers it adds them, so that Stop can interrupt Python instead of
// restarting it. It is registered once Python has booted (or failed to): its offline copy never
// competes with Python's files for the network. On such a host the first visit is not isolated and
// Stop restarts Python; the page never reloads itself to change that (a reload would cut off the
// downloads in flight and start them again), and every later visit is isolated.
export function registerServiceWorker(url, { pythonReady }) {
  if (!("serviceWorker" in navigator) || !url) return;
  pythonReady.then(() => navigator.serviceWorker.register(url)).catch(() => {
    // No service worker (a private window, file://): the lesson works online; Stop restarts Python.
  });
}
