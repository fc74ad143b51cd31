// Passkeys (WebAuthn) in the browser: the service's options in JSON become a ceremony, and the
// credential goes back as JSON, through the browser's own parse…FromJSON and toJSON.

/** Why this browser cannot use passkeys here, in a sentence; null if it can. */
export function passkeysUnavailable() {
  if (!self.isSecureContext) return "Passkeys need a secure page (https), and this one is not.";
  if (/^[\d.]+$|^\[/.test(location.hostname)) {
    const here = new URL(location.href);
    here.hostname = "localhost";
    return `Passkeys need the site's name, not an IP address: to sign in, open ${here.href} instead.`;
  }
  const api = self.PublicKeyCredential;
  if (typeof api !== "function" || typeof api.parseCreationOptionsFromJSON !== "function"
      || typeof api.parseRequestOptionsFromJSON !== "function" || typeof api.prototype.toJSON !== "function") {
    return "This browser does not support passkeys, so it cannot sign in. Your progress stays saved in this browser.";
  }
  return null;
}

/** A new passkey for the account the service's creation options name; its credential as JSON. */
export async function createPasskey(options) {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
  return ceremony(() => navigator.credentials.create({ publicKey }));
}

/** The passkey the learner picks (any of this site's, a discoverable credential); as JSON. */
export async function usePasskey(options) {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
  return ceremony(() => navigator.credentials.get({ publicKey }));
}

async function ceremony(run) {
  let credential;
  try {
    credential = await run();
  } catch (error) {
    throw new Error(explain(error), { cause: error });
  }
  if (!credential) throw new Error("no passkey was used.");
  return credential.toJSON();
}

function explain(error) {
  switch (error.name) {
    case "NotAllowedError": return "no passkey was used (the request was cancelled, or it timed out). Try again.";
    case "InvalidStateError": return "this device already holds a passkey for this account: use Sign in with a passkey.";
    case "SecurityError": return "passkeys cannot be used at this page's address (they need https, or http://localhost, at the address the sync service was set up for).";
    case "NotSupportedError": return "this device has no passkey that this site can use.";
    default: return error.message;
  }
}

// WebAuthn's signal methods, where the browser has them (feature-detected; nothing happens elsewhere):
// they tell this device's passkey provider which of the account's passkeys the service still accepts,
// so that it can hide or delete a removed one. Best effort: a provider that cannot is not an error.

/** Tell the provider the passkeys the account accepts (ids, base64url); userId is the account's user handle. */
export function signalAcceptedPasskeys(rpId, userId, ids) {
  const api = self.PublicKeyCredential;
  if (!rpId || typeof api?.signalAllAcceptedCredentials !== "function") return;
  api.signalAllAcceptedCredentials({ rpId, userId, allAcceptedCredentialIds: ids }).catch(() => {});
}

/** Tell the provider a passkey is gone from the service (removed, or its account deleted). */
export function signalRemovedPasskey(rpId, credentialId) {
  const api = self.PublicKeyCredential;
  if (typeof api?.signalUnknownCredential !== "function") return;
  api.signalUnknownCredential({ rpId: rpId || location.hostname, credentialId }).catch(() => {});
}
