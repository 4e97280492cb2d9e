"""The rules engine in random self-play: Bumas entries per second beside two peers.

    uv run --group bench python bench/engine.py [--seconds 2] [--rounds 3]

Bumas (4 players, one deck) is played by random players through the
referee: each turn plays a random card that fits the top card (70 %), or
draws one card while the stock allows, else passes; every entry goes
through ``Match.apply`` (parsed, checked, applied, violations proven) as
an imported record's entries do. The peers are the nearest games in two
well-known libraries, also played at random: RLCard's ``uno`` (its
``env.run`` with random agents; one step = one action) and OpenSpiel's
``crazy_eights`` (one action = one non-chance move). Each runs for
``--seconds`` per round, the rounds alternate, and the median rate counts.

The peers come from the optional dependency group ``bench`` (never needed
by the app); a missing one is named and left out.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import GAMES, Match, Status

Runner = Callable[[float], tuple[int, float]]  # seconds -> (entries, seconds taken)


def bumas_runner(seed: int = 1) -> Runner:
    rng = random.Random(seed)
    match = Match(GAMES["bumas"](4, {"target": 10**9}), 0)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal match
        entries = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
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
        return entries, time.perf_counter() - start

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
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.run(is_training=False)
        return steps, time.perf_counter() - start

    return run


def openspiel_runner() -> Runner:
    import pyspiel

    game = pyspiel.load_game("crazy_eights")
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        return actions, time.perf_counter() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine and round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    engines: dict[str, Runner] = {"Partija bumas": bumas_runner()}
    for name, make, package in (
        ("RLCard uno", rlcard_runner, "rlcard"),
        ("OpenSpiel crazy_eights", openspiel_runner, "open_spiel"),
    ):
        try:
            engines[name] = make()
        except ImportError:
            print(f"{name}: not installed (uv sync --group bench brings {package})")
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(args.rounds):
        for name, run in engines.items():
            entries, seconds = run(args.seconds)
            rates[name].append(entries / seconds)
    ours = statistics.median(rates["Partija bumas"])
    print(f"random self-play, median of {args.rounds} rounds of {args.seconds:g} s, interleaved")
    print(f"{'engine':>24} {'entries/s':>11} {'Partija ×':>10}")
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name:>24} {rate:>11.0f} {ours / rate:>10.2f}")


if __name__ == "__main__":
    main()
