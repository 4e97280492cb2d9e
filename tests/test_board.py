"""The club's board: one look at the store finds what moved, whatever the number of boards."""

from __future__ import annotations

from app.board import PROVISIONAL, BoardFeed
from models import Store
from models.club import Club

PLAYERS = ["Ona", "Jonas", "Rūta"]


def test_a_look_reads_again_only_what_moved(tmp_path):
    store = Store(tmp_path / "p.db")
    one = store.create_match(game="devynake", players=PLAYERS)
    one.start_deal()
    two = store.create_match(game="devynake", players=["Eglė", "Petras", "Tomas"])
    feed = BoardFeed(store)
    assert feed.look() and feed.version == 1
    first = feed.state("lt")
    assert [t.match_id for t in first.tables] == [one.match_id, two.match_id]
    assert first.tables[0].deal == 1 and first.tables[1].deal == 0
    assert feed.state("lt") is first  # derived once per change and language
    assert not feed.look() and feed.version == 1  # nothing moved: nothing read again
    assert one.add_entry({"type": "play", "player": 1, "card": "9H"}).accepted
    assert feed.look()
    moved = feed.state("en")
    assert moved.tables[0].revision == one.revision
    assert "9" in moved.tables[0].last_entry and moved.lang == "en"
    three = store.create_match(game="devynake", players=["Ana", "Bob", "Cid"])
    assert feed.look()  # a match begun shows up at the next look
    assert three.match_id in {t.match_id for t in feed.state("lt").tables}
    two.stop()
    assert feed.look()  # a match stopped leaves the board
    assert two.match_id not in {t.match_id for t in feed.state("lt").tables}
    store.close()


def test_standings_mark_provisional_ratings(tmp_path):
    store = Store(tmp_path / "p.db")
    live = store.create_match(game="devynake", players=PLAYERS, options={"deals": 1})
    live.start_deal()
    import random

    from bench.table import next_entry  # a legal entry at a time, to the deal's end

    rng = random.Random(3)
    while live.match.current is not None and live.match.current.status.name == "OPEN":
        assert live.add_entry(next_entry(live.match, rng)).accepted
    feed = BoardFeed(store)
    feed.look()
    games = dict(feed.state("lt").standings)
    rows = games["devynake"]
    assert {r.name for r in rows} == set(PLAYERS)
    assert all(r.provisional for r in rows) and all(r.matches < PROVISIONAL for r in rows)
    store.close()


def test_the_board_link_is_the_club_own():
    club = Club.new("Klubas", "2468")
    other = Club.new("Klubas", "2468")
    assert club.is_board(club.board_token())
    assert not club.is_board(other.board_token())
    assert not club.is_board(club.watch_token(1)) and not club.is_board("ž" * 32)


def test_a_match_keeps_its_club_table(tmp_path):
    store = Store(tmp_path / "p.db")
    at_three = store.create_match(game="devynake", players=PLAYERS, table="3")
    anywhere = store.create_match(game="devynake", players=["Ana", "Bob", "Cid"])
    assert store.summary(at_three.match_id).table == "3"
    assert store.summary(anywhere.match_id).table is None
    feed = BoardFeed(store)
    feed.look()
    tables = {t.match_id: t.table for t in feed.state("lt").tables}
    assert tables == {at_three.match_id: "3", anywhere.match_id: None}
    store.close()


def test_a_table_name_is_tidied_and_bounded():
    from app.club import TABLE_NAME, table_label

    assert table_label("  Prie   lango ") == "Prie lango"
    assert table_label(" \t") is None
    assert table_label("x" * 500) == "x" * TABLE_NAME


def test_guests_are_marked_in_the_standings(tmp_path):
    import random

    from app.board import rating_line
    from bench.table import next_entry
    from models.roster import RosterError
    from rules import Status

    store = Store(tmp_path / "p.db")
    live = store.create_match(game="devynake", players=PLAYERS, options={"deals": 1})
    live.start_deal()
    rng = random.Random(5)
    while live.match.current.status is Status.OPEN:
        assert live.add_entry(next_entry(live.match, rng)).accepted
    store.set_member("Ona", True)
    assert store.members() == {"Ona"}
    try:
        store.set_member("Nėra Tokio", True)
    except RosterError:
        pass
    else:
        raise AssertionError("an unknown player was made a member")
    feed = BoardFeed(store)
    feed.look()
    rows = {r.name: r for r in dict(feed.state("lt").standings)["devynake"]}
    assert not rows["Ona"].guest and rows["Jonas"].guest and rows["Rūta"].guest
    assert "(svečias)" in rating_line("lt", rows["Jonas"])
    assert "(viešnia)" in rating_line("lt", rows["Rūta"])  # said of a woman
    assert "svečias" not in rating_line("lt", rows["Ona"]) and "(guest)" in rating_line(
        "en", rows["Jonas"]
    )
    store.close()


def test_a_standing_says_its_matches_in_the_languages_own_plural():
    """The guest's mark goes with the name, "provisional" with the rating, and the count
    of rated matches takes its plural form: "1 match", never "1 matches"."""
    from app.board import BoardRating, rating_line

    def line(lang: str, matches: int, **marks: bool) -> str:
        row = BoardRating(
            place=2,
            name="Rūta",
            rating=-0.5,
            matches=matches,
            provisional=marks.get("provisional", False),
            guest=marks.get("guest", False),
            feminine=True,
        )
        return rating_line(lang, row)

    assert line("lt", 1, guest=True, provisional=True) == (
        "2. Rūta (viešnia): −0,5, preliminarus (1 žaidimas)"
    )
    assert line("en", 1, guest=True, provisional=True) == (
        "2. Rūta (guest): −0.5, provisional (1 match)"
    )
    lt = {n: line("lt", n) for n in (2, 10, 11, 21, 22)}
    assert lt == {
        2: "2. Rūta: −0,5 (2 žaidimai)",
        10: "2. Rūta: −0,5 (10 žaidimų)",
        11: "2. Rūta: −0,5 (11 žaidimų)",
        21: "2. Rūta: −0,5 (21 žaidimas)",
        22: "2. Rūta: −0,5 (22 žaidimai)",
    }
    assert line("en", 3) == "2. Rūta: −0.5 (3 matches)"
