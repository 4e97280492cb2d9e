"""Sentences for refusals, violations and bad records, from the ``rules`` catalogues.

The engine names a *reason* (by default its code) and the facts that fill the
sentence; the words are the catalogue's (``rules.i18n``): ``refusal.<reason>``,
``violation.<code>``, ``record.<reason>``. Names are kept in the nominative, so a
sentence stays grammatical whatever the player is called. A sentence about a woman
takes its wording for the genders of the people it names (``msgctxt`` ``f``), and a
word that agrees with the card it names ({placed}, {known}) its wording for that
card's rank; a sentence with a count ({count}, {left}) takes the count's plural form.
A card in words may be named in another grammatical case, ``{card.gen}``: the
catalogue's wording of its words for that case (``msgctxt`` ``gen``), where it has one.
Every sentence starts with a capital, a card's words too ("Širdžių septynakė netinka").
"""

from __future__ import annotations

import errno
import json
import string
from collections.abc import Callable, Sequence
from typing import Any

from .cards import Card, Suit, rank_name
from .entries import Refused
from .grammar import FEMININE, seat_genders
from .i18n import known, number, tr, trn
from .knowledge import Violation

# Placeholders filled by words that agree with the sentence's card, not by the entry's facts.
AGREEING = frozenset({"placed", "known"})
# The facts that name people, in the order a sentence's gender context lists them.
PEOPLE = ("player", "expected", "other")
# The facts that count something: a sentence kept in plural forms takes the one its count needs.
COUNTS = ("count", "left")

FactWords = Callable[[str, Any], str | None]
CardText = Callable[[Card], str]


def _short(value: Any) -> str:
    """A value as a record writes it, cut short: the line stays one line."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _fact(key: str, value: Any, lang: str, words: FactWords | None) -> Any:
    """A fact as the sentence shows it: in the caller's words if it has some, else as a record
    writes it (option values), else in the language's words where another program gave its own
    (Python's JSON reader, the system's file kinds)."""
    said = words(key, value) if words is not None else None
    if said is not None:
        return said
    if key in ("value", "other"):
        return _short(value)
    if key == "detail":  # Python's "Unterminated string starting at" leaves out the place
        return known(lang, f"json.{value}") or str(value).removesuffix(" at")
    if key == "kind":
        return known(lang, f"kind.{value}") or value
    return value


def record_message(
    reason: str, params: dict[str, Any], lang: str, words: FactWords | None = None
) -> str:
    """The sentence for a ``RecordError``.

    ``words(fact, value)`` may name a fact for people (the app gives an option
    its label, a value and a game their words); without them option values
    are shown as a record writes them, which is what the referee's user edits.
    """
    shown = {k: _fact(k, v, lang, words) for k, v in params.items()}
    if reason == "cannot_read" and params.get("errno") in errno.errorcode:
        shown["problem"] = known(lang, f"os.{errno.errorcode[params['errno']]}") or shown["problem"]
    return tr(lang, f"record.{reason}").format(**shown)


def card_words(card: Card, lang: str, case: str = "") -> str:
    """A card in words: "širdžių dešimtakė", "10 of hearts"; in a grammatical ``case``
    ("širdžių dešimtakės") where the language has its wording."""
    rank = tr(lang, f"card.rank.{rank_name(card.rank)}", case)
    suit = suit_words(card.suit, lang, case)
    return tr(lang, "card.name", case).format(suit=suit, rank=rank)


def suit_words(suit: Suit, lang: str, case: str = "") -> str:
    """A suit as it names a card or a row: "širdžių", "hearts"."""
    return tr(lang, f"card.suit.{suit.value}", case)


class _CardSaid(str):
    """A card as a sentence names it, which gives its words in another grammatical case as an
    attribute (``{card.gen}``); a card written as its symbol label has no cases."""

    card: Card
    lang: str
    in_words: bool

    def __new__(cls, said: str, card: Card, lang: str) -> _CardSaid:
        new = super().__new__(cls, said)
        new.card, new.lang, new.in_words = card, lang, said == card_words(card, lang)
        return new

    def __getattr__(self, case: str) -> str:
        if case.startswith("_"):
            raise AttributeError(case)
        return card_words(self.card, self.lang, case) if self.in_words else str(self)


def card_label(card: Card) -> str:
    """A card as its rank and suit symbol (``10♥``): the referee's English writes cards so."""
    return card.label


def _render(value: Any, names: Sequence[str], lang: str, key: str, card_text: CardText) -> str:
    if isinstance(value, Card):
        return _CardSaid(card_text(value), value, lang)
    if isinstance(value, Suit):
        return suit_words(value, lang)
    if isinstance(value, (list, tuple)):
        shown = [_render(v, names, lang, key, card_text) for v in value]
        text = shown[0] if shown else ""
        for item in shown[1:]:
            text = tr(lang, "list.or").format(first=text, second=item)
        return text
    if key in PEOPLE and _seat(value, names):
        return str(names[value])
    return number(value) if type(value) is int else str(value)


def _seat(value: Any, names: Sequence[str]) -> bool:
    return type(value) is int and 0 <= value < len(names)


def _sentence(
    lang: str, key: str, facts: dict[str, Any], names: Sequence[str], genders: Sequence[str] | None
) -> str:
    """The catalogue's sentence for ``key`` (in the plural form of its count where it is kept in
    plural forms), in the wording for the genders of the people it names, in the order it names
    them, where the language has one."""
    count = next((facts[c] for c in COUNTS if type(facts.get(c)) is int), None)

    def wording(context: str = "") -> str:
        text = key if count is None else trn(lang, key, count, context)
        return tr(lang, key, context) if text == key else text

    default = wording()
    seated = seat_genders(names, genders)
    named = [n for _, n, _, _ in string.Formatter().parse(default) if n in PEOPLE]
    context = "".join(seated[facts[n]] for n in named if _seat(facts.get(n), names))
    return wording(context) if FEMININE in context else default


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _agreement(card: Any, lang: str) -> dict[str, str]:
    """The words that agree with the sentence's card, in its rank's wording."""
    if not isinstance(card, Card):
        return {}
    rank = rank_name(card.rank)
    return {word: tr(lang, f"word.{word}", rank) for word in AGREEING}


def refusal_message(
    refused: Refused,
    lang: str,
    names: Sequence[str],
    card_text: CardText = card_label,
    *,
    genders: Sequence[str] | None = None,
) -> str:
    """The sentence a player reads for a refused entry.

    ``card_text`` writes a card: its symbol label by default; the app passes
    words, since its offline font has no suit symbols. ``genders`` (one per
    seat, ``m`` or ``f``) choose the wording for the people named; without them
    each name's own gender or the guess from its spelling is used.
    """
    facts = refused.params
    params = {k: _render(v, names, lang, k, card_text) for k, v in facts.items()}
    params.update(_agreement(facts.get("card"), lang))
    try:
        said = _sentence(lang, f"refusal.{refused.reason}", facts, names, genders).format(**params)
    except (KeyError, IndexError):  # a reason used without all its facts: fall back to the code
        code = _sentence(lang, f"refusal.{refused.code.value}", facts, names, genders)
        said = code.format_map(_Blank(params))
    return _capital(said)


def violation_message(
    v: Violation,
    lang: str,
    names: Sequence[str],
    card_text: CardText = card_label,
    *,
    genders: Sequence[str] | None = None,
) -> str:
    """The sentence for a proven violation; ``genders`` as for ``refusal_message``. It names
    the moment of the entry that broke the rule – the card last put down before it – where
    there was one ("when Ona played the king of hearts"), else the entry's number."""
    facts: dict[str, Any] = {"player": v.player}
    key = f"violation.{v.code.value}"
    told = f"violation.{v.code.value}.when"  # by its moment, where the catalogue says so
    if v.moment is not None and tr(lang, told) != told:
        facts["other"] = v.moment[0]
        key = told
    sentence = _sentence(lang, key, facts, names, genders)
    said = sentence.format(
        player=_render(v.player, names, lang, "player", card_text),
        event=v.event + 1,
        card=_render(v.card, names, lang, "card", card_text),
        other=_render(v.moment[0], names, lang, "other", card_text) if v.moment else "",
        moment=_render(v.moment[1], names, lang, "card", card_text) if v.moment else "",
        **_agreement(v.card, lang),
    )
    return _capital(said)


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"
