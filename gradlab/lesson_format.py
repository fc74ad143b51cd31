"""The lesson format: markdown with front matter, math, computed numbers and four fenced blocks.

A lesson file is front matter between `---` lines, then markdown. Fenced blocks named
`exercise`, `quiz` and `explore` become structured data (collected on the `Markdown`
instance while it converts) plus HTML from the block templates; a `numbers` block is the
lesson's own Python, which the prose's {{ … }} numbers and the explores use. Every problem found
on the way is reported with its line instead of stopping at the first. See lessons/README.md.
"""

import difflib
import hashlib
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

from gradlab import exercise_block, explore_block, lesson_code, packages
from gradlab.concept_links import CONCEPT_LINK, ConceptLinkProcessor, FirstMentionOnly
from gradlab.problems import LessonProblem

BLOCK_KINDS = ("exercise", "quiz", "explore", "numbers")
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
    exercises: list = field(default_factory=list)
    quizzes: list = field(default_factory=list)
    explores: list = field(default_factory=list)
    packages: list = field(default_factory=list)  # paths of the wheels its code imports
    problems: list = field(default_factory=list)
    concept_mentions: list = field(default_factory=list)

    @property
    def id(self):
        return self.meta.get("id")

    @property
    def slug(self):
        return self.path.stem


def did_you_mean(word, choices):
    """' (did you mean 'exercise'?)' when word looks like a typo of one of choices, else ''."""
    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def convert_lesson(path, text, templates, wheel_cache=None):
    """Convert one lesson's text: front matter, HTML, its blocks as data, and the problems found.
    wheel_cache is where the wheels of the packages it lists are kept (fetched from PyPI once)."""
    source = LessonSource(path, text)
    meta, meta_lines, body_start = read_front_matter(source)
    wheels = lesson_packages(meta, meta_lines, source, wheel_cache)
    md = new_markdown(templates, source, first_line=body_start + 1, code=run_lesson_code(source, body_start))
    html = md.convert("\n".join(source.lines[body_start:]))
    return Lesson(path=source.path, meta=meta, meta_lines=meta_lines, html=html,
                  body_line=body_start + 1, sections=md.lesson_sections,
                  exercises=md.lesson_blocks["exercise"], quizzes=md.lesson_blocks["quiz"],
                  explores=md.lesson_blocks["explore"], packages=wheels, problems=source.problems,
                  concept_mentions=source.concept_mentions)


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
        report(1, "a lesson starts with front matter: a line '---', then lines such as "
                  "'id: 1.1' and 'title: What a derivative measures', then '---'")
        return {}, {}, 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---" or lines[i].startswith("#")),
               len(lines))
    if end == len(lines) or lines[end].strip() != "---":
        # No closing line before the first heading: the front matter is the key lines at the top.
        end = next((i for i in range(1, end) if lines[i].strip() and not KEY_VALUE.match(lines[i])), end)
        last = max(i for i in range(end) if lines[i].strip()) + 1
        report(last, f"the front matter is not closed: add a line '---' after line {last}")
        body_start = end
    else:
        body_start = end + 1
    meta, meta_lines = read_settings(lines[1:end], 2, source, "front matter key", FRONT_MATTER_KEYS,
                                     required={"id": "1.1", "title": "Its title"})
    if meta.get("id") and not LESSON_ID.fullmatch(meta["id"]):
        report(meta_lines["id"], f"id is the lesson's number, module then lesson, such as 8.6; not {meta['id']!r}")
    if "scripts" in meta and meta["scripts"] != "allowed":
        report(meta_lines["scripts"], f"scripts is 'allowed' (the lesson may run its own script) or left out; "
                                      f"not {meta['scripts']!r}")
    return meta, meta_lines, body_start


def new_markdown(templates, source, first_line, code=("", {})):
    """A fresh Markdown for one page (or fragment): standard extensions plus the lesson format.
    code is the lesson's numbers code and what running it defined (None if it failed)."""
    return markdown.Markdown(extensions=[
        "fenced_code", "codehilite", "admonition", "attr_list", "tables", "toc",
        LessonFormatExtension(templates=templates, source=source, first_line=first_line, code=code),
    ], extension_configs={
        "codehilite": {"guess_lang": False, "css_class": "highlight"},
        "toc": {"permalink": False},
    })


def render_fragment(text, md, first_line):
    """Render a short piece of markdown (a hint, a quiz option) with the same syntax as the page."""
    # One Markdown per lesson for all its fragments: making one costs far more than converting a line.
    if not hasattr(md, "fragment_markdown"):
        md.fragment_markdown = new_markdown(md.lesson_templates, md.lesson_source, first_line,
                                            (md.lesson_code, md.lesson_namespace))
    fragment = md.fragment_markdown
    fragment.reset()
    fragment.preprocessors["lesson_blocks"].first_line = first_line
    return fragment.convert(text)


def render_inline(text, md, line):
    """Render one line of markdown and drop the paragraph around it."""
    html = render_fragment(text, md, line).strip()
    return html[3:-4] if html.startswith("<p>") and html.endswith("</p>") else html


class LessonFormatExtension(Extension):
    """Registers the block preprocessor, display math, inline math and computed numbers."""

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
        md.lesson_blocks = {kind: [] for kind in BLOCK_KINDS}
        md.lesson_sections = []
        # Above fenced_code (25), so our blocks are claimed before it treats them as code.
        md.preprocessors.register(LessonBlockPreprocessor(md, self.getConfig("first_line")), "lesson_blocks", 30)
        md.preprocessors.register(DisplayMathPreprocessor(md), "display_math", 29)
        # Below fenced_code (25), so code excerpts keep their braces; above tables and every other block,
        # so the '|' of a number's format is gone before a table row is split at its '|'s.
        md.preprocessors.register(ComputedNumberPreprocessor(md), "computed_numbers", 24)
        md.treeprocessors.register(ScrollingTables(md), "scrolling_tables", 5)
        # Above backslash escapes (180) so LaTeX keeps its backslashes; below code spans (190).
        md.inlinePatterns.register(InlineMathProcessor(r"(?<![\\$])\$(?!\s)([^$\n]+?)(?<!\s)\$", md), "inline_math", 185)
        # Above links (160), so that [[…]] is not read as a markdown link; after the stash is restored (30).
        md.concept_mentions = md.lesson_source.concept_mentions
        md.inlinePatterns.register(ConceptLinkProcessor(CONCEPT_LINK, md), "concept_link", 184)
        md.postprocessors.register(FirstMentionOnly(md), "first_concept_mention", 5)


class LessonBlockPreprocessor(Preprocessor):
    """Walks the fenced blocks: parses and stashes exercise/quiz/explore, checks that code blocks
    name a known language, and notes each `## ` section heading with its line."""

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
                self.md.lesson_source.report(line, f"this ```{name} block is never closed: add a line {fence} where it ends")
                output.append(lines[index])
                index += 1
                continue
            if name in PARSERS:
                output += self.stash_block(name, argument, lines[index + 1:end], line)
            else:
                self.check_language(name, line)
                output += lines[index:end + 1]
            index = end + 1
        return output

    def stash_block(self, kind, argument, lines, line):
        """Parse one lesson block; put its HTML in the stash and its data on the Markdown instance."""
        block = PARSERS[kind](argument, lines, line, self.md)
        if block is None or kind == "numbers":
            return [""]
        block["line"] = line
        self.md.lesson_blocks[kind].append(block)
        html = self.md.lesson_templates.get_template(f"blocks/{kind}.html").render(block=block)
        return ["", self.md.htmlStash.store(html), ""]

    def check_language(self, name, line):
        """A fence names a lesson block or a language Pygments knows; anything else is a typo."""
        if not name or known_language(name):
            return
        self.md.lesson_source.report(
            line, f"unknown block '```{name}'{did_you_mean(name, BLOCK_KINDS + ('python', 'text'))}: "
                  "lesson blocks are exercise, quiz, explore and numbers, and a code block names a language, such as python or text")


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
            source.report(number, f"unknown {item} '{pair.group(1)}'{did_you_mean(pair.group(1), known)}: "
                                  f"the {item.split()[-1]}s are {', '.join(known)}")
            misspelt.update(difflib.get_close_matches(pair.group(1), known, n=1))
        elif pair.group(1) in values:
            source.report(number, f"'{pair.group(1)}' is given twice (first on line {value_lines[pair.group(1)]}): keep one")
        else:
            values[pair.group(1)], value_lines[pair.group(1)] = pair.group(2), number
    for key, example in (required or {}).items():
        # A misspelt key was reported already, with the right spelling.
        if not values.get(key) and key not in misspelt:
            source.report(first_line - 1, f"the {item} '{key}' is missing: add a line such as '{key}: {example}'")
    return values, value_lines


def parse_exercise(argument, lines, opening, md):
    """Exercise: settings, then parts (see gradlab/exercise_block.py)."""
    return exercise_block.parse_exercise(argument, lines, opening, md, read_settings, did_you_mean, render_fragment)


QUIZ_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")


def parse_quiz(argument, lines, opening, md):
    """Quiz: '? question', then options '- [ ] text' / '- [x] text', each with its explanation indented.
    Its id, which keys the learner's saved answers, is its name (```quiz NAME) or else made from the
    question's text, so inserting or moving questions leaves every saved answer on its own question."""
    report = md.lesson_source.report
    problems_before = len(md.lesson_source.problems)
    if argument and not QUIZ_NAME.fullmatch(argument):
        report(opening, f"a quiz's name is lowercase letters, digits, '-' and '_', such as ```quiz highway-rate; "
                        f"{argument!r} is not one")
    question, options = None, []
    for number, line in enumerate(lines, start=opening + 1):
        option = re.match(r"^[-*] \[( |x|X)\] (.+)$", line)
        if line.startswith("? "):
            question = (number, line[2:].strip())
        elif option:
            options.append({"text": option.group(2), "right": option.group(1) != " ", "line": number, "explanation": []})
        elif line.startswith("  ") and options:
            options[-1]["explanation"].append(line.strip())
        elif line.strip():
            report(number, f"a quiz has '? question', then '- [ ] option' or '- [x] option' lines, each followed by "
                           f"its explanation indented two spaces; {line.strip()!r} is none of these")
    rights = [option["line"] for option in options if option["right"]]
    if not question:
        report(opening, "the quiz has no question: add a line starting '? ' before its options")
    if len(options) < 2:
        report(opening, f"the quiz has {len(options)} option(s): give it at least two, as '- [ ] …' lines")
    elif not rights:
        report(opening, "the quiz has no right option: mark the right one '- [x]'")
    elif len(rights) > 1:
        report(opening, f"the quiz marks {len(rights)} options right (lines {', '.join(map(str, rights))}): "
                        "mark exactly one '- [x]'")
    for option in options:
        if not option["explanation"]:
            report(option["line"], f"the option {option['text']!r} has no explanation: add a line under it, "
                                   "indented two spaces, that says why it is right or wrong")
    quiz_id = argument or (question_key(question[1]) if question else None)
    same = next((quiz for quiz in md.lesson_blocks["quiz"] if quiz["id"] == quiz_id), None)
    if same:
        report(opening, f"this quiz has the same {'name' if argument else 'question'} as the one on line {same['line']}: "
                        "give each a name of its own, as ```quiz NAME, so saved answers stay on the right question")
    if len(md.lesson_source.problems) > problems_before:
        return None
    return {
        "id": quiz_id,
        "question": render_inline(question[1], md, question[0]),
        "options": [{"html": render_inline(o["text"], md, o["line"]), "right": o["right"],
                     "explanation": render_inline(" ".join(o["explanation"]), md, o["line"] + 1)} for o in options],
    }


def question_key(question):
    """A quiz id made from its question's text as written (spaces aside): 'q-' and 8 hex digits."""
    return "q-" + hashlib.sha256(" ".join(question.split()).encode()).hexdigest()[:8]


def parse_explore(argument, lines, opening, md):
    """Explore: a chart of the lesson's own Python function (see gradlab/explore_block.py)."""
    if md.lesson_namespace is None:
        return None  # the lesson's numbers code failed, which is reported already
    return explore_block.parse_explore(argument, lines, opening, md, md.lesson_code, render_inline, did_you_mean)


def parse_numbers(argument, lines, opening, md):
    """The lesson's numbers code ran before conversion (lesson_code.py); the page shows nothing of it."""
    return None


PARSERS = {"exercise": parse_exercise, "quiz": parse_quiz, "explore": parse_explore, "numbers": parse_numbers}


def latex_to_mathml(latex, display, md, snippet):
    """MathML for a LaTeX expression, so pages need no math JavaScript; a problem if it cannot be read."""
    try:
        return latex2mathml.converter.convert(latex.strip(), display="block" if display else "inline")
    except Exception as error:  # latex2mathml raises many kinds, most without a message
        source = md.lesson_source
        source.report(source.line_of(snippet), f"the math {snippet} is not LaTeX that can be rendered "
                                               f"({type(error).__name__}): check that every {{ has its }} "
                                               "and that every ^ and _ has something after it")
        return escape(snippet)


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
            source.report(source.line_of(match.group(0)),
                          f"the computed number {match.group(0)} failed with {type(error).__name__}: {error}{typo}; "
                          f"it can use the lesson's numbers functions ({', '.join(functions) or 'none yet'}) and "
                          "math, then '| format' such as .2f")
            return match.group(0)
        return self.md.htmlStash.store(f'<span class="computed">{escape(text)}</span>')


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
                region = etree.Element("div", {"class": "table-scroll", "role": "region", "tabindex": "0",
                                               "aria-label": label})
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
