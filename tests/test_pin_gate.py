"""The club's PIN gate under many guesses at once, on a clock of the test's own.

The gate is given the test's clock and sleep: time passes only when every attempt
is waiting, jumping to the next wake-up. So what is checked is the order and the
time (on that clock) of every check made, never the machine's speed.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools

import pytest

from models.pin_gate import FORGET, MAX_WAIT, PER_MINUTE, WINDOW, PinGate, wait_after

PIN = "2468"


class TestClock:
    """A clock that moves only when everything waits: then to the earliest wake-up."""

    __test__ = False

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self.calls = 0  # sleeps asked for: what shows that the attempts move on

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.calls += 1
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (round(self.now + seconds, 9), next(self._order), woken))
        await woken

    async def run(self, *attempts):
        tasks = [asyncio.ensure_future(a) for a in attempts]
        while True:
            await self._settle(tasks)
            if all(t.done() for t in tasks):
                return [t.result() for t in tasks]
            assert self._sleepers, "attempts wait on something other than the clock"
            self.now, _, woken = heapq.heappop(self._sleepers)
            woken.set_result(None)

    async def _settle(self, tasks) -> None:
        """Let everything that can run, run: until three rounds of yields in a row change
        nothing (no real I/O here, so what has not moved is waiting for the clock)."""
        seen, still = None, 0
        while still < 3:
            for _ in range(20):
                await asyncio.sleep(0)
            now = (self.calls, len(self._sleepers), sum(t.done() for t in tasks))
            seen, still = now, still + 1 if now == seen else 0


class Door:
    """A gate on a test clock, with every check it makes written down."""

    def __init__(self) -> None:
        self.time = TestClock()
        self.gate = PinGate(clock=self.time.clock, sleep=self.time.sleep)
        self.checks: list[tuple[float, tuple[str, str], str]] = []

    def attempt(self, client: tuple[str, str], pin: str):
        async def check() -> bool:
            self.checks.append((self.time.now, client, pin))
            await asyncio.sleep(0)  # as the real check, which runs on a thread
            return pin == PIN

        return self.gate.attempt(client, check)

    def run(self, *attempts):
        return asyncio.run(self.time.run(*attempts))

    def times(self, client=None) -> list[float]:
        return [t for t, c, _ in self.checks if client is None or c == client]


def guesses(count: int) -> list[str]:
    return [f"{n:04d}" for n in range(count)]  # never the PIN: it is not among 0000-0019


def test_the_wait_grows_per_wrong_pin_and_a_right_one_clears_it():
    assert [wait_after(n) for n in range(8)] == [0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, MAX_WAIT]
    door = Door()
    me = ("192.0.2.5", "tab-1")
    waits = []
    for pin in guesses(7):
        door.run(door.attempt(me, pin))
        waits.append(door.gate.wait(me))
    assert waits == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 16.0]
    assert door.run(door.attempt(me, PIN)) == [True]
    assert door.gate.wait(me) == 0.0 and door.gate.clean("192.0.2.5")


def test_twenty_guesses_sent_together_wait_one_after_another():
    """The old gate let guesses that arrived together all wait the same delay once and
    be checked together: ten at the 16 s cap took 23 s. Here each waits its turn."""
    door = Door()
    me = ("192.0.2.5", "tab-1")
    door.run(*(door.attempt(me, pin) for pin in guesses(5)))  # five wrong: the wait is 8 s
    assert door.gate.wait(me) == 8.0
    start = door.time.now
    answers = door.run(*(door.attempt(me, pin) for pin in guesses(20)))
    assert answers == [False] * 20
    times = door.times(me)[5:]
    assert len(times) == 20
    assert times[-1] - start >= 20 * 8.0  # n guesses: at least n times the wait at the start
    # every check came after the full wait its client had earned by then
    failures = 5
    previous = start
    early = 0
    for t in times:
        early += t - previous < wait_after(failures)
        previous, failures = t, failures + 1
    assert early == 0


def test_a_right_pin_from_a_clean_client_is_never_kept_waiting():
    """Twenty wrong PINs at once from strangers (one tab, many tabs, other addresses),
    and the operator's right PIN among them: checked at once, and again later."""
    door = Door()
    stranger = ("198.51.100.7", "tab-1")
    operator = ("192.0.2.5", "tab-9")
    attempts = [door.attempt(stranger, pin) for pin in guesses(8)]
    attempts += [
        door.attempt(("198.51.100.8", f"tab-{n}"), pin) for n, pin in enumerate(guesses(8))
    ]
    attempts += [door.attempt((f"203.0.113.{n}", "tab"), pin) for n, pin in enumerate(guesses(4))]
    answers = door.run(door.attempt(operator, PIN), *attempts)
    assert answers[0] is True and not any(answers[1:])
    assert door.times(operator) == [0.0]
    # after all those failures, the operator on another tab is still let in at once
    later = door.time.now
    assert door.run(door.attempt(("192.0.2.5", "tab-10"), PIN)) == [True]
    assert door.times(("192.0.2.5", "tab-10")) == [later]


def test_new_tabs_do_not_get_past_the_ceiling():
    """A guesser who opens a new connection for every guess has no failures on any of
    them; every address that has given a wrong PIN shares one ceiling a minute."""
    door = Door()
    door.run(door.attempt(("198.51.100.7", "first"), "0000"))  # the address is known now
    door.run(door.attempt(("198.51.100.8", "first"), "0000"))
    fresh = [("198.51.100.7", f"new-{n}") for n in range(20)]
    fresh += [("198.51.100.8", f"new-{n}") for n in range(20)]
    answers = door.run(*(door.attempt(c, pin) for c, pin in zip(fresh, guesses(40))))
    assert answers == [False] * 40
    times = sorted(door.times())
    assert len(times) == 42
    most = max(sum(1 for t in times if s <= t < s + WINDOW) for s in times)
    assert most <= PER_MINUTE
    assert times[-1] >= (42 // PER_MINUTE) * WINDOW  # about 3.5 minutes for 42 guesses


def test_attempts_from_one_address_are_taken_one_at_a_time():
    door = Door()
    running = []
    most = 0

    async def check() -> bool:
        nonlocal most
        running.append(1)
        most = max(most, len(running))
        await door.time.sleep(0.05)  # a check that takes time, as scrypt does
        running.pop()
        return False

    clients = [("192.0.2.5", f"tab-{n}") for n in range(20)]
    door.run(*(door.gate.attempt(c, check) for c in clients))
    assert most == 1


def test_an_address_is_forgotten_an_hour_after_its_last_wrong_pin():
    door = Door()
    me = ("192.0.2.5", "tab-1")
    door.run(door.attempt(me, "0000"))
    assert door.gate.wait(me) == 0.5 and not door.gate.clean("192.0.2.5")
    door.time.now += FORGET + 1
    door.run(door.attempt(("198.51.100.7", "x"), "0000"))  # any later failure tidies up
    assert door.gate.wait(me) == 0.0 and door.gate.clean("192.0.2.5")


@pytest.mark.parametrize("right", [False, True])
def test_a_failing_check_counts_as_nothing_and_frees_the_turn(right):
    """A check that raises (the database gone) leaves the counts as they were and the
    address's turn free for the next attempt."""
    door = Door()
    me = ("192.0.2.5", "tab-1")

    async def broken() -> bool:
        raise OSError("gone")

    with pytest.raises(OSError):
        door.run(door.gate.attempt(me, broken))
    assert door.gate.wait(me) == 0.0
    assert door.run(door.attempt(me, PIN if right else "0000")) == [right]
