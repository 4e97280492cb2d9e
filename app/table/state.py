"""What the table screen shows, derived from the match and the table's controller.

Every part is a small frozen value, so that the screen's components can
tell by comparing values (or, for the scoreboard, the very object) whether
they need to be drawn again: a tap changes the header, a card or two of the
picker, the board and the entry list, and leaves the scoreboard alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.describe import card_words, deal_reasons, entry_line, expected_line
from app.i18n import signed, tr
from app.notices import anchor, sentence
from app.table.mode import Answering, AskingWho, Correcting, Picking, Playing
from rules import Card, Status
from rules.cards import SUITS, Suit
from rules.messages import violation_message

if TYPE_CHECKING:
    from app.table.model import TableModel

CHART_POINTS = 120  # the chart draws at most this many points per line (always the last one)
RECENT_DEALS = 10  # the scoreboard's rows until all are asked for


@dataclass(frozen=True)
class HeaderState:
    headline: str
    info: str
    last_entry: str
    seats: tuple[tuple[str, int, bool, bool], ...]  # name, total, to act, deals this deal
    dealer_word: str = ""  # said with the dealer's seat, which a card sign marks


@dataclass(frozen=True)
class EntryLine:
    number: int  # from 1
    text: str
    editable: bool
    marked: bool  # evidence of the notice, or the entry being corrected
    flag: str = ""  # "violation" (the offending entry) or "proof" (the card that proved it)
    group: int = 0  # the trick it belongs to (Ramsas), 0 for none: the list is headed by trick


@dataclass(frozen=True)
class PendingViolation:
    """A violation of the open (or just ended) deal that the table has not yet ruled on.

    With the ``flag`` penalty the referee only records it: the table decides, so the
    screen keeps asking until it does (let it stand, or annul the deal, also after its
    last card). Both rulings are entries of the deal, stored like any other.
    """

    key: tuple[int, int, int, str]  # deal, offending entry, proving entry, code
    text: str  # the whole sentence: what was broken, and the card that proves it
    can_annul: bool
    short: str = ""  # who broke what, in a few words: the panel folded to one line
    anchor: str | None = None  # the paragraph of the rules it broke


@dataclass(frozen=True)
class ScoreState:
    """The scoreboard: one row per deal (number, points or None while open), totals, and the
    chart's lines (totals after each closed deal, per seat; x is the number of closed deals)."""

    lang: str
    names: tuple[str, ...]
    rows: tuple[tuple[int, tuple[int, ...] | None], ...]
    totals: tuple[int, ...]
    series: tuple[tuple[tuple[int, int], ...], ...]


PickerRow = tuple[Suit, tuple[tuple[str, str], ...]]  # the suit, (card code, state) low to high


def headline(tm: TableModel) -> str:
    lang, names, match, mode = tm.lang, tm.names, tm.match, tm.mode
    if isinstance(mode, Correcting):
        key = "expect.correct_or_pass" if tm.can_correct_to_pass() else "expect.correct"
        return tr(lang, key, number=mode.index + 1)
    if match.finished:
        winners = ", ".join(names[s] for s in match.winners or [])
        return tr(lang, "expect.match_over", winners=winners)
    expected = tm.expected()
    if expected is None:
        return tr(lang, "expect.deal_over")
    if isinstance(mode, Answering):
        return mode.question.text
    if isinstance(mode, AskingWho):
        return tr(lang, "expect.who")
    if isinstance(mode, Picking):
        return tr(lang, f"expect.pick.{mode.kind}", player=names[mode.seat])
    if isinstance(mode, Playing) and mode.seat is not None:
        return tr(lang, "expect.for_player", player=names[mode.seat])
    return expected_line(lang, expected, names)


def last_entry(tm: TableModel) -> str:
    """What the table's latest tap came to: the entry refused (the banner below says why),
    else the last accepted entry (the one the undo beside it takes back)."""
    if tm.notice is not None and tm.notice.kind == "refused":
        if tm.refused is None:  # a phase refusal or a store fault: the banner says it all
            return tr(tm.lang, "table.last_refused", reason=tm.notice.text)
        what = entry_line(tm.lang, tm.refused, tm.names)
        return tr(tm.lang, "table.last_refused", reason=what)
    log = tm.match.current
    if log is None or not log.accepted:
        # Never empty: Flutter's web tree does not take a label back once it went blank.
        return tr(tm.lang, "table.no_entries")
    number, entry = log.accepted[-1]
    return tr(tm.lang, "table.last", number=number + 1, entry=entry_words(tm, entry))


def entry_words(tm: TableModel, entry: Any) -> str:
    """The deal's last entry in words, as the last line and the undo both name it: worked
    out once per entry and language (kept beside the table's observable fields)."""
    said = tm.__dict__.get("_entry_words")
    names = tuple(tm.names)
    if said is not None and said[0] is entry and said[1] == tm.lang and said[2] == names:
        text: str = said[3]
        return text
    text = entry_line(tm.lang, entry.to_record(), names)
    tm.__dict__["_entry_words"] = (entry, tm.lang, names, text)
    return text


def header(tm: TableModel) -> HeaderState:
    log = tm.match.current
    info, dealer = "", None
    if log is not None:
        # The dealer is marked on the seat (short: a phone's strip keeps to one line).
        info = tr(tm.lang, "table.deal_short", number=log.number + 1)
        dealer = log.dealer
    if tm.table_name:  # a club's table: its name, small, before the deal's number
        info = " · ".join(p for p in (tr(tm.lang, "club.table", table=tm.table_name), info) if p)
    expected = tm.expected()
    turn = expected.player if expected is not None else None
    seats = tuple(
        (name, total, seat == turn, seat == dealer)
        for seat, (name, total) in enumerate(zip(tm.names, tm.match.totals))
    )
    return HeaderState(headline(tm), info, last_entry(tm), seats, tr(tm.lang, "table.dealer"))


def deck_rows(tm: TableModel) -> tuple[tuple[Suit, tuple[Card, ...]], ...]:
    """The picker's rows: one per suit, low to high, of this game's deck (worked out once)."""
    game = tm.match.game
    cached = tm.__dict__.get("_deck_rows")
    if cached is None or cached[0] is not game:
        cards = sorted(game.deck())
        rows = tuple((suit, tuple(c for c in cards if c.suit is suit)) for suit in SUITS)
        cached = (game, tuple(row for row in rows if row[1]))
        object.__setattr__(tm, "_deck_rows", cached)
    return cached[1]


def picker(tm: TableModel) -> tuple[PickerRow, ...]:
    """Each card's state once per change: from the cards picked, or the rules' fitting and
    gone cards for the card entry expected now."""
    states = tm.match.card_states()
    fits, gone = states.fits, states.gone
    if isinstance(tm.mode, Picking):
        picked = set(tm.mode.picked)

        def chosen(card: Card) -> str:  # played cards stay dimmed while cards are picked
            code = str(card)
            return "picked" if code in picked else "gone" if card in gone else "plain"

        return tuple(
            (suit, tuple((str(c), chosen(c)) for c in cards)) for suit, cards in deck_rows(tm)
        )

    def state(card: Card) -> str:
        return "fits" if card in fits else "gone" if card in gone else "plain"

    rows = tuple((suit, tuple((str(c), state(c)) for c in cards)) for suit, cards in deck_rows(tm))
    tm.__dict__["_picker"] = rows  # not an observable change: see ``hidden_picker``
    return rows


def hidden_picker(tm: TableModel) -> tuple[PickerRow, ...]:
    """The picker's cards while it is hidden between deals: as it last showed them, so that
    hiding it is one property, not every card's new state drawn out of sight."""
    kept: tuple[PickerRow, ...] | None = tm.__dict__.get("_picker")
    return kept if kept is not None else picker(tm)


def entry_lines(tm: TableModel) -> tuple[EntryLine, ...]:
    """The open deal's accepted entries, newest first."""
    log = tm.match.current
    if log is None:
        return ()
    evidence = set(tm.notice.evidence) if tm.notice else set()
    # Every violation of the deal stays marked, whatever the notice says now.
    flags = {v.proof: "proof" for v in log.violations}
    flags.update({v.event: "violation" for v in log.violations})
    # A game whose entries fall into tricks says which trick each one is in.
    groups = (
        tm.game.entry_groups(log.deal.view(), [i for i, _ in log.accepted])
        if log.deal is not None
        else {}
    )
    editing = tm.mode.index if isinstance(tm.mode, Correcting) else None
    return tuple(
        EntryLine(
            index + 1,
            entry_line(tm.lang, entry.to_record(), tm.names),
            tm.editable(index),
            index in evidence or index == editing,
            flags.get(index, ""),
            groups.get(index, 0),
        )
        for index, entry in reversed(log.accepted)
    )


def violation_key(number: int, violation: Any) -> tuple[int, int, int, str]:
    return (number, violation.event, violation.proof, violation.code.value)


def pending_violations(tm: TableModel) -> tuple[PendingViolation, ...]:
    """The current deal's violations the table has still to rule on (``flag`` penalty only:
    the others act at once and are told as news)."""
    log = tm.match.current
    if log is None:
        return ()
    can_rule = not tm.match.stopped  # rulings are entries: a stopped match takes none
    # A violation waits over many taps: its words are worked out once per language (kept
    # beside the table's observable fields, for the violations waiting now).
    said: dict[Any, tuple[str, str, str | None]] = tm.__dict__.get("_violations_said", {})
    now = {}
    names = tuple(tm.names)
    for v in tm.match.waiting(log):
        key = (v, tm.lang, names, tm.game_id)
        now[key] = said.get(key) or (
            violation_sentence(tm, v),
            tr(tm.lang, f"violation.short.{v.code.value}", player=tm.names[v.player]),
            anchor(tm.game_id, v.code.value),
        )
    tm.__dict__["_violations_said"] = now
    return tuple(
        PendingViolation(violation_key(log.number, key[0]), text, can_rule, short, where)
        for key, (text, short, where) in now.items()
    )


def violation_sentence(tm: TableModel, violation: Any) -> str:
    return sentence(
        violation_message(violation, tm.lang, tm.names, lambda c: card_words(c, tm.lang))
    )


def scores(tm: TableModel) -> ScoreState:
    """The scoreboard, worked out again only when a deal opens or closes, an undo or a
    correction may have changed one, or the language changes: the same object otherwise."""
    current = tm.match.current
    # An undo or a correction replays the match into a new one: its identity is part of
    # the key, so the board follows any change of a closed deal.
    key = (tm.lang, id(tm.match), len(tm.match.deals), current and current.status)
    cached: tuple[Any, ScoreState, Any] | None = tm.__dict__.get("_scores")
    if cached is not None and cached[0] == key and cached[2] is tm.match:
        return cached[1]
    match = tm.match
    rows = tuple(
        (log.number + 1, None if log.points is None else tuple(log.points)) for log in match.deals
    )
    totals = [0] * match.game.seats
    lines: list[list[tuple[int, int]]] = [[(0, 0)] for _ in totals]
    closed = [log.points for log in match.deals if log.points is not None]
    step = max(1, -(-len(closed) // CHART_POINTS))
    for x, points in enumerate(closed, start=1):
        totals = [t + p for t, p in zip(totals, points)]
        if x % step == 0 or x == len(closed):
            for seat, total in enumerate(totals):
                lines[seat].append((x, total))
    state = ScoreState(
        tm.lang,
        tuple(tm.names),
        rows,
        tuple(match.totals),
        tuple(tuple(line) for line in lines),
    )
    object.__setattr__(tm, "_scores", (key, state, tm.match))
    return state


def undo_label(tm: TableModel) -> str:
    """The undo button says what it would take back."""
    if tm.match.stopped:
        return tr(tm.lang, "action.undo_stop")
    log = tm.match.current
    if log is not None and log.entries - 1 in dict(log.rejected):
        # A correction left later entries refused: the last of them is what undo takes.
        return tr(tm.lang, "action.undo_refused", number=log.entries)
    if log is not None and log.accepted:
        return tr(tm.lang, "action.undo_what", what=entry_words(tm, log.accepted[-1][1]))
    if log is not None:
        return tr(tm.lang, "action.undo_deal")
    return tr(tm.lang, "action.undo")


def deal_summary(tm: TableModel) -> str:
    """Why the deal ended as it did: points and their reasons, every violation proven in it
    (named even when the table let it stand), and who deals next."""
    log = tm.match.current
    if log is None or log.points is None or log.deal is None:
        return ""
    proven = [tr(tm.lang, "deal.violation", text=violation_sentence(tm, v)) for v in log.violations]
    if log.status is Status.ANNULLED:
        return " ".join([tr(tm.lang, "deal.annulled"), *proven])
    parts = ", ".join(f"{n} {signed(p)}" for n, p in zip(tm.names, log.points) if p)
    lines = [
        tr(tm.lang, "deal.points", points=parts or "0"),
        *deal_reasons(tm.lang, log, tm.names, tm.match.game.options),
        *proven,
    ]
    if not tm.match.finished:
        lines.append(tr(tm.lang, "deal.next_dealer", player=tm.names[tm.match.next_dealer()]))
    return " ".join(lines)
