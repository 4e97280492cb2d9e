"""The table's controller: turns taps into entries and corrections, and keeps the notice.

It holds no rules: every entry goes to the rules engine through the keeper (which stores
it before saying it was accepted), and what a game needs beyond a card tapped for the
player to act – a question, cards picked for one entry – its plug-in says
(``app.games``). What the screen shows is derived in ``state``; notices and their rule
links are in ``app.notices``. Plain Python, tested without Flet.

Its observable fields are what the table is doing (``mode``), what it says (``notice``)
and the store's revision of the match as last read (``revision``): every write and
every reload copies it from the keeper, and the screen draws again when it changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import flet as ft

from app.describe import card_words, entry_line
from app.games import game_ui
from app.games.plugin import GameUI, Option, Question
from app.i18n import tr
from app.logs import log
from app.notices import Notice, anchor, sentence
from app.table import state
from app.table.mode import Answering, AskingWho, Correcting, Mode, Picking, Playing
from rules import Entry, Expected, Match, Outcome, Refused, Status
from rules.cards import Card
from rules.entries import CardShown, Drew, Passed, Played, Stood, simple_entry
from rules.match import Deal
from rules.messages import refusal_message, violation_message

__all__ = ["Keeper", "Notice", "TableModel", "sentence"]


class Undone(Protocol):
    event: Any  # the entry taken back, or None for the start of a deal


class Keeper(Protocol):
    """What the table needs from the store (``models.live.LiveMatch``): durable entries."""

    match: Match
    names: list[str]
    match_id: int
    revision: int  # the stored match's count of changes this memory is based on

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
    mode: Mode = field(default_factory=Playing)
    notice: Notice | None = None
    revision: int = -1  # the keeper's, copied after every call that may change the match
    draw_count: int = 1
    # A step that throws away play, asked once before it is taken: "annul" (the deal),
    # "stop" (the match), "next_deal" (while a violation waits for a ruling).
    confirming: str | None = None
    showing_violation: bool = False  # the waiting violation's whole sentence is open
    # The last correction, to take back with one tap: (deal, index, the entry it replaced).
    corrected: tuple[int, int, Entry] | None = None
    refused: dict[str, Any] | None = None  # the entry last refused, as a record: named on top
    show_lists: bool = False  # a phone shows the entry list and the scoreboard when asked
    watch_url: str | None = None  # on a club's server: where players watch this match
    table_name: str | None = None  # on a club's server: the table it is played at
    showing_watch: bool = False  # the watch link's QR code is open at the table
    # Called after every write the store took: the screen tells other screens of the match.
    on_stored: Callable[[], None] = field(default=lambda: None, repr=False, compare=False)
    # The match revision the player's screen shows (private: setting it draws nothing).
    # Every write names it, so a tap means what the picture it was made on showed; a
    # change from another screen counts as shown once the client has drawn it (``shown``).
    _shown: int = field(default=0, init=False, repr=False, compare=False)
    # The deals and the last deal's entries on that picture: what a stale tap missed.
    _seen: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.revision = self.keeper.revision
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
    def game(self) -> GameUI:
        return game_ui(self.game_id)

    @property
    def deal(self) -> Deal | None:
        log = self.match.current
        return log.deal if log else None

    def expected(self) -> Expected | None:
        """What the rules wait for now; nothing once the match is over, also when the table
        stopped it in the middle of a deal."""
        deal = self.deal
        if deal is None or deal.status is not Status.OPEN or self.match.finished:
            return None
        return deal.expected()

    def headline(self) -> str:
        return state.headline(self)

    def cards(self) -> list[list[Card]]:
        """The picker's rows: one per suit, low to high, of this game's deck."""
        return [list(cards) for _, cards in state.deck_rows(self)]

    def card_state(self, card: Card) -> str:
        """``fits`` (would be accepted now), ``gone`` (already played), ``picked`` or ``plain``."""
        for _, row in state.picker(self):
            for code, shown in row:
                if code == str(card):
                    return shown
        return "plain"

    def actions(self) -> list[str]:
        """Entry buttons of the moment, besides tapping a card."""
        expected = self.expected()
        if expected is None:
            return []
        return [k for k in expected.kinds if k not in ("play", "trump", "starter")]

    def entries(self) -> list[tuple[int, str]]:
        """The current deal's accepted entries, numbered from 1, in words."""
        return [(line.number, line.text) for line in reversed(state.entry_lines(self))]

    def last_entry(self) -> str:
        return state.last_entry(self)

    # -- entering ---------------------------------------------------------
    def _entry_for(self, card: Card) -> Entry | Question | None:
        """What a tapped card stands for now: the trump or starter card shown, or a play –
        for the seat the table chose, else the one expected – as the game reads it."""
        expected = self.expected()
        if expected is None:
            return None
        kinds = expected.kinds
        if "trump" in kinds or "starter" in kinds:
            return self.match.parse({"type": "trump" if "trump" in kinds else "starter",
                                     "card": str(card)})  # fmt: skip
        if "play" not in kinds or expected.player is None:
            return None
        return self.game.card_entry(self, Played.of(self.acting(expected.player), card))

    def acting(self, expected: int) -> int:
        """The seat an entry is for: the one chosen with "someone else played", else the
        one the rules expect. A card played out of turn is then refused, naming who played
        it, instead of being put down for the wrong player."""
        mode = self.mode
        return mode.seat if isinstance(mode, Playing) and mode.seat is not None else expected

    def ask_who(self) -> None:
        self.mode = AskingWho()

    def play_for(self, seat: int) -> None:
        """The next card (or pass, draw…) is entered for ``seat``."""
        self.mode = Playing(seat)

    def cancel(self) -> None:
        """Back to plain play: the question, the cards picked, the seat chosen are dropped."""
        self.mode = Playing()

    def tap_card(self, code: str) -> None:
        mode = self.mode
        if isinstance(mode, Correcting):
            self.correct(code)
            return
        if isinstance(mode, AskingWho):  # the player comes first; the headline asks for it
            return
        if isinstance(mode, Picking):
            self.mode = mode.toggled(code)
            return
        made = self._entry_for(Card.parse(code))
        if made is None:
            self._refuse_phase()
        elif isinstance(made, Question):
            self.mode = Answering(made)
        else:
            self.submit(made)

    def answer(self, option: Option) -> None:
        """The table's answer to the question asked: its entry, or the next question."""
        if isinstance(option.entry, Question):
            self.mode = Answering(option.entry)
            return
        self.mode = Playing()
        self.submit(option.entry)

    def act(self, kind: str) -> None:
        """An entry button: pass, draw, buy, no_buy, stay, fold, redeal, annul, or one the
        game makes by picking cards (jacks, reveal, multi, ramsas)."""
        expected = self.expected()
        if kind == "annul":
            self.submit(simple_entry("annul"))
            return
        if expected is None:
            self._refuse_phase()
            return
        if kind in self.game.picks:
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
        seats = self.pick_seats(kind)
        seat = expected.player if expected and expected.player is not None else 0
        self.mode = Picking(kind, seat if seat in seats or not seats else seats[0])

    def pick_seats(self, kind: str) -> list[int]:
        """The seats the table may pick an entry of ``kind`` for (the game says)."""
        return self.game.pick_seats(self, kind)

    def choose_player(self, seat: int) -> None:
        if isinstance(self.mode, Picking):
            self.mode = Picking(self.mode.kind, seat, self.mode.picked)

    def confirm_picking(self) -> None:
        mode = self.mode
        self.mode = Playing()
        if not isinstance(mode, Picking):
            return
        cards = [Card.parse(code) for code in mode.picked]
        made = self.game.picked_entry(self, mode.kind, mode.seat, cards)
        if isinstance(made, Question):
            self.mode = Answering(made)
        else:
            self.submit(made)

    # -- corrections --------------------------------------------------------
    def _corrected(self) -> Entry | None:
        log = self.match.current
        if not isinstance(self.mode, Correcting) or log is None:
            return None
        return dict(log.accepted).get(self.mode.index)

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
        self.mode = Correcting(index)

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
        mode, self.mode = self.mode, Playing()
        log = self.match.current
        assert isinstance(mode, Correcting) and log is not None
        index = mode.index
        before = dict(log.accepted)  # the entries as they were: those that fall are named
        result = self._stored(self.keeper.replace, deal=log.number, index=index, raw=raw)
        if result is _NOT_SAVED:
            return
        if result.refusal is not None:
            self.notice = Notice(
                "refused",
                sentence(refusal_message(result.refusal, self.lang, self.names, self._words)),
                result.refusal.code.value,
            )
            return
        old = before.get(index)
        self.corrected = (log.number, index, old) if old is not None else None
        names = self.names

        def said(lang: str) -> str:
            """What changed, in words: the entry put right, and each later one that fell
            with it (who, what, and why it is refused now)."""
            fell = [
                tr(
                    lang,
                    "correct.fell",
                    number=i + 1,
                    what=entry_line(lang, before[i].to_record(), names),
                    why=refusal_message(r, lang, names, lambda c: card_words(c, lang)),
                )
                for d, i, r in result.now_refused
                if d == log.number
            ]
            what = entry_line(lang, raw.to_record(), names)
            key = "correct.changed" if fell else "correct.done"
            done = tr(lang, key, number=index + 1, what=what)
            return " ".join([done, *fell])

        self.notice = Notice("info", said(self.lang), say=said, action="undo-correction")

    def undo_correction(self) -> None:
        """Take back the last correction: the entry it replaced goes back in its place."""
        if self.corrected is None:
            return
        deal, index, old = self.corrected
        self.corrected = None
        result = self._stored(self.keeper.replace, deal=deal, index=index, raw=old)
        if result is _NOT_SAVED:
            return
        what = entry_line(self.lang, old.to_record(), self.names)
        self.notice = Notice("info", tr(self.lang, "correct.undone", number=index + 1, what=what))

    def set_draw_count(self, count: int) -> None:
        self.draw_count = max(1, min(count, 60))

    def undo_label(self) -> str:
        return state.undo_label(self)

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
        self.mode = Playing()

    def toggle_lists(self) -> None:
        self.show_lists = not self.show_lists

    def toggle_watch(self) -> None:
        self.showing_watch = not self.showing_watch

    def hide_watch(self) -> None:
        self.showing_watch = False

    def ask(self, step: str) -> None:
        """The first tap on "annul the deal", "end the match" (or "next deal" while a
        violation waits) only asks: a step that throws play away is the table's to decide."""
        self.confirming = step

    def keep_playing(self) -> None:
        self.confirming = None

    def confirm(self) -> None:
        """The table said yes to the step it was asked about."""
        step, self.confirming = self.confirming, None
        if step == "annul":
            self.submit(simple_entry("annul"))
        elif step == "stop":
            self.stop()
        elif step == "next_deal":  # the violations waiting stand, then the deal starts
            log = self.match.current
            for violation in self.match.waiting(log) if log is not None else []:
                self.submit(Stood(None, violation.event))
            self._start_next_deal()

    def toggle_violation(self) -> None:
        self.showing_violation = not self.showing_violation

    def reopen(self) -> None:
        """Take back the end of the match: play goes on where it stopped."""
        if self._stored(self.keeper.reopen) is _NOT_SAVED:
            return
        self.notice = Notice("info", tr(self.lang, "table.reopened"))

    def stop(self) -> None:
        """The table ends the match now; the best total wins (an open deal does not count)."""
        self.confirming = None
        if self._stored(self.keeper.stop) is _NOT_SAVED:
            return
        self.mode = Playing()
        self.notice = Notice("info", self.headline())

    def next_deal(self) -> None:
        """The next deal – asked first while a violation of this one waits for a ruling:
        it would stand without a word otherwise."""
        log = self.match.current
        if log is not None and self.match.waiting(log):
            self.ask("next_deal")
            return
        self._start_next_deal()

    def _start_next_deal(self) -> None:
        self.corrected = None
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

    def let_stand(self, key: tuple[int, int, int, str]) -> None:
        """The table rules on a flagged violation: it stands, the deal goes on (or stays) as
        played. The ruling is an entry (``stand``), stored like any other."""
        self.submit(Stood(None, key[1]))

    def annul_for(self, key: tuple[int, int, int, str]) -> None:
        """The table rules on a flagged violation: the deal is annulled, also after its end."""
        self.submit(simple_entry("annul"))

    def submit(self, raw: Entry | dict[str, Any]) -> None:
        """Send one entry; show why if refused, the news if it proved violations.

        A violation under the ``flag`` penalty is not news that the next tap may clear:
        it waits for the table's ruling (``state.pending_violations``). The end of a deal
        is shown by the deal's summary, which stays until the next deal.
        """
        outcome = self._stored(self.keeper.add_entry, raw)
        if outcome is _NOT_SAVED:
            return
        if isinstance(self.mode, Playing):
            self.mode = Playing()  # a seat chosen with "someone else played" is used up
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
        finally:
            self.revision = self.keeper.revision
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
        """The match in memory was rebuilt from the database: what was being done is let
        go, and the screen draws the match as it now is."""
        self.mode = Playing()
        self.notice = notice

    def refresh_from_store(self) -> None:
        """Another screen says it changed this match: show the table as stored."""
        if self.keeper.refresh():
            self.revision = self.keeper.revision
            self._reloaded(Notice("info", tr(self.lang, "table.changed_elsewhere")))

    # -- after a deal -------------------------------------------------------
    def deal_summary(self) -> str:
        return state.deal_summary(self)

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

    def scores(self) -> state.ScoreState:
        return state.scores(self)

    def running_totals(self) -> list[list[int]]:
        """Totals after each closed deal, per seat, starting from 0: the chart's lines."""
        return [[y for _, y in line] for line in state.scores(self).series]
