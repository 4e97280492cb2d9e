"""Notices at the table: a refusal (loud, kind), proven violations (news), or a plain note,
each with the paragraph of the game's rules that explains it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

# The paragraph of the game's rules page that explains each code it can produce.
RULE_ANCHORS: dict[str, dict[str, str]] = {
    "devynake": {
        "bad_card": "deal",
        "deal_over": "cards",
        "match_over": "match",
        "not_in_play": "turn",
        "not_your_turn": "turn",
        "card_gone": "rows",
        "not_playable": "rows",
        "false_pass": "false-pass",
    },
    "ramsas": {
        "bad_card": "deal",
        "deal_over": "scoring",
        "match_over": "scoring",
        "not_in_play": "fold",
        "cannot_buy": "buy",
        "cannot_fold": "fold",
        "redeal_not_allowed": "redeal",
        "wrong_phase": "tricks",
        "not_your_turn": "tricks",
        "card_gone": "proofs",
        "not_held": "proofs",
        "must_lead_trump_ace": "trump-ace",
        "must_follow": "obligations",
        "must_trump": "obligations",
        "must_head": "obligations",
        "must_overtrump": "obligations",
        "not_playable": "tricks",
        "not_jacks": "jacks",
        "revoke": "proofs",
        "failed_to_trump": "proofs",
        "failed_to_head": "proofs",
        "failed_to_overtrump": "proofs",
        "trump_ace_not_led": "trump-ace",
    },
    "bumas": {
        "bad_card": "deal",
        "deal_over": "scoring",
        "match_over": "scoring",
        "wrong_phase": "play",
        "not_your_turn": "play",
        "card_gone": "play",
        "not_playable": "play",
        "must_draw": "stock",
        "stock_empty": "stock",
        "false_draw": "proofs",
        "false_pass": "proofs",
    },
    "domino": {
        "bad_card": "deal",
        "deal_over": "end",
        "match_over": "scoring",
        "not_in_play": "end",
        "wrong_phase": "end",
        "not_your_turn": "line",
        "card_gone": "line",
        "not_held": "multi",
        "not_playable": "line",
        "must_draw": "draw",
        "stock_empty": "draw",
        "hand_mismatch": "end",
        "false_draw": "proofs",
        "false_pass": "proofs",
    },
}


def sentence(text: str) -> str:
    """Start with a capital: card words open some sentences ("širdžių šešiakė netinka")."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Notice:
    """A banner: a refusal (loud, kind), proven violations (news), or a plain note."""

    kind: str  # "refused", "violation", "info"
    text: str
    code: str | None = None
    anchor: str | None = None
    evidence: tuple[int, ...] = ()  # entry indices of the deal to highlight
    # The text in another language (a refusal or violation tells it again in the new
    # one); without it a language switch keeps the text as it was said.
    say: Callable[[str], str] | None = field(default=None, compare=False, repr=False)

    def in_language(self, lang: str) -> Notice:
        return self if self.say is None else replace(self, text=self.say(lang))


def anchor(game: str, code: str) -> str | None:
    return RULE_ANCHORS.get(game, {}).get(code)
