"""The numbers block kind: the lesson's own Python, which the page does not show.

```numbers
def stack_gradient(depth): ...
```

Its code runs before the lesson is converted (gradlab/lesson_code.py); the prose quotes what it
computes as {{ stack_gradient(20) | .2f }}, and the explores share its functions.
"""

import re
from html import escape

from markdown.preprocessors import Preprocessor

from gradlab import lesson_code
from gradlab.blocks.kind import BlockKind
from gradlab.problems import did_you_mean


def parse_numbers(argument, lines, opening, context):
    """The lesson's numbers code ran before conversion (lesson_code.py); the page shows nothing of it."""
    return None


def extend(md):
    # Below fenced_code (25), so code excerpts keep their braces; above tables and every other block,
    # so the '|' of a number's format is gone before a table row is split at its '|'s.
    md.preprocessors.register(ComputedNumberPreprocessor(md), "computed_numbers", 24)


class ComputedNumberPreprocessor(Preprocessor):
    """`{{ expression | format }}` becomes the number the lesson's code computes at build time, stashed
    so that nothing after (a table's '|', emphasis) reads it again. A code span keeps its text."""

    NUMBER_OR_CODE_SPAN = re.compile(r"(?<!\\)(?P<ticks>`+).+?(?<!`)(?P=ticks)(?!`)|\{\{(?P<number>.+?)\}\}")

    def run(self, lines):
        if self.md.lesson_namespace is None:
            return lines  # the lesson's numbers code failed, which is reported already
        return [self.NUMBER_OR_CODE_SPAN.sub(self.replace, line) for line in lines]

    def replace(self, match):
        if match.group("number") is None:
            return match.group(0)
        namespace = self.md.lesson_namespace
        expression, _, spec = match.group("number").partition("|")
        try:
            text = lesson_code.evaluate(expression.strip(), spec.strip(), namespace)
        except Exception as error:  # whatever the expression raises, the instructor reads it
            source = self.md.lesson_source
            functions = lesson_code.lesson_functions(namespace)
            typo = did_you_mean(error.name, functions) if isinstance(error, NameError) else ""
            source.report(
                source.line_of(match.group(0)),
                f"the computed number {match.group(0)} failed with {type(error).__name__}: {error}{typo}; "
                f"it can use the lesson's numbers functions ({', '.join(functions) or 'none yet'}) and "
                "math, then '| format' such as .2f",
            )
            return match.group(0)
        return self.md.htmlStash.store(f'<span class="computed">{escape(text)}</span>')


KIND = BlockKind("numbers", parse=parse_numbers, extend=extend)
