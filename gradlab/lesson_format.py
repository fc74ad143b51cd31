"""The lesson format: markdown with front matter, math, and the lesson blocks of gradlab/blocks.

A lesson file is front matter between `---` lines, then markdown. A fence that names a block kind
(```exercise, ```quiz, ```explore, ```numbers) is parsed by that kind into data (collected on the
`Markdown` instance while it converts) and HTML from its template; kinds written inside the prose
([[concept]] links, !!! callouts) register their own processors. Every problem found on the way is
reported with its line instead of stopping at the first. See lessons/README.md and docs/blocks.md.
"""

import difflib
import re
import xml.etree.ElementTree as etree
from collections import Counter
from dataclasses import dataclass, field
from html import escape, unescape
from pathlib import Path

import latex2mathml.converter
import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from gradlab import lesson_code, packages
from gradlab.blocks import BLOCK_KINDS
from gradlab.problems import LessonProblem, did_you_mean

FRONT_MATTER_KEYS = ("id", "title", "module", "summary", "scripts", "packages")
LESSON_ID = re.compile(r"\d+\.\d+")
KEY_VALUE = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$")
STASHED = re.compile("\x02wzxhzdk:\\d+\x03")  # a piece Python-Markdown stashed: math, a number, raw HTML


class LessonSource:
    """A lesson's (or the course plan's) lines and the problems found in it so far."""

    def __init__(self, path, text):
        self.path = Path(path)
        self.lines = text.splitlines()
        self.problems = []
        self.concept_mentions = []  # (slug, line) of each [[concept]] link, for the build to check
        self._located = Counter()

    def report(self, line, message):
        self.problems.append(LessonProblem(self.path, line, message))

    def line_of(self, snippet):
        """The line of snippet's next occurrence, for problems found after markdown dropped line numbers."""
        lines = [number for number, text in enumerate(self.lines, start=1) if snippet in text]
        occurrence = self._located[snippet]
        self._located[snippet] += 1
        return lines[min(occurrence, len(lines) - 1)] if lines else 1


@dataclass
class Lesson:
    """One lesson after conversion: what the checks, the templates and the site writer need."""

    path: Path
    meta: dict
    meta_lines: dict
    html: str
    body_line: int
    sections: list
    blocks: dict = field(default_factory=dict)  # each block kind's name → its blocks' data, in page order
    packages: list = field(default_factory=list)  # paths of the wheels its code imports
    problems: list = field(default_factory=list)
    concept_mentions: list = field(default_factory=list)
    lines: list = field(default_factory=list)  # the source's lines, for checks that read it as written

    @property
    def id(self):
        return self.meta.get("id")

    @property
    def slug(self):
        return self.path.stem

    @property
    def exercises(self):
        return self.blocks.get("exercise", [])

    @property
    def quizzes(self):
        return self.blocks.get("quiz", [])

    @property
    def explores(self):
        return self.blocks.get("explore", [])


def block_kinds_of(templates):
    """The block kinds a Jinja2 environment renders (build.make_templates gives it them); else every built-in one."""
    return getattr(templates, "block_kinds", BLOCK_KINDS)


def convert_lesson(path, text, templates, wheel_cache=None):
    """Convert one lesson's text: front matter, HTML, its blocks as data, and the problems found.
    wheel_cache is where the wheels of the packages it lists are kept (fetched from PyPI once)."""
    source = LessonSource(path, text)
    meta, meta_lines, body_start = read_front_matter(source)
    wheels = lesson_packages(meta, meta_lines, source, wheel_cache)
    md = new_markdown(templates, source, first_line=body_start + 1, code=run_lesson_code(source, body_start))
    html = md.convert("\n".join(source.lines[body_start:]))
    return Lesson(
        path=source.path,
        meta=meta,
        meta_lines=meta_lines,
        html=html,
        body_line=body_start + 1,
        sections=md.lesson_sections,
        blocks=md.lesson_blocks,
        packages=wheels,
        problems=source.problems,
        concept_mentions=source.concept_mentions,
        lines=source.lines,
    )


def run_lesson_code(source, body_start):
    """The page's numbers code and what running it defined (None if it failed, which is reported)."""
    code, file_lines = lesson_code.numbers_code(source.lines[body_start:], body_start + 1)
    namespace, problem = lesson_code.run_numbers_code(code, file_lines)
    if problem:
        source.report(*problem)
    return code, namespace


def lesson_packages(meta, meta_lines, source, wheel_cache):
    """The wheels of the packages the front matter lists, importable from here on; problems reported."""
    if not meta.get("packages"):
        return []
    wheels, problems = packages.fetch_lesson_packages(meta["packages"], wheel_cache or Path(".cache/wheels"))
    for problem in problems:
        source.report(meta_lines["packages"], problem)
    packages.make_importable(wheels)
    return wheels


def read_front_matter(source):
    """Return (meta, the line of each key, index of the body's first line), reporting what is wrong."""
    lines, report = source.lines, source.report
    if not lines or lines[0].strip() != "---":
        report(
            1,
            "a lesson starts with front matter: a line '---', then lines such as "
            "'id: 1.1' and 'title: What a derivative measures', then '---'",
        )
        return {}, {}, 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---" or lines[i].startswith("#")), len(lines))
    if end == len(lines) or lines[end].strip() != "---":
        # No closing line before the first heading: the front matter is the key lines at the top.
        end = next((i for i in range(1, end) if lines[i].strip() and not KEY_VALUE.match(lines[i])), end)
        last = max(i for i in range(end) if lines[i].strip()) + 1
        report(last, f"the front matter is not closed: add a line '---' after line {last}")
        body_start = end
    else:
        body_start = end + 1
    meta, meta_lines = read_settings(
        lines[1:end], 2, source, "front matter key", FRONT_MATTER_KEYS, required={"id": "1.1", "title": "Its title"}
    )
    if meta.get("id") and not LESSON_ID.fullmatch(meta["id"]):
        report(meta_lines["id"], f"id is the lesson's number, module then lesson, such as 8.6; not {meta['id']!r}")
    if "scripts" in meta and meta["scripts"] != "allowed":
        report(
            meta_lines["scripts"],
            f"scripts is 'allowed' (the lesson may run its own script) or left out; not {meta['scripts']!r}",
        )
    return meta, meta_lines, body_start


def new_markdown(templates, source, first_line, code=("", {})):
    """A fresh Markdown for one page (or fragment): standard extensions plus the lesson format.
    code is the lesson's numbers code and what running it defined (None if it failed)."""
    return markdown.Markdown(
        extensions=[
            "fenced_code",
            "codehilite",
            "attr_list",
            "tables",
            "toc",
            LessonFormatExtension(templates=templates, source=source, first_line=first_line, code=code),
        ],
        extension_configs={
            "codehilite": {"guess_lang": False, "css_class": "highlight"},
            "toc": {"permalink": False},
        },
    )


def render_fragment(text, md, first_line):
    """Render a short piece of markdown (a hint, a quiz option) with the same syntax as the page."""
    # One Markdown per lesson for all its fragments: making one costs far more than converting a line.
    if not hasattr(md, "fragment_markdown"):
        md.fragment_markdown = new_markdown(
            md.lesson_templates, md.lesson_source, first_line, (md.lesson_code, md.lesson_namespace)
        )
    fragment = md.fragment_markdown
    fragment.reset()
    fragment.preprocessors["lesson_blocks"].first_line = first_line
    return fragment.convert(text)


def render_inline(text, md, line):
    """Render one line of markdown and drop the paragraph around it."""
    html = render_fragment(text, md, line).strip()
    return html[3:-4] if html.startswith("<p>") and html.endswith("</p>") else html


class BlockContext:
    """What a block kind's parse is given besides its own lines: where problems go, the page's blocks
    parsed so far, the lesson's numbers code, and markdown rendered with the page's own syntax."""

    def __init__(self, md):
        self.md = md
        self.source = md.lesson_source  # the file's lines (LessonSource)
        self.code, self.namespace = md.lesson_code, md.lesson_namespace  # namespace: None if the code failed

    def report(self, line, message):
        """A problem at a line of the lesson's file."""
        self.source.report(line, message)

    def blocks(self, kind):
        """The data of the blocks of that kind parsed so far on this page."""
        return self.md.lesson_blocks[kind]

    def render_markdown(self, text, first_line):
        """HTML for a piece of markdown (a hint) whose first line is first_line of the file."""
        return render_fragment(text, self.md, first_line)

    def render_inline(self, text, line):
        """HTML for one line of markdown, without the paragraph around it."""
        return render_inline(text, self.md, line)

    def read_settings(self, lines, first_line, item, known, required=None):
        """'key: value' lines as (values, the line of each key); see read_settings."""
        return read_settings(lines, first_line, self.source, item, known, required)

    @staticmethod
    def did_you_mean(word, choices):
        return did_you_mean(word, choices)


class LessonFormatExtension(Extension):
    """Registers the block preprocessor, display math, inline math, and each block kind's own processors."""

    def __init__(self, **kwargs):
        self.config = {
            "templates": ["", "the Jinja2 environment holding blocks/*.html"],
            "source": ["", "the LessonSource: the file's lines and where problems go"],
            "first_line": [1, "line number in the file of the converted text's first line"],
            "code": [("", {}), "the lesson's numbers code, and its namespace once run (None if it failed)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.lesson_templates = self.getConfig("templates")
        md.lesson_source = self.getConfig("source")
        md.lesson_code, md.lesson_namespace = self.getConfig("code")
        md.block_kinds = block_kinds_of(md.lesson_templates)
        md.lesson_blocks = {kind.name: [] for kind in md.block_kinds}
        md.lesson_sections = []
        # Above fenced_code (25), so our blocks are claimed before it treats them as code.
        md.preprocessors.register(LessonBlockPreprocessor(md, self.getConfig("first_line")), "lesson_blocks", 30)
        md.preprocessors.register(DisplayMathPreprocessor(md), "display_math", 29)
        md.treeprocessors.register(ScrollingTables(md), "scrolling_tables", 5)
        # Above backslash escapes (180) so LaTeX keeps its backslashes; below code spans (190).
        md.inlinePatterns.register(
            InlineMathProcessor(r"(?<![\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$", md), "inline_math", 185
        )
        for kind in md.block_kinds:
            if kind.extend:
                kind.extend(md)


class LessonBlockPreprocessor(Preprocessor):
    """Walks the fenced blocks: has each one that names a block kind parsed by it and stashes its HTML,
    checks that code blocks name a known language, and notes each `## ` section heading with its line."""

    FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
    SECTION = re.compile(r"^##(?!#)\s+(.+?)(?:\s+#+)?\s*$")

    def __init__(self, md, first_line):
        super().__init__(md)
        self.first_line = first_line

    def run(self, lines):
        output, index = [], 0
        while index < len(lines):
            opening = self.FENCE.match(lines[index])
            line = self.first_line + index
            if not opening:
                section = self.SECTION.match(lines[index])
                if section:
                    self.md.lesson_sections.append((line, section.group(1)))
                output.append(lines[index])
                index += 1
                continue
            fence, (name, argument) = opening.group(1), fence_name(opening.group(2))
            end = next((i for i in range(index + 1, len(lines)) if lines[i].rstrip() == fence), None)
            if end is None:
                # Read on as if the fence were text, so the rest of the lesson is still checked.
                self.md.lesson_source.report(
                    line, f"this ```{name} block is never closed: add a line {fence} where it ends"
                )
                output.append(lines[index])
                index += 1
                continue
            kind = next((kind for kind in self.md.block_kinds if kind.parse and kind.name == name), None)
            if kind:
                output += self.stash_block(kind, argument, lines[index + 1 : end], line)
            else:
                self.check_language(name, line)
                output += lines[index : end + 1]
            index = end + 1
        return output

    def stash_block(self, kind, argument, lines, line):
        """Parse one lesson block; put its HTML in the stash and its data on the Markdown instance."""
        block = kind.parse(argument, lines, line, BlockContext(self.md))
        if block is None:
            return [""]
        block["line"] = line
        self.md.lesson_blocks[kind.name].append(block)
        if not kind.template:
            return [""]
        html = self.md.lesson_templates.get_template(kind.template_name).render(block=block)
        return ["", self.md.htmlStash.store(html), ""]

    def check_language(self, name, line):
        """A fence names a lesson block or a language Pygments knows; anything else is a typo."""
        if not name or known_language(name):
            return
        fenced = [kind.name for kind in self.md.block_kinds if kind.parse]
        self.md.lesson_source.report(
            line,
            f"unknown block '```{name}'{did_you_mean(name, fenced + ['python', 'text'])}: "
            f"lesson blocks are {', '.join(fenced[:-1])} and {fenced[-1]}, and a code block names a language, "
            "such as python or text",
        )


def fence_name(info):
    """Split a fence's info string into (name, argument): 'exercise my_function', '{ .python hl_lines="2" }'."""
    info = info.strip()
    if info.startswith("{"):
        language = re.search(r"\.([\w+#-]+)", info)
        return (language.group(1) if language else ""), ""
    name, _, argument = info.partition(" ")
    return name, argument.strip()


def known_language(name):
    try:
        get_lexer_by_name(name)
    except ClassNotFound:
        return False
    return True


def read_settings(lines, first_line, source, item, known, required=None):
    """Read 'key: value' lines into (values, the line of each key), reporting other lines, unknown or
    repeated keys, and required ones missing (at the line before the first: the fence or the '---')."""
    values, value_lines, misspelt = {}, {}, set()
    for number, line in enumerate(lines, start=first_line):
        pair = KEY_VALUE.match(line)
        if not line.strip():
            continue
        if not pair:
            source.report(number, f"{item}s read 'key: value', not {line.strip()!r}")
        elif pair.group(1) not in known:
            source.report(
                number,
                f"unknown {item} '{pair.group(1)}'{did_you_mean(pair.group(1), known)}: "
                f"the {item.split()[-1]}s are {', '.join(known)}",
            )
            misspelt.update(difflib.get_close_matches(pair.group(1), known, n=1))
        elif pair.group(1) in values:
            source.report(
                number, f"'{pair.group(1)}' is given twice (first on line {value_lines[pair.group(1)]}): keep one"
            )
        else:
            values[pair.group(1)], value_lines[pair.group(1)] = pair.group(2), number
    for key, example in (required or {}).items():
        # A misspelt key was reported already, with the right spelling.
        if not values.get(key) and key not in misspelt:
            source.report(first_line - 1, f"the {item} '{key}' is missing: add a line such as '{key}: {example}'")
    return values, value_lines


def latex_to_mathml(latex, display, md, snippet):
    """MathML for a LaTeX expression, so pages need no math JavaScript; a problem if it cannot be read."""
    try:
        mathml = latex2mathml.converter.convert(latex.strip(), display="block" if display else "inline")
    except Exception as error:  # latex2mathml raises many kinds, most without a message
        source = md.lesson_source
        source.report(
            source.line_of(snippet),
            f"the math {snippet} is not LaTeX that can be rendered "
            f"({type(error).__name__}): check that every {{ has its }} "
            "and that every ^ and _ has something after it",
        )
        return escape(snippet)
    if STASHED.search(latex):  # a piece that cannot be math: the page check names it at the lesson's line
        return mathml
    # Its source as alttext: what a screen reader without MathML reads instead.
    return mathml.replace("<math", f'<math alttext="{escape(latex.strip(), quote=True)}"', 1)


class DisplayMathPreprocessor(Preprocessor):
    """`$$ … $$` starting a line becomes a stashed MathML block."""

    def run(self, lines):
        text = "\n".join(lines)

        def stash(match):
            mathml = latex_to_mathml(match.group(1), True, self.md, match.group(0).splitlines()[0])
            return "\n\n" + self.md.htmlStash.store(mathml) + "\n\n"

        return re.sub(r"^\$\$(.+?)\$\$\s*$", stash, text, flags=re.MULTILINE | re.DOTALL).split("\n")


class InlineMathProcessor(InlineProcessor):
    """`$ … $` inside a paragraph becomes inline MathML."""

    def handleMatch(self, m, data):
        mathml = latex_to_mathml(m.group(1), False, self.md, m.group(0))
        return self.md.htmlStash.store(mathml), m.start(0), m.end(0)


class ScrollingTables(Treeprocessor):
    """Each markdown table goes in a labelled region that scrolls sideways on its own, so that a wide
    table never makes the whole page scroll at 360 px (a keyboard reaches it: tabindex 0)."""

    def run(self, root):
        for parent in list(root.iter()):
            for index, table in enumerate(list(parent)):
                if table.tag != "table":
                    continue
                headers = [" ".join(self.shown_text("".join(th.itertext())).split()) for th in table.iter("th")]
                label = "Table: " + ", ".join(filter(None, headers)) if any(headers) else "Table"
                region = etree.Element(
                    "div", {"class": "table-scroll", "role": "region", "tabindex": "0", "aria-label": label}
                )
                parent.remove(table)
                region.append(table)
                region.tail, table.tail = table.tail, None
                parent.insert(index, region)

    def shown_text(self, text):
        """text with each stashed piece (math, a number) replaced by the words it shows."""

        def words(match):
            number = int(re.search(r"\d+", match.group(0)).group(0))
            stash = self.md.htmlStash.rawHtmlBlocks
            html = str(stash[number]) if number < len(stash) else ""
            return " " + unescape(re.sub(r"<[^>]*>", "", html)) + " "

        return STASHED.sub(words, text)
