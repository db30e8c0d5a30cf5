"""Wellington: attrition (13.1) and the attrition phase at the end of the turn (4.3).

    13.1  one die per SP and per commander affected; each 6 eliminates 1 SP; commanders go
          only once no soldier of the Formation is left; attrition from two or more causes
          rolls every die before any result is applied (1 commander + 5 SP twice: 12 dice)
    4.3   Formations in duchies neither their Power nor its ally controls (Uncontrolled: a
          besieged fortress duchy is Uncontrolled for its besieger, 3.1) roll attrition; the
          survivors then flag the unfortified Uncontrolled duchies they hold (done by
          interphase.end_of_turn_flags, the next step of the turn)

Other parts call `check` for the attrition they cause (9.41 passes, 9.42 forced march, 9.43
ambush, 9.44 retreats, 10.5 evasion, 14.2-14.3 retreats to sea, events), `loot_attrition` for
Spain's Resources (11.11, 12.5) and `flag_attrition` for flags an event attacks (G.38).

Every loss is recorded (`state.attrition_lost`: the duchy, the Power, the card whose event
caused it, the SP or the commander, where it went), for the current impulse only, so that
an event may give it back (#68 all of a duchy's, #102 half of some causes', #103 the French
ones of a port: `give_back`, `give_back_units`). `on_losses` lets events change each Power's
share before it is taken (#102, #103 for the rest of their duration). #43 adds +1 from the
sixth die (`check(..., bonus_from=6)`).

Readings (docs/wellington-sieges-naval.md, A1, A3): 13.1 lets the Power affected pick the
SP it loses, and the Commander's Power of a two-Power Army Group share the losses as it
likes and pick the counters: the 4.3 step asks it (the AttritionSplit stop), then the
counters where there is a real choice (AttritionCasualty, change made, 1.5). Every caller
passes `asks` to `check` and pushes them (`push_all`) where its action can wait, the number
lost being the dice's (`pending`); moving Armies are limited to their own soldiers and
carry what the answers leave (`pools`: ArmySplit, ArmyCasualty, movement.py; a leaderless
force is named by its Formation id, movement.army_key); an event's interception into a
battle under way asks too, the battle counting the units the dice leave it
(interception.arrive_reinforcement). Where the split is no choice (all lost, or a lasting
event changes a Power's share) the shares are even, the odd one to the Commander's Power
(`shares`). Losses that leave no choice of counter are taken at once (`settle_casualty`).
"""
from __future__ import annotations

from typing import Callable

from core import dice, stack
from core.engine import Action, Choice
from core.wellington import building, cardplay, hands
from core.wellington.armies import carry
from core.wellington import flags as geo
from core.wellington.presence import place_commander
from core.wellington import text
from core.stack import Frame
from core.wellington.frames.attrition_losses import ArmyCasualty, ArmySplit, Pool
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.siege import (AttritionAnswer, AttritionCasualty, AttritionSplit,
                                          AttritionWindow, Siege)
from core.wellington.state import (ALLIES, ART, CAV, COUNTER_NAME, COUNTER_TYPES, FRENCH, INF,
                                   POWERS, REGROUP, SIDE, SP, SPAIN, UNBUILT, WellingtonState)

ATTRITION_HIT = 6              # 13.1: each 6 eliminates 1 SP
FLAG_HIT = 6                   # G.38: an attacked flag is removed on a 6
END_OF_TURN = "attrition:end-of-turn"   # the Response window after the 4.3 step (#68, #103)

Units = dict[str, tuple[int, list[str]]]   # Power -> (SP affected, commanders affected)
# one loss as recorded: (impulses, duchy, Power, cause card or 0, SP, commander id or "",
# where it went: "" eliminated, REGROUP the Regroup Box)
Loss = tuple[int, str, str, int, int, str, str]
LossHook = Callable[[WellingtonState, str, str, int, int], int]
LOSS_HOOKS: list[LossHook] = []


def on_losses(hook: LossHook) -> None:
    """An event whose effect changes attrition losses while it lasts registers
    `hook(state, duchy, power, losses, cause) -> losses` (#102, #103); `check` passes each
    Power's share through every hook before taking it."""
    LOSS_HOOKS.append(hook)


def cause(state: WellingtonState) -> int:
    """The card whose event is being carried out (the innermost event frame on the stack),
    0 for a rule's attrition (a battle or siege nearer on the stack makes it theirs)."""
    for frame in reversed(state.stack):
        if isinstance(frame, (Battle, Siege)):
            return 0
        if isinstance(frame, (EventPlay, EventChoice, EventStep)):
            return frame.card
    return 0


def units_of_side(state: WellingtonState, duchy: str, side: str) -> Units:
    """Every soldier and commander of `side` in `duchy`, by Power (impulse order)."""
    out: Units = {}
    for power in POWERS:
        if SIDE[power] != side:
            continue
        sp = building.sp(state, duchy, power)
        chiefs = sorted(building.commanders_at(state, duchy, power))
        if sp or chiefs:
            out[power] = (sp, chiefs)
    return out


def dice_for(units: Units, causes: int = 1) -> int:
    """13.1: one die per SP and per commander, for each cause (TC-20: (1 + 5) x 2 = 12)."""
    return causes * sum(sp + len(chiefs) for sp, chiefs in units.values())


def check(state: WellingtonState, duchy: str, units: Units, causes: int = 1, why: str = "",
          rule: str = "13.1", to: str = "", leader: str = "",
          bonus_from: int = 0, asks: list[Frame] | None = None, chooser: str = "",
          pools: dict[str, Pool] | None = None) -> dict[str, int]:
    """13.1: `units` in `duchy` suffer attrition `causes` times: every die rolled first, then
    each 6 eliminates 1 SP (commanders last). `to`: REGROUP sends the losses to the Regroup
    Box (11.11, 12.5). `leader`: the Commander of a two-Power Army Group (his Power shares the
    losses; where that is no choice, `shares`, his Power takes the odd one). `bonus_from`: +1
    to that die and every later one (#43). The questions left open (13.1: the Commander's
    Power shares a two-Power group's losses, `AttritionSplit`; the Power affected, or
    `chooser`, picks the counters, `take_losses`) are appended to `asks` for the caller to
    push (without `asks` they are pushed at once), and the return value counts only the
    losses taken at once (`pending` counts the rest). `pools`: the units are moving Armies
    (each Power's soldiers that moved, `take_losses`; the lists follow the losses taken at
    once; the questions are `ArmySplit`, `ArmyCasualty`). Returns the SP and commanders each
    Power lost (at once)."""
    own: list[Frame] = [] if asks is None else asks
    units = {p: u for p, u in units.items() if u[0] or u[1]}
    sixes = roll(state, duchy, units, causes, why, rule, bonus_from)
    lost: dict[str, int] = {}
    if split_due(state, duchy, units, sixes):
        who = geo.commander_power(leader) if leader else chooser_of(state, duchy, units)
        if pools is None:
            own.append(AttritionSplit(power=who, duchy=duchy, room=room_of(units),
                                      left=sixes, to=to, rule=rule))
        else:
            own.append(ArmySplit(power=who, duchy=duchy, room=room_of(units), left=sixes,
                                 to=to, rule=rule, pools=list(pools.values())))
    else:
        for power, share in shares(units, sixes, leader).items():
            share = hooked(state, duchy, power, share)
            pool = pools.get(power) if pools is not None else None
            lost[power] = take_losses(state, duchy, power, units[power], share, own, to,
                                      rule, chooser, pool)
    if asks is None:
        push_all(state, own)
    return lost


def room_of(units: Units) -> dict[str, int]:
    return {p: sp + len(chiefs) for p, (sp, chiefs) in units.items()}


def split_due(state: WellingtonState, duchy: str, units: Units, losses: int) -> bool:
    """13.1: the Commander's Power shares the losses of a two-Power Army Group when there is
    a choice (some lost, not all) and no lasting event changes a Power's share (#93, #102,
    #103 act on each Power's share: then the shares are the even ones, A1)."""
    room = room_of(units)
    if len(units) < 2 or not 0 < losses < sum(room.values()):
        return False
    mark = len(state.log)            # (asking the hooks only: their log lines are not kept)
    changed = any(hooked(state, duchy, p, min(losses, room[p])) != min(losses, room[p])
                  for p in units)
    del state.log[mark:]
    return not changed


def pending(asks: list[Frame]) -> int:
    """The units still to lose in the questions `asks` (known from the dice: 13.1)."""
    return sum(f.left for f in asks if isinstance(f, (AttritionSplit, AttritionCasualty)))


def hooked(state: WellingtonState, duchy: str, power: str, share: int) -> int:
    """`power`'s share of the losses in `duchy` as the events lasting now change it (each
    `on_losses` hook: #93 W4, #102, #103), for the card causing them."""
    card = cause(state)
    for hook in LOSS_HOOKS:
        share = hook(state, duchy, power, share, card)
    return share


def roll(state: WellingtonState, duchy: str, units: Units, causes: int = 1, why: str = "",
         rule: str = "13.1", bonus_from: int = 0) -> int:
    """13.1: every die of the attrition at once; the number of 6s (with `bonus_from`, #43:
    the dice from that one on count +1, so their 5s are 6s too)."""
    count = dice_for(units, causes)
    if not count:
        return 0
    what = why or "attrition"
    faces = [dice.d6(state, f"{what} at {geo.name(duchy)}", rule) for _ in range(count)]
    sixes = sum(1 for i, f in enumerate(faces, start=1)
                if f + (1 if bonus_from and i >= bonus_from else 0) >= ATTRITION_HIT)
    state.log.append(f"Attrition at {geo.name(duchy)} ({what}, {rule}): {text.dice(count)}"
                     + (f" (+1 from die {bonus_from})" if bonus_from else "")
                     + f", {sixes} six{'es' if sixes != 1 else ''}.")
    return sixes


def shares(units: Units, losses: int, leader: str = "") -> dict[str, int]:
    """The losses each Power takes: as evenly as possible, the odd one to the Commander's
    Power (reading), never more than a Power has there."""
    room = {p: sp + len(chiefs) for p, (sp, chiefs) in units.items()}
    lead = geo.commander_power(leader) if leader else ""
    order = sorted(room, key=lambda p: (p != lead, POWERS.index(p)))
    out = {p: 0 for p in order}
    left = min(losses, sum(room.values()))
    while left:
        for power in order:
            if left and out[power] < room[power]:
                out[power] += 1
                left -= 1
    return {p: n for p, n in out.items() if n}


def take_losses(state: WellingtonState, duchy: str, power: str, unit: tuple[int, list[str]],
                count: int, asks: list[Frame], to: str = "", rule: str = "13.1",
                chooser: str = "", pool: Pool | None = None) -> int:
    """`power` loses `count` of its affected units in `duchy`: soldiers first, its commanders
    only once none of its affected soldiers is left (13.1; staff officers before the
    Commander). The counters are chosen (13.1): the losses that leave no choice are taken at
    once, a choice left open becomes an `AttritionCasualty` for `chooser` (else `power`)
    appended to `asks`, for the caller to push; `pool` limits it to moving soldiers (an
    `ArmyCasualty` naming the force by `pool.army`; `pool.troops` follows the losses taken
    at once). Returns the units lost now."""
    sp, chiefs = unit
    from_soldiers = min(count, sp)
    lost = 0
    if from_soldiers:
        frame = AttritionCasualty(chooser=chooser or power, power=power, duchy=duchy,
                                  left=from_soldiers, to=to, rule=rule) if pool is None else \
            ArmyCasualty(chooser=chooser or power, power=power, duchy=duchy,
                         left=from_soldiers, to=to, rule=rule, pool=list(pool.troops),
                         army=pool.army, moving=list(pool.moving))
        lost = settle_casualty(state, frame)
        if isinstance(frame, ArmyCasualty) and pool is not None:
            pool.troops[:] = frame.pool
        if frame.left > 0:
            asks.append(frame)
    left = count - from_soldiers
    leader = state.leading.get(duchy, "")
    for cid in sorted(chiefs, key=lambda c: (c == leader, c)):
        if left <= 0:
            break
        if state.commanders.get(cid) != duchy:
            continue
        building.eliminate_commander(state, cid, REGROUP if to == REGROUP else
                                     building.UNBUILT)
        record(state, duchy, power, 0, cid, to)
        left -= 1
        lost += 1
        state.log.append(f"{building.commander(cid).name} is lost to attrition "
                         f"({'to the Regroup Box, ' if to == REGROUP else ''}{rule}).")
    if lost:
        state.log.append(f"{power} loses {lost} to attrition at {geo.name(duchy)}"
                         f"{' (to the Regroup Box)' if to == REGROUP else ''} ({rule}).")
    return lost


# --- which counters (13.1, 1.5): AttritionCasualty, ArmyCasualty --------------------------


def kinds(state: WellingtonState, where: str, power: str,
          pool: list[int] | None = None) -> list[int]:
    """The kinds of `power`'s counters at `where` (within `pool`, one Army's soldiers)."""
    return [t for t in COUNTER_TYPES if building.counters(state, where, power)[t]
            and (pool is None or pool[t] > 0)]


def affected_sp(state: WellingtonState, where: str, power: str,
                pool: list[int] | None = None) -> int:
    if pool is None:
        return building.sp(state, where, power)
    have = building.counters(state, where, power)
    return sum(min(n, have[t]) * SP[t] for t, n in enumerate(pool))


def has_choice(state: WellingtonState, where: str, power: str, left: int,
               pool: list[int] | None = None) -> bool:
    """A real choice of counters: two kinds or more there, and fewer SP to lose than all."""
    return len(kinds(state, where, power, pool)) > 1 and \
        0 < left < affected_sp(state, where, power, pool)


def pool_of(frame: AttritionCasualty) -> list[int] | None:
    return frame.pool if isinstance(frame, ArmyCasualty) else None


def lose_counter(state: WellingtonState, where: str, power: str, kind: int, left: int,
                 to: str = "") -> int:
    """1.5: loss from a counter of `kind` with `left` SP still to lose: the whole counter
    when `left` covers it (or an infantry), else it is changed into smaller counters and one
    of them goes; with no unbuilt counter to change into, the whole counter goes (more SP
    than asked). Returns the SP lost."""
    if left < SP[kind] and kind != INF:
        before = building.counters(state, where, power)[CAV]
        if building.make_change(state, where, power, kind):
            smaller = CAV if kind == ART and building.counters(state, where, power)[CAV] \
                > before else INF
            return lose_counter(state, where, power, smaller, left, to)
    building.add(state, where, power, kind, -1)
    if to:
        building.add(state, to, power, kind, 1)
    return SP[kind]


def counter_choices(state: WellingtonState, where: str, power: str, left: int,
                    why: str, pool: list[int] | None = None) -> list[Choice]:
    """One Choice per kind of `power`'s counters at `where` (within `pool`; verb `lose`, noun
    the kind)."""
    out = []
    for kind in kinds(state, where, power, pool):
        what = text.counter_loss(kind, left)
        out.append(Choice(Action("lose", kind), f"{what} of {power} at {geo.name(where)}: "
                          f"{left} SP to lose ({why})", "losses"))
    return out


def _casualty_lose(state: WellingtonState, frame: AttritionCasualty, kind: int) -> int:
    pool = pool_of(frame)
    before = building.counters(state, frame.duchy, frame.power)
    gone = lose_counter(state, frame.duchy, frame.power, kind, frame.left, frame.to)
    if pool is not None:          # the Army carries what the change left of its counter
        after = building.counters(state, frame.duchy, frame.power)
        frame.pool = [max(0, n + a - b) for n, a, b in zip(pool, after, before)]
    frame.left -= gone
    record(state, frame.duchy, frame.power, gone, "", frame.to)
    state.log.append(f"{frame.power} loses {gone} SP ({COUNTER_NAME[kind]}) to attrition at "
                     f"{geo.name(frame.duchy)}"
                     f"{' (to the Regroup Box)' if frame.to == REGROUP else ''} ({frame.rule}).")
    return gone


def settle_casualty(state: WellingtonState, frame: AttritionCasualty) -> int:
    """Take the losses that leave no choice (one kind of counter, or every SP affected); the
    SP lost."""
    lost = 0
    while frame.left > 0 and affected_sp(state, frame.duchy, frame.power, pool_of(frame)) \
            and not has_choice(state, frame.duchy, frame.power, frame.left, pool_of(frame)):
        lost += _casualty_lose(state, frame,
                               kinds(state, frame.duchy, frame.power, pool_of(frame))[0])
    return lost


def casualty_choices(state: WellingtonState, frame: AttritionCasualty) -> list[Choice]:
    return counter_choices(state, frame.duchy, frame.power, frame.left, frame.rule,
                           pool_of(frame))


def army_label(frame: AttritionCasualty) -> str:
    """" in Soult's Army" / " in Spain's leaderless Formation"; "" for a force the question
    does not name (a retreat's, battle/retreat.py)."""
    if not isinstance(frame, ArmyCasualty) or not frame.army:
        return ""
    name = text.formation(frame.army)             # a commander's, or "<power>:<duchy>"
    return f" in {name}" if ":" in frame.army else f" in {name}'s Army"


def _lose(state: WellingtonState, frame: AttritionCasualty, kind: int) -> None:
    _casualty_lose(state, frame, kind)
    settle_casualty(state, frame)
    if frame.left <= 0 or not affected_sp(state, frame.duchy, frame.power, pool_of(frame)):
        stack.done(state, frame)
        if isinstance(frame, ArmyCasualty):
            carry(state, frame.power, frame.moving, frame.duchy, frame.pool)


ATTRITION_CASUALTY = stack.Stop(
    role=lambda state, frame: frame.chooser,
    prompt=lambda state, frame: (f"{frame.chooser}: {frame.left} SP of {frame.power}"
                                 f"{army_label(frame)} "
                                 f"to lose to attrition at {geo.name(frame.duchy)}: from "
                                 f"which counter ({frame.rule}, 13.1, 1.5)?"),
    choices=casualty_choices,
    handlers={"lose": _lose},
)


def push_all(state: WellingtonState, frames: list) -> None:
    """Push `frames` so that the first is asked first."""
    for frame in reversed(frames):
        stack.push(state, frame)


# --- the record of losses (#68, #102, #103) -------------------------------------------------------


def record(state: WellingtonState, duchy: str, power: str, sp: int, commander: str,
           to: str) -> None:
    """One attrition loss, kept for the current impulse (older records go)."""
    state.attrition_lost = [r for r in state.attrition_lost if r[0] == state.impulses]
    state.attrition_lost.append((state.impulses, duchy, power, cause(state), sp, commander,
                                 to))


def losses(state: WellingtonState, duchy: str = "", powers: tuple[str, ...] = POWERS,
           causes: tuple[int, ...] = ()) -> list[Loss]:
    """This impulse's recorded losses (in `duchy`, of `powers`, from the events `causes`)."""
    return [r for r in state.attrition_lost if r[0] == state.impulses
            and (not duchy or r[1] == duchy) and r[2] in powers
            and (not causes or r[3] in causes)]


def give_back(state: WellingtonState, picked: list[Loss], why: str) -> int:
    """Cancel the recorded losses `picked`: their SP come back where they were lost (from the
    unbuilt counters or the Regroup Box, smallest first), their commanders too when still
    off the map. Returns the SP and commanders given back."""
    back = 0
    for loss in picked:
        _when, duchy, power, _card, sp, cid, to = loss
        state.attrition_lost.remove(loss)
        if cid:
            back += restore_commander(state, duchy, cid, to)
        else:
            back += restore_sp(state, duchy, power, sp, to)
    if back:
        state.log.append(f"{back} attrition loss{'es' if back != 1 else ''} cancelled: the "
                         f"units come back ({why}).")
    return back


def give_back_units(state: WellingtonState, duchy: str, power: str, count: int,
                    causes: tuple[int, ...], why: str) -> int:
    """Give back `count` of `power`'s recorded losses in `duchy` from the events `causes`,
    the last lost first (commanders went last, 13.1, so they come back first)."""
    back = 0
    for loss in reversed(losses(state, duchy, (power,), causes)):
        if back >= count:
            break
        _when, _duchy, _power, card, sp, cid, to = loss
        if cid or sp <= count - back:
            back += give_back(state, [loss], why)
            continue
        part = count - back                    # part of an SP record: the rest stays lost
        index = state.attrition_lost.index(loss)
        state.attrition_lost[index] = (loss[0], duchy, power, card, sp - part, "", to)
        back += restore_sp(state, duchy, power, part, to)
        state.log.append(f"{part} attrition loss{'es' if part != 1 else ''} cancelled ({why}).")
    return back


def restore_sp(state: WellingtonState, duchy: str, power: str, sp: int, to: str) -> int:
    """`sp` SP of `power` back at `duchy`: from the Regroup Box when they went there, else
    from the unbuilt counters, smallest first. Returns the SP placed."""
    placed = 0
    for kind in COUNTER_TYPES:
        while placed + SP[kind] <= sp:
            if to == REGROUP:
                have = building.counters(state, REGROUP, power)[kind]
            else:
                have = building.unbuilt(state, power)[kind]
            if not have:
                break
            if to == REGROUP:
                building.add(state, REGROUP, power, kind, -1)
            building.add(state, duchy, power, kind, 1)
            placed += SP[kind]
    if placed < sp:
        state.log.append(f"{sp - placed} SP of {power} cannot come back to {geo.name(duchy)}: "
                         "no counter left.")
    return placed


def restore_commander(state: WellingtonState, duchy: str, cid: str, to: str) -> int:
    """A commander lost to attrition back at `duchy`, if still where the loss sent him."""
    if state.commanders.get(cid) != (REGROUP if to == REGROUP else UNBUILT):
        return 0
    place_commander(state, cid, duchy)
    state.leading.setdefault(duchy, cid)
    return 1


def loot_attrition(state: WellingtonState, duchy: str, resources: int, units: Units,
                   why: str, rule: str,
                   asks: list[Frame] | None = None) -> dict[str, int]:
    """11.11, 12.5: Spain gained `resources` Resources through a battle or siege (event,
    Plunder, Devastation): its victorious Formations there check attrition once per Resource,
    the losses going to the Regroup Box (`asks`: Spain's choice of counters, as `check`;
    without it they are pushed at once)."""
    spanish = {p: u for p, u in units.items() if p == SPAIN}
    if resources <= 0 or not spanish:
        return {}
    return check(state, duchy, spanish, causes=resources, why=why, rule=rule, to=REGROUP,
                 asks=asks)


def flag_attrition(state: WellingtonState, duchy: str, why: str, rule: str) -> bool:
    """G.38 (glossary, #19, #56): an attacked flag rolls one die and is removed on a 6.
    Returns whether it was removed."""
    power = state.flags.get(duchy)
    if not power:
        return False
    if dice.d6(state, f"{why}: the {power} flag at {geo.name(duchy)}", rule) != FLAG_HIT:
        return False
    geo.remove_flag(state, duchy, power, f"{why}, {rule}")
    return True


# --- 4.3: the attrition phase ------------------------------------------------------------


def exposed(state: WellingtonState) -> list[tuple[str, str]]:
    """4.3 (4.1): (duchy, side) for every duchy where `side` has Formations and neither of its
    Powers controls it: Uncontrolled, or an enemy fortress it besieges (3.1)."""
    out: list[tuple[str, str]] = []
    for duchy in geo.duchies():
        for side in (ALLIES, FRENCH):
            if geo.has_formation(state, duchy, side) and \
                    not geo.friendly(state, duchy, _any_power(side)):
                out.append((duchy, side))
    return out


def _any_power(side: str) -> str:
    return next(p for p in POWERS if SIDE[p] == side)


def chooser_of(state: WellingtonState, duchy: str, units: Units) -> str:
    """13.1: the Power of the Commander of the Formations there decides; with no Commander of
    the side named, the Power with more units (the later in impulse order on a tie, 9.62)."""
    leader = state.leading.get(duchy, "")
    if leader and geo.commander_power(leader) in units:
        return geo.commander_power(leader)
    return max(units, key=lambda p: (units[p][0] + len(units[p][1]), POWERS.index(p)))


def attrition_step(state: WellingtonState) -> None:
    """4.3: every exposed Formation rolls attrition (13.1), all found before any die is
    rolled; where two Powers share the losses, the Commander's Power chooses who takes them
    (AttritionSplit, asked in map order); the Power affected (the Commander's Power in a
    two-Power Army Group) picks the counters lost (AttritionCasualty, 13.1). The free flags
    of 4.3 follow in the next step of the turn (flow.py)."""
    state.siege_to_resolve.clear()          # 12.2: the impulses are over; the markers go
    found = exposed(state)
    if not found:
        state.log.append("4.3 Attrition: no Formation stands in a duchy its side does not "
                         "control.")
        return
    splits: list[AttritionSplit] = []
    asks: list[Frame] = []
    for duchy, side in found:
        units = units_of_side(state, duchy, side)
        sixes = roll(state, duchy, units, why=f"{text.adjective(side)} end-of-turn attrition",
                     rule="4.3")
        if split_due(state, duchy, units, sixes):
            splits.append(AttritionSplit(power=chooser_of(state, duchy, units), duchy=duchy,
                                         room=room_of(units), left=sixes, rule="4.3"))
            continue
        for power, share in shares(units, sixes).items():
            take_losses(state, duchy, power, units[power], hooked(state, duchy, power, share),
                        asks, rule="4.3")
    if splits or asks or losses(state):
        stack.push(state, AttritionWindow())      # asked once every loss is taken
    push_all(state, [*asks, *splits])


END_OF_TURN_CARDS: list[int] = []


def answers_end_of_turn(card: int) -> None:
    """An event whose text reaches attrition already resolved (#68, #103) registers here: it
    may answer the end-of-turn attrition (4.3). No other Response is offered then: 5.2 lets
    Responses be played in impulses, and the impulses of the turn are over."""
    END_OF_TURN_CARDS.append(card)


def end_of_turn_answers(state: WellingtonState, power: str) -> list[int]:
    return [n for n in hands.hand(state, power) if n in END_OF_TURN_CARDS
            and cardplay.event_playable(state, power, n, END_OF_TURN)]


def _window(state: WellingtonState, frame: AttritionWindow) -> None:
    """The end-of-turn losses taken, the Powers holding an answer are asked in impulse order
    (5.2; every Power with the `ask_every_power_for_responses` option)."""
    every = state.options.ask_every_power_for_responses
    asked = [p for p in POWERS if every or end_of_turn_answers(state, p)]
    if asked and losses(state):
        stack.push(state, AttritionAnswer(asked=asked))


def answer_choices(state: WellingtonState, frame: AttritionAnswer) -> list[Choice]:
    out = [Choice(Action("respond", n), f"Play {hands.title(n)} as a Response to the "
                  "end-of-turn attrition (5.2)", "card")
           for n in end_of_turn_answers(state, frame.asked[0])]
    out.append(Choice(Action("no-response"), "No Response", "turn"))
    return out


def _answer(state: WellingtonState, frame: AttritionAnswer, number: int) -> None:
    cardplay.play_event(state, frame.asked[0], number, END_OF_TURN)


def _no_answer(state: WellingtonState, frame: AttritionAnswer, _noun: None) -> None:
    frame.asked.pop(0)
    while frame.asked and not state.options.ask_every_power_for_responses \
            and not end_of_turn_answers(state, frame.asked[0]):
        frame.asked.pop(0)
    if not frame.asked:
        stack.done(state, frame)


ATTRITION_ANSWER = stack.Stop(
    role=lambda state, frame: frame.asked[0],
    prompt=lambda state, frame: (f"{frame.asked[0]}: answer the end-of-turn attrition "
                                 "(5.2)?"),
    choices=answer_choices,
    handlers={"respond": _answer, "no-response": _no_answer},
)


# --- AttritionSplit: the Commander's Power shares the losses (13.1) ------------------------------


def split_choices(state: WellingtonState, frame: AttritionSplit) -> list[Choice]:
    return [Choice(Action("attrition-loss", power),
                   f"{power} takes the next loss at {geo.name(frame.duchy)} "
                   f"({frame.left} left; {frame.taken.get(power, 0)} taken, 13.1)", "loss")
            for power in POWERS
            if power in frame.room and frame.taken.get(power, 0) < frame.room[power]]


def _loss(state: WellingtonState, frame: AttritionSplit, power: str) -> None:
    frame.taken[power] = frame.taken.get(power, 0) + 1
    frame.left -= 1
    if frame.left:
        return
    stack.done(state, frame)
    side = SIDE[frame.power]
    units = units_of_side(state, frame.duchy, side)
    asks: list[Frame] = []
    for who, count in frame.taken.items():
        if isinstance(frame, ArmySplit):
            army_losses(state, frame, who, count, asks)
        elif who in units:
            take_losses(state, frame.duchy, who, units[who], count, asks, frame.to,
                        frame.rule, chooser=frame.power)
    push_all(state, asks)


def army_losses(state: WellingtonState, frame: ArmySplit, power: str, count: int,
                asks: list[Frame]) -> None:
    """A moving two-Power group's share: `power`'s `count` losses among its moving units;
    what no question is left about is carried by its Armies at once (armies.carry)."""
    pool = next(p for p in frame.pools if p.power == power)
    chiefs = [c for c in pool.chiefs if state.commanders.get(c) == frame.duchy]
    asked = len(asks)
    take_losses(state, frame.duchy, power, (affected_sp(state, frame.duchy, power, pool.troops),
                                            chiefs), count, asks, frame.to, frame.rule,
                chooser=frame.power, pool=pool)
    if len(asks) == asked:
        carry(state, power, pool.moving, frame.duchy, pool.troops)


ATTRITION_SPLIT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {frame.left} attrition loss(es) at "
                                 f"{geo.name(frame.duchy)}: which Power takes each (13.1)?"),
    choices=split_choices,
    handlers={"attrition-loss": _loss},
)

FLOW: stack.Flow = {AttritionSplit: ATTRITION_SPLIT,
                    AttritionCasualty: ATTRITION_CASUALTY,
                    ArmyCasualty: ATTRITION_CASUALTY,
                    ArmySplit: ATTRITION_SPLIT,
                    AttritionWindow: stack.Steps((_window,)),
                    AttritionAnswer: ATTRITION_ANSWER}
