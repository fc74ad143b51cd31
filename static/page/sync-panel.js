// The sign-in control and the sync's state, on every page where a sync service exists. Signed out:
// "Progress is saved in this browser", and Sign in, which opens a dialog (a passkey, a new account,
// or a code from a signed-in device). Signed in: the account's name, the sync's state, and the
// account's controls. What each control does is sync.js's (actions); this module is the DOM.
import { passkeysUnavailable } from "./passkeys.js";
import { setupPasskeyList } from "./sync-passkeys.js";

const TEMPLATE = `
  <div class="sync-signed-out" hidden>
    <p>Progress is saved in this browser. <button type="button" data-action="open">Sign in</button> to keep it across devices.</p>
  </div>
  <div class="sync-signed-in" hidden>
    <p class="sync-account" tabindex="-1">Signed in as <strong class="sync-name"></strong>: your progress syncs across your devices.</p>
    <p class="sync-state"><span class="sync-status" role="status" aria-label="Sync"></span>
      <button type="button" data-action="retry" hidden>Retry</button></p>
    <div class="controls">
      <button type="button" data-action="add-device">Add a device</button>
      <button type="button" data-action="sign-out">Sign out</button>
      <button type="button" data-action="sign-out-everywhere">Sign out everywhere</button>
      <button type="button" data-action="delete">Delete account</button>
    </div>
    <details class="sync-passkeys">
      <summary>Your passkeys</summary>
      <ul class="sync-passkey-list"></ul>
      <p class="sync-passkeys-note sync-help"></p>
    </details>
    <div class="sync-delete-confirm" hidden>
      <p>Delete your account, and the progress kept with it on the server? This browser keeps its own progress.</p>
      <button type="button" data-action="delete-confirm">Yes, delete my account</button>
      <button type="button" data-action="delete-cancel">Cancel</button>
    </div>
  </div>
  <p class="sync-message" role="status"></p>
  <dialog class="sync-dialog" aria-labelledby="sync-dialog-title">
    <h2 id="sync-dialog-title">Keep your progress across devices</h2>
    <p class="sync-unavailable notice" hidden></p>
    <section aria-labelledby="sync-returning">
      <h3 id="sync-returning">Have an account?</h3>
      <p class="sync-help">Your device, or your password manager, offers the passkeys it holds for this site.</p>
      <button type="button" data-action="passkey">Sign in with a passkey</button>
    </section>
    <form data-form="create" aria-labelledby="sync-new">
      <h3 id="sync-new">New here?</h3>
      <p class="sync-help">An account needs only a name to greet you by: no e-mail, no password. A passkey on this device signs you in.</p>
      <label>Your name <input name="name" autocomplete="nickname" required maxlength="60"></label>
      <button type="submit">Create an account</button>
    </form>
    <form data-form="code" aria-labelledby="sync-add">
      <h3 id="sync-add">Signed in on another device?</h3>
      <p class="sync-help">There, choose Add a device, then type here the code it shows.</p>
      <label>Code from your other device <input name="code" autocomplete="one-time-code" required maxlength="20"></label>
      <button type="submit">Add this device with a code</button>
    </form>
    <p class="sync-dialog-message" role="status"></p>
    <button type="button" data-action="close">Close</button>
  </dialog>`;

/** The panel, appended to container; actions: sync.js's signIn, createAccount(name),
 * addThisDevice(code), deviceCode(), retry, signOut, signOutEverywhere, deleteAccount,
 * listPasskeys(), removePasskey(id). */
export function setupSyncPanel(container, actions) {
  const panel = document.createElement("div");
  panel.className = "sync-panel";
  panel.innerHTML = TEMPLATE;
  container.append(panel);
  const part = (selector) => panel.querySelector(selector);
  const button = (action) => part(`[data-action="${action}"]`);
  const dialog = part("dialog");
  const status = part(".sync-status");
  const message = part(".sync-message");
  const dialogMessage = part(".sync-dialog-message");
  const dialogControls = [...dialog.querySelectorAll("input, button:not([data-action='close'])")];
  let lastSynced = null;

  button("open").addEventListener("click", () => {
    const unavailable = passkeysUnavailable();
    part(".sync-unavailable").textContent = unavailable || "";
    part(".sync-unavailable").hidden = !unavailable;
    for (const control of dialogControls) control.disabled = Boolean(unavailable);
    dialogMessage.textContent = "";
    dialog.showModal();
  });
  button("close").addEventListener("click", () => dialog.close());

  // A sign-in: the dialog closes when it succeeds, and says why when it does not.
  async function signIn(run) {
    for (const control of dialogControls) control.disabled = true;
    dialogMessage.textContent = "Waiting for your passkey…";
    try {
      await run();
      dialog.close();
      message.textContent = "";
      part(".sync-account").focus();
    } catch (error) {
      dialogMessage.textContent = `Sign-in did not finish: ${error.message}`;
    } finally {
      for (const control of dialogControls) control.disabled = false;
    }
  }
  button("passkey").addEventListener("click", () => signIn(actions.signIn));
  for (const [name, action] of [["create", actions.createAccount], ["code", actions.addThisDevice]]) {
    const form = part(`[data-form="${name}"]`);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      signIn(() => action(form.elements[0].value.trim()));
    });
  }

  // A signed-in control: what went wrong shows below the panel; what went right, as the control says.
  async function act(run, failure) {
    try {
      await run();
    } catch (error) {
      message.textContent = `${failure}: ${error.message}`;
    }
  }
  button("retry").addEventListener("click", () => actions.retry());
  button("add-device").addEventListener("click", () => act(async () => {
    const { code, expires } = await actions.deviceCode();
    const shown = document.createElement("strong");
    shown.className = "sync-code";
    shown.textContent = code;
    message.replaceChildren("On your other device, choose Sign in, then type ", shown,
      ` under "Signed in on another device?". The code works until ${clock(expires)}.`);
  }, "No code could be made"));
  button("sign-out").addEventListener("click", () => act(actions.signOut, "Could not sign out"));
  button("sign-out-everywhere").addEventListener("click", () => act(actions.signOutEverywhere, "Could not sign out everywhere"));
  button("delete").addEventListener("click", () => {
    part(".sync-delete-confirm").hidden = false;
    button("delete-confirm").focus();
  });
  button("delete-cancel").addEventListener("click", () => {
    part(".sync-delete-confirm").hidden = true;
    button("delete").focus();
  });
  button("delete-confirm").addEventListener("click", () => act(actions.deleteAccount, "The account could not be deleted"));
  setupPasskeyList(part(".sync-passkeys"), actions, (text) => { message.textContent = text; });

  return {
    showSignedOut(text = "") {
      const hadFocus = panel.contains(document.activeElement);
      part(".sync-signed-in").hidden = true;
      part(".sync-delete-confirm").hidden = true;
      part(".sync-passkeys").open = false;
      part(".sync-signed-out").hidden = false;
      message.textContent = text;
      if (hadFocus) button("open").focus();
    },
    showSignedIn({ name, lastSynced: at }) {
      lastSynced = at ?? lastSynced;
      part(".sync-name").textContent = name;
      part(".sync-signed-out").hidden = true;
      part(".sync-signed-in").hidden = false;
    },
    /** state: syncing, synced (with lastSynced, and a note on what was not synced), offline, or failed (with a reason). */
    showStatus(state, { lastSynced: at, reason, note = "" } = {}) {
      lastSynced = at ?? lastSynced;
      const since = lastSynced ? ` Last synced ${clock(lastSynced)}.` : "";
      const texts = {
        syncing: status.textContent || "Syncing…", // the last state stays until this sync ends
        synced: `Synced ${clock(lastSynced)}${note ? `. ${note}` : ""}`,
        offline: `Offline: will sync when the network is back.${since}`,
        failed: `Sync failed: ${reason}${/[.!?]$/.test(reason) ? "" : "."}${since}`,
      };
      if (status.textContent !== texts[state]) status.textContent = texts[state]; // the same text is not news
      status.dataset.state = state;
      const retry = button("retry");
      if (state !== "syncing" && !retry.hidden && state !== "failed" && document.activeElement === retry) {
        part(".sync-account").focus(); // Retry goes away under the keyboard's focus
      }
      retry.hidden = !(state === "failed" || (state === "syncing" && !retry.hidden));
      retry.disabled = state === "syncing";
    },
  };
}

// A time of day, with the date if it is not today.
function clock(ms) {
  const at = new Date(ms);
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return at.toDateString() === new Date().toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}
