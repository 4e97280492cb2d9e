"""One whole match of each game in Lithuanian, every text the table screen shows along it,
kept as a snapshot that a person has read.

Each match is played through the table's controller (``TableModel``) on a real store,
with random legal entries (seeded: the same match every run), a man and two women at
the table, so that agreement shows. Along the way it tries the wrong entries a table
makes – a card out of turn, a card already played, a card that does not fit – each
kind of refusal once per grammatical gender of the player it names; and it rules on
the violations the referee proves (``flag`` penalty): the first stands at once, the
second waits an entry and annuls its deal, the others stand. Written down: the
expected-now line before every entry, the entry's line in the list, the table's last
line, every notice, every violation waiting (whole, and the panel folded to one line),
the rulings, the questions asked before a step, each deal's summary, the final
headline, and the match's history.

The files were read sentence by sentence by an editor (grammar, case, agreement, one
term per concept as ``test_terms.py`` defines them); a change of wording shows here as
a diff to read again. ``uv run python tests/test_match_snapshots.py`` writes them anew.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

from randomplay import random_entry

from app.i18n import signed, tr, trn
from app.table import state
from app.table.model import TableModel
from models import Store
from rules import Refused, Status
from rules.entries import Played
from rules.grammar import gender_of

SNAPSHOTS = Path(__file__).parent / "snapshots"
PLAYERS = ["Jonas", "Rūta", "Eglė"]
# Options that keep a match short; seeds whose match proves at least two violations.
MATCHES: dict[str, tuple[dict[str, Any], int]] = {
    "ramsas": ({"target": 10}, 45),
    "bumas": ({"target": 2}, 12),
    "devynake": ({"deals": 3}, 19),
    "domino": ({"limit": 30}, 47),
}
# A sentence ends with a full stop before a capital ("nr. 6" goes on).
SENTENCE_END = re.compile(r"(?<=\.) (?=[A-ZĄČĘĖĮŠŲŪŽ])")
MAX_ENTRIES = 2000


def snapshot(game: str) -> Path:
    return SNAPSHOTS / f"match_{game}.lt.txt"


class Recorder:
    """Plays one match at the table and writes down what the screen says."""

    def __init__(self, tm: TableModel, rng: random.Random) -> None:
        self.tm = tm
        self.rng = rng
        self.lines: list[str] = []
        self.refusals: set[tuple[str, str]] = set()  # (code, gender of the player named)
        self.violations = 0
        self.waiting: tuple[int, int, int, str] | None = None  # left for one more entry
        self.shown_pending: set[tuple[int, int, int, str]] = set()

    def say(self, tag: str, text: str) -> None:
        self.lines.append(f"{tag}: {text}")

    def screen(self) -> None:
        """The table's notice, its last line and what it expects now."""
        tm = self.tm
        if tm.notice is not None:
            for part in SENTENCE_END.split(tm.notice.text):
                self.say(f"notice {tm.notice.kind}", part)
        self.say("last", tm.last_entry())
        pending = state.pending_violations(tm)
        for item in pending:
            if item.key not in self.shown_pending:
                self.shown_pending.add(item.key)
                self.say("violation waiting", item.text)
        if pending:  # the panel, folded: the oldest in short, and how many more wait
            more = (
                f". {trn(tm.lang, 'violation.more', len(pending) - 1)}" if len(pending) > 1 else ""
            )
            self.say("violation panel", pending[0].short + more)
        self.say("expected", tm.headline())

    def try_wrong(self) -> None:
        """The wrong card entries of the moment, each kind of refusal once per gender."""
        tm = self.tm
        expected = tm.expected()
        if expected is None or "play" not in expected.kinds or expected.player is None:
            return
        states = tm.match.card_states()
        seat = expected.player
        deck = sorted(tm.match.game.deck())
        others = [s for s in range(len(tm.names)) if s != seat]
        candidates = [
            *(Played.of(other, card) for other in others for card in sorted(states.fits)[:1]),
            *(Played.of(seat, card) for card in sorted(states.gone)[:1]),
            *(Played.of(seat, c) for c in deck if c not in states.fits and c not in states.gone),
        ]
        for entry in candidates:
            try:
                tm.match.check(entry.to_record())
            except Refused as refusal:
                key = (refusal.code.value, gender_of(tm.names[entry.player]))
                if key in self.refusals:
                    continue
                self.refusals.add(key)
                self.say("try", f"{tm.names[entry.player]} {entry.card}")
                tm.submit(entry.to_record())
                self.screen()

    def rule(self) -> bool:
        """Rule on the violations waiting; False when the deal was annulled."""
        tm = self.tm
        for pending in state.pending_violations(tm):
            if pending.key == self.waiting:
                self.say("ruling", tr(tm.lang, "action.annul"))
                self.waiting = None
                tm.annul_for(pending.key)
                self.screen()
                return False
            if self.waiting is not None:
                continue
            self.violations += 1
            if self.violations == 2:
                self.waiting = pending.key  # the table plays on; the question stays
                continue
            self.say("ruling", tr(tm.lang, "violation.let_stand"))
            tm.let_stand(pending.key)
            self.screen()
        return True

    def deal(self) -> None:
        tm = self.tm
        log = tm.match.current
        assert log is not None
        self.lines.append("")
        self.say(
            "deal", tr(tm.lang, "table.deal", number=log.number + 1, dealer=tm.names[log.dealer])
        )
        self.screen()
        entries = 0
        while log.status is Status.OPEN and entries < MAX_ENTRIES:
            self.try_wrong()
            raw = random_entry(tm.match, self.rng)
            if raw is None:
                tm.ask("annul")
                self.say("question", tr(tm.lang, f"confirm.{tm.confirming}"))
                tm.confirm()
                self.screen()
                break
            tm.submit(raw)
            entries += 1
            assert tm.notice is None or tm.notice.kind != "refused", tm.notice
            line = tm.entries()[-1]
            self.say("entry", f"{line[0]}. {line[1]}")
            self.screen()
            if not self.rule():
                break
            log = tm.match.current
            assert log is not None
        assert log.status is not Status.OPEN
        for part in SENTENCE_END.split(tm.deal_summary()):
            self.say("summary", part)

    def next_deal(self) -> None:
        tm = self.tm
        tm.next_deal()
        if tm.confirming is not None:
            self.say("question", tr(tm.lang, f"confirm.{tm.confirming}"))
            tm.confirm()

    def history(self) -> None:
        tm = self.tm
        self.lines.append("")
        self.say("history", tr(tm.lang, "history.finished"))  # the history list's word
        self.say("history headline", tm.headline())
        for log in tm.match.deals:
            points = (
                ""
                if log.points is None
                else " · " + ", ".join(f"{n} {signed(p)}" for n, p in zip(tm.names, log.points))
            )
            title = tr(tm.lang, "table.deal", number=log.number + 1, dealer=tm.names[log.dealer])
            self.say("history deal", title + points)
            self.say("history status", tr(tm.lang, f"history.deal.{log.status.value}"))
            for line in tm.deal_lines(log.number):
                self.say("history line", line)


def play(game: str, folder: Path) -> str:
    options, seed = MATCHES[game]
    store = Store(folder / f"{game}.db")
    try:
        live = store.create_match(game=game, players=PLAYERS, options=options, first_dealer=0)
        live.start_deal()
        recorder = Recorder(TableModel(live, "lt"), random.Random(seed))
        tm = recorder.tm
        recorder.say("players", ", ".join(PLAYERS))
        while True:
            recorder.deal()
            if tm.match.finished:
                break
            recorder.next_deal()
        recorder.lines.append("")
        recorder.say("final", tm.headline())
        recorder.history()
        return "\n".join(recorder.lines) + "\n"
    finally:
        store.close()


def test_each_games_match_reads_as_it_was_read(tmp_path):
    for game in MATCHES:
        assert play(game, tmp_path) == snapshot(game).read_text(encoding="utf-8"), game


def test_every_text_of_the_matches_passes_the_sentence_checks():
    """No two colons in a line, a question with its mark, no bare infinitive, no *tu*
    form (``test_sentences.problems``), in every text the snapshots hold."""
    from test_sentences import problems

    found = []
    for game in MATCHES:
        for line in snapshot(game).read_text(encoding="utf-8").splitlines():
            tag, _, text = line.partition(": ")
            if text and tag not in ("players", "try"):  # the test's own notes
                found += [(game, text, p) for p in problems(text, "lt")]
    assert not found, found


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name in MATCHES:
            snapshot(name).write_text(play(name, Path(folder)), encoding="utf-8")
            sys.stdout.write(f"{snapshot(name)}\n")
