"""Words for the table: the expected-now line, entries in the deal's list, cards.

Cards in text are written with words (``širdžių dešimtakė``, ``10 of hearts``)
because the offline web client has no font with suit symbols.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.i18n import format_number, tr, trn
from rules import GAMES, Expected
from rules.cards import Card
from rules.grammar import Name, seat_genders
from rules.match import DealLog
from rules.messages import card_words as words_of

_OPTIONS = [option for game in GAMES.values() for option in game.all_options()]
OPTION_KEYS = frozenset(f"option.{option.name}" for option in _OPTIONS)
# The named values options take ("cards", "flag"); each has its words (``value.<choice>``).
NAMED_CHOICES = frozenset(c for option in _OPTIONS for c in option.choices if type(c) is str)


def card_words(card: Card, lang: str, case: str = "") -> str:
    """A card in words, as the referee writes it in Lithuanian (``rules.messages``); in a
    grammatical ``case`` ("acc": "širdžių dešimtakę") where the language has its wording."""
    return words_of(card, lang, case)


def option_value(lang: str, value: object) -> str:
    """An option's value in words: yes/no, the named choices translated, numbers as written."""
    if isinstance(value, bool):
        return tr(lang, f"value.{str(value).lower()}")
    if value is None:
        return tr(lang, "value.none")
    if isinstance(value, str):
        return tr(lang, f"value.{value}")
    if isinstance(value, list):  # a list option (devynakė's bank shares): "2, 1"
        return ", ".join(option_value(lang, item) for item in value)
    return format_number(lang, value) if isinstance(value, int | float) else str(value)


def option_words(lang: str) -> Callable[[str, Any], str | None]:
    """How an option error names its facts for people: options by their labels, values and
    games in words; ``None`` leaves a fact as the record wrote it (a name no game knows)."""

    def words(fact: str, value: Any) -> str | None:
        if fact in ("name", "option") and f"option.{value}" in OPTION_KEYS:
            return tr(lang, f"option.{value}")
        if fact in ("value", "other") and (type(value) is not str or value in NAMED_CHOICES):
            return option_value(lang, value)
        if fact == "game" and value in GAMES:
            return tr(lang, f"game.{value}.name")
        return None

    return words


def expected_line(lang: str, expected: Expected, names: list[str]) -> str:
    """One line saying who is to act and how ("Jonas: pirkti ar ne?")."""
    kinds = set(expected.kinds)
    name = names[expected.player] if expected.player is not None else ""
    for key, needs in (
        ("buy", {"buy"}),
        ("stay", {"stay"}),
        ("trump", {"trump"}),
        ("starter", {"starter"}),
        ("reveal", {"reveal"}),
        ("play_or_draw", {"play", "draw"}),
        ("play_or_pass", {"play", "pass"}),
        ("lead", {"play", "jacks"}),
        ("play", {"play"}),
    ):
        if needs <= kinds:
            return tr(lang, f"expect.{key}", player=name)
    return tr(lang, "expect.nothing")


def entry_line(lang: str, event: dict[str, Any], names: Sequence[str]) -> str:
    """An accepted entry as a short sentence for the deal's list."""
    kind = event.get("type", "")
    player = event.get("player")
    who = names[player] if isinstance(player, int) and 0 <= player < len(names) else ""
    if kind == "play":
        items = event.get("cards") or [event]
        cards = ", ".join(_placement_words(lang, item) for item in items)
        return tr(lang, "entry.play", player=who, cards=cards)
    if kind in ("trump", "starter"):
        return tr(lang, f"entry.{kind}", card=card_words(Card.parse(event["card"]), lang))
    if kind in ("jacks", "reveal"):
        cards = ", ".join(card_words(Card.parse(c), lang) for c in event.get("cards", []))
        return tr(lang, f"entry.{kind}", player=who, cards=cards or "—")
    if kind == "draw":
        return trn(lang, "entry.draw", event.get("count", 1), player=who)
    if kind == "stand":
        return tr(lang, "entry.stand", number=event.get("event", 0) + 1)
    return tr(lang, f"entry.{kind}", player=who)


def _placement_words(lang: str, item: dict[str, Any]) -> str:
    text = card_words(Card.parse(item["card"]), lang)
    if item.get("suit"):
        text += " " + tr(lang, "entry.as_suit", suit=tr(lang, f"entry.suit.{item['suit']}"))
    if item.get("end"):
        text += " " + tr(lang, f"entry.end.{item['end']}")
    return text


def deal_reasons(
    lang: str,
    log: DealLog,
    names: Sequence[str],
    options: dict[str, Any],
    *,
    genders: Sequence[str] | None = None,
) -> list[str]:
    """Why a finished deal scored what it did, one short sentence per reason.

    ``genders`` (one per seat) choose the wording for feminine players; without
    them each name's own gender or the guess from its spelling is used.
    """
    from app.games import game_ui

    deal = log.deal
    assert deal is not None, "the reasons of a deal played here, not of a result kept"
    words = game_ui(deal.game.id)
    people = tuple(Name(n, g) for n, g in zip(names, seat_genders(names, genders)))
    reasons = [words.reason(lang, why, people) for why in deal.reasons()]
    if options["violation_penalty"] == "points":
        for v in log.violations:
            reasons.append(
                tr(lang, "why.penalty", player=names[v.player], points=options["penalty_points"])
            )
    return reasons
