"""The first view kept with a save: what `muster continue` draws before the rules are loaded.

    raw = preview_of(match)       # saves/match_io.py, at every save: the encoded Preview
    start = read_start(path)      # SaveStart: the header and the raw preview, no rules needed
    preview = decoded(start)      # the Preview, or None (an older save, or a damaged preview)

Continuing a game imports its rules (~30 ms of CPU for A House Divided) and decodes its
history and state before the game screen can draw anything. With the preview the screen draws
its first frame from the views kept here and loads the game itself right after that frame
(tui/stored.py, docs/ui.md "Start-up"). The views are the rules' own, so the live game draws
the same screen; each log keeps its newest PREVIEW_LOG lines (the log pane shows a few of them
and gets the whole log with the live game).
"""
from __future__ import annotations

import os
from typing import Any

import msgspec

from saves import format, store

PREVIEW_LOG = 200  # log lines kept in each view of a preview (the newest)

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(format.Preview | None)


def preview_of(match: Any) -> msgspec.Raw:
    """The encoded Preview of `match` as it stands, or NO_PREVIEW if a view cannot be made (a
    rules bug must not stop the save: the game is continued the slower way then)."""
    try:
        views = {"": _cut(match.view(None))}
        for role in match.roles:
            views[role] = _cut(match.view(role))
        history = match.history
        preview = format.Preview(title=match.rules.title, views=views,
                                 active=list(match.active), result=match.result,
                                 hidden_info=bool(match.hidden_info),
                                 last=tuple(history[-1]) if history else None)
        return msgspec.Raw(_encoder.encode(_shared(preview)))
    except Exception:
        return format.NO_PREVIEW


def _shared(preview: format.Preview) -> format.Preview:
    """The log and the piles kept once when every view has the same (an open game's log, the
    face-up piles), each view's left empty; `decoded` puts them back."""
    views = list(preview.views.values())
    first = views[0]
    if all(view.log == first.log for view in views):
        preview.log = first.log
    if all(view.piles == first.piles for view in views):
        preview.piles = first.piles
    if preview.log is None and preview.piles is None:
        return preview
    preview.views = {key: msgspec.structs.replace(
        view, log=[] if preview.log is not None else view.log,
        piles={} if preview.piles is not None else view.piles)
        for key, view in preview.views.items()}
    return preview


def _cut(view: Any) -> Any:
    """`view` with its log cut to the newest PREVIEW_LOG lines."""
    if len(view.log) <= PREVIEW_LOG:
        return view
    return msgspec.structs.replace(view, log=view.log[-PREVIEW_LOG:])


def read_start(path: str | os.PathLike[str]) -> format.SaveStart:
    """The header and the raw preview of the save in `path`; SaveError as the listing's."""
    return format.decode(store.read_bytes(path), path, format.SaveStart)


def decoded(start: format.SaveStart) -> format.Preview | None:
    """The save's Preview, or None: an older save has none, and a damaged one is not used."""
    try:
        preview = _decoder.decode(start.preview)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    if preview is None or "" not in preview.views:
        return None
    for view in preview.views.values():
        if preview.log is not None:
            view.log = list(preview.log)
        if preview.piles is not None:
            view.piles = preview.piles
    return preview
