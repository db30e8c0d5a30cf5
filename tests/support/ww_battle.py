"""Builders for the Washington's War battle tests (tests/test_ww_battle.py).

    state = board()                                   # the 1775 set-up with the map emptied
    put(state, "saratoga", "gates", american=5)       # a general and CUs in a space
    put(state, "saratoga", "burgoyne", british=5)     # the attacker, once he has moved in
    pcs(state, ticonderoga=AMERICAN)
    hand(state, BRITISH, PAINE)                       # a side's hand, exactly these cards
    state = fight(state, "saratoga", BRITISH, "burgoyne", came_from="ticonderoga")
    state = act(state, BRITISH, "discard", PAINE)     # the stop's choice, refused if not offered
    state = act(state, AMERICAN, "play", MORGAN, dice=[4, 1, 3, 4, 5, 2])

`fight` puts an Impulse (its `last_card`, 9.44) and the attacker's Activation under the battle,
calls `battle.begin` and runs to the first stop. `FLOW` is the battle's flow plus a resting
stop for the Activation: once the battle is over the stack rests there, its side asked, with
nothing to choose (ending the activation is the movement part's business).

The other parts of the rules stand in through the battle's public seam (`battle.standing_in`,
the way `core.dice.scripted` scripts dice): `STAND_INS` carries out each call as its rule says
in its simplest form and writes it to the log as "[stand-in] ..." (`calls(state)` lists them),
so a test sees exactly what the battle asked of the movement, alliance and events parts.
Dice are scripted strictly: `dice` must be exactly the rolls up to the next stop.

A reading of one rule may run one step directly: `begun` pushes the battle without running it,
`run_step(state, battle.battle_drms)` runs that step on the frame (asking any stop it pushes),
`resume_after(frame, step)` lets the battle go on after it once that stop is answered.
"""
from __future__ import annotations

from typing import Iterable

import msgspec
import pytest

import core.dice
from core import cards, stack
from core.engine import Action, Choice, IllegalAction
from core.ww import battle, deck, events, movement, setup
from core.ww import query as q
from core.ww.frames.battle import Battle
from core.ww.frames.movement import Activation
from core.ww.frames.strategy import Impulse
from core.ww.generals import side as side_of
from core.ww.options import WwOptions
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, BR, BRITISH,
                           BRITISH_REINFORCEMENTS, CAPTURED, DISPERSED, FR, REMOVED, RESERVE,
                           WwState)

__all__ = ["AMERICAN", "BRITISH", "FLOW", "STAND_INS", "act", "begun", "board", "calls",
           "choices", "fight", "frame", "hand", "labels", "pcs", "put", "refused_untouched",
           "resume_after", "run_step", "KOSCIUSZKO", "GREY", "BOMBARDS", "RULES_FLOW",
           "act_by_rules"]

NATIONALITY = {"american": AM, "british": BR, "french": FR}
KOSCIUSZKO = deck.by_title("Thaddeus Kosciuszko Constructs Engineering Works")[0].number
GREY = deck.by_title("Grey's Night Attack at Paoli")[0].number
BOMBARDS = deck.by_title("Royal Navy Bombards the Shore")[0].number


# --- the other parts, standing in ---------------------------------------------------------------


def _log(state: WwState, line: str) -> None:
    state.log.append(f"[stand-in] {line}")


def _battle_playable(state: WwState, side: str, number: int, fought: Battle) -> bool:
    """The machine-readable conditions of a Battle card (deck.BATTLE_REQUIREMENTS)."""
    holds = {"american-attacking": fought.attacker == AMERICAN,
             "american-defending": fought.defender == AMERICAN,
             "british-attacking": fought.attacker == BRITISH,
             "battle-in-port": q.is_port(fought.space)}
    return all(holds[r] for r in deck.card(number).requires)


def _play_in_battle(state: WwState, side: str, number: int, fought: Battle) -> None:
    """A few Battle cards' benefits (docs/ww-cards.md R17), set through the battle's functions."""
    _log(state, f"play_in_battle {side} {number}")
    if number == deck.MORGAN:
        battle.change_losses(fought, BRITISH, AMERICAN, -1, "Morgan's Riflemen (9.45)")
    elif number == deck.ARNOLD_BETRAYS:
        state.generals[q.ARNOLD] = REMOVED
    elif number == KOSCIUSZKO:
        for drm in (battle.REGULARS, battle.ROYAL_NAVY):
            battle.deny(fought, BRITISH, drm, "Kosciuszko's engineering works (9.45)")
    elif number == GREY:
        battle.halve_rating(fought, AMERICAN, "Grey's Night Attack (9.45)")
    elif number == BOMBARDS:
        battle.grant(fought, BRITISH, battle.ROYAL_NAVY, "the Royal Navy bombards (9.45)")


def _arrive(state: WwState, space: str, side: str) -> None:
    _log(state, f"arrive {space} {side}")


def _capture(state: WwState, general: str) -> None:
    _log(state, f"capture {general}")
    state.generals[general] = CAPTURED


def _disperse_congress(state: WwState) -> None:
    _log(state, "disperse_congress")
    state.congress = DISPERSED


def _advance(state: WwState, spaces: int, reason: str) -> None:
    _log(state, f"advance {spaces}")
    if not state.france_in_war:
        state.alliance = max(0, min(9, state.alliance + spaces))


STAND_INS = battle.Parts(battle_playable=_battle_playable, play_in_battle=_play_in_battle,
                         arrive=_arrive, capture=_capture, disperse_congress=_disperse_congress,
                         advance=_advance)


def calls(state: WwState) -> list[str]:
    """What the battle asked of the other parts, in order."""
    return [line.removeprefix("[stand-in] ") for line in state.log
            if line.startswith("[stand-in] ")]


# --- the flow ------------------------------------------------------------------------------------

RESTING = stack.Stop(role=lambda state, frame: frame.side,
                     prompt=lambda state, frame: f"{frame.side} activation goes on",
                     choices=lambda state, frame: [], handlers={})
FLOW: stack.Flow = {**battle.FLOW, Activation: RESTING}


# --- with the other parts themselves ---------------------------------------------------------------

# The battle with the real parts: their stops too (7.4.C, 7.6.B), the Activation resting.
RULES_FLOW: stack.Flow = {**movement.FLOW, **events.FLOW, **battle.FLOW, Activation: RESTING}


def act_by_rules(state: WwState, side: str, action: Action,
                 dice: Iterable[int] | None = ()) -> WwState:
    """`act` with the real parts (battle.RULES) and their stops; `dice` None: the state's own
    generator rolls."""
    if dice is None:
        return stack.act(state, RULES_FLOW, side, action)
    with core.dice.scripted(list(dice), strict=True) as script:
        new = stack.act(state, RULES_FLOW, side, action)
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return new


# --- building positions --------------------------------------------------------------------------


def board(seed: int = 1) -> WwState:
    """The 1775 set-up (4.0) with every general off the map, no CU and no PC on it; the
    Congress stays in Philadelphia; the Regulars Advantage in effect."""
    state = setup.new_state(seed, WwOptions())
    for general, where in state.generals.items():
        if q.on_map(where):
            state.generals[general] = (BRITISH_REINFORCEMENTS if side_of(general) == BRITISH
                                       else AMERICAN_LEADERS)
    for where in [w for w in state.cus if q.on_map(w)]:
        for nationality, count in list(state.cus[where].items()):
            q.move_cus(state, where, RESERVE, nationality, count)
    state.pcs = {}
    return state


def put(state: WwState, space: str, general: str | None = None, **cus: int) -> None:
    """A general and CUs (american=, british=, french=) in `space`."""
    if general:
        state.generals[general] = space
    for nationality, count in cus.items():
        q.add_cus(state, space, NATIONALITY[nationality], count)


def pcs(state: WwState, **where: str) -> None:
    """PCs: pcs(state, ticonderoga=AMERICAN, new_york=BRITISH)."""
    for space, side in where.items():
        state.pcs[space.replace("_", "-")] = side


def hand(state: WwState, side: str, *numbers: int) -> list[int]:
    """Give `side` exactly these cards (its old hand goes back on the deck)."""
    for number in list(state.piles.hands[side]):
        cards.move(state.piles, number, f"hand:{side}", cards.DECK, top=False)
    for number in numbers:
        cards.move(state.piles, number, state.piles.where(number), f"hand:{side}")
    return state.piles.hands[side]


# --- fighting ----------------------------------------------------------------------------------


def begun(state: WwState, space: str, attacker: str, general: str | None, came_from: str,
          intercepted: bool = False, last_card: bool = False) -> Battle:
    """battle.begin under an Impulse and the attacker's Activation, nothing run yet."""
    state.stack = [Impulse(side=attacker, last_card=last_card),
                   Activation(side=attacker, general=general or "", card=0, via="ops",
                              start=came_from, budget=4)]
    battle.begin(state, space, attacker, general, came_from, intercepted)
    return frame(state)


def fight(state: WwState, space: str, attacker: str, general: str | None, came_from: str,
          intercepted: bool = False, last_card: bool = False,
          dice: Iterable[int] = ()) -> WwState:
    """battle.begin under the attacker's Activation, run to the first stop."""
    begun(state, space, attacker, general, came_from, intercepted, last_card)
    with battle.standing_in(STAND_INS), core.dice.scripted(list(dice), strict=True) as script:
        stack.run(state, FLOW)
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return state


def act(state: WwState, side: str, verb: str, noun=None, dice: Iterable[int] = ()) -> WwState:
    """The state after `side` takes (verb, noun), which must be offered (IllegalAction
    otherwise, the state untouched); `dice`: exactly the rolls up to the next stop."""
    with battle.standing_in(STAND_INS), core.dice.scripted(list(dice), strict=True) as script:
        new = stack.act(state, FLOW, side, Action(verb, noun))
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return new


def run_step(state: WwState, step, dice: Iterable[int] = ()) -> Battle:
    """One step of the battle on its frame, directly (a reading of one rule); a stop it
    pushes is asked (then `resume_after` says where the battle goes on)."""
    fought = frame(state)
    with battle.standing_in(STAND_INS), core.dice.scripted(list(dice), strict=True) as script:
        step(state, fought)
        if state.stack[-1] is not fought:
            stack.run(state, FLOW)
    assert script.remaining == [], f"dice scripted but never rolled: {script.remaining}"
    return fought


def resume_after(fought: Battle, step) -> None:
    """Once the frames a directly run step pushed are answered, the battle goes on after it."""
    fought.step = battle.BATTLE.index(step) + 1


def refused_untouched(state: WwState, side: str, verb: str, noun=None) -> None:
    """The action is refused (IllegalAction) and the state is left exactly as it was."""
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction):
        act(state, side, verb, noun)
    assert msgspec.json.encode(state) == before


def frame(state: WwState) -> Battle:
    found = stack.find(state, Battle)
    assert found is not None, "no battle on the stack"
    return found


def choices(state: WwState, side: str) -> list[Choice]:
    with battle.standing_in(STAND_INS):
        return stack.choices(state, FLOW, side)


def labels(state: WwState, side: str) -> list[str]:
    return [str(c.action) for c in choices(state, side)]
