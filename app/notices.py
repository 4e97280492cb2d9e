"""Notices at the table: a refusal (loud, kind), proven violations (news), or a plain note,
each with the paragraph of the game's rules that explains it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace


def sentence(text: str) -> str:
    """Start with a capital: card words open some sentences ("širdžių šešiakė netinka")."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Notice:
    """A banner: a refusal (loud, kind), proven violations (news), or a plain note."""

    kind: str  # "refused", "violation", "info"
    text: str
    code: str | None = None
    anchor: str | None = None
    evidence: tuple[int, ...] = ()  # entry indices of the deal to highlight
    # The text in another language (a refusal or violation tells it again in the new
    # one); without it a language switch keeps the text as it was said.
    say: Callable[[str], str] | None = field(default=None, compare=False, repr=False)

    def in_language(self, lang: str) -> Notice:
        return self if self.say is None else replace(self, text=self.say(lang))


def anchor(game: str, code: str) -> str | None:
    """The paragraph of ``game``'s rules page that explains ``code`` (the game says)."""
    from app.games import game_ui

    return game_ui(game).anchors.get(code)
