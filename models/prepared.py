"""Statements compiled once per database and run at the driver: the write of every tap.

Every accepted entry is two statements (raise the match's revision, insert the
entry) and a commit. SQLAlchemy's execution of a Core statement – even one
whose compilation is cached – cost about 0.9 ms here, the ORM session's about
1.2 ms more, against some 0.1 ms for the driver's own; on a tap that waits
for it, that was a sixth of the whole. So these few statements are written
with SQLAlchemy (for both SQLite and PostgreSQL), compiled once per dialect,
and run with ``exec_driver_sql`` on the transaction's connection: its errors
are still turned into ``StoreFault`` by the engine, and every value passes
through its column type's own conversion, as SQLAlchemy would send it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, CursorResult, Dialect
from sqlalchemy.sql.expression import Executable


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # the bind parameters, in the driver's order when positional
    positional: bool
    convert: tuple[tuple[str, Callable[[Any], Any]], ...]  # the names whose type converts


class Prepared:
    """One statement with named ``bindparam`` values, ready to run on any store's
    connection; ``run`` takes a value for every name (``KeyError`` names a missing one)."""

    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        self._compiled: dict[tuple[str, str], _Compiled] = {}

    def _for(self, dialect: Dialect) -> _Compiled:
        key = (dialect.name, dialect.paramstyle)
        compiled = self._compiled.get(key)
        if compiled is None:
            made = self.statement.compile(dialect=dialect)  # type: ignore[attr-defined]
            names = tuple(made.positiontup if made.positional else made.binds)
            convert = []
            for name in names:
                # The type as this database has it: an aware datetime becomes SQLite's text.
                process = made.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    convert.append((name, process))
            compiled = self._compiled[key] = _Compiled(
                str(made), names, made.positional, tuple(convert)
            )
        return compiled

    def run(self, connection: Connection, **values: Any) -> CursorResult[Any]:
        compiled = self._for(connection.dialect)
        missing = [name for name in compiled.names if name not in values]
        if missing:
            raise KeyError(f"no value for {', '.join(missing)}")
        for name, process in compiled.convert:
            values[name] = process(values[name])
        if compiled.positional:
            return connection.exec_driver_sql(
                compiled.sql, tuple(values[name] for name in compiled.names)
            )
        return connection.exec_driver_sql(compiled.sql, values)

    def run_many(self, connection: Connection, rows: list[dict[str, Any]]) -> None:
        """``run`` for each of ``rows`` (changed in place), in one call of the driver's
        ``executemany``: an import's hundreds of thousands of entries.

        Each distinct value of a converted column is converted once: an import's rows
        share their moment and a couple of flags, and SQLAlchemy's conversion of every
        value of every row was most of what writing them cost.
        """
        if not rows:
            return
        compiled = self._for(connection.dialect)
        for name, process in compiled.convert:
            done: dict[Any, Any] = {}
            for row in rows:
                value = row[name]
                if value not in done:
                    done[value] = process(value)
                row[name] = done[value]
        if compiled.positional:
            order = compiled.names
            connection.exec_driver_sql(
                compiled.sql, [tuple([row[name] for name in order]) for row in rows]
            )
        else:
            connection.exec_driver_sql(compiled.sql, rows)
