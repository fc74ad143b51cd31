"""Every kind of lesson block, in the one list the build, the checks and the page all read.

A kind is one module defining KIND, a BlockKind (gradlab/blocks/kind.py): how it is parsed and
checked, its one template, the files it writes beside the page, and its one page module. Adding a
kind is that module, its template and page module if it has them, and its line here (docs/blocks.md).
A build may be given other kinds too: build.build_site(..., block_kinds=BLOCK_KINDS + [kind]).
"""

import json

import jinja2

from gradlab.blocks import callouts, concept_links, exercise, explore, numbers, quiz
from gradlab.blocks.kind import BlockKind

# The fenced kinds in the order the "unknown block" message names them.
BLOCK_KINDS = (exercise.KIND, quiz.KIND, explore.KIND, numbers.KIND, concept_links.KIND, callouts.KIND)

__all__ = ["BLOCK_KINDS", "BlockKind", "template_loader", "page_registry"]


def template_loader(templates_dir, block_kinds):
    """Jinja2's loader for the page templates in templates_dir and each kind's template, wherever it
    lives, by the name blocks/<kind>.html."""
    paths = {kind.template_name: kind.template for kind in block_kinds if kind.template}

    def load(name):
        path = paths.get(name)
        if path is None:
            return None
        written = path.stat().st_mtime
        return path.read_text(encoding="utf-8"), str(path), lambda: path.exists() and path.stat().st_mtime == written

    return jinja2.ChoiceLoader([jinja2.FunctionLoader(load), jinja2.FileSystemLoader(templates_dir)])


def page_registry(block_kinds):
    """The page's side of the one list: a JavaScript module exporting BLOCK_MODULES, each kind's page
    module by its name, which static/page/lesson.js imports as "gradlab-block-modules"."""
    kinds = [kind for kind in block_kinds if kind.page_module]
    lines = ["// Written by the build from the block kinds (gradlab/blocks): each kind's page module, by its name."]
    lines += [
        f"import * as kind{index} from {json.dumps(kind.page_module.as_posix())};" for index, kind in enumerate(kinds)
    ]
    lines.append(
        "export const BLOCK_MODULES = { "
        + ", ".join(f"{json.dumps(kind.name)}: kind{index}" for index, kind in enumerate(kinds))
        + " };"
    )
    return "\n".join(lines) + "\n"
