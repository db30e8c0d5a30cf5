"""Wellington: Formations placed during an impulse: into a besieged friendly fortress (6.3,
G.34) and the inactive side's interceptions of a placement (10.1, 10.10).

    PLACED              building.carry_out's hook, for a piece built or regrouped with CP in
                        an impulse: a besieged fortress duchy built into is recorded
                        (`state.placed_besieged`), then `intercept_placement`
    PLACEMENT_INTERCEPT each inactive enemy Power in impulse order, asked until it declines
                        (10.1-10.4; the attempt is interception.py's `intercept_landing`: the
                        real Attempt, its Response windows, 10.4's modifiers with the control
                        before the placement, attrition at once, a failure's BFI marker) ->
                        a flag an event placed is removed once an interceptor has entered
                        (10.10); a placed Formation fights the interceptors at once (9.51,
                        10.1), except in a besieged fortress duchy, whose battle waits for the
                        impulse's end (6.3)
    BESIEGED_BATTLES    a step of every impulse before its end (impulse.py): for each besieged
                        fortress duchy built into, the besiegers' evasions (10.5-10.7,
                        interception.evade_before_battle), then the battle, the builder
                        attacking from nowhere (battle.start(..., came_from="")): its
                        Formations that must retreat go to the Regroup Box (6.3, 11.62); the
                        newly placed pieces are told apart there (battle/retreat.py, G.34)

Readings (docs/wellington-engine.md "Readings chosen", P1-P5):
- P1 "once all Formations have been placed (possibly over several cards)": at the end of the
  builder's impulse, one battle per duchy; regrouped pieces count as built ones (6.2 places
  them by 6.3).
- P2 a placed Formation an interceptor reaches is the attacker, the interceptors defend as if
  there from the start (10.1; as a move's interception): a loser placed from nowhere goes to
  the Regroup Box (11.62).
- P3 10.1 "non è consentita" when a non-moving enemy Formation already occupies the duchy:
  no interception of a placement into a duchy where the placer's side already has Formations
  other than those placed there this impulse (the placed pieces join a standing Formation).
- P4 every Formation of the besiegers' side in the duchy may evade before the 6.3 battle,
  interceptors that came into it included.
- P5 only the active side's placements are intercepted (10.2: the active side intercepts only
  by event); interceptions happen during impulses only (not at the Interphase's
  Reinforcements, 16.2, which never go into a besieged fortress). `by_active_side`, for
  builds and for events.
Events call the seam through events/common.py `offer_interception` (reading I7 in
docs/wellington-movement.md): with the counters they placed (P3), the control before the
placement (G.18) and, when their own battle follows (#35, #62, #90), no battle of the seam's.
"""
from __future__ import annotations

from core import stack
from core.engine import Choice
from core.wellington import battle, building, interception, movement
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.frames.impulse import (BesiegedBuildBattle, BesiegedEvade, Impulse,
                                            PlacementIntercept, PlacementInterceptAsk)
from core.wellington.state import POWERS, SIDE, WellingtonState

STAY = interception.STAY


# --- what was placed ------------------------------------------------------------------------


def token(power: str, piece: str) -> str:
    """A placed piece as `state.placed_besieged` records it: "<power>/<kind>" or a commander."""
    return f"{power}/{piece}" if piece.isdigit() else piece


def placed(state: WellingtonState, power: str, duchy: str, piece: str) -> None:
    """building.PLACED_HOOKS: a piece `power` built or regrouped into `duchy` (6.3, 10.1).
    Only in an impulse, on the map, by the active side (P5)."""
    if not by_active_side(state, power, duchy):
        return
    if building.besieged(state, duchy):
        state.placed_besieged.setdefault(duchy, []).append(token(power, piece))
        state.log.append(f"{power} has built into the besieged fortress of {geo.name(duchy)}: "
                         "a battle there at the end of the impulse unless the besiegers evade "
                         "(6.3).")
    formation = piece if not piece.isdigit() else f"{power}:{duchy}"
    intercept_placement(state, power, duchy, formation)


def by_active_side(state: WellingtonState, power: str, duchy: str) -> bool:
    """P5: a placement on the map, in an impulse, by the active side (builds and events)."""
    impulse = stack.find(state, Impulse)
    return impulse is not None and geo.on_map(duchy) and SIDE[power] == SIDE[impulse.power]


def only_placed(state: WellingtonState, power: str, duchy: str, formation: str,
                placed: list[int] | None = None) -> bool:
    """P3: `power`'s side has nothing in `duchy` but the pieces placed there this impulse
    (the besieged fortress's record) or, elsewhere, the one piece just placed (`placed`:
    the counters by kind an event has just placed there, several at once)."""
    side = SIDE[power]
    record = state.placed_besieged.get(duchy)
    for p in geo.powers_present(state, duchy):
        if SIDE[p] != side:
            continue
        counts = building.counters(state, duchy, p)
        if record is not None:
            new, _ = building.new_pieces(state, duchy, p)
        elif p == power and ":" in formation and placed is not None:
            new = list(placed)                            # the counters an event placed
        elif p == power and ":" in formation and sum(counts) == 1:
            new = counts                                  # the one counter just placed
        else:
            new = [0, 0, 0]
        if counts != new:
            return False
    return all(cid == formation or (record is not None and cid in record)
               for cid in building.commanders_at(state, duchy)
               if SIDE[building.commander(cid).power] == side)


# --- interceptions of a placement (10.1, 10.10) ---------------------------------------------


def enemies_after(power: str) -> list[str]:
    """The enemy Powers of `power` in impulse order after it (10.9: no fixed order)."""
    start = POWERS.index(power)
    order = [POWERS[(start + i) % len(POWERS)] for i in range(1, len(POWERS))]
    return [p for p in order if SIDE[p] != SIDE[power]]


EVENT_ATTACKS = ""
"""The `formation` of a PlacementIntercept (not a flag's) whose placed SP attack in their
event's own battle afterwards (#35, #62, #90): the interceptors stay, the seam fights none."""


def intercept_placement(state: WellingtonState, power: str, duchy: str, formation: str,
                        flag: bool = False, placed: list[int] | None = None,
                        battle: bool = True, before: str | None = None) -> None:
    """The seam for every placement (10.1: "incluso il piazzamento di una Formazione nemica
    in un Ducato mediante un evento o con la costruzione"; 10.10: a flag an event placed with
    no Formation): pushes the inactive enemy Powers' interception questions (it runs next);
    nothing when none of them could try (P3: nothing but the placed pieces of the side
    there; a flag: no Formation of the side there). Events (events/common.py): `placed`, the
    counters just placed (P3); `battle` False when the event's own battle follows; `before`,
    the duchy's control before the event placed anything there (G.18)."""
    if flag and geo.has_formation(state, duchy, SIDE[power]):
        return
    if not flag and not only_placed(state, power, duchy, formation, placed):
        return
    frame = PlacementIntercept(power=power, duchy=duchy,
                               formation=formation if battle or flag else EVENT_ATTACKS,
                               flag=flag,
                               before=geo.controller(state, duchy) if before is None else before,
                               asked=enemies_after(power))
    if any(options(state, frame, p) for p in frame.asked):
        stack.push(state, frame)


def options(state: WellingtonState, frame: PlacementIntercept, power: str
            ) -> list[tuple[str, str]]:
    """(noun, label) of `power`'s interceptions into the duchy: a move's rules (10.1-10.3,
    12.4, "11.4" in §10) through interception.landing_intercept_options."""
    return interception.landing_intercept_options(state, power, frame.power, frame.duchy,
                                                  frame.before, "")


def intercept_step(state: WellingtonState, frame: PlacementIntercept) -> None:
    """Each enemy Power in turn until it declines; after an attempt, whether it came. A flag
    is removed by the first interceptor in (10.10): nobody else is asked."""
    if frame.pending:
        frame.came = frame.came or any(state.commanders.get(c) == frame.duchy
                                       for c in frame.pending)
        frame.pending = []
    if frame.flag and frame.came:
        return
    while frame.asked and not options(state, frame, frame.asked[0]):
        frame.asked.pop(0)
    if frame.asked:
        stack.repeat(frame)
        stack.push(state, PlacementInterceptAsk(power=frame.asked[0]))


def outcome_step(state: WellingtonState, frame: PlacementIntercept) -> None:
    """10.10: the flag goes; 10.1: the placed Formation and the interceptors fight at once
    (P2), unless the duchy is a besieged fortress built into (its battle is the impulse's
    end's, 6.3)."""
    if not frame.came:
        return
    duchy, side = frame.duchy, SIDE[frame.power]
    if frame.flag:
        if SIDE.get(state.flags.get(duchy, ""), "") == side:
            geo.remove_flag(state, duchy, frame.asked[0] if frame.asked else frame.power,
                            "an intercepted flag placement, 10.10")
        return
    if duchy in state.placed_besieged or frame.formation == EVENT_ATTACKS:
        return
    if geo.has_formation(state, duchy, side) and \
            geo.has_formation(state, duchy, geo.enemy_side(side)):
        battle.start(state, duchy, frame.power, formation_there(state, frame), "", True)


def close(state: WellingtonState, frame: PlacementIntercept) -> None:
    """The frame ends itself, so that a card whose CP are all spent closes at once after it
    (5.5: `flow.settle` runs after a step, not after a finished frame is taken off)."""
    stack.done(state, frame)


def formation_there(state: WellingtonState, frame: PlacementIntercept) -> str:
    """The placed Formation's id if it is still there, else the side's standing one."""
    if ":" in frame.formation:
        if building.sp(state, frame.duchy, frame.power):
            return frame.formation
    elif state.commanders.get(frame.formation) == frame.duchy:
        return frame.formation
    return movement.standing_formation(state, frame.duchy, SIDE[frame.power])[1]


def placement_of(state: WellingtonState) -> PlacementIntercept:
    frame = stack.find(state, PlacementIntercept)
    assert frame is not None
    return frame


def intercept_choices(state: WellingtonState, frame: PlacementInterceptAsk) -> list[Choice]:
    return interception.offered_menu(options(state, placement_of(state), frame.power))


def _intercept(state: WellingtonState, frame: PlacementInterceptAsk, noun: str) -> None:
    placement = placement_of(state)
    interception.require_offered(options(state, placement, frame.power), frame.power, noun)
    stack.done(state, frame)
    armies = interception.intercept_landing(state, frame.power, placement.power,
                                            placement.duchy, placement.before, noun)
    placement.pending = [c for a in armies for c in [a.commander, *a.staff] if c]


def _no_intercept(state: WellingtonState, frame: PlacementInterceptAsk, _noun: None) -> None:
    placement_of(state).asked.pop(0)
    stack.done(state, frame)


def intercept_prompt(state: WellingtonState, frame: PlacementInterceptAsk) -> str:
    placement = placement_of(state)
    what = (f"a {placement.power} flag placed by an event (10.10: removed if intercepted)"
            if placement.flag else "SP by an event (next they attack every enemy Formation "
            "there)" if placement.formation == EVENT_ATTACKS
            else text.formation(placement.formation))
    return (f"{frame.power}: {placement.power} has placed {what} at "
            f"{geo.name(placement.duchy)}. Intercept (10.1)?")


PLACEMENT_INTERCEPT = stack.Steps((intercept_step, outcome_step, close))
PLACEMENT_INTERCEPT_ASK = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=intercept_prompt,
    choices=intercept_choices,
    handlers={"intercept": _intercept, "no-intercept": _no_intercept},
)


# --- the battle at the impulse's end (6.3) ----------------------------------------------------


def contested(state: WellingtonState, duchy: str, power: str) -> bool:
    side = SIDE[power]
    return geo.has_formation(state, duchy, side) and \
        geo.has_formation(state, duchy, geo.enemy_side(side))


def besieged_battles(state: WellingtonState, impulse: Impulse) -> None:
    """The impulse's step before its end (6.3 "una volta che tutte le Formazioni sono state
    piazzate (giocando cioè più di una carta)", P1): one battle per besieged fortress duchy
    built into, in the duchies' order; each clears its record when over."""
    if state.result is not None or not state.placed_besieged:
        return
    duchy = sorted(state.placed_besieged)[0]
    stack.repeat(impulse)
    stack.push(state, BesiegedBuildBattle(power=impulse.power, duchy=duchy,
                                          before=geo.controller(state, duchy)))


def evasions(state: WellingtonState, frame: BesiegedBuildBattle) -> None:
    """6.3 "a meno che l'assediante non eviti con successo la battaglia", 10.5-10.7: each
    besieging Power in impulse order, until it stays or has nothing left to try (P4)."""
    if not contested(state, frame.duchy, frame.power):
        return
    for power in POWERS:
        if SIDE[power] == SIDE[frame.power] or f"{power}:{STAY}" in frame.tried:
            continue
        if evade_options(state, frame, power):
            stack.repeat(frame)
            stack.push(state, BesiegedEvade(power=power))
            return


def evade_options(state: WellingtonState, frame: BesiegedBuildBattle, power: str
                  ) -> list[tuple[str, str]]:
    return interception.before_battle_options(state, power, frame.duchy, frame.before, "",
                                              frame.tried)


def fight(state: WellingtonState, frame: BesiegedBuildBattle) -> None:
    """6.3: the builder's Formations there attack the besiegers left; an attacking loser
    came from nowhere (11.62: the Regroup Box; G.34 in battle/retreat.py)."""
    if not contested(state, frame.duchy, frame.power):
        state.log.append(f"No battle at {geo.name(frame.duchy)}: no besieger is left to fight "
                         "the Formations built there (6.3).")
        return
    _, chiefs = building.new_pieces(state, frame.duchy, frame.power)
    formation = chiefs[0] if chiefs else f"{frame.power}:{frame.duchy}"
    if not chiefs and not building.sp(state, frame.duchy, frame.power):
        formation = movement.standing_formation(state, frame.duchy, SIDE[frame.power])[1]
    state.log.append(f"The Formations built into the besieged fortress of "
                     f"{geo.name(frame.duchy)} attack the besiegers (6.3).")
    battle.start(state, frame.duchy, frame.power, formation, "", False)


def clear(state: WellingtonState, frame: BesiegedBuildBattle) -> None:
    state.placed_besieged.pop(frame.duchy, None)


BESIEGED_BUILD_BATTLE = stack.Steps((evasions, fight, clear))


def battle_of(state: WellingtonState) -> BesiegedBuildBattle:
    frame = stack.find(state, BesiegedBuildBattle)
    assert frame is not None
    return frame


def evade_choices(state: WellingtonState, frame: BesiegedEvade) -> list[Choice]:
    return interception.evasion_menu(evade_options(state, battle_of(state), frame.power))


def _evade(state: WellingtonState, frame: BesiegedEvade, noun: str) -> None:
    """One attempt (interception.evade_before_battle: 2d6, 9 or more, 10.7; a success goes
    with its attrition at once, a failure stays with a BFI marker and gives the builder the
    10.7 die); then the next question."""
    fight_ = battle_of(state)
    interception.require_evasion(evade_options(state, fight_, frame.power), frame.power, noun)
    stack.done(state, frame)
    fight_.tried.append(f"{frame.power}:{noun.partition('>')[0]}")
    interception.evade_before_battle(state, frame.power, fight_.duchy, fight_.before, noun)


def _stay(state: WellingtonState, frame: BesiegedEvade, _noun: None) -> None:
    battle_of(state).tried.append(f"{frame.power}:{STAY}")
    stack.done(state, frame)


BESIEGED_EVADE = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {battle_of(state).power} has built into the "
                                 f"fortress you besiege at {geo.name(battle_of(state).duchy)}: "
                                 "a battle follows. Evade first (6.3, 10.5)?"),
    choices=evade_choices,
    handlers={"evade": _evade, STAY: _stay},
)

building.PLACED_HOOKS.append(placed)

FLOW: stack.Flow = {PlacementIntercept: PLACEMENT_INTERCEPT,
                    PlacementInterceptAsk: PLACEMENT_INTERCEPT_ASK,
                    BesiegedBuildBattle: BESIEGED_BUILD_BATTLE, BesiegedEvade: BESIEGED_EVADE}
