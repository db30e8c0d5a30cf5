"""The computer players as the UI sees them: who plays what at which level, and one decision.

`Match.players` names the computer as the player "computer" (`Match.COMPUTER`); its level
(easy / normal / hard, `core/ai/levels.py`) is kept per role in `match.computer_levels`
(role -> level), which saves write as the save's `computer_levels` field (docs/ui.md,
"Playing against the computer"). A role with no level there plays at the default, normal.

`decide` runs in a worker thread: it searches a *snapshot* of the match (same rules, header,
state and history, nothing shared that the UI changes), reports progress at most once per
percent, and stops at the next search iteration once `stopped()` says so. `explain` is the
same search for the hint key, with its reasons: every move weighed, how often it was tried
and its value (core.ai.analyse); `hint_panel` lays the top three out for the focus panel.
Nothing here imports Textual, and core.ai is imported only when the computer thinks.
"""
from __future__ import annotations

from typing import Any, Callable

COMPUTER = "computer"          # Match.COMPUTER, without importing the engine
DEFAULT_LEVEL = "normal"       # core.ai.DEFAULT_LEVEL
LEVEL_NAMES = ("easy", "normal", "hard")   # core.ai.LEVELS (a test keeps them in step)


class Stopped(Exception):
    """The decision was called off (the game screen closed, the player quit)."""


def is_computer(match: Any, role: str | None) -> bool:
    return role is not None and match.player_of(role) == COMPUTER


def computer_roles(match: Any) -> list[str]:
    return [role for role in match.roles if is_computer(match, role)]


def human_roles(match: Any) -> list[str]:
    return [role for role in match.roles if not is_computer(match, role)]


def levels_of(match: Any) -> dict[str, str]:
    """role -> level of every role the computer plays (default: normal)."""
    saved = getattr(match, "computer_levels", None) or {}
    return {role: saved.get(role, DEFAULT_LEVEL) for role in computer_roles(match)}


def level_of(match: Any, role: str) -> str:
    """The level the computer plays `role` at; an unknown name (a newer Muster's save) plays
    at the default."""
    level = (getattr(match, "computer_levels", None) or {}).get(role, DEFAULT_LEVEL)
    return level if level in LEVEL_NAMES else DEFAULT_LEVEL


def set_levels(match: Any, levels: dict[str, str] | None) -> None:
    """Keep the levels of the roles the computer plays (the saves write them)."""
    match.computer_levels = {role: level for role, level in (levels or {}).items()
                             if is_computer(match, role)}


def check_level(level: str) -> str:
    """`level`, or ValueError naming the levels."""
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    return level


def cannot_play(rules: Any, hidden_info: bool | None = None) -> str | None:
    """Why the computer cannot play this game (with these options: `Match.hidden_info`),
    in one sentence, or None if it can."""
    from core.ai import game_of

    try:
        game_of(rules, hidden_info)
    except ValueError as exc:
        return str(exc)
    return None


def snapshot(match: Any) -> Any:
    """A match of its own at the same position: the worker thread reads only this."""
    from core.engine import Match

    return Match(match.rules, match.header, match.state, list(match.history),
                 players=dict(match.players))


def warm_up(match: Any) -> None:
    """core.ai.warm_up on a snapshot (in a worker thread, when a game with a computer player
    opens and a person acts first): the first computer move then costs what the others do."""
    from core.ai import warm_up as ai_warm_up

    ai_warm_up(match)


def decide(match: Any, role: str, level: str, report: Callable[[int, int], None] | None = None,
           stopped: Callable[[], bool] | None = None) -> Any:
    """The computer's action for `role` (core.ai.choose; its seed comes from the role's view
    and the length of the history, so the same position gives the same move). `report(done,
    total)` at most once per percent; Stopped as soon as `stopped()` is true."""
    return explain(match, role, level, report, stopped)[0].choice.action


HINT_MOVES = 3      # the moves the hint shows, best first


def explain(match: Any, role: str, level: str, report: Callable[[int, int], None] | None = None,
            stopped: Callable[[], bool] | None = None) -> list[Any]:
    """`decide` with its reasons: core.ai.analyse's list (Considered: choice, visits, value),
    the move the computer would take first."""
    from core.ai import analyse

    last = [-1]

    def progress(done: int, total: int) -> None:
        if stopped is not None and stopped():
            raise Stopped()
        percent = done * 100 // max(total, 1)
        if report is not None and percent != last[0]:
            last[0] = percent
            report(done, total)

    if stopped is not None and stopped():
        raise Stopped()
    return analyse(match, role, level=level, progress=progress)


def hint_panel(considered: list[Any], role: str, level: str) -> Any:
    """The focus panel's hint: the computer's top moves, each with how many of the simulated
    lines began with it and their mean value for `role` (core.engine.Panel)."""
    from core.engine import Panel

    tried = sum(c.visits for c in considered)
    rows = []
    for rank, (choice, visits, value) in enumerate(considered[:HINT_MOVES], 1):
        if value is None:
            rows.append(["", f"{rank}. {choice.label}", "the only move left: not searched"])
        else:
            rows.append(["", f"{rank}. {choice.label}",
                         f"tried {visits} of {tried}", f"value {value:.2f}"])
    shown = min(HINT_MOVES, len(considered))
    return Panel(title=f"Hint for {role} ({level}): the computer's top {shown} of "
                       f"{len(considered)} moves",
                 rows=rows,
                 notes=["tried: the simulated lines of play that began with the move; value: "
                        f"their mean for {role} measured from the position now (0.50 as good "
                        "as it stands, more a gain, 1 a win, 0 a loss; the move tried most is "
                        "the one the computer would play)"])


def label_of(match: Any, role: str, action: Any) -> str:
    """The menu label of `action` for `role` now (before it is taken), else its text."""
    for choice in match.actions(role):
        if choice.action == action:
            return choice.label
    return str(action)
