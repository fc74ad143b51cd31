// Sign-in and sync, where the site has a sync service (the page's <meta name="gradlab-sync">): its
// own bundle, which the page scripts load only then. Progress (lessons', concept cards' answers,
// module tests' records) is always written to this browser first; a sync sends the lessons that changed since the service and this browser last agreed on
// them, and asks for what changed since the version of the account's progress it last received;
// it merges what the service sends back into storage (never over it), and lets the open page show
// it. A lesson the service refuses stays here, is named to the learner, and is sent again with the
// next change; the others sync. A sync that fails loses nothing: the next one sends it again.
// Syncs run at sign-in, on load, a second after each change, and when the network comes back; and,
// so that another device's work shows on an open page without the learner doing anything, every
// poll period while the page is visible (the service says how long; longer after each failure),
// and when the page is shown again or focused. A sync with nothing to send is a read (GET). Tabs of
// one browser share what one received: storage's events carry the documents, and a message on
// SYNC_CHANNEL puts off the other tabs' next poll, so a browser asks about once a period.
import { SCHEMA } from "./progress-merge.js";
import { SyncClient } from "./sync-client.js";
import { createPasskey, signalRemovedPasskey, usePasskey } from "./passkeys.js";
import { changedDocuments, fingerprint, mergeIntoStorage } from "./sync-documents.js";
import { learnServiceTime } from "./server-clock.js";
import { setupSyncPanel } from "./sync-panel.js";
import { SYNC_ACCOUNT_KEY as ACCOUNT_KEY, SYNC_STATE_KEY as STATE_KEY, documentLabel } from "./storage-keys.js";

// Kept in storage: ACCOUNT_KEY, { name, lastSynced } of the account this browser is signed in to, so
// that the page can show it while the service cannot be asked (offline); not a secret: the session is an
// HttpOnly cookie. STATE_KEY, { version, inStep: { [lesson id]: fingerprint } }: the version of the
// account's progress this browser last received, and each lesson's document as both sides last held it.
// A request holds lessons up to this size (the service takes 1024 KB); a lesson larger than this
// is over the service's limit for one lesson (256 KB) anyway, and is not sent.
const BATCH_BYTES = 512 * 1024;
const DEBOUNCE_MS = 1000;
const SOON_MS = 100; // a page shown and focused at once asks once
const POLL_MS = 25_000; // until the service says its own period
const MOST_BACKOFF = 32; // the period's multiple after five failures in a row, and no more
const SYNC_CHANNEL = "gradlab-sync";
const SIGNED_OUT_ELSEWHERE = "You were signed out (here or everywhere), so progress no longer syncs: sign in again to sync. Your progress is still saved in this browser.";

/** Start the sign-in control in container and, when signed in, the sync. progress: the open
 * lesson's Progress, if any; whenSaved(listener): calls listener after each save of other progress
 * (a study page's cards and tests); onSynced(): called when a sync brought changes into storage. */
export function startSync({ base, container, progress = null, whenSaved = null, onSynced = () => {} }) {
  const client = new SyncClient(base);
  let account = readAccount();
  let timer = null;
  let running = null;
  let again = false;
  let pollTimer = null;
  let pollMs = POLL_MS;
  let failuresInARow = 0;
  let showsSynced = false; // the status says "Synced" (with shownNote)
  let shownNote = "";
  // { [id]: { print, why } }: lessons the service refused as they are now, not sent again until they change
  // (a poll would otherwise send a lesson too large to keep, again and again).
  const refusals = {};
  const tabs = "BroadcastChannel" in globalThis ? new BroadcastChannel(SYNC_CHANNEL) : null;

  const panel = setupSyncPanel(container, {
    signIn: () => signInWith("/sign-in/begin", {}, "/sign-in/finish", usePasskey),
    createAccount: (name) => signInWith("/accounts/begin", { name }, "/accounts/finish", createPasskey),
    addThisDevice: (code) => signInWith("/devices/begin", { code }, "/devices/finish", createPasskey),
    deviceCode: () => client.post("/devices/code"),
    retry: () => syncNow(),
    signOut: () => leave(() => client.post("/sign-out"), "Signed out. Your progress stays saved in this browser."),
    signOutEverywhere: () => leave(() => client.post("/sign-out-everywhere"),
      "Signed out on every device. Your progress stays saved in this browser."),
    deleteAccount: () => leave(() => client.delete("/account"),
      "Your account and the progress kept with it on the server are deleted. This browser keeps its own progress."),
    listPasskeys: () => client.get("/passkeys"),
    removePasskey: async (id) => {
      const answer = await client.delete(`/passkeys/${encodeURIComponent(id)}`);
      if (answer.signedOut) signedOut("This device's passkey is removed, so this browser is signed out. Your progress stays saved in this browser.");
      return answer;
    },
  });

  async function signInWith(beginPath, body, finishPath, ceremony) {
    const { flow, options } = await client.post(beginPath, body);
    const credential = await ceremony(options);
    const answer = await client.post(finishPath, { flow, credential }).catch((error) => {
      // A passkey the service does not know (removed, or its account deleted): its provider may forget it.
      if (error.status === 404) signalRemovedPasskey(options.rpId, credential.id);
      throw error;
    });
    writeSyncState(null); // perhaps another account: the first sync sends and asks for everything
    signedIn(answer.account);
    syncNow(); // the panel shows how it goes; signing in is done
  }

  function signedIn({ name }) {
    account = { name, lastSynced: account?.name === name ? account.lastSynced : null };
    writeAccount(account);
    panel.showSignedIn(account);
    showsSynced = false;
  }

  // Sign out, everywhere, or delete the account; a session the service no longer knows is signed out already.
  async function leave(request, message) {
    try {
      await request();
    } catch (error) {
      if (error.status !== 401) throw error;
    }
    signedOut(message);
  }

  function signedOut(message) {
    account = null;
    client.csrf = null;
    clearTimeout(timer);
    clearTimeout(pollTimer);
    writeAccount(null);
    writeSyncState(null);
    panel.showSignedOut(message);
  }

  function scheduleSync() {
    if (!account) return;
    clearTimeout(timer);
    timer = setTimeout(syncNow, DEBOUNCE_MS);
  }

  // Sync in a moment: a page shown again, or focused (both at once, often), asks what changed.
  function syncSoon() {
    if (!account) return;
    clearTimeout(timer);
    timer = setTimeout(syncNow, SOON_MS);
  }

  // One sync at a time; a sync asked for while one runs follows it, with what is stored by then.
  function syncNow() {
    clearTimeout(timer);
    clearTimeout(pollTimer);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const synced = await syncOnce();
        failuresInARow = synced ? 0 : failuresInARow + 1;
      } while (again && account);
    })().finally(() => {
      running = null;
      pollLater();
    });
    return running;
  }

  // The next poll, a period from now (doubled after each failure in a row); none while the page is hidden.
  function pollLater() {
    clearTimeout(pollTimer);
    if (!account || document.visibilityState === "hidden") return;
    pollTimer = setTimeout(syncNow, pollMs * Math.min(2 ** failuresInARow, MOST_BACKOFF));
  }

  // Whether the sync ended with this browser and the service in step (bar lessons the service refused).
  async function syncOnce() {
    if (!account) return false;
    if (!navigator.onLine) {
      showOffline();
      return false;
    }
    panel.showStatus("syncing");
    try {
      if (!client.csrf && !(await askSession())) return false;
      const refused = [];
      let changed = [];
      let answer = null;
      let sent = false;
      for (const batch of batches(notRefusedAgain(changedDocuments(progress, readSyncState().inStep), refused), refused)) {
        const sentAt = Date.now();
        const since = readSyncState().version;
        sent ||= Object.keys(batch).length > 0;
        answer = Object.keys(batch).length
          ? await client.post("/progress", { schema: SCHEMA, lessons: batch, since })
          : await client.get(`/progress?since=${since}`);
        learnServiceTime(answer.synced, sentAt, Date.now());
        changed = [...changed, ...mergeIntoStorage(answer.lessons)];
        noteInStep(batch, answer);
        for (const [id, why] of Object.entries(answer.refused || {})) {
          if (id in batch) refusals[id] = { print: fingerprint(batch[id]), why };
          refused.push(why);
        }
      }
      if (answer.pollSeconds > 0) pollMs = answer.pollSeconds * 1000;
      tabs?.postMessage({ changed });
      takeIn(changed);
      const note = refused.length ? `${refused.join(" ")} ${refused.length > 1 ? "They stay" : "It stays"} saved in this browser; everything else synced.` : "";
      // A poll that found nothing leaves the status as it was (a screen reader would hear each new minute).
      if (sent || changed.length || !showsSynced || note !== shownNote) {
        account.lastSynced = answer.synced ?? Date.now();
        writeAccount(account);
        panel.showStatus("synced", { lastSynced: account.lastSynced, note });
        showsSynced = true;
        shownNote = note;
      }
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  // The lessons to send but those refused as they are (named in refused again, so the page still says so).
  function notRefusedAgain(lessons, refused) {
    for (const [id, doc] of Object.entries(lessons)) {
      if (refusals[id]?.print !== fingerprint(doc)) continue;
      refused.push(refusals[id].why);
      delete lessons[id];
    }
    return lessons;
  }

  // Documents a sync merged into storage: the open page shows them.
  function takeIn(changed) {
    if (progress && changed.includes(progress.lessonId)) progress.takeInSynced();
    if (changed.length) onSynced();
  }

  function showOffline() {
    showsSynced = false;
    panel.showStatus("offline");
  }

  function failed(error) {
    showsSynced = false;
    if (error.status === 401) signedOut(SIGNED_OUT_ELSEWHERE);
    else if (error.unanswered && !navigator.onLine) showOffline();
    else panel.showStatus("failed", { reason: error.message });
  }

  // Whether the service has this browser signed in (it then tells the session's CSRF token).
  async function askSession() {
    const session = await client.get("/session");
    if (session.signedIn) {
      signedIn(session.account);
      return true;
    }
    signedOut(account ? SIGNED_OUT_ELSEWHERE : undefined);
    return false;
  }

  async function begin() {
    if (account) {
      panel.showSignedIn(account);
      panel.showStatus("syncing");
    } else {
      panel.showSignedOut();
    }
    try {
      if (await askSession()) await syncNow();
    } catch (error) {
      if (account) { // offline, or the service is down: a poll will try again
        failed(error);
        failuresInARow += 1;
        pollLater();
      }
    }
  }

  progress?.onSaved(scheduleSync);
  whenSaved?.(scheduleSync);
  addEventListener("online", () => account && syncNow());
  addEventListener("focus", syncSoon);
  document.addEventListener("visibilitychange", () => (document.visibilityState === "hidden" ? clearTimeout(pollTimer) : syncSoon()));
  // Another tab of this browser synced: storage holds what it received; this tab polls a period after it.
  tabs?.addEventListener("message", ({ data }) => {
    if (!account || !Array.isArray(data?.changed)) return;
    takeIn(data.changed);
    if (!running) pollLater();
  });
  addEventListener("offline", () => account && showOffline());
  begin();
}

// The lessons to send, in requests the service accepts (at least one, empty, to hear what changed);
// a lesson too large for any is named in refused instead.
function batches(lessons, refused) {
  const all = [];
  let batch = {};
  let bytes = 0;
  for (const [id, doc] of Object.entries(lessons)) {
    const size = JSON.stringify(doc).length;
    if (size > BATCH_BYTES) {
      refused.push(`The progress of ${documentLabel(id)} is larger than the service keeps for one; choosing between old drafts makes it smaller.`);
      continue;
    }
    if (bytes + size > BATCH_BYTES && Object.keys(batch).length) {
      all.push(batch);
      batch = {};
      bytes = 0;
    }
    batch[id] = doc;
    bytes += size;
  }
  return [...all, batch];
}

// After an answer: the lessons sent and kept, and those received, are as both sides hold them.
function noteInStep(sent, answer) {
  const state = readSyncState();
  for (const [id, doc] of Object.entries(sent)) if (!(id in (answer.refused || {}))) state.inStep[id] = fingerprint(doc);
  for (const [id, doc] of Object.entries(answer.lessons || {})) state.inStep[id] = fingerprint(doc);
  state.version = Number.isSafeInteger(answer.version) ? answer.version : 0;
  writeSyncState(state);
}

function readSyncState() {
  try {
    const state = JSON.parse(localStorage.getItem(STATE_KEY));
    if (Number.isSafeInteger(state?.version) && state.inStep && typeof state.inStep === "object") return state;
  } catch { /* unreadable: start again from nothing */ }
  return { version: 0, inStep: {} };
}

function writeSyncState(state) {
  try {
    if (state) localStorage.setItem(STATE_KEY, JSON.stringify(state));
    else localStorage.removeItem(STATE_KEY);
  } catch { /* storage full or disabled: the next sync sends every lesson again */ }
}

function readAccount() {
  try {
    const account = JSON.parse(localStorage.getItem(ACCOUNT_KEY));
    return typeof account?.name === "string" ? account : null;
  } catch {
    return null;
  }
}

function writeAccount(account) {
  try {
    if (account) localStorage.setItem(ACCOUNT_KEY, JSON.stringify(account));
    else localStorage.removeItem(ACCOUNT_KEY);
  } catch { /* storage disabled: the page asks the service on each load */ }
}
