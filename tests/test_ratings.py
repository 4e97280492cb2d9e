"""The players' ratings per game (``models/ratings.py``): what a match counts as, that the
ratings kept in step with every change equal a rebuild from the stored matches exactly,
the migration that fills them, and ``main.py club ratings``. Store tests run on SQLite and
PostgreSQL (``store_url``)."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import rows
from openskill.models import PlackettLuce
from randomplay import random_entry
from sqlalchemy import text

import models.live
import models.ratings
from models import Store
from models.engine import open_database
from models.ratings import places
from rules import GAMES, Match, Status

RATINGS = "SELECT match_id, player_id, game, finished_at, place, mu, sigma FROM ratings"
ORDERED = RATINGS + " ORDER BY game, finished_at, match_id, player_id"


def whole_deals(
    game: str, seats: int, rng: random.Random, count: int = 1
) -> list[tuple[list[dict], list[int]]]:
    """Deals of one match (first dealer 0) played to their ends with random legal entries:
    each one's events and points."""
    match = Match(GAMES[game](seats, {}), 0)
    deals = []
    for _ in range(count):
        log = match.start_deal()
        events: list[dict] = []
        while log.status is Status.OPEN:
            raw = random_entry(match, rng)
            assert raw is not None
            match.apply(raw)
            events.append(raw)
        assert log.status is Status.FINISHED and log.points is not None
        deals.append((events, log.points))
    return deals


def whole_deal(game: str, seats: int, rng: random.Random) -> tuple[list[dict], list[int]]:
    """One deal played to its end: its events and points."""
    return whole_deals(game, seats, rng)[0]


def stopped_record(game: str, players: list[str], rng: random.Random) -> tuple[dict, list[int]]:
    """A match of one whole deal that the table stopped, as a record, and its totals."""
    events, points = whole_deal(game, len(players), rng)
    record = {
        "format": 1,
        "game": game,
        "players": players,
        "options": {},
        "first_dealer": 0,
        "deals": [{"events": events}],
        "stopped": True,
    }
    return record, points


def by_hand(places_of: list[int]) -> list[tuple[float, float]]:
    """Openskill's Plackett–Luce with its defaults, every player new: (mu, sigma) by seat."""
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in places_of], ranks=places_of)
    return [(team[0].mu, team[0].sigma) for team in rated]


@pytest.fixture
def store(store_url):
    opened = Store(store_url)
    yield opened
    opened.close()


def test_places_follow_the_totals_winners_first_and_ties_share():
    assert places([10, 30, 30, 5], set(), lowest_wins=False) == [3, 1, 1, 4]
    assert places([10, 30, 30, 5], set(), lowest_wins=True) == [2, 3, 3, 1]
    assert places([0, 0, 0], set(), lowest_wins=True) == [1, 1, 1]
    # A Ramsas player who takes every trick wins on fewer points than another has.
    assert places([3, 7, 1], {0}, lowest_wins=False) == [1, 2, 3]
    assert places([3, 7, 7], {1, 2}, lowest_wins=False) == [3, 1, 1]


@pytest.mark.parametrize("game", ["domino", "devynake"])
def test_a_stopped_match_is_rated_by_its_totals(store, store_url, game):
    rng = random.Random(5)
    while True:  # a deal with a tie, so that shared places are seen too
        record, points = stopped_record(game, ["Ona", "Jonas", "Rūta", "Petras"], rng)
        if len(set(points)) < len(points) and len(set(points)) > 1:
            break
    [match_id] = store.import_records([record])
    lowest = GAMES[game].LOWEST_WINS
    assert lowest is (game == "domino")
    expected = places(points, set(), lowest_wins=lowest)
    # every seat's rating is openskill's for those places
    stored = rows(store_url, "SELECT place, mu, sigma FROM ratings ORDER BY player_id")
    assert stored == [(p, mu, s) for p, (mu, s) in zip(expected, by_hand(expected))]
    best = min(points) if lowest else max(points)
    table = store.standings(game)
    assert table[0].name in {
        name for name, total in zip(record["players"], points) if total == best
    }
    assert [s.matches for s in table] == [1, 1, 1, 1]
    assert [s.ordinal for s in table] == sorted((s.ordinal for s in table), reverse=True)
    [point] = store.rating_history("ona", game)  # the roster's Ona, in any case
    assert point.match_id == match_id and point.place == expected[0]


def test_what_does_not_count(store, store_url):
    rng = random.Random(2)
    events, _ = whole_deal("devynake", 3, rng)
    base = {"format": 1, "game": "devynake", "players": ["A", "B", "C"], "options": {}}
    store.import_records(
        [
            {**base, "deals": [{"events": events}]},  # going on
            {**base, "deals": [{"events": events[:5]}], "stopped": True},  # no finished deal
            {**base, "deals": [{"events": [{"type": "annul"}]}], "stopped": True},
        ]
    )
    assert rows(store_url, "SELECT count(*) FROM ratings") == [(0,)]
    store.import_records([{**base, "deals": [{"events": events}], "stopped": True}])
    assert rows(store_url, "SELECT count(*) FROM ratings") == [(3,)]


def finish(store: Store, players: list[str], events: list[dict]):
    """A devynake match of one deal, played at the table to its end (the rules finish it)."""
    live = store.create_match(game="devynake", players=players, options={"deals": 1})
    live.start_deal()
    for raw in events:
        assert live.add_entry(raw).accepted
    assert live.match.finished
    return live


def test_a_reopened_or_undone_match_leaves_the_ratings(store, store_url):
    rng = random.Random(3)
    deals = [whole_deal("devynake", 3, rng)[0] for _ in range(3)]
    first = finish(store, ["A", "B", "C"], deals[0])
    second = finish(store, ["A", "B", "D"], deals[1])
    third = store.create_match(game="devynake", players=["A", "C", "D"], options={"deals": 2})
    third.start_deal()
    for raw in deals[2]:
        third.add_entry(raw)
    third.stop()
    alone = rows(store_url, ORDERED)
    assert {row[0] for row in alone} == {first.match_id, second.match_id, third.match_id}

    first.undo()  # the last entry back: the first match is going on again
    assert not first.match.finished
    left = rows(store_url, ORDERED)
    assert {row[0] for row in left} == {second.match_id, third.match_id}
    # B and D meet first in the second match now: as new players
    [second_b] = [r for r in store.rating_history("B", "devynake")]
    assert second_b.match_id == second.match_id
    third.reopen()
    assert {row[0] for row in rows(store_url, ORDERED)} == {second.match_id}
    assert _seat_order_check(store_url, second.match_id)  # A, B and D new to the game again


def _seat_order_check(store_url: str, match_id: int) -> bool:
    """The rows of one match, read in seat order, are openskill's for their places, every
    player new."""
    stored = rows(
        store_url,
        "SELECT r.place, r.mu, r.sigma FROM ratings r JOIN seats s ON s.match_id = r.match_id"
        f" AND s.player_id = r.player_id WHERE r.match_id = {match_id} ORDER BY s.seat",
    )
    expected = by_hand([place for place, _, _ in stored])
    return [(mu, sigma) for _, mu, sigma in stored] == expected


def test_a_change_of_totals_that_keeps_the_winners_is_rated_again(store, store_url):
    """An undo in a stopped match's last deal: that deal no longer counts, the winners stay
    and the others' places move – the ratings follow though the outcome is unchanged."""
    rng = random.Random(6)
    while True:
        first, second = whole_deals("devynake", 4, rng, 2)
        both = [a + b for a, b in zip(first[1], second[1])]
        kept = places(first[1], set(), lowest_wins=False)
        if places(both, set(), lowest_wins=False) != kept and (
            {s for s, p in enumerate(kept) if p == 1}
            == {s for s, t in enumerate(both) if t == max(both)}
        ):
            break
    match = store.create_match(game="devynake", players=list("ABCD"), options={"deals": 3})
    for events, _ in (first, second):
        match.start_deal()
        for raw in events:
            match.add_entry(raw)
    match.stop()
    assert [r[4] for r in rows(store_url, ORDERED)] == places(both, set(), lowest_wins=False)
    match.undo()
    assert [r[4] for r in rows(store_url, ORDERED)] == kept
    assert _seat_order_check(store_url, match.match_id)


def test_history_is_in_rating_order_and_ends_at_the_standing(store):
    rng = random.Random(4)
    ids = [finish(store, ["A", "B", "C"], whole_deal("devynake", 3, rng)[0]).match_id]
    ids.append(finish(store, ["B", "A", "D"], whole_deal("devynake", 3, rng)[0]).match_id)
    ids += store.import_records([stopped_record("devynake", ["C", "A", "E"], rng)[0]])
    history = store.rating_history("A", "devynake")
    assert [point.match_id for point in history] == ids
    times = [point.finished_at for point in history]
    assert times == sorted(times) and all(t.utcoffset().total_seconds() == 0 for t in times)
    [standing] = [s for s in store.standings("devynake") if s.name == "A"]
    last = history[-1]
    assert (standing.mu, standing.sigma, standing.ordinal, standing.matches) == (
        last.mu,
        last.sigma,
        last.ordinal,
        3,
    )
    assert last.ordinal == pytest.approx(last.mu - 3 * last.sigma)
    assert store.rating_history("nobody", "devynake") == []
    assert store.standings("ramsas") == []


def test_any_sequence_of_changes_equals_a_rebuild(store, store_url, monkeypatch):
    """Finishes, stops, reopens, undos, corrections, imports and a merge, at random: after
    each, the stored ratings are exactly (floats too) what a rebuild gives. Both ways of
    keeping them are taken: appending the newest match, and recomputing its game."""
    recomputed = []
    real = models.ratings._recompute
    monkeypatch.setattr(
        models.ratings, "_recompute", lambda *a: recomputed.append(a[1]) or real(*a)
    )
    rng = random.Random(7)
    roster = ["Ona", "Jonas", "Rūta", "Petras", "Ieva"]
    live = []
    appends = recomputes = 0
    for step in range(30):
        action = rng.choice(["finish", "finish", "import", "stop", "reopen", "undo", "replace"])
        before = rows(store_url, ORDERED)
        recomputed.clear()
        if step == 10:  # one person entered twice, merged at step 20
            action = "import"
            store.import_records([stopped_record("domino", ["Onutė", "Jonas", "Rūta"], rng)[0]])
        elif step == 20:
            action = "merge"
            store.merge_players("Ona", "Onutė")
        elif action == "finish":
            players = rng.sample(roster, rng.choice([3, 4]))
            live.append(finish(store, players, whole_deal("devynake", len(players), rng)[0]))
        elif action == "import":
            game = rng.choice(["domino", "bumas", "devynake"])
            store.import_records([stopped_record(game, rng.sample(roster, 3), rng)[0]])
        elif action == "stop":
            players = rng.sample(roster, 3)
            match = store.create_match(game="devynake", players=players, options={"deals": 3})
            match.start_deal()
            for raw in whole_deal("devynake", 3, rng)[0]:
                match.add_entry(raw)
            match.stop()
            live.append(match)
        elif live:
            match = rng.choice(live)
            if action == "reopen":
                match.reopen()
            elif action == "undo":
                match.undo()
            elif match.match.deals and match.match.deals[0].accepted:
                index, entry = match.match.deals[0].accepted[-1]
                match.replace(deal=0, index=index, raw=entry)  # the same again: nothing moves
        kept = rows(store_url, ORDERED)
        recomputes += bool(recomputed)
        appends += not recomputed and kept != before
        store.rebuild_ratings()
        assert rows(store_url, ORDERED) == kept, f"step {step}: {action}"
    assert appends >= 5 and recomputes >= 3, (appends, recomputes)
    assert "Onutė" not in [s.name for s in store.standings("domino")]
    assert rows(store_url, "SELECT count(*) FROM ratings WHERE game = 'domino'")[0][0] >= 3


def test_an_import_of_many_matches_is_rated_as_a_rebuild_rates_them(store, store_url, monkeypatch):
    """One import of matches of several games, sharing players, one not finished, after
    matches already rated: the ratings it keeps are exactly a rebuild's. The ids are read
    in batches of two here, so that every batch boundary is crossed."""
    monkeypatch.setattr(models.ratings, "ID_BATCH", 2)
    rng = random.Random(11)
    roster = ["Ona", "Jonas", "Rūta", "Petras", "Ieva"]
    store.import_records([stopped_record("domino", ["Ona", "Jonas", "Rūta"], rng)[0]])
    batch = [
        stopped_record(game, rng.sample(roster, 3), rng)[0]
        for game in ("domino", "bumas", "devynake", "domino", "devynake", "domino", "bumas")
    ]
    going_on = {**batch[0], "stopped": False}  # one deal of many: not finished, not rated
    ids = store.import_records([*batch, going_on])
    assert len(ids) == len(batch) + 1
    kept = rows(store_url, ORDERED)
    assert {row[0] for row in kept} >= set(ids[:-1]) and ids[-1] not in {row[0] for row in kept}
    store.rebuild_ratings()
    assert rows(store_url, ORDERED) == kept


def test_the_migration_fills_the_ratings_as_a_rebuild_does(store_url):
    rng = random.Random(8)
    first = Store(store_url)
    for game in ("domino", "ramsas", "devynake"):
        for _ in range(3):
            first.import_records([stopped_record(game, rng.sample("ABCDE", 3), rng)[0]])
    finish(first, ["A", "B", "C"], whole_deal("devynake", 3, rng)[0])
    first.close()
    before = rows(store_url, ORDERED)
    assert len(before) == 10 * 3
    database = open_database(store_url)
    with database.engine.begin() as connection:  # back to 0005, as an older Partija left it
        connection.execute(text("DROP TABLE ratings"))
        for table, column in (  # and what came after 0006 (0007: club tables and members)
            ("matches", "table_name"),
            ("matches", "round_number"),
            ("players", "member"),
        ):
            connection.execute(text(f"ALTER TABLE {table} DROP COLUMN {column}"))
        connection.execute(text("UPDATE alembic_version SET version_num = '0005'"))
    database.engine.dispose()
    open_database(store_url).engine.dispose()
    assert rows(store_url, ORDERED) == before


def test_the_club_ratings_command(store_url, monkeypatch, tmp_path, cli_text):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path))  # the log, for a server
    rng = random.Random(9)
    store = Store(store_url)
    for _ in range(4):
        store.import_records([stopped_record("domino", ["Ona", "Jonas", "Rūta"], rng)[0]])
    store.import_records([stopped_record("bumas", ["Ona", "Petras"], rng)[0]])
    before = rows(store_url, ORDERED)
    standings = store.standings("domino")
    store.close()

    rebuilt = cli_text("--db", store_url, "club", "ratings", "--rebuild")
    assert (rebuilt.returncode, rebuilt.stderr) == (0, "")
    assert rebuilt.stdout.splitlines() == [
        "bumas: 1 matches, 2 players",
        "devynake: 0 matches, 0 players",
        "domino: 4 matches, 3 players",
        "ramsas: 0 matches, 0 players",
    ]
    assert rows(store_url, ORDERED) == before

    shown = cli_text("--db", store_url, "club", "ratings")
    assert (shown.returncode, shown.stderr) == (0, "")
    lines = shown.stdout.splitlines()
    assert lines[0] == "bumas" and lines[3] == "domino"
    assert lines[4:] == [f"  {s.name}\t{s.ordinal:.2f}\t4" for s in standings]

    script = Path(sys.executable).with_name("partija")  # `uv run partija`: the same command
    assert script.exists(), "the partija command is not installed: run `uv sync`"
    again = subprocess.run(
        [str(script), "--db", str(store_url), "club", "ratings"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (again.returncode, again.stdout) == (0, shown.stdout)


def test_the_command_tells_a_store_fault_in_one_line(tmp_path, cli_text):
    (tmp_path / "dir.db").mkdir()
    failed = cli_text("--db", tmp_path / "dir.db", "club", "ratings", "--rebuild")
    assert failed.returncode == 2 and failed.stdout == ""
    assert len(failed.stderr.splitlines()) == 1 and failed.stderr.startswith("main.py: ")


def test_two_tables_finishing_at_once_rate_one_after_the_other(postgres_server, monkeypatch):
    """On a server two tables may finish matches of one game at the same moment: the first
    is held open after rating its match; the second waits on the game's lock (seen in
    pg_stat_activity), then rates from the first one's rows – as a rebuild does."""
    url = postgres_server.create_database()
    first, second = Store(url), Store(url)
    rng = random.Random(10)
    tables = []
    for store, players in ((first, ["A", "B", "C"]), (second, ["A", "B", "D"])):
        events = whole_deal("devynake", 3, rng)[0]
        live = store.create_match(game="devynake", players=players, options={"deals": 1})
        live.start_deal()
        for raw in events[:-1]:
            live.add_entry(raw)
        tables.append((live, events[-1]))
    rated, release = threading.Event(), threading.Event()
    real = models.live.rate_match

    def held(session, *, match_id):
        real(session, match_id=match_id)
        if match_id == tables[0][0].match_id:
            rated.set()
            assert release.wait(60)

    monkeypatch.setattr(models.live, "rate_match", held)
    threads = [threading.Thread(target=live.add_entry, args=(last,)) for live, last in tables]
    threads[0].start()
    assert rated.wait(60)
    threads[1].start()
    waiting = 0
    for _ in range(600):
        waiting = postgres_server.value(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'advisory'"
        )
        if waiting:
            break
        time.sleep(0.05)
    release.set()
    for thread in threads:
        thread.join(60)
    assert waiting == 1
    assert all(live.match.finished for live, _ in tables)
    kept = rows(url, ORDERED)
    assert len(kept) == 6
    first.rebuild_ratings()
    assert rows(url, ORDERED) == kept
    first.close()
    second.close()
    postgres_server.drop_database(url)
