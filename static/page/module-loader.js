// A bundle loaded with import() when first needed, which can be asked for again after it failed. Some
// browsers keep a failed import's outcome for its URL as long as the page lives (Chromium before 156
// among them), so a second import() of that URL fails at once and never asks the network again: each
// later try asks for the URL with a query of its own. The service worker's offline copy ignores the query.

/** A function that imports url (page-relative), each call after the first with a query of its own. */
export function moduleLoader(url) {
  let tries = 0;
  return () => {
    const href = new URL(url, document.baseURI);
    if (tries > 0) href.searchParams.set("try", String(tries));
    tries += 1;
    return import(href.href);
  };
}
