// The sync service's JSON API, as the pages call it. The session cookie is HttpOnly (this code
// never sees it) and goes with every request, also to a service on another origin; every
// state-changing request carries the session's CSRF token, learned from the service's answers.

/** What went wrong, in a sentence for the learner; status is the HTTP status (0: no answer). */
export class SyncError extends Error {
  constructor(message, { status = 0 } = {}) {
    super(message);
    this.status = status;
  }

  /** No answer came: the network is off, or the service cannot be reached. */
  get unanswered() {
    return this.status === 0;
  }
}

export class SyncClient {
  constructor(base) {
    this.base = base.replace(/\/$/, "");
    this.csrf = null;
  }

  get(path) {
    return this.call("GET", path);
  }

  post(path, body = {}) {
    return this.call("POST", path, body);
  }

  delete(path) {
    return this.call("DELETE", path, {});
  }

  async call(method, path, body) {
    const headers = { Accept: "application/json" };
    if (method !== "GET") {
      headers["Content-Type"] = "application/json";
      if (this.csrf) headers["X-CSRF-Token"] = this.csrf;
    }
    let response;
    try {
      response = await fetch(this.base + path, {
        method, headers, credentials: "include", cache: "no-store",
        body: method === "GET" ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new SyncError(navigator.onLine ? "the sync service cannot be reached" : "this device is offline");
    }
    const answer = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      // The service answers every error as JSON {"error": a sentence}; anything else came from between.
      throw new SyncError(answer?.error || `the sync service could not answer (HTTP ${response.status}); your `
        + "progress is safe in this browser, sync again in a while.", { status: response.status });
    }
    if (typeof answer?.csrf === "string") this.csrf = answer.csrf;
    return answer;
  }
}
