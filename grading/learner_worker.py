"""The learner's interpreter for CPython callers of grade_submission: python -m grading.learner_worker.

Reads one JSON request a line ({"nonce", "exercise", "source", "cases"}) and answers one JSON line with
what grading.learner_side.run_learner gives, and the nonce. Its requests and answers travel on file
descriptors of their own: the learner's code has a stdin that is empty and a stdout that is stderr, so
nothing it reads or prints can take the place of an answer. It leaves when it is no longer clean."""

import json
import os


def main():
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)
    from grading.learner_side import run_learner, watch_audit_hooks

    watch_audit_hooks()
    dumps, loads = json.dumps, json.loads
    for line in requests:
        request = loads(line)
        try:
            reply = run_learner(request["exercise"], request["source"], request["cases"])
        except BaseException as error:  # noqa: BLE001 - the grader's own failure, said as such
            reply = {"failed": f"{type(error).__name__}: {error}", "clean": False}
        reply["nonce"] = request["nonce"]
        try:
            text = dumps(reply)
        except (TypeError, ValueError) as error:
            text = dumps(
                {"failed": f"the answer could not be written ({error})", "clean": False, "nonce": request["nonce"]}
            )
        answers.write(text + "\n")
        answers.flush()
        if not reply.get("clean"):
            return


if __name__ == "__main__":
    main()
