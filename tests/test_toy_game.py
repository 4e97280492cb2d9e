"""A game needs nothing outside its own modules: a toy game, "higher card", registered through
the app's one registry, is played through the table's controller and the headless referee.

Two players; the player left of the dealer plays a heart, then the other; the higher card
takes the deal's point; the first to ``target`` points wins.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import flet as ft
import pytest

from app import games
from app.games.plugin import GameUI
from app.i18n import tr
from app.kept import Kept
from app.table.model import TableModel
from models import Store
from rules import games as rule_games
from rules.__main__ import main as referee
from rules.cards import Card, Suit, deck
from rules.codes import Code
from rules.entries import RULINGS, Entry, Played, Refused
from rules.knowledge import Violation
from rules.match import Deal, Expected, Game, Reason
from rules.options import whole


@dataclass(frozen=True)
class ToyView:
    cards: tuple[tuple[int, Card], ...]  # (seat, card) in play order


class Toy(Game):
    id = "toy"
    MIN_SEATS, MAX_SEATS = 2, 2
    ENTRY_TYPES = frozenset({"play", *RULINGS})
    OPTIONS = (whole("target", 3),)

    def build_deck(self) -> frozenset[Card]:
        return frozenset(c for c in deck(52) if c.suit is Suit.HEARTS)

    def points_range(self) -> tuple[int, int]:
        return 0, 1

    def new_deal(self, dealer: int, totals: list[int]) -> ToyDeal:
        return ToyDeal(self, dealer, totals)

    def match_winners(self, totals: list[int], counted: int, last: Deal) -> list[int] | None:
        won = [seat for seat, total in enumerate(totals) if total >= self.options["target"]]
        return won or None


class ToyDeal(Deal):
    def __init__(self, game: Game, dealer: int, totals: list[int]) -> None:
        super().__init__(game, dealer, totals)
        self.cards: list[tuple[int, Card]] = []
        self.hands = [1, 1]

    def turn(self) -> int:
        return (self.dealer + 1 + len(self.cards)) % 2

    def check(self, entry: Entry, index: int) -> None:
        assert isinstance(entry, Played)
        if entry.player != self.turn():
            raise Refused(Code.NOT_YOUR_TURN, player=entry.player, expected=self.turn())
        if any(card == entry.card for _, card in self.cards):
            raise Refused(Code.CARD_GONE, card=entry.card)

    def apply(self, entry: Entry, index: int) -> list[Violation]:
        assert isinstance(entry, Played) and entry.player is not None
        self.cards.append((entry.player, entry.card))
        self.hands[entry.player] = 0
        if len(self.cards) == 2:
            winner = max(self.cards, key=lambda played: played[1].rank)[0]
            self.finish([int(seat == winner) for seat in range(2)])
        return []

    def expected(self) -> Expected:
        return Expected(self.turn(), ("play",))

    def legal_entries(self) -> list[Entry]:
        gone = {card for _, card in self.cards}
        return [Played.of(self.turn(), card) for card in sorted(self.game.deck() - gone)]

    def view(self) -> ToyView:
        return ToyView(tuple(self.cards))

    def reasons(self) -> tuple[Reason, ...]:
        return (Reason("higher", (max(self.cards, key=lambda p: p[1].rank)[0],)),)


class ToyUI(GameUI):
    rules = Toy
    order = 9
    emblem = Suit.HEARTS

    def board(self, view: ToyView, names: tuple[str, ...], lang: str, kept: Kept) -> ft.Control:
        return ft.Row([ft.Text(f"{names[seat]}: {card.label}") for seat, card in view.cards])

    def reason(self, lang: str, why: Reason, names: tuple[str, ...]) -> str:
        return f"{names[why.seats[0]]} ↑"


@pytest.fixture
def toy():
    games.register(ToyUI(titles={"lt": "Aukštesnė", "en": "Higher card"}))
    yield
    del games.GAMES["toy"], rule_games.GAMES["toy"]


def test_the_toy_game_is_played_at_the_table(toy, tmp_path):
    store = Store(tmp_path / "p.db")
    try:
        live = store.create_match(game="toy", players=["Ona", "Jonas"], options={"target": 2})
        live.start_deal()
        tm = TableModel(live, "en")
        assert games.ordered()[-1].title("en") == "Higher card"
        assert tm.headline().startswith("Jonas")
        tm.tap_card("5S")  # not a heart: not in this game's deck
        assert tm.notice.code == "bad_card" and tm.entries() == []
        tm.tap_card("QH")
        tm.tap_card("QH")  # Ona: already on the table
        assert tm.notice.code == "card_gone"
        tm.tap_card("9H")
        assert tm.match.current.points == [0, 1] and "Jonas ↑" in tm.deal_summary()
        tm.next_deal()  # Jonas deals: Ona plays first
        tm.tap_card("2H")
        tm.tap_card("AH")
        assert tm.match.finished and tm.headline() == tr("en", "expect.match_over", winners="Jonas")
        record = json.loads(store.export_record(live.match_id))
    finally:
        store.close()
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(record))
    assert referee([str(path)]) == 0


def test_the_headless_referee_plays_the_toy_game(toy, tmp_path, capsys):
    record = {
        "format": 1,
        "game": "toy",
        "players": ["Ona", "Jonas"],
        "options": {"target": 1},
        "deals": [{"events": [{"type": "play", "player": 0, "card": "KH"},
                              {"type": "play", "player": 1, "card": "KH"},
                              {"type": "play", "player": 0, "card": "KH"},
                              {"type": "play", "player": 0, "card": "4H"}]}],
    }  # fmt: skip
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(record))
    assert referee([str(path)]) == 0
    verdict = json.loads(capsys.readouterr().out)
    [deal] = verdict["deals"]
    assert [(r["event"], r["code"]) for r in deal["rejected"]] == [
        (0, "not_your_turn"),
        (2, "card_gone"),
    ]
    assert (deal["points"], verdict["finished"], verdict["winners"]) == ([0, 1], True, [1])
