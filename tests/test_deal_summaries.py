"""The Lithuanian end-of-deal summary of each game, kept as a snapshot that a person has read.

One whole deal per game is played with random legal entries (seeded, so the
same deal every run) through the table's controller on a real store, with a
feminine and a masculine name at the table, so that the summary's agreement
shows. The texts were read through sentence by sentence against the words
table of the brief's UI.md; a change of wording shows here as a diff to read
again. ``uv run python tests/test_deal_summaries.py`` writes the snapshot anew.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from randomplay import random_entry

from app.table.model import TableModel
from models import Store
from rules import GAMES, Match, Status

# A sentence ends with a full stop before a capital ("nr. 6" goes on).
SENTENCE_END = re.compile(r"(?<=\.) (?=[A-ZĄČĘĖĮŠŲŪŽ])")
SNAPSHOT = Path(__file__).parent / "snapshots" / "deal_summaries.lt.txt"
PLAYERS = ["Jonas", "Rūta", "Eglė"]
SEEDS = {"ramsas": 18604, "bumas": 28, "devynake": 9, "domino": 4386}


def summaries(folder: Path) -> str:
    store = Store(folder / "partija.db")
    parts = []
    try:
        for game, seed in SEEDS.items():
            rng = random.Random(seed)
            shadow = Match(GAMES[game](len(PLAYERS), {}), 0)
            live = store.create_match(game=game, players=PLAYERS, first_dealer=0)
            live.start_deal()
            shadow.start_deal()
            tm = TableModel(live, "lt")
            while shadow.current is not None and shadow.current.status is Status.OPEN:
                raw = random_entry(shadow, rng)
                assert raw is not None, game
                shadow.apply(raw)
                tm.submit(raw)
                assert tm.notice is None or tm.notice.kind != "refused", (game, tm.notice)
            assert tm.match.current is not None and tm.match.current.status is Status.FINISHED
            sentences = SENTENCE_END.split(tm.deal_summary())
            parts.append(f"[{game}]\n" + "\n".join(sentences) + "\n")
    finally:
        store.close()
    return "\n".join(parts)


def test_each_games_summary_reads_as_it_was_read(tmp_path):
    assert summaries(tmp_path) == SNAPSHOT.read_text(encoding="utf-8")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        text = summaries(Path(folder))
    SNAPSHOT.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
