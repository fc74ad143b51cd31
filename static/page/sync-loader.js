// Where the site has a sync service (build.py --sync-url puts <meta name="gradlab-sync"> in every
// page), load its bundle, sync.js, and start it; elsewhere do nothing at all.

/** Start sign-in and sync with options (container, progress, onSynced), if this site has a service. */
export function loadSync({ onProblem, ...options }) {
  const meta = document.querySelector('meta[name="gradlab-sync"]');
  if (!meta) return;
  import(new URL(meta.dataset.script, document.baseURI).href)
    .then(({ startSync }) => startSync({ base: new URL(meta.content, location.href).href, ...options }))
    .catch(() => onProblem("Sign-in could not be loaded, so progress does not sync for now (reload to try again). It is still saved in this browser."));
}
