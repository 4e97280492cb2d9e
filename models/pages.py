"""The rows of a damaged SQLite file, read page by page from its bytes.

SQLite gives up on a file at the first broken page it meets on its way: a damaged
first page (the header and the schema) makes the whole file "not a database", a
broken interior page hides every row below it, a truncated file every row past the
cut. Its own recovery (``sqlite3_recover``, the shell's ``.recover``) is not in
Python's ``sqlite3`` module and the shell is not on a phone, so this module reads
the file format itself (https://www.sqlite.org/fileformat2.html), as far as
Partija's tables need it:

* the pages of the main file, with the committed frames of its write-ahead log laid
  over them (each frame's checksum checked, only whole transactions taken);
* each table's b-tree walked from its root page (named in the schema on page 1),
  every page checked before it is believed: its kind, its cell pointers inside the
  page and not overlapping, its rows' keys in ascending order, every record's
  header and values adding up to its payload, overflow chains inside the file.
  A page that fails any of these is lost whole; its rows are never guessed at;
* the table leaf pages no walk reached (below a broken interior page, or every page
  when page 1 is gone) taken by the shape of their rows – how many columns, of which
  storage classes – when it fits one table only, and only where the walk left keys
  missing. Free pages are skipped (the store runs with ``secure_delete``, so a freed
  page holds zeros, not old rows).

What comes out is each table's rows by key, and whether the table was read to its
end: the caller (``salvage``) decides which matches are whole.

Bounded: each page is read once, overflow chains and walks stop at pages already
seen, a record's header cannot claim more than its payload.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import BinaryIO

Value = int | float | str | bytes | None

MAGIC = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)  # little- or big-endian checksums
TABLE_LEAF, TABLE_INTERIOR = 13, 5
INDEX_LEAF, INDEX_INTERIOR = 10, 2
PAGE_SIZES = tuple(1 << n for n in range(9, 17))  # 512 … 65536
MAX_FRAMES = 1 << 20  # a write-ahead log longer than this is read no further


@dataclass(frozen=True)
class Column:
    name: str
    kind: str  # "int", "real", "text" (also for dates), or "any"
    nullable: bool
    rowid: bool  # INTEGER PRIMARY KEY: stored as NULL, its value is the row's key


@dataclass
class Table:
    """One table of the file: its columns as its CREATE TABLE lists them, its rows by key."""

    name: str
    columns: list[Column]
    root: int | None = None  # None: the schema naming it could not be read
    rows: dict[int, list[Value]] = field(default_factory=dict)
    whole: bool = False  # walked from its root with no page lost: no key is missing
    # Keys two unreached pages disagree on: neither is believed.
    disputed: set[int] = field(default_factory=set)

    def fits(self, values: list[Value]) -> bool:
        """Whether a record could be a row of this table (count and storage classes)."""
        if len(values) != len(self.columns):
            return False
        return all(_fits(column, value) for column, value in zip(self.columns, values))

    def named(self, key: int) -> dict[str, Value]:
        """Row ``key`` by column name, its INTEGER PRIMARY KEY filled in from the key."""
        values = self.rows[key]
        return {c.name: key if c.rowid else v for c, v in zip(self.columns, values)}


def _fits(column: Column, value: Value) -> bool:
    if value is None:
        return column.nullable or column.rowid
    if column.rowid:
        return False
    if column.kind == "int":
        return isinstance(value, int)
    if column.kind == "real":
        return isinstance(value, (int, float))
    if column.kind == "text":
        return isinstance(value, str)
    return True


_ITEM = re.compile(r"\s*(\"[^\"]+\"|`[^`]+`|\[[^\]]+\]|\w+)\s*([A-Za-z]*)(.*)", re.S)
_CONSTRAINTS = ("constraint", "primary", "unique", "foreign", "check")


def columns_of(sql: str) -> list[Column] | None:
    """The columns a ``CREATE TABLE`` statement lists, in order; None if it is not one."""
    start, end = sql.find("("), sql.rfind(")")
    if start < 0 or end < start:
        return None
    items: list[str] = []
    part: list[str] = []
    depth = 0
    for char in sql[start + 1 : end]:
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            items.append("".join(part))
            part = []
        else:
            part.append(char)
    items.append("".join(part))
    keys = _primary_keys(items)
    columns = []
    for item in items:
        found = _ITEM.match(item)
        if found is None or found.group(1).lower() in _CONSTRAINTS:
            continue
        name, declared, rest = found.group(1).strip('"`[]'), found.group(2).upper(), found.group(3)
        single = keys == [name] or "PRIMARY KEY" in rest.upper()
        rowid = declared == "INTEGER" and single
        kind = (
            "int"
            if "INT" in declared or declared == "BOOLEAN"
            else "real"
            if declared in ("FLOAT", "REAL", "DOUBLE", "NUMERIC")
            else "text"
            if declared in ("VARCHAR", "TEXT", "DATETIME", "CHAR", "DATE")
            else "any"
        )
        columns.append(Column(name, kind, "NOT NULL" not in rest.upper(), rowid))
    return columns or None


def _primary_keys(items: list[str]) -> list[str]:
    for item in items:
        found = re.match(r"\s*(?:constraint\s+\S+\s+)?primary\s+key\s*\(([^)]*)\)", item, re.I)
        if found:
            return [part.strip().strip('"`[]') for part in found.group(1).split(",")]
    return []


# -- pages ------------------------------------------------------------------------------


class Pages:
    """The file's pages, each as the last committed transaction left it."""

    def __init__(self, handle: BinaryIO, size: int, wal: Path) -> None:
        self._handle = handle
        self._size = size
        header = self._read(0, 100)
        self.page_size = _page_size(header)
        self._frames: dict[int, tuple[BinaryIO, int]] = {}
        self._wal_handle: BinaryIO | None = None
        if wal.is_file():
            self._wal_handle = wal.open("rb")
            self._read_wal(self._wal_handle, wal.stat().st_size)
        if self.page_size is None:
            self.page_size = self._guess_page_size()
        whole = _page_size(header) is not None  # the header is there and reads as one
        self.reserved = header[20] if whole and header[20] < 128 else 0
        self.usable = self.page_size - self.reserved
        self.count = max(self._size // self.page_size, max(self._frames, default=0))
        self.freelist = self._freelist(header) if whole else set()

    def close(self) -> None:
        if self._wal_handle is not None:
            self._wal_handle.close()

    def _read(self, offset: int, length: int, handle: BinaryIO | None = None) -> bytes:
        source = handle or self._handle
        source.seek(offset)
        return source.read(length)

    def page(self, number: int) -> bytes | None:
        """Page ``number`` (1-based) whole, or None when the file ends before it."""
        assert self.page_size is not None
        if number < 1 or number > self.count:
            return None
        if number in self._frames:
            handle, offset = self._frames[number]
            data = self._read(offset, self.page_size, handle)
        else:
            data = self._read((number - 1) * self.page_size, self.page_size)
        return data if len(data) == self.page_size else None

    def _read_wal(self, wal: BinaryIO, size: int) -> None:
        """Take the frames of every transaction the log holds whole (checksums, salts)."""
        header = self._read(0, 32, wal)
        if len(header) < 32:
            return
        magic, _version, page_size, _seq, salt1, salt2, sum1, sum2 = struct.unpack(">8I", header)
        if magic not in WAL_MAGIC or page_size not in PAGE_SIZES:
            return
        if self.page_size not in (None, page_size):
            return
        big = magic & 1 == 1
        if _checksum(header[:24], 0, 0, big) != (sum1, sum2):
            return
        s1, s2 = sum1, sum2
        taken: dict[int, int] = {}
        pending: dict[int, int] = {}
        offset = 32
        for _ in range(MAX_FRAMES):
            if offset + 24 + page_size > size:
                break
            frame = self._read(offset, 24 + page_size, wal)
            number, commit, f_salt1, f_salt2, f_sum1, f_sum2 = struct.unpack(">6I", frame[:24])
            if (f_salt1, f_salt2) != (salt1, salt2) or number == 0:
                break
            s1, s2 = _checksum(frame[:8], s1, s2, big)
            s1, s2 = _checksum(frame[24:], s1, s2, big)
            if (s1, s2) != (f_sum1, f_sum2):
                break
            pending[number] = offset + 24
            if commit:
                taken.update(pending)
                pending = {}
            offset += 24 + page_size
        if taken:
            self.page_size = page_size
            self._frames = {number: (wal, at) for number, at in taken.items()}

    def _guess_page_size(self) -> int:
        """The page size under which most pages read as b-tree pages (the header is gone)."""
        best, best_count = 4096, 0
        for size in PAGE_SIZES:
            count = 0
            for number in range(2, min(self._size // size, 64) + 1):
                data = self._read((number - 1) * size, size)
                if data and data[0] in (TABLE_LEAF, TABLE_INTERIOR, INDEX_LEAF, INDEX_INTERIOR):
                    cells = int.from_bytes(data[3:5], "big")
                    content = int.from_bytes(data[5:7], "big") or 65536
                    count += 8 + 2 * cells <= content <= size
            if count > best_count:
                best, best_count = size, count
        return best

    def _freelist(self, header: bytes) -> set[int]:
        """The pages the file says are free (trunk pages and the pages they list)."""
        trunk, free = int.from_bytes(header[32:36], "big"), set[int]()
        while trunk and trunk not in free and len(free) <= self.count:
            free.add(trunk)
            data = self.page(trunk)
            if data is None:
                break
            listed = min(int.from_bytes(data[4:8], "big"), (self.usable - 8) // 4)
            free.update(int.from_bytes(data[8 + 4 * i : 12 + 4 * i], "big") for i in range(listed))
            trunk = int.from_bytes(data[0:4], "big")
        return free


def _page_size(header: bytes) -> int | None:
    if not header.startswith(MAGIC) or len(header) < 100:
        return None
    raw = int.from_bytes(header[16:18], "big")
    size = 65536 if raw == 1 else raw
    return size if size in PAGE_SIZES else None


def _checksum(data: bytes, s1: int, s2: int, big: bool) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s1 = (s1 + words[i] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[i + 1] + s1) & 0xFFFFFFFF
    return s1, s2


# -- b-tree pages and records -------------------------------------------------------------


class Broken(Exception):
    """A page, cell or record that is not what the file format allows."""


def varint(data: bytes, at: int) -> tuple[int, int]:
    """The variable-length integer at ``at``, and the offset after it."""
    value = 0
    for i in range(9):
        if at + i >= len(data):
            raise Broken("varint past the end")
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise Broken("unreachable")  # pragma: no cover


def record(payload: bytes) -> list[Value]:
    """The values of one record (a row)."""
    size, at = varint(payload, 0)
    if not 1 <= size <= len(payload):
        raise Broken("record header size")
    types = []
    while at < size:
        kind, at = varint(payload, at)
        types.append(kind)
    if at != size:
        raise Broken("record header overruns")
    values: list[Value] = []
    for kind in types:
        length = _length(kind)
        if at + length > len(payload):
            raise Broken("record value overruns")
        part = payload[at : at + length]
        at += length
        if kind == 0:
            values.append(None)
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind <= 6:
            values.append(int.from_bytes(part, "big", signed=True))
        elif kind == 7:
            values.append(struct.unpack(">d", part)[0])
        elif kind % 2 == 0:
            values.append(bytes(part))
        else:
            try:
                values.append(part.decode("utf-8"))
            except UnicodeDecodeError:
                raise Broken("text not UTF-8") from None
    if at != len(payload):
        raise Broken("record shorter than its payload")
    return values


def _length(kind: int) -> int:
    if kind in (10, 11):
        raise Broken("reserved serial type")
    if kind >= 12:
        return (kind - 12) // 2
    return (0, 1, 2, 3, 4, 6, 8, 8, 0, 0)[kind]


@dataclass(frozen=True)
class Interior:
    children: list[tuple[int, int | None]]  # (child page, the highest key it may hold; None: any)


@dataclass(frozen=True)
class Leaf:
    rows: list[tuple[int, list[Value]]]


def btree_page(pages: Pages, number: int, overflow_seen: set[int]) -> Leaf | Interior | None:
    """Page ``number`` as a table b-tree page, or None (another kind, or broken)."""
    data = pages.page(number)
    if data is None:
        return None
    start = 100 if number == 1 else 0
    try:
        kind = data[start]
        if kind == TABLE_LEAF:
            return Leaf(_leaf_rows(pages, data, start, overflow_seen))
        if kind == TABLE_INTERIOR:
            return _interior(pages, data, start)
    except Broken:
        return None
    return None


def _cells(pages: Pages, data: bytes, start: int, header: int) -> list[int]:
    """The page's cell offsets, checked to lie in its content area."""
    count = int.from_bytes(data[start + 3 : start + 5], "big")
    content = int.from_bytes(data[start + 5 : start + 7], "big") or 65536
    pointers = start + header
    if pointers + 2 * count > content or content > pages.usable:
        raise Broken("cell pointers overrun the content area")
    offsets = [
        int.from_bytes(data[pointers + 2 * i : pointers + 2 * i + 2], "big") for i in range(count)
    ]
    if any(not content <= offset < pages.usable for offset in offsets):
        raise Broken("a cell outside the content area")
    return offsets


def _interior(pages: Pages, data: bytes, start: int) -> Interior:
    offsets = _cells(pages, data, start, 12)
    children: list[tuple[int, int | None]] = []
    spans, last = [], None
    for offset in offsets:
        child = int.from_bytes(data[offset : offset + 4], "big")
        key, end = varint(data, offset + 4)
        if last is not None and key <= last:
            raise Broken("interior keys out of order")
        spans.append((offset, end))
        children.append((child, key))
        last = key
    _no_overlap(spans, pages.usable)
    children.append((int.from_bytes(data[start + 8 : start + 12], "big"), None))
    if any(not 2 <= child <= pages.count for child, _ in children):
        raise Broken("a child page outside the file")
    return Interior(children)


def _leaf_rows(
    pages: Pages, data: bytes, start: int, overflow_seen: set[int]
) -> list[tuple[int, list[Value]]]:
    rows, spans, last = [], [], None
    for offset in _cells(pages, data, start, 8):
        size, at = varint(data, offset)
        key, at = varint(data, at)
        if key >= 1 << 63:
            key -= 1 << 64
        local = _local_size(size, pages.usable)
        end = at + local + (4 if local < size else 0)
        if end > pages.usable:
            raise Broken("a cell past the page")
        payload = data[at : at + local]
        if local < size:
            first = int.from_bytes(data[at + local : end], "big")
            payload += _overflow(pages, first, size - local, overflow_seen)
        if last is not None and key <= last:
            raise Broken("leaf keys out of order")
        rows.append((key, record(payload)))
        spans.append((offset, end))
        last = key
    _no_overlap(spans, pages.usable)
    return rows


def _local_size(size: int, usable: int) -> int:
    """How much of a payload of ``size`` bytes a table leaf keeps on the page."""
    most = usable - 35
    if size <= most:
        return size
    least = (usable - 12) * 32 // 255 - 23
    local = least + (size - least) % (usable - 4)
    return local if local <= most else least


def _overflow(pages: Pages, number: int, needed: int, seen: set[int]) -> bytes:
    out = bytearray()
    while needed > 0:
        if number in seen or not 2 <= number <= pages.count:
            raise Broken("an overflow chain that loops or leaves the file")
        seen.add(number)
        data = pages.page(number)
        if data is None:
            raise Broken("an overflow page past the end")
        part = data[4 : pages.usable][:needed]
        out += part
        needed -= len(part)
        number = int.from_bytes(data[0:4], "big")
    return bytes(out)


def _no_overlap(spans: list[tuple[int, int]], usable: int) -> None:
    ordered = sorted(spans)
    for (_, end), (next_start, _) in pairwise(ordered):
        if end > next_start:
            raise Broken("cells overlap")
    if ordered and ordered[-1][1] > usable:
        raise Broken("a cell past the page")


# -- the whole file ----------------------------------------------------------------------------


def read_tables(file: Path, known: dict[str, list[Column]]) -> dict[str, Table]:
    """Every readable row of the tables in ``known`` (the layout a new file has), by table.

    Where page 1 can be read, its schema gives each table's root page and its own column
    list (a file of an older schema keeps its own); else ``known``'s lists are used and
    every table is found by the shape of its rows.
    """
    with file.open("rb") as handle:
        pages = Pages(handle, file.stat().st_size, Path(f"{file}-wal"))
        try:
            return _read(pages, known)
        finally:
            pages.close()


def _read(pages: Pages, known: dict[str, list[Column]]) -> dict[str, Table]:
    overflow: set[int] = set()
    reached: set[int] = set()
    schema = Table("sqlite_master", [], root=1)
    _walk(pages, schema, reached, overflow)
    tables = {name: Table(name, list(columns)) for name, columns in known.items()}
    for values in schema.rows.values():
        if len(values) != 5 or values[0] != "table" or values[1] not in tables:
            continue
        name, root, sql = values[1], values[3], values[4]
        columns = columns_of(sql) if isinstance(sql, str) else None
        if isinstance(name, str) and isinstance(root, int) and columns:
            tables[name] = Table(name, columns, root=root)
    for table in tables.values():
        if table.root is not None:
            _walk(pages, table, reached, overflow)
    _take_unreached(pages, tables, reached | overflow | pages.freelist)
    return tables


def _walk(pages: Pages, table: Table, reached: set[int], overflow: set[int]) -> None:
    """Read the table's b-tree from its root; it is whole if no page on the way was lost."""
    assert table.root is not None
    whole = True
    stack = [table.root]
    while stack:
        number = stack.pop()
        if number in reached:
            whole = False  # a page claimed twice: the second claim is not believed
            continue
        found = btree_page(pages, number, overflow)
        if found is None:
            whole = False
            continue
        reached.add(number)
        if isinstance(found, Leaf):
            for key, values in found.rows:
                if table.name == "sqlite_master" or table.fits(values):
                    table.rows[key] = values
                else:
                    whole = False
        else:
            stack.extend(child for child, _ in reversed(found.children))
    table.whole = whole


def _take_unreached(pages: Pages, tables: dict[str, Table], skip: set[int]) -> None:
    """Leaf pages no walk reached, each given to the one table its rows fit, for the keys
    that table still lacks; two such pages that disagree on a key lose it."""
    offered: dict[str, dict[int, list[Value]]] = {name: {} for name in tables}
    for number in _unreached(pages, skip):
        found = btree_page(pages, number, set())
        if not isinstance(found, Leaf) or not found.rows:
            continue
        owners = [t for t in tables.values() if all(t.fits(v) for _, v in found.rows)]
        if len(owners) != 1 or owners[0].whole:
            continue
        table = owners[0]
        for key, values in found.rows:
            if key in table.rows:
                continue
            other = offered[table.name].get(key)
            if other is not None and other != values:
                table.disputed.add(key)
            offered[table.name][key] = values
    for name, rows in offered.items():
        table = tables[name]
        for key, values in rows.items():
            if key not in table.disputed:
                table.rows[key] = values


def _unreached(pages: Pages, skip: set[int]) -> Iterator[int]:
    for number in range(2, pages.count + 1):
        if number not in skip:
            yield number
