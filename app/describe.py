"""Words for the table: the expected-now line, entries in the deal's list, cards.

Cards in text are written with words (``širdžių dešimtakė``, ``10 of hearts``)
because the offline web client has no font with suit symbols.
"""

from __future__ import annotations

from app.i18n import tr
from rules import Expected
from rules.cards import Card, rank_name

_RANKS_LT = {
    14: "tūzas",
    13: "karalius",
    12: "dama",
    11: "valetas",
    10: "dešimtakė",
    9: "devynakė",
    8: "aštuonakė",
    7: "septynakė",
    6: "šešiakė",
}
_RANKS_EN = {14: "ace", 13: "king", 12: "queen", 11: "jack"}
SUITS_LT = {"H": "širdžių", "D": "būgnų", "C": "kryžių", "S": "vynų"}
SUITS_EN = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}


def card_words(card: Card, lang: str) -> str:
    if lang == "lt":
        return f"{SUITS_LT[card.suit.value]} {_RANKS_LT.get(card.rank, rank_name(card.rank))}"
    return f"{_RANKS_EN.get(card.rank, rank_name(card.rank))} of {SUITS_EN[card.suit.value]}"


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


def entry_line(lang: str, event: dict, names: list[str]) -> str:
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
        return tr(lang, "entry.draw", player=who, count=event.get("count", 1))
    return tr(lang, f"entry.{kind}", player=who)


def _placement_words(lang: str, item: dict) -> str:
    text = card_words(Card.parse(item["card"]), lang)
    if item.get("suit"):
        text += " " + tr(
            lang, "entry.as_suit", suit=(SUITS_LT if lang == "lt" else SUITS_EN)[item["suit"]]
        )
    if item.get("end"):
        text += " " + tr(lang, f"entry.end.{item['end']}")
    return text


def deal_reasons(lang: str, log, names: list[str], options: dict) -> list[str]:
    """Why a finished deal scored what it did, one short sentence per reason."""
    deal = log.deal
    reasons = _WHY[deal.game.id](lang, deal, names)
    if options["violation_penalty"] == "points":
        for v in log.violations:
            reasons.append(
                tr(lang, "why.penalty", player=names[v.player], points=options["penalty_points"])
            )
    return reasons


def _why_ramsas(lang: str, deal, names: list[str]) -> list[str]:
    if deal.match_winners is not None and not any(deal.tricks):
        return [tr(lang, "why.ramsas_declared", player=names[deal.match_winners[0]])]
    playing = [s for s in range(len(names)) if s not in deal.folded]
    if len(playing) < 2:
        return [tr(lang, "why.lone", player=names[s]) for s in playing] or [
            tr(lang, "why.all_fold")
        ]
    reasons = []
    for seat in playing:
        extra = ""
        if deal.tricks[seat] and deal.jacks[seat]:
            extra = tr(lang, "why.jacks")
        elif not deal.tricks[seat] and deal.points is not None and deal.points[seat] < 0:
            extra = tr(lang, "why.no_trick")
        reasons.append(
            tr(lang, "why.tricks", player=names[seat], count=deal.tricks[seat], extra=extra)
        )
    if deal.forgot_to_ask:
        reasons.append(tr(lang, "why.forgot"))
    return reasons


def _why_devynake(lang: str, deal, names: list[str]) -> list[str]:
    if deal.game.options["scoring"] == "bank":
        return [tr(lang, "why.bank", first=names[deal.out[0]], second=names[deal.out[1]])]
    return [tr(lang, "why.out", player=names[deal.out[0]], count=sum(deal.hands))]


def _why_domino(lang: str, deal, names: list[str]) -> list[str]:
    shown = ", ".join(f"{names[s]} {p}" for s, p in sorted(deal.revealed.items()))
    out = [s for s, n in enumerate(deal.hands) if n == 0]
    first = [tr(lang, "why.domino_out", player=names[out[0]])] if out else [tr(lang, "why.blocked")]
    return first + [tr(lang, "why.revealed", points=shown)]


def _why_bumas(lang: str, deal, names: list[str]) -> list[str]:
    out = [s for s, n in enumerate(deal.hands) if n == 0]
    if out:
        return [tr(lang, "why.bumas_out", player=names[out[0]])]
    return [tr(lang, "why.blocked")]


_WHY = {
    "ramsas": _why_ramsas,
    "devynake": _why_devynake,
    "domino": _why_domino,
    "bumas": _why_bumas,
}
