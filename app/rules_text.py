"""The in-app rules pages: our own texts in ``assets/rules/<game>.<lang>.md``, by paragraph.

Each ``## Title {#anchor}`` starts a paragraph; refusals and violations link
to the paragraph that explains them.
"""

from __future__ import annotations

import pathlib
import re
import unicodedata
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
    title, current = game, None
    paragraphs: list[Paragraph] = []
    lines: list[str] = []
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


# Endings a word takes in Lithuanian (without diacritics; tried longest first):
# the verb's infinitive and present, the noun's cases, the -imas noun made from a verb.
# Cutting one off leaves the stem that the word's other forms begin with: "traukti",
# "traukia", "traukimas" all begin "trauk"; "širdys", "širdžių" begin "sird".
_ENDINGS = {
    "lt": tuple(
        sorted(
            [
                "imas",
                "imai",
                "imu",
                "imo",
                "ima",
                "iamas",
                "iama",
                "amas",
                "ama",
                "ti",
                "tis",
                "ia",
                "iu",
                "io",
                "ie",
                "iai",
                "ioje",
                "iuose",
                "as",
                "is",
                "ys",
                "us",
                "es",
                "os",
                "ai",
                "ei",
                "ui",
                "au",
                "a",
                "e",
                "i",
                "o",
                "u",
                "y",
            ],
            key=len,
            reverse=True,
        )
    ),
    "en": ("ing", "ed", "es", "s"),
}
_SHORTEST_STEM = 3  # an ending is not cut where less would be left


def plain(text: str) -> str:
    """Case and diacritics gone, so a word typed without them is the same word ("sirdys")."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str, lang: str) -> str:
    """The word without its ending (``plain`` first): what its other forms begin with."""
    word = plain(word)
    for ending in _ENDINGS.get(lang, ()):
        if word.endswith(ending) and len(word) - len(ending) >= _SHORTEST_STEM:
            return word[: -len(ending)]
    return word


def finds(query: str, text: str, lang: str) -> bool:
    """Whether every word of ``query``, in any of its forms, begins a word of ``text``."""
    words = re.findall(r"\w+", plain(text))
    return all(any(w.startswith(stem(q, lang)) for w in words) for q in re.findall(r"\w+", query))


def marked(query: str, text: str, lang: str) -> list[tuple[str, bool]]:
    """``text`` in pieces, each word that a word of ``query`` finds (``finds``) marked: what
    a search shows lit in the paragraphs it found."""
    stems = [stem(q, lang) for q in re.findall(r"\w+", query)]
    pieces: list[tuple[str, bool]] = []
    at = 0
    for word in re.finditer(r"\w+", text):
        if any(plain(word.group()).startswith(s) for s in stems if s):
            if word.start() > at:
                pieces.append((text[at : word.start()], False))
            pieces.append((word.group(), True))
            at = word.end()
    if at < len(text):
        pieces.append((text[at:], False))
    return pieces


def search(game: str, lang: str, query: str) -> tuple[Paragraph, ...]:
    """Paragraphs whose title or text has every word of ``query`` in some form of it:
    "traukimas" finds "traukti" and "traukia", "sirdys" finds "širdys"."""
    _, paragraphs = rules_page(game, lang)
    return tuple(p for p in paragraphs if finds(query, p.title + " " + p.body, lang))
