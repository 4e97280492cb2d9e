"""The fault log: a rotating file beside the database, so a fault at the table can be found.

Every fault the user is told about is written here too, with what was being done
(the command, the file, the match); so is any exception nothing else caught. The
log never stops the app: a folder that cannot be written leaves it on stderr only,
and a write that fails later (a full disk) is dropped without a word – the fault
itself is told to the user in its one line, never buried under a logging traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import logging.handlers
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

LOG_NAME = "partija.log"
MAX_BYTES = 512 * 1024  # a few thousand faults; three old files are kept beside it
BACKUPS = 3

log = logging.getLogger("partija")


class _QuietFile(logging.handlers.RotatingFileHandler):
    """The log file, whose own failures (a full disk, a folder gone) are dropped.

    ``logging`` would print "--- Logging error ---" and a traceback of some thirty
    lines on stderr: on the command line that buries the one line the user needs.
    A stream left half-written is closed; the next record opens the file again.
    """

    def handleError(self, record: logging.LogRecord) -> None:
        if self.stream is not None:  # a half-written stream is closed, and opened anew next time
            with contextlib.suppress(OSError, ValueError):
                self.stream.close()
            self.stream = None  # the base class opens the file again on None


def start_logging(folder: Path) -> Path | None:
    """Log to ``folder/partija.log`` (rotating); the file, or None if it cannot be written."""
    if any(isinstance(h, logging.handlers.RotatingFileHandler) for h in log.handlers):
        return Path(log.handlers[0].baseFilename)  # type: ignore[attr-defined]
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _QuietFile(
            folder / LOG_NAME, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as exc:
        print(f"partija: no log file in {folder}: {exc.strerror or exc}", file=sys.stderr)
        return None
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)s %(process)d %(threadName)s %(message)s")
    )
    log.addHandler(handler)
    _log_uncaught()
    return folder / LOG_NAME


def _log_uncaught() -> None:
    """Exceptions nothing caught go to the log as well as where Python sends them."""
    previous = sys.excepthook

    def on_exception(
        kind: type[BaseException], value: BaseException, trace: TracebackType | None
    ) -> None:
        log.critical("uncaught exception", exc_info=(kind, value, trace))
        previous(kind, value, trace)

    sys.excepthook = on_exception
    previous_thread = threading.excepthook

    def on_thread_exception(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            log.critical(
                "uncaught exception in thread %s",
                args.thread.name if args.thread else "?",
                exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
            )
        previous_thread(args)

    threading.excepthook = on_thread_exception


def log_loop_faults(loop: asyncio.AbstractEventLoop) -> None:
    """An exception that ends a task nobody awaits goes to the log as well.

    Flet starts some of a session's work as such tasks (a route change's event, for one);
    asyncio would only print their failure on stderr, which a served app's user never
    reads. The session's drawing task has a watch of its own (``app.run``).
    """
    previous = loop.get_exception_handler()
    if getattr(previous, "partija", False):  # once a loop, not once a session
        return

    def on_fault(where: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        log.error(
            "uncaught exception in the event loop: %s",
            context.get("message", ""),
            exc_info=(type(error), error, error.__traceback__) if error else None,
        )
        if previous is not None:
            previous(where, context)
        else:
            where.default_exception_handler(context)

    on_fault.partija = True  # type: ignore[attr-defined]  # marks the handler as this one
    loop.set_exception_handler(on_fault)
