"""Wellington: control of a duchy (3.0, 3.1) and flags (7, 7.1, 8.1, 9.62), and the board
queries every part shares (the map is maps/wellington.toml, loaded by maps.wellington).

Control (3.1): with no flag and no enemy Formation the printed owner controls a duchy; a flag
with no enemy Formation gives it to the flag's Power; an enemy Formation in an *unfortified*
duchy cancels control (Uncontrolled) until it places its flag; a fortress duchy stays its
owner's whatever enemy stands there (Uncontrolled for the besieger only).

Flags cost 1 CP each to place, remove or change (7.1): in an unfortified duchy where the Power
has a Formation, or in a duchy adjacent to one of its Armies standing in a friendly duchy
(no enemy Formation, no fortress there, and no enemy Army able to intercept: G.21, simply not
allowed). Free flags (11.9 Flag Overrun, 12.3 a siege won, 4.3 end of turn) use the same
choice with `free`.
"""
from __future__ import annotations

import threading
from functools import cache

from core.wellington import forces, presence
from core.wellington.state import ENEMY_SIDE, ENGLAND, GB, SIDE, SPAIN, WellingtonState
from maps import wellington as wellington_map
from maps.board import Board

# --- the board ---------------------------------------------------------------------------


@cache
def board() -> Board:
    return wellington_map.load()


@cache
def duchies() -> tuple[str, ...]:
    """Every duchy of the map (off-map boxes excluded), in map order."""
    return tuple(wellington_map.DUCHIES)


def on_map(place: str) -> bool:
    return place in ON_MAP


# the places on the map (the off-map boxes excluded), read once
ON_MAP = frozenset(lid for lid, location in board().locations.items() if not location.offmap)


@cache
def printed_owner(duchy: str) -> str:
    """3.1, 1.21: the Power controlling the duchy with no flag and no enemy Formation: its
    colour, or the printed blue dot (AdN) / green triangle (AdS) on a Spanish duchy."""
    return wellington_map.PRINTED_OWNER[duchy]


@cache
def country(duchy: str) -> str:
    """Spain, Portugal, France or Gibraltar (1.21)."""
    return wellington_map.country_of(duchy)


@cache
def is_key(duchy: str) -> bool:
    return duchy in wellington_map.KEYS


@cache
def is_capital(duchy: str) -> bool:
    return duchy in wellington_map.CAPITALS


@cache
def is_occupied(duchy: str) -> bool:
    """1.21 (G.8): a Spanish duchy printed with a French symbol."""
    return duchy in wellington_map.OCCUPIED_NORD or duchy in wellington_map.OCCUPIED_SUD


@cache
def printed_fortresses() -> dict[str, int]:
    """1.21: the printed fortresses and their strength, read once."""
    return dict(wellington_map.FORTRESSES)


def fortress_strength(state: WellingtonState, duchy: str) -> int:
    """12.3: 3, Gibraltar 5 (printed), a Hasty Fort 2 (#37); 0 for no fortress."""
    printed = _FORTRESS_STRENGTH.get(duchy, 0)
    if printed:
        return printed
    return HASTY_FORT if duchy in state.hasty_forts else 0


HASTY_FORT = 2                           # 12.3, #37
_FORTRESS_STRENGTH = dict(wellington_map.FORTRESSES)   # (`printed_fortresses`, for the rules)
PRINTED_FORTRESSES = frozenset(d for d, strength in _FORTRESS_STRENGTH.items() if strength > 0)


def is_fortress(state: WellingtonState, duchy: str) -> bool:
    """12.3: a printed fortress (every one has a strength) or a Hasty Fort."""
    return duchy in PRINTED_FORTRESSES or duchy in state.hasty_forts


@cache
def neighbours(duchy: str) -> tuple[str, ...]:
    """The duchies joined to `duchy` by a March Line (1.23), read once per duchy."""
    return tuple(wellington_map.neighbours(duchy))


@cache
def line(a: str, b: str) -> str:
    """The March Line between two adjacent duchies: open, broken, pass or river (1.22)."""
    return wellington_map.line_kind(a, b)


def blocked(state: WellingtonState, a: str, b: str) -> bool:
    """#9, #10: nothing may cross a blocked line."""
    return bool(state.blocked) and (f"{a}|{b}" in state.blocked or f"{b}|{a}" in state.blocked)


@cache
def national_power(duchy: str) -> str:
    """1.21: the Power whose colour the duchy is printed in: British (Portugal, Gibraltar),
    each French Power's four duchies in France, Spain's yellow duchies. Spain's National
    duchies in play are the Spanish-controlled duchies in Spain (see `is_national`)."""
    return str(board().location(duchy).props["national"])


# --- pieces present ----------------------------------------------------------------------


# Who is present at each place comes from the state's index (core/wellington/presence.py),
# kept up to date by the two writers of pieces. While the rules only read a state (listing the
# legal actions, asking who holds a playable Response), who controls each duchy is worked out
# once per duchy in a `reading` block, then remembered until the block ends (nothing may
# change the pieces, the flags or the Hasty Forts meanwhile: those are all control depends on,
# 3.1). Outside a block it is worked out from the state itself. Each thread keeps its own open
# blocks (the computer thinks in a worker thread).
class Reading:
    """`with reading(state):` (below), and what the block has found out of its state,
    remembered as asked: a duchy's controller (3.1). Callers change nothing here. (One object
    per block: listing the choices opens one.)"""

    __slots__ = ("state", "controllers")

    def __init__(self, state: WellingtonState) -> None:
        self.state = state
        self.controllers: dict[str, str] = {}

    def __enter__(self) -> Reading:
        _BLOCKS.open.append(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        _BLOCKS.open.pop()


class _Blocks(threading.local):
    def __init__(self) -> None:
        self.open: list[Reading] = []


_BLOCKS = _Blocks()


def reading(state: WellingtonState) -> Reading:
    """Inside the block, `controller` of `state` is remembered per duchy (the block must not
    change the pieces, the flags or the Hasty Forts)."""
    return Reading(state)


def powers_present(state: WellingtonState, duchy: str) -> set[str] | frozenset[str]:
    """The Powers with a soldier or commander in `duchy` (a Formation, 1.6), from the index.
    Callers must not change the set returned."""
    return presence.of(state).powers.get(duchy, presence.NOBODY)


_MAP_ORDER = {duchy: i for i, duchy in enumerate(wellington_map.DUCHIES)}   # (`duchies`)


def places_of(state: WellingtonState, power: str) -> set[str]:
    """Where `power` has a soldier or a commander: the places whose `powers_present` hold it."""
    return {where for where, powers in presence.of(state).powers.items() if power in powers}


@cache
def commanders_of(power: str) -> tuple[str, ...]:
    """The ids of `power`'s commanders (1.6), read once."""
    return tuple(c.id for c in forces.forces().commanders if c.power == power)


commander_power = presence.commander_power      # a commander's Power (1.6), read once


def has_formation(state: WellingtonState, duchy: str, side: str) -> bool:
    """A soldier or commander of `side` in `duchy` (1.6), from the index."""
    for power in presence.of(state).powers.get(duchy, presence.NOBODY):
        if SIDE[power] == side:
            return True
    return False


def enemy_side(side: str) -> str:
    return ENEMY_SIDE[side]


# --- control (3.1) -----------------------------------------------------------------------


def holder(state: WellingtonState, duchy: str) -> str:
    """The Power whose flag or print holds the duchy, ignoring Formations."""
    return state.flags.get(duchy) or PRINTED_OWNER[duchy]          # (`printed_owner`)


def controller(state: WellingtonState, duchy: str) -> str:
    """3.1: the controlling Power, or "" for Uncontrolled (an enemy Formation in an
    unfortified duchy)."""
    blocks = _BLOCKS.open
    if blocks and blocks[-1].state is state:     # (once per duchy in the open block)
        controllers = blocks[-1].controllers
        owner = controllers.get(duchy)
        if owner is None:
            owner = controllers[duchy] = controller_now(state, duchy)
        return owner
    return controller_now(state, duchy)


def controller_now(state: WellingtonState, duchy: str) -> str:
    """`controller` worked out from the state itself (what a `reading` block remembers;
    victory.still_no_conquest writes the same out for its four duchies)."""
    owner = state.flags.get(duchy) or PRINTED_OWNER[duchy]       # `holder`
    if not owner:
        return ""
    if duchy in PRINTED_FORTRESSES or duchy in state.hasty_forts:  # `is_fortress`
        return owner
    present = presence.of(state).powers.get(duchy)
    if present:                                  # (`has_formation` of the enemy, written out)
        enemy = ENEMY_SIDE[SIDE[owner]]
        for power in present:
            if SIDE[power] == enemy:
                return ""
    return owner


PRINTED_OWNER = dict(wellington_map.PRINTED_OWNER)


def friendly(state: WellingtonState, duchy: str, power: str) -> bool:
    """8.1: controlled by the Power or its ally (a besieged fortress is not friendly to the
    besieger: Uncontrolled for it, 3.1)."""
    owner = controller(state, duchy)
    return bool(owner) and SIDE[owner] == SIDE[power]


def enemy(state: WellingtonState, duchy: str, power: str) -> bool:
    """Glossary: controlled by an opposing Power and holding no friendly Formation."""
    owner = controller(state, duchy)
    return bool(owner) and SIDE[owner] != SIDE[power] \
        and not has_formation(state, duchy, SIDE[power])


def controlled_by(state: WellingtonState, power: str) -> list[str]:
    return [d for d in duchies() if controller(state, d) == power]


def is_national(state: WellingtonState, duchy: str, power: str) -> bool:
    """1.21: a National duchy of `power`: its printed colour, and for Spain every duchy in
    Spain it controls."""
    if power == SPAIN:
        return country(duchy) == "Spain" and controller(state, duchy) == SPAIN
    return national_power(duchy) == power


def keys_of(state: WellingtonState, power: str) -> list[str]:
    """1.9: the Key duchies `power` controls (the Control Chart)."""
    return [d for d in duchies() if is_key(d) and controller(state, d) == power]


# --- flags (7) ---------------------------------------------------------------------------


def flag_room(state: WellingtonState, side: str) -> bool:
    """1.7: `side` has a flag left to place."""
    return flags_of_side(state, side) < flag_limit(side)


@cache
def flag_limit(side: str) -> int:
    """1.7: 35 French and 45 Allied flags, an absolute limit."""
    return forces.forces().flag_limit(side)


def flags_of_side(state: WellingtonState, side: str) -> int:
    return sum(1 for p in state.flags.values() if SIDE[p] == side)


def set_flag(state: WellingtonState, duchy: str, power: str, why: str) -> None:
    """Place `power`'s flag in `duchy` (7: one flag per duchy, placing removes any other);
    the printed owner never places its own flag (7): its flag is simply removed."""
    presence.control_changed(state)
    if printed_owner(duchy) == power:
        state.flags.pop(duchy, None)
        state.log.append(f"{power} removes the flag at {name(duchy)}: it reverts to its "
                         f"printed owner ({why}).")
        return
    state.flags[duchy] = power
    state.log.append(f"{power} places its flag at {name(duchy)} ({why}).")


def remove_flag(state: WellingtonState, duchy: str, power: str, why: str) -> None:
    """7.1: removing a flag returns the duchy to its printed owner."""
    gone = state.flags.pop(duchy, None)
    presence.control_changed(state)
    state.log.append(f"{power} removes the {gone} flag at {name(duchy)}: it reverts to "
                     f"{printed_owner(duchy)} ({why}).")


def name(duchy: str) -> str:
    return _NAMES.get(duchy, duchy)


# location id -> its printed name, read once (every label names places: asked very often)
_NAMES = {lid: location.name for lid, location in board().locations.items()}


def flag_options(state: WellingtonState, duchy: str, power: str,
                 room: bool | None = None) -> list[str]:
    """What `power` may do with the flag of `duchy` (7, 8.1), as nouns of one choice each:
    a Power whose flag it places, or "-" to remove the flag present. Empty: nothing.
    `room`: `flag_room(state, SIDE[power])` when the caller knows it already."""
    side = SIDE[power]
    owner = holder(state, duchy)
    printed = printed_owner(duchy)
    out: list[str] = []
    present = state.flags.get(duchy, "")
    if owner and SIDE[owner] == side:
        return out                     # 8.1: never on a duchy the side controls already
    # an enemy flag stands or an enemy print holds the duchy
    if room is None:
        room = flag_room(state, side)
    if present and SIDE.get(printed, "") == side:
        out.append("-")                # 7: removing an enemy flag from a friendly print
    if printed != power and room:
        out.append(power)
    if power == GB and is_occupied(duchy) and room:
        out.append(SPAIN)              # 7: GB may place a Spanish flag in an Occupied duchy
    if present and not out:
        out.append("-")
    return out


def intercept_threat(state: WellingtonState, duchy: str, power: str,
                     enemy_armies: set[str] | None = None) -> bool:
    """7.1, G.21: an enemy Army adjacent to `duchy` that could intercept into it (a
    commander, not across a River or a blocked line, without a BFI marker: 10.3).
    `enemy_armies`: `enemy_army_places(state, power)` when the caller has it already."""
    if enemy_armies is None:
        enemy_armies = enemy_army_places(state, power)
    for other in neighbours(duchy):
        if other in enemy_armies and line(duchy, other) != "river" \
                and not blocked(state, duchy, other):
            return True
    return False


def enemy_army_places(state: WellingtonState, power: str) -> set[str]:
    """Where `power`'s enemies have a commander without a BFI marker (10.3)."""
    side = SIDE[power]
    bfi = state.bfi
    return {where for commander, where in state.commanders.items()
            if SIDE[commander_power(commander)] != side and commander not in bfi}


def cp_flag_targets(state: WellingtonState, power: str, room: bool | None = None) -> list[str]:
    """7.1: the duchies where `power` may spend 1 CP on a flag now: in its unfortified duchy
    free of enemy Formations, where it has a Formation (`may_flag_with_formation`) or that is
    adjacent, across an open line, to one of its Armies standing in a friendly duchy, with no
    enemy Army able to intercept into it. `room`: `flag_room(state, SIDE[power])` when the
    caller knows it already."""
    side = SIDE[power]
    enemy = ENEMY_SIDE[side]
    reach: set[str] = set()             # next to an Army of `power` in a friendly duchy
    commanders = state.commanders
    for commander in commanders_of(power):
        where = commanders.get(commander, "")
        if where in ON_MAP and friendly(state, where, power):
            if state.blocked:
                reach.update(d for d in neighbours(where) if not blocked(state, where, d))
            else:                       # (no line is blocked: every neighbour)
                reach.update(neighbours(where))
    # (a duchy neither in reach nor holding a Formation of `power` is never a target)
    candidates = reach | places_of(state, power)
    if room is None:
        room = flag_room(state, side)
    hasty = state.hasty_forts
    flags = state.flags
    enemy_armies: set[str] | None = None
    out: list[str] = []
    order = _MAP_ORDER                  # (the candidates on the map, in map order)
    # (the cheap tests first, before sorting: unfortified, not held by the side's flag or
    # print, which is `flag_options`' first test)
    open_ = [d for d in candidates if d in order and d not in PRINTED_FORTRESSES
             and d not in hasty and SIDE.get(flags.get(d) or PRINTED_OWNER[d], "") != side]
    for duchy in sorted(open_, key=order.__getitem__):
        if not flag_options(state, duchy, power, room):
            continue
        if has_formation(state, duchy, enemy):
            continue
        if not may_flag_with_formation(state, duchy, power):
            if duchy not in reach:
                continue
            if enemy_armies is None:
                enemy_armies = enemy_army_places(state, power)
            if intercept_threat(state, duchy, power, enemy_armies):
                continue
        out.append(duchy)
    return out


def may_flag_with_formation(state: WellingtonState, duchy: str, power: str) -> bool:
    """7.1: a Formation of `power` in the unfortified duchy; 9.62: not while the Formations
    there follow an allied Commander."""
    if power not in powers_present(state, duchy):
        return False
    leader = state.leading.get(duchy, "")
    return not leader or commander_power(leader) == power



def by_sea(duchy: str, came_from: str) -> bool:
    """A Formation that entered `duchy` from `came_from` by sea (the England box, or a duchy
    not adjacent): its retreat there is a retreat to sea, with attrition (9.44, 14.2, 14.3)."""
    return bool(came_from) and (came_from == ENGLAND or came_from not in neighbours(duchy))
