"""A block kind defined in tests/fixtures/block_kinds alone, handed to the build through its one hook
(build_site's block_kinds), is parsed, checked, rendered, written beside its page and bundled."""

import json
import re
from pathlib import Path

import pytest

import build
from gradlab.blocks import BLOCK_KINDS
from gradlab.lesson_checks import check_lesson
from gradlab.lesson_format import convert_lesson
from tests.fixtures.block_kinds import failing, flashcard

FIXTURES = Path(__file__).parent / "fixtures" / "block_kinds"
KINDS = (*BLOCK_KINDS, flashcard.KIND, failing.KIND)
LESSON = """---
id: 8.2
title: Second of eight
---

## Watch

```flashcard chain-rule
front: What does the chain rule multiply?
side: a typo
```

```flashcard Chain
front: a
back: b
```

```flashcard twice
front: a
back: b
```

```flashcard twice
front: c
back: d
```
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    build.build_site(FIXTURES / "lessons", out, block_kinds=KINDS)
    return out


def problems_of(text, kinds=KINDS):
    lesson = convert_lesson(Path("8.2-second-of-eight.md"), text, build.make_templates(block_kinds=kinds))
    return [(problem.line, problem.message) for problem in lesson.problems + check_lesson(lesson, kinds)]


def test_the_kind_renders_its_template_in_the_page(site):
    page = (site / "8.2-second-of-eight" / "index.html").read_text()
    card = re.search(
        r'<div class="flashcard" data-block="flashcard" data-card="flashcard-chain-rule.json">.*?</div>',
        page,
        re.DOTALL,
    )
    assert card and "What does the chain rule <em>multiply</em>?" in card.group(0)
    assert '<div class="failing" data-block="failing"></div>' in page
    assert 'data-block="quiz"' in page  # the built-in kinds are still there beside it


def test_the_kind_writes_its_file_beside_the_page(site):
    written = json.loads((site / "8.2-second-of-eight" / "flashcard-chain-rule.json").read_text())
    assert written == {"back": "The local rates along <strong>one path</strong>."}


def test_the_kinds_page_module_is_in_the_page_script(site):
    bundle = next((site / "static").glob("lesson.*.js")).read_text()
    assert "this block kind fails on purpose" in bundle
    assert "flashcard" in bundle


def test_its_problems_are_reported_at_their_lines():
    problems = problems_of(LESSON)
    assert (10, "unknown flashcard side 'side': the sides are front, back") in problems
    assert (8, "the flashcard side 'back' is missing: add a line such as 'back: its answer'") in problems
    assert (13, "name the flashcard after the fence, as in '```flashcard chain-rule', not 'Chain'") in problems
    assert (23, "another flashcard is named 'twice' (line 18): give each its own") in problems  # its check


def test_a_build_without_the_kind_takes_its_fence_for_a_typo():
    problems = problems_of(LESSON, BLOCK_KINDS)
    assert any(line == 8 and message.startswith("unknown block '```flashcard'") for line, message in problems)
    # Registered, the kind is among the blocks a typo is compared with.
    typo = problems_of(LESSON.replace("```flashcard Chain", "```flashcards Chain"))
    assert any(
        line == 13
        and "(did you mean 'flashcard'?)" in message
        and "quiz, explore, numbers, flashcard and failing" in message
        for line, message in typo
    )
