"""The club's PIN gate: wrong PINs slow their own client down, and guessing cannot go wide.

A four-digit PIN falls to ten thousand guesses, so the gate has to make them slow
without making an operator who types the right PIN wait:

* **Per client.** A client is a network address and one browser connection (a tab).
  Each wrong PIN makes that client's next try wait longer: 0.5 s after the first,
  doubling up to 16 s. A correct PIN clears the client's count. Another client's
  mistakes never add to the wait.
* **One at a time per address.** The attempts from one address are taken in turn, each
  after its own client's wait, then checked. Guesses sent together therefore wait
  one after the other: n of them take at least n times the current wait, instead of
  all waiting the same wait once and being checked together.
* **A ceiling for the whole club.** A new browser connection is a new client with no
  failures, so a guesser can always open another. Every address that has given a
  wrong PIN is therefore held to a ceiling shared by all of them: at most
  ``PER_MINUTE`` checks in any minute, counting every check made. An address that
  has never given a wrong PIN (or has given the right one since) is not held to
  it: its first try is checked at once, so an operator at another address is
  never kept waiting by a stranger's guesses. A guesser gets past the ceiling
  with one guess for each new address he can take, and no more.

The gate keeps what it knows in memory only (a server that restarts forgets it), and
forgets a client or an address an hour after its last wrong PIN, so strangers cannot
make it grow without end. Time and waiting are given to it (``clock``, ``sleep``),
so that tests can run it on a clock of their own.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

FIRST_WAIT = 0.5  # seconds, after the first wrong PIN; doubled after each further one
MAX_WAIT = 16.0
PER_MINUTE = 12  # checks in any 60 s for the addresses that have given a wrong PIN
WINDOW = 60.0
FORGET = 3600.0  # a client or address with no wrong PIN for this long starts afresh

Client = tuple[str, str]  # (network address, browser connection)


def wait_after(failures: int) -> float:
    """The wait before the next try of a client with this many wrong PINs in a row."""
    return 0.0 if failures <= 0 else min(MAX_WAIT, FIRST_WAIT * 2 ** (failures - 1))


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0  # the clock's time of the latest

    def add(self, now: float) -> None:
        self.count += 1
        self.last = now


@dataclass
class PinGate:
    """One club's gate (see the module's text): ``attempt`` waits, checks and counts."""

    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    per_minute: int = PER_MINUTE
    _clients: dict[Client, _Failures] = field(default_factory=dict)
    _addresses: dict[str, _Failures] = field(default_factory=dict)
    _checks: deque[float] = field(default_factory=deque)  # when each recent check was made
    _turns: dict[str, asyncio.Lock] = field(default_factory=dict)
    _queued: Counter[str] = field(default_factory=Counter)

    def wait(self, client: Client) -> float:
        """The wait the client's next try starts with."""
        failures = self._clients.get(client)
        return wait_after(failures.count if failures else 0)

    def clean(self, address: str) -> bool:
        """Whether no wrong PIN is held against this address (it is not held to the ceiling)."""
        return address not in self._addresses

    async def attempt(self, client: Client, check: Callable[[], Awaitable[bool]]) -> bool:
        """Run ``check`` (the PIN's verdict) in the client's turn and after its wait; count
        its answer. Attempts from one address run one after another."""
        address = client[0]
        self._queued[address] += 1
        turn = self._turns.setdefault(address, asyncio.Lock())
        try:
            async with turn:
                await self.sleep(self.wait(client))
                now = self.clock() if self.clean(address) else await self._ceiling()
                self._drop_checks(now)
                self._checks.append(now)
                ok = await check()
                self._answer(client, ok)
                return ok
        finally:
            self._queued[address] -= 1
            if not self._queued[address]:
                del self._queued[address], self._turns[address]

    async def _ceiling(self) -> float:
        """Wait until fewer than ``per_minute`` checks were made in the last minute; the
        time it is then."""
        now = self.clock()
        while True:
            self._drop_checks(now)
            if len(self._checks) < self.per_minute:
                return now
            until = self._checks[0] + WINDOW
            await self.sleep(until - now)
            now = max(self.clock(), until)  # a clock that rounds cannot keep it waiting

    def _drop_checks(self, now: float) -> None:
        """Forget the checks made a minute or more before ``now``."""
        while self._checks and self._checks[0] + WINDOW <= now:
            self._checks.popleft()

    def _answer(self, client: Client, ok: bool) -> None:
        now = self.clock()
        if ok:
            self._clients.pop(client, None)
            self._addresses.pop(client[0], None)
            return
        self._clients.setdefault(client, _Failures()).add(now)
        self._addresses.setdefault(client[0], _Failures()).add(now)
        self._clients = {k: f for k, f in self._clients.items() if f.last > now - FORGET}
        self._addresses = {k: f for k, f in self._addresses.items() if f.last > now - FORGET}
