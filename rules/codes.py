"""Refusal and violation codes: exactly those of the record contract (RECORDS.md)."""

from __future__ import annotations

from enum import Enum


class Code(str, Enum):
    """Why an entry was refused, or which rule a proven violation broke."""

    # Rejections, in the order of precedence the contract gives.
    BAD_EVENT = "bad_event"
    BAD_CARD = "bad_card"
    DEAL_OVER = "deal_over"
    MATCH_OVER = "match_over"
    NOT_IN_PLAY = "not_in_play"
    CANNOT_BUY = "cannot_buy"
    CANNOT_FOLD = "cannot_fold"
    REDEAL_NOT_ALLOWED = "redeal_not_allowed"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_GONE = "card_gone"
    NOT_HELD = "not_held"
    MUST_LEAD_TRUMP_ACE = "must_lead_trump_ace"
    MUST_FOLLOW = "must_follow"
    MUST_TRUMP = "must_trump"
    MUST_HEAD = "must_head"
    MUST_OVERTRUMP = "must_overtrump"
    NOT_PLAYABLE = "not_playable"
    MUST_DRAW = "must_draw"
    STOCK_EMPTY = "stock_empty"
    HAND_MISMATCH = "hand_mismatch"
    NOT_JACKS = "not_jacks"
    # Violations: applied entries proven illegal later.
    REVOKE = "revoke"
    FAILED_TO_TRUMP = "failed_to_trump"
    FAILED_TO_HEAD = "failed_to_head"
    FAILED_TO_OVERTRUMP = "failed_to_overtrump"
    TRUMP_ACE_NOT_LED = "trump_ace_not_led"
    FALSE_PASS = "false_pass"
    FALSE_DRAW = "false_draw"


VIOLATIONS = frozenset(
    {
        Code.REVOKE,
        Code.FAILED_TO_TRUMP,
        Code.FAILED_TO_HEAD,
        Code.FAILED_TO_OVERTRUMP,
        Code.TRUMP_ACE_NOT_LED,
        Code.FALSE_PASS,
        Code.FALSE_DRAW,
    }
)
