"""The lesson format: markdown with front matter, math, computed numbers and three fenced blocks.

A lesson file is front matter between `---` lines, then markdown. Fenced blocks named
`exercise`, `quiz` and `explore` become structured data (collected on the `Markdown`
instance while it converts) plus HTML from the block templates. See lessons/README.md.
"""

import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

import latex2mathml.converter
import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from gradlab import computed

BLOCK_KINDS = ("exercise", "quiz", "explore")
SECTION_ORDER = ("Watch", "Explore", "Build", "Check yourself", "Unlocked in microgpt")


class LessonError(Exception):
    """A problem in a lesson file, located at path:line for the instructor who wrote it."""

    def __init__(self, path, line, message):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass
class Lesson:
    """One lesson after conversion: what the templates and the site writer need."""

    path: Path
    meta: dict
    html: str
    sections: list
    exercises: list = field(default_factory=list)
    quizzes: list = field(default_factory=list)
    explores: list = field(default_factory=list)

    @property
    def id(self):
        return self.meta["id"]

    @property
    def slug(self):
        return self.path.stem


def split_front_matter(text, path):
    """Return (meta, body, body_first_line) from a lesson's text."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise LessonError(path, 1, "a lesson starts with front matter: a line '---', then 'id: …', 'title: …', 'module: …', then '---'")
    meta = {}
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            break
        key, colon, value = line.partition(":")
        if not colon or not key.strip():
            raise LessonError(path, number, f"front matter lines read 'key: value', not {line!r}")
        meta[key.strip()] = value.strip()
    else:
        raise LessonError(path, 1, "front matter is not closed: add a line '---' after it")
    for required in ("id", "title", "module"):
        if not meta.get(required):
            raise LessonError(path, 1, f"front matter needs '{required}: …'")
    return meta, "\n".join(lines[number:]), number + 1


def convert_lesson(path, templates):
    """Read one lesson file and convert it: front matter, HTML, and its blocks as data."""
    text = Path(path).read_text(encoding="utf-8")
    meta, body, first_line = split_front_matter(text, path)
    md = new_markdown(templates, path, first_line)
    html = md.convert(body)
    sections = [title for level, title in md.lesson_headings if level == 2]
    return Lesson(path=Path(path), meta=meta, html=html, sections=sections,
                  exercises=md.lesson_blocks["exercise"], quizzes=md.lesson_blocks["quiz"],
                  explores=md.lesson_blocks["explore"])


def new_markdown(templates, path, first_line=1):
    """A fresh Markdown for one page: standard extensions plus the lesson format."""
    return markdown.Markdown(extensions=[
        "fenced_code", "codehilite", "admonition", "attr_list", "tables", "toc",
        LessonFormatExtension(templates=templates, path=str(path), first_line=first_line),
    ], extension_configs={
        "codehilite": {"guess_lang": False, "css_class": "highlight"},
        "toc": {"permalink": False},
    })


def render_fragment(text, md):
    """Render a short piece of markdown (a hint, a quiz option) with the same inline syntax."""
    fragment = new_markdown(md.lesson_templates, md.lesson_path)
    return fragment.convert(text)


class LessonFormatExtension(Extension):
    """Registers the block preprocessor, display math, inline math and computed numbers."""

    def __init__(self, **kwargs):
        self.config = {
            "templates": ["", "the Jinja2 environment holding blocks/*.html"],
            "path": ["", "the lesson's path, for error messages"],
            "first_line": [1, "line number in the file of the body's first line"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.lesson_templates = self.getConfig("templates")
        md.lesson_path = self.getConfig("path")
        md.lesson_blocks = {kind: [] for kind in BLOCK_KINDS}
        md.lesson_headings = []
        # Above fenced_code (25), so our blocks are claimed before it treats them as code.
        md.preprocessors.register(LessonBlockPreprocessor(md, self.getConfig("first_line")), "lesson_blocks", 30)
        md.preprocessors.register(DisplayMathPreprocessor(md), "display_math", 29)
        # Above backslash escapes (180) so LaTeX keeps its backslashes; below code spans (190).
        md.inlinePatterns.register(InlineMathProcessor(r"(?<![\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$", md), "inline_math", 185)
        md.inlinePatterns.register(ComputedNumberProcessor(r"\{\{(.+?)\}\}", md), "computed_number", 186)
        md.treeprocessors.register(HeadingCollector(md), "lesson_headings", 1)


class LessonBlockPreprocessor(Preprocessor):
    """Swallows ```exercise/quiz/explore fences, parses them, and stashes their HTML."""

    FENCE = re.compile(r"^(`{3,}|~{3,})\s*(exercise|quiz|explore)\b\s*(.*)$")

    def __init__(self, md, first_line):
        super().__init__(md)
        self.first_line = first_line

    def run(self, lines):
        output, index = [], 0
        while index < len(lines):
            opening = self.FENCE.match(lines[index])
            if not opening:
                output.append(lines[index])
                index += 1
                continue
            fence, kind, argument = opening.groups()
            end = next((i for i in range(index + 1, len(lines)) if lines[i].strip() == fence), None)
            line = self.first_line + index
            if end is None:
                raise LessonError(self.md.lesson_path, line, f"the {kind} block is not closed: add a line {fence}")
            block = PARSERS[kind](argument.strip(), lines[index + 1:end], line + 1, self.md)
            block["line"] = line
            self.md.lesson_blocks[kind].append(block)
            html = self.md.lesson_templates.get_template(f"blocks/{kind}.html").render(block=block)
            output += ["", self.md.htmlStash.store(html), ""]
            index = end + 1
        return output


def parse_exercise(argument, lines, first_line, md):
    """Exercise: 'key: value' settings, then '--- starter', '--- solution', '--- hint' parts."""
    path = md.lesson_path
    if not argument:
        raise LessonError(path, first_line - 1, "name the exercise: ```exercise residual_stack")
    settings, parts, current = {}, [], None
    for number, line in enumerate(lines, start=first_line):
        marker = re.match(r"^---\s*(\w+)\s*$", line)
        if marker:
            if marker.group(1) not in ("starter", "solution", "hint"):
                raise LessonError(path, number, f"unknown exercise part '{marker.group(1)}': use starter, solution or hint")
            current = {"name": marker.group(1), "line": number, "lines": []}
            parts.append(current)
        elif current is not None:
            current["lines"].append(line)
        elif line.strip():
            key, colon, value = line.partition(":")
            if not colon:
                raise LessonError(path, number, f"exercise settings read 'key: value', not {line!r}")
            settings[key.strip()] = value.strip()
    texts = {name: ["\n".join(p["lines"]).strip("\n") + "\n" for p in parts if p["name"] == name]
             for name in ("starter", "solution", "hint")}
    for required in ("starter", "solution"):
        if len(texts[required]) != 1:
            raise LessonError(path, first_line - 1, f"an exercise needs exactly one '--- {required}' part")
    time_limit = settings.get("time_limit", "10")
    if not re.fullmatch(r"\d+(\.\d+)?", time_limit):
        raise LessonError(path, first_line - 1, f"time_limit is a number of seconds, not {time_limit!r}")
    return {
        "id": argument,
        "check": settings.get("check", argument),
        "time_limit": float(time_limit),
        "starter": texts["starter"][0],
        "solution": texts["solution"][0],
        "hints": [render_fragment(hint, md) for hint in texts["hint"]],
    }


def parse_quiz(argument, lines, first_line, md):
    """Quiz: '? question', then options '- [ ] text' / '- [x] text', each with indented explanation."""
    path = md.lesson_path
    question, options = None, []
    for number, line in enumerate(lines, start=first_line):
        option = re.match(r"^[-*] \[( |x|X)\] (.+)$", line)
        if line.startswith("? "):
            question = line[2:].strip()
        elif option:
            options.append({"text": option.group(2), "right": option.group(1) != " ", "line": number, "explanation": []})
        elif line.startswith("  ") and options:
            options[-1]["explanation"].append(line.strip())
        elif line.strip():
            raise LessonError(path, number, f"in a quiz, write '? question', '- [ ] option' or '- [x] option', then the option's explanation indented; got {line!r}")
    if not question:
        raise LessonError(path, first_line - 1, "a quiz needs its question on a line starting '? '")
    if len(options) < 2:
        raise LessonError(path, first_line - 1, "a quiz needs at least two options")
    rights = [o for o in options if o["right"]]
    if len(rights) != 1:
        raise LessonError(path, first_line - 1, f"a quiz needs exactly one right option '- [x]', found {len(rights)}")
    for option in options:
        if not option["explanation"]:
            raise LessonError(path, option["line"], "every option needs an explanation, indented two spaces under it")
    number = len(md.lesson_blocks["quiz"]) + 1
    return {
        "id": f"q{number}",
        "question": render_inline(question, md),
        "options": [{"html": render_inline(o["text"], md), "right": o["right"],
                     "explanation": render_inline(" ".join(o["explanation"]), md)} for o in options],
    }


def parse_explore(argument, lines, first_line, md):
    """Explore: a named interactive figure with 'key: value' settings; its data is computed now."""
    path = md.lesson_path
    if argument not in computed.EXPLORES:
        known = ", ".join(sorted(computed.EXPLORES))
        raise LessonError(path, first_line - 1, f"unknown explore '{argument}': known ones are {known}")
    settings = {}
    for number, line in enumerate(lines, start=first_line):
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise LessonError(path, number, f"explore settings read 'key: value', not {line!r}")
        settings[key.strip()] = value.strip()
    try:
        data = computed.EXPLORES[argument](**settings)
    except (TypeError, ValueError) as error:
        raise LessonError(path, first_line - 1, f"explore '{argument}': {error}") from None
    return {"name": argument, "settings": settings, "data": data}


PARSERS = {"exercise": parse_exercise, "quiz": parse_quiz, "explore": parse_explore}


def render_inline(text, md):
    """Render one line of markdown and drop the paragraph around it."""
    html = render_fragment(text, md).strip()
    return html[3:-4] if html.startswith("<p>") and html.endswith("</p>") else html


def latex_to_mathml(latex, display):
    """MathML for a LaTeX expression, so pages need no math JavaScript."""
    return latex2mathml.converter.convert(latex.strip(), display="block" if display else "inline")


class DisplayMathPreprocessor(Preprocessor):
    """`$$ … $$` on lines of their own becomes a stashed MathML block."""

    def run(self, lines):
        text = "\n".join(lines)

        def stash(match):
            return "\n\n" + self.md.htmlStash.store(latex_to_mathml(match.group(1), display=True)) + "\n\n"

        return re.sub(r"^\$\$(.+?)\$\$\s*$", stash, text, flags=re.MULTILINE | re.DOTALL).split("\n")


class InlineMathProcessor(InlineProcessor):
    """`$ … $` inside a paragraph becomes inline MathML."""

    def handleMatch(self, m, data):
        return self.md.htmlStash.store(latex_to_mathml(m.group(1), display=False)), m.start(0), m.end(0)


class ComputedNumberProcessor(InlineProcessor):
    """`{{ expression | format }}` becomes the number the engine computes at build time."""

    def handleMatch(self, m, data):
        expression, _, spec = m.group(1).partition("|")
        try:
            text = computed.evaluate(expression.strip(), spec.strip())
        except Exception as error:
            raise LessonError(self.md.lesson_path, "?", f"computed number {{{{{m.group(1)}}}}} failed: {error}") from None
        return self.md.htmlStash.store(f'<span class="computed">{escape(text)}</span>'), m.start(0), m.end(0)


class HeadingCollector(Treeprocessor):
    """Remembers the headings (level, text) so the build can check the sections."""

    def run(self, root):
        for element in root.iter():
            if re.fullmatch(r"h[1-6]", element.tag):
                self.md.lesson_headings.append((int(element.tag[1]), "".join(element.itertext()).strip()))
