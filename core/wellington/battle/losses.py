"""Battle losses (11.5, 11.51, 11.53, 11.7) and the counters that take them (1.5).

Every 6 eliminates one enemy SP at once; every 5 disorganises one *surviving* enemy SP
(11.5). Eliminations are shared as evenly as possible among the allied Powers of a side, the
Power of the side's Commander choosing who takes an odd one (11.51, `BattleSplit`); a
commander is eliminated only once no soldier SP of his side is left (11.51), staff officers
before the Commander (a reading), and goes off the map (he may be built again, 6.1). Each
Power chooses which of its counters lose the SP (`BattleCasualty`: one SP at a time, change
made as 1.5 allows; asked only when it has a real choice).

Disorganisation is a count (`Battle.marked`): the side's disorganised units still in the
battle. From round 2 on, eliminations strike disorganised units first (11.53); a Rout
eliminates every disorganised unit of the loser (11.7).
"""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice
from core.wellington import building
from core.wellington import flags as geo
from core.wellington.presence import place_commander
from core.wellington import text
from core.wellington.battle import sides
from core.wellington.frames.battle import Battle, BattleCasualty, BattleSplit
from core.wellington.state import (ART, CAV, COUNTER_TYPES, INF, SIDE, SP, UNBUILT,
                                   WellingtonState)


def eliminate(state: WellingtonState, battle: Battle, side: str, count: int, why: str) -> None:
    """`side` loses `count` units in the battle duchy (11.51): soldiers first, shared among
    its Powers; then commanders, staff officers first. Pushes the choices it needs."""
    duchy = battle.duchy
    soldiers = sides.soldier_sp(state, duchy, side)
    on_soldiers = min(count, soldiers)
    on_commanders = min(count - on_soldiers, len(sides.commanders(state, duchy, side)))
    if on_soldiers:
        share(state, battle, side, on_soldiers, why)
    if on_commanders:
        doomed = sorted(sides.staff(state, battle, side),
                        key=lambda c: (sides.battle_value(state, battle, c), c))
        doomed.append(battle.commander.get(side, ""))
        for commander in [c for c in doomed if c][:on_commanders]:
            building.eliminate_commander(state, commander)
            battle.eliminated[side] = battle.eliminated.get(side, 0) + 1
            battle.records.append((why, geo.commander_power(commander), commander))
            state.log.append(f"{building.commander(commander).name} is eliminated: no soldier "
                             f"of his side is left to take the loss ({why}, 11.51).")


def share(state: WellingtonState, battle: Battle, side: str, count: int, why: str) -> None:
    """11.51: as evenly as possible among the side's Powers with soldiers there."""
    duchy = battle.duchy
    holding = [p for p in sides.powers(state, duchy, side) if building.sp(state, duchy, p)]
    shares = even_shares({p: building.sp(state, duchy, p) for p in holding}, count)
    if len(shares) == 2 and odd_choice(shares, {p: building.sp(state, duchy, p)
                                                for p in holding}):
        chooser = sides.army_power(state, battle, side)
        stack.push(state, BattleSplit(power=chooser, side=side, count=count, why=why))
        return
    take(state, battle, shares, why)


def even_shares(capacity: dict[str, int], count: int) -> dict[str, int]:
    """`count` shared as evenly as possible, no Power above what it has; an odd one left to
    the first Power (the chooser may move it, `odd_choice`)."""
    shares = {p: 0 for p in capacity}
    left = count
    while left:
        open_ = [p for p in capacity if shares[p] < capacity[p]]
        if not open_:
            break
        for p in sorted(open_, key=lambda p: shares[p]):
            if left:
                shares[p] += 1
                left -= 1
    return shares


def odd_choice(shares: dict[str, int], capacity: dict[str, int]) -> bool:
    """Two Powers, an odd elimination that either could take."""
    a, b = shares
    total = shares[a] + shares[b]
    return total % 2 == 1 and abs(shares[a] - shares[b]) == 1 and all(
        total // 2 + 1 <= capacity[p] for p in (a, b))


def take(state: WellingtonState, battle: Battle, shares: dict[str, int], why: str) -> None:
    for power, count in reversed(list(shares.items())):
        if count:
            lose(state, battle.duchy, power, count, why, battle=battle)


def split_choices(state: WellingtonState, frame: BattleSplit) -> list[Choice]:
    battle = current(state)
    capacity = {p: building.sp(state, battle.duchy, p)
                for p in sides.powers(state, battle.duchy, frame.side)
                if building.sp(state, battle.duchy, p)}
    low = frame.count // 2
    return [Choice(Action("odd-to", p), f"{p} takes the odd elimination: "
                   + ", ".join(f"{q} loses {low + (q == p)} SP" for q in capacity)
                   + " (11.51)", "losses")
            for p in capacity if low + 1 <= capacity[p]]


def _odd_to(state: WellingtonState, frame: BattleSplit, power: str) -> None:
    stack.done(state, frame)
    battle = current(state)
    holding = [p for p in sides.powers(state, battle.duchy, frame.side)
               if building.sp(state, battle.duchy, p)]
    low = frame.count // 2
    take(state, battle, {p: low + (p == power) for p in holding}, frame.why)


BATTLE_SPLIT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {frame.count} eliminations to share between "
                                 "the allied Powers: who takes the odd one (11.51)?"),
    choices=split_choices,
    handlers={"odd-to": _odd_to},
)


# --- which counters (1.5) ----------------------------------------------------------------


def lose(state: WellingtonState, where: str, power: str, count: int, why: str,
         to: str = "", battle: Battle | None = None) -> None:
    """`power` loses `count` SP of soldiers at `where`: at once when it has no choice, else
    one SP at a time by its choice (`BattleCasualty`)."""
    frame = BattleCasualty(power=power, where=where, left=count, why=why, to=to)
    settle_casualty(state, frame, battle)
    if frame.left > 0 and building.sp(state, where, power):
        stack.push(state, frame)


def kinds(state: WellingtonState, where: str, power: str) -> list[int]:
    return [t for t in COUNTER_TYPES if building.counters(state, where, power)[t]]


def settle_casualty(state: WellingtonState, frame: BattleCasualty,
                    battle: Battle | None = None) -> None:
    """Take the losses that leave no choice: everything when the loss is all the SP there,
    or one kind of counter only."""
    while frame.left > 0 and building.sp(state, frame.where, frame.power):
        present = kinds(state, frame.where, frame.power)
        if len(present) > 1 and frame.left < building.sp(state, frame.where, frame.power):
            return
        lose_one(state, frame, present[0], battle)


def lose_one(state: WellingtonState, frame: BattleCasualty, kind: int,
             battle: Battle | None) -> None:
    """Loss from a counter of `kind` (1.5): the whole counter when the SP still to lose
    cover it, else 1 SP with change made (an artillery into cavalry or infantry, a cavalry
    into infantry); with no unbuilt counter to change into, the whole counter goes (1.5:
    more SP than asked)."""
    if frame.left >= SP[kind] or kind == INF:
        remove(state, frame, kind)
        return account(state, frame, SP[kind], battle)
    before = building.counters(state, frame.where, frame.power)
    if not building.make_change(state, frame.where, frame.power, kind):
        remove(state, frame, kind)
        return account(state, frame, SP[kind], battle)
    after = building.counters(state, frame.where, frame.power)
    smaller = CAV if kind == ART and after[CAV] > before[CAV] else INF
    lose_one(state, frame, smaller, battle)


def remove(state: WellingtonState, frame: BattleCasualty, kind: int) -> None:
    building.add(state, frame.where, frame.power, kind, -1)
    if frame.to:
        building.add(state, frame.to, frame.power, kind, 1)


def account(state: WellingtonState, frame: BattleCasualty, gone: int,
            battle: Battle | None) -> None:
    frame.left -= gone
    where = "to the Regroup Box" if frame.to else "eliminated"
    state.log.append(f"{frame.power} loses {gone} SP at {geo.name(frame.where)}, {where} "
                     f"({frame.why}).")
    if battle is not None and not frame.to:
        side = SIDE[frame.power]
        battle.eliminated[side] = battle.eliminated.get(side, 0) + gone
        battle.records += [(frame.why, frame.power, "sp")] * gone


# --- losses a card takes back (#48, #49, #79) --------------------------------------------------


def record_attrition(battle: Battle, why: str, before: dict[str, tuple[int, list[str]]],
                     state: WellingtonState) -> int:
    """Record, as eliminations of the battle, what `why`'s attrition took from the pieces
    `before` (Power -> SP, commanders) in the battle duchy; the number of units lost."""
    lost = 0
    for power, (sp, chiefs) in before.items():
        gone_sp = sp - building.sp(state, battle.duchy, power)
        gone = [c for c in chiefs if state.commanders.get(c) != battle.duchy]
        battle.records += [(why, power, "sp")] * gone_sp + [(why, power, c) for c in gone]
        lost += gone_sp + len(gone)
        side = SIDE[power]
        battle.eliminated[side] = battle.eliminated.get(side, 0) + gone_sp + len(gone)
    return lost


def pieces(state: WellingtonState, battle: Battle, side: str) -> dict[str, tuple[int, list[str]]]:
    """`side`'s SP and commanders in the battle duchy, by Power."""
    return {p: (building.sp(state, battle.duchy, p), building.commanders_at(state, battle.duchy, p))
            for p in sides.powers(state, battle.duchy, side)}


def restore(state: WellingtonState, battle: Battle, side: str, count: int,
            cause: str = "") -> int:
    """Take back up to `count` of `side`'s eliminated units (those whose record's why begins
    with `cause`, when given), the latest first: an SP comes back as an infantry counter of
    its Power (1.5; none left unbuilt: it stays lost), a commander to the battle duchy.
    Returns how many came back; they are no longer counted for the Plunder (11.10)."""
    back = 0
    for index in range(len(battle.records) - 1, -1, -1):
        if back >= count:
            break
        why, power, piece = battle.records[index]
        if SIDE[power] != side or not why.startswith(cause):
            continue
        if piece == "sp":
            if building.unbuilt(state, power)[INF] < 1:
                continue
            building.add(state, battle.duchy, power, INF, 1)
        elif state.commanders.get(piece) == UNBUILT:
            place_commander(state, piece, battle.duchy)
        else:
            continue
        del battle.records[index]
        battle.eliminated[side] = max(0, battle.eliminated.get(side, 0) - 1)
        back += 1
    if back:
        state.log.append(f"{back} eliminated unit{'s' if back != 1 else ''} of "
                         f"{text.side(side)} come"
                         f"{'' if back != 1 else 's'} back to {geo.name(battle.duchy)}.")
    return back


def casualty_choices(state: WellingtonState, frame: BattleCasualty) -> list[Choice]:
    out = []
    for kind in kinds(state, frame.where, frame.power):
        what = text.counter_loss(kind, frame.left)
        out.append(Choice(Action("lose", kind), f"{what}: {frame.left} SP to lose "
                          f"({frame.why})", "losses"))
    return out


def _lose(state: WellingtonState, frame: BattleCasualty, kind: int) -> None:
    battle = stack.find(state, Battle)
    lose_one(state, frame, kind, battle)
    settle_casualty(state, frame, battle)
    if frame.left <= 0 or not building.sp(state, frame.where, frame.power):
        stack.done(state, frame)


BATTLE_CASUALTY = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {frame.left} SP to lose at "
                                 f"{geo.name(frame.where)} ({frame.why}): from which counter "
                                 "(1.5, 11.5)?"),
    choices=casualty_choices,
    handlers={"lose": _lose},
)


# --- disorganisation (11.5, 11.53) and the rout (11.7) -------------------------------------


def disorganise(state: WellingtonState, battle: Battle, side: str, count: int) -> None:
    """Each 5 disorganises one surviving unit; results beyond them stay on the Casualty
    Display (they still count as losses and cost round-2 dice, 11.53)."""
    alive = sides.units(state, battle.duchy, side)
    battle.marked[side] = min(battle.marked.get(side, 0) + count, alive)


def current(state: WellingtonState) -> Battle:
    battle = stack.find(state, Battle)
    assert battle is not None, "no battle is being fought"
    return battle
