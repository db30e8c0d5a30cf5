"""Wellington movement (9): Armies, Army Groups and leaderless soldiers moving for CP, what
they may carry, forced march, passes and ambush, the stops 9.51 and 9.52, and naming the
Commander where friendly commanders meet (9.53, 9.6, 9.62).

    CP "move" / "move-group" / "move-soldier"   (cardplay.register_cp) push a Move
    MOVE        the MoveStep stop again and again (next duchy, take / leave units, join or
                detach an Army, ask an allied Army to join, 9.61, halt) until the move is
                over -> finish (march markers kept, 9.42; the Commander named where
                commanders meet, 9.53)
    ENTRY       (interception.py) Responses to the declared step -> `cross` (the step,
                unless a Response closed the line) -> interceptions -> evasions -> attrition
                (`movement_attrition`: 9.41, 9.42, 9.43 for the mover, owed for interceptors
                and evaders, 10.9) -> `contact`: a battle (9.51, 9.7) -> `after_contact`: the
                move stops after a battle that was no Overrun (its BFI marker), or in an enemy
                fortress duchy (9.52)

Formation ids: see core/wellington/frames/movement.py. Battles are the battle part's
(core/wellington/battle/, `battle.start`), reached through `Battles`, the seam tests replace
with `battles_by`. Entering an enemy fortress duchy starts nothing by itself: the Army stops
with a BFI marker (9.52) and its Power may declare a siege from the impulse menu (12.2).

Readings (docs/wellington-movement.md):
- M1 an Army's march marker (9.42) is one per Formation (the seed: "ponete il segnalino di
  marcia accanto alle Formazioni"): soldiers picked up or Armies joining bring their own
  marker, and the Formation keeps the highest.
- M2 a Formation with a BFI marker may not move for CP this impulse (9.51, 9.52: "may move no
  further"); the battle part lifts none, the siege part lifts it after a Siege Overrun (12.41).
- M3 a Power's soldiers may not move alone, nor be picked up, from a duchy where one of its
  Formations bears a BFI marker.
- M4 the Commander where friendly commanders meet (9.53) is named by the Power with the more
  SP present, the later in impulse order on a tie (9.62: who decides when they disagree).
- M4a 9.62's new Commander by agreement: in its impulse, while spending a card's CP, a Power
  of a two-Power Army Group may propose any other commander of the group (free); the other
  Power agrees or not (CommanderConsent); each commander once an impulse.
- M5 a stationary allied Army joins a moving one only if its Power agrees (9.61, JoinConsent);
  Armies of the moving Power join and leave freely (9.64).
- M7 pieces that came by sea this impulse (`state.sea_moved`, 14.2) make no land move; a
  Power's soldiers at the port where some of them landed all count as landed.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from operator import countOf
from typing import Callable, Iterator

from core import stack
from core.engine import Action, Choice, IllegalAction
from core.wellington import attrition as rule13
from core.wellington import battle, building, cardplay
from core.wellington import flags as geo
from core.wellington import presence, text
from core.wellington.presence import place_commander
from core.wellington.armies import (carry, entered, entry_duchies, formation_id, fresh_records,
                                    parse_entered, resync, share_out)
from core.wellington.lookups import (battle_value, cards_in_effect, command_value, dissent_holds,
                                     line_kind, may_go_with, under)
from core.stack import Frame
from core.wellington.frames.attrition_losses import ArmyCasualty, ArmySplit, Pool
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.movement import (Army, Attempt, CommanderConsent, Entry,
                                             JoinConsent, Move, MoveStep, NameCommander,
                                             Pending)
from core.wellington.state import (ALLY, ART, CAV, COUNTER_NAME, INF, POWERS, SIDE, SP,
                                   WellingtonState)

FORCED_MARCH = 5              # 9.42: attrition in the 5th and every later duchy entered
SCUM_OF_THE_EARTH = 82        # #82: -2 to its evasions and interceptions, double CP to move
MUD = 3                       # #3: nothing leaves the duchy (Effect.target) but by retreat
STRAGGLERS = 41               # #41: attrition in every duchy the Formation enters
THUNDER = 81                  # #81: an Overrun under the storm holds the Army (Effect.target)
COLUMN_ATTACKED = 45          # #45: 1 CP more per duchy entered this impulse
FLANK, SOULT = "flank", "soult"   # Move.free: #44 Flank March, #109 "The Duke of Damnation"
STRAGGLING = "#41 Stragglers"
KINDS = {"inf": INF, "cav": CAV, "art": ART}
KIND_NAME = {INF: "inf", CAV: "cav", ART: "art"}
PASS, FORCED, AMBUSH = "pass (9.41)", "forced march (9.42)", "ambush (9.43)"


# --- the battle part, as movement calls it ----------------------------------------------------


class Battles:
    """11: the battle part's `battle.start` (core/wellington/battle.py). The one seam of this
    module: tests put a recorder in its place with `battles_by(recorder)`."""

    def start(self, state: WellingtonState, duchy: str, attacker: str, formation: str,
              came_from: str, intercepted: bool) -> None:
        battle.start(state, duchy, attacker, formation, came_from, intercepted)


_BATTLES: ContextVar[Battles] = ContextVar("wellington_movement_battles", default=Battles())


@contextmanager
def battles_by(battles: Battles) -> Iterator[Battles]:
    """Test seam: inside the block, movement starts battles with `battles`."""
    token = _BATTLES.set(battles)
    try:
        yield battles
    finally:
        _BATTLES.reset(token)


# the window where a Formation stops in an enemy fortress duchy (9.52): the siege part is told
# (siege.on_enter); (state, duchy, power)
FORTRESS_ENTERED: list[Callable[[WellingtonState, str, str], None]] = []


# --- pieces and formations ----------------------------------------------------------------


power_of = geo.commander_power          # a commander's Power (1.6), read once per commander


def held(state: WellingtonState, cid: str, cards: set[int] | None = None) -> bool:
    """#81 Thunder & Lightning: a commander whose Army made an Overrun under the storm may not
    move, evade or intercept out of its duchy until its Power's next impulse (a retreat is
    still allowed: the battle's retreat does not ask this); nor may one that came by sea this
    impulse (14.2, `came_by_sea`). `cards`: `lookups.cards_in_effect` if the caller has it."""
    if (cards is None or THUNDER in cards) and (
            under(state, THUNDER, cid)
            or storm_holds(state, power_of(cid), state.commanders.get(cid, ""))):
        return True
    return came_by_sea(state, cid)


def came_by_sea(state: WellingtonState, cid: str) -> bool:
    """14.2: "Le Formazioni in Convoglio non possono combinare il movimento per mare con quello
    per terra": a commander landed by convoy or assault this impulse (naval.py) makes no land
    move in it: no move, no staff officer's place in a moving Army, no interception or
    evasion (a retreat is the battle's: 14.2 sends the convoy's loser back by sea)."""
    return state.sea_moved.get(cid) == state.impulses


def soldiers_came_by_sea(state: WellingtonState, duchy: str, power: str) -> bool:
    """14.2 for soldiers (reading M7): `power`'s soldiers at the port are one Formation
    (`"<power>:<duchy>"`, as for M1's marker) once some of them landed there this impulse
    (naval.py, #69 write `sea_moved["<power>@<port>"]`): none of them moves alone or is taken
    by an Army there in that impulse."""
    return state.sea_moved.get(f"{power}@{duchy}") == state.impulses


def storm_holds(state: WellingtonState, power: str, duchy: str) -> bool:
    """#81 after a field battle: `power`'s Formations that overran at `duchy` stay there until
    its next impulse (the battle leaves the Effect on the duchy; a siege's on the commander)."""
    for e in state.effects:              # (a loop: asked for every place at every decision)
        if e.card == THUNDER and e.until == "next-impulse" and e.power == power \
                and e.target == duchy:
            return True
    return False


def stays(state: WellingtonState, cid: str, cards: set[int] | None = None) -> bool:
    """A commander who may not leave his duchy by his own move, interception or evasion: a BFI
    marker (M2, 10.3) or #81 (`cards` as for `held`)."""
    return cid in state.bfi or held(state, cid, cards)


def mired(state: WellingtonState, duchy: str) -> bool:
    """#3 Mud: no Formation leaves `duchy` (but by retreat) while its marker lies there."""
    for e in state.effects:              # (a loop: asked for every place at every decision)
        if e.card == MUD and e.target == duchy:
            return True
    return False


def straggling(state: WellingtonState, armies: list[Army]) -> bool:
    """#41 Stragglers struck one of these Armies' commanders this impulse."""
    return any(under(state, STRAGGLERS, c) for a in armies for c in members(a))


def army_sp(army: Army) -> int:
    return sum(n * SP[t] for t, n in enumerate(army.troops))


def members(army: Army) -> list[str]:
    return ([army.commander] if army.commander else []) + list(army.staff)


def room(state: WellingtonState, army: Army) -> int:
    """1.61: SP plus staff officers up to the commander's CV (he does not count)."""
    return command_value(state, army.commander) - army_sp(army) - len(army.staff)


def carried(armies: list[Army], power: str) -> list[int]:
    out = [0, 0, 0]
    for army in armies:
        if army.power == power:
            for t in range(3):
                out[t] += army.troops[t]
    return out


def free_troops(state: WellingtonState, duchy: str, power: str, armies: list[Army]) -> list[int]:
    """`power`'s soldiers at `duchy` not carried by `armies` (which stand there)."""
    have = building.counters(state, duchy, power)
    taken = carried(armies, power)
    return [h - t for h, t in zip(have, taken)]


def fill(free: list[int], space: int) -> list[int]:
    """The soldiers an Army takes when formed: the largest counters that fit first."""
    out = [0, 0, 0]
    for kind in (ART, CAV, INF):
        while free[kind] - out[kind] > 0 and SP[kind] <= space:
            out[kind] += 1
            space -= SP[kind]
    return out


def form_army(state: WellingtonState, cid: str, duchy: str, others: list[Army]) -> Army:
    """The Army `cid` leads out of `duchy`: he and his Power's soldiers up to his CV (1.61),
    besides those `others` carry; its march marker (9.42, M1)."""
    power = power_of(cid)
    army = Army(commander=cid, power=power, marched=state.marched.get(cid, 0))
    if not soldiers_came_by_sea(state, duchy, power):            # 14.2, M7
        army.troops = fill(free_troops(state, duchy, power, others), room(state, army))
    if any(army.troops):
        army.marched = max(army.marched, state.marched.get(f"{power}:{duchy}", 0))
    return army


def commanders_at(state: WellingtonState, duchy: str, side: str | None = None) -> list[str]:
    """The commanders at `duchy` (of `side` only, if given), in `state.commanders` order."""
    chiefs = presence.of(state).chiefs.get(duchy, ())
    return [c for c in chiefs if side is None or SIDE[power_of(c)] == side]


def marked(state: WellingtonState, duchy: str, power: str) -> bool:
    """M3: one of `power`'s Formations at `duchy` bears a BFI marker; M7: its soldiers there
    came by sea this impulse (14.2)."""
    bfi = state.bfi                      # (mostly empty: asked first)
    if bfi and (f"{power}:{duchy}" in bfi or any(      # (the few markers, not every commander)
            state.commanders.get(c) == duchy and power_of(c) == power for c in bfi)):
        return True
    return soldiers_came_by_sea(state, duchy, power)


def shift(state: WellingtonState, army: Army, origin: str, dest: str) -> None:
    """The Army's soldiers and commanders go from `origin` to `dest`."""
    for kind, n in enumerate(army.troops):
        if n:
            building.add(state, origin, army.power, kind, -n)
            building.add(state, dest, army.power, kind, n)
    for cid in members(army):
        place_commander(state, cid, dest)


def present(state: WellingtonState, army: Army, duchy: str) -> bool:
    return any(state.commanders.get(c) == duchy for c in members(army)) or any(army.troops)


# --- control around a line (9.41, 9.43, 12.4) --------------------------------------------------


def friendly_owner(owner: str, power: str) -> bool:
    return bool(owner) and SIDE[owner] == SIDE[power]


def enemy_fortress(state: WellingtonState, duchy: str, power: str) -> bool:
    """A fortress duchy its owner holds against `power`'s side (3.1, 12.1)."""
    if not geo.is_fortress(state, duchy):
        return False
    owner = geo.controller(state, duchy)
    return bool(owner) and SIDE[owner] != SIDE[power]


def besieged_enemy_fortress(state: WellingtonState, duchy: str, power: str) -> bool:
    return enemy_fortress(state, duchy, power) and geo.has_formation(state, duchy, SIDE[power])


def may_leave(state: WellingtonState, origin: str, dest: str, power: str) -> bool:
    """12.4: out of an enemy fortress duchy only into a friendly, Uncontrolled or besieged
    enemy fortress duchy (no slipping past unbesieged fortresses)."""
    if not enemy_fortress(state, origin, power):
        return True
    owner = geo.controller(state, dest)
    return (not owner or friendly_owner(owner, power)
            or besieged_enemy_fortress(state, dest, power))


def open_line(state: WellingtonState, a: str, b: str) -> bool:
    """A line that may be crossed now (#9, #10 block it)."""
    return not geo.blocked(state, a, b)


def destinations(state: WellingtonState, at: str, power: str) -> list[str]:
    """9.3: adjacent duchies only; 12.4 out of an enemy fortress duchy; #3 Mud."""
    if mired(state, at):
        return []
    if not enemy_fortress(state, at, power):   # (`may_leave`'s first test, asked once)
        return [d for d in geo.neighbours(at) if open_line(state, at, d) and geo.on_map(d)]
    return [d for d in geo.neighbours(at) if open_line(state, at, d) and geo.on_map(d)
            and may_leave(state, at, d, power)]


def can_leave(state: WellingtonState, at: str, power: str, cards: set[int] | None = None
              ) -> bool:
    """Whether `destinations(state, at, power)` holds any duchy (the same tests, stopping at
    the first destination found). `cards`: `lookups.cards_in_effect` if the caller has it."""
    if (cards is None or MUD in cards) and mired(state, at):
        return False
    fortress = enemy_fortress(state, at, power)
    if not fortress and not state.blocked:      # (every line open: asked of every piece)
        return reaches_map(at)
    for d in geo.neighbours(at):
        if open_line(state, at, d) and geo.on_map(d) \
                and (not fortress or may_leave(state, at, d, power)):
            return True
    return False


@cache
def reaches_map(at: str) -> bool:
    """Whether a March Line joins `at` to a duchy on the map (read once per place)."""
    return any(geo.on_map(d) for d in geo.neighbours(at))


def march_causes(line: str, from_control: str, before: str, friends_before: bool,
                 power: str) -> list[str]:
    """9.41 (G.19: unless both ends are friendly-controlled) and 9.43 (G.20: into an enemy
    duchy, opponent-controlled and holding no friendly Formation, from an Uncontrolled or
    enemy-controlled one), with control as it stood before the entry."""
    causes = []
    if line == "pass" and not (friendly_owner(from_control, power)
                               and friendly_owner(before, power)):
        causes.append(PASS)
    enemy_dest = bool(before) and SIDE[before] != SIDE[power] and not friends_before
    if enemy_dest and not friendly_owner(from_control, power):
        causes.append(AMBUSH)
    return causes


# --- the impulse's records for the battle (11.41-11.43, 10.7) ---------------------------------


def crossed_into(state: WellingtonState, duchy: str) -> list[str]:
    """11.41-11.43 (G.26): the kinds of line active Formations crossed into `duchy` this
    impulse (moves and offensive interceptions)."""
    if state.movement_impulse != state.impulses:
        return []
    return list(state.crossed.get(duchy, []))


def evasion_failed(state: WellingtonState, duchy: str) -> bool:
    """10.7: a Formation in `duchy` failed an evasion this impulse (the active attackers get
    +1 die in round 1, G.22; the defender loses its terrain benefit)."""
    return state.movement_impulse == state.impulses and duchy in state.evasion_failed


def record_crossing(state: WellingtonState, duchy: str, line: str) -> None:
    fresh_records(state)
    kinds = state.crossed.setdefault(duchy, [])
    if line not in kinds:
        kinds.append(line)


def record_failed_evasion(state: WellingtonState, duchy: str) -> None:
    fresh_records(state)
    if duchy not in state.evasion_failed:
        state.evasion_failed.append(duchy)


# --- attrition (13.1) as movement brings it ------------------------------------------------------


def attrition(state: WellingtonState, duchy: str, armies: list[Army], causes: list[str],
              who: str, asks: list[Frame], to: str = "", chooser: str = "") -> int:
    """13.1 (core/wellington/attrition.py): one die per SP and per commander of the Armies
    (of a Formation: one cause list) for each cause, rolled together; each 6 eliminates 1
    SP, commanders last. `to`: REGROUP sends the losses to the Regroup Box (#95). 13.1: "La
    Potenza influenzata sceglie quale SP eliminare in ogni Ducato ... Se si tratta di un
    Gruppo di Armate di due Potenze, sceglie la Potenza del Comandante": the Commander's
    Power (the first Army's) of a two-Power group shares the losses (`ArmySplit`) and
    `chooser` (else the Power affected) picks the counters among each Power's moving
    soldiers (`ArmyCasualty`, naming the force by `army_key`); the questions are left in
    `asks` for the caller to push (`push_losses`) and the Armies carry what they leave
    (`carry`). Returns the units lost (the dice's, whether asked or not)."""
    if not causes:
        return 0
    units: dict[str, tuple[int, list[str]]] = {}
    pools: dict[str, Pool] = {}
    for army in armies:
        chiefs = [c for c in members(army) if state.commanders.get(c) == duchy]
        if not army_sp(army) and not chiefs:
            continue
        pool = pools.setdefault(army.power, Pool(
            power=army.power, troops=[0, 0, 0],
            army=army_key([a for a in armies if a.power == army.power], duchy)))
        pool.troops = [n + t for n, t in zip(pool.troops, army.troops)]
        pool.chiefs += chiefs
        if formation_id(army, duchy) not in pool.moving:
            pool.moving.append(formation_id(army, duchy))
    for power, pool in pools.items():
        units[power] = (sum(n * SP[t] for t, n in enumerate(pool.troops)), list(pool.chiefs))
    if not units:
        return 0
    asked = len(asks)
    leader = group_commander(state, duchy, armies) if len(units) > 1 else ""
    chooser = power_of(leader) if leader else chooser
    lost = sum(rule13.check(state, duchy, units, causes=len(causes),
                            why=f"{who}: {', '.join(causes)}", rule="13.1", to=to,
                            leader=leader, asks=asks, chooser=chooser, pools=pools).values())
    lost += rule13.pending(asks[asked:])
    waiting = {f.power for f in asks[asked:] if isinstance(f, ArmyCasualty)}
    if any(isinstance(f, ArmySplit) for f in asks[asked:]):
        waiting = set(pools)
    for power, pool in pools.items():
        if power not in waiting:                # taken at once: the Armies carry the rest
            share_out([a for a in armies if a.power == power], pool.troops)
    resync(state, armies, duchy)
    return lost


def army_key(armies: list[Army], duchy: str) -> str:
    """How an attrition question names one Power's moving `armies` at `duchy` (its
    `ArmyCasualty.army`, `Pool.army`): the commander of the first Army that has one, else
    the leaderless force's Formation id "<power>:<duchy>" (`formation_id`)."""
    led = next((a for a in armies if a.commander), None)
    return formation_id(led or armies[0], duchy)


def group_commander(state: WellingtonState, duchy: str, armies: list[Army]) -> str:
    """The Commander of the moving `armies` at `duchy`: the one named there if he is one of
    them (9.53), else the first Army's."""
    ids = [c for a in armies for c in members(a)]
    named = state.leading.get(duchy, "")
    return named if named in ids else (ids[0] if ids else "")


def group_chooser(armies: list[Army]) -> str:
    """13.1: the Power that picks an Army Group's attrition losses: its Commander's (the first
    Army's) when the group has two Powers; "" (each Power affected) otherwise."""
    powers = {a.power for a in armies}
    if len(powers) > 1 and armies[0].commander:
        return power_of(armies[0].commander)
    return ""


def push_losses(state: WellingtonState, asks: list[Frame]) -> None:
    """Push the attrition questions `asks` (the first asked first): they are answered before
    the caller's next step runs."""
    rule13.push_all(state, asks)


# --- 9.53, 9.6, 9.62: the Commander where friendly commanders meet -----------------------------


def decider(state: WellingtonState, duchy: str, candidates: list[str]) -> str:
    """M4: the Power with the more SP present; on a tie the later in impulse order."""
    powers = sorted({power_of(c) for c in candidates}, key=POWERS.index)
    if len(powers) == 1:
        return powers[0]
    return max(powers, key=lambda p: (building.sp(state, duchy, p), POWERS.index(p)))


def leadership(state: WellingtonState, duchy: str, arrived: bool) -> None:
    """9.53: a commander stopping where a friendly commander stands: one is named Commander
    (asked when there is a choice); a duchy left without its Commander names another."""
    leader = state.leading.get(duchy, "")
    chiefs = commanders_at(state, duchy)
    if leader and leader not in chiefs:
        del state.leading[duchy]
        leader = ""
    if not chiefs:
        return
    if leader:
        side = SIDE[power_of(leader)]
        mine = [c for c in chiefs if SIDE[power_of(c)] == side]
        if not arrived or len(mine) == 1:
            return
    else:
        side = SIDE[power_of(chiefs[0])]
        mine = [c for c in chiefs if SIDE[power_of(c)] == side]
    if len(mine) == 1:
        state.leading[duchy] = mine[0]
        return
    stack.push(state, NameCommander(power=decider(state, duchy, mine), duchy=duchy,
                                    candidates=mine))


def _name(state: WellingtonState, frame: NameCommander, cid: str) -> None:
    stack.done(state, frame)
    state.leading[frame.duchy] = cid
    state.log.append(f"{building.commander(cid).name} is named Commander at "
                     f"{geo.name(frame.duchy)}; the others are his staff officers (9.53).")


NAME_COMMANDER = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: name the Commander at "
                                 f"{geo.name(frame.duchy)} (9.53, 9.62)."),
    choices=lambda state, frame: [
        Choice(Action("command", c), f"{building.commander(c).name} commands "
               f"(BV {battle_value(state, c)}, CV {command_value(state, c)})", "move")
        for c in frame.candidates],
    handlers={"command": _name},
)


# --- what CP may move (9.1, 9.63) ---------------------------------------------------------------


def cp_frame(state: WellingtonState) -> CommandPoints:
    frame = stack.find(state, CommandPoints)
    assert frame is not None
    return frame


def movable_commanders(state: WellingtonState, power: str, cards: set[int] | None = None
                       ) -> list[str]:
    """9.1: the Power's own commanders on the map, with no BFI marker (M2). `cards`:
    `lookups.cards_in_effect` if the caller has it (the effects read once, not per piece)."""
    if cards is None:
        cards = cards_in_effect(state)
    return [c for c, at in state.commanders.items()
            if power_of(c) == power and geo.on_map(at) and not stays(state, c, cards)
            and not dissent_holds(state, power, at, cards) and can_leave(state, at, power, cards)]


def group_armies(state: WellingtonState, duchy: str, power: str) -> list[str]:
    """9.63, 9.64: the Armies of an Army Group `power` may move from `duchy`: its own, and
    its ally's when the Commander is its own (9.1); the Commander first."""
    leader = state.leading.get(duchy, "")
    if not leader or power_of(leader) != power or stays(state, leader):
        return []
    if countOf(state.commanders.values(), duchy) < 2:
        return []                            # (two Armies need two commanders: counted in C)
    side = SIDE[power]
    if dissent_holds(state, power, duchy):
        return []
    out = [leader] + [c for c in commanders_at(state, duchy, side)
                      if c != leader and not stays(state, c)
                      and may_go_with(state, power_of(c), leader)
                      and not dissent_holds(state, power_of(c), duchy)]
    return out if len(out) >= 2 else []


_NO_TROOPS: dict[str, list[int]] = {}    # (read-only defaults of `leaderless_kinds`)
_NO_COUNTERS = (0, 0, 0)


def leaderless_kinds(state: WellingtonState, duchy: str, power: str,
                     cards: set[int] | None = None) -> list[int]:
    """9.1: infantry and cavalry may move alone, one counter at a time; artillery never.
    `cards`: `lookups.cards_in_effect` if the caller has it."""
    have = state.troops.get(duchy, _NO_TROOPS).get(power, _NO_COUNTERS)   # (read, not copied)
    if not (have[INF] or have[CAV]):          # (artillery alone: nothing to ask)
        return []
    if marked(state, duchy, power) \
            or ((cards is None or THUNDER in cards) and storm_holds(state, power, duchy)) \
            or dissent_holds(state, power, duchy, cards) \
            or not can_leave(state, duchy, power, cards):
        return []                             # (pure tests: the quickest first)
    return [k for k in (INF, CAV) if have[k]]


def move_choices(state: WellingtonState, frame: CommandPoints) -> list[Choice]:
    power = frame.power
    if frame.left < 1:
        return []
    out = []
    cards = cards_in_effect(state)            # (read once for every piece below)
    movable = movable_commanders(state, power, cards)
    for cid in movable:
        action, label = army_move(cid, state.commanders[cid])
        out.append(Choice(action, label, "move"))
    for duchy in sorted({state.commanders[c] for c in movable}):
        armies = group_armies(state, duchy, power)
        if armies and frame.left >= len(armies):
            out.append(Choice(Action("move-group", duchy), f"Move the Army Group at "
                              f"{geo.name(duchy)} ({len(armies)} Armies): {len(armies)} CP "
                              "per duchy (9.63)", "move"))
    on_map = geo.ON_MAP
    for duchy in sorted([d for d, by_power in state.troops.items()
                         if power in by_power and d in on_map]):
        for kind in leaderless_kinds(state, duchy, power, cards):
            action, label = soldier_move(duchy, kind)
            out.append(Choice(action, label, "move"))
    for duchy, cid, other in proposals(state, power):
        out.append(Choice(Action("propose-commander", f"{duchy}>{cid}"),
                          f"Propose {building.commander(cid).name} as Commander of the Army "
                          f"Group at {geo.name(duchy)}, if {other} agrees (9.62; no CP)",
                          "move"))
    return out


@cache
def army_move(cid: str, at: str) -> tuple[Action, str]:
    """The action and label of moving `cid`'s Army from `at` (9.1), made once."""
    return (Action("move", cid),
            f"Move {building.commander(cid).name}'s Army from {geo.name(at)}: 1 CP per duchy "
            "(9.1)")


@cache
def soldier_move(duchy: str, kind: int) -> tuple[Action, str]:
    """The action and label of moving one counter alone from `duchy` (9.1), made once (a
    CP listing offers every counter that may: the action is frozen, the label a string)."""
    return (Action("move-soldier", f"{duchy}/{KIND_NAME[kind]}"),
            f"Move 1 {COUNTER_NAME[kind]} alone from {geo.name(duchy)}: 1 CP per duchy (9.1)")


def _move(state: WellingtonState, frame: CommandPoints, cid: str) -> None:
    at = state.commanders[cid]
    army = form_army(state, cid, at, [])
    state.log.append(f"{frame.power} moves {building.commander(cid).name}'s Army from "
                     f"{geo.name(at)} ({army_sp(army)} SP).")
    stack.push(state, Move(power=frame.power, armies=[army], at=at, start=at))


def _move_group(state: WellingtonState, frame: CommandPoints, duchy: str) -> None:
    armies: list[Army] = []
    for cid in group_armies(state, duchy, frame.power):
        armies.append(form_army(state, cid, duchy, armies))
    state.log.append(f"{frame.power} moves the Army Group at {geo.name(duchy)} "
                     f"({len(armies)} Armies, 9.63).")
    stack.push(state, Move(power=frame.power, armies=armies, at=duchy, start=duchy))


def _move_soldier(state: WellingtonState, frame: CommandPoints, noun: str) -> None:
    duchy, kind_name = noun.split("/")
    troops = [0, 0, 0]
    troops[KINDS[kind_name]] = 1
    army = Army(commander="", power=frame.power, troops=troops,
                marched=state.marched.get(f"{frame.power}:{duchy}", 0))
    state.log.append(f"{frame.power} moves 1 {COUNTER_NAME[KINDS[kind_name]]} alone from "
                     f"{geo.name(duchy)} (9.1).")
    stack.push(state, Move(power=frame.power, armies=[army], at=duchy, start=duchy))


# --- 9.62: a new Commander by agreement -----------------------------------------------------


def proposals(state: WellingtonState, power: str) -> list[tuple[str, str, str]]:
    """9.62 "sino a quando ... entrambe le Potenze coinvolte si accordano su un nuovo
    Comandante durante il suo Impulso": (duchy, commander, the other Power) for each
    commander `power` may propose in its impulse as the new Commander of a two-Power Army
    Group it belongs to (M4a: any commander of the group but the Commander; each once an
    impulse)."""
    side = SIDE[power]
    out = []
    for duchy in sorted(d for d, leader in state.leading.items()
                        if SIDE[power_of(leader)] == side):   # (else `power` is not in it)
        leader = state.leading[duchy]
        if countOf(state.commanders.values(), duchy) < 2 or not geo.on_map(duchy) \
                or state.commanders.get(leader) != duchy:
            continue                             # (a proposal needs two commanders there)
        present = geo.powers_present(state, duchy)   # (a two-Power group: both there)
        other = ALLY[power]
        if power not in present or other not in present:
            continue
        for cid in sorted(commanders_at(state, duchy, side)):
            if cid != leader and f"{state.impulses}:{duchy}:{cid}" not in \
                    state.commander_proposals:
                out.append((duchy, cid, other))
    return out


def _propose(state: WellingtonState, frame: CommandPoints, noun: str) -> None:
    duchy, cid = noun.split(">")
    other = next(o for d, c, o in proposals(state, frame.power) if (d, c) == (duchy, cid))
    state.commander_proposals = [p for p in state.commander_proposals
                                 if p.startswith(f"{state.impulses}:")]
    state.commander_proposals.append(f"{state.impulses}:{duchy}:{cid}")
    state.log.append(f"{frame.power} proposes {building.commander(cid).name} as Commander of "
                     f"the Army Group at {geo.name(duchy)} (9.62).")
    stack.push(state, CommanderConsent(power=other, proposer=frame.power, duchy=duchy,
                                       commander=cid))


def _accept(state: WellingtonState, frame: CommanderConsent, _noun: None) -> None:
    stack.done(state, frame)
    state.leading[frame.duchy] = frame.commander
    state.log.append(f"{frame.power} agrees: {building.commander(frame.commander).name} is "
                     f"Commander at {geo.name(frame.duchy)}; the others are his staff officers "
                     "(9.62, 9.53).")


def _decline(state: WellingtonState, frame: CommanderConsent, _noun: None) -> None:
    stack.done(state, frame)
    state.log.append(f"{frame.power} does not agree: the Commander at "
                     f"{geo.name(frame.duchy)} stays "
                     f"{building.commander(state.leading[frame.duchy]).name} (9.62).")


COMMANDER_CONSENT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {frame.proposer} proposes "
                                 f"{building.commander(frame.commander).name} as Commander of "
                                 f"the Army Group at {geo.name(frame.duchy)} (9.62)."),
    choices=lambda state, frame: [
        Choice(Action("agree"), f"{building.commander(frame.commander).name} commands "
               f"(BV {battle_value(state, frame.commander)}, "
               f"CV {command_value(state, frame.commander)})", "move"),
        Choice(Action("refuse"), f"{building.commander(state.leading[frame.duchy]).name} "
               "stays Commander", "move")],
    handlers={"agree": _accept, "refuse": _decline},
)


cardplay.register_cp("move", cardplay.CpOperation(
    choices=move_choices,
    handlers={"move": _move, "move-group": _move_group, "move-soldier": _move_soldier,
              "propose-commander": _propose}))


# --- the Move sequence and its stop --------------------------------------------------------------


def step_cost(state: WellingtonState, move: Move) -> int:
    """9.1, 9.63: 1 CP per Army moved (a leaderless counter is one), per duchy entered;
    #82 doubles it for the Army it strikes; #45 Column Attacked: 1 CP more for the
    Formation. An event's free move (#44, #109) costs nothing."""
    if move.free:
        return 0
    column = move.surcharge or any(under(state, COLUMN_ATTACKED, a.commander)
                                   for a in move.armies)
    return sum(2 if under(state, SCUM_OF_THE_EARTH, a.commander) else 1
               for a in move.armies) + (1 if column else 0)


def steps_left(state: WellingtonState, move: Move) -> bool:
    """The move may enter another duchy: CP left for it, or an event's free move within its
    limit (#44: two duchies)."""
    if move.free:
        return not move.limit or move.entered < move.limit
    return cardplay_left(state) > 0


def next_order(state: WellingtonState, frame: Move) -> None:
    """The next order, while the move may go on and a CP is left (with none left the move
    is over: what it carries stays where it stands anyway)."""
    for army in [a for a in frame.armies if not a.commander and leaderless_stuck(a)]:
        frame.armies.remove(army)                # 9.1: soldiers alone move one by one
        key = f"{army.power}:{frame.at}"
        state.marched[key] = max(state.marched.get(key, 0), army.marched)
    if frame.over or not any(present(state, a, frame.at) for a in frame.armies) \
            or not steps_left(state, frame):
        return
    stack.repeat(frame)
    stack.push(state, MoveStep())


def leaderless_stuck(army: Army) -> bool:
    """9.1: soldiers without a commander (one who fell on the way) move only as a single
    infantry or cavalry counter."""
    return sum(army.troops) > 1 or army.troops[ART] > 0


def finish(state: WellingtonState, frame: Move) -> None:
    """The move is over: march markers stay for the rest of the impulse (9.42); the
    Commander is named where commanders now meet (9.53); the card's CP frame ends when no CP
    are left (5.5)."""
    for army in frame.armies:
        if army.commander:
            for cid in members(army):
                state.marched[cid] = army.marched
        elif any(army.troops):
            key = f"{army.power}:{frame.at}"
            state.marched[key] = max(state.marched.get(key, 0), army.marched)
    stack.done(state, frame)
    cp = stack.top(state)
    if isinstance(cp, CommandPoints) and cp.left <= 0:
        stack.done(state, cp)
    if not frame.entered:
        return                                   # it never left: nothing changed
    if frame.at != frame.start:
        leadership(state, frame.start, arrived=False)
    arrive_with(state, frame.at, [c for a in frame.armies for c in members(a)] + frame.dropped)


def settle_left(state: WellingtonState, move: Move, duchy: str) -> None:
    """9.53: the move leaves `duchy`: commanders it dropped there stop there; a Commander
    who left is replaced."""
    dropped, move.dropped = move.dropped, []
    if dropped:
        arrive_with(state, duchy, dropped)
    else:
        leadership(state, duchy, arrived=False)


def arrive_with(state: WellingtonState, duchy: str, moving: list[str]) -> None:
    """9.53: commanders (`moving`, the Commander first) stopping at `duchy`: the Commander
    keeps the command unless friendly commanders already stood there (then one is named)."""
    here = [c for c in moving if state.commanders.get(c) == duchy]
    if not here:
        leadership(state, duchy, arrived=False)
        return
    side = SIDE[power_of(here[0])]
    others = [c for c in commanders_at(state, duchy, side) if c not in moving]
    if not others:
        state.leading[duchy] = here[0]
        return
    leadership(state, duchy, arrived=True)


MOVE = stack.Steps((next_order, finish))


def move_of(state: WellingtonState) -> Move:
    move = stack.find(state, Move)
    assert move is not None
    return move


def army_named(move: Move, cid: str) -> Army:
    for army in move.armies:
        if army.commander == cid:
            return army
    raise IllegalAction(f"{cid} leads no moving Army")


def step_choices(state: WellingtonState, frame: MoveStep) -> list[Choice]:
    move = move_of(state)
    power, at = move.power, move.at
    out: list[Choice] = []
    cost = step_cost(state, move)
    targets = step_destinations(state, move) if steps_left(state, move) \
        and (move.free or cardplay_left(state) >= cost) else []
    if targets:
        forced = any(a.marched + 1 >= FORCED_MARCH for a in move.armies)   # (every step)
        price = "free" if move.free else f"{cost} CP"
        from_control = geo.controller(state, at)
        for dest in targets:
            line = line_kind(state, at, dest, power)
            warn = march_causes(line, from_control, geo.controller(state, dest),
                                geo.has_formation(state, dest, SIDE[power]), power)
            if forced:
                warn.append(FORCED)
            note = f"; attrition: {', '.join(warn)}" if warn else ""
            if move.free == FLANK:
                note = "; no interception, evasion or attrition (#44)"
            out.append(Choice(Action("to", dest), f"March to {geo.name(dest)} ({line} line): "
                              f"{price}{note}", "move"))
    for army in move.armies:
        if not army.commander:
            continue
        name = building.commander(army.commander).name
        space = room(state, army)
        free = free_troops(state, at, army.power, move.armies)
        if not marked(state, at, army.power) and not dissent_holds(state, army.power, at):
            for kind in (INF, CAV, ART):
                if free[kind] and SP[kind] <= space:
                    out.append(Choice(Action("take", f"{army.commander}/{KIND_NAME[kind]}"),
                                      f"{name} takes 1 {COUNTER_NAME[kind]} (free, 9.64)",
                                      "move"))
        for kind in (INF, CAV, ART) if may_drop(move) else ():
            if army.troops[kind]:
                out.append(Choice(Action("leave", f"{army.commander}/{KIND_NAME[kind]}"),
                                  f"{name} leaves 1 {COUNTER_NAME[kind]} at {geo.name(at)}",
                                  "move"))
        for cid in spare_commanders(state, move, army.power):
            if space >= 1:
                out.append(Choice(Action("take", f"{army.commander}/{cid}"),
                                  f"{name} takes {building.commander(cid).name} as a staff "
                                  "officer (1.61)", "move"))
        for cid in army.staff if may_drop(move) else []:
            out.append(Choice(Action("leave", f"{army.commander}/{cid}"),
                              f"{name} leaves his staff officer "
                              f"{building.commander(cid).name} at {geo.name(at)}", "move"))
        if len(move.armies) > 1 and not move.free:
            out.append(Choice(Action("detach", army.commander), f"{name}'s Army stays at "
                              f"{geo.name(at)} (9.64)", "move"))
    for cid in spare_commanders(state, move, power) if not move.free else []:
        out.append(Choice(Action("join", cid), f"{building.commander(cid).name}'s Army joins "
                          f"the move: 1 CP more per duchy (9.64)", "move"))
    for cid in allied_armies(state, move) if not move.free else []:
        out.append(Choice(Action("invite", cid), f"Ask {power_of(cid)} to let "
                          f"{building.commander(cid).name}'s Army join the move: 1 CP more "
                          "per duchy (9.61)", "move"))
    if not (move.straggling and targets):       # #41: it may not give up the move
        out.append(Choice(Action("halt"), f"End this move at {geo.name(at)}", "move"))
    return out


def may_drop(move: Move) -> bool:
    """#109: Soult leaves soldiers and commanders only where he starts."""
    return move.free != SOULT or not move.entered


def step_destinations(state: WellingtonState, move: Move) -> list[str]:
    """9.3 (`destinations`); #109: Soult only into friendly duchies holding no enemy
    Formation where no enemy Army could intercept him (`flags.intercept_threat`)."""
    out = destinations(state, move.at, move.power)
    if move.free == FLANK and not mired(state, move.at):   # #44 bypasses fortresses (12.4)
        out = [d for d in geo.neighbours(move.at) if open_line(state, move.at, d)
               and geo.on_map(d)]
    if move.free == SOULT:
        enemy = geo.enemy_side(SIDE[move.power])
        out = [d for d in out if geo.friendly(state, d, move.power)
               and not geo.has_formation(state, d, enemy)
               and not geo.intercept_threat(state, d, move.power)]
    return out


def cardplay_left(state: WellingtonState) -> int:
    return cp_frame(state).left


def left_label(state: WellingtonState, move: Move) -> str:
    if move.free == FLANK:
        return f"{move.limit - move.entered} of {move.limit} duchies left, #44"
    if move.free:
        return "a free move, #109"
    return f"{cardplay_left(state)} CP left"


def spare_commanders(state: WellingtonState, move: Move, power: str) -> list[str]:
    """Commanders of `power` at the move's duchy not moving, with no BFI marker (M2)."""
    if dissent_holds(state, power, move.at):
        return []
    moving = {c for a in move.armies for c in members(a)}
    return [c for c in commanders_at(state, move.at)
            if power_of(c) == power and c not in moving and not stays(state, c)]


def allied_armies(state: WellingtonState, move: Move) -> list[str]:
    """9.61: stationary allied Armies at the move's duchy that may be asked to join (not
    those whose Power has refused in this move)."""
    ally = [p for p in POWERS if SIDE[p] == SIDE[move.power] and p != move.power]
    chief = move.armies[0].commander
    return [c for p in ally for c in spare_commanders(state, move, p)
            if c not in move.refused and may_go_with(state, p, chief)]


def _invite(state: WellingtonState, frame: MoveStep, cid: str) -> None:
    stack.done(state, frame)
    stack.push(state, JoinConsent(power=power_of(cid), commander=cid))


def _consent(state: WellingtonState, frame: JoinConsent, _noun: None) -> None:
    move = move_of(state)
    stack.done(state, frame)
    move.armies.append(form_army(state, frame.commander, move.at, move.armies))
    state.log.append(f"{frame.power} lets {building.commander(frame.commander).name}'s Army "
                     "join the move (9.61).")


def _refuse(state: WellingtonState, frame: JoinConsent, _noun: None) -> None:
    move_of(state).refused.append(frame.commander)
    stack.done(state, frame)
    state.log.append(f"{frame.power} keeps {building.commander(frame.commander).name}'s "
                     "Army where it stands (9.61).")


JOIN_CONSENT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {move_of(state).power} asks that "
                                 f"{building.commander(frame.commander).name}'s Army join "
                                 "its move (9.61)."),
    choices=lambda state, frame: [
        Choice(Action("agree"), f"{building.commander(frame.commander).name}'s Army joins "
               "the allied move (9.61)", "move"),
        Choice(Action("refuse"), "It stays where it is", "move")],
    handlers={"agree": _consent, "refuse": _refuse},
)


def _take(state: WellingtonState, frame: MoveStep, noun: str) -> None:
    move = move_of(state)
    cid, what = noun.split("/")
    army = army_named(move, cid)
    if what in KINDS:
        army.troops[KINDS[what]] += 1
        army.marched = max(army.marched, state.marched.get(f"{army.power}:{move.at}", 0))
    else:
        army.staff.append(what)
        army.marched = max(army.marched, state.marched.get(what, 0))
    stack.done(state, frame)


def _leave(state: WellingtonState, frame: MoveStep, noun: str) -> None:
    move = move_of(state)
    cid, what = noun.split("/")
    army = army_named(move, cid)
    if what in KINDS:
        army.troops[KINDS[what]] -= 1
        key = f"{army.power}:{move.at}"
        if move.entered:
            state.marched[key] = max(state.marched.get(key, 0), army.marched)
    else:
        army.staff.remove(what)
        state.marched[what] = army.marched
        move.dropped.append(what)
    stack.done(state, frame)


def _join(state: WellingtonState, frame: MoveStep, cid: str) -> None:
    move = move_of(state)
    move.armies.append(Army(commander=cid, power=power_of(cid),
                            marched=state.marched.get(cid, 0)))
    stack.done(state, frame)


def _detach(state: WellingtonState, frame: MoveStep, cid: str) -> None:
    move = move_of(state)
    army = army_named(move, cid)
    move.armies.remove(army)
    for member in members(army):
        state.marched[member] = army.marched
    move.dropped.extend(members(army))
    stack.done(state, frame)


def _halt(state: WellingtonState, frame: MoveStep, _noun: None) -> None:
    move_of(state).over = True
    stack.done(state, frame)


def _to(state: WellingtonState, frame: MoveStep, dest: str) -> None:
    """9.1: pay, cross, then what the entry brings (Entry, interception.py)."""
    move = move_of(state)
    stack.done(state, frame)
    enter(state, move, dest)


def enter(state: WellingtonState, move: Move, dest: str) -> None:
    """9.1: the step is declared and paid; the other Powers may answer it (5.2, TC-E11:
    before the entry); then `cross` carries it out (ENTRY, interception.py)."""
    power, origin = move.power, move.at
    cost = step_cost(state, move)
    if not move.free:
        cardplay.pay(state, cp_frame(state), cost)
    formation = formation_id(move.armies[0], origin)
    who = text.formation(formation)               # a leaderless Formation names its Power
    who = who if ":" in formation else f"{power}: {who}"
    state.log.append(f"{who} marches from {geo.name(origin)} to "
                     f"{geo.name(dest)} ({f'{cost} CP, 9.1' if not move.free else 'free'}).")
    stack.push(state, Entry(power=power, formation=formation, duchy=dest, came_from=origin,
                            line=line_kind(state, origin, dest, power), before="",
                            from_control=""))


def cross(state: WellingtonState, entry: Entry) -> None:
    """The declared step is carried out, unless a Response has closed the line since (#9,
    #10: the CP stay spent). Control is noted as it stood before the entry (G.18)."""
    move = move_of(state)
    power, origin, dest = move.power, entry.came_from, entry.duchy
    if entry.cancelled:
        state.log.append(f"The step to {geo.name(dest)} is cancelled ({entry.cancelled}): its "
                         "CP are spent.")
        return
    if not open_line(state, origin, dest):
        state.log.append(f"The line from {geo.name(origin)} to {geo.name(dest)} is closed: "
                         "the step does not happen (its CP are spent).")
        return
    resync(state, move.armies, origin)           # what Responses have left of it
    if not any(present(state, a, origin) for a in move.armies):
        return
    entry.from_control = geo.controller(state, origin)
    entry.before = geo.controller(state, dest)
    entry.friends_before = geo.has_formation(state, dest, SIDE[power])
    for army in move.armies:
        shift(state, army, origin, dest)
        army.marched += 1
    move.came_from, move.at = origin, dest
    move.entered += 1
    settle_left(state, move, origin)
    record_crossing(state, dest, entry.line)
    entry.formation = formation_id(move.armies[0], dest)
    entry.entered = True
    state.log.append(f"{text.formation(entry.formation)} enters {geo.name(dest)} from "
                     f"{geo.name(origin)} across {text.line(entry.line)} (9.1).")
    enemies = [p for p in POWERS[POWERS.index(power) + 1:] + POWERS[:POWERS.index(power)]
               if SIDE[p] != SIDE[power]]
    if move.free != FLANK:                       # #44: no interception, no evasion
        entry.asked = list(enemies)
        entry.defenders = list(enemies)
    entered(state, "move", entry.formation, origin, dest, power)


MOVE_STEP = stack.Stop(
    role=lambda state, frame: move_of(state).power,
    prompt=lambda state, frame: (f"{move_of(state).power}: move on from "
                                 f"{geo.name(move_of(state).at)} "
                                 f"({left_label(state, move_of(state))}), take or leave "
                                 "units, "
                                 "or end the move (9.1, 9.64)."),
    choices=step_choices,
    handlers={"to": _to, "take": _take, "leave": _leave, "join": _join, "invite": _invite,
              "detach": _detach, "halt": _halt},
)


# --- after the interceptions and evasions: attrition, battle, stops (9.4, 9.51, 9.52) ----------


def movement_attrition(state: WellingtonState, entry: Entry) -> None:
    """10.9: after every interception and evasion attempt, the movement attrition of the
    mover (9.41 pass, 9.42 forced march, 9.43 ambush), then of interceptors and evaders."""
    if not entry.entered:
        return
    move = move_of(state)
    if move.free == FLANK:
        return                                   # #44: no attrition
    base = march_causes(entry.line, entry.from_control, entry.before, entry.friends_before,
                        move.power)
    if move.straggling or straggling(state, move.armies):
        base = base + [STRAGGLING]
    asks: list[Frame] = []
    by_causes: dict[tuple[str, ...], list[Army]] = {}   # 13.1: a Formation rolls together
    for army in move.armies:
        causes = base + ([FORCED] if army.marched >= FORCED_MARCH else [])
        by_causes.setdefault(tuple(causes), []).append(army)
    for causes_, armies in by_causes.items():
        attrition(state, entry.duchy, armies, list(causes_),
                  text.formation(formation_id(armies[0], entry.duchy)), asks=asks,
                  chooser=group_chooser(armies))
    owed: dict[tuple[str, tuple[str, ...]], list[Army]] = {}
    for pending in entry.owed:
        owed.setdefault((pending.duchy, tuple(pending.causes)), []).append(pending.army)
    for (duchy, causes_), armies in owed.items():
        attrition(state, duchy, armies, list(causes_),
                  text.formation(formation_id(armies[0], duchy)), asks=asks,
                  chooser=group_chooser(armies))
    push_losses(state, asks)      # 13.1: answered before the battle step (`contact`)


def owe(entry: Entry, army: Army, duchy: str, causes: list[str]) -> None:
    if causes:
        entry.owed.append(Pending(army=army, duchy=duchy, causes=causes))


def contact(state: WellingtonState, entry: Entry) -> None:
    """9.51, 9.7, 10.1: enemy Formations still in the duchy with the mover's side: a battle
    (the battle part pushes its frames, which run before the next step). Should attrition
    have taken the whole mover, friends of it standing there still fight (glossary:
    "Battle", whenever opposing Formations share a duchy), led by their own Formation."""
    if not entry.entered:
        return
    move = move_of(state)
    side = SIDE[move.power]
    duchy = entry.duchy
    if not (geo.has_formation(state, duchy, side)
            and geo.has_formation(state, duchy, geo.enemy_side(side))):
        return
    attacker, formation = move.power, entry.formation
    if not any(present(state, a, duchy) for a in move.armies):
        attacker, formation = standing_formation(state, duchy, side)
    entry.battle = True
    state.log.append(f"Battle at {geo.name(duchy)} (9.51).")
    _BATTLES.get().start(state, duchy, attacker, formation, entry.came_from,
                         bool(entry.interceptors))


def start_battle(state: WellingtonState, duchy: str, attacker: str, formation: str,
                 came_from: str) -> None:
    """A battle an event starts (#16's relief), through the same seam as 9.51's."""
    _BATTLES.get().start(state, duchy, attacker, formation, came_from, False)


def standing_formation(state: WellingtonState, duchy: str, side: str) -> tuple[str, str]:
    """(Power, formation id) of `side`'s Formation in `duchy`: its Commander's, else the
    first Power's leaderless soldiers (impulse order)."""
    chiefs = commanders_at(state, duchy, side)
    leader = state.leading.get(duchy, "")
    if chiefs:
        cid = leader if leader in chiefs else chiefs[0]
        return power_of(cid), cid
    power = next(p for p in POWERS if SIDE[p] == side and building.sp(state, duchy, p))
    return power, f"{power}:{duchy}"


def after_contact(state: WellingtonState, entry: Entry) -> None:
    """9.51: after a battle that was no Overrun (the battle left a BFI marker on the mover)
    the move is over; 9.52: in an enemy fortress duchy the mover stops with a BFI marker."""
    if not entry.entered:
        return
    move = move_of(state)
    if entry.battle:
        resync(state, move.armies, entry.duchy)
    alive = [a for a in move.armies if present(state, a, entry.duchy)]
    move.armies = alive or move.armies
    if not alive:
        move.over = True
        return
    if entry.battle and any(formation_id(a, entry.duchy) in state.bfi for a in alive):
        move.over = True
        return
    if enemy_fortress(state, entry.duchy, move.power) and not (
            move.free == FLANK and not entry.battle):    # #44 bypasses an empty fortress
        move.over = True
        for army in alive:
            fid = formation_id(army, entry.duchy)
            if fid not in state.bfi:
                state.bfi.append(fid)
        state.log.append(f"{text.formation(entry.formation)} stops at "
                         f"{geo.name(entry.duchy)}: an enemy fortress (9.52).")
        for told in FORTRESS_ENTERED:
            told(state, entry.duchy, move.power)


FLOW: stack.Flow = {Move: MOVE, MoveStep: MOVE_STEP, JoinConsent: JOIN_CONSENT,
                    NameCommander: NAME_COMMANDER, CommanderConsent: COMMANDER_CONSENT}
