"""The verdict for people (``--text``): one block per deal, then totals and winners.

Each line is a catalogue's sentence (``text.*`` in ``rules.i18n``)."""

from __future__ import annotations

from typing import Any

from .i18n import number, tr


def as_text(verdict: dict[str, Any], lang: str = "en") -> str:
    names = verdict["players"]

    def scores(points: list[int], sign: bool) -> str:
        pair = tr(lang, "text.player_points")
        shown = [pair.format(player=n, points=number(p, sign=sign)) for n, p in zip(names, points)]
        return ", ".join(shown)

    lines = []
    for deal_number, deal in enumerate(verdict["deals"], 1):
        status = tr(lang, f"text.status.{deal['status']}")
        dealer = names[deal["dealer"]]
        lines.append(tr(lang, "text.deal").format(number=deal_number, dealer=dealer, status=status))
        if deal["points"] is not None:
            lines.append("  " + tr(lang, "text.points").format(points=scores(deal["points"], True)))
        for r in deal["rejected"]:
            facts = {"entry": r["event"] + 1, "code": r["code"], "message": r["message"]}
            lines.append("  " + tr(lang, "text.refused").format(**facts))
        for v in deal["violations"]:
            stood = v.get("ruling") == "stand"
            facts = {"entry": v["event"] + 1, "code": v["code"], "proof": v["proof"] + 1}
            said = tr(lang, "text.violation.stand" if stood else "text.violation")
            lines.append("  " + said.format(message=v["message"], **facts))
    lines.append(tr(lang, "text.totals").format(totals=scores(verdict["totals"], False)))
    if verdict["finished"]:
        winners = ", ".join(names[s] for s in verdict["winners"])
        lines.append(tr(lang, "text.winners").format(winners=winners))
    else:
        lines.append(tr(lang, "text.going"))
    return "\n".join(lines) + "\n"
