"""The one-line summary a listing shows: `A House Divided — 1861 — turn 3, Union to play`."""
from __future__ import annotations

from core.engine import Rules, State

# tracks worth naming in a summary, in this order, when a game's view has them
PROGRESS_TRACKS = ("year", "turn", "round", "phase")
MAX_LENGTH = 120


def summarize(rules: Rules, state: State) -> str:
    """Title, scenario and where the game stands (or its result), built from the public view."""
    parts = [rules.title]
    try:
        view = rules.view(state, None)
    except Exception:  # a summary is a courtesy: never let it stop a save
        return _one_line(" — ".join(parts + [state.scenario]))
    parts.append(view.scenario)
    if view.result:
        parts.append(f"over: {view.result}")
    else:
        tracks = {str(key).lower(): value for key, value in view.tracks.items()}
        where = [f"{key} {tracks[key]}" for key in PROGRESS_TRACKS if key in tracks]
        if view.active:
            where.append(f"{' & '.join(view.active)} to play")
        parts.append(", ".join(where) or view.prompt)
    return _one_line(" — ".join(part for part in parts if part))


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_LENGTH else text[:MAX_LENGTH - 1].rstrip() + "…"
