"""The concept-link kind, written inside the prose: `[[softmax]]` or `[[the chain rule|chain-rule]]`.

The text before `|` is shown; the slug after it names the card (lessons/concepts/<slug>.md). Without
`|`, the slug is the text in lower case with spaces as dashes. Every mention is recorded (with its
line) so the build can refuse unknown concepts; only the first mention of each concept on a page
stays a link, so the prose is not a sea of underlines. (Whether each names a card is checked with
the cards: gradlab/concepts.py.)
"""

import re
from html import escape

from markdown.inlinepatterns import InlineProcessor
from markdown.postprocessors import Postprocessor

from gradlab.blocks.kind import BlockKind

CONCEPT_LINK = r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]|\n]+?))?\]\]"
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Every page that shows lesson or card prose sits one folder below the site's root.
CARD_HREF = "../concepts/{slug}.html"
LINK = re.compile(r'<a class="concept-link" data-concept="([^"]+)" href="[^"]*">(.*?)</a>', re.DOTALL)


def slug_of(text):
    """The slug a mention names when it gives none: 'Vanishing gradient' → 'vanishing-gradient'."""
    return "-".join(text.lower().split())


class ConceptLinkProcessor(InlineProcessor):
    """`[[text|slug]]` becomes a link to the card, and the mention is noted on the Markdown instance."""

    def handleMatch(self, m, data):
        text, slug = m.group(1).strip(), (m.group(2) or slug_of(m.group(1))).strip()
        source = self.md.lesson_source
        self.md.concept_mentions.append((slug, source.line_of(m.group(0))))
        html = f'<a class="concept-link" data-concept="{escape(slug)}" href="{CARD_HREF.format(slug=escape(slug))}">{escape(text)}</a>'
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


class FirstMentionOnly(Postprocessor):
    """Turn every concept link after the first one to the same card into plain text."""

    def run(self, text):
        seen = set()

        def keep_first(match):
            if match.group(1) in seen:
                return f'<span class="concept-mention">{match.group(2)}</span>'
            seen.add(match.group(1))
            return match.group(0)

        return LINK.sub(keep_first, text)


def extend(md):
    md.concept_mentions = md.lesson_source.concept_mentions
    # Above links (160), so that [[…]] is not read as a markdown link; after the stash is restored (30).
    md.inlinePatterns.register(ConceptLinkProcessor(CONCEPT_LINK, md), "concept_link", 184)
    md.postprocessors.register(FirstMentionOnly(md), "first_concept_mention", 5)


KIND = BlockKind("concept", extend=extend)
