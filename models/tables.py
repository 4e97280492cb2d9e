"""The tables (SQLite or PostgreSQL), as SQLModel classes.

A match *is* its entries: ``entries`` is the truth, appended in order and
never rewritten except to mark an entry undone or replaced (the audit
trail). Everything the rules derive from it – deal results, the match's
status and winners – is a cache, kept here only because a query needs it
(the match list, player statistics) and rewritten in the same transaction
as the entries it comes from.

JSON values (options, events, points) are kept as text: an imported record
must come back byte for byte, so the store never reinterprets them.
Times are aware datetimes in UTC (SQLModel stores them as UTC).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Index, Text, text
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """Now, in UTC."""
    return datetime.now(UTC)


class Player(SQLModel, table=True):
    """One person of the roster; ``name`` is NFC-normalised so one spelling is one player."""

    __tablename__ = "players"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    created_at: datetime = Field(default_factory=utcnow)
    # Grammatical gender, "m" or "f": sentences about the player agree with it (rules.grammar).
    gender: str = Field(default="m", sa_column_kwargs={"server_default": "m"})
    # A club's member; a player who is not is the club's guest (the board says so).
    member: bool = Field(default=False, sa_column_kwargs={"server_default": text("false")})


class MatchRow(SQLModel, table=True):
    """A match: its game, options as given, first dealer, and its cached outcome."""

    __tablename__ = "matches"

    id: int | None = Field(default=None, primary_key=True)
    game: str
    options: str = Field(sa_type=Text)  # the options object as entered, JSON
    first_dealer: int
    stopped: bool = False  # the table ended the match (the record's "stopped")
    status: str = Field(default="open", index=True)  # cache: "open" or "finished"
    winners: str | None = Field(default=None, sa_type=Text)  # cache: JSON seat list once finished
    created_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None
    # Raised by every write to the match, which must name the revision it was based on:
    # two screens on one match can never fork it (``live.LiveMatch``).
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    table_name: str | None = None  # the club's table it is played at (not in its record)
    round_number: int | None = None  # the evening's round it belongs to (``rounds``)


class Seat(SQLModel, table=True):
    """Who sits at seat ``seat`` (0-based, clockwise) of a match."""

    __tablename__ = "seats"

    match_id: int = Field(foreign_key="matches.id", primary_key=True)
    seat: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="players.id", index=True)


class DealRow(SQLModel, table=True):
    """A deal of a match, with its result cached for the match list and statistics.

    ``undone_at`` is set when the table undoes the start of a deal that had
    no entries; its number is then free again, hence the partial index.
    """

    __tablename__ = "deals"
    __table_args__ = (
        Index(
            "ix_deals_live_number",
            "match_id",
            "number",
            unique=True,
            sqlite_where=text("undone_at IS NULL"),
            postgresql_where=text("undone_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="matches.id", index=True)
    number: int  # 0-based position among the match's live deals
    started_at: datetime = Field(default_factory=utcnow)
    undone_at: datetime | None = None
    status: str | None = Field(default=None)  # cache: "open", "finished", "annulled"
    points: str | None = Field(default=None, sa_type=Text)  # cache: JSON list, null while open
    violations: str | None = Field(default=None, sa_type=Text)  # cache: JSON list as in the verdict


class EntryRow(SQLModel, table=True):
    """One entry of a deal, in order (``seq`` is its index in the deal's events).

    ``event`` is the JSON of the entry: canonical for entries made at the
    table, verbatim for imported ones. ``refused`` marks an entry the rules
    refuse at its place – an imported record may hold some, and replacing
    an earlier entry may turn later ones into refusals. An undone entry
    keeps its row with ``undone_at`` set; a replaced one also names its
    replacement in ``replaced_by``.
    """

    __tablename__ = "entries"
    __table_args__ = (
        Index(
            "ix_entries_live_seq",
            "deal_id",
            "seq",
            unique=True,
            sqlite_where=text("undone_at IS NULL"),
            postgresql_where=text("undone_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deals.id", index=True)
    seq: int
    event: str = Field(sa_type=Text)
    refused: bool = False
    at: datetime = Field(default_factory=utcnow)
    undone_at: datetime | None = None
    replaced_by: int | None = Field(default=None, foreign_key="entries.id")


class Setting(SQLModel, table=True):
    """One setting of the app (language, theme, default options of a game), value as JSON."""

    __tablename__ = "settings"

    key: str = Field(primary_key=True)
    value: str = Field(sa_type=Text)


class RatingRow(SQLModel, table=True):
    """One player's rating in one game after one rated match (``ratings.py``).

    A cache, like the match's outcome: every row follows from the stored matches, in
    the order ``finished_at``, then ``match_id``, and is rewritten in the transaction
    that changes them. A player's rating in a game is his latest row.
    """

    __tablename__ = "ratings"
    __table_args__ = (
        Index("ix_ratings_game_order", "game", "finished_at", "match_id"),
        Index("ix_ratings_player_game", "player_id", "game", "finished_at", "match_id"),
    )

    match_id: int = Field(foreign_key="matches.id", primary_key=True)
    player_id: int = Field(foreign_key="players.id", primary_key=True)
    game: str
    finished_at: datetime  # the match's, copied: the rating order without a join
    place: int  # 1 the best; equal results share a place
    mu: float
    sigma: float
