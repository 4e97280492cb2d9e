"""The table screen, one module for each part it draws, and its controller.

- ``model``: the controller (``TableModel``): taps in, entries to the store, the notice;
  ``mode``: what a tap means now (playing, picking, answering a question, correcting);
- ``state``: the plain values each part is drawn from;
- ``screen``: the screen itself, the pinned top over the scrolling play column (a tablet
  puts the lists beside it), put together from ``header``, ``notices``, ``picker``,
  ``board``, ``actions``, ``entries`` and ``scoreboard``; ``buttons`` are shared by them.
"""
