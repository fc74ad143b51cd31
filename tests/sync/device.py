"""A learner's device as the service sees it: an HTTP client with its cookies and a passkey authenticator.

It speaks the API as the page's sync script does (JSON, the site's Origin, the CSRF token), and
signs the ceremonies with a software authenticator, so tests and the load benchmark exercise the
real service without a browser."""

import copy

import httpx

from sync.progress_merge import code_fingerprint, empty_progress, merge_progress, next_stamp
from tests.soft_authenticator import SoftAuthenticator

SITE = "http://localhost:8000"


class Device:
    def __init__(self, service_url, authenticator=None, origin=SITE, headers=None):
        headers = {"Origin": origin, **(headers or {})}
        self.http = httpx.Client(base_url=service_url, headers=headers, timeout=30)
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
        answer = self.post(
            f"{kind}/finish", {"flow": begun.json()["flow"], "credential": make_credential(begun.json()["options"])}
        )
        if answer.status_code == 200:
            self.csrf = answer.json()["csrf"]
        return answer

    def create_account(self, name="Ada"):
        return self.ceremony(
            "accounts", {"name": name}, lambda options: self.authenticator.create(options, self.origin)
        )

    def sign_in(self):
        return self.ceremony("sign-in", {}, lambda options: self.authenticator.get(options, self.origin))

    def add_with_code(self, code):
        return self.ceremony("devices", {"code": code}, lambda options: self.authenticator.create(options, self.origin))

    def device_code(self):
        answer = self.post("devices/code")
        answer.raise_for_status()
        return answer.json()["code"]

    def delete(self, path):
        headers = {"X-CSRF-Token": self.csrf} if self.csrf else {}
        return self.http.delete(f"/api/{path}", headers=headers)

    def passkeys(self):
        answer = self.http.get("/api/passkeys")
        answer.raise_for_status()
        return answer.json()["passkeys"]

    def sync(self, *documents):
        return self.post("progress", {"schema": 2, "lessons": {doc["lesson"]: doc for doc in documents}})

    def progress(self):
        return self.http.get("/api/progress")


def lesson_progress(lesson="8.6", **parts):
    """A progress document (version 2) with the given parts."""
    return {
        "schema": 2,
        "lesson": lesson,
        "startedOver": 0,
        "exercises": {},
        "quizzes": {},
        "quizTimes": {},
        "sections": {},
        **parts,
    }


class Learner:
    """A device that keeps progress and syncs it as the page does (progress.js, sync.js): it stamps
    each change with next_stamp on its own clock set right by the service's, sends only the lessons
    that changed since they were last in step, and merges what comes back into what it holds."""

    def __init__(self, device, clock_ms):
        self.device = device
        self.clock_ms = clock_ms  # this device's idea of now, which may be years off
        self.offset = 0
        self.lessons = {}
        self.in_step = {}  # lesson → the document both sides held when they last agreed
        self.since = 0

    def doc(self, lesson="8.6"):
        return self.lessons.setdefault(lesson, lesson_progress(lesson))

    def stamp(self, lesson):
        self.clock_ms += 1
        return next_stamp(self.doc(lesson), self.clock_ms + self.offset)

    def edit(self, code, exercise="stack", lesson="8.6"):
        current = self.doc(lesson)["exercises"].get(exercise, {})
        self.doc(lesson)["exercises"][exercise] = {
            **current,
            "code": code,
            "starter": "s",
            "edited": self.stamp(lesson),
            "basedOn": current.get("edited", 0),
            **({"basedOnHash": code_fingerprint(current["code"])} if "code" in current else {}),
        }

    def pick(self, quiz, option, lesson="8.6"):
        doc = self.doc(lesson)
        doc["quizzes"][quiz] = [pick for pick in doc["quizzes"].get(quiz, []) if pick != option] + [option]
        doc["quizTimes"][quiz] = self.stamp(lesson)

    def start_over(self, lesson="8.6"):
        self.lessons[lesson] = {**lesson_progress(lesson), "startedOver": self.stamp(lesson)}

    def code(self, exercise="stack", lesson="8.6"):
        return self.doc(lesson)["exercises"].get(exercise, {}).get("code")

    def drafts(self, exercise="stack", lesson="8.6"):
        return [draft["code"] for draft in self.doc(lesson)["exercises"].get(exercise, {}).get("drafts", [])]

    def sync(self):
        sent_at = self.clock_ms
        changed = {lesson: doc for lesson, doc in self.lessons.items() if self.in_step.get(lesson) != doc}
        answer = self.device.post("progress", {"schema": 2, "lessons": changed, "since": self.since})
        answer.raise_for_status()
        body = answer.json()
        self.offset = body["synced"] - sent_at
        for lesson, doc in changed.items():
            if lesson not in body["refused"]:
                self.in_step[lesson] = copy.deepcopy(doc)
        for lesson, doc in body["lessons"].items():
            self.lessons[lesson] = merge_progress(self.lessons.get(lesson) or empty_progress(lesson), doc)
            self.in_step[lesson] = copy.deepcopy(doc)
        self.since = body["version"]
        return answer
