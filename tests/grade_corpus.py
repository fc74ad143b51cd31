"""Grade a lesson's corpus in CPython and print every false verdict: python -m tests.grade_corpus 8.6"""

import sys

from grading.grader import grade_submission
from tests.corpus import lesson_exercise, load_corpus, load_starter


def main(lesson_id):
    _, exercise = lesson_exercise(lesson_id)
    starter = load_starter(lesson_id)
    corpus = load_corpus(lesson_id)
    false = 0
    for name, source, verdict, diagnosis in corpus:
        result = grade_submission(exercise, source, starter)
        got = ("passed" if result["passed"] else "failed", result["diagnosis"])
        if got != (verdict, diagnosis):
            false += 1
            print(f"{name}: expected {verdict} {diagnosis}, got {got[0]} {got[1]}: {result['message']}")
    print(f"{lesson_id}: {len(corpus)} submissions, {false} false verdict(s)")
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "8.6"))
