"""3.0 Bugle: each bugle rolled lets one unit of the roller retreat or try to recover.

"1 unit of any corps may retreat up to 3 hexes moving away from the enemy, or 1 unit may try to
recover SP (core/gettysburg/recovery.py). These actions come BEFORE any other movement or combat
and only on units NOT yet activated this turn. With 2 bugles a unit may retreat and then try to
recover." AMB-05 [R]: any unit of the rolling side; the retreat is counted in hexes, each step
not closer to the nearest enemy, never into a hex next to an enemy, prohibited terrain or an
overstacked hex (passing through friends is allowed); using a bugle activates the unit; the
bugles come before the enemy-flag redeployments. A result no unit can use is lost.
"""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from core import stack
from core.engine import Action as Act, Choice
from core.gettysburg import integrity, recovery
from core.gettysburg import query as q
from core.gettysburg.ground import Ground
from core.gettysburg.frames import BugleRetreat, Bugles, RecoverToo, Round
from core.gettysburg.state import GbState, Unit, enemy

RETREAT_HEXES = 3  # 3.0: up to 3 hexes


def retreat_hexes(state: GbState, uid: str, first: bool = False) -> list[str]:
    """Where `uid` may end a bugle retreat of 1 to 3 hexes (`first`: stop at the first one).
    Worked out once per position (core/gettysburg/ground.py): read it, never change it."""
    return _retreat_of(state, q.unit(state, uid), first, q.ground(state))


def _retreat_of(state: GbState, u: Unit, first: bool, g: Ground) -> list[str]:
    """`retreat_hexes` of unit `u` of `state`, whose ground `g` is at hand."""
    key = ("bugle-retreat", q.positional(u), first)
    known = g.field.memo.get(key)
    if known is None:
        known = g.field.memo[key] = _retreat_hexes(state, u, first, g)
    return known


def _away_from(g: Ground, side: str) -> tuple[frozenset[str], frozenset[str], tuple[int, ...]]:
    """What a bugle retreat of `side` avoids (AMB-05): the enemy's hexes, its ZoC, and the
    hexes within each distance of the nearest enemy (`query.balls`). Worked out once per
    position for every unit of the side."""
    key = ("bugle-away", side)
    known = g.field.memo.get(key)
    if known is None:
        foes = g.hexes[enemy(side)]
        known = g.field.memo[key] = (foes, q.zoc_of(g, enemy(side)), q.balls(foes))
    return known


def _distance(balls: tuple[int, ...], bit: int) -> int:
    """Hexes from the hex of `bit` to the nearest enemy (`query.balls`); 0 when there is no
    enemy on the map (or none it could reach): then every step is "away"."""
    for d, ball in enumerate(balls):
        if ball & bit:
            return d
    return 0


def _retreat_hexes(state: GbState, u: Unit, first: bool, g: Ground) -> list[str]:
    if not u.on_map:
        return []
    uid = u.id
    foes, zoc, balls = _away_from(g, u.side)
    bit = q.bitboard().bit
    closed, occupants = q.closed(uid), g.field.occupants
    side, integrity_on = u.side, state.options.corps_integrity
    start = _distance(balls, bit[u.hex])
    if first:  # (the quick answer: the first hex next to it that will do, as the search's)
        nearer = balls[start - 1] if start else 0
        for n in q.neighbours(u.hex):
            if n in foes or n in zoc or n in closed or nearer & bit[n]:
                continue
            there = occupants.get(n)
            if (there is None or q.room(there, uid, side)) and (
                    not integrity_on or integrity.may_move_to(state, uid, n)):
                return [n]
    seen = {u.hex}
    layer = [(u.hex, start)]  # (a hex, its distance to the enemy)
    ends: set[str] = set()
    for _ in range(RETREAT_HEXES):
        nxt = []
        for h, d in layer:
            nearer = balls[d - 1] if d else 0  # the hexes nearer the enemy than `h`
            for n in q.neighbours(h):
                if n in seen or n in foes or n in zoc or n in closed:
                    continue
                b = bit[n]
                if nearer & b:
                    continue  # AMB-05: every step away from (never toward) the enemy
                seen.add(n)
                nxt.append((n, d if not d or balls[d] & b else d + 1))  # (as far, or farther)
                there = occupants.get(n)  # `can_end_in` (never its own hex: `seen`)
                if (there is None or q.room(there, uid, side)) and (
                        not integrity_on or integrity.may_move_to(state, uid, n)):
                    ends.add(n)
                    if first:
                        return [n]
        layer = nxt
    return sorted(ends)


def usable(state: GbState, side: str) -> list[tuple[str, str]]:
    """(verb, unit) for every bugle use open to `side` now, worked out once per set of units
    (the ground's memo: the step and the menu share it): read it, never change it."""
    g = q.ground(state)
    key = ("bugle-uses", side)
    known = g.memo.get(key)
    if known is None:
        known = g.memo[key] = _uses(state, side, g)
    return known


def _uses(state: GbState, side: str, g: Ground) -> list[tuple[str, str]]:
    quick = not state.options.corps_integrity  # (6.0 asks of each hex: no quick answer)
    balls, open_hexes, bit = _away_from(g, side)[2], q.open_bits(g, side), q.bitboard().bit
    near, enterable = q.neighbour_bit_table(), q.enterable_bit_table()
    printed = q.printed_sp_table()
    out = []
    for u in g.on_map[side]:  # (all on the map: `unit_may_recover`'s first test read inline)
        if u.activated:
            continue
        uid, h = u.id, u.hex
        if (quick and _quick_retreat(near[h] & open_hexes & enterable[uid], balls, bit[h])) or (
                _retreat_of(state, u, True, g)):
            out.append(("bugle-retreat", uid))
        if u.sp < printed[uid] and recovery.unit_may_recover(state, u, g):
            out.append(("bugle-recover", uid))
    return out


def _quick_retreat(steps: int, balls: tuple[int, ...], here: int) -> bool:
    """The quick answer to `retreat_hexes` of a unit on the map, in the hex of bit `here`, from
    the bits of the map: `steps`, the empty hexes next to it, out of the enemy's ZoC
    (`query.open_bits`), that it may enter; one of them not nearer the enemy (AMB-05) will do.
    False: ask the search."""
    if not steps:
        return False
    for d, ball in enumerate(balls):  # (`_distance`, written out: asked of every unit)
        if ball & here:
            return d == 0 or bool(steps & ~balls[d - 1])
    return True  # (no enemy it could reach: every step is away)


def _round(state: GbState) -> Round:
    r = stack.find(state, Round)
    assert r is not None, "no round under way"
    return r


def bugle_step(state: GbState, r: Round) -> None:
    """2.0 / 3.0: the bugles first, one unit at a time."""
    if r.bugles <= 0:
        return
    if not usable(state, r.side):
        state.log.append(f"{r.bugles} bugle result(s) lost: no unit can use them (3.0).")
        r.bugles = 0
        return
    stack.repeat(r)
    stack.push(state, Bugles())


def bugles_prompt(state: GbState, frame: Bugles) -> str:
    n = _round(state).bugles
    return (f"{n} bugle{'s' if n > 1 else ''} (3.0): a unit not yet activated retreats up to 3 "
            "hexes or tries to recover SP (two bugles: retreat, then recover).")


def bugles_choices(state: GbState, frame: Bugles) -> list[Choice]:
    units, index, made = state.units, q.unit_numbers(), _USE_CHOICES
    out = []
    for verb, uid in usable(state, _round(state).side):
        sp = units[index[uid]].sp
        by_sp = made[verb][uid]
        choice = by_sp.get(sp)
        if choice is None:
            choice = by_sp[sp] = _use_choice(verb, uid, sp)
        out.append(choice)
    out.append(_FORGO)
    return out


# verb -> unit -> its SP -> `_use_choice`, each made once (look-ups by strings and an int,
# cheaper than an lru key of three; bounded by the roster's units and SP)
_USE_CHOICES: dict[str, defaultdict[str, dict[int, Choice]]] = {
    "bugle-retreat": defaultdict(dict), "bugle-recover": defaultdict(dict)}


# (one choice, shared by every list: read, never changed)
_FORGO = Choice(Act("pass", None), "Forgo the bugle results", "bugle")


def _use_choice(verb: str, uid: str, sp: int) -> Choice:
    """The choice of bugle use `verb` by `uid` with `sp` SP (made once, `_USE_CHOICES`: the
    same come back all game; the lists share it, so it is read, never changed)."""
    if verb == "bugle-retreat":
        label = f"Bugle: {q.described(uid, sp)} retreats up to 3 hexes"
    else:
        n = q.counters().training_dice(uid)
        label = f"Bugle: {q.described(uid, sp)} tries to recover ({n} dice)"
    return Choice(Act(verb, uid), label, "bugle")


def _bugle_retreat(state: GbState, frame: Bugles, uid: str) -> None:
    stack.done(state, frame)
    stack.push(state, BugleRetreat(unit=uid))


def _bugle_recover(state: GbState, frame: Bugles, uid: str) -> None:
    _round(state).bugles -= 1
    stack.done(state, frame)
    recovery.recover(state, uid)


def _pass(state: GbState, frame: Bugles, _noun: None) -> None:
    r = _round(state)
    state.log.append(f"{r.side} forgoes {r.bugles} bugle result(s).")
    r.bugles = 0
    stack.done(state, frame)


BUGLES = stack.Stop(
    role=lambda state, frame: _round(state).side,
    prompt=bugles_prompt,
    choices=bugles_choices,
    handlers={"bugle-retreat": _bugle_retreat, "bugle-recover": _bugle_recover, "pass": _pass},
)


def retreat_prompt(state: GbState, frame: BugleRetreat) -> str:
    return (f"{q.describe(state, frame.unit)} retreats (3.0 bugle): choose the hex, up to 3 "
            "hexes away from the enemy.")


def retreat_choices(state: GbState, frame: BugleRetreat) -> list[Choice]:
    return [_retreat_choice(frame.unit, h) for h in retreat_hexes(state, frame.unit)]


@lru_cache(maxsize=4096)
def _retreat_choice(uid: str, h: str) -> Choice:
    """The choice of `uid` retreating to `h`, made once (the lists share it: read, never
    changed)."""
    return Choice(Act("to", h), f"{q.name(uid)} retreats to {q.hex_name(h)}", "move")


def _retreat_to(state: GbState, frame: BugleRetreat, h: str) -> None:
    r = _round(state)
    u = q.unit(state, frame.unit)
    q.update(state, frame.unit, hex=h, activated=True)  # AMB-05: the bugle activates it
    r.bugles -= 1
    state.log.append(f"Bugle: {q.name(frame.unit)} retreats {q.hex_name(u.hex)} -> "
                     f"{q.hex_name(h)} (3.0).")
    stack.done(state, frame)
    if r.bugles > 0 and recovery.may_recover(state, frame.unit):
        stack.push(state, RecoverToo(unit=frame.unit))


BUGLE_RETREAT = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=retreat_prompt,
    choices=retreat_choices,
    handlers={"to": _retreat_to},
)


def recover_too_prompt(state: GbState, frame: RecoverToo) -> str:
    return (f"A second bugle: {q.describe(state, frame.unit)} may now try to recover "
            "(3.0: two bugles, retreat then recover).")


def recover_too_choices(state: GbState, frame: RecoverToo) -> list[Choice]:
    n = q.counters().training_dice(frame.unit)
    return [Choice(Act("recover", frame.unit), f"{q.name(frame.unit)} tries to recover "
                   f"({n} dice)", "bugle"),
            Choice(Act("no", None), "Keep the bugle for another unit", "bugle")]


def _recover(state: GbState, frame: RecoverToo, uid: str) -> None:
    _round(state).bugles -= 1
    stack.done(state, frame)
    recovery.recover(state, frame.unit)


def _no(state: GbState, frame: RecoverToo, _noun: None) -> None:
    stack.done(state, frame)


RECOVER_TOO = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=recover_too_prompt,
    choices=recover_too_choices,
    handlers={"recover": _recover, "no": _no},
)
