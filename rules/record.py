"""Match records (RECORDS.md): reading one into a ``Match`` and writing its verdict.

A record that is not a match record raises ``RecordError`` naming what is
wrong and where; a wrong *entry* is not a record error: it is refused like
any entry at the table.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .errors import RecordError
from .games import GAMES
from .grammar import GENDERS, Name
from .match import Match
from .messages import CardText, card_label, card_words, refusal_message, violation_message

__all__ = [
    "FORMAT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RecordError",
    "finished_time",
    "load",
    "verdict",
]

FORMAT = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 10  # RECORDS.md: "`players`: 2–10 names"
# The longest ISO 8601 time with its offset that ``finished_at`` may hold
# ("2026-12-02T21:14:05.123456+02:00" is 32 characters): a longer text is refused unread.
MAX_TIME = 40


def load(record: Any) -> tuple[Match, list[str]]:
    """Build the match a record describes and apply all its entries; return it and the names
    (each a ``Name`` carrying its gender where the record gives ``genders``)."""
    if not isinstance(record, dict):
        raise RecordError("record_not_object")
    if type(record.get("format")) is not int or record["format"] != FORMAT:
        raise RecordError("format", format=FORMAT)
    game_id = record.get("game")
    if not isinstance(game_id, str):
        raise RecordError("game_missing")
    if game_id not in GAMES:
        raise RecordError("unknown_game", game=repr(game_id), known=", ".join(sorted(GAMES)))
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players_not_names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError("players_count", low=MIN_PLAYERS, high=MAX_PLAYERS)
    names = _named(players, record)
    if "options" not in record or not isinstance(record["options"], dict):
        raise RecordError("options_missing")
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise RecordError("deals_missing")
    for number, deal in enumerate(deals):
        if not isinstance(deal, dict) or not isinstance(deal.get("events"), list):
            raise RecordError("deal_shape", number=number)
    stopped = record.get("stopped", False)
    if type(stopped) is not bool:
        raise RecordError("stopped")
    finished_time(record)  # checked, then ignored: the referee does not need it
    game = GAMES[game_id](len(players), record["options"])
    match = Match(game, record.get("first_dealer", 0))
    for deal in deals:
        match.start_deal()
        for raw in deal["events"]:
            match.apply(raw)
    if stopped:
        match.stop()
    return match, names


def finished_time(record: dict[str, Any]) -> datetime | None:
    """The record's ``finished_at`` (RECORDS.md): when the match finished or was stopped, an
    aware time; None where the record has none. ``RecordError`` for a value that is not an
    ISO 8601 time with its offset. The referee ignores it; a store keeps it, so that what
    depends on the order of finished matches (ratings) is rebuilt from exports alike."""
    value = record.get("finished_at")
    if value is None and "finished_at" not in record:
        return None
    moment = None
    if isinstance(value, str) and len(value) <= MAX_TIME and value.isascii():
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
    if moment is None or moment.tzinfo is None or moment.utcoffset() is None:
        raise RecordError("finished_at")
    return moment


def _named(players: list[str], record: dict[str, Any]) -> list[str]:
    """The players' names; with ``genders`` (``f`` or ``m`` per seat, which only the wording of
    messages feels), each carrying its own, else left to the guess from its spelling."""
    if "genders" not in record:
        return list(players)
    genders = record["genders"]
    if (
        not isinstance(genders, list)
        or len(genders) != len(players)
        or not all(type(g) is str and g in GENDERS for g in genders)
    ):
        raise RecordError("genders", seats=len(players))
    return [Name(name, gender) for name, gender in zip(players, genders)]


def verdict(match: Match, names: list[str], lang: str = "en") -> dict[str, Any]:
    """The verdict JSON of RECORDS.md for a match.

    Lithuanian messages write cards in words, as the app says them (a participle
    agrees with the card's noun: "padėtas būgnų tūzas"); English keeps the
    symbols (``10♥``) its verdicts have always had.
    """
    card_text: CardText = card_label if lang != "lt" else lambda c: card_words(c, lang)
    deals = []
    for log in match.deals:
        deals.append(
            {
                "dealer": log.dealer,
                "status": log.status.value,
                "points": log.points,
                "rejected": [
                    {
                        "event": index,
                        "code": r.code.value,
                        "message": refusal_message(r, lang, names, card_text),
                    }
                    for index, r in log.rejected
                ],
                "violations": [
                    {**record, "message": violation_message(v, lang, names, card_text)}
                    for v, record in zip(log.violations, log.violation_records())
                ],
            }
        )
    return {
        "game": match.game.id,
        "players": names,
        "deals": deals,
        "totals": list(match.totals),
        "finished": match.finished,
        "winners": sorted(match.winners or []),
    }
