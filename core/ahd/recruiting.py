"""The recruiting segment (B7.0), with O3.3 historical recruiting, O3.4 increased Union forces
and A8.4 foreign-unit replacement.

The active player rolls 1d6 (a 1 counts as 2) and places that many militia from his pool, one
per recruiting city he owns that holds no enemy piece (O3.3: two in cities of value 3 or more),
never above his Maximum Army Size (O3.4: the Union's army limit).
"""
from __future__ import annotations

from functools import cache
from itertools import compress, starmap

from core import dice, stack
from core.ahd import foreign
from core.ahd import query as q
from core.ahd.frames import PlayerTurn, Recruiting
from core.ahd.pieces import TURN_MARKS, update
from core.ahd.state import CAVALRY, INFANTRY, MILITIA, NAME, UNION, AhdState
from core.ahd.text import name
from core.engine import Action, Choice


def allowed_in(state: AhdState, box: str) -> int:
    """B7.0: one new militia per city; O3.3: 'fino a due nuovi pezzi ... all'interno delle
    città di reclutamento che hanno un valore di 3 o più' (own-colour shield, AMB-56)."""
    if state.options.historical_recruiting and q.shield(box, state.player) >= 3:
        return 2
    return 1


def cities(state: AhdState, placed_in: list[str]) -> list[str]:
    """Owned boxes with a shield of the player's colour, no enemy pieces, with room for one
    more recruit this segment (B7.0; O3.3)."""
    side = state.player
    boxes = q.shield_table(side)[0]  # the boxes with a shield of the player's colour
    owned = list(compress(boxes, q.owned_by(state, boxes, side)))
    if not owned:
        return []
    enemy_boxes = state.whereabouts.boxes[q.enemy(side)]  # (q.occupied, not copied)
    return [box for box in owned if box not in enemy_boxes and (
        box not in placed_in or placed_in.count(box) < allowed_in(state, box))]


def room(state: AhdState) -> int:
    """How many more pieces the player may put in play under MAS (B7.0), or under MAS plus
    the O3.4 increase for the Union."""
    return q.army_limit(state, state.player) - q.in_play(state, state.player)


def count(state: AhdState, die: int) -> int:
    """Militia recruited for a die (T8): B7.0 a 1 counts as 2; O3.3 the Union recruits 3 on a
    1 or 2, the CSA no more than 4 on a 5 or 6."""
    n = q.die_to_count(die)
    if state.options.historical_recruiting:
        n = max(n, 3) if state.player == UNION else min(n, 4)
    return n


def begin(state: AhdState, turn: PlayerTurn) -> None:
    """B7.0: roll for the number of militia (1 counts as 2), then place them one per city."""
    side = turn.side
    if not q.pool(state, side):
        state.log.append(f"{side}: the pool is empty, no recruiting.")
        return no_militia(state)
    if room(state) <= 0:
        extra = q.army_limit(state, side) - q.mas(state, side)
        limit = f" + {extra} (O3.4)" if extra else ""
        state.log.append(f"{side}: at Maximum Army Size ({q.mas(state, side)}{limit}), no "
                         f"recruiting (B7.0).")
        return no_militia(state)
    if not cities(state, []):
        state.log.append(f"{side}: no recruiting city available.")
        return no_militia(state)
    die = dice.d6(state, f"{side} recruiting", "B7.0")
    segment = Recruiting(die=die, left=count(state, die))
    rule = " (O3.3 historical recruiting)" if state.options.historical_recruiting else ""
    state.log.append(f"{side} recruiting die {die}: up to {segment.left} militia{rule}.")
    foreign.replace(state, die)  # A8.4: a 5 or 6 replaces a lost foreign unit
    if recruits(state, segment):
        stack.push(state, segment)


def no_militia(state: AhdState) -> None:
    """No militia can be recruited (B7.0). The European reinforcement 'è disponibile in
    aggiunta alla Milizia regolare Confederata' (A8.4): with a foreign unit lost, the
    Confederate recruiting die is rolled all the same, for the replacement alone."""
    if foreign.replacement_pending(state):
        die = dice.d6(state, "Confederate recruiting, for the foreign units", "A8.4")
        state.log.append(f"Confederate recruiting die {die}, rolled for the foreign units only "
                         f"(A8.4).")
        foreign.replace(state, die)


def recruits(state: AhdState, frame: Recruiting) -> list[tuple[str, str]]:
    """Each kind of militia (arm) that may be placed now, with each box it may go to."""
    out: list[tuple[str, str]] = []
    if frame.left > 0 and room(state) > 0:
        where = sorted(cities(state, frame.placed_in))
        for arm in (INFANTRY, CAVALRY):
            if q.in_pool(state, state.player, arm):
                out += [(arm, box) for box in where]
    return out


VERB = {INFANTRY: "recruit-infantry", CAVALRY: "recruit-cavalry"}


def recruit_choices(state: AhdState, frame: Recruiting) -> list[Choice]:
    """Where each kind of militia may be placed now (without "end recruiting")."""
    return [Choice(action, label, "recruit")
            for action, label in starmap(recruit_choice, recruits(state, frame))]


@cache
def recruit_choice(arm: str, box: str) -> tuple[Action, str]:
    """The action and label of recruiting a militia of `arm` in `box`, made once (an Action
    is frozen: every choice of it may share one)."""
    return Action(VERB[arm], box), f"Recruit {NAME[(arm, MILITIA)]} in {name(box)}"


END_RECRUITING = Action("end-recruiting", None)


def choices(state: AhdState, frame: Recruiting) -> list[Choice]:
    out = recruit_choices(state, frame)
    out.append(Choice(END_RECRUITING, "End recruiting", "turn", ends_turn=True))
    return out


def prompt(state: AhdState, frame: Recruiting) -> str:
    per_city = ("one per recruiting city, two in cities of value 3+ (O3.3)"
                if state.options.historical_recruiting else "one per recruiting city")
    side = state.player
    placeable = min(frame.left, room(state), len(q.pool(state, side)))
    if placeable > 0 and recruits(state, frame):
        return (f"{side} recruiting: {placeable} militia left to place, {per_city} "
                f"(die {frame.die}).")
    # B7.0: nothing more can be placed, whatever the die allowed
    reason = ("the militia pool is empty" if not q.pool(state, side) else
              "the army is at its Maximum Army Size" if room(state) <= 0 else
              "every recruiting city has had its militia" if frame.left > 0 else
              "all the militia the die allowed are placed")
    return f"{side} recruiting: no more militia can be placed ({reason}); end recruiting."


def _recruit(arm: str):
    def handler(state: AhdState, frame: Recruiting, box: str) -> None:
        p = q.pool(state, state.player, arm)[0]
        update(state, p, loc=box, **TURN_MARKS)
        frame.placed_in.append(box)
        frame.left -= 1
        state.log.append(f"{state.player} recruits {NAME[(arm, MILITIA)]} in {name(box)} "
                         f"(B7.0).")
    return handler


RECRUITING = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=prompt,
    choices=choices,
    handlers={VERB[INFANTRY]: _recruit(INFANTRY), VERB[CAVALRY]: _recruit(CAVALRY),
              "end-recruiting": lambda state, frame, _noun: stack.done(state, frame)},
)

FLOW = {Recruiting: RECRUITING}
