"""Who gets the keyboard, and which decisions are put to a person at all: the game screen's
presentation rules, without Textual (bench/handoffs.py plays whole games through them).

- **Taken for the player** (`auto_choice`): a decision with one legal action only (a
  Wellington Response window for a Power holding no playable card, a forced pass) is taken
  by the app and said in one line, unless "always ask me" is on (`tui/settings.py`). Only
  a person's, only while one role acts, never at the game's end. The engine still asks:
  this is how the app presents it (docs/ui.md, "Fewer prompts").
- **Hand-off** (`hand_off_to`): in a game with hidden information the screen is hidden
  when the *person* to be asked changes; one person holding the next role too keeps the
  keyboard, the computer never gets it, an action taken for the player asks nobody, and a
  game with one person (against the computer, or holding every role) never hides it.
"""
from __future__ import annotations

from typing import Any

from tui import computer


def people(match: Any) -> set[str]:
    """The people playing: the players of the roles the computer does not play."""
    return {match.player_of(role) for role in computer.human_roles(match)}


def auto_choice(match: Any, role: str | None, always_ask: bool,
                choices: list[Any] | None = None) -> Any | None:
    """The choice the app takes for the person playing `role` (the only legal one), or None
    when the person must be asked. `choices`: the legal actions of `role`, if at hand."""
    if always_ask or role is None or match.result is not None or match.active != [role]:
        return None
    if computer.is_computer(match, role):
        return None
    listed = match.actions(role) if choices is None else choices
    return listed[0] if len(listed) == 1 else None


def hand_off_to(match: Any, role: str | None, handed_to: str | None) -> str | None:
    """The person the keyboard must be handed to before `role` decides, or None: in a game
    with hidden information, when that person is not the one who had it (`handed_to`)."""
    if not match.hidden_info or role is None or len(people(match)) < 2:
        return None
    player = match.player_of(role)
    if player == match.COMPUTER or player == handed_to:
        return None
    return player


def announce(role: str, label: str) -> str:
    """The line that says an action was taken for the player."""
    return f"{role}: {label} (the only choice, taken for you; A: always ask me)"
