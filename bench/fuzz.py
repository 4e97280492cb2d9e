"""The fuzzing campaign: hostile record files and entry sequences against every way in.

    uv run python bench/fuzz.py                  # 100 000 cases, 2 workers
    uv run python bench/fuzz.py --cases 5000 --seed 7 --workers 1
    uv run python bench/fuzz.py --seed 7 --only 1234   # one case again, by its number

Each case starts from a legal random playout of one of the four games (a pool
built from the seed, ``tests/randomplay.py``) and breaks it: illegal entries
slipped in (wrong player, cards not in the deck, duplicates, wrong types,
missing or extra fields, huge or negative counts, entries out of their phase),
the record's structure bent (deep nesting, wrong types at any key, huge numbers,
NaN, extra keys, 0, 1 or 11 players, many deals), or the file's bytes damaged
(truncation, bit flips, garbage, invalid UTF-8, byte-order marks, lone
surrogate escapes). The case then goes to one target, in this process:

* ``referee``: the one reader, ``rules.record.load`` and ``verdict`` (and the
  text verdict); every ``--cli-every``-th record file also through
  ``python -m rules`` as a subprocess (exit 0 with the same verdict, or exit 2
  with one line on stderr and nothing on stdout);
* ``entries``: a ``Match`` fed the entries one by one;
* ``importer``: ``check_records`` and ``Store.import_records`` on an SQLite file
  in a temporary folder, then ``export_record`` read back;
* ``live``: a ``LiveMatch`` of that store fed the entries one by one, then the
  stored match resumed and replayed.

Only refusals and the documented errors (``RecordError`` and its kinds, a
``Refused`` deal start) may come out. A refused entry must change nothing (the
match's state, the stored rows); replaying the accepted entries alone must give
the same deals, totals and winners; a stored match must give back its verdict.
Anything else – another exception, a changed state, a different replay, a case
over its time bound – is a finding: printed with the seed, the case number and
the case written to a file, and the run exits 1.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import json
import math
import multiprocessing
import os
import random
import re
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import randomplay  # noqa: E402  (tests/randomplay.py: legal random entries)

from models.records import UnknownMatch  # noqa: E402
from models.store import RecordRejected, Store, check_records  # noqa: E402
from rules import GAMES, Match, RecordError, Refused, Status  # noqa: E402
from rules import record as record_module  # noqa: E402
from rules.match import Game  # noqa: E402
from rules.reader import MAX_DEALS, MAX_ENTRIES, read_record  # noqa: E402
from rules.verdict_text import as_text  # noqa: E402

DEFAULT_CASES = 100_000
TARGETS = ("referee", "entries", "importer", "live")
# Shares of the cases, by target (record files go to the referee and the importer).
SHARES = {"referee": 0.57, "entries": 0.22, "importer": 0.15, "live": 0.06}
POOL_PER_GAME = 24  # legal playouts per game, built once per worker from the seed
LIVE_ENTRIES = 60  # a live case stores each entry with a commit: kept short
STORE_CASES = 400  # a fresh database file after this many store cases (the roster grows)
ALL_CARDS = [f"{r}{s}" for r in [*"23456789", "10", *"JQKA"] for s in "SHDC"]
ENTRY_TYPES = sorted({t for g in GAMES.values() for t in g.ENTRY_TYPES} | {"annul"})


class CaseTimeout(Exception):
    """The case ran past its time bound."""


class Finding(Exception):
    """A property the target must keep did not hold."""


# -- the legal playouts the cases start from ---------------------------------------
@dataclass
class Base:
    game: str
    names: list[str]
    options: dict[str, Any]
    first_dealer: int
    deals: list[list[dict[str, Any]]]

    def record(self, deals: list[list[Any]] | None = None, **top: Any) -> dict[str, Any]:
        out = {
            "format": 1,
            "game": self.game,
            "players": list(self.names),
            "options": dict(self.options),
            "first_dealer": self.first_dealer,
            "deals": [{"events": list(e)} for e in (self.deals if deals is None else deals)],
        }
        out.update(top)
        return out


def table(spec: type[Game], rng: random.Random) -> tuple[int, dict[str, Any]]:
    """Seats and options from the game's declarations: small numbers, so matches end."""
    options: dict[str, Any] = {}
    for option in spec.all_options():
        if rng.random() < 0.5:
            continue
        if option.choices:
            options[option.name] = rng.choice(option.choices)
        elif option.listed:
            continue  # its length follows the seats: chosen below
        elif option.open_ended and rng.random() < 0.2:
            options[option.name] = None
        else:
            options[option.name] = option.minimum + rng.randrange(4)
    low, high = spec.seat_limits(options)
    seats = rng.randint(low, high)
    for option in spec.all_options():
        if option.listed and option.max_items is not None and rng.random() < 0.5:
            count = rng.randint(1, option.max_items(seats))
            options[option.name] = [option.minimum + rng.randrange(4) for _ in range(count)]
    return seats, options


def build_pool(seed: int) -> dict[str, list[Base]]:
    rng = random.Random(f"pool {seed}")
    pool: dict[str, list[Base]] = {}
    for game in sorted(GAMES):
        pool[game] = []
        for _ in range(POOL_PER_GAME):
            seats, options = table(GAMES[game], rng)
            match = randomplay.new_match(game, seats, rng, **options)
            deals = randomplay.play(match, rng, rng.randint(1, 3), limit=150)
            names = [f"P{i}" for i in range(seats)]
            pool[game].append(Base(game, names, options, match.first_dealer, deals))
    return pool


@functools.cache
def shared_pool(seed: int) -> dict[str, list[Base]]:
    """The pool of ``seed``, built once a process: a case copies what it breaks and leaves
    the pool as it was, so the campaigns of a test run share it."""
    return build_pool(seed)


# -- mutations of entries -----------------------------------------------------------
def odd_value(rng: random.Random) -> Any:
    return rng.choice(
        [None, True, False, -1, 0, 1, 2, 11, 10**20, -(10**19), 1.5, math.nan, math.inf,
         "", "1", "AS", "x" * 50, [], [1], {}, {"card": "AS"}, "\ud800"]
    )  # fmt: skip


def bad_card(rng: random.Random) -> Any:
    return rng.choice(
        ["1X", "11S", "0H", "AS ", "A", "S", "10", "TT", "", "♠A", "2♥♥", "１S", "AŠ",
         "JOKER", 7, None, ["AS"], "as", "10♥"]
    )  # fmt: skip


def mutate_entry(entry: Any, rng: random.Random, seats: int, deal: list[Any]) -> tuple[str, Any]:
    """One broken entry made from ``entry`` (a legal one), and the kind of break."""
    raw = dict(entry) if isinstance(entry, dict) else {"type": "play", "player": 0}
    kind = rng.choice(
        ["wrong_player", "bad_card", "duplicate_card", "wrong_type", "missing_field",
         "extra_field", "huge_count", "wrong_phase", "not_object", "odd_field"]
    )  # fmt: skip
    if kind == "wrong_player":
        raw["player"] = rng.choice([-1, seats, seats + 5, 10**20, "0", True, 0.0, None,
                                    rng.randrange(seats)])  # fmt: skip
    elif kind == "bad_card":
        if isinstance(raw.get("cards"), list) and rng.random() < 0.5:
            raw["cards"] = [bad_card(rng)] + list(raw["cards"])[1:]
        else:
            raw["card"] = bad_card(rng)
    elif kind == "duplicate_card":
        played = [e for e in deal if isinstance(e, dict) and "card" in e]
        if played and rng.random() < 0.6:
            raw = dict(rng.choice(played))
            raw["player"] = rng.randrange(seats)
        else:
            card = rng.choice(ALL_CARDS)
            raw["cards"] = [card, card] + ([card] if rng.random() < 0.5 else [])
    elif kind == "wrong_type":
        raw["type"] = rng.choice(ENTRY_TYPES + ["", "PLAY", "jump", 1, None, ["play"]])
    elif kind == "missing_field":
        if raw:
            raw.pop(rng.choice(sorted(raw)))
    elif kind == "extra_field":
        raw[rng.choice(["end", "suit", "cards", "count", "note", "card", "player", ""])] = (
            odd_value(rng) if rng.random() < 0.5 else rng.choice(["left", "H", "AS", 1])
        )
    elif kind == "huge_count":
        raw = {"type": "draw", "player": raw.get("player", 0)}
        raw["count"] = rng.choice([0, -1, -(10**9), 10**9, 10**19, 10**30, 1.0, True, "2", None])
    elif kind == "wrong_phase":
        earlier = [e for e in deal if isinstance(e, dict)]
        raw = dict(rng.choice(earlier)) if earlier else raw
        if rng.random() < 0.3:
            raw = {"type": rng.choice(["trump", "starter"]), "card": rng.choice(ALL_CARDS)}
    elif kind == "not_object":
        raw = rng.choice([None, [], [raw], "play", 7, 1.5, True])
    else:
        key = rng.choice(sorted(raw) or ["type"])
        raw[key] = odd_value(rng)
    return kind, raw


def broken_deals(base: Base, rng: random.Random, count: int) -> tuple[list[list[Any]], list[str]]:
    """The base's deals with ``count`` broken entries slipped in; the kinds used."""
    deals = [list(d) for d in base.deals]
    kinds = []
    for _ in range(count):
        deal = rng.choice(deals)
        at = rng.randint(0, len(deal))
        model = deal[at - 1] if at else (deal[0] if deal else {"type": "annul"})
        kind, raw = mutate_entry(model, rng, len(base.names), deal)
        deal.insert(at, raw)
        kinds.append(kind)
    if rng.random() < 0.1:  # an entry after the deal ended, or a deal after the match
        rng.choice(deals).append(rng.choice(deals[0] or [{"type": "annul"}]))
        kinds.append("after_end")
    return deals, kinds


# -- mutations of a record's structure and bytes -------------------------------------
def paths(value: Any, at: tuple = ()) -> list[tuple]:
    out = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:40]):
            out += paths(item, (*at, index))
    return out


def set_at(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    value[path[0]] = set_at(value[path[0]], path[1:], new) if len(path) > 1 else new
    return value


def mutate_structure(record: dict[str, Any], rng: random.Random) -> tuple[str, Any]:
    kind = rng.choice(
        ["deep", "wrong_type", "huge_number", "not_finite", "extra_key", "drop_key",
         "players", "many_deals", "options", "first_dealer"]
    )  # fmt: skip
    where = rng.choice(paths(record))
    if kind == "deep":  # written as text (``file_bytes``): json.dumps recurses
        depth = rng.choice([10, 60, 63, 64, 65, 100, 5000, 200_000])
        record = set_at(record, where, f"{DEEP}{depth}:{rng.choice('[{')}")
    elif kind == "wrong_type":
        record = set_at(record, where, odd_value(rng))
    elif kind == "huge_number":
        big = rng.choice([10**19, 10**20, 10**21, -(10**25), 1e308, 2**63, 10**300])
        record = set_at(record, where, big)
    elif kind == "not_finite":
        record = set_at(record, where, rng.choice([math.nan, math.inf, -math.inf]))
    elif kind == "extra_key":
        dicts = [p for p in paths(record) if isinstance(get_at(record, p), dict)]
        get_at(record, rng.choice(dicts))[rng.choice(["x", "players", "", "é", "0"])] = odd_value(
            rng
        )
    elif kind == "drop_key":
        dicts = [p for p in paths(record) if get_at(record, p)]
        target = get_at(record, rng.choice(dicts))
        if isinstance(target, dict):
            target.pop(rng.choice(sorted(target)))
        elif isinstance(target, list):
            target.pop(rng.randrange(len(target)))
    elif kind == "players":
        count = rng.choice([0, 1, 11, 2, 3, 10])
        pick = rng.random()
        names = [f"P{i}" for i in range(count)]
        if pick < 0.3 and names:
            names[-1] = rng.choice(["", " ", "p0", "P0", "\u200b", "a\nb", "x" * 41,
                                    "\u202eevil", "\x00", "Ru\u0304ta", "\ue000"])  # fmt: skip
        record["players"] = names
    elif kind == "many_deals":
        count = rng.choice([50, 200, 500, 2000, MAX_DEALS, MAX_DEALS + 1, MAX_DEALS + 1])
        if rng.random() < 0.3 and record["deals"]:
            deal = record["deals"][0]
            events = deal["events"] or [{"type": "annul"}]
            repeated = events * (MAX_ENTRIES // len(events) + 1)
            deal["events"] = repeated[: rng.choice([3000, MAX_ENTRIES, MAX_ENTRIES + 1])]
        else:
            record["deals"] = (record["deals"] + [{"events": []}] * count)[: count + 1]
    elif kind == "options":
        key = rng.choice(["target", "decks", "deals", "ace_wild", "violation_penalty",
                          "penalty_points", "nope", "", "first_dealer"])  # fmt: skip
        record["options"] = {key: odd_value(rng) if rng.random() < 0.7 else rng.randint(-2, 30)}
    else:
        record["first_dealer"] = odd_value(rng) if rng.random() < 0.7 else rng.randint(-2, 12)
    return kind, record


def get_at(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def mutate_bytes(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    kind = rng.choice(
        ["truncate", "bit_flip", "garbage", "invalid_utf8", "bom", "lone_surrogate",
         "punctuation", "repeat"]
    )  # fmt: skip
    at = rng.randrange(len(data) + 1)
    if kind == "truncate":
        data = data[:at]
    elif kind == "bit_flip":
        buf = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
        data = bytes(buf)
    elif kind == "garbage":
        data = data[:at] + rng.randbytes(rng.randint(1, 24)) + data[at:]
    elif kind == "invalid_utf8":
        bad = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80"])
        data = data[:at] + bad + data[at:]
    elif kind == "bom":
        bom = b"\xef\xbb\xbf"
        data = rng.choice([bom + data, bom + bom + data, data[:at] + bom + data[at:]])
    elif kind == "lone_surrogate":
        escape = rng.choice([b"\\ud800", b"\\uDFFF", b"\\udbff", b"\\ud83d\\ude00", b"\\u0000"])
        quote = data.find(b'"', at)
        if quote >= 0:
            data = data[: quote + 1] + escape + data[quote + 1 :]
    elif kind == "punctuation":
        buf = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            spots = [i for i in range(len(buf)) if buf[i] in b'{}[]:,"']
            if spots:
                buf[rng.choice(spots)] = rng.choice(b'{}[]:,"0 ')
        data = bytes(buf)
    else:
        end = min(len(data), at + rng.randint(1, 200))
        data = data[:end] + data[at:end] * rng.randint(1, 50) + data[end:]
    return kind, data


DEEP = "@@deep:"


def nested(match: re.Match[str]) -> str:
    depth, bracket = int(match[1]), match[2]
    if bracket == "[":
        return "[" * depth + "1" + "]" * depth
    return '{"k":' * depth + "1" + "}" * depth


def file_bytes(record: Any, rng: random.Random) -> bytes:
    """The record as a file: pretty as the store writes it, compact, or ASCII-escaped."""
    style = rng.random()
    if style < 0.5:
        text = json.dumps(record, ensure_ascii=False, indent=1)
    elif style < 0.8:
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(record)
    if DEEP in text:
        text = re.sub(r'"@@deep:(\d+):([\[{])"', nested, text)
    return text.encode("utf-8", "surrogatepass")


# -- cases ------------------------------------------------------------------------------
@dataclass
class Case:
    number: int
    target: str
    game: str
    kind: str  # the family: entries, structure, bytes, valid
    mutations: list[str]
    data: bytes | None = None  # a record file (referee, importer)
    base: Base | None = None  # entry sequences (entries, live): base.deals are the broken ones
    stop: bool = False

    def reproducer(self) -> bytes:
        if self.data is not None:
            return self.data
        assert self.base is not None
        return file_bytes(self.base.record(stopped=self.stop), random.Random(0))


def make_case(seed: int, number: int, pool: dict[str, list[Base]]) -> Case:
    rng = random.Random(f"case {seed} {number}")
    target = rng.choices(TARGETS, [SHARES[t] for t in TARGETS])[0]
    game = rng.choice(sorted(pool))
    base = rng.choice(pool[game])
    if target in ("entries", "live"):
        deals, kinds = broken_deals(base, rng, rng.randint(1, 8))
        if target == "live":
            kept, total = [], 0
            for deal in deals:
                kept.append(deal[: max(0, LIVE_ENTRIES - total)])
                total += len(kept[-1])
            deals = [d for d in kept if d] or kept[:1]
        broken = Base(base.game, base.names, base.options, base.first_dealer, deals)
        return Case(number, target, game, "entries", kinds, base=broken, stop=rng.random() < 0.2)
    family = rng.choices(["entries", "structure", "bytes", "valid"], [0.35, 0.3, 0.3, 0.05])[0]
    deals, kinds = broken_deals(base, rng, rng.randint(1, 6)) if family != "valid" else (None, [])
    record = base.record(deals, **({"stopped": True} if rng.random() < 0.1 else {}))
    if family == "structure":  # in place: on a copy, the pool stays as it was
        kind, record = mutate_structure(copy.deepcopy(record), rng)
        kinds = [kind]
    data = file_bytes(record, rng)
    if family == "bytes":
        kind, data = mutate_bytes(data, rng)
        kinds = [kind]
    return Case(number, target, game, family, kinds or ["none"], data=data)


def snapshot(match: Match) -> Any:
    """What an entry may change: the current deal's state and entries, totals, the outcome."""
    log = match.current
    deal = None
    if log is not None:
        deal = [log.number, log.dealer, randomplay.plain(log.deal), randomplay.plain(log.accepted),
                randomplay.plain(log.violations), log.points]  # fmt: skip
    # copies (plain), never the lists themselves: a change in place must show
    return randomplay.plain(
        [len(match.deals), deal, match.totals, match.counted, match.winners, match.stopped]
    )


def outcome_of(v: dict[str, Any]) -> Any:
    """What replaying only the accepted entries must give again: deals, totals, winners."""
    deals = [(d["dealer"], d["status"], d["points"]) for d in v["deals"]]
    return [deals, v["totals"], v["finished"], v["winners"]]


def accepted_only(match: Match, record: dict[str, Any]) -> dict[str, Any]:
    """The record with its refused entries taken out."""
    deals = []
    for log, deal in zip(match.deals, record["deals"]):
        refused = {index for index, _ in log.rejected}
        deals.append({"events": [e for i, e in enumerate(deal["events"]) if i not in refused]})
    return {**record, "deals": deals}


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Finding(what)


# -- the targets ------------------------------------------------------------------------
class Runner:
    """One worker's targets, with its store and its counters."""

    def __init__(self, seed: int, workdir: Path, cli_every: int, case_seconds: float) -> None:
        self.seed = seed
        self.workdir = workdir
        self.cli_every = cli_every
        self.case_seconds = case_seconds
        self.pool = shared_pool(seed)
        self.store: Store | None = None
        self.rows: sqlite3.Connection | None = None
        self.store_cases = 0
        self.stores = 0
        self.counts: Counter[str] = Counter()
        self.findings: list[dict[str, Any]] = []
        self.slowest: dict[str, float] = {}

    # the store, renewed now and then so that the roster stays small
    def open_store(self) -> Store:
        if self.store is None or self.store_cases >= STORE_CASES:
            self.close_store()
            self.stores += 1
            self.store = Store(self.workdir / f"store-{os.getpid()}-{self.stores}.db")
            self.rows = sqlite3.connect(self.store.path)
            self.store_cases = 0
        self.store_cases += 1
        return self.store

    def close_store(self) -> None:
        if self.store is not None:
            assert self.rows is not None
            self.rows.close()
            self.store.close()
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{self.store.path}{suffix}")
            self.store = None

    def row_counts(self) -> tuple[int, ...]:
        assert self.rows is not None
        query = "SELECT " + ", ".join(
            f"(SELECT count(*) FROM {t})"
            for t in ("matches", "seats", "deals", "entries", "players")
        )
        return tuple(self.rows.execute(query).fetchone())

    # one case
    def run(self, number: int) -> None:
        case = make_case(self.seed, number, self.pool)
        self.counts[f"target {case.target}"] += 1
        self.counts[f"game {case.game}"] += 1
        self.counts[f"family {case.kind}"] += 1
        for kind in case.mutations:
            self.counts[f"mutation {case.kind}:{kind}"] += 1
        started = time.perf_counter()
        signal.setitimer(signal.ITIMER_PROF, self.case_seconds)
        try:
            getattr(self, case.target)(case)
        except CaseTimeout:
            self.finding(case, f"no answer within {self.case_seconds:g} s of CPU time")
        except Finding as finding:
            self.finding(case, str(finding))
        except Exception as exc:
            self.finding(case, f"unexpected {type(exc).__name__}: {exc}", traceback.format_exc())
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        spent = time.perf_counter() - started
        self.slowest[case.target] = max(self.slowest.get(case.target, 0.0), spent)

    def finding(self, case: Case, what: str, trace: str = "") -> None:
        path = self.workdir / f"finding-{self.seed}-{case.number}.{case.target}.json"
        path.write_bytes(case.reproducer())
        self.findings.append(
            {
                "case": case.number,
                "seed": self.seed,
                "target": case.target,
                "game": case.game,
                "mutations": case.mutations,
                "what": what[:500],
                "file": str(path),
                "trace": trace[-2000:],
            }
        )

    # referee: the reader, load and verdict, as the command line calls them
    def referee(self, case: Case) -> None:
        assert case.data is not None
        expected = self.referee_in_process(case.data)
        if self.cli_every and case.number % self.cli_every == 0:
            self.counts["target referee (subprocess)"] += 1
            self.referee_subprocess(case, expected)

    def referee_in_process(self, data: bytes) -> dict[str, Any] | None:
        try:
            value = read_record(data)
        except RecordError as error:
            self.counts[f"file refused: {error.reason}"] += 1
            check(bool(error.line()) and "\n" not in error.line(), "a refusal of two lines")
            return None
        try:
            match, names = record_module.load(value)
        except RecordError as error:
            self.counts[f"file refused: {error.reason}"] += 1
            check("\n" not in error.line() and bool(error.message("lt")), "a bad refusal")
            return None
        self.counts["file accepted"] += 1
        verdict = record_module.verdict(match, names)
        json.dumps(verdict, ensure_ascii=False).encode("utf-8")
        as_text(verdict, "en")
        as_text(record_module.verdict(match, names, "lt"), "lt")
        totals = [0] * len(names)
        for deal in verdict["deals"]:
            if deal["points"] is not None:
                totals = [t + p for t, p in zip(totals, deal["points"])]
        check(totals == verdict["totals"], f"totals {verdict['totals']} are not the sums {totals}")
        again, _ = record_module.load(accepted_only(match, value))
        check(
            outcome_of(record_module.verdict(again, names)) == outcome_of(verdict),
            "the accepted entries alone replay to other deals or totals",
        )
        return verdict

    def referee_subprocess(self, case: Case, expected: dict[str, Any] | None) -> None:
        path = self.workdir / f"cli-{os.getpid()}.json"
        assert case.data is not None
        path.write_bytes(case.data)
        cpu = max(30, math.ceil(self.case_seconds))
        done = subprocess.run(
            [sys.executable, "-m", "rules", str(path)],
            cwd=ROOT, capture_output=True, preexec_fn=lambda: _limit_cpu(cpu),
        )  # fmt: skip
        check(done.returncode != -signal.SIGXCPU, f"python -m rules used {cpu} s of CPU time")
        err = done.stderr.decode("utf-8", "replace")
        check(b"Traceback" not in done.stderr, f"a traceback: {err[-300:]}")
        if expected is None:
            check(done.returncode == 2, f"exit {done.returncode} for a refused file: {err[:200]}")
            check(done.stdout == b"", "output on stdout for a refused file")
            check(err.count("\n") == 1 and err.endswith("\n"), f"stderr not one line: {err!r}")
        else:
            check(done.returncode == 0, f"exit {done.returncode} for a record: {err[:200]}")
            check(json.loads(done.stdout) == expected, "the subprocess's verdict differs")

    # entries: a Match fed one by one
    def entries(self, case: Case) -> None:
        assert case.base is not None
        base = case.base
        match = Match(GAMES[base.game](len(base.names), base.options), base.first_dealer)
        for events in base.deals:
            match.start_deal()
            for raw in events:
                refused = not match.is_legal(raw)  # the state is compared around refusals only
                before = snapshot(match) if refused else None
                outcome = match.apply(raw)
                check(refused == (outcome.refusal is not None), f"check and apply differ: {raw!r}")
                if outcome.refusal is not None:
                    self.counts[f"entry refused: {outcome.refusal.code.value}"] += 1
                    check(snapshot(match) == before, f"refused entry {raw!r} changed the match")
                else:
                    self.counts["entry accepted"] += 1
        if case.stop:
            match.stop()
        record = base.record(stopped=case.stop)
        verdict = record_module.verdict(match, base.names)
        loaded, _ = record_module.load(record)
        check(
            record_module.verdict(loaded, base.names) == verdict, "a replay gives another verdict"
        )
        again, _ = record_module.load(accepted_only(match, record))
        check(
            outcome_of(record_module.verdict(again, base.names)) == outcome_of(verdict),
            "the accepted entries alone replay to other deals or totals",
        )

    # importer: check_records and import_records, then export
    def importer(self, case: Case) -> None:
        assert case.data is not None
        store = self.open_store()
        try:
            value = read_record(case.data)
        except RecordError as error:
            self.counts[f"file refused: {error.reason}"] += 1
            return
        before = self.row_counts()
        try:
            checked = check_records([value])
        except RecordRejected as error:
            self.counts[f"file refused: {error.reason}"] += 1
            check(error.position == 0, "a refusal names another record")
            checked = None
        batch = [value] if checked is None else checked
        if checked is not None and random.Random(case.number).random() < 0.1:
            batch = [value, {"format": 1, "game": "nope"}]  # all or none
            checked = None
        try:
            ids = store.import_records(batch)
        except RecordError as error:
            check(checked is None, f"a checked record refused on import: {error}")
            check(self.row_counts() == before, "a refused import stored something")
            return
        check(checked is not None, "a record refused by check_records was imported")
        assert checked is not None
        self.counts["file accepted"] += 1
        exported = read_record(store.export_record(ids[0]))
        match, names = record_module.load(exported)
        imported, _ = record_module.load(value)  # as checked: a checked record keeps no match
        expected = record_module.verdict(imported, names)
        check(record_module.verdict(match, names) == expected, "the export gives another verdict")

    # live: a LiveMatch fed one by one, then resumed and replayed from the store
    def live(self, case: Case) -> None:
        assert case.base is not None
        base = case.base
        store = self.open_store()
        live = store.create_match(
            game=base.game, players=base.names, options=base.options, first_dealer=base.first_dealer
        )
        accepted: list[list[Any]] = []
        for events in base.deals:
            current = live.match.current
            is_open = current is not None and current.status is Status.OPEN
            if is_open and live.annul().refusal is None:  # a stopped match refuses it
                accepted[-1].append({"type": "annul"})
            before, rows = snapshot(live.match), self.row_counts()
            try:
                live.start_deal()
            except Refused as refusal:
                check(live.match.finished, f"deal start refused ({refusal.code.value})")
                check(snapshot(live.match) == before, "a refused deal start changed the match")
                check(self.row_counts() == rows, "a refused deal start stored something")
                break
            accepted.append([])
            for raw in events:
                refused = not live.match.is_legal(raw)
                before, rows = (
                    (snapshot(live.match), self.row_counts()) if refused else (None, None)
                )
                outcome = live.add_entry(raw)
                check(refused == (outcome.refusal is not None), f"check and add differ: {raw!r}")
                if outcome.refusal is not None:
                    self.counts[f"entry refused: {outcome.refusal.code.value}"] += 1
                    check(snapshot(live.match) == before, f"refused entry {raw!r} changed it")
                    check(self.row_counts() == rows, f"refused entry {raw!r} was stored")
                else:
                    self.counts["entry accepted"] += 1
                    assert outcome.entry is not None
                    accepted[-1].append(outcome.entry.to_record())
        if case.stop:
            live.stop()
        record = base.record(accepted, stopped=live.match.stopped)
        record["players"] = live.names
        replayed, _ = record_module.load(record)
        expected = record_module.verdict(replayed, live.names)
        check(outcome_of(expected)[1:] == [live.match.totals, live.match.finished,
                                           sorted(live.match.winners or [])],
              "the accepted entries replay to other totals than the live match's")  # fmt: skip
        check(live.verdict() == expected, "the stored entries give another verdict")
        resumed = store.resume(live.match_id)
        check(snapshot(resumed.match) == snapshot(live.match), "resume gives another state")
        check(store.replay(live.match_id).verdict() == expected, "replay gives another verdict")
        with contextlib.suppress(UnknownMatch):
            store.summary(live.match_id)


# -- the campaign -------------------------------------------------------------------------
_runner: Runner | None = None


def _alarm(_signum: int, _frame: Any) -> None:
    raise CaseTimeout


def _limit_cpu(seconds: int) -> None:
    """A subprocess's bound, in CPU time as a case's is: a slow machine never trips it."""
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))


def _start_worker(seed: int, workdir: str, cli_every: int, case_seconds: float) -> None:
    global _runner
    signal.signal(signal.SIGPROF, _alarm)
    _runner = Runner(seed, Path(workdir), cli_every, case_seconds)


def _run_chunk(numbers: range) -> dict[str, Any]:
    assert _runner is not None
    for number in numbers:
        _runner.run(number)
    counts, findings, slowest = dict(_runner.counts), list(_runner.findings), dict(_runner.slowest)
    _runner.counts.clear()
    _runner.findings.clear()
    _runner.slowest.clear()
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"counts": counts, "findings": findings, "slowest": slowest, "peak_kib": peak_kib}


@dataclass
class Report:
    seed: int
    cases: int
    done: int = 0
    seconds: float = 0.0
    peak_kib: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    findings: list[dict[str, Any]] = field(default_factory=list)
    slowest: dict[str, float] = field(default_factory=dict)
    workdir: str = ""
    timed_out: bool = False

    def add(self, part: dict[str, Any]) -> None:
        self.counts.update(part["counts"])
        self.findings += part["findings"]
        for target, spent in part["slowest"].items():
            self.slowest[target] = max(self.slowest.get(target, 0.0), spent)
        self.peak_kib = max(self.peak_kib, part["peak_kib"])

    def text(self) -> str:
        lines = [
            f"fuzz campaign: seed {self.seed}, {self.done} of {self.cases} cases"
            f"{' (stopped at the time bound)' if self.timed_out else ''}",
            f"time {self.seconds:.1f} s, {self.done / max(self.seconds, 1e-9):.0f} cases/s, "
            f"peak memory {self.peak_kib / 1024:.0f} MiB (largest process)",
        ]
        groups = {
            "target": "cases per target",
            "game": "cases per game",
            "family": "cases per family",
            "mutation": "breaks (an entry case has 1-8)",
            "file": "record files (referee, importer)",
            "entry": "entries fed one by one",
        }
        for group, title in groups.items():
            items = sorted((k.split(" ", 1)[1], n) for k, n in self.counts.items()
                           if k.startswith(group + " "))  # fmt: skip
            if group in ("file", "entry"):
                items.sort(key=lambda item: -item[1])
            lines.append(f"{title}:")
            lines += [f"  {name:<36} {count:>8}" for name, count in items]
        lines.append("slowest case: " + ", ".join(
            f"{t} {s * 1000:.0f} ms" for t, s in sorted(self.slowest.items())))  # fmt: skip
        lines.append(f"findings: {len(self.findings)}")
        for f in self.findings[:20]:
            lines.append(
                f"  case {f['case']} ({f['target']}, {f['game']}, {', '.join(f['mutations'])}): "
                f"{f['what']}\n    again: uv run python bench/fuzz.py --seed {f['seed']} "
                f"--only {f['case']}\n    case file: {f['file']}"
            )
            if f["trace"]:
                lines.append("    " + f["trace"].strip().replace("\n", "\n    "))
        return "\n".join(lines)


def campaign(
    seed: int = 0,
    cases: int = DEFAULT_CASES,
    *,
    workers: int = 2,
    time_limit: float | None = None,
    case_seconds: float = 20.0,
    cli_every: int = 500,
    workdir: str | None = None,
    only: int | None = None,
) -> Report:
    """Run ``cases`` cases (or case ``only``); the figures and findings."""
    if workdir is None:
        shm = Path("/dev/shm")
        workdir = tempfile.mkdtemp(prefix="partija-fuzz-", dir=shm if shm.is_dir() else None)
    report = Report(seed, 1 if only is not None else cases, workdir=workdir)
    numbers = [range(only, only + 1)] if only is not None else chunks(cases, workers)
    started = time.perf_counter()
    args = (seed, workdir, cli_every, case_seconds)
    if workers <= 1 or only is not None:
        previous = signal.signal(signal.SIGPROF, _alarm)
        try:
            _start_worker(*args)
            for part in numbers:
                report.add(_run_chunk(part))
                report.done += len(part)
                if time_limit is not None and time.perf_counter() - started > time_limit:
                    report.timed_out = True
                    break
        finally:
            assert _runner is not None
            _runner.close_store()
            signal.signal(signal.SIGPROF, previous)
    else:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers, _start_worker, args) as pool:
            for part, size in zip(pool.imap(_run_chunk, numbers), map(len, numbers)):
                report.add(part)
                report.done += size
                if time_limit is not None and time.perf_counter() - started > time_limit:
                    report.timed_out = True
                    pool.terminate()
                    break
    report.seconds = time.perf_counter() - started
    for scratch in [*Path(workdir).glob("store-*.db*"), *Path(workdir).glob("cli-*.json")]:
        with contextlib.suppress(OSError):
            scratch.unlink()  # what a worker ended by the pool left; the findings stay
    report.peak_kib = max(report.peak_kib, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return report


def chunks(cases: int, workers: int) -> list[range]:
    size = max(50, min(1000, cases // max(1, workers * 20)))
    return [range(start, min(cases, start + size)) for start in range(0, cases, size)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cases", type=int, default=DEFAULT_CASES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=1800.0, help="seconds for the run")
    parser.add_argument("--case-seconds", type=float, default=20.0, help="bound of one case")
    parser.add_argument("--cli-every", type=int, default=500, help="subprocess sample rate")
    parser.add_argument("--only", type=int, help="run this case number alone")
    parser.add_argument("--workdir", help="folder for the stores and findings (default: a new one)")
    args = parser.parse_args(argv)
    report = campaign(
        args.seed, args.cases, workers=args.workers, time_limit=args.time_limit,
        case_seconds=args.case_seconds, cli_every=args.cli_every, only=args.only,
        workdir=args.workdir,
    )  # fmt: skip
    print(report.text())
    if not report.findings and args.workdir is None:
        with contextlib.suppress(OSError):
            Path(report.workdir).rmdir()
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
