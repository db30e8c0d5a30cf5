"""Wellington: soldiers and commanders as pieces (1.5, 1.6), building and regrouping (6, 6.1,
6.2, 6.3), and losing SP with change made (1.5, 5.11).

Soldiers are counters (infantry 1 SP, cavalry 2, artillery 4); the counter mix is an absolute
limit (1.5): a counter not on the map or in the Regroup Box is unbuilt and may be built. Change
may be made at any time (1.5): losing 1 SP of a cavalry counter turns it into an infantry
counter when one is unbuilt; otherwise the owner may have to lose more SP than asked (1.5).
"""
from __future__ import annotations

from functools import cache
from math import ceil
from typing import Callable

from core.wellington import flags as geo
from core.wellington import forces, presence
from core.wellington.presence import place_commander, troops_changed
from core.wellington.state import (ADN, ADS, ART, CAV, COUNTER_NAME, COUNTER_TYPES,
                                   ENEMY_SIDE, ENGLAND, FRENCH, GB, INF, REGROUP, SIDE, SP,
                                   SPAIN, UNBUILT, WellingtonState)

SOLDIER_COST = 2               # 6.1: 2 CP per SP
REGROUP_SOLDIER_COST = 1       # 6.2: 1 CP per SP
REGROUP_COMMANDER_COST = 1     # 6.2

# what follows a piece built or regrouped onto the map (power, duchy, piece: "<kind>" 0-2 or
# a commander's id): 6.3's record of a besieged fortress built into and 10.1's interceptions
# (placement.py adds it; it acts only during an impulse)
PLACED_HOOKS: list[Callable[[WellingtonState, str, str, str], None]] = []


# --- pieces ------------------------------------------------------------------------------


def counters(state: WellingtonState, where: str, power: str) -> list[int]:
    """[infantry, cavalry, artillery] of `power` at `where` (a copy; zeros if none)."""
    return list(state.troops.get(where, _NO_TROOPS).get(power, _NO_COUNTERS))


_NO_TROOPS: dict[str, list[int]] = {}    # (read-only defaults of `counters` and `sp`)
_NO_COUNTERS = (0, 0, 0)


def sp(state: WellingtonState, where: str, power: str) -> int:
    counts = state.troops.get(where, _NO_TROOPS).get(power)
    if not counts:
        return 0
    return counts[INF] * SP[INF] + counts[CAV] * SP[CAV] + counts[ART] * SP[ART]


def add(state: WellingtonState, where: str, power: str, kind: int, count: int = 1) -> None:
    here = state.troops.setdefault(where, {}).setdefault(power, [0, 0, 0])
    here[kind] += count
    if here[kind] < 0:
        raise ValueError(f"{power} has no {COUNTER_NAME[kind]} to remove at {where}")
    if not any(here):
        del state.troops[where][power]
        if not state.troops[where]:
            del state.troops[where]
    troops_changed(state, where, power, kind, count)   # (the index of who stands where)


def mix(power: str) -> list[int]:
    """1.5: the counter mix of `power`, [infantry, cavalry, artillery]."""
    m = forces.forces().mix(power)
    return [m.infantry, m.cavalry, m.artillery]


def in_play(state: WellingtonState, power: str) -> list[int]:
    """Counters of `power` on the map, in the England box or the Regroup Box (counted as
    they move: presence.Presence.totals)."""
    return list(presence.of(state).totals.get(power, _NO_COUNTERS))


def unbuilt(state: WellingtonState, power: str) -> list[int]:
    used = in_play(state, power)
    return [m - u for m, u in zip(mix(power), used)]


def commander(cid: str) -> forces.Commander:
    """A commander's counter (1.6): name, Power, Battle Value, Command Value. (Every label
    naming a commander asks: the counters by id, read once; an unknown id is refused by
    `forces.Forces.commander`.)"""
    found = _commanders().get(cid)
    return found if found is not None else forces.forces().commander(cid)


@cache
def _commanders() -> dict[str, forces.Commander]:
    return {c.id: c for c in forces.forces().commanders}


def commanders_at(state: WellingtonState, where: str, power: str | None = None) -> list[str]:
    """The commanders at `where` (of `power` only, if given), in `state.commanders` order."""
    chiefs = presence.of(state).chiefs.get(where, ())
    return [c for c in chiefs if power is None or geo.commander_power(c) == power]


def lose_sp(state: WellingtonState, where: str, power: str, count: int,
            to: str | None = None) -> int:
    """`power` loses `count` SP of soldiers at `where` (smallest counters first, change made
    with unbuilt counters, 1.5); `to`: REGROUP sends them to the Regroup Box instead of
    eliminating them. Returns the SP actually lost (more than `count` when no change can be
    made, 1.5; less when fewer are there)."""
    lost = 0
    while lost < count:
        have = counters(state, where, power)
        if not any(have):
            break
        need = count - lost
        kind = next((t for t in COUNTER_TYPES if have[t] and SP[t] <= need), None)
        if kind is None:
            kind = next(t for t in COUNTER_TYPES if have[t])
            if make_change(state, where, power, kind):
                continue
        add(state, where, power, kind, -1)
        if to:
            add(state, to, power, kind, 1)
        lost += SP[kind]
    return lost


def make_change(state: WellingtonState, where: str, power: str, kind: int) -> bool:
    """1.5: one counter of `kind` changed into smaller counters of the same SP (artillery into
    2 cavalry or 4 infantry, cavalry into 2 infantry), if unbuilt counters allow."""
    free = unbuilt(state, power)
    if kind == CAV and free[INF] >= 2:
        add(state, where, power, CAV, -1)
        add(state, where, power, INF, 2)
        return True
    if kind == ART and free[CAV] >= 2:
        add(state, where, power, ART, -1)
        add(state, where, power, CAV, 2)
        return True
    if kind == ART and free[INF] >= 4:
        add(state, where, power, ART, -1)
        add(state, where, power, INF, 4)
        return True
    return False


def eliminate_commander(state: WellingtonState, cid: str, to: str = UNBUILT) -> None:
    """A commander leaves the map: eliminated (he may be built again, 6.1) or to the Regroup
    Box (6.2); he no longer leads his duchy's Formations (9.53)."""
    where = state.commanders[cid]
    place_commander(state, cid, to)
    if state.leading.get(where) == cid:
        del state.leading[where]


# --- costs (6.1, 6.2) --------------------------------------------------------------------


def commander_cost(cid: str) -> int:
    """6.1: half his Command Value, rounded up (CV 4 -> 2, 6 -> 3, 9 -> 5)."""
    return ceil(commander(cid).cv / 2)


# --- placement (6.3) ---------------------------------------------------------------------


def own_national(state: WellingtonState, power: str, keys_only: bool) -> list[str]:
    """The National duchies (1.21) `power` controls, in map order (Key duchies only with
    `keys_only`). (A duchy whose flag or print is not `power`'s is never its to control:
    that cheap test first.)"""
    flags, printed = state.flags, geo.PRINTED_OWNER
    return [d for d in national_candidates(power, keys_only)
            if (flags.get(d) or printed[d]) == power                   # (`geo.holder`)
            and geo.controller(state, d) == power]


@cache
def national_candidates(power: str, keys_only: bool) -> tuple[str, ...]:
    """The duchies that may be National duchies of `power` (1.21, `flags.is_national`), in
    map order: its printed colour; for Spain every duchy in Spain (National while Spain
    controls it)."""
    if power == SPAIN:
        found = [d for d in geo.duchies() if geo.country(d) == "Spain"]
    else:
        found = [d for d in geo.duchies() if geo.national_power(d) == power]
    return tuple(d for d in found if not keys_only or geo.is_key(d))


def national_places(state: WellingtonState, power: str, keys_only: bool,
                    besieged_ok: bool = False) -> list[str]:
    """6.3: the controlled National duchies of `power` (National Key duchies for
    commanders); the French exception: a French Power none of whose National duchies is
    controlled (or only a besieged Hasty Fort) uses the other French Power's. A besieged
    fortress duchy (enemy Formations in it: a fortress keeps its control, 12.1) only with
    `besieged_ok` (6.3: "possono essere costruiti in un Ducato fortezza sotto assedio", the
    battle at the impulse's end: placement.py); never for Reinforcements (16.2)."""
    own = own_national(state, power, keys_only)
    if SIDE[power] == FRENCH and not any(        # (the French exception: the French only)
            not (d in state.hasty_forts and besieged(state, d)) for d in own):
        other = ADN if power == ADS else ADS
        own = own_national(state, other, keys_only)
    return [d for d in own if besieged_ok or not besieged(state, d)]


def siege_note(state: WellingtonState, duchy: str) -> str:
    """A build or regroup label's warning for a besieged fortress duchy (6.3)."""
    return (" - a besieged fortress: battle there at the impulse's end unless the besiegers "
            "evade (6.3)" if geo.on_map(duchy) and besieged(state, duchy) else "")


def besieged(state: WellingtonState, duchy: str) -> bool:
    """12.1: a fortress duchy holding enemy Formations (an unfortified duchy holding them is
    Uncontrolled, 3.1: never besieged)."""
    if not geo.is_fortress(state, duchy):
        return False
    owner = geo.controller(state, duchy)
    return bool(owner) and geo.has_formation(state, duchy, ENEMY_SIDE[SIDE[owner]])


def soldier_places(state: WellingtonState, power: str, besieged_ok: bool = False) -> list[str]:
    """6.3: where `power` may place a soldier built or regrouped (`besieged_ok`: besieged
    fortress duchies too, with CP); #17 Portuguese Revolt: GB may not build in Portugal this
    turn."""
    places = national_places(state, power, keys_only=False, besieged_ok=besieged_ok)
    if power == GB and any(e.card == 17 for e in state.effects):
        places = [d for d in places if geo.country(d) != "Portugal"]
    return places


def commander_places(state: WellingtonState, power: str, besieged_ok: bool = False
                     ) -> list[str]:
    """6.3: a controlled National Key duchy of his Power (`besieged_ok` as
    `soldier_places`); GB also in England (G.7)."""
    places = national_places(state, power, keys_only=True, besieged_ok=besieged_ok)
    if power == GB and any(e.card == 17 for e in state.effects):
        places = [d for d in places if geo.country(d) != "Portugal"]
    if power == GB:
        places.append(ENGLAND)
    return places


def buildable_commanders(state: WellingtonState, power: str) -> list[str]:
    return [c for c, at in state.commanders.items()
            if at == UNBUILT and geo.commander_power(c) == power]


def regroupable_commanders(state: WellingtonState, power: str) -> list[str]:
    return [c for c, at in state.commanders.items()
            if at == REGROUP and geo.commander_power(c) == power]


def build_options(state: WellingtonState, power: str, cp: int, places: list[str] | None = None,
                  commander_places_: list[str] | None = None,
                  regroup_only_cp: int = 0) -> list[tuple[str, str, int, str]]:
    """Every build or regroup `power` can pay with `cp` (6.1-6.3): (verb, noun, cost, label).
    Nouns: "kind@duchy" for soldiers (kind 0-2), "commander@duchy" for commanders.
    `regroup_only_cp`: CP that may only regroup (16.43), counted on top of `cp` for regroups.
    By default (CP in an impulse) the places include besieged fortress duchies (6.3)."""
    found: dict[str, list[str]] = {}             # the places, worked out when first needed

    def soldiers() -> list[str]:
        if "soldiers" not in found:
            found["soldiers"] = (soldier_places(state, power, besieged_ok=True)
                                 if places is None else places)
        return found["soldiers"]

    def chiefs() -> list[str]:
        if "chiefs" not in found:
            found["chiefs"] = (commander_places(state, power, besieged_ok=True)
                               if commander_places_ is None else commander_places_)
        return found["chiefs"]

    out: list[tuple[str, str, int, str]] = []
    notes: dict[str, str] = {}

    def note(duchy: str) -> str:                 # `siege_note`, asked once per duchy
        found = notes.get(duchy)
        if found is None:
            found = notes[duchy] = siege_note(state, duchy)
        return found

    noted: list[tuple[str, str]] = []            # the soldiers' places and their notes

    def soldiers_noted() -> list[tuple[str, str]]:
        if not noted:
            noted.extend((duchy, note(duchy)) for duchy in soldiers())
        return noted

    # (no soldier is built for less than an infantry counter's cost: no counting then)
    free = unbuilt(state, power) if cp >= SOLDIER_COST * SP[INF] else [0, 0, 0]
    waiting = counters(state, REGROUP, power)
    for kind in COUNTER_TYPES:
        cost = SOLDIER_COST * SP[kind]
        if free[kind] and cost <= cp:
            out.extend(soldier_option("build", kind, duchy, cost, siege)
                       for duchy, siege in soldiers_noted())
        cost = REGROUP_SOLDIER_COST * SP[kind]
        if waiting[kind] and cost <= cp + regroup_only_cp:
            out.extend(soldier_option("regroup", kind, duchy, cost, siege)
                       for duchy, siege in soldiers_noted())
    for cid in buildable_commanders(state, power):
        cost = commander_cost(cid)
        if cost <= cp:
            for duchy in chiefs():
                out.append(("build", f"{cid}@{duchy}", cost,
                            f"Build {commander(cid).name} at "
                            f"{geo.name(duchy)}: {cost} CP (6.1){note(duchy)}"))
    if REGROUP_COMMANDER_COST <= cp + regroup_only_cp:
        for cid in regroupable_commanders(state, power):
            for duchy in chiefs():
                out.append(("regroup", f"{cid}@{duchy}", REGROUP_COMMANDER_COST,
                            f"Regroup {commander(cid).name} to "
                            f"{geo.name(duchy)}: 1 CP (6.2){note(duchy)}"))
    return out


@cache
def soldier_option(verb: str, kind: int, duchy: str, cost: int, note: str
                   ) -> tuple[str, str, int, str]:
    """`build_options`' entry for building ("build", 6.1) or regrouping ("regroup", 6.2) one
    soldier counter of `kind` at `duchy` for `cost` CP, its label ending with `note` (the
    siege note, `siege_note`): made once (every CP listing offers them)."""
    if verb == "build":
        return (verb, f"{kind}@{duchy}", cost, f"Build 1 {COUNTER_NAME[kind]} ({SP[kind]} SP) "
                f"at {geo.name(duchy)}: {cost} CP (6.1){note}")
    return (verb, f"{kind}@{duchy}", cost, f"Regroup 1 {COUNTER_NAME[kind]} ({SP[kind]} SP) "
            f"to {geo.name(duchy)}: {cost} CP (6.2){note}")


def carry_out(state: WellingtonState, power: str, verb: str, noun: str) -> int:
    """Build or regroup as `build_options` offered it; returns the CP it cost. Then what
    follows a placement (`PLACED_HOOKS`: 6.3, 10.1)."""
    what, duchy = noun.split("@")
    if what.isdigit():
        kind = int(what)
        if verb == "build":
            add(state, duchy, power, kind)
            cost = SOLDIER_COST * SP[kind]
        else:
            add(state, REGROUP, power, kind, -1)
            add(state, duchy, power, kind)
            cost = REGROUP_SOLDIER_COST * SP[kind]
        state.log.append(f"{power} {'builds' if verb == 'build' else 'regroups'} 1 "
                         f"{COUNTER_NAME[kind]} at {geo.name(duchy)} ({cost} CP, "
                         f"{'6.1' if verb == 'build' else '6.2'}).")
    else:
        cost = commander_cost(what) if verb == "build" else REGROUP_COMMANDER_COST
        place_commander(state, what, duchy)
        state.log.append(f"{power} {'builds' if verb == 'build' else 'regroups'} "
                         f"{commander(what).name} at {geo.name(duchy)} ({cost} CP, "
                         f"{'6.1' if verb == 'build' else '6.2'}).")
    for hook in PLACED_HOOKS:
        hook(state, power, duchy, what)
    return cost


def new_pieces(state: WellingtonState, duchy: str, power: str) -> tuple[list[int], list[str]]:
    """The counters and commanders of `power` at `duchy` placed there this impulse (6.3), as
    many as are still there (losses strike them as any other piece)."""
    record = state.placed_besieged.get(duchy, [])
    have = counters(state, duchy, power)
    counts = [min(have[kind], record.count(f"{power}/{kind}")) for kind in range(len(have))]
    chiefs = [c for c in record if "/" not in c and state.commanders.get(c) == duchy
              and commander(c).power == power]
    return counts, chiefs
