"""What one tap sends: only what it changes, however far the match has gone.

The app runs in a real Flet session over an in-memory connection (``bench/tap.py``'s
``Table``), a Pradeda devynakė match of a few whole deals is played on, and each tap's
patch is weighed. The numbers are sizes and counts, never times: a deal's closing card
once sent the whole board again (30 KB, 290 controls) because the deal summary coming
in above it shifted it in its column.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
import pytest

import bench.tap
from bench.table import PLAYERS
from bench.tap import ENCODE, Table, Wire, stored
from rules.match import Status

# A card tap redraws the header, the last-entry line, one or two picker rows, one board
# row and the buttons: some 2-4 KB. A whole board drawn anew is ten times that.
MOST_BYTES = 8_000
MOST_BUILT = 220


def board_cards(table: Table) -> dict[str, int]:
    """The board's small cards now on screen: their label, and the id Flet gave them."""
    from flet.controls.core.semantics import Semantics

    return {
        control.label: control._i
        for control in list(table.session.index.values())
        if isinstance(control, Semantics)
        and control.label
        and not control.identifier
        and " " in control.label
    }


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Table:
    monkeypatch.setenv("PARTIJA_DB", str(tmp_path / "tap.db"))
    return Table("3", tmp_path / "tap.db", stored(3, random.Random(11)))


def test_each_tap_sends_only_what_it_changes(table: Table) -> None:
    async def play() -> list[tuple[int, int, bool, dict[str, int], dict[str, int]]]:
        table.start()
        await asyncio.sleep(0)
        await table.open()
        taps = []
        for _ in range(150):
            before = board_cards(table)
            count = len(table.taps)
            await table.tap(timed=True)
            if len(table.taps) == count:
                continue  # "next deal": a new deal is a new board
            _, built, size = table.taps[-1]
            log = table.shadow.current
            assert log is not None
            taps.append((built, size, log.status is not Status.OPEN, before, board_cards(table)))
        table.session.close()
        return taps

    taps = asyncio.run(play())
    closing = [tap for tap in taps if tap[2]]
    assert len(closing) >= 2, "the run should close deals"
    for built, size, _, _, _ in taps:
        assert size <= MOST_BYTES
        assert built <= MOST_BUILT
    for _, _, _, before, after in closing:
        # The closing card's board keeps every card it had, as the same controls.
        assert before
        assert {label: after.get(label) for label in before} == before


def test_kept_buttons_call_the_latest_handler() -> None:
    from app.table.buttons import Buttons

    buttons = Buttons()
    calls: list[str] = []
    buttons.done()
    first = buttons.button("pass", "Pass", lambda: calls.append("old"))
    twin = buttons.button("pass", "Pass", lambda: calls.append("twin"))
    assert twin is not first  # one control is never in two places of a drawing
    buttons.done()
    again = buttons.button("pass", "Pass", lambda: calls.append("new"))
    other = buttons.button("pass", "Praleisti", lambda: calls.append("lt"))
    assert again is first  # the same control: Flet's diff skips it
    assert other is not first  # what it shows changed: made anew
    again.content.on_click(None)
    twin.content.on_click(None)
    assert calls == ["new", "twin"]
    buttons.done()
    buttons.done()  # a drawing without it: the next one makes it anew
    assert buttons.button("pass", "Pass", lambda: None) is not first


MARKS = {int(ft.Icons.PLAY_ARROW), int(ft.Icons.STYLE)}  # the seat to act, the dealer


class Keeping(Wire):
    """The in-memory connection, keeping what it sends as the browser reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[Any] = []

    def send_message(self, message: Any) -> None:
        super().send_message(message)
        packed = msgpack.packb([message.action, message.body], default=ENCODE)
        self.read.append(msgpack.unpackb(packed, strict_map_key=False))


def controls(value: Any) -> Iterator[dict[str, Any]]:
    """Every control sent whole (one the browser builds anew), nested ones too."""
    if isinstance(value, dict):
        if "_c" in value:
            yield value
        for inner in value.values():
            yield from controls(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from controls(inner)


def test_the_turn_moving_sends_no_seat_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """When the turn moves, the two seats change a property each (which is filled, whose
    arrow shows): a mark taken out of one seat's row and put into the next once shifted
    both seats' words, and the browser built the words and the marks anew on every tap."""
    monkeypatch.setattr(bench.tap, "Wire", Keeping)
    monkeypatch.setenv("PARTIJA_DB", str(tmp_path / "tap.db"))

    async def play() -> list[dict[str, Any]]:
        table = Table("3", tmp_path / "tap.db", stored(3, random.Random(1)))
        wire = table.wire
        assert isinstance(wire, Keeping)
        table.start()
        await asyncio.sleep(0)
        await table.open()
        since = len(wire.read)
        for _ in range(80):  # two deals and more
            await table.tap(False)
        return [c for message in wire.read[since:] for c in controls(message)]

    sent = asyncio.run(play())
    assert any(c["_c"] == "Image" for c in sent)  # the board's new cards are sent whole
    words = re.compile(f"({'|'.join(PLAYERS)}) [−-]?[0-9]+")  # "Jonas 6", a seat's words
    seat_words = [c for c in sent if c["_c"] == "Text" and words.fullmatch(c.get("value", ""))]
    marks = [c for c in sent if c["_c"] == "Icon" and c.get("icon") in MARKS]
    assert seat_words == [] and marks == []
