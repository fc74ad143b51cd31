"""How long the sync service works on one request at its limits: the merges, and a whole sync.

    python -m bench.sync_merge

Prints, in milliseconds (the median of a few runs):
- the quiz-pick merge at the size that took 4.1 s when it compared every pick with every other
  (8,000 stored and 80,000 sent picks; the service now refuses more than 64 picks a question before
  any merge, so this is the merge function alone, to show that its work grows linearly);
- the largest lesson the service accepts (256 KB, every quiz at 64 picks, every exercise at 20
  drafts) checked and merged into a stored copy of the same size;
- a whole sync of that lesson, over HTTP, against the service on SQLite; and what a request
  refused for its size costs.
"""

import statistics
import tempfile
import time
from pathlib import Path

from sync.progress import check_size, read_upload
from sync.progress_merge import MOST_DRAFTS, merge_document, merge_quiz_picks
from sync.serve import BackgroundService
from sync.settings import Settings
from tests.sync.device import SITE, Device, lesson_progress

RUNS = 5
MOST_PICKS = 64


def median_ms(work, runs=RUNS):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def largest_lesson(settings, shift=0):
    """A lesson just under the size limit, every list at its bound; shift makes a rival copy."""
    doc = lesson_progress("8.6")
    quiz, exercise = 0, 0
    while True:
        doc["quizzes"][f"q{quiz}"] = [(n + shift) % MOST_PICKS for n in range(MOST_PICKS)]
        doc["quizTimes"][f"q{quiz}"] = 1000 + shift
        drafts = [
            {"code": f"x = {n + shift}\n" * 20, "starter": "s", "edited": n + 1 + shift} for n in range(MOST_DRAFTS)
        ]
        doc["exercises"][f"e{exercise}"] = {"code": "y = 1\n", "starter": "s", "edited": 5000 + shift, "drafts": drafts}
        quiz, exercise = quiz + 1, exercise + 1
        if check_size("8.6", doc, settings):
            del doc["quizzes"][f"q{quiz - 1}"], doc["quizTimes"][f"q{quiz - 1}"], doc["exercises"][f"e{exercise - 1}"]
            return doc


def main():
    settings = Settings()
    stored_picks = {"picks": list(range(8_000)), "at": 1}
    sent_picks = {"picks": list(range(4_000, 84_000)), "at": 2}
    print(
        f"quiz picks, 8,000 stored and 80,000 sent: {median_ms(lambda: merge_quiz_picks(stored_picks, sent_picks)):.1f} ms"
    )

    stored, sent = largest_lesson(settings), largest_lesson(settings, shift=1)
    size_kb = len(str(sent).encode()) / 1024
    documents = frozenset({"8.6"})
    request = {"schema": 2, "lessons": {"8.6": sent}, "since": 0}
    checked = median_ms(lambda: read_upload(request, settings, documents))
    merged = median_ms(lambda: merge_document("8.6", stored, sent))
    print(
        f"largest accepted lesson (~{size_kb:.0f} KB, {len(sent['quizzes'])} quizzes of {MOST_PICKS} picks, "
        f"{len(sent['exercises'])} exercises of {MOST_DRAFTS} drafts): checked {checked:.1f} ms, merged {merged:.1f} ms"
    )

    with tempfile.TemporaryDirectory() as folder:
        service = BackgroundService(
            Settings(
                database_url=f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
                site_origins=(SITE,),
                secret_file=str(Path(folder) / "sync.secret"),
            )
        )
        device = Device(service.url)
        try:
            device.create_account()
            device.sync(stored).raise_for_status()
            whole = median_ms(lambda: device.sync(sent).raise_for_status())
            flood = lesson_progress("8.6", quizzes={"q": [n % 4 for n in range(80_000)]}, quizTimes={"q": 5})
            refused = median_ms(lambda: device.sync(flood).raise_for_status())
            print(f"a whole sync of that lesson over HTTP (SQLite): {whole:.1f} ms")
            print(f"a sync refused by the bound (80,000 picks, 156 KB): {refused:.1f} ms")
        finally:
            device.close()
            service.stop()


if __name__ == "__main__":
    main()
