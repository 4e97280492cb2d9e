"""Why an input is not a match record: one error, with its sentence in English and Lithuanian.

``reason`` names the sentence (``messages.RECORD_MESSAGES``) and ``params``
fill it, so each caller shows it in its own language: the referee's one
line on stderr, ``main.py import``, the app's import and its new-match form.
"""

from __future__ import annotations

from typing import Any

from .messages import FactWords, record_message


class RecordError(ValueError):
    """The input is not a valid match record; ``str`` is the English sentence."""

    def __init__(self, reason: str, **params: Any) -> None:
        self.reason = reason
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en", words: FactWords | None = None) -> str:
        """What is wrong and where, in ``lang``; ``words`` as for ``record_message``."""
        return record_message(self.reason, self.params, lang, words)

    def line(self, lang: str = "en") -> str:
        """The whole one-line report: the kind of problem, then what and where."""
        return record_message("not_a_record", {"problem": self.message(lang)}, lang)


class OptionError(RecordError):
    """An option a game does not have, a value it does not allow, or a seating it refuses."""


class ReadError(RecordError):
    """The bytes are not a record file the referee reads: not UTF-8 JSON, or beyond a limit."""

    def line(self, lang: str = "en") -> str:
        return self.message(lang)
