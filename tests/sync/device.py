"""A learner's device as the service sees it: an HTTP client with its cookies and a passkey authenticator.

It speaks the API as the page's sync script does (JSON, the site's Origin, the CSRF token), and
signs the ceremonies with a software authenticator, so tests and the load benchmark exercise the
real service without a browser."""

import httpx

from tests.soft_authenticator import SoftAuthenticator

SITE = "http://localhost:8000"


class Device:
    def __init__(self, service_url, authenticator=None, origin=SITE):
        self.http = httpx.Client(base_url=service_url, headers={"Origin": origin}, timeout=30)
        self.authenticator = authenticator or SoftAuthenticator()
        self.origin = origin
        self.csrf = None

    def close(self):
        self.http.close()

    def post(self, path, body=None, **options):
        headers = {"X-CSRF-Token": self.csrf} if self.csrf else {}
        return self.http.post(f"/api/{path}", json=body if body is not None else {}, headers=headers, **options)

    def ceremony(self, kind, begin_body, make_credential):
        """begin → the authenticator answers the options → finish; returns the finish response."""
        begun = self.post(f"{kind}/begin", begin_body)
        begun.raise_for_status()
        answer = self.post(f"{kind}/finish", {"flow": begun.json()["flow"], "credential": make_credential(begun.json()["options"])})
        if answer.status_code == 200:
            self.csrf = answer.json()["csrf"]
        return answer

    def create_account(self, name="Ada"):
        return self.ceremony("accounts", {"name": name}, lambda options: self.authenticator.create(options, self.origin))

    def sign_in(self):
        return self.ceremony("sign-in", {}, lambda options: self.authenticator.get(options, self.origin))

    def add_with_code(self, code):
        return self.ceremony("devices", {"code": code}, lambda options: self.authenticator.create(options, self.origin))

    def device_code(self):
        answer = self.post("devices/code")
        answer.raise_for_status()
        return answer.json()["code"]

    def sync(self, *documents):
        return self.post("progress", {"schema": 2, "lessons": {doc["lesson"]: doc for doc in documents}})

    def progress(self):
        return self.http.get("/api/progress")


def lesson_progress(lesson="8.6", **parts):
    """A progress document (version 2) with the given parts."""
    return {"schema": 2, "lesson": lesson, "startedOver": 0, "exercises": {}, "quizzes": {}, "quizTimes": {}, "sections": {}, **parts}
