"""Movement (4.0-4.2) and reinforcement entry (7.0): where a unit may go, and the MoveTo stop.

4.0: each terrain has an MP cost to enter (5.3.1); a road hexside costs 1/2 MP and replaces the
terrain (AMB-11 [R]; here it replaces the terrain's STOP too, so a road runs through the town);
a stream hexside costs 2 MP in total and ends the move, unless a road bridges it (AMB-13 [R]);
wooded hills and urban hexes end the move; a unit cannot enter a hex it lacks the MP for.
Entering 2-MP terrain or crossing a stream forbids fire in the same action; any road step
forbids an attack at the end of the move (strategic movement). No cavalry on wooded (or rough)
hills, no artillery in B7 / D8.
4.1: stacking is checked where the move ends; friendly units may be passed through (AMB-21).
4.2: entering a hex next to an enemy ends the move; a unit starting next to the enemy may not
step straight into another such hex, nor end next to an enemy (AMB-10 [R]; option: once out,
it may re-enter one and stop).
7.0: a reinforcement enters spending its first 1/2 MP in its entry hex, as road movement.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from core import stack
from core.engine import Action as Act, Choice
from core.gettysburg import integrity
from core.gettysburg import query as q
from core.gettysburg.frames import Activation, Engagement, MoveTo
from core.gettysburg.state import ON_MAP, GbState, enemy

HALF = 2  # MP are counted in halves: a road hex costs 1/2 MP (4.0)


@dataclass(frozen=True, eq=False)
class Reach:
    """How a unit can get to a hex: `road` (a road step: no attack, AMB-11), `heavy` (entered
    2-MP terrain or crossed a stream: no fire, 4.0). `clean` = neither: it may still fire.
    Made only in `_REACH`, one object for each way, so it is compared and hashed as itself
    (the choice labels are looked up by it at every move)."""

    road: bool
    heavy: bool

    @property
    def clean(self) -> bool:
        return not self.road and not self.heavy

    def note(self) -> str:
        if self.road:
            return "road move: no attack after it (4.0)"
        if self.heavy:
            return "2-MP terrain or stream: no fire after it (4.0)"
        return ""


def reach(state: GbState, uid: str, *, entering: bool = False, factor: int = 1,
          shun_enemy: bool = False, end_clear: bool = False) -> dict[str, Reach]:
    """Every hex `uid` may end its move in, with the best way to get there (a way that still
    allows fire first). `entering`: from off the map through its entry hex (7.0); `factor`:
    MP multiplier (7.1 night: x 2); `shun_enemy`: may never enter a hex next to an enemy (7.1);
    `end_clear`: may not end next to an enemy (4.31 evasion). Worked out once per position
    (core/gettysburg/ground.py), and where no enemy is near, the search the terrain alone makes
    is kept for every position (`_quiet_search`): read the answer, never change it."""
    memo = q.ground(state).field.memo
    key = ("reach", q.positional(q.unit(state, uid)), entering, factor, shun_enemy, end_clear)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _reach(state, uid, entering, factor, shun_enemy, end_clear)
    return known


@cache
def _ways(stream_cost: str) -> dict[str, tuple[tuple[str, int, bool, bool, bool], ...]]:
    """Each step out of each hex, priced once per `stream_cost` option (4.0, AMB-11, AMB-13):
    (neighbour, cost in half MP, along a road, the move stops there, heavy: 2-MP terrain
    entered or a stream crossed)."""
    out = {}
    for h in q.board().hexes:
        ways = []
        for n, along_road, on_stream, mp, stop_terrain in q.steps(h):
            crossing = on_stream and not along_road  # a road bridges the stream (AMB-13)
            if along_road:
                step = 1
            elif crossing:
                step = (mp + 2 if stream_cost == "+2" else max(2, mp)) * HALF
            else:
                step = mp * HALF
            stop = crossing or (not along_road and stop_terrain)
            heavy = not along_road and (mp >= 2 or crossing)
            ways.append((n, step, along_road, stop, heavy))
        out[h] = tuple(ways)
    return out


_REACH = {(road, heavy): Reach(road, heavy) for road in (False, True) for heavy in (False, True)}


def _reach(state: GbState, uid: str, entering: bool, factor: int, shun_enemy: bool,
           end_clear: bool) -> dict[str, Reach]:
    u = q.unit(state, uid)
    side = u.side
    allowance = q.kind(uid).mp * HALF * factor
    g = q.ground(state)
    start = u.entry if entering else u.hex
    if not start:
        return {}
    closed = q.closed(uid)
    if entering and not q.may_enter(uid, start):
        return {}
    stream_cost = state.options.stream_cost
    foes = q.side_bits(g, enemy(side))
    quiet = _quiet_searches.get((start, entering, allowance, closed, stream_cost))
    if quiet is None and not _around(start, allowance + 2) & foes:
        quiet = _quiet_search(start, entering, allowance, closed, stream_cost)
    if quiet is not None and not quiet[1] & foes:
        ends = quiet[2]  # no enemy near: the search the terrain alone makes
        zoc: frozenset[str] = frozenset()  # (and none of its hexes in a ZoC)
    else:
        enemy_hexes = g.hexes[enemy(side)]
        zoc = q.zoc_of(g, enemy(side))
        if entering and (start in enemy_hexes or (shun_enemy and start in zoc)):
            return {}
        started_in_zoc = not entering and start in zoc
        stay_out = started_in_zoc and state.options.leave_zoc == "never re-enter"
        ends = _best_ways(_search(start, entering, allowance, _ways(stream_cost),
                                  enemy_hexes | closed, zoc, shun_enemy or stay_out,
                                  started_in_zoc))
    occupants, integrity_on = g.field.occupants, state.options.corps_integrity
    out: dict[str, Reach] = {}
    for h, how in ends:
        if h == start and not entering:
            continue
        if end_clear and h in zoc:
            continue
        if h != u.hex or not u.on_map:  # `can_end_in`, read from the field (4.0, 4.1)
            there = occupants.get(h)
            ok = h not in closed and (there is None or q.room(there, uid, side))
        else:
            ok = q.can_end_in(state, uid, h)
        if ok and (not integrity_on or integrity.may_move_to(state, uid, h)):
            out[h] = how
    return out


def _best_ways(best: dict[State, int]) -> tuple[tuple[str, Reach], ...]:
    """Each hex of a search (`_search`) by its best way: one that may still fire, else one off
    the roads (no fire), else a road move, the cheaper of with and without heavy terrain (4.0);
    in the order the search reached them."""
    ways_to: dict[str, list[int]] = {}  # hex -> cheapest clean, heavy, road, road + heavy
    for (h, road, heavy, _stopped), cost in best.items():
        costs = ways_to.get(h)
        if costs is None:
            costs = ways_to[h] = [_NEVER] * 4
        way = 2 * road + heavy
        if cost < costs[way]:
            costs[way] = cost
    out = []
    for h, (clean, heavy, road, both) in ways_to.items():
        if clean < _NEVER:
            out.append((h, _REACH[(False, False)]))
        elif heavy < _NEVER:
            out.append((h, _REACH[(False, True)]))
        else:
            out.append((h, _REACH[(True, road > both)]))
    return tuple(out)


_NEVER = 1 << 30  # (a cost no move reaches)

Ways = dict[str, tuple[tuple[str, int, bool, bool, bool], ...]]
State = tuple[str, bool, bool, bool]  # a hex, road used, heavy terrain entered, must stop here
Quiet = tuple[dict[State, int], int, tuple[tuple[str, Reach], ...]]  # (`_quiet_search`)


def _search(start: str, entering: bool, allowance: int, ways: Ways, blocked: frozenset[str],
            zoc: frozenset[str], never_in_zoc: bool, started_in_zoc: bool) -> dict[State, int]:
    """The movement search (4.0-4.2, 7.0): the cost in half MP of each state a unit reaches,
    cheapest first (a step costs at least 1/2 MP: one bucket of states per cost). `blocked`:
    the hexes it may not enter; `never_in_zoc`: it may not enter the enemy's ZoC at all (4.2,
    AMB-10; 7.1 night; 4.31 evasion); `started_in_zoc`: it may not step from `start` straight
    into the ZoC (AMB-10)."""
    buckets: list[list[State]] = [[] for _ in range(max(allowance, 1) + 1)]
    if entering:
        buckets[1].append((start, True, False, start in zoc))  # 7.0: 1/2 MP, road
    else:
        buckets[0].append((start, False, False, False))
    best: dict[State, int] = {}
    for cost, bucket in enumerate(buckets):
        for key in bucket:
            if key in best:
                continue
            h, road, heavy, stopped = key
            best[key] = cost
            if stopped:
                continue
            for n, step, along_road, stop, heavy_step in ways[h]:
                then = cost + step
                if then > allowance or n in blocked:
                    continue
                if n in zoc:
                    if never_in_zoc or (started_in_zoc and h == start):
                        continue
                    stop = True   # 4.2: a unit entering an enemy ZoC must stop
                buckets[then].append((n, road or along_road, heavy or heavy_step, stop))
    return best


def _quiet_search(start: str, entering: bool, allowance: int, closed: frozenset[str],
                  stream_cost: str) -> Quiet:
    """`_search` with no enemy on the map (the terrain alone), the bits (`query.bitboard`)
    of the hexes where an enemy would change it: the ones next to a hex it looked at (an enemy
    in one blocks it, 4.0, or puts a ZoC on one, 4.2), and its `_best_ways`. With no enemy in
    them the real search finds exactly the same. Made once (`_quiet_searches`): read it, never
    change it."""
    best = _search(start, entering, allowance, _ways(stream_cost), closed, frozenset(),
                   False, False)
    b = q.bitboard()
    looked = b.grow(sum(b.bit[h] for h in {key[0] for key in best}))  # (each step's target)
    known = _quiet_searches[(start, entering, allowance, closed, stream_cost)] = (
        best, b.grow(looked), _best_ways(best))
    return known


# (start, entering, allowance, closed hexes, stream_cost option) -> `_quiet_search`: made when
# first asked with no enemy within reach (`_around`), then read wherever none is near enough
_quiet_searches: dict[tuple[str, bool, int, frozenset[str], str], Quiet] = {}


@lru_cache(maxsize=4096)
def _around(h: str, radius: int) -> int:
    """The hexes at most `radius` hexes from `h`, as bits (`query.bitboard`). A search with
    `allowance` half MP takes at most `allowance` steps (each costs 1/2 MP or more), so an enemy
    could change it only from within `allowance + 2` hexes (`_quiet_search`)."""
    b = q.bitboard()
    ball = b.bit[h]
    for _ in range(radius):
        ball = b.grow(ball)
    return ball


def _remembered(state: GbState, question: str, uid: str,
                answer: Callable[[GbState, str], bool]) -> bool:
    """`answer(state, uid)`, worked out once per position and unit (the ground's memo)."""
    memo = q.ground(state).field.memo
    key = (question, q.positional(q.unit(state, uid)))
    known = memo.get(key)
    if known is None:
        known = memo[key] = answer(state, uid)
    return known


def can_enter(state: GbState, uid: str) -> bool:
    """7.0, AMB-23: a pending reinforcement can enter now (its entry hex free of the enemy,
    somewhere to end its move)."""
    return _remembered(state, "can_enter", uid, _can_enter)


def _can_enter(state: GbState, uid: str) -> bool:
    u = q.unit(state, uid)
    if (u.entry and q.can_end_in(state, uid, u.entry)
            and integrity.may_move_to(state, uid, u.entry)):
        return True  # the entry hex itself will do (the quick answer)
    return bool(reach(state, uid, entering=True))


def can_move(state: GbState, uid: str) -> bool:
    """`uid` has somewhere to move (a quick look at its neighbours first, 4.0-4.2)."""
    return _remembered(state, "can_move", uid, _can_move)


def _can_move(state: GbState, uid: str) -> bool:
    u = q.unit(state, uid)
    if not u.on_map:
        return False
    g = q.ground(state)
    zoc = q.zoc_of(g, enemy(u.side))
    allowance = q.kind(uid).mp * HALF
    integrity_on = state.options.corps_integrity
    start_in_zoc = u.hex in zoc
    for n, step, _road, _stop, _heavy in _ways(state.options.stream_cost)[u.hex]:
        if n in zoc and start_in_zoc:
            continue
        if (step <= allowance and q.end_ok(g.field, uid, u.side, n)
                and (not integrity_on or integrity.may_move_to(state, uid, n))):
            return True
    return bool(reach(state, uid))


# --- MoveTo: the stop ------------------------------------------------------------------------


def move_prompt(state: GbState, frame: MoveTo) -> str:
    what = "enters the map at" if frame.entering else "moves from"
    where = q.unit(state, frame.unit).entry if frame.entering else q.unit(state, frame.unit).hex
    return (f"{q.describe(state, frame.unit)} {what} {q.hex_name(where)}: choose the hex where "
            f"it ends its move ({q.kind(frame.unit).mp} MP).")


def move_choices(state: GbState, frame: MoveTo) -> list[Choice]:
    uid = frame.unit
    made = _move_choices(uid)
    out = []
    for h, how in sorted(reach(state, uid, entering=frame.entering).items()):
        ways = made.get(h)
        if ways is None:
            ways = made[h] = {}
        choice = ways.get(how)
        if choice is None:
            choice = ways[how] = _move_choice(uid, h, how)
        out.append(choice)
    return out


@lru_cache(maxsize=256)
def _move_choices(uid: str) -> dict[str, dict[Reach, Choice]]:
    """The move choices of `uid` made so far, by hex and way (`_move_choice`, each made once;
    looked up by two keys, not a tuple of three, at every move). Bounded by the map."""
    return {}


def _move_choice(uid: str, h: str, how: Reach) -> Choice:
    """The choice of `uid` ending its move in `h`, got there `how` (the lists share it: read,
    never changed)."""
    note = how.note()
    label = f"{q.name(uid)} to {q.hex_name(h)}" + (f" ({note})" if note else "")
    return Choice(Act("to", h), label, "move")


def _to(state: GbState, frame: MoveTo, h: str) -> None:
    how = reach(state, frame.unit, entering=frame.entering)[h]
    u = q.unit(state, frame.unit)
    start = "" if frame.entering else u.hex
    if frame.entering:
        q.update(state, frame.unit, status=ON_MAP, hex=h)
        state.log.append(f"{q.name(frame.unit)} enters at {q.hex_name(u.entry)} and moves to "
                         f"{q.hex_name(h)} (7.0).")
    else:
        q.update(state, frame.unit, hex=h)
        state.log.append(f"{q.name(frame.unit)} moves {q.hex_name(start)} -> {q.hex_name(h)}"
                         + (f" ({how.note()})" if how.note() else "") + ".")
    # 4.0, 5.0: infantry, cavalry and horse artillery may fight after moving; artillery not
    may_fire = how.clean and q.kind(frame.unit).moves_and_fires and not frame.entering
    activation = stack.find(state, Activation)
    if activation is not None and frame.unit not in activation.acted:
        activation.acted.append(frame.unit)
        if may_fire:
            activation.ready.append(frame.unit)
    stack.done(state, frame)
    stack.push(state, Engagement(kind="entry" if frame.entering else "move", mover=frame.unit,
                                 start=start, may_fire=may_fire))


MOVE_TO = stack.Stop(
    role=lambda state, frame: q.unit(state, frame.unit).side,
    prompt=move_prompt,
    choices=move_choices,
    handlers={"to": _to},
)
