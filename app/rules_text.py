"""The in-app rules pages: our own texts in ``assets/rules/<game>.<lang>.md``, by paragraph.

Each ``## Title {#anchor}`` starts a paragraph; refusals and violations link
to the paragraph that explains them.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass
from functools import cache

RULES_DIR = pathlib.Path(__file__).resolve().parent.parent / "assets" / "rules"
_HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<anchor>[a-z0-9-]+)\}\s*$")


@dataclass(frozen=True)
class Paragraph:
    anchor: str
    title: str
    body: str


@cache
def rules_page(game: str, lang: str) -> tuple[str, tuple[Paragraph, ...]]:
    """The page's title and its paragraphs."""
    text = (RULES_DIR / f"{game}.{lang}.md").read_text(encoding="utf-8")
    title, paragraphs, current, lines = game, [], None, []
    for line in text.splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
            continue
        match = _HEADING.match(line)
        if match:
            if current:
                paragraphs.append(Paragraph(current[0], current[1], "\n".join(lines).strip()))
            current, lines = (match["anchor"], match["title"]), []
        elif current:
            lines.append(line)
    if current:
        paragraphs.append(Paragraph(current[0], current[1], "\n".join(lines).strip()))
    return title, tuple(paragraphs)


def search(game: str, lang: str, query: str) -> tuple[Paragraph, ...]:
    """Paragraphs whose title or text holds every word of ``query`` (case-insensitive)."""
    words = query.casefold().split()
    _, paragraphs = rules_page(game, lang)
    return tuple(
        p for p in paragraphs if all(w in (p.title + " " + p.body).casefold() for w in words)
    )
