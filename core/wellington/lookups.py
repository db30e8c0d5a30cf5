"""Wellington: the lookups a lasting card effect changes, and their windows (docs/DESIGN.md
"Windows for cards").

A commander's BV and CV (1.6; #23 Humbugged, #59, #66, #106), the kind of a March Line as a
Power crosses it (1.22; #100 Pontoons), who may move in whose Army Group (#22 Insulted Ally)
and where Royalist Dissent holds a Power's pieces (#39). Movement, interception, the battle and
the siege read them here. The card events (core/wellington/events/) add their handlers to the
windows below when the game is imported; this module never imports the events. Without an
event registered, each lookup is the printed rule.
"""
from __future__ import annotations

from typing import Callable

from core.wellington import building
from core.wellington import flags as geo
from core.wellington.state import WellingtonState

HUMBUGGED = 23                # #23: the commander is a 1-4 while it lasts
HUMBUGGED_BV, HUMBUGGED_CV = 1, 4

# --- the windows: each handler gets what the rule (or the handlers before it) gave ---------

# (state, commander, BV) -> BV: #59, #66, #106 "for all purposes" (wiring W3)
BV_CHANGES: list[Callable[[WellingtonState, str, int], int]] = []
# (state, a, b, power, kind) -> kind: #100 Pontoons bridges a river (wiring W7)
LINE_CHANGES: list[Callable[[WellingtonState, str, str, str, str], str]] = []
# (state, power, group commander) -> whether `power` may go with him: #22
GROUP_ALLOWS: list[Callable[[WellingtonState, str, str], bool]] = []
# the card whose lasting effect (`state.effects`) holds -> (state, power, duchy) -> True when
# `power`'s pieces there may not move: #39
MOVE_HOLDS: dict[int, Callable[[WellingtonState, str, str], bool]] = {}


def under(state: WellingtonState, card: int, cid: str) -> bool:
    """A lasting card effect on the commander (or the Army he leads): `Effect.target`."""
    if not cid:
        return False
    for e in state.effects:              # (a loop: asked for every commander at every decision)
        if e.card == card and e.target == cid:
            return True
    return False


def command_value(state: WellingtonState, cid: str) -> int:
    """1.6; #23 Humbugged makes the commander a 1-4 while it lasts."""
    if under(state, HUMBUGGED, cid):
        return HUMBUGGED_CV
    return building.commander(cid).cv


def battle_value(state: WellingtonState, cid: str) -> int:
    """1.6; #23 Humbugged makes the commander a 1-4 while it lasts; then the lasting card
    effects on his BV "for all purposes" (BV_CHANGES: #59, #66, #106, wiring W3)."""
    value = HUMBUGGED_BV if under(state, HUMBUGGED, cid) else building.commander(cid).bv
    for change in BV_CHANGES:
        value = change(state, cid, value)
    return value


def line_kind(state: WellingtonState, a: str, b: str, power: str) -> str:
    """1.22: the March Line between `a` and `b` as `power`'s Formation crosses it (for an Army
    Group, its Commander's Power, G.61), as LINE_CHANGES change it (#100 Pontoons bridges a
    river for its player this impulse, wiring W7). Movement, interception, evasion and the
    battle's retreat and river dice read lines through this."""
    kind = geo.line(a, b)
    for change in LINE_CHANGES:
        kind = change(state, a, b, power, kind)
    return kind


def may_go_with(state: WellingtonState, power: str, group_commander: str) -> bool:
    """#22 Insulted Ally: `power`'s commanders and Armies may not move, intercept or evade
    in an Army Group led by another Power's `group_commander` while it lasts."""
    for allows in GROUP_ALLOWS:          # (loops: asked at every decision)
        if not allows(state, power, group_commander):
            return False
    return True


def dissent_holds(state: WellingtonState, power: str, duchy: str,
                  cards: set[int] | None = None) -> bool:
    """#39 Royalist Dissent: `power`'s soldiers and commanders in `duchy` may not make an
    ordinary move (9; interception, evasion and retreat are not stopped). `cards`:
    `cards_in_effect(state)` when the caller has it (a hold whose card has no effect in play
    is not asked)."""
    for card, holds in MOVE_HOLDS.items():
        if (cards is None or card in cards) and holds(state, power, duchy):
            return True
    return False


def cards_in_effect(state: WellingtonState) -> set[int]:
    """The cards with a lasting effect now (`state.effects`), read once by a listing that asks
    every place: a test reading one card's effect is skipped while that card has none."""
    return {e.card for e in state.effects}
