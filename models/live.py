"""A match being played: the rules' ``Match`` in memory, kept in step with the database.

Adding an entry costs the same at deal 1 and deal 500: the entry is
checked against the live match, written, applied, and the caches it
changes are written in the same transaction, which is committed (and
synced) before the caller hears "accepted". The live match is advanced
inside that transaction because the caches are what applying it yields;
if the commit fails the match is rebuilt from the database, so memory
never holds an entry the disk lacks. Only undo and replace replay the
match from its first entry.

Refused entries from the table are not stored: they change nothing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, func, insert, update
from sqlmodel import Session, col, select

from rules.codes import Code
from rules.entries import RULINGS, Refused
from rules.grammar import Name, seat_genders
from rules.match import DealLog, Match, Outcome, Status
from rules.record import load, verdict

from .changes import announce
from .engine import StoreFault
from .prepared import Prepared
from .ratings import rate_match
from .records import INSERT_ENTRY, StoredEntry, StoredMatch, dumps, read_match, resumable, resumed
from .results import deal_results, match_results
from .tables import DealRow, EntryRow, MatchRow, utcnow

# A tap raises the match's revision (the entry row is ``records.INSERT_ENTRY``; see ``prepared``).
RAISE_REVISION = Prepared(
    update(MatchRow)
    .where(col(MatchRow.id) == bindparam("match"))
    .where(col(MatchRow.revision) == bindparam("was"))
    .values(revision=bindparam("now"))
)


@dataclass(frozen=True)
class Undone:
    """What an undo took back: entry ``index`` of deal ``deal``, or (``index`` None) its start."""

    deal: int
    index: int | None
    event: Any


@dataclass(frozen=True)
class Replacement:
    """The result of replacing a past entry.

    ``refusal``: the new entry is refused at that place, and nothing
    changed. Otherwise ``now_refused`` lists the later entries, as
    (deal, index, refusal), that the rules accepted before and refuse now;
    they stay in the match, marked, as in an imported record.
    """

    refusal: Refused | None
    now_refused: tuple[tuple[int, int, Refused], ...] = ()


def open_stored(
    session: Session, match_id: int
) -> tuple[Match, list[int], list[str], list[str], int]:
    """A stored match made live: (match, deal ids, names, genders, revision).

    A match going on is resumed from its closed deals' cached results and a replay
    of its last deal; any other (finished, stopped) is replayed from its first entry.
    """
    stored = read_match(session, match_id, last_only=True)
    if resumable(stored):
        match = resumed(stored)
    else:
        stored = read_match(session, match_id)
        match, _ = load(stored.record())
    deal_ids = [deal.id for deal in stored.deals]
    return match, deal_ids, stored.names, stored.genders, stored.revision


class StaleMatch(RuntimeError):
    """Another screen (or program) changed the match since this one last read it – or
    since the caller's screen last showed it (the revision a write names).

    Nothing of the refused call was stored; the live match is the stored one, so the
    screen can show the table as it now is.
    """

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        if lang == "lt":
            return (
                "Šią partiją ką tik pakeitė kitas ekranas: jūsų veiksmas neįrašytas. "
                "Rodomas dabartinis stalas."
            )
        return (
            "Another screen has just changed this match: your entry was not saved. "
            "The table now shows where the match is."
        )


class LiveMatch:
    """One match open in the app; all its changes go through here.

    Safe to call from several threads (Flet runs handlers on a pool): each
    operation holds the match's lock from check to commit.
    """

    def __init__(
        self,
        engine: Engine,
        match_id: int,
        match: Match,
        names: list[str],
        deal_ids: list[int],
        revision: int = 0,
        genders: Sequence[str] | None = None,
    ) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self.match_id = match_id
        self.match = match
        self._seat(names, genders)
        self._deal_ids = deal_ids
        self.revision = revision  # the stored match's revision this memory is based on

    def _seat(self, names: Sequence[str], genders: Sequence[str] | None) -> None:
        """Keep each seat's gender beside its name, and in the name: every sentence the table
        builds from a name agrees with the player (``rules.grammar.Name``)."""
        self.genders = seat_genders(names, genders)
        self.names: list[str] = [Name(n, g) for n, g in zip(names, self.genders)]

    def verdict(self, lang: str = "en") -> dict[str, Any]:
        """The match so far as the verdict of RECORDS.md (deals, totals, winners, messages).

        Replayed from the store's entries: the live match may hold closed deals as their
        results only.
        """
        with self._lock, Session(self._engine) as session:
            stored = read_match(session, self.match_id)
        match, _ = load(stored.record())
        return verdict(match, self.names, lang)

    def add_entry(self, raw: Any, revision: int | None = None) -> Outcome:
        """Check an entry for the current deal; store and apply it, or return its refusal.

        ``revision``: the match's revision on the screen the entry was made on (what it
        means – whose card, which deal – is what that screen showed). If the match has
        moved on since, ``StaleMatch``: nothing is checked or stored. Every other write
        below takes it too.
        """
        with self._lock:
            self._shown(revision)
            log = self.match.current
            index = log.entries if log else 0
            if self.match.stopped:
                return Outcome(index, None, Refused(Code.MATCH_OVER))
            try:
                checked = self.match.check(raw)
            except Refused as refusal:
                return Outcome(index, None, refusal)
            assert log is not None
            entry = checked.entry
            event = entry.to_record()  # canonical: "10♥" is kept as "10H"
            finished = self.match.finished
            with self._transaction() as connection:
                INSERT_ENTRY.run(
                    connection,
                    deal_id=self._deal_ids[-1],
                    seq=index,
                    event=dumps(event),
                    refused=False,
                    at=utcnow(),
                )
                outcome = self.match.commit(checked)  # not checked again
                # A ruling changes what the deal's cache says of its violations, and an
                # annul after the deal's end may take back the end of the match.
                if outcome.violations or outcome.deal_ended or entry.TYPE in RULINGS:
                    connection.execute(
                        update(DealRow)
                        .where(col(DealRow.id) == self._deal_ids[-1])
                        .values(**deal_results(log))
                    )
                if outcome.match_ended or self.match.finished != finished:
                    with self._session(connection) as session:
                        self._write_match(session)
            return outcome

    def annul(self, revision: int | None = None) -> Outcome:
        """The table annuls the current deal: no points, the same dealer deals again."""
        return self.add_entry({"type": "annul"}, revision)

    def start_deal(self, revision: int | None = None) -> DealLog:
        """Begin the next deal; ``Refused`` while the current one is open or the match is over."""
        with self._lock:
            self._shown(revision)
            current = self.match.current
            if self.match.finished:
                raise Refused(Code.MATCH_OVER)
            if current is not None and current.status is Status.OPEN:
                raise Refused(Code.WRONG_PHASE)
            with self._writing() as session:
                log = self.match.start_deal()
                deal_id: int = session.exec(
                    insert(DealRow)
                    .values(match_id=self.match_id, number=log.number, **deal_results(log))
                    .returning(col(DealRow.id))
                ).scalar_one()
                self._deal_ids.append(deal_id)
            # The deals before this one are the store's now: memory keeps their results
            # (an undo of this start replays the last of them from the store).
            for earlier in reversed(self.match.deals[:-1]):
                if earlier.deal is None:
                    break
                self.match.keep_result_only(earlier.number)
            return log

    def stop(self, revision: int | None = None) -> None:
        """The table ends the match now: ranked by totals; an open deal does not count."""
        with self._lock:
            self._shown(revision)
            if self.match.stopped:
                return
            with self._writing() as session:
                self.match.stop()
                self._write_match(session)

    def reopen(self, revision: int | None = None) -> None:
        """Take back the table's end of the match: it goes on where it was stopped."""
        with self._lock:
            self._shown(revision)
            if not self.match.stopped:
                return
            with self._writing() as session:
                session.exec(
                    update(MatchRow).where(col(MatchRow.id) == self.match_id).values(stopped=False)
                )
                self._rebuild(session)

    def undo(self, revision: int | None = None) -> Undone | None:
        """Take back the last entry – or, when the current deal has none, its start.

        The entry keeps its row, marked undone. None when there is nothing to undo.
        Only the deal that is last afterwards is replayed (the others keep their
        cached results), unless the match cannot be resumed that way.
        """
        with self._lock:
            self._shown(revision)
            return self._undo()

    def _undo(self) -> Undone | None:
        with self._writing() as session:
            stored = read_match(session, self.match_id, last_only=True)
            if not stored.deals:
                return None
            deal = stored.deals[-1]
            number = len(stored.deals) - 1
            if deal.entries:
                last = deal.entries.pop()
                session.exec(
                    update(EntryRow).where(col(EntryRow.id) == last.id).values(undone_at=utcnow())
                )
                undone = Undone(number, len(deal.entries), json.loads(last.event))
            else:
                session.exec(
                    update(DealRow).where(col(DealRow.id) == deal.id).values(undone_at=utcnow())
                )
                undone = Undone(number, None, None)
            self._rebuild(session)
            return undone

    def replace(
        self, *, deal: int, index: int, raw: Any, revision: int | None = None
    ) -> Replacement:
        """Put ``raw`` in place of entry ``index`` of deal ``deal`` and replay the match.

        ``IndexError`` when there is no such entry.
        """
        with self._lock:
            self._shown(revision)
            try:
                entry = self.match.parse(raw)
            except Refused as refusal:
                return Replacement(refusal)
            with self._writing() as session:
                # A correction in the last deal replays that deal only; an older one, all.
                last = deal == len(self._deal_ids) - 1
                stored = read_match(session, self.match_id, last_only=last)
                if last and not resumable(stored):
                    stored = read_match(session, self.match_id)
                    last = False
                if not (
                    0 <= deal < len(stored.deals) and 0 <= index < len(stored.deals[deal].entries)
                ):
                    raise IndexError(f"no entry {index} in deal {deal}")
                old = stored.deals[deal].entries[index]
                new = StoredEntry(0, dumps(entry.to_record()), False)
                stored.deals[deal].entries[index] = new
                match = resumed(stored) if last else load(stored.record())[0]
                refused = dict(match.deals[deal].rejected).get(index)
                if refused is not None:
                    return Replacement(refused)
                session.exec(
                    update(EntryRow).where(col(EntryRow.id) == old.id).values(undone_at=utcnow())
                )
                new.id = session.exec(
                    insert(EntryRow)
                    .values(deal_id=stored.deals[deal].id, seq=index, event=new.event)
                    .returning(col(EntryRow.id))
                ).scalar_one()
                session.exec(
                    update(EntryRow).where(col(EntryRow.id) == old.id).values(replaced_by=new.id)
                )
                now_refused = self._replay(session, stored, match, first=deal if last else 0)
            return Replacement(None, now_refused)

    def _shown(self, revision: int | None) -> None:
        """``StaleMatch`` if the caller's screen showed another revision than this memory's:
        the match moved on (another screen's entry, heard and read meanwhile) before the
        tap made on the older picture arrived."""
        if revision is not None and revision != self.revision:
            raise StaleMatch(self.match_id)

    def _rebuild(self, session: Session) -> None:
        """Make the stored match live again after a change to its last deal."""
        stored = read_match(session, self.match_id, last_only=True)
        if resumable(stored):
            self._replay(session, stored, resumed(stored), first=len(stored.deals) - 1)
        else:
            self._replay(session, read_match(session, self.match_id))

    def _reload(self) -> None:
        """Rebuild the live match from the database (after a failed or refused write)."""
        with Session(self._engine) as session:
            self.match, self._deal_ids, names, genders, self.revision = open_stored(
                session, self.match_id
            )
        self._seat(names, genders)

    def refresh(self) -> bool:
        """Read the match again if another screen changed it; whether anything changed."""
        with self._lock:
            with Session(self._engine) as session:
                stored = session.exec(
                    select(MatchRow.revision).where(col(MatchRow.id) == self.match_id)
                ).first()
            if stored == self.revision:
                return False
            self._reload()
            return True

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """One transaction, committed on success; on any failure memory is rebuilt from disk.

        Its first statement takes the match from the revision this memory is based on
        to the next one. If the stored match is at another revision, another screen
        has changed it: nothing is written, memory is reloaded and ``StaleMatch`` tells.
        """
        changing = False  # the caller may be changing memory: it does so only from here on
        try:
            with self._engine.connect() as connection, connection.begin():
                moved = RAISE_REVISION.run(
                    connection, match=self.match_id, was=self.revision, now=self.revision + 1
                )
                if moved.rowcount != 1:
                    raise StaleMatch(self.match_id)
                announce(connection, self.match_id)  # other server processes, at the commit
                changing = True
                yield connection
        except BaseException:
            try:
                self._reload()
            except StoreFault:
                if changing:
                    # The database cannot be read either (a server out of reach, a lock
                    # held): memory may hold the change that failed. A revision no match
                    # has makes the next write stale, so it reloads before anything is
                    # written on top of it.
                    self.revision = -1
            raise
        self.revision += 1

    @staticmethod
    @contextmanager
    def _session(connection: Connection) -> Iterator[Session]:
        """An ORM session inside the transaction of ``connection``, flushed at its end
        (the transaction's commit is the connection's)."""
        with Session(bind=connection) as session:
            yield session
            session.flush()

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """``_transaction`` with an ORM session, for the writes that read the store."""
        with self._transaction() as connection, self._session(connection) as session:
            yield session

    def _write_match(self, session: Session) -> None:
        """Write the match's cached outcome, and the ratings that follow from it;
        ``finished_at`` is the first time it finished."""
        finished_at = func.coalesce(col(MatchRow.finished_at), utcnow())
        session.exec(
            update(MatchRow)
            .where(col(MatchRow.id) == self.match_id)
            .values(
                stopped=self.match.stopped,
                **match_results(self.match),
                finished_at=finished_at if self.match.finished else None,
            )
        )
        rate_match(session, match_id=self.match_id)

    def _replay(
        self, session: Session, stored: StoredMatch, match: Match | None = None, first: int = 0
    ) -> tuple[tuple[int, int, Refused], ...]:
        """Make ``match`` (the stored match replayed) live, and its results the cached ones.

        Only deals from ``first`` on were replayed (the others are cached results).
        Returns the entries the rules accepted before and refuse now.
        """
        if match is None:
            match, _ = load(stored.record())
        now_refused: list[tuple[int, int, Refused]] = []
        pairs = list(zip(stored.deals, match.deals))
        for number, (deal, log) in enumerate(pairs[first:], start=first):
            results = deal_results(log)
            if results != deal.results:
                session.exec(update(DealRow).where(col(DealRow.id) == deal.id).values(**results))
            rejected = dict(log.rejected)
            for index, entry in enumerate(deal.entries):
                refused = index in rejected
                if refused != entry.refused:
                    session.exec(
                        update(EntryRow).where(col(EntryRow.id) == entry.id).values(refused=refused)
                    )
                    if refused:
                        now_refused.append((number, index, rejected[index]))
        self.match, self._deal_ids = match, [deal.id for deal in stored.deals]
        if match_results(match) != stored.results:
            self._write_match(session)
        elif match.finished:  # a correction may change the totals, not the outcome
            rate_match(session, match_id=self.match_id)
        return tuple(now_refused)
