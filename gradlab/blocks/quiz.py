"""The quiz block kind: a question with options, each with the explanation picking it reveals.

```quiz NAME                 the name keys the learner's saved answers (else made from the question)
? The question
- [ ] A wrong option
  Why it is wrong, indented two spaces.
- [x] The right option
  Why it is right.
```
"""

import hashlib
import json
import re
from pathlib import Path

from gradlab.blocks.kind import PAGE_MODULES, TEMPLATES, BlockKind

QUIZ_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
# A learner's progress keeps at most this many picks a question (a pick per option): the schema says so.
PROGRESS_SCHEMA = Path(__file__).resolve().parents[2] / "sync" / "progress_document.schema.json"
MOST_OPTIONS = json.loads(PROGRESS_SCHEMA.read_text())["$defs"]["lesson"]["properties"]["quizzes"][
    "additionalProperties"
]["maxItems"]


def parse_quiz(argument, lines, opening, context):
    """Quiz: '? question', then options '- [ ] text' / '- [x] text', each with its explanation indented.
    Its id, which keys the learner's saved answers, is its name (```quiz NAME) or else made from the
    question's text, so inserting or moving questions leaves every saved answer on its own question."""
    reported = []

    def report(line, message):
        reported.append(line)
        context.report(line, message)

    if argument and not QUIZ_NAME.fullmatch(argument):
        report(
            opening,
            f"a quiz's name is lowercase letters, digits, '-' and '_', such as ```quiz highway-rate; "
            f"{argument!r} is not one",
        )
    question, options = None, []
    for number, line in enumerate(lines, start=opening + 1):
        option = re.match(r"^[-*] \[( |x|X)\] (.+)$", line)
        if line.startswith("? "):
            question = (number, line[2:].strip())
        elif option:
            options.append(
                {"text": option.group(2), "right": option.group(1) != " ", "line": number, "explanation": []}
            )
        elif line.startswith("  ") and options:
            options[-1]["explanation"].append(line.strip())
        elif line.strip():
            report(
                number,
                f"a quiz has '? question', then '- [ ] option' or '- [x] option' lines, each followed by "
                f"its explanation indented two spaces; {line.strip()!r} is none of these",
            )
    rights = [option["line"] for option in options if option["right"]]
    if not question:
        report(opening, "the quiz has no question: add a line starting '? ' before its options")
    if len(options) < 2:
        report(opening, f"the quiz has {len(options)} option(s): give it at least two, as '- [ ] …' lines")
    elif len(options) > MOST_OPTIONS:
        report(
            opening,
            f"the quiz has {len(options)} options: give it at most {MOST_OPTIONS}, the most picks the progress "
            "of a question keeps (sync/progress_document.schema.json)",
        )
    elif not rights:
        report(opening, "the quiz has no right option: mark the right one '- [x]'")
    elif len(rights) > 1:
        report(
            opening,
            f"the quiz marks {len(rights)} options right (lines {', '.join(map(str, rights))}): "
            "mark exactly one '- [x]'",
        )
    for option in options:
        if not option["explanation"]:
            report(
                option["line"],
                f"the option {option['text']!r} has no explanation: add a line under it, "
                "indented two spaces, that says why it is right or wrong",
            )
    quiz_id = argument or (question_key(question[1]) if question else None)
    same = next((quiz for quiz in context.blocks("quiz") if quiz["id"] == quiz_id), None)
    if same:
        report(
            opening,
            f"this quiz has the same {'name' if argument else 'question'} as the one on line {same['line']}: "
            "give each a name of its own, as ```quiz NAME, so saved answers stay on the right question",
        )
    if reported:
        return None
    return {
        "id": quiz_id,
        "question": context.render_inline(question[1], question[0]),
        "options": [
            {
                "html": context.render_inline(o["text"], o["line"]),
                "right": o["right"],
                "explanation": context.render_inline(" ".join(o["explanation"]), o["line"] + 1),
            }
            for o in options
        ],
    }


def question_key(question):
    """A quiz id made from its question's text as written (spaces aside): 'q-' and 8 hex digits."""
    return "q-" + hashlib.sha256(" ".join(question.split()).encode()).hexdigest()[:8]


KIND = BlockKind("quiz", parse=parse_quiz, template=TEMPLATES / "quiz.html", page_module=PAGE_MODULES / "quiz.js")
