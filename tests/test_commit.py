"""``Match.commit`` applies what ``Match.check`` accepted only at the moment it was accepted:
after anything else changed the match it is refused whole, and the match is as it was."""

from __future__ import annotations

import pytest

from rules import GAMES, Match
from rules.match import Checked

PASS = {"type": "pass", "player": 0}
PLAY = {"type": "play", "player": 0, "card": "9H"}


def devynake() -> Match:
    match = Match(GAMES["devynake"](3, {}), 2)
    match.start_deal()
    return match


def test_a_checked_entry_is_committed_as_checked() -> None:
    match = devynake()
    checked = match.check(PLAY)
    assert isinstance(checked, Checked) and checked.entry.to_record() == PLAY
    outcome = match.commit(checked)
    assert outcome.accepted and outcome.index == 0
    assert match.current is not None and match.current.accepted == [(0, checked.entry)]


@pytest.mark.parametrize(
    "between",
    [
        lambda m: m.apply(PLAY),  # another entry taken
        lambda m: m.apply({"type": "play", "player": 1, "card": "9H"}),  # one refused
        lambda m: m.stop(),
    ],
)
def test_a_check_goes_stale_when_the_match_changes(between) -> None:
    match = devynake()
    checked = match.check(PASS)
    between(match)
    log = match.current
    assert log is not None
    before = (log.entries, list(log.accepted), match.stopped, match.winners)
    with pytest.raises(ValueError, match="changed since"):
        match.commit(checked)
    assert (log.entries, list(log.accepted), match.stopped, match.winners) == before


def test_a_check_of_one_deal_is_stale_in_the_next() -> None:
    match = devynake()
    checked = match.check({"type": "annul"})
    match.commit(checked)
    match.start_deal()
    with pytest.raises(ValueError):
        match.commit(checked)
