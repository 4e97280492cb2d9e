"""The rules engine in random self-play beside OpenSpiel and RLCard, in the same run.

    uv run --group bench python bench/engine.py [--seconds 0.5] [--rounds 12]

Two comparisons, each a ratio of rates measured in the same round (the contenders
take turns, ``--seconds`` of this process's CPU time each, round after round):

**Ramsas deals per second ÷ OpenSpiel ``oh_hell`` and ``hearts``.** What a whole
deal costs the referee. Ramsas (4 players, every option at its default: 24 cards,
matches to 20 points, a few deals each) is played beforehand by random players through
``Match.legal_entries``: each step draws a kind by weight (play 12, stay 4, no_buy 2,
jacks 0.3, the rest 1; no redeal, ramsas or ruling) and one entry of it; a player
plays any card the referee would take, so violations are proven now and then, as at
a table. Timed, per step: ``Match.apply`` of the entry's record (parsed, checked,
applied, the violations it proves found), ``Match.start_deal`` per deal and a new
``Match`` per match.
"with its driver" times the same self-play with the driver inside: per step
``Match.legal_entries``, the random choice and ``Match.apply``. OpenSpiel's games
(default parameters: ``oh_hell`` 3 players, a random number of tricks; ``hearts`` 4
players with the pass) are played at random from the Python loop over the C++ core:
per step ``legal_actions``, a random choice and ``apply_action``; at a chance node
(the deal, the trump, the number of tricks) ``chance_outcomes``, a weighted choice
and ``apply_action``. A deal is ``new_initial_state`` until ``is_terminal``.

**Bumas entries per second ÷ RLCard ``uno``** (and OpenSpiel ``crazy_eights``).
Bumas (4 players, one deck) is played by random players through the referee: each
turn plays a random card that fits the top card (70 %), or draws one card while the
stock allows, else passes; every entry goes through ``Match.apply``. RLCard's ``uno``
runs ``env.run`` with random agents (one step = one action); OpenSpiel's
``crazy_eights`` counts one action per non-chance move.

The peers come from the optional dependency group ``bench`` (never needed by the
app); a missing one is named and left out. The machine's load is printed before and
after: on a shared machine single rates move, the ratios less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.machine import load_average
from rules import GAMES, Entry, Match, Status

Runner = Callable[[float], tuple[int, float]]  # seconds -> (deals or entries, seconds taken)
# CPU seconds of this process: a neighbour's load, which takes turns on the cores, moves
# them less than wall-clock seconds (every contender runs in this one process).
clock = time.process_time

RAMSAS: dict[str, Any] = {}  # every option at its default: a match to 20 points
RAMSAS_WEIGHTS: Mapping[str, float] = {
    "play": 12,
    "stay": 4,
    "no_buy": 2,
    "jacks": 0.3,
    "redeal": 0,
    "ramsas": 0,
    "annul": 0,
    "stand": 0,
}
POOL_DEALS = 400  # Ramsas deals played beforehand, replayed in turn


def ramsas_step(match: Match, rng: random.Random) -> Entry:
    """One random entry of those the referee lists now, a kind drawn by weight."""
    groups: dict[str, list[Entry]] = {}
    for entry in match.legal_entries():
        groups.setdefault(entry.TYPE, []).append(entry)
    kinds = [k for k in groups if RAMSAS_WEIGHTS.get(k, 1) > 0]
    kind = rng.choices(kinds, [RAMSAS_WEIGHTS.get(k, 1) for k in kinds])[0]
    return rng.choice(groups[kind])


def ramsas_deal(match: Match, rng: random.Random) -> list[dict[str, Any]]:
    """Play one deal of ``match`` to its end; its entries' records."""
    log = match.start_deal()
    events = []
    while log.status is Status.OPEN:
        entry = ramsas_step(match, rng)
        assert match.apply(entry).accepted
        events.append(entry.to_record())
    return events


def ramsas_pool(deals: int, seed: int = 1) -> list[list[list[dict[str, Any]]]]:
    """Random Ramsas matches of ``deals`` deals in all: each match a list of deals' records
    (four jacks shown by one player end a match: the next begins)."""
    rng = random.Random(seed)
    matches: list[list[list[dict[str, Any]]]] = []
    played = 0
    while played < deals:
        match = Match(GAMES["ramsas"](4, RAMSAS), 0)
        matches.append([])
        while not match.finished and played < deals:
            matches[-1].append(ramsas_deal(match, rng))
            played += 1
    return matches


def ramsas_referee_runner() -> Runner:
    """The referee's cost of a deal: the pool's records replayed through ``Match.apply``."""
    pool = ramsas_pool(POOL_DEALS)

    def run(seconds: float) -> tuple[int, float]:
        deals = 0
        start = clock()
        deadline = start + seconds
        while clock() < deadline:
            for records in pool:
                match = Match(GAMES["ramsas"](4, RAMSAS), 0)
                apply = match.apply
                for events in records:
                    log = match.start_deal()
                    for raw in events:
                        apply(raw)
                    assert log.status is Status.FINISHED
                    deals += 1
        return deals, clock() - start

    return run


def ramsas_selfplay_runner(seed: int = 2) -> Runner:
    """The whole self-play: the driver's ``legal_entries`` and choice, then ``apply``."""
    rng = random.Random(seed)

    def run(seconds: float) -> tuple[int, float]:
        deals = 0
        start = clock()
        deadline = start + seconds
        while clock() < deadline:
            match = Match(GAMES["ramsas"](4, RAMSAS), 0)
            while not match.finished and clock() < deadline:
                ramsas_deal(match, rng)
                deals += 1
        return deals, clock() - start

    return run


def openspiel_deals_runner(name: str) -> Runner:
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        deals = 0
        start = clock()
        while clock() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            deals += 1
        return deals, clock() - start

    return run


def bumas_runner(seed: int = 1) -> Runner:
    rng = random.Random(seed)
    match = Match(GAMES["bumas"](4, {"target": 10**9}), 0)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal match
        entries = 0
        start = clock()
        deadline = start + seconds
        while clock() < deadline:
            for _ in range(200):
                log = match.current
                if log is None or log.status is not Status.OPEN:
                    if match.finished:
                        match = Match(GAMES["bumas"](4, {"target": 10**9}), 0)
                    log = match.start_deal()
                deal = log.deal
                assert deal is not None
                player = deal.turn
                raw: dict[str, object]
                if deal.top is None:
                    card = rng.choice(_DECK)
                    raw = {"type": "play", "player": player, "card": card}
                else:
                    fits = tuple(deal.fitting())
                    card = rng.choice(fits)
                    if not deal.pile[card] and rng.random() < 0.7:  # one deck: a copy left
                        raw = {"type": "play", "player": player, "card": str(card)}
                    elif deal.drawable():
                        raw = {"type": "draw", "player": player, "count": 1}
                    else:
                        raw = {"type": "pass", "player": player}
                outcome = match.apply(raw)
                assert outcome.refusal is None, outcome.refusal
                entries += 1
        return entries, clock() - start

    return run


_DECK = sorted(str(c) for c in GAMES["bumas"](4).deck())


def rlcard_runner() -> Runner:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps = 0
    step = env.step

    def counted(action, raw_action=False):  # type: ignore[no-untyped-def]
        nonlocal steps
        steps += 1
        return step(action, raw_action)

    env.step = counted

    def run(seconds: float) -> tuple[int, float]:
        nonlocal steps
        steps = 0
        start = clock()
        while clock() - start < seconds:
            env.run(is_training=False)
        return steps, clock() - start

    return run


def openspiel_actions_runner(name: str) -> Runner:
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        actions = 0
        start = clock()
        while clock() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        return actions, clock() - start

    return run


# The contenders: name, unit, how to build its runner, the package it needs (None: ours).
CONTENDERS: tuple[tuple[str, str, Callable[[], Runner], str | None], ...] = (
    ("Partija ramsas (referee)", "deals", ramsas_referee_runner, None),
    ("Partija ramsas, with its driver", "deals", ramsas_selfplay_runner, None),
    ("OpenSpiel oh_hell", "deals", lambda: openspiel_deals_runner("oh_hell"), "open_spiel"),
    ("OpenSpiel hearts", "deals", lambda: openspiel_deals_runner("hearts"), "open_spiel"),
    ("Partija bumas", "entries", bumas_runner, None),
    ("RLCard uno", "entries", rlcard_runner, "rlcard"),
    (
        "OpenSpiel crazy_eights",
        "entries",
        lambda: openspiel_actions_runner("crazy_eights"),
        "open_spiel",
    ),
)
# The ratios reported: ours ÷ theirs, each from rates of the same round.
RATIOS = (
    ("Partija ramsas (referee)", "OpenSpiel oh_hell"),
    ("Partija ramsas (referee)", "OpenSpiel hearts"),
    ("Partija ramsas, with its driver", "OpenSpiel oh_hell"),
    ("Partija bumas", "RLCard uno"),
    ("Partija bumas", "OpenSpiel crazy_eights"),
)


def spread(values: list[float], digits: int) -> str:
    """Median (min–max)."""
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="per contender and round")
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args()
    print(f"before: load average {load_average()}")
    runners: dict[str, Runner] = {}
    units: dict[str, str] = {}
    for name, unit, make, package in CONTENDERS:
        try:
            runners[name] = make()
        except ImportError:
            print(f"{name}: not installed (uv sync --group bench brings {package})")
            continue
        units[name] = unit
    rates: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.rounds):
        for name, run in runners.items():
            count, seconds = run(args.seconds)
            rates[name].append(count / seconds)
    print(f"after: load average {load_average()}")
    print(f"random self-play, {args.rounds} rounds of {args.seconds:g} CPU s each, interleaved")
    print(f"{'contender':>32} {'per second: median (min–max)':>34}")
    for name, values in rates.items():
        print(f"{name:>32} {spread(values, 0):>26} {units[name]}")
    print("ratios, round by round: median (min–max)")
    for ours, theirs in RATIOS:
        if ours in rates and theirs in rates:
            ratios = [a / b for a, b in zip(rates[ours], rates[theirs])]
            print(f"{ours + ' ÷ ' + theirs:>58} {spread(ratios, 2)}")


if __name__ == "__main__":
    main()
