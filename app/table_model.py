"""The table's controller: turns taps into entries and corrections, and keeps the notice.

It holds no rules: every entry goes to the rules engine through the keeper
(which stores it before saying it was accepted). What the screen shows is
derived in ``table_state``; notices and their rule links are in ``notices``.
Plain Python, tested without Flet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import flet as ft

from app import table_state
from app.describe import card_words, entry_line
from app.i18n import tr
from app.logs import log
from app.notices import RULE_ANCHORS, Notice, anchor, sentence
from rules import Entry, Match, Outcome, Refused, Status
from rules.cards import ACE, Card
from rules.entries import (
    CardShown,
    Drew,
    HandRevealed,
    JacksShown,
    Passed,
    Placement,
    Played,
    StarterTurned,
    TrumpShown,
    simple_entry,
)
from rules.messages import refusal_message, violation_message

__all__ = ["RULE_ANCHORS", "Keeper", "Notice", "TableModel", "sentence"]


class Undone(Protocol):
    event: Any  # the entry taken back, or None for the start of a deal


class Keeper(Protocol):
    """What the table needs from the store (``models.live.LiveMatch``): durable entries."""

    match: Match
    names: list[str]
    match_id: int
    revision: int  # the stored match's revision the keeper's memory is

    # ``revision``: the one the screen showed; a match that moved on raises StaleMatch.
    def add_entry(self, raw: Any, revision: int | None = None) -> Outcome: ...

    def undo(self, revision: int | None = None) -> Undone | None: ...

    def start_deal(self, revision: int | None = None) -> Any: ...

    def replace(self, *, deal: int, index: int, raw: Any, revision: int | None = None) -> Any: ...

    def stop(self, revision: int | None = None) -> None: ...

    def refresh(self) -> bool: ...

    def reopen(self, revision: int | None = None) -> None: ...


_NOT_SAVED = object()  # a store call that was not carried out (the screen says why)


@ft.observable
@dataclass
class TableModel:
    keeper: Keeper
    lang: str = "lt"
    rev: int = 0  # bumped on every change of the match, so views re-read it
    notice: Notice | None = None
    draw_count: int = 1
    end: str = "right"  # domino: the end a tapped card goes to
    pending_ace: str | None = None  # domino: an ace waiting for its named suit
    picking: str | None = None  # "jacks", "reveal" or "multi": taps select cards
    picker_player: int | None = None
    picked: list[str] = field(default_factory=list)
    editing: int | None = None  # index in the current deal of the entry being corrected
    scores_rev: int = 0  # bumped when closed deals may have changed: the scoreboard is redrawn
    confirming_stop: bool = False  # "end match" was tapped once: the table is asked
    asking_who: bool = False  # "someone else played" was tapped: the seats are offered
    who: int | None = None  # the seat the next entry is for, when not the one expected
    refused: dict[str, Any] | None = None  # the entry last refused, as a record: named on top
    show_lists: bool = False  # a phone shows the entry list and the scoreboard when asked
    watch_url: str | None = None  # on a club's server: where players watch this match
    showing_watch: bool = False  # the watch link's QR code is open at the table
    # Violations the table has ruled on (``table_state.violation_key``): let them stand.
    decided: frozenset[tuple[int, int, int, str]] = frozenset()
    # Called after every write the store took: the screen tells other screens of the match.
    on_stored: Callable[[], None] = field(default=lambda: None, repr=False, compare=False)
    # The match revision the player's screen shows (private: setting it draws nothing).
    # Every write names it, so a tap means what the picture it was made on showed; a
    # change from another screen counts as shown once the client has drawn it (``shown``).
    _shown: int = field(default=0, init=False, repr=False, compare=False)
    # The deals and the last deal's entries on that picture: what a stale tap missed.
    _seen: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.shown(self.keeper.revision)  # what the screen is first drawn from

    # -- derived state ----------------------------------------------------
    @property
    def match(self) -> Match:
        return self.keeper.match

    @property
    def names(self) -> list[str]:
        return self.keeper.names

    @property
    def game_id(self) -> str:
        return self.match.game.id

    @property
    def deal(self):
        log = self.match.current
        return log.deal if log else None

    def expected(self):
        deal = self.deal
        return deal.expected() if deal is not None and deal.status is Status.OPEN else None

    def headline(self) -> str:
        return table_state.headline(self)

    def cards(self) -> list[list[Card]]:
        """The picker's rows: one per suit, low to high, of this game's deck."""
        return [list(cards) for _, cards in table_state.deck_rows(self)]

    def card_state(self, card: Card) -> str:
        """``fits`` (would be accepted now), ``gone`` (already played), ``picked`` or ``plain``."""
        for _, row in table_state.picker(self):
            for code, state in row:
                if code == str(card):
                    return state
        return "plain"

    def actions(self) -> list[str]:
        """Entry buttons of the moment, besides tapping a card."""
        expected = self.expected()
        if expected is None:
            return []
        return [k for k in expected.kinds if k not in ("play", "trump", "starter")]

    def entries(self) -> list[tuple[int, str]]:
        """The current deal's accepted entries, numbered from 1, in words."""
        return [(line.number, line.text) for line in reversed(table_state.entry_lines(self))]

    def last_entry(self) -> str:
        return table_state.last_entry(self)

    # -- entering ---------------------------------------------------------
    def _entry_for(self, card: Card) -> Entry | None:
        expected = self.expected()
        if expected is None:
            return None
        kinds = expected.kinds
        if "trump" in kinds:
            return TrumpShown.of(card)
        if "starter" in kinds:
            return StarterTurned.of(card)
        if "play" not in kinds or expected.player is None:
            return None
        play = Played.of(self.acting(expected.player), card)
        if self.game_id == "domino":
            play = self._domino_end(play)
        return play

    def _domino_end(self, play: Played) -> Played:
        """At the chosen end, unless the card fits only the other one."""
        chosen = play.at(self.end)
        other = play.at("left" if self.end == "right" else "right")
        if not self.match.is_legal(chosen) and self.match.is_legal(other):
            return other
        return chosen

    def acting(self, expected: int) -> int:
        """The seat an entry is for: the one chosen with "someone else played", else the
        one the rules expect. A card played out of turn is then refused, naming who played
        it, instead of being put down for the wrong player."""
        return self.who if self.who is not None else expected

    def ask_who(self) -> None:
        self.cancel_picking()
        self.asking_who, self.who = True, None

    def play_for(self, seat: int) -> None:
        """The next card (or pass, draw…) is entered for ``seat``."""
        self.asking_who, self.who = False, seat

    def cancel_who(self) -> None:
        self.asking_who, self.who = False, None

    def tap_card(self, code: str) -> None:
        card = Card.parse(code)
        if self.editing is not None:
            self.correct(code)
            return
        if self.asking_who:  # the player comes first; the headline asks for it
            return
        if self.picking:
            if code in self.picked:
                self.picked.remove(code)
            else:
                self.picked.append(code)
            self.picked = list(self.picked)
            return
        raw = self._entry_for(card)
        if raw is None:
            self._refuse_phase()
            return
        if (
            self.game_id == "domino"
            and card.rank == ACE
            and self.match.game.options.get("ace_wild")
        ):
            self.pending_ace = code
            return
        self.submit(raw)

    def name_suit(self, suit: str) -> None:
        """Domino: the suit the pending ace stands for."""
        code, self.pending_ace = self.pending_ace, None
        if code is None:
            return
        play = self._entry_for(Card.parse(code))
        if isinstance(play, Played):
            self.submit(play.at(suit=suit))

    def act(self, kind: str) -> None:
        """An entry button: pass, draw, buy, no_buy, stay, fold, redeal, ramsas, annul."""
        expected = self.expected()
        if kind == "annul":
            self.submit(simple_entry("annul"))
            return
        if expected is None:
            self._refuse_phase()
            return
        if kind in ("jacks", "reveal", "multi", "ramsas"):
            self.start_picking(kind)
            return
        player = self.acting(expected.player) if expected.player is not None else None
        if kind == "draw":
            self.submit(Drew(player, self.draw_count))
            self.draw_count = 1
        else:
            self.submit(simple_entry(kind, None if kind == "redeal" else player))

    def start_picking(self, kind: str) -> None:
        expected = self.expected()
        self.picking, self.picked = kind, []
        self.picker_player = expected.player if expected and expected.player is not None else 0
        if kind == "reveal":
            waiting = self.must_reveal()
            self.picker_player = waiting[0] if waiting else 0

    def must_reveal(self) -> list[int]:
        deal = self.deal
        hands = getattr(deal, "hands", None)
        revealed = getattr(deal, "revealed", {})
        if hands is None:
            return []
        return [s for s, n in enumerate(hands) if n and s not in revealed]

    def choose_player(self, seat: int) -> None:
        self.picker_player = seat

    def cancel_picking(self) -> None:
        self.picking, self.picked, self.pending_ace = None, [], None
        self.asking_who, self.who = False, None

    def confirm_picking(self) -> None:
        kind, cards, player = self.picking, list(self.picked), self.picker_player
        self.cancel_picking()
        if kind is None or player is None:
            return
        entry: Entry
        if kind == "multi":
            expected = self.expected()
            who = expected.player if expected and expected.player is not None else player
            entry = Played.several(who, *(Placement.of(c, self.end) for c in cards))
        elif kind == "ramsas":  # all four jacks: shown, so no card to pick
            entry = simple_entry("ramsas", player)
        else:
            entry = (JacksShown if kind == "jacks" else HandRevealed).of(player, *cards)
        self.submit(entry)

    # -- corrections --------------------------------------------------------
    def _corrected(self) -> Entry | None:
        log = self.match.current
        if self.editing is None or log is None:
            return None
        return dict(log.accepted).get(self.editing)

    def editable(self, index: int) -> bool:
        """A one-card play, a pass, or the trump / starter card of the current deal can be
        corrected: by tapping the right card, or (a play) into a pass."""
        log = self.match.current
        entry = dict(log.accepted).get(index) if log else None
        return isinstance(entry, (Passed, CardShown)) or (
            isinstance(entry, Played) and not entry.multi
        )

    def can_correct_to_pass(self) -> bool:
        old = self._corrected()
        return isinstance(old, Played) and "pass" in self.match.game.ENTRY_TYPES

    def start_correcting(self, index: int) -> None:
        self.cancel_picking()
        self.editing = index

    def cancel_correcting(self) -> None:
        self.editing = None

    def correct(self, code: str) -> None:
        """Put the tapped card in place of the entry being corrected, and replay the match."""
        old = self._corrected()
        if old is None:
            return
        if isinstance(old, CardShown):
            self._replace(type(old).of(code))
        else:  # a play of another card, or a pass that was in fact a play
            assert old.player is not None
            end = old.placements[0].end if isinstance(old, Played) else None
            self._replace(Played.of(old.player, code, end))

    def correct_to_pass(self) -> None:
        """The entry being corrected was a pass, not a card."""
        old = self._corrected()
        if old is not None:
            self._replace(Passed(old.player))

    def _replace(self, raw: Entry) -> None:
        index, self.editing = self.editing, None
        log = self.match.current
        assert index is not None and log is not None
        result = self._stored(self.keeper.replace, deal=log.number, index=index, raw=raw)
        if result is _NOT_SAVED:
            return
        self.scores_rev += 1
        self.rev += 1
        if result.refusal is not None:
            self.notice = Notice(
                "refused",
                sentence(refusal_message(result.refusal, self.lang, self.names, self._words)),
                result.refusal.code.value,
            )
            return
        changed = ", ".join(
            f"{i + 1} ({r.code.value})" for d, i, r in result.now_refused if d == log.number
        )
        what = entry_line(self.lang, raw.to_record(), self.names)
        key = "correct.refused_now" if changed else "correct.done"
        self.notice = Notice(
            "info", tr(self.lang, key, number=index + 1, what=what, entries=changed)
        )

    def set_draw_count(self, count: int) -> None:
        self.draw_count = max(1, min(count, 60))

    def set_end(self, end: str) -> None:
        self.end = end

    def undo_label(self) -> str:
        return table_state.undo_label(self)

    def undo(self) -> None:
        if self.match.stopped:  # the last thing the table did was to end the match
            self.reopen()
            return
        undone = self._stored(self.keeper.undo)
        if undone is _NOT_SAVED:
            return
        if undone is None:
            self.notice = Notice("info", tr(self.lang, "undo.nothing"))
        elif undone.event is None:
            self.notice = Notice("info", tr(self.lang, "undo.deal"))
        else:
            self.notice = Notice(
                "info",
                tr(self.lang, "undo.done", what=entry_line(self.lang, undone.event, self.names)),
            )
        self.cancel_picking()
        self.scores_rev += 1
        self.rev += 1

    def toggle_lists(self) -> None:
        self.show_lists = not self.show_lists

    def toggle_watch(self) -> None:
        self.showing_watch = not self.showing_watch

    def ask_stop(self) -> None:
        """The first tap on "end match" only asks: ending is for the whole table to decide."""
        self.confirming_stop = True

    def keep_playing(self) -> None:
        self.confirming_stop = False

    def reopen(self) -> None:
        """Take back the end of the match: play goes on where it stopped."""
        if self._stored(self.keeper.reopen) is _NOT_SAVED:
            return
        self.notice = Notice("info", tr(self.lang, "table.reopened"))
        self.scores_rev += 1
        self.rev += 1

    def stop(self) -> None:
        """The table ends the match now; the best total wins (an open deal does not count)."""
        self.confirming_stop = False
        if self._stored(self.keeper.stop) is _NOT_SAVED:
            return
        self.cancel_picking()
        self.notice = Notice("info", self.headline())
        self.scores_rev += 1
        self.rev += 1

    def next_deal(self) -> None:
        try:
            if self._stored(self.keeper.start_deal) is _NOT_SAVED:
                return
        except Refused as refusal:
            self.notice = Notice(
                "refused",
                refusal_message(refusal, self.lang, self.names, self._words),
                refusal.code.value,
            )
        else:
            self.notice = None
        self.rev += 1

    def let_stand(self, key: tuple[int, int, int, str]) -> None:
        """The table rules on a flagged violation: the deal goes on (or stays) as played."""
        self.decided = self.decided | {key}

    def annul_for(self, key: tuple[int, int, int, str]) -> None:
        """The table rules on a flagged violation: the deal is annulled."""
        self.decided = self.decided | {key}
        self.submit(simple_entry("annul"))

    def submit(self, raw: Entry | dict[str, Any]) -> None:
        """Send one entry; show why if refused, the news if it proved violations.

        A violation under the ``flag`` penalty is not news that the next tap may clear:
        it waits for the table's ruling (``table_state.pending_violations``). The end of
        a deal is shown by the deal's summary, which stays until the next deal.
        """
        outcome = self._stored(self.keeper.add_entry, raw)
        if outcome is _NOT_SAVED:
            return
        self.rev += 1
        self.who = None
        self.refused = None
        names, options = self.names, self.match.game.options
        if outcome.refusal is not None:
            r = outcome.refusal
            self.refused = raw.to_record() if isinstance(raw, Entry) else dict(raw)

            def refused(lang: str) -> str:
                return sentence(refusal_message(r, lang, names, lambda c: card_words(c, lang)))

            code = r.code.value
            self.notice = Notice(
                "refused", refused(self.lang), code, anchor(self.game_id, code), say=refused
            )
        elif outcome.violations and options["violation_penalty"] == "flag":
            self.notice = None
        elif outcome.violations:
            proven = outcome.violations

            def news(lang: str) -> str:
                text = " ".join(
                    sentence(violation_message(v, lang, names, lambda c: card_words(c, lang)))
                    for v in proven
                )
                penalty = f"penalty.{options['violation_penalty']}"
                return text + " " + tr(lang, penalty, points=options["penalty_points"])

            evidence = tuple(i for v in proven for i in (v.event, v.proof))
            code = proven[0].code.value
            self.notice = Notice(
                "violation", news(self.lang), code, anchor(self.game_id, code), evidence, news
            )
        else:
            self.notice = None

    def _words(self, card: Card) -> str:
        return card_words(card, self.lang)

    def _refuse_phase(self) -> None:
        self.notice = Notice("refused", tr(self.lang, "refused.no_card_now"), "wrong_phase")

    def dismiss(self) -> None:
        self.notice = None

    # -- the store ----------------------------------------------------------
    def shows(self, revision: int) -> bool:
        """Whether the player's screen is known to show the match at ``revision``."""
        return self._shown == revision

    def shown(self, revision: int) -> None:
        """The player's screen now shows the match at ``revision`` (its picture reached the
        client): taps from here on are taken as made on it."""
        self._shown = revision
        if revision == self.keeper.revision:
            log = self.match.current
            self._seen = (len(self.match.deals), len(log.accepted) if log else 0)

    def _stored(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A call that writes the match, or ``_NOT_SAVED`` with the reason on screen.

        The call names the revision the screen showed. Another screen may have changed
        the match since (it is shown as it is now, with what the other screen recorded),
        or the database may fail (full disk, lock held, read-only file): then nothing of
        the tap was stored, and the screen says so instead of "accepted". A write of this
        screen's own moves its picture on at once: the player made it.
        """
        from models import StaleMatch, StoreFault

        try:
            result = call(*args, revision=self._shown, **kwargs)
        except StaleMatch as stale:
            log.info("match %s changed on another screen; reloaded", stale.match_id)
            self._reloaded(Notice("info", self._stale_text(stale)))
            return _NOT_SAVED
        except StoreFault as fault:
            log.error("entry not saved: %s", fault)
            self._reloaded(
                Notice("refused", tr(self.lang, "store.not_saved", reason=fault.message(self.lang)))
            )
            return _NOT_SAVED
        self.shown(self.keeper.revision)
        self.on_stored()
        return result

    def _stale_text(self, stale: Any) -> str:
        """What the other screen did since this one's picture, when it was entries in the
        same deal ("Kitas ekranas ką tik įrašė: Jonas: 9♥"); else the store's sentence."""
        log, (deals, entries) = self.match.current, self._seen
        if log is None or len(self.match.deals) != deals or len(log.accepted) <= entries:
            return str(stale.message(self.lang))
        what = entry_line(self.lang, log.accepted[-1][1].to_record(), self.names)
        return tr(self.lang, "table.stale_recorded", what=what)

    def _reloaded(self, notice: Notice | None) -> None:
        """The match in memory was rebuilt from the database: redraw all of it."""
        self.cancel_picking()
        self.editing = None
        self.notice = notice
        self.scores_rev += 1
        self.rev += 1

    def refresh_from_store(self) -> None:
        """Another screen says it changed this match: show the table as stored."""
        if self.keeper.refresh():
            self._reloaded(Notice("info", tr(self.lang, "table.changed_elsewhere")))

    # -- after a deal -------------------------------------------------------
    def deal_summary(self) -> str:
        return table_state.deal_summary(self)

    def deal_lines(self, number: int) -> list[str]:
        """Every entry of deal ``number`` in order, refused ones and proven violations marked."""
        log = self.match.deals[number]
        lines = [
            (index, f"{index + 1}. " + entry_line(self.lang, entry.to_record(), self.names))
            for index, entry in log.accepted
        ]
        lines += [
            (index, f"{index + 1}. " + tr(self.lang, "history.refused", reason=self._why(r)))
            for index, r in log.rejected
        ]
        lines += [
            (v.proof, "   ! " + sentence(violation_message(v, self.lang, self.names, self._words)))
            for v in log.violations
        ]
        return [text for _, text in sorted(lines, key=lambda item: item[0])]

    def _why(self, refused: Refused) -> str:
        return sentence(refusal_message(refused, self.lang, self.names, self._words))

    def totals(self) -> list[int]:
        return list(self.match.totals)

    def score_rows(self) -> list[tuple[int, str, list[int] | None]]:
        """(deal number, status, points) for the scoreboard."""
        return [(log.number + 1, log.status.value, log.points) for log in self.match.deals]

    def scores(self) -> table_state.ScoreState:
        return table_state.scores(self)

    def running_totals(self) -> list[list[int]]:
        """Totals after each closed deal, per seat, starting from 0: the chart's lines."""
        return [[y for _, y in line] for line in table_state.scores(self).series]
