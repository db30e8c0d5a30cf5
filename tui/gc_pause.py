"""Start-up without garbage collection passes (bench/startup.py).

    gc_pause.pause()              # tui/cli.py, first thing
    gc_pause.resume(freeze=True)  # tui/app.py, once the first screen is drawn

Start-up makes a few hundred thousand objects that live as long as the app (modules, classes,
the stylesheet, the widgets, the rules) and next to no garbage cycles, and Python's cyclic
collector walks them again and again meanwhile: ~30 ms of `muster continue`'s first frame
(a full pass among them). `pause` turns the collector off; `resume(freeze=True)` moves what
start-up made to the permanent generation (`gc.freeze`: later passes skip it too) and turns the
collector on again. Reference counting frees everything else throughout, so the only cost is
that a cycle made during start-up and already garbage stays in memory: once, and small.
"""
from __future__ import annotations

import gc

_paused = False  # the collector was on and `pause` turned it off


def pause() -> None:
    """Turn the cyclic collector off until `resume` (nothing if it is off already)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume(freeze: bool = False) -> None:
    """Turn the collector on again if `pause` turned it off; `freeze`: first move every
    object made so far to the permanent generation (start-up's objects, which live on)."""
    global _paused
    if not _paused:
        return
    _paused = False
    if freeze:
        gc.freeze()
    gc.enable()
