"""The roster: renaming a player and merging two entries for one person.

A player's name is his identity in the roster, so a rename that would make
two players share a name is refused (merge them instead); a merge moves
every seat of one player to the other, unless both sat in the same match.
"""

from __future__ import annotations

from sqlmodel import Session, col, delete, select, update

from rules.grammar import GENDERS
from rules.names import BadName, clean_name

from .ratings import rerate_player
from .records import find_player, lock_roster
from .tables import Player, Seat


class RosterError(ValueError):
    """A rename or merge that cannot be done; ``key`` names the sentence for the user."""

    def __init__(self, key: str, **facts: str) -> None:
        super().__init__(f"{key}: {facts}")
        self.key = key
        self.facts = facts


def _player(session: Session, name: str) -> Player:
    try:
        player = find_player(session, name)
    except BadName:
        player = None
    if player is None:
        raise RosterError("roster.unknown", name=name)
    return player


def rename_player(session: Session, old: str, new: str) -> None:
    lock_roster(session)
    player = _player(session, old)
    try:
        new = clean_name(new)
    except BadName as bad:
        raise RosterError(f"name.{bad.reason}", name=bad.name) from None
    if new == player.name:
        return
    other = find_player(session, new)
    if other is not None and other.id != player.id:  # a change of case alone is a rename
        raise RosterError("roster.taken", name=other.name)
    player.name = new
    session.add(player)


def set_gender(session: Session, name: str, gender: str) -> None:
    if gender not in GENDERS:  # a caller's mistake, not the user's: no sentence for it
        raise ValueError(f"gender {gender!r} is not one of {GENDERS}")
    player = _player(session, name)
    player.gender = gender
    session.add(player)


def set_member(session: Session, name: str, member: bool) -> None:
    """Make the roster's player a member of the club, or its guest."""
    player = _player(session, name)
    player.member = member
    session.add(player)


def merge_players(session: Session, keep: str, drop: str) -> None:
    """Seat ``keep`` wherever ``drop`` sat, and remove ``drop`` from the roster."""
    lock_roster(session)
    kept, dropped = _player(session, keep), _player(session, drop)
    if kept.id == dropped.id:
        raise RosterError("roster.same")
    theirs = set(session.exec(select(Seat.match_id).where(col(Seat.player_id) == dropped.id)))
    mine = set(session.exec(select(Seat.match_id).where(col(Seat.player_id) == kept.id)))
    if theirs & mine:
        raise RosterError("roster.same_table", keep=kept.name, drop=dropped.name)
    session.exec(update(Seat).where(col(Seat.player_id) == dropped.id).values(player_id=kept.id))
    assert dropped.id is not None
    rerate_player(session, player_id=dropped.id)
    session.exec(delete(Player).where(col(Player.id) == dropped.id))
