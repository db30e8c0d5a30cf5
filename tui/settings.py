"""The player's settings, kept between games in `settings.json` beside the saves folder
(`$MUSTER_HOME/settings.json`, else the platform's user data folder: `saves.locations`).

    settings.always_ask()            # False unless the player turned it on
    settings.set_always_ask(True)    # written at once

"Always ask me" (default off): a decision with one legal action only is normally taken for
the player by the app and said in one line (docs/ui.md, "Fewer prompts"); with it on, every
decision is asked, so nobody watching can tell whether the player held a Response. An
unreadable file is the defaults; a file that cannot be written keeps the setting for this
run and says so once (the caller shows the sentence).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

ALWAYS_ASK = "always_ask"
DEFAULTS: dict[str, Any] = {ALWAYS_ASK: False}


def path() -> Path:
    from saves.locations import muster_home

    return muster_home() / "settings.json"


def load() -> dict[str, Any]:
    """The settings (the defaults for anything missing or unreadable)."""
    settings = dict(DEFAULTS)
    try:
        text = path().read_text(encoding="utf-8")
    except (OSError, ValueError):  # none yet (the usual case): json is not needed at start-up
        return settings
    import json

    try:
        stored = json.loads(text)
    except ValueError:
        stored = {}
    if isinstance(stored, dict):
        settings.update({k: v for k, v in stored.items()
                         if k in DEFAULTS and isinstance(v, type(DEFAULTS[k]))})
    return settings


def save(settings: dict[str, Any]) -> str | None:
    """Write the settings; None, or the one sentence saying why they could not be."""
    import json

    target = path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".json.tmp")
        temporary.write_text(json.dumps(settings, indent=1) + "\n", encoding="utf-8")
        temporary.replace(target)
    except OSError as exc:
        return f"The setting is kept for this game only: {target} cannot be written ({exc})."
    return None


def always_ask() -> bool:
    return bool(load()[ALWAYS_ASK])


def set_always_ask(value: bool) -> str | None:
    settings = load()
    settings[ALWAYS_ASK] = bool(value)
    return save(settings)
