"""The callout kind, written inside the prose: Python-Markdown's admonitions.

!!! note "A title"
    Its body, indented four spaces. Other kinds: tip, warning, danger.
"""

from markdown.extensions.admonition import AdmonitionExtension

from gradlab.blocks.kind import BlockKind


def extend(md):
    AdmonitionExtension().extendMarkdown(md)


KIND = BlockKind("callout", extend=extend)
