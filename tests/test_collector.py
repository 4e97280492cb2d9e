"""The quiet-time collector: a due collection runs in a quiet moment (the youngest after
some new objects, a full one after many younger ones), a full one waits while the process
is busy and is never put off longer than its limit."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
from collections.abc import Iterator

import pytest

from app import collector


@contextlib.contextmanager
def collections_of(generation: int, youngest: int | None = None) -> Iterator[list[float]]:
    """The collections of ``generation`` that run inside the block, as loop times; Python's
    own full collections off, as the app runs them (and its youngest held back to
    ``youngest`` new objects, when given)."""
    seen: list[float] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == generation:
            seen.append(asyncio.get_event_loop().time())

    threshold = gc.get_threshold()
    gc.set_threshold(youngest or threshold[0], threshold[1], 1 << 30)
    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)
        gc.set_threshold(*threshold)


@pytest.fixture
def full_collections() -> Iterator[list[float]]:
    """The full collections that run while a test does, as loop times."""
    with collections_of(2) as seen:
        yield seen


def make_due(seen: list[float]) -> None:
    """As many younger collections as make a full one due; the list of full ones emptied."""
    gc.collect()
    for _ in range(collector.DUE):
        gc.collect(1)
    assert gc.get_count()[2] >= collector.DUE
    seen.clear()


async def wait_for(condition, seconds: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "waited too long"
        await asyncio.sleep(0.01)


def test_a_due_collection_runs_when_the_process_is_quiet(full_collections) -> None:
    async def run() -> None:
        task = asyncio.create_task(collector.quiet_collections(quiet=0.01, longest=60))
        make_due(full_collections)
        await wait_for(lambda: full_collections)
        assert gc.get_count()[2] == 0
        task.cancel()

    asyncio.run(run())


def test_a_busy_process_puts_it_off_until_the_limit(full_collections) -> None:
    quiet, longest = 0.01, 0.3

    async def run() -> None:
        loop = asyncio.get_running_loop()
        task = asyncio.create_task(collector.quiet_collections(quiet=quiet, longest=longest))
        make_due(full_collections)
        started = loop.time()
        keep: list[object] = []
        busy = [started]  # when the busy work ran
        while not full_collections or busy[-1] < full_collections[0]:
            # Busy: objects made and kept all the time, as a tap makes controls.
            keep.extend([n] for n in range(50))
            busy.append(loop.time())
            await asyncio.sleep(0)
            assert loop.time() - started < 30, "never collected"
        task.cancel()
        collected = full_collections[0]
        if collected - started < longest:
            # Early only if the process really was still: a loaded machine may not have
            # run this busy loop for a while, and then it was quiet.
            gaps = [b - a for a, b in itertools.pairwise(busy) if a <= collected]
            assert max(gaps) >= quiet, (collected - started, max(gaps))

    asyncio.run(run())


def test_nothing_runs_while_nothing_is_due(full_collections) -> None:
    async def run() -> None:
        task = asyncio.create_task(collector.quiet_collections(quiet=0.01, longest=0.05))
        gc.collect()
        full_collections.clear()
        await asyncio.sleep(0.3)  # quiet, and no younger collections: nothing falls due
        task.cancel()
        assert gc.get_count()[2] < collector.DUE
        assert not full_collections

    asyncio.run(run())


def test_pythons_own_full_collections_are_off_only_while_it_runs() -> None:
    before = gc.get_threshold()

    async def run() -> None:
        task = asyncio.create_task(collector.instead_of_pythons())
        await asyncio.sleep(0)
        assert gc.get_threshold()[2] == 1 << 30
        assert gc.get_threshold()[0] == collector.BACKSTOP  # the youngest, held back
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        assert gc.get_threshold() == before

    asyncio.run(run())


def test_the_youngest_collection_runs_in_the_quiet_after_a_burst() -> None:
    """A tap's worth of new objects, then quiet: the youngest generation is collected then,
    by the task (Python's own would wait for ``BACKSTOP`` new objects)."""

    async def run(young: list[float]) -> None:
        task = asyncio.create_task(collector.quiet_collections(quiet=0.01, longest=60))
        gc.collect()
        young.clear()
        burst = [[n] for n in range(collector.YOUNG * 2)]  # kept: each a tracked object
        made = asyncio.get_running_loop().time()
        assert gc.get_count()[0] >= collector.YOUNG
        await wait_for(lambda: young)
        assert young[0] >= made
        assert gc.get_count()[0] < collector.YOUNG
        task.cancel()
        del burst

    with collections_of(0, youngest=collector.BACKSTOP) as young:  # as the app runs
        asyncio.run(run(young))
