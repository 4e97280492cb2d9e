"""A club evening on a PostgreSQL server the suite starts: two tables, two rounds, run
from the command line and from the organiser's screen.

Two server processes share the database. The operator of table 1 logs in on the first
and sees his table's match only; table 2 enters from another device (the store, as
another server would). The club's board and a player's phone, on the second process,
follow both without a reload. After round 1 ``club round`` moves the players on; the
board and the operator's home show the new seating. At the end every match is
exported, imported into a fresh database and re-rated: the ratings are the same.
"""

from __future__ import annotations

import csv
import io
import json
import random

from test_browser_table import enter
from webapp import (
    PHONE,
    another_page,
    browser_page,
    by_id,
    label,
    need_browser,
    open_app,
    serve,
    shot,
    tap,
    type_into,
    wait_label,
)

from bench.table import next_entry
from models import Store
from models.club import SETTING, Club
from models.evening import changes_csv, results
from rules import Status

PIN = "2468"
ROOM = {"width": 1280, "height": 720}
FIRST = [("1", ["Ona", "Jonas", "Rūta", "Petras"]), ("2", ["Eglė", "Tomas", "Asta", "Linas"])]


def play_out(store, match_id, rng):
    """The match's deals to its end, entered from another device."""
    live = store.resume(match_id)
    while not live.match.finished:
        current = live.match.current
        if current is None or current.status is not Status.OPEN:
            live.start_deal()
        assert live.add_entry(next_entry(live.match, rng)).accepted


def test_two_tables_two_rounds_a_board_and_the_results(tmp_path, postgres_server, cli_text):
    need_browser()
    db = postgres_server.create_database()
    copy = postgres_server.create_database()
    rng = random.Random(31)
    try:
        store = Store(db)
        club = Club.new("Kortų klubas", PIN)
        store.save_setting(SETTING, club.setting())
        one, two = store.start_round(1, "devynake", {"deals": 1}, FIRST)
        env = {"PARTIJA_DB": db}
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        with (
            serve(tmp_path / "a", env, mode=("--web", "--club")) as url_a,
            serve(tmp_path / "b", env, mode=("--web", "--club")) as url_b,
            browser_page(PHONE) as table,
        ):
            board = another_page(ROOM)
            phone = another_page(PHONE)
            for page in (board, phone):
                page.set_default_timeout(60_000)
            open_app(table, url_a, first="pin")
            type_into(table, "pin", PIN)
            type_into(table, "table-name", "1")
            tap(table, "action-login", until=f"resume-{one.match_id}")
            assert by_id(table, f"resume-{two.match_id}").count() == 0  # bound to table 1
            tap(table, f"resume-{one.match_id}", until="last-entry")
            open_app(board, f"{url_b.rstrip('/')}/board/{club.board_token()}", "board")
            wait_label(board, f"board-table-{one.match_id}", "Stalas 1")
            watch = f"{url_b.rstrip('/')}/watch/{club.watch_token(one.match_id)}"
            open_app(phone, watch, first="watching")
            # Round 1: table 1 taps on the first server, table 2 enters elsewhere.
            mine, other = store.resume(one.match_id), store.resume(two.match_id)
            for number in range(1, 4):
                mine.refresh()
                enter(table, next_entry(mine.match, rng, pass_rate=0), FIRST[0][1])
                wait_label(phone, "last-entry", f": {number}. ")
                wait_label(board, f"board-last-{one.match_id}", f": {number}. ")
                assert other.add_entry(next_entry(other.match, rng)).accepted
                wait_label(board, f"board-last-{two.match_id}", f": {number}. ")
            shot(board, "club-evening-board-round-1")
            play_out(store, one.match_id, rng)
            play_out(store, two.match_id, rng)
            by_id(board, "board-standing-devynake-1").first.wait_for()
            # Round 2: the players move on (seat s goes s tables on).
            moved = cli_text("--db", db, "club", "round")
            assert moved.returncode == 0, moved.stderr
            rows = [line.split("\t") for line in moved.stdout.splitlines()]
            assert [(r, t) for r, t, _, _ in rows] == [("2", "1"), ("2", "2")]
            three, four = (int(m) for _, _, m, _ in rows)
            assert rows[0][3] == "Ona, Tomas, Rūta, Linas"
            seated = wait_label(board, f"board-table-{three}", "Tomas")
            assert "Stalas 1" in seated and "2 ratas" in seated and "Linas" in seated
            tap(table, "action-home", until=f"resume-{three}")
            assert by_id(table, f"resume-{four}").count() == 0
            shot(board, "club-evening-board-round-2")
            play_out(store, three, rng)
            play_out(store, four, rng)
            board.close()
            phone.close()
        # The results: every finished match's record (with its finish time), the
        # standings and the rating changes; imported elsewhere and re-rated, the same.
        store.close()
        folder = tmp_path / "results"
        assert cli_text("--db", db, "club", "results", str(folder)).returncode == 0
        found = json.loads((folder / "results.json").read_text(encoding="utf-8"))
        ids = [one.match_id, two.match_id, three, four]
        assert sorted(m["id"] for m in found["matches"]) == sorted(ids)
        assert {(m["table"], m["round"]) for m in found["matches"]} == {
            (t, r) for t in ("1", "2") for r in (1, 2)
        }
        rows = list(csv.DictReader(io.StringIO((folder / "results.csv").read_text("utf-8"))))
        assert len(rows) == len(found["changes"]) == 16  # 8 players, 2 matches each
        files = sorted(str(p) for p in (folder / "matches").glob("*.json"))
        assert cli_text("--db", copy, "import", *files).returncode == 0
        assert cli_text("--db", copy, "club", "ratings", "--rebuild").returncode == 0
        stored, rebuilt = (
            cli_text("--db", db, "club", "ratings"),
            cli_text("--db", copy, "club", "ratings"),
        )
        assert stored.stdout == rebuilt.stdout and "devynake" in stored.stdout
        first, again = Store(db), Store(copy)
        for before, after in zip(
            first.standings("devynake"), again.standings("devynake"), strict=True
        ):
            assert before.name == after.name and before.matches == after.matches == 2
            assert round(before.mu, 6) == round(after.mu, 6)
            assert round(before.sigma, 6) == round(after.sigma, 6)
        first.close()
        again.close()
    finally:
        postgres_server.drop_database(db)
        postgres_server.drop_database(copy)


ORGANISER = "97531"


def seat(page, table, names):
    for seat_number, name in enumerate(names):
        type_into(page, f"table-{table}-new", name)
        tap(page, f"action-add-player-{table}", until=f"table-{table}-player-{seat_number}")


def test_the_organiser_runs_the_evening_from_his_screen(tmp_path, postgres_server):
    """The organiser seats two tables and begins round 1 on his screen; an operator's
    device, refused the organiser's screen, plays at table 1 and stops it; the next round
    waits for table 2, then moves the players on; the results page lists what finished."""
    need_browser()
    db = postgres_server.create_database()
    rng = random.Random(32)
    try:
        store = Store(db)
        club = Club.new("Kortų klubas", PIN).with_organiser(ORGANISER)
        store.save_setting(SETTING, club.setting())
        store.save_setting("defaults.devynake", {"deals": 1})  # the club's saved defaults
        with (
            serve(tmp_path, {"PARTIJA_DB": db}, mode=("--web", "--club")) as url,
            browser_page(PHONE) as organiser,
        ):
            operator = another_page(PHONE)
            operator.set_default_timeout(60_000)
            open_app(organiser, url, first="pin")
            type_into(organiser, "pin", ORGANISER)
            tap(organiser, "action-login", until="nav-club")
            tap(organiser, "nav-club", until="nav-evening")
            tap(organiser, "nav-evening", until="action-start-round")
            tap(organiser, "choose-devynake", until="option-deals")
            seat(organiser, 0, ["Ona", "Jonas", "Rūta"])
            type_into(organiser, "table-1-new", "ona")  # at table 1 already: refused
            tap(organiser, "action-add-player-1", until="evening-error")
            wait_label(organiser, "evening-error", "Ona: jau prie stalo 1")
            assert by_id(organiser, "table-1-player-0").count() == 0
            seat(organiser, 1, ["Eglė", "Tomas", "Asta"])
            shot(organiser, "club-organiser-seating")
            tap(organiser, "action-start-round", until="round-table-2")
            one, two = (m.id for m in store.round_matches(1))
            assert wait_label(organiser, "round-table-1", "Ona 0, Jonas 0, Rūta 0")
            # An operator who opens the organiser's address is told whose screen it is.
            open_app(operator, f"{url}club/evening", first="pin")
            type_into(operator, "pin", PIN)
            type_into(operator, "table-name", "1")
            tap(operator, "action-login", until="evening-refused")
            tap(operator, "action-back", until="nav-results")
            assert by_id(operator, "nav-evening").count() == 0
            tap(operator, "action-home", until=f"resume-{one}")
            tap(operator, f"resume-{one}", until="last-entry")
            mine = store.resume(one)
            for _ in range(2):
                mine.refresh()
                enter(operator, next_entry(mine.match, rng, pass_rate=0), FIRST[0][1][:3])
            tap(operator, "action-stop", until="action-confirm-stop-yes")
            tap(operator, "action-confirm-stop-yes", until="match-finished")
            wait_label(organiser, "round-table-1", "sustabdytas")
            # Table 2 still plays: the next round is shown, then refused until it ends.
            tap(organiser, "action-next-round", until="next-table-1")
            assert label(organiser, "next-table-1") == "Stalas 1: Ona, Tomas, Rūta"
            assert label(organiser, "next-table-2") == "Stalas 2: Eglė, Jonas, Asta"
            tap(organiser, "action-confirm-next", until="action-close-round")
            assert "(stalai: 2)" in label(organiser, "evening-error")
            shot(organiser, "club-organiser-refused")
            tap(organiser, "action-cancel", until="action-next-round")
            assert store.last_round()[0] == 1  # nothing began
            play_out(store, two, rng)
            wait_label(organiser, "round-table-2", "baigtas")
            tap(organiser, "action-next-round", until="next-table-1")
            tap(organiser, "action-confirm-next", until="action-new-seating")
            wait_label(organiser, "round-table-1", "Ona 0, Tomas 0, Rūta 0")
            assert [(t, p) for t, p in store.last_round()[3]] == [
                ("1", ["Ona", "Tomas", "Rūta"]),
                ("2", ["Eglė", "Jonas", "Asta"]),
            ]
            # The results: what finished, as the export writes it.
            tap(organiser, "action-back", until="nav-results")
            tap(organiser, "nav-results", until=f"result-{two}")
            found = results(store)
            for match in found["matches"]:
                assert "1 ratas" in label(organiser, f"result-{match['id']}")
            assert two in [m["id"] for m in found["matches"]]
            assert "Eglė" in label(organiser, f"result-{two}")
            assert "Stalas 2" in label(organiser, f"result-{two}")
            by_id(organiser, "result-standing-devynake-3").first.wait_for()
            shot(organiser, "club-results")
            with organiser.expect_download() as download:
                by_id(organiser, "action-results-csv").first.click()
            saved = tmp_path / "results.csv"
            download.value.save_as(saved)
            assert saved.read_text(encoding="utf-8") == changes_csv(found)
        store.close()
    finally:
        postgres_server.drop_database(db)
