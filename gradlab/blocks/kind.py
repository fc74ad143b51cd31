"""What a kind of lesson block is: the one interface every kind (exercise, quiz, explore, numbers,
concept links, callouts, and any new one) implements. docs/blocks.md has the recipe for a new kind."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# Where the built-in kinds keep their template and page module; a kind defined elsewhere (a test's)
# names files of its own anywhere.
REPOSITORY = Path(__file__).resolve().parents[2]
TEMPLATES = REPOSITORY / "templates" / "blocks"
PAGE_MODULES = REPOSITORY / "static" / "page"


@dataclass(frozen=True)
class BlockKind:
    """One kind of lesson block, in one Python module (which defines it as KIND).

    name         the fence that opens it (```quiz), and the page's data-block="quiz" that starts it
    parse        parse(argument, lines, opening, context) → the block's data, or None when it shows
                 nothing or cannot be used (its problems reported through context.report at their line).
                 context is a gradlab.lesson_format.BlockContext. Without parse, no fence opens the kind.
    template     its one Jinja2 template, rendered with `block` (the data); None: nothing on the page
    page_module  its one page module (JavaScript), exporting start(element, page) → a handle, and
                 usesPython = true if it needs the page's Python; None: the page runs nothing of it
    check        check(lesson) → [LessonProblem]: what the build refuses beyond parsing, run after the
                 lesson is converted (lesson.blocks[name] holds each block's data, in page order)
    write        write(block, folder): files beside the page, such as what a block loads on request
    extend       extend(md): for a kind written inside the prose rather than fenced ([[concept]],
                 !!! note), registers its Python-Markdown processors
    """

    name: str
    parse: Callable | None = None
    template: Path | None = None
    page_module: Path | None = None
    check: Callable | None = None
    write: Callable | None = None
    extend: Callable | None = None

    @property
    def template_name(self):
        """The name the Jinja2 environment knows its template by (see template_loader)."""
        return f"blocks/{self.name}.html"
