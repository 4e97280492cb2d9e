"""The verdict for people (``--text``): one block per deal, then totals and winners."""

from __future__ import annotations

from typing import Any

_WORDS = {
    "en": {
        "deal": "Deal",
        "dealer": "dealer",
        "open": "open",
        "finished": "finished",
        "annulled": "annulled",
        "points": "points",
        "refused": "refused",
        "violation": "violation",
        "entry": "entry",
        "proof": "proved by entry",
        "stand": "the table let it stand",
        "totals": "Totals",
        "winners": "Winners",
        "going": "The match goes on.",
    },
    "lt": {
        "deal": "Partija",
        "dealer": "dalintojas",
        "open": "vyksta",
        "finished": "baigta",
        "annulled": "anuliuota",
        "points": "taškai",
        "refused": "atmesta",
        "violation": "pažeidimas",
        "entry": "įrašas",
        "proof": "įrodė įrašas",
        "stand": "stalas nutarė palikti",
        "totals": "Sumos",
        "winners": "Laimėjo",
        "going": "Žaidimas tęsiasi.",
    },
}


def as_text(verdict: dict[str, Any], lang: str = "en") -> str:
    w = _WORDS.get(lang, _WORDS["en"])
    names = verdict["players"]
    lines = []
    for number, deal in enumerate(verdict["deals"], 1):
        lines.append(
            f"{w['deal']} {number} ({w['dealer']}: {names[deal['dealer']]}) – {w[deal['status']]}"
        )
        if deal["points"] is not None:
            shown = ", ".join(f"{n} {p:+d}" for n, p in zip(names, deal["points"]))
            lines.append(f"  {w['points']}: {shown}")
        for r in deal["rejected"]:
            lines.append(
                f"  {w['refused']} ({w['entry']} {r['event'] + 1}, {r['code']}): {r['message']}"
            )
        for v in deal["violations"]:
            ruling = f" – {w['stand']}" if v.get("ruling") == "stand" else ""
            lines.append(
                f"  {w['violation']} ({w['entry']} {v['event'] + 1}, {v['code']}, "
                f"{w['proof']} {v['proof'] + 1}): {v['message']}{ruling}"
            )
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, verdict["totals"]))
    lines.append(f"{w['totals']}: {totals}")
    if verdict["finished"]:
        lines.append(f"{w['winners']}: {', '.join(names[s] for s in verdict['winners'])}")
    else:
        lines.append(w["going"])
    return "\n".join(lines) + "\n"
