// The account's passkeys, in the signed-in panel: listed by the device each was added from, when it
// was added and last used, each with Remove (named with its device) but the last, which only deleting
// the account removes. The list loads when the learner opens it, and again after each removal.
import { signalAcceptedPasskeys, signalRemovedPasskey } from "./passkeys.js";

const ONLY_ONE = "This is your only passkey, so it cannot be removed: nothing else would sign you in. "
  + "To stop using it, delete your account.";

/** Fill the <details> section with the account's passkeys; actions: listPasskeys(), removePasskey(id);
 * say(text) tells the learner how a removal went. */
export function setupPasskeyList(section, actions, say) {
  const list = section.querySelector(".sync-passkey-list");
  const note = section.querySelector(".sync-passkeys-note");

  async function load() {
    note.textContent = "Loading your passkeys…";
    try {
      const answer = await actions.listPasskeys();
      show(answer.passkeys);
      signalAcceptedPasskeys(answer.rpId, answer.userId, answer.passkeys.map((passkey) => passkey.id));
      return answer;
    } catch (error) {
      list.replaceChildren();
      note.textContent = `Your passkeys could not be listed: ${error.message}`;
      return null;
    }
  }

  function show(passkeys) {
    const names = labels(passkeys);
    list.replaceChildren(...passkeys.map((passkey, index) => {
      const item = document.createElement("li");
      const name = document.createElement("strong");
      name.textContent = names[index];
      item.append(name, `${passkey.thisDevice ? " (this device)" : ""}: added ${when(passkey.added)}, last used ${when(passkey.lastUsed)}. `);
      if (passkey.copyNoticed) item.append(copyWarning(passkey.copyNoticed));
      if (passkeys.length > 1) item.append(...removeControls(passkey, names[index]));
      return item;
    }));
    note.textContent = passkeys.length > 1
      ? "Lost a device? Remove its passkey: it is signed out, and can never sign in again."
      : ONLY_ONE;
  }

  // Remove, then a confirmation (as Delete account has): a removed passkey cannot be brought back.
  function removeControls(passkey, name) {
    const remove = button("Remove", `Remove passkey ${name}`);
    const confirm = document.createElement("span");
    confirm.hidden = true;
    const yes = button(`Yes, remove passkey ${name}`);
    const cancel = button("Cancel", `Cancel, keep passkey ${name}`);
    confirm.append("The device holding it is signed out, and can never sign in with it again. ", yes, " ", cancel);
    remove.addEventListener("click", () => {
      remove.hidden = true;
      confirm.hidden = false;
      yes.focus();
    });
    cancel.addEventListener("click", () => {
      confirm.hidden = true;
      remove.hidden = false;
      remove.focus();
    });
    yes.addEventListener("click", () => removeOne(passkey, name, yes));
    return [remove, confirm];
  }

  async function removeOne(passkey, name, control) {
    control.disabled = true;
    try {
      const answer = await actions.removePasskey(passkey.id);
      const listed = answer.signedOut ? null : await load();
      signalRemovedPasskey(listed?.rpId, passkey.id);
      say(`Removed the passkey of ${name}: it can no longer sign in${answer.signedOut ? ", and this browser is signed out" : ""}.`);
      if (listed) section.querySelector("summary").focus();
    } catch (error) {
      control.disabled = false;
      say(`The passkey of ${name} was not removed: ${error.message}`);
    }
  }

  section.addEventListener("toggle", () => section.open && load());
}

// A copy of the passkey signed in out of turn (its counter went backwards): the service still lets both
// copies in, so that the genuine device is never locked out; the learner decides what to cut off.
function copyWarning(noticed) {
  const warning = document.createElement("strong");
  warning.className = "sync-passkey-copied";
  warning.textContent = `A copy of this passkey exists: one signed in out of turn on ${when(noticed)}. `
    + "If you did not copy it, add a new passkey on each of your devices, then remove this one. ";
  return warning;
}

function button(text, label = null) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = text;
  if (label) made.setAttribute("aria-label", label);
  return made;
}

// Each passkey's name: its device's, numbered where two share one, so that every Remove names one passkey.
function labels(passkeys) {
  const total = new Map();
  for (const { device } of passkeys) total.set(device, (total.get(device) || 0) + 1);
  const seen = new Map();
  return passkeys.map(({ device }) => {
    seen.set(device, (seen.get(device) || 0) + 1);
    return total.get(device) > 1 ? `${device} (${seen.get(device)})` : device;
  });
}

function when(ms) {
  return new Date(ms).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}
