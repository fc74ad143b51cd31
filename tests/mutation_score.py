"""`make mutate`'s summary: the share of mutants the tests kill, per module and in all, then the survivors."""

import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

MUTMUT = Path(sys.executable).parent / "mutmut"
# A mutant that makes the tests time out or crash was noticed by them, as much as one that fails them.
DETECTED = {"killed", "timeout", "segfault"}


def mutant_statuses():
    """{mutant name: status} from mutmut's stored results (mutmut run has been run)."""
    listed = subprocess.run([str(MUTMUT), "results", "--all=True"], capture_output=True, text=True, check=True).stdout
    return dict(line.strip().rsplit(": ", 1) for line in listed.splitlines() if ": " in line)


def module_of(mutant):
    """'grading.grader.x_grade__mutmut_3' or 'engine.value.xǁValueǁ__add____mutmut_1' → the module."""
    return re.match(r"(.*?)\.x[_ǁ]", mutant).group(1)


def print_score(statuses):
    by_module = defaultdict(Counter)
    for name, status in statuses.items():
        by_module[module_of(name)][status] += 1
    for module, counts in sorted(by_module.items()):
        print(f"{module:32} {share(counts)}")
    print(f"{'in all':32} {share(Counter(statuses.values()))}")


def share(counts):
    total = sum(counts.values())
    detected = sum(counts[status] for status in DETECTED)
    others = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()) if status != "killed")
    return f"{detected / total:6.1%} killed ({detected} of {total}{'; ' + others if others else ''})"


def main():
    statuses = mutant_statuses()
    if not statuses:
        sys.exit("no mutation results: run `make mutate` first")
    print_score(statuses)
    # "not checked" are mutants a run stopped before reaching; the next `make mutate` takes them on.
    survivors = sorted(name for name, status in statuses.items() if status not in DETECTED | {"not checked"})
    if survivors:
        print(f"\n{len(survivors)} not killed (see one with `.venv/bin/mutmut show NAME`):")
        for name in survivors:
            print(f"  {name}: {statuses[name]}")


if __name__ == "__main__":
    main()
