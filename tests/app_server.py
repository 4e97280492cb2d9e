"""The app's test servers, forked from a process that has already imported the app.

A browser test starts a server of the app of its own (``webapp.serve``): a store of its
own, nothing shared with another test, some 60 of them a run of the suite. Most of
their work was Python importing the same modules again and again – Flet, FastAPI and
uvicorn as it starts, SQLAlchemy, SQLModel and the screens once a page connects. On
the 2-core machine of 4 December 2026 these servers took about 75 s of the suite's 563 s of
CPU as processes of their own, 32 s forked as below.

So each test process keeps one "zygote" (this file run as a script): it imports what
a served app imports (``preload``) and then forks one child per server asked for.
The child becomes what ``main.py ARGV`` becomes – ``app.cli.main`` with the test's
arguments and environment, in a session of its own, its output in a file – and ends
as ``main.py`` ends, through the interpreter's exit (its ``atexit`` work done). What
differs is only that its modules were loaded before its environment was set: no
module of the app reads the environment on import (``tests/test_app_server.py`` shows
a forked server using the database its environment names). ``tests/test_shutdown.py``
and ``tests/test_startup.py`` start ``main.py`` itself, as a user does.

The zygote runs no thread (a fork copies only the thread that forks): it waits on its
requests and on its children's process descriptors (``os.pidfd_open``) in one
``select`` loop, and says on its stdout when each child started and how it ended.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import pathlib
import pkgutil
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
from typing import Any, ClassVar

ROOT = pathlib.Path(__file__).resolve().parent.parent
TIMEOUT_S = 60.0  # the longest a busy machine may take to start the zygote or a child

# What a served app loads inside functions: Flet's web server as it starts and serves,
# the app's QR codes and numbers as a screen draws them.
LATER = (
    "flet_web.fastapi",
    "uvicorn.loops.auto",
    "uvicorn.loops.uvloop",
    "uvicorn.protocols.http.auto",
    "uvicorn.lifespan.on",
    "uvicorn.protocols.http.httptools_impl",
    "uvicorn.protocols.websockets.websockets_sansio_impl",
    "anyio._backends._asyncio",
    "segno",
    "babel.numbers",
    "urllib.request",
)


def preload() -> None:
    """Import all a served app may import: every module of the app, every control of
    Flet's (``flet`` imports each at its first use), and what they import later (``LATER``)."""
    import flet

    for name in flet.__all__:
        getattr(flet, name)
    for package in ("app", "models", "rules"):
        for module in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            importlib.import_module(module.name)
    for name in LATER:
        importlib.import_module(name)


# -- the zygote ---------------------------------------------------------------------------


def _say(message: dict[str, Any]) -> None:
    """One line to the test process; written whole, unbuffered (a child inherits no buffer)."""
    os.write(1, (json.dumps(message) + "\n").encode())


def zygote() -> None:
    """Import the app, then fork a server per request read from stdin, until stdin ends."""
    preload()
    threads = os.listdir("/proc/self/task")
    if len(threads) != 1:
        sys.exit(f"an import started a thread, which a fork would not copy: {threads}")
    waiting = selectors.DefaultSelector()
    waiting.register(0, selectors.EVENT_READ, None)
    _say({"ready": os.getpid()})
    pending = b""
    while True:
        for key, _ in waiting.select():
            if key.data is not None:  # a child has ended
                waiting.unregister(key.fd)
                os.close(key.fd)
                _, status = os.waitpid(key.data, 0)
                _say({"ended": key.data, "code": os.waitstatus_to_exitcode(status)})
                continue
            chunk = os.read(0, 1 << 16)
            if not chunk:  # the test process has gone: its servers are its to end
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                pid = os.fork()
                if pid == 0:
                    waiting.close()
                    _become_server(request["argv"], request["env"], request["log"])
                pidfd = os.pidfd_open(pid)
                waiting.register(pidfd, selectors.EVENT_READ, pid)
                _say({"started": pid, "request": request["id"]})


def _become_server(argv: list[str], env: dict[str, str], log_path: str) -> None:
    """In the child: ``main.py ARGV`` in a session of its own, writing to ``log_path``.

    ``SystemExit`` leaves through the zygote's frames to the interpreter's own exit, as
    ``main.py``'s does.
    """
    os.setsid()  # as ``start_new_session``: the test ends it and all it starts
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # the zygote's pipes and its other children's
    os.chdir(ROOT)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = [str(ROOT / "main.py"), *argv]
    from app.cli import main

    raise SystemExit(main(argv, prog="main.py"))


# -- the test process's side ----------------------------------------------------------------


class Server:
    """A forked server: its pid (and session), and how it ended once it has."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def poll(self) -> int | None:
        """Its exit code (negative: the signal that ended it), None while it runs."""
        return _Zygote.ended.get(self.pid)

    def wait(self, timeout: float) -> int:
        """Wait until it has ended; ``subprocess.TimeoutExpired`` if it has not in time."""
        with _Zygote.changed:
            if not _Zygote.changed.wait_for(lambda: self.pid in _Zygote.ended, timeout):
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout)
        return _Zygote.ended[self.pid]


class _Zygote:
    """This test process's zygote, started at its first server."""

    process: ClassVar[subprocess.Popen[bytes] | None] = None
    errors: ClassVar[Any] = None  # the zygote's stderr, a file
    changed: ClassVar[threading.Condition] = threading.Condition()
    started: ClassVar[dict[int, int]] = {}  # request → pid
    ended: ClassVar[dict[int, int]] = {}  # pid → exit code
    ready: ClassVar[bool] = False
    # False: ``spawn_servers``, or a system without process descriptors (Linux only).
    forking: ClassVar[bool] = hasattr(os, "pidfd_open")
    requests: ClassVar[int] = 0
    asking: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def running(cls) -> subprocess.Popen[bytes]:
        if cls.process is not None and cls.process.poll() is None:
            return cls.process
        cls.errors = tempfile.TemporaryFile()  # noqa: SIM115  # as long as the zygote is
        cls.ready = False
        cls.process = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=cls.errors,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        threading.Thread(target=cls._read, args=(cls.process,), daemon=True).start()
        cls._until(lambda: cls.ready, "to import the app")
        return cls.process

    @classmethod
    def _read(cls, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            message = json.loads(line)
            with cls.changed:
                if "ready" in message:
                    cls.ready = True
                elif "started" in message:
                    cls.started[message["request"]] = message["started"]
                else:
                    cls.ended[message["ended"]] = message["code"]
                cls.changed.notify_all()
        with cls.changed:
            cls.changed.notify_all()

    @classmethod
    def _until(cls, done: Any, what: str) -> None:
        """Wait until ``done()``; fail with the zygote's own words if it ended first."""
        assert cls.process is not None
        process = cls.process
        with cls.changed:
            cls.changed.wait_for(lambda: done() or process.poll() is not None, TIMEOUT_S)
            if done():
                return
        cls.errors.seek(0)
        said = cls.errors.read().decode(errors="replace")
        raise RuntimeError(f"the test servers' zygote failed {what}:\n{said}")

    @classmethod
    def start(cls, argv: list[str], env: dict[str, str], log_path: pathlib.Path) -> Server:
        with cls.asking:
            process = cls.running()
            cls.requests += 1
            request = cls.requests
            line = {"id": request, "argv": argv, "env": env, "log": str(log_path)}
            assert process.stdin is not None
            process.stdin.write((json.dumps(line) + "\n").encode())
            process.stdin.flush()
            cls._until(lambda: request in cls.started, "to fork a server")
            return Server(cls.started.pop(request))


def start(argv: list[str], env: dict[str, str], log_path: pathlib.Path) -> Server:
    """A server of the app, as ``main.py ARGV`` run with ``env`` would be, its output
    (stdout and stderr) appended to ``log_path``, which is there when this returns."""
    log_path.touch()
    if not _Zygote.forking:
        return _Spawned(argv, env, log_path)
    return _Zygote.start(argv, env, log_path)


def spawn_servers() -> None:
    """Start this process's servers as ``main.py`` itself, each a fresh interpreter: the
    benchmarks time the app as a user starts it, and compare it with one that is."""
    _Zygote.forking = False


class _Spawned(Server):
    """``main.py ARGV`` run as a process of its own (``spawn_servers``)."""

    def __init__(self, argv: list[str], env: dict[str, str], log_path: pathlib.Path) -> None:
        with open(log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), *argv],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        super().__init__(self.process.pid)

    def poll(self) -> int | None:
        return self.process.poll()

    def wait(self, timeout: float) -> int:
        return self.process.wait(timeout)


def stop(server: Server, *, kill: bool = False) -> None:
    """End the server and all it started (SIGTERM, or SIGKILL as a phone dying); wait for it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL if kill else signal.SIGTERM)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)


if __name__ == "__main__":
    zygote()
