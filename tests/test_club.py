"""The club's PIN, its watch links and its command, without a browser."""

from __future__ import annotations

import asyncio

import pytest
from conftest import main_process
from hypothesis import given
from hypothesis import strategies as st

from models.club import SETTING, Club, ClubError
from models.pin_gate import PinGate


def test_the_pin_is_kept_only_as_a_salted_hash():
    # Long enough that a random salt or hash, in hex or base64, never holds it by chance
    # (a 4-digit pin did, once).
    pin = "24681357902468"
    club = Club.new("Kortų  klubas ", pin)
    assert club.name == "Kortų klubas"
    assert club.pin_ok(pin) and not club.pin_ok(pin[:-1] + "9") and not club.pin_ok("")
    stored = club.setting()
    assert pin not in str(stored)
    again = Club.from_setting(stored)
    assert again == club and again.pin_ok(pin)
    other = Club.new("Kortų klubas", pin)
    assert other.pin_hash != club.pin_hash  # a salt of its own


@pytest.mark.parametrize("name, pin", [("", "2468"), ("Klubas", "123"), ("Klubas", "12ab")])
def test_a_club_needs_a_name_and_a_pin_of_four_digits(name, pin):
    with pytest.raises(ClubError):
        Club.new(name, pin)


def test_a_watch_link_opens_its_own_match_only():
    club = Club.new("Klubas", "2468")
    token = club.watch_token(7)
    assert club.watched_match(token) == 7
    _, mac = token.split("-")
    assert club.watched_match(f"8-{mac}") is None  # another match with this one's proof
    assert club.watched_match(f"7-{'0' * len(mac)}") is None
    assert club.watched_match("7") is None and club.watched_match("x-y") is None
    assert Club.new("Klubas", "2468").watched_match(token) is None  # another club's secret
    kept = Club.new("Klubas", "9999", club.secret)  # a new PIN keeps the links good
    assert kept.watched_match(token) == 7


# A fixed secret: the shapes below are test names, the same in every collecting process.
CLUB = Club.new("Klubas", "2468", bytes(range(32)))
REAL = CLUB.watch_token(7)
MAC = REAL.split("-")[1]

# Token shapes a forged link can take (the fuzz below draws from these and from any text).
SHAPES = [
    "",
    "-",
    "7",
    f"7-{MAC}-",
    f"7-{MAC}/x",
    f"07-{MAC}",  # the right proof, a leading zero
    f"7-{MAC.upper()}",
    f"²-{MAC}",  # '²'.isdigit() is true, int('²') fails
    f"٧-{MAC}",  # an Arabic-Indic seven: int() takes it
    f"7-{'é' * 32}",  # non-ASCII: hmac.compare_digest refuses it
    "9" * 5000 + f"-{MAC}",
    f"{10**12}-{MAC}",
    "x" * 10_000,
    "../../etc/passwd",
    "7-" + "\x00" * 32,
    "\ud800-abc",
    " 7-" + MAC,
]


@pytest.mark.parametrize("token", SHAPES)
def test_a_forged_token_of_any_shape_opens_nothing(token):
    assert CLUB.watched_match(token) is None


@given(
    st.one_of(
        st.text(),
        st.text(alphabet=st.characters(categories=["Nd", "No"])).map(lambda d: f"{d}-{MAC}"),
        st.integers(min_value=-(10**40), max_value=10**40).map(lambda n: f"{n}-{MAC}"),
        st.text(alphabet="0123456789abcdef-/.%", max_size=80),
        st.sampled_from(SHAPES).flatmap(
            lambda shape: st.text(max_size=3).map(lambda extra: shape + extra)
        ),
    )
)
def test_no_token_raises_and_only_the_given_one_opens_its_match(token):
    found = CLUB.watched_match(token)
    assert found is None or token == CLUB.watch_token(found)


def test_the_server_answers_a_forged_watch_link_404_with_the_app(tmp_path):
    """Any token shape: 404, with the app's page (which then says "no such match")."""
    import urllib.error
    import urllib.parse
    import urllib.request

    from webapp import serve

    from models import Store

    store = Store(tmp_path / "partija.db")
    club = Club.new("Klubas", "2468")
    store.save_setting(SETTING, club.setting())
    match = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    store.close()

    def answer(path: str, method: str = "GET") -> tuple[int, bytes]:
        request = urllib.request.Request(url.rstrip("/") + path, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read()

    with serve(tmp_path, mode=("--web", "--club")) as url:
        status, page = answer(f"/watch/{club.watch_token(match.match_id)}")
        assert status == 200 and b"flutter" in page
        for token in [*SHAPES, f"{match.match_id}-{'0' * 32}"]:
            quoted = urllib.parse.quote(token.encode("utf-8", "surrogatepass"), safe="")
            status, body = answer(f"/watch/{quoted}")
            assert (status, body) == (404, page), token
        assert answer("/watch/a/b.js")[0] == 404  # a path, not quoted
        assert answer("/watch/x", "HEAD")[0] == 404
        assert answer("/", "GET") == (200, page)


def test_check_pin_asks_the_gate_for_its_client(monkeypatch):
    """The app's PIN check goes through the club's gate, as the client who asked."""
    from app import club as club_app

    gate = PinGate()
    monkeypatch.setattr(club_app, "GATE", gate)
    me = ("192.0.2.5", "tab-1")
    assert not asyncio.run(club_app.check_pin(CLUB, "1111", me))
    assert gate.wait(me) == 0.5 and gate.wait(("192.0.2.5", "tab-2")) == 0.0
    assert asyncio.run(club_app.check_pin(CLUB, "2468", me))
    assert gate.wait(me) == 0.0


def test_club_init_sets_the_pin_and_keeps_the_links(tmp_path, cli_text):
    from models import Store

    db = tmp_path / "club.db"
    done = cli_text("--db", db, "club", "init", "--name", "Kortų klubas", "--pin", "2468")
    assert done.returncode == 0, done.stderr
    assert "Kortų klubas" in done.stdout
    store = Store(db)
    first = Club.from_setting(store.settings()[SETTING])
    store.close()
    assert first is not None and first.pin_ok("2468")
    done = cli_text(
        "--db", db, "club", "init", "--name", "Kortų klubas", env={"PARTIJA_CLUB_PIN": "1357"}
    )
    assert done.returncode == 0, done.stderr
    store = Store(db)
    second = Club.from_setting(store.settings()[SETTING])
    store.close()
    assert second.pin_ok("1357") and second.secret == first.secret
    short = cli_text("--db", db, "club", "init", "--name", "Klubas", "--pin", "12")
    assert short.returncode == 2 and "PIN" in short.stderr and "Traceback" not in short.stderr
    # No PIN and nobody to ask: a process of its own, its stdin no terminal whatever runs
    # the tests.
    asked = main_process("--db", db, "club", "init", "--name", "Klubas")
    assert asked.returncode == 2 and "--pin" in asked.stderr


def test_serving_a_club_needs_a_club_and_the_web(tmp_path):
    db = tmp_path / "empty.db"
    done = main_process("--db", db, "--web", "--club", "--port", "1")
    assert done.returncode == 2 and "club init" in done.stderr
    done = main_process("--db", db, "--club")
    assert done.returncode == 2 and "--web" in done.stderr


def test_the_qr_code_is_drawn_module_for_module():
    """The SVG's squares are exactly segno's dark modules, inside a white quiet zone."""
    import re

    import segno

    from app.club import qr_svg

    text = "http://192.168.1.10:8550/watch/7-" + "a" * 32
    svg = qr_svg(text)
    matrix = segno.make(text, error="m").matrix
    drawn = [[0] * len(matrix) for _ in matrix]
    body = svg.split("<g", 1)[1]
    for x, y, width in re.findall(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="1"/>', body):
        for column in range(int(x), int(x) + int(width)):
            drawn[int(y)][column] = 1
    assert drawn == [list(row) for row in matrix]
    assert 'fill="#FFFFFF"' in svg and 'viewBox="-4 -4 ' in svg


def test_a_device_logged_in_at_a_table_lists_that_table(tmp_path, monkeypatch):
    """An operator who names his table at log-in sees its matches at home, and the
    matches he starts are played there."""
    from app import club as club_app
    from app.model import AppModel
    from models import Store
    from models.club import SETTING, Role

    async def right(club, pin, client=None):
        return Role.OPERATOR if pin == "2468" else None

    monkeypatch.setenv("PARTIJA_CLUB", "1")
    monkeypatch.setattr(club_app, "check_role", right)
    store = Store(tmp_path / "p.db")
    store.save_setting(SETTING, CLUB.setting())
    mine = store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"], table="2")
    store.create_match(game="devynake", players=["Ana", "Bob", "Cid"], table="1")
    model = AppModel.start(store, None, local=False)
    assert not asyncio.run(model.login("1111", " 2 ")) and model.table_name is None
    assert asyncio.run(model.login("2468", " 2 ")) and model.table_name == "2"
    assert [s.id for s in model.unfinished()] == [mine.match_id]
    table = model.table_for(mine.match_id)
    assert table is not None and table.table_name == "2"
    store.close()


def test_the_organiser_pin_is_its_own_and_kept_in_the_setting():
    from models.club import Role

    with_organiser = CLUB.with_organiser("97531")
    again = Club.from_setting(with_organiser.setting())
    assert again == with_organiser
    assert again.role("97531") is Role.ORGANISER and again.role("2468") is Role.OPERATOR
    assert again.role("1111") is None and CLUB.role("97531") is None
    with pytest.raises(ClubError):
        CLUB.with_organiser("12")


def test_a_bound_device_opens_another_table_only_with_the_organiser_pin(tmp_path, monkeypatch):
    from app.model import AppModel
    from models import Store
    from models.club import SETTING

    monkeypatch.setenv("PARTIJA_CLUB", "1")
    monkeypatch.setattr("app.club.GATE", PinGate())
    monkeypatch.setattr("app.club.client_of", lambda page: ("192.0.2.9", "tab"))
    monkeypatch.setattr("app.club.ft.context", type("Context", (), {"page": None})())
    store = Store(tmp_path / "p.db")
    store.save_setting(SETTING, CLUB.with_organiser("97531").setting())
    other = store.create_match(game="devynake", players=["Ana", "Bob", "Cid"], table="1")
    operator = AppModel.start(store, None, local=False)
    assert asyncio.run(operator.login("2468", "2"))
    assert operator.table_for(other.match_id) is None  # another table's match: not here
    organiser = AppModel.start(store, None, local=False)
    assert asyncio.run(organiser.login("97531", "2")) and organiser.organiser
    assert [s.id for s in organiser.unfinished()] == [other.match_id]
    assert organiser.table_for(other.match_id) is not None
    store.close()


def test_club_init_sets_the_organiser_pin_and_keeps_it(tmp_path, cli_text):
    from models import Store
    from models.club import Role

    db = tmp_path / "p.db"
    done = cli_text(
        "--db", db, "club", "init", "--name", "K", "--pin", "2468", "--organiser-pin", "97531"
    )
    assert done.returncode == 0, done.stderr
    # A new operators' PIN:
    again = cli_text("--db", db, "club", "init", "--name", "K", "--pin", "1357")
    assert again.returncode == 0, again.stderr
    store = Store(db)
    club = Club.from_setting(store.settings()[SETTING])
    store.close()
    assert club.role("97531") is Role.ORGANISER and club.role("1357") is Role.OPERATOR
    assert club.role("2468") is None


def test_club_member_makes_members_and_refuses_a_stranger(tmp_path, cli_text):
    from models import Store

    db = tmp_path / "p.db"
    store = Store(db)
    store.create_match(game="devynake", players=["Ona", "Jonas", "Rūta"])
    store.close()
    assert cli_text("--db", db, "club", "member", "Ona", "Jonas").returncode == 0
    assert cli_text("--db", db, "club", "member", "Jonas", "--guest").returncode == 0
    refused = cli_text("--db", db, "club", "member", "Niekas")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
    store = Store(db)
    assert store.members() == {"Ona"}
    store.close()


def test_a_chart_writes_its_range_and_never_an_empty_one():
    """The rating chart and the scoreboard's write the whole numbers around their values,
    zero when inside; one value (one rated match) gets a band of two, where a line of one
    point drew nothing."""
    from app.charts import value_marks

    assert value_marks([3.0]) == (2, 4, [2, 4])
    assert value_marks([-0.5, 3.2, 11.1]) == (-1, 12, [-1, 0, 12])
    assert value_marks([-1.6, -1.6]) == (-2, -1, [-2, -1])
    assert value_marks([0, 0, 0]) == (-1, 1, [-1, 0, 1])  # a deal where nobody scored
    assert value_marks([]) == (-1, 1, [-1, 0, 1])
