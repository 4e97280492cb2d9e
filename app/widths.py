"""The screen width from which the app lays a screen out as a tablet's, not a phone's."""

from __future__ import annotations

# From this width on the table's entry list and scoreboard stand beside it, and tables of
# numbers have the room for whole words in their headings.
WIDE = 720
