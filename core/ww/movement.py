"""Movement (7.0-7.9): one activated general's move, space by space or by sea; what entering a
space brings (interception, capture, the Congress, Overrun, retreat before battle, battle); and
the arrival rules every part applies (7.4.C, 7.6, 7.7).

    ACTIVATION   move: the Move stop, again and again until the movement ends (the player
                 stops, a naval move, enemy CUs) -> conclude: the Campaign's moved CUs (7.4.E),
                 7.4.C where the general ends
    ENTRY        the British Army may be intercepted (7.8) -> contact: lone enemy generals
                 captured (7.6), the Congress dispersed (7.7), enemy CUs: Overrun (9.7), retreat
                 before battle (7.9) or battle (9.1) -> after a retreat before battle: the
                 British Army stops; CUs left behind are overrun or fought -> after the
                 battle: the move is over, unless a card turned the battle into an Overrun

Entry points for the other parts (docs/ww-engine.md): `activatable`, `strategy`, `activate`,
`arrive`, `capture`, `disperse_congress`, `FLOW`. Battles and Overruns are the battle part's
(core/ww/battle.py), reached through `Battles` (the seam tests replace with `battles_by`).

Readings (../shared/rules/washingtons-war.md, "Ambiguities"):
- A1: interceptions are resolved before a lone American general is captured or the Congress
  dispersed; an interceptor makes them no longer alone.
- A2: an Overrun is not optional: when its conditions hold on entry it happens.
- A3: the once-per-British-card interception and the ban on a later retreat before battle
  follow the general (`WwState.intercepted`).
- A13: a retreat before battle is offered only when a retreat space exists (9.61 for a
  defender: adjacent, no British CU or PC, not where the British Army came from).
- A15: after a successful retreat before battle out of the Congress's space, with no American
  CU left there, the Congress is dispersed.
- A34: only an Army (a general with at least one CU) intercepts or retreats before battle.
- A35: "all ports are adjacent" is for British PCs, never for movement.
- A36: a British general without CUs is no Army: he neither captures nor disperses.
- A37: Washington captured with fewer than 5 eligible PCs: as many as the limits allow.
- 7.3.C budgets: British 4; American 5, but an American Army that overruns or enters enemy CUs
  must do so within 4 spaces in all (an Overrun then caps the whole move at 4); Glover 6 with
  battles and Overruns anywhere in it.
- 7.4.E: `Campaign.moved` counts, per space, the CUs standing there that have moved with a
  general of the Campaign (CUs are money: counted, not named). CUs the general picks up and
  drops again in the same space have not moved; CUs he dropped earlier he may pick up again.
  In a mixed American and French stack the count does not say which nationality moved: either
  may be picked up as long as the unmoved total allows.
- 7.8.C, 7.9.B: when more than 5 CUs of two nationalities could go with an interceptor or a
  retreating general, the American chooses which 5.
- An activated general may end his move where he stands (7.3.A: "up to" 4 spaces).
"""
from __future__ import annotations

from core import dice, stack
from core.engine import Action, Choice
from core.seam import Seam
from core.ww import arrival, battle
from core.ww import generals as roster
from core.ww import query as q
# 7.4.C, 7.6, 7.7 are the arrival floor's (core/ww/arrival.py); `arrive` is kept here too for
# the callers that know it as the movement's entry point (docs/ww-engine.md)
from core.ww.arrival import arrive, capture_lone_generals, disperse_if_unguarded, lone_enemy_general
from core.ww.frames.movement import Activation, Entry, Intercept, Move, RetreatBeforeBattle
from core.ww.frames.strategy import Campaign
from core.ww.generals import strategy  # noqa: F401  (an entry point: strategy.py reads it)
from core.ww.state import AM, AMERICAN, BR, BRITISH, FR, WwState

MOVE = 4              # 7.3.A: up to 4 spaces
AMERICAN_MOVE = 5     # 7.3.C: American Mobility Advantage
GLOVER_MOVE = 6       # 7.3.C special: "John Glover's Marblehead Regiment"
FIGHT = 4             # 7.3.C: an American Army may not move 5 spaces and then fight or overrun
CARRY = 5             # 7.3.A, 7.5, 7.8.C, 7.9.B: at most 5 CUs move with a general
OVERRUN_CUS = (4, 5)  # 9.7
NATIONALITY = {AM: "American", BR: "British", FR: "French"}


# --- the battle part, as movement calls it ---------------------------------------------------


class Battles:
    """9.1/9.2 a battle and 9.7 an Overrun: the battle part's `begin` and `overrun`
    (docs/ww-engine.md). This is the one seam of this module: a test may run movement against
    a recorder in its place with `battles_by(recorder)`; play always uses this class."""

    def begin(self, state: WwState, space: str, attacker: str, general: str,
              entered_from: str, intercepted: bool) -> None:
        battle.begin(state, space, attacker, general, entered_from, intercepted)

    def overrun(self, state: WwState, space: str, attacker: str) -> None:
        battle.overrun(state, space, attacker)


_BATTLES: Seam[Battles] = Seam("ww_movement_battles", Battles())
# Test seam: inside the block, movement starts battles and Overruns with `battles`.
battles_by = _BATTLES.standing_in


# --- names and the map ----------------------------------------------------------------------


def name(space: str) -> str:
    return q.name(space)


def who(general: str) -> str:
    return roster.display(general)


def plural(n: int, what: str = "CU") -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def describe(cus: dict[str, int]) -> str:
    """'3 CUs', or '3 American + 2 French CUs' for a mixed force."""
    present = {nat: n for nat, n in cus.items() if n}
    if len(present) <= 1:
        return plural(sum(present.values()))
    return " + ".join(f"{n} {NATIONALITY[nat]}" for nat, n in present.items()) + " CUs"


def odds(target: int) -> str:
    """The faces of a d6 that succeed when the roll must be <= target."""
    target = max(0, min(6, target))
    return "no roll" if target == 0 else "1" if target == 1 else f"1-{target}"


def neighbours(space: str, general: str) -> list[str]:
    """3.0, 7.4.D: spaces joined by a line; Falmouth-Quebec for Arnold only."""
    return q.adjacent(space, general)


def cost(a: str, b: str, general: str) -> int:
    """7.3.D: 1 space, or 3 across a wilderness link."""
    return q.link_cost(a, b)


# --- 7.1 who may be activated -----------------------------------------------------------------


def activatable(state: WwState, side: str, ops: int | None) -> list[str]:
    """7.1.A: the generals of `side` on the map whose Strategy rating is at most `ops`; with
    None, any of them (7.2.A Campaigns, Glover)."""
    return [g for g in roster.of_side(side)
            if q.on_map(state.generals.get(g, "")) and (ops is None or strategy(g) <= ops)]


def least_strategy(state: WwState, side: str) -> int | None:
    """7.1.A: the least Strategy rating of a general of `side` on the map (None if none is):
    an OPS card of that value or more activates one (`activatable(state, side, ops)` holds
    one). The generals are asked from the least rating up (`_BY_STRATEGY`)."""
    generals, on = state.generals, q.map_spaces()
    for general, rating in _BY_STRATEGY[side]:
        if generals.get(general, "") in on:
            return rating
    return None


# each side's generals with their Strategy ratings, the least first (the roster never changes)
_BY_STRATEGY: dict[str, tuple[tuple[str, int], ...]] = {
    side: tuple(sorted(((g, strategy(g)) for g in roster.of_side(side)), key=lambda x: x[1]))
    for side in (AMERICAN, BRITISH)}


def budget(side: str, via: str) -> int:
    """7.3.A 4 spaces; 7.3.C American 5; Glover 6."""
    if via == "glover":
        return GLOVER_MOVE
    return AMERICAN_MOVE if side == AMERICAN else MOVE


def fight_limit(act: Activation) -> int:
    """7.3.C: the spaces within which an American Army may still overrun or enter enemy CUs
    (4; Glover's card lifts the limit); the British budget is 4 anyway."""
    return FIGHT if act.side == AMERICAN and act.via != "glover" else act.budget


def limit(act: Activation) -> int:
    """7.3.C: after an Overrun an American Army moves at most 4 spaces in all."""
    return min(act.budget, fight_limit(act)) if act.overran else act.budget


def activate(state: WwState, side: str, general: str, card: int, via: str) -> None:
    """Push the activation of `general` by `card` (`via`: "ops", "queue", "campaign",
    "glover"): he moves with the CUs of his space (at most 5, American CUs first; the player
    may change them before moving)."""
    if first_of_card(state, via):
        state.intercepted = []  # 7.8.E: a new card: each American Army may try again
    start = state.generals[general]
    act = Activation(side=side, general=general, card=card, via=via, start=start,
                     budget=budget(side, via))
    stack.push(state, act)
    room = CARRY
    for nat in q.nationalities(side):
        n = min(room, available(state, act, nat))
        if n:
            set_carried(state, act, nat, n)
            room -= n
    how = {"ops": "an OPS card", "queue": "the Operations Queue", "campaign": "the Campaign",
           "glover": "John Glover's Marblehead Regiment"}.get(via, via)
    state.log.append(f"{who(general)} is activated by {how} in {name(start)}: up to "
                     f"{act.budget} spaces with at most {CARRY} CUs (7.3).")


def first_of_card(state: WwState, via: str) -> bool:
    """Whether this activation is the first of its card (a Campaign's later ones are not)."""
    if via != "campaign":
        return True
    campaign = stack.find(state, Campaign)
    return campaign is None or len(campaign.activated) <= 1


def activation(state: WwState) -> Activation:
    act = stack.find(state, Activation)
    assert act is not None, "no activation is under way"
    return act


def where(state: WwState, act: Activation) -> str:
    return state.generals[act.general]


def carrying(act: Activation) -> int:
    return sum(act.carried.values())


# --- 7.3.A, 7.4.E the CUs that move with him -------------------------------------------------


def campaign_of(state: WwState, act: Activation) -> Campaign | None:
    return stack.find(state, Campaign) if act.via == "campaign" else None


def unmoved(state: WwState, act: Activation, space: str) -> int:
    """CUs of his side in `space` not already with him which he may take: in a Campaign, not
    those that moved with another general of the card (7.2.A, 7.4.E)."""
    free = q.cus(state, space, act.side) - carrying(act)
    campaign = campaign_of(state, act)
    if campaign is not None:
        free -= campaign.moved.get(space, 0)
    return max(0, free)


def available(state: WwState, act: Activation, nat: str) -> int:
    """How many more CUs of `nat` he could pick up where he stands (room aside)."""
    here = where(state, act)
    free = q.cu_count(state, here, nat) - act.carried.get(nat, 0)
    return max(0, min(free, unmoved(state, act, here)))


def most_carried(state: WwState, act: Activation, nat: str) -> int:
    """7.3.A: never more than 5 CUs with him."""
    have = act.carried.get(nat, 0)
    return have + min(available(state, act, nat), CARRY - carrying(act))


def set_carried(state: WwState, act: Activation, nat: str, n: int) -> None:
    """He now carries `n` CUs of `nat` (picking up or dropping in his space). For 7.4.E: CUs
    picked up here have not moved; dropping them first moves nothing; CUs he dropped here
    earlier are taken back first."""
    here = where(state, act)
    old = act.carried.get(nat, 0)
    if n > old:
        back = min(n - old, act.dropped.get(here, 0))
        bump(act.dropped, here, -back)
        bump(act.picked_here, nat, n - old - back)
    elif n < old:
        fresh = min(old - n, act.picked_here.get(nat, 0))
        bump(act.picked_here, nat, -fresh)
        if act.path:
            bump(act.dropped, here, old - n - fresh)
    bump(act.carried, nat, n - old)


def bump(counts: dict[str, int], key: str, n: int) -> None:
    value = counts.get(key, 0) + n
    if value > 0:
        counts[key] = value
    else:
        counts.pop(key, None)


# --- 7.3, 7.4 where he may go -----------------------------------------------------------------


def may_enter(state: WwState, act: Activation, there: str, spent: int) -> bool:
    """7.3.A-D, 7.4.A-B: entering `there` having moved `spent` spaces in all."""
    if spent > limit(act):
        return False
    return may_enter_within(state, act, there, spent, carrying(act),
                            q.cus(state, there, q.enemy(act.side)))


def may_enter_within(state: WwState, act: Activation, there: str, spent: int, k: int,
                     opposing: int) -> bool:
    """`may_enter` once `spent` is within the limit, with `k` = carrying(act) and `opposing`
    the enemy CUs in `there` (the Move menu reads them once for all its steps)."""
    if opposing:
        return k > 0 and spent <= fight_limit(act)                    # 7.4.A, 7.3.C
    if k:
        return True
    enemy = q.enemy(act.side)
    if state.pcs.get(there) == enemy:
        return False                                                  # 7.4.B
    if q.general_at(state, there, enemy) is not None:
        return may_pass(state, act, there, spent)                     # 7.4.A
    return True


def may_pass(state: WwState, act: Activation, space: str, spent: int) -> bool:
    """7.4.A: a general without CUs may pass through a space holding only an enemy general but
    not stop there: only when he can still reach, alone, a space where he may stop."""
    enemy = q.enemy(act.side)
    best: dict[str, int] = {space: spent}
    frontier = [(space, spent)]
    while frontier:
        here, used = frontier.pop()
        for there in neighbours(here, act.general):
            total = used + cost(here, there, act.general)
            if total > limit(act) or q.cus(state, there, enemy) \
                    or state.pcs.get(there) == enemy:
                continue
            if q.general_at(state, there, enemy) is None:
                return True
            if best.get(there, total + 1) > total:
                best[there] = total
                frontier.append((there, total))
    return False


def may_stop(state: WwState, act: Activation, space: str) -> bool:
    """7.4.A: never alone where an enemy general stands alone (an Army has captured him)."""
    return carrying(act) > 0 or lone_enemy_general(state, space, act.side) is None


def qualifying_port(state: WwState, port: str) -> bool:
    """7.5: a port with no American CU and no American PC (British pieces do not matter); a
    fortified port only with a British PC (IT only, D4); never in a Blockaded Zone (12.3)."""
    return (q.is_port(port) and not q.cus(state, port, AMERICAN)
            and state.pcs.get(port) != AMERICAN
            and (not q.is_fortified(port) or state.pcs.get(port) == BRITISH)
            and not q.blockaded(state, port))


def naval_ports(state: WwState, act: Activation) -> list[str]:
    """7.5: a British general who has not moved, in a qualifying port, to another one; alone,
    not where an American general stands alone (7.4.A)."""
    here = where(state, act)
    if act.side != BRITISH or act.path or not qualifying_port(state, here):
        return []
    return [port for port in q.ports() if port != here and qualifying_port(state, port)
            and may_stop(state, act, port)]


# Ending the activation in a space hands play to the other player (a choice's `ends_turn`)
# when no activation of the Campaign is left to choose and no 7.4.C choice is made there.


def campaign_goes_on(state: WwState, act: Activation) -> bool:
    """The activation's Campaign has an activation left to choose (7.2.A)."""
    campaign = campaign_of(state, act)
    return campaign is not None and \
        len(campaign.activated) + int(campaign.landing_party) < campaign.activations


def no_choice_at(state: WwState, act: Activation, space: str) -> bool:
    """Ending there asks no 7.4.C choice: no other general of his side there, or Washington
    one of them."""
    others = [g for g in q.generals_at(state, space, act.side) if g != act.general]
    return not others or q.WASHINGTON in (act.general, *others)


# --- the Move stop --------------------------------------------------------------------------


def step_label(state: WwState, act: Activation, there: str, spent: int, k: int,
               tail: str, opposing: int) -> str:
    """The label of the move to `there`; `k`, `carrying(act)`, `tail`, " of {limit} spaces,
    {k CUs}", and `opposing`, the enemy CUs there, read once by the Move menu."""
    enemy = q.enemy(act.side)
    moved = f"{spent}{tail}"
    general = q.general_at(state, there, enemy)
    if opposing:
        if k in OVERRUN_CUS and opposing == 1 and general is None:
            return f"Overrun {name(there)} ({moved}): its lone {enemy} CU is removed (9.7)"
        led = f" under {who(general)}" if general else ""
        return (f"Attack {name(there)}: {plural(opposing, enemy + ' CU')}{led} ({moved}); "
                f"the move ends in battle (7.3.B, 9.1)")
    if general is not None:
        if k:
            return f"Move to {name(there)} ({moved}) and capture {who(general)} (7.6.A)"
        return (f"Pass through {name(there)} ({moved}): {who(general)} is there, no stopping "
                f"(7.4.A)")
    if act.side == BRITISH and k and state.congress == there:
        return f"Move to {name(there)} ({moved}) and disperse the Continental Congress (7.7)"
    return f"Move to {name(there)} ({moved})"


def move_choices(state: WwState, frame: Move) -> list[Choice]:
    act = activation(state)
    here = where(state, act)
    out: list[Choice] = []
    k = carrying(act)
    most = limit(act)
    tail = f" of {most} spaces, {plural(k)}"
    enemy = q.enemy(act.side)
    general, already = act.general, act.spent
    for there in neighbours(here, general):
        spent = already + cost(here, there, general)
        if spent > most:  # (may_enter's first test)
            continue
        opposing = q.cus(state, there, enemy)
        if may_enter_within(state, act, there, spent, k, opposing):
            out.append(Choice(_MOVE_TO[there], step_label(state, act, there, spent, k, tail,
                                                          opposing),
                              "battle" if opposing else "move"))
    for nat in q.nationalities(act.side):
        have = act.carried.get(nat, 0)
        for n in range(most_carried(state, act, nat) + 1):
            if n != have:
                out.append(carry_play(nat, n, have, here))
    goes_on = campaign_goes_on(state, act)   # whether an end hands play over: asked once
    for port in naval_ports(state, act):
        out.append(naval_choice(port, k, not goes_on and no_choice_at(state, act, port)))
    if may_stop(state, act, here):
        out.append(end_choice(act.general, here, k,
                              not goes_on and no_choice_at(state, act, here)))
    return out


_MOVE_TO = {space: Action("move", space) for space in q.spaces()}  # (an Action is frozen)

# The Move menu's choices that depend on a few values alone are made once for each (a Choice
# is frozen, a label a string, so one object serves every listing).


def carry_play(nat: str, n: int, have: int, here: str) -> Choice:
    """The choice to carry `n` CUs of `nat` instead of `have` in `here` (7.3.A)."""
    key = (nat, n, have, here)
    play = _CARRY_PLAYS.get(key)
    if play is None:
        change = (f"pick up {n - have}" if n > have else f"leave {have - n}")
        play = _CARRY_PLAYS[key] = Choice(
            Action("carry", f"{nat}={n}"),
            f"Carry {plural(n, NATIONALITY[nat] + ' CU')} ({change} in {name(here)}) (7.3.A)",
            "cus")
    return play


def naval_choice(port: str, k: int, ends_turn: bool) -> Choice:
    """The naval move to `port` with `k` CUs (7.5); `ends_turn` as the Move menu finds it."""
    key = (port, k, ends_turn)
    choice = _NAVAL_CHOICES.get(key)
    if choice is None:
        choice = _NAVAL_CHOICES[key] = Choice(
            Action("naval", port), f"Naval move to {name(port)} with {plural(k)}: the whole "
            "activation (7.5)", "move", ends_turn=ends_turn)
    return choice


def end_choice(general: str, here: str, k: int, ends_turn: bool) -> Choice:
    """Ending `general`'s move in `here` with `k` CUs; `ends_turn` as the Move menu finds it."""
    key = (general, here, k, ends_turn)
    choice = _END_CHOICES.get(key)
    if choice is None:
        choice = _END_CHOICES[key] = Choice(
            _END, f"End {who(general)}'s move in {name(here)} with {plural(k)}", "turn",
            ends_turn=ends_turn)
    return choice


_END = Action("end")
_NAVAL_CHOICES: dict[tuple[str, int, bool], Choice] = {}
_END_CHOICES: dict[tuple[str, str, int, bool], Choice] = {}
_CARRY_PLAYS: dict[tuple[str, int, int, str], Choice] = {}


def move_prompt(state: WwState, frame: Move) -> str:
    act = activation(state)
    sea = ", move by sea (7.5)" if naval_ports(state, act) else ""
    return (f"{act.side}: {who(act.general)} in {name(where(state, act))} with "
            f"{plural(carrying(act))}, {act.spent} of {limit(act)} spaces moved: move on, pick "
            f"up or leave CUs{sea}, or end the move (7.3).")


def _move(state: WwState, frame: Move, there: str) -> None:
    """7.3.A: one space (three across a wilderness link) with the CUs he carries."""
    stack.done(state, frame)
    act = activation(state)
    here = where(state, act)
    occupied = q.cus(state, there, act.side) > 0
    act.spent += cost(here, there, act.general)
    for nat, n in act.carried.items():
        q.move_cus(state, here, there, nat, n)
    state.generals[act.general] = there
    act.entered_from = here
    act.path.append(there)
    act.picked_here = {}
    state.log.append(f"{who(act.general)} moves from {name(here)} to {name(there)} with "
                     f"{plural(carrying(act))} ({act.spent} of {limit(act)} spaces) (7.3).")
    stack.push(state, Entry(space=there, came_from=here, occupied=occupied))


def _carry(state: WwState, frame: Move, noun: str) -> None:
    """7.3.A: pick up or leave CUs where he stands."""
    act = activation(state)
    nat, count = noun.split("=")
    old = act.carried.get(nat, 0)
    set_carried(state, act, nat, int(count))
    change = "picks up" if int(count) > old else "leaves"
    cus = plural(abs(int(count) - old), NATIONALITY[nat] + " CU")
    state.log.append(f"{who(act.general)} {change} {cus} in {name(where(state, act))}: "
                     f"{plural(carrying(act))} with him (7.3.A).")


def _naval(state: WwState, frame: Move, port: str) -> None:
    """7.5: port to port with up to 5 CUs: the whole activation. It is never intercepted
    (7.8.B) and never ends with American CUs; an Army captures a lone American general there
    (7.6) and disperses a Congress without CUs (7.7)."""
    stack.done(state, frame)
    act = activation(state)
    here = where(state, act)
    for nat, n in act.carried.items():
        q.move_cus(state, here, port, nat, n)
    state.generals[act.general] = port
    act.entered_from = here
    act.path.append(port)
    act.picked_here = {}
    act.naval = act.over = True
    state.log.append(f"{who(act.general)} sails from {name(here)} to {name(port)} with "
                     f"{plural(carrying(act))} (7.5).")
    if carrying(act):
        capture_lone_generals(state, port, BRITISH)
        disperse_if_unguarded(state, port)


def _end(state: WwState, frame: Move, _noun: None) -> None:
    stack.done(state, frame)
    act = activation(state)
    act.over = True
    state.log.append(f"{who(act.general)} ends his move in {name(where(state, act))} "
                     f"({act.spent} spaces).")


MOVE_STOP = stack.Stop(
    role=lambda state, frame: activation(state).side,
    prompt=move_prompt,
    choices=move_choices,
    handlers={"move": _move, "carry": _carry, "naval": _naval, "end": _end},
)


# --- the activation -------------------------------------------------------------------------


def move_on(state: WwState, act: Activation) -> None:
    """7.3: the player moves until he stops or the movement ends by rule."""
    if act.over or state.result is not None:
        return
    stack.repeat(act)
    stack.push(state, Move())


def conclude(state: WwState, act: Activation) -> None:
    """The activation is over: 7.4.E counts the CUs that moved; 7.4.C where he ends."""
    here = state.generals.get(act.general, "")
    record_campaign(state, act, here)
    if q.on_map(here):
        arrive(state, here, act.side)


def record_campaign(state: WwState, act: Activation, here: str) -> None:
    """7.2.A, 7.4.E: the CUs that moved with him may not move with another general of the
    Campaign: those he left on the way and those still with him where he ends."""
    campaign = campaign_of(state, act)
    if campaign is None:
        return
    for space, n in act.dropped.items():
        bump(campaign.moved, space, n)
    if q.on_map(here):
        bump(campaign.moved, here, survivors(state, act, here))


def survivors(state: WwState, act: Activation, here: str) -> int:
    """The CUs that moved with him and stand with him in `here` now: after a battle, those
    left in the battle space, or those that retreated with him to the space he came from."""
    moved = carrying(act) - sum(act.picked_here.values())
    if not act.battle_space:
        return moved
    if here == act.battle_space:
        return min(moved, q.cus(state, here, act.side))
    return max(0, min(moved, q.cus(state, here, act.side) - act.base_cus))


ACTIVATION = stack.Steps((move_on, conclude))


# --- entering a space -----------------------------------------------------------------------


def interception_window(state: WwState, entry: Entry) -> None:
    """7.8: the American may try to intercept before anything else happens there (9.7, A1)."""
    if interceptors(state, activation(state), entry):
        stack.push(state, Intercept(space=entry.space, came_from=entry.came_from))


def interceptors(state: WwState, act: Activation, entry: Entry) -> list[str]:
    """7.8.A-B, A34: American Armies adjacent to the space a British Army has just entered by
    land (wilderness links too, 7.3.D; Falmouth-Quebec for Arnold, 7.4.D), when it holds an
    American PC and held no British CU before; each once per British card (7.8.E, A3)."""
    if act.side != BRITISH or act.naval or not carrying(act) or entry.occupied \
            or state.pcs.get(entry.space) != AMERICAN:
        return []
    out = []
    for general in roster.of_side(AMERICAN):
        at = state.generals.get(general, "")
        if q.on_map(at) and at != entry.space and general not in state.intercepted \
                and q.cus(state, at, AMERICAN) > 0 and entry.space in neighbours(at, general):
            out.append(general)
    return out


def contact(state: WwState, entry: Entry) -> None:
    """After the interceptions: an interceptor means battle (7.8.C). Otherwise an Army captures
    lone enemy generals (7.6.A) and a British Army disperses an unguarded Congress (7.7); then
    enemy CUs mean an Overrun (9.7), the chance of a retreat before battle (7.9) or battle."""
    act = activation(state)
    if entry.interceptor:
        fight(state, act, entry, intercepted=True)
        return
    if carrying(act):
        capture_lone_generals(state, entry.space, act.side)
        if act.side == BRITISH:
            disperse_if_unguarded(state, entry.space)
    if not q.cus(state, entry.space, q.enemy(act.side)):
        return
    if overrun_due(state, act, entry.space):
        overrun(state, act, entry.space)
    elif retreat_open(state, act, entry):
        entry.rbb = True
        stack.push(state, RetreatBeforeBattle(space=entry.space, came_from=entry.came_from))
    else:
        fight(state, act, entry, intercepted=False)


def after_retreat(state: WwState, entry: Entry) -> None:
    """7.9.B: once a retreat before battle was open, the British Army stops in the space
    whatever happened. CUs left behind (more than 5, or the whole Army if it stood or failed)
    are overrun or fought; if none is left the Congress there is dispersed (A15)."""
    if not entry.rbb:
        return
    act = activation(state)
    act.over = True
    if not q.cus(state, entry.space, AMERICAN):
        disperse_if_unguarded(state, entry.space)
        state.log.append(f"{who(act.general)} stops in {name(entry.space)} (7.3.B, 7.9.B).")
    elif overrun_due(state, act, entry.space):
        overrun(state, act, entry.space)
    else:
        fight(state, act, entry, intercepted=False)


def overrun_due(state: WwState, act: Activation, space: str) -> bool:
    """9.7: an activated general with 4 or 5 CUs enters a space holding exactly 1 enemy CU
    and no enemy general (A2: it then happens)."""
    enemy = q.enemy(act.side)
    return (carrying(act) in OVERRUN_CUS and q.cus(state, space, enemy) == 1
            and q.general_at(state, space, enemy) is None)


def overrun(state: WwState, act: Activation, space: str) -> None:
    """9.7: the battle part removes the CU; the Army may move on (an American one within 4
    spaces in all, 7.3.C)."""
    act.overran = True
    state.log.append(f"{who(act.general)} overruns {name(space)} (9.7).")
    _BATTLES.get().overrun(state, space, act.side)


def fight(state: WwState, act: Activation, entry: Entry, intercepted: bool) -> None:
    """7.3.B, 9.1: the movement ends; the activated Army attacks. (`overran` is cleared for
    the battle, so an Overrun it turns into is seen afterwards: `after_battle`.)"""
    act.over = True
    act.battle_space = entry.space
    act.base_cus = q.cus(state, entry.came_from, act.side)
    entry.fought, entry.capped, act.overran = True, act.overran, False
    state.log.append(f"{who(act.general)} attacks in {name(entry.space)}: battle (9.1).")
    _BATTLES.get().begin(state, entry.space, act.side, act.general, entry.came_from, intercepted)


def after_battle(state: WwState, entry: Entry) -> None:
    """9.2 step 1 special, 9.7: a battle that a card turned into an Overrun lets the Army move
    on, unless it had to stop anyway (7.8.C after an interception, 7.9.B after a retreat
    before battle)."""
    if not entry.fought:
        return
    act = activation(state)
    if act.overran and not entry.rbb and not entry.interceptor \
            and state.generals.get(act.general) == entry.space:
        act.over = False
        act.battle_space = ""
        state.log.append(f"{who(act.general)} may move on after the Overrun (9.7).")
    act.overran = act.overran or entry.capped


ENTRY = stack.Steps((interception_window, contact, after_retreat, after_battle))


# --- 7.8 interception -----------------------------------------------------------------------


def splits(counts: dict[str, int], size: int) -> list[dict[str, int]]:
    """Every way to take `size` CUs from `counts` (nationality -> CUs)."""
    items = [(nat, n) for nat, n in counts.items() if n]
    if not items:
        return [{}] if size == 0 else []
    (nat, have), rest = items[0], dict(items[1:])
    out = []
    for n in range(min(have, size), -1, -1):
        for tail in splits(rest, size - n):
            out.append({nat: n, **tail} if n else tail)
    return out


def escorts(state: WwState, space: str) -> list[dict[str, int]]:
    """7.8.C, 7.9.B: the American CUs going with a general who intercepts or retreats before
    battle from `space`: all of them, at most 5 (the American chooses which, in a mixed
    stack)."""
    counts = {nat: q.cu_count(state, space, nat) for nat in q.nationalities(AMERICAN)}
    return splits(counts, min(CARRY, sum(counts.values())))


def escort_noun(mix: dict[str, int]) -> str:
    return "/".join(f"{nat}={n}" for nat, n in mix.items())


def parse_escort(noun: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in noun.split("/"):
        if part:
            nat, n = part.split("=")
            out[nat] = int(n)
    return out


def intercept_choices(state: WwState, frame: Intercept) -> list[Choice]:
    entry = stack.find(state, Entry)
    assert entry is not None
    out = []
    for general in interceptors(state, activation(state), entry):
        at = state.generals[general]
        mixes = escorts(state, at)
        for mix in mixes:
            noun = general if len(mixes) == 1 else f"{general}:{escort_noun(mix)}"
            out.append(Choice(Action("intercept", noun),
                              f"{who(general)} in {name(at)} tries to intercept with "
                              f"{describe(mix)}: succeeds on "
                              f"{odds(roster.agility(general))} (7.8)", "battle"))
    out.append(Choice(Action("no-interception"),
                      f"No {'further ' if state.intercepted else ''}interception into "
                      f"{name(frame.space)}", "turn"))
    return out


def _intercept(state: WwState, frame: Intercept, noun: str) -> None:
    """7.8.A: d6 <= the general's Agility (no +2 here). Success: he and his CUs (at most 5,
    7.8.C) stand in the space as if there before (7.8.F); the British movement ends; a
    second general there goes to the box (7.8.D, 7.4.C); then battle, +1 for him (9.46)."""
    general, _, mixed = noun.partition(":")
    entry = stack.find(state, Entry)
    assert entry is not None
    at = state.generals[general]
    mix = parse_escort(mixed) if mixed else escorts(state, at)[0]
    state.intercepted.append(general)
    roll = dice.d6(state, f"{who(general)} tries to intercept into {name(frame.space)}", "7.8.A")
    if roll > roster.agility(general):
        state.log.append(f"{who(general)} fails to intercept (needs "
                         f"{odds(roster.agility(general))}).")
        if not interceptors(state, activation(state), entry):
            stack.done(state, frame)
        return
    stack.done(state, frame)
    for nat, n in mix.items():
        q.move_cus(state, at, frame.space, nat, n)
    state.generals[general] = frame.space
    entry.interceptor = general
    state.log.append(f"{who(general)} intercepts into {name(frame.space)} with "
                     f"{describe(mix)}: the British movement ends (7.8.C).")
    arrive(state, frame.space, AMERICAN)


INTERCEPT = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=lambda state, frame: (
        f"American: {who(activation(state).general)}'s British Army enters "
        f"{name(frame.space)}. Try to intercept with an adjacent Army? (7.8)"),
    choices=intercept_choices,
    handlers={"intercept": _intercept,
              "no-interception": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- 7.9 retreat before battle ----------------------------------------------------------------


def retreat_spaces(state: WwState, space: str, came_from: str, general: str) -> list[str]:
    """7.9.B, 9.61 for a defender: an adjacent space with no British CU and no British PC,
    never the one the British Army came from (A13); wilderness links count, Falmouth-Quebec
    for Arnold only (7.4.D). The Army has CUs, so a lone British general there is captured
    (7.6.A), not a bar."""
    return [s for s in neighbours(space, general) if s != came_from
            and not q.cus(state, s, BRITISH) and state.pcs.get(s) != BRITISH]


def retreat_open(state: WwState, act: Activation, entry: Entry) -> bool:
    """7.9.A: a British Army enters the space of an American Army whose general has not tried
    to intercept during this card (7.8.E); A13: a retreat space must exist."""
    if act.side != BRITISH:
        return False
    general = q.general_at(state, entry.space, AMERICAN)
    return (general is not None and q.cus(state, entry.space, AMERICAN) > 0
            and general not in state.intercepted
            and bool(retreat_spaces(state, entry.space, entry.came_from, general)))


def retreat_target(general: str) -> int:
    """7.9.A: Agility, +2 for Washington and Greene."""
    return roster.agility(general) + roster.retreat_bonus(general)


def rbb_choices(state: WwState, frame: RetreatBeforeBattle) -> list[Choice]:
    general = q.general_at(state, frame.space, AMERICAN)
    assert general is not None
    if frame.rolled:
        return [Choice(Action("retreat-to", s), f"{who(general)} retreats to {name(s)} with "
                       f"{describe(frame.escaping)} (7.9.B, 9.61)", "move")
                for s in retreat_spaces(state, frame.space, frame.came_from, general)]
    mixes = escorts(state, frame.space)
    out = [Choice(Action("retreat", None if len(mixes) == 1 else escort_noun(mix)),
                  f"{who(general)} tries to retreat before battle with {describe(mix)}: "
                  f"succeeds on {odds(retreat_target(general))} (7.9)", "move")
           for mix in mixes]
    out.append(Choice(Action("stand"), f"{who(general)} stands and fights in "
                      f"{name(frame.space)}", "battle"))
    return out


def _try_retreat(state: WwState, frame: RetreatBeforeBattle, noun: str | None) -> None:
    """7.9.A: d6 <= Agility (+2 for Washington and Greene). Failure: battle (9.2)."""
    general = q.general_at(state, frame.space, AMERICAN)
    assert general is not None
    mix = parse_escort(noun) if noun else escorts(state, frame.space)[0]
    target = retreat_target(general)
    roll = dice.d6(state, f"{who(general)} tries to retreat before battle from "
                          f"{name(frame.space)}", "7.9.A")
    if roll > target:
        state.log.append(f"{who(general)} fails to retreat before battle (needs "
                         f"{odds(target)}): battle.")
        stack.done(state, frame)
        return
    frame.rolled = True
    frame.escaping = mix
    state.log.append(f"{who(general)} retreats before battle with {describe(mix)} (7.9.B).")


def _retreat_to(state: WwState, frame: RetreatBeforeBattle, space: str) -> None:
    """7.9.B: the general and his escaping CUs retreat under 9.61; arriving, an Army captures a
    lone British general (7.6.A) and 7.4.C applies."""
    stack.done(state, frame)
    general = q.general_at(state, frame.space, AMERICAN)
    assert general is not None
    for nat, n in frame.escaping.items():
        q.move_cus(state, frame.space, space, nat, n)
    state.generals[general] = space
    state.log.append(f"{who(general)} retreats from {name(frame.space)} to {name(space)} "
                     f"with {describe(frame.escaping)}.")
    arrive(state, space, AMERICAN)


RETREAT_BEFORE_BATTLE = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=lambda state, frame: (
        f"American: where does the Army retreat from {name(frame.space)}? (7.9.B)"
        if frame.rolled else
        f"American: a British Army enters {name(frame.space)}. Try to retreat before battle? "
        f"(7.9)"),
    choices=rbb_choices,
    handlers={"retreat": _try_retreat, "retreat-to": _retreat_to,
              "stand": lambda state, frame, _noun: stack.done(state, frame)},
)


FLOW: stack.Flow = {
    Activation: ACTIVATION,
    Move: MOVE_STOP,
    Entry: ENTRY,
    Intercept: INTERCEPT,
    RetreatBeforeBattle: RETREAT_BEFORE_BATTLE,
    **arrival.FLOW,   # SurplusGeneral, WashingtonCaptured: the frames of frames/movement.py
}
