"""How good a position is, for the computer player (core/ai): a number in [0, 1] for a side.

A finished game is worth its result (a win 1, a loss 0, the T9 levels of a scenario in
between). Otherwise the Union's prospects are read from what decides the game:

- the MAS difference (B7.0) against what the Union needs: more than the Confederate MAS at
  every moment (B11.0), 5 more at the end of the short game (B13.0), the draw row of the
  agreed March in a scenario (O5.0, T9);
- the seven Union victory cities (B11.0) the Union owns, each worth more as they add up;
- Washington in Confederate hands (B11.0);
- the two armies' combat values on the map (T1; a reduced piece counts half), and what the
  side whose player turn it is will still add in it: its promotion (B6.0) and its recruits
  (B7.0), counted as due until they are made (`pending`);
- how close each army stands to what it must take: every piece's combat value weighs more the
  fewer boxes lie between it and the nearest box it must take (the Union: the victory cities in
  a game judged by sudden death, the boxes that raise its MAS margin in one judged by MAS).
  Without this a line of play only pays once a capture happens, three decisions after "march
  from" (march, piece, destination), and the search sees too little;
- what each side could take next: the MAS a side would win, or take from the other, by moving
  into a recruiting city no enemy piece holds within two boxes of one of its pieces (B4.0: a
  piece may make two marches), each piece taking one city, the best first, three at most.
  The search's lines seldom reach the other side's player turn; without this a side leaves a
  city bare that the other will walk into, and the short game is lost on its last
  Confederate player turn. On the last turn, once the Union player turn is
  over, the Union can take nothing more;
- `supply` (A2.0, when the advanced supply rule is in play): every stack of two or more
  pieces without a support line, which will lose a piece at its owner's next turn (A2.2);
- `concentration`: the share of each side's combat value standing in stacks of two or more
  within two boxes of an enemy piece (B10.0: battles are fought by the whole stack; five
  pieces kept in Washington while the front is held by lone pieces is the issue's case);
- `washington_open`, `richmond_open`: how open each capital stands to the enemy's next
  player turn (`exposed`): the enemy force that could march into it in two marches (B4.0,
  T3: friendly railway, rivers, cavalry; boxes held by the owner's pieces stop a march,
  B4.0, unless cavalry jumps them, B4.2.1) against its garrison, entrenched there (B4.2.5,
  B5.2.1), and the owner's pieces one march away while it moves before the enemy's next
  march (`relief`). Washington lost is the game (B11.0), Richmond a victory city (B11.0)
  worth 3 MAS (B7.0). Without it the Union left Washington bare beside a Confederate army: half the
  games hard and normal ended were lost that way (issue 19).

Each term is named in `terms` and weighted by evaluate.toml (tuned by bench/tune.py).

Ownership is read as it will be at the end of the player turns: a box where only one side
has pieces is counted for that side (B9.0 captures). The Confederate value is one minus the
Union's: the game is zero-sum.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path

from core.ahd import promotion, recruiting, scenarios, supply
from core.ahd import query as q
from core.ahd.flow import PLAYER_TURN, movement_segment, promotion_segment, recruiting_segment
from core.ahd.frames import Movement, PlayerTurn, Promotion, Recruiting
from core.ahd.movement import march_lines, moves_like_cavalry
from core.ahd.state import CAVALRY, COMBAT_VALUE, CSA, INFANTRY, MILITIA, UNION, AhdState
from maps.a_house_divided import RICHMOND, UNION_VICTORY_CITIES, WASHINGTON

SHORT_GAME_MARGIN = 5   # B13.0 (AMB-22): the Union needs a MAS 5 larger at the end of turn 10
SCALE = 4.0             # how many "points" below move the value from 0.5 to about 0.73
MARCHES_AHEAD = 3       # cities a side is counted as able to take next (B4.0: a d6 of marches)
STRIKING = 2            # boxes a piece may cover before the next player turn is over (B4.0)
CAPITALS = {UNION: WASHINGTON, CSA: RICHMOND}
ENTRENCHED = 2          # B5.2.1: -1 to every shot at a garrison in its permanent entrenchment
                        # (B4.2.5) halves a militia's hits: a garrison stands off twice its value
MARCHING_RANGE = 4      # the most boxes two marches cover (T3: 2 a march, cavalry or railway)
WEIGHTS_FILE = Path(__file__).with_name("evaluate.toml")


WEIGHTS: dict[str, float] = tomllib.loads(WEIGHTS_FILE.read_text())


def use_weights(new: dict[str, float]) -> None:
    """Value positions with other weights from now on (bench/tune.py plays candidate weights
    against these)."""
    WEIGHTS.clear()
    WEIGHTS.update(new)


def evaluate(state: AhdState, role: str) -> float:
    union = union_value(state)
    return union if role == UNION else 1.0 - union


def evaluate_all(state: AhdState) -> dict[str, float]:
    """Both sides' values from one computation (the search values every line for each)."""
    union = union_value(state)
    return {UNION: union, CSA: 1.0 - union}


def union_value(state: AhdState, ) -> float:
    if state.result is not None:
        return outcome(state.result)
    w = WEIGHTS
    points = sum(w[name] * value for name, value in terms(state).items())
    return 1.0 / (1.0 + math.exp(-points / w["scale"]))


def terms(state: AhdState) -> dict[str, float]:
    """Each term of the Union's points, unweighted, Union minus Confederate (the module
    docstring says what each reads)."""
    owner = projected_owner(state)
    union_mas, csa_mas = mas(state, owner, UNION), mas(state, owner, CSA)
    cities = sum(1 for city in UNION_VICTORY_CITIES if owner.get(city) == UNION)
    union_army = army(state, UNION) + pending(state, UNION)
    csa_army = army(state, CSA) + pending(state, CSA)
    return {
        "margin": union_mas - csa_mas - needed_margin(state, csa_mas),
        "cities": cities * (cities + 1),          # 1, 3, 6 ... 28: the last ones count most
        "army": (union_army - csa_army) / max(1.0, union_army + csa_army),
        "washington": -1.0 if owner.get(WASHINGTON) == CSA else 0.0,
        "reach": reach(state, owner, UNION) - reach(state, owner, CSA),
        "threat": within_reach(state, owner, UNION) - within_reach(state, owner, CSA),
        "supply": unsupplied(state, CSA) - unsupplied(state, UNION),
        "concentration": concentration(state, UNION) - concentration(state, CSA),
        "washington_open": -exposed(state, owner, UNION),
        "richmond_open": exposed(state, owner, CSA),
    }


MOVING = PLAYER_TURN.steps.index(movement_segment)
PROMOTING = PLAYER_TURN.steps.index(promotion_segment)
RECRUITING = PLAYER_TURN.steps.index(recruiting_segment)
RECRUIT_VALUE = COMBAT_VALUE[(INFANTRY, MILITIA)]   # T1: what a recruit adds (B7.0)
PROMOTION_VALUE = 1                                 # T1: militia to veteran adds 1 (B6.0)


def pending(state: AhdState, side: str) -> float:
    """The combat value `side` is still due to add in its own player turn now: the promotion
    (B6.0) and the recruits (B7.0, the mean of the die's count, within the room under MAS, the
    pool and the free cities) its turn has not reached yet, or those left in the segment under
    way. Without it ending movement looks like a gain (the promotion and the recruits come at
    once), and every march made first like a loss of them; 0 for the side not moving."""
    if state.player != side or state.result is not None:
        return 0.0
    turn = next((f for f in reversed(state.stack) if isinstance(f, PlayerTurn)), None)
    if turn is None:
        return 0.0
    top = state.stack[-1]
    due = 0.0
    promotions = top.left if isinstance(top, Promotion) else 1 if turn.step <= PROMOTING else 0
    if promotions and promotion.promotable(state, top.promoted if isinstance(top, Promotion)
                                           else []):
        due += promotions * PROMOTION_VALUE
    recruits, placed = recruits_due(state, turn, top)
    room = min(recruiting.room(state), len(q.pool(state, side)))
    if room > 0 and recruits > 0:
        due += min(recruits, room, len(recruiting.cities(state, placed))) * RECRUIT_VALUE
    return due


def recruits_due(state: AhdState, turn: PlayerTurn, top: object) -> tuple[float, list[str]]:
    """The recruits (B7.0) the player turn under way has still to place, and the cities
    already given one: those left in the segment under way, the mean of the die before it,
    none after it."""
    if isinstance(top, Recruiting):
        return top.left, top.placed_in
    if turn.step <= RECRUITING:
        return mean_recruits(state), []
    return 0.0, []


def recruit_due_in(state: AhdState, side: str, box: str) -> bool:
    """Whether `side`, in its own player turn, has a recruit still to place (B7.0) and may put
    it in `box` (a city of its colour it owns, free of enemy pieces, room under MAS, a militia
    in the pool or one a promotion still due will send there)."""
    if state.player != side or state.result is not None:
        return False
    turn = next((f for f in reversed(state.stack) if isinstance(f, PlayerTurn)), None)
    if turn is None:
        return False
    recruits, placed = recruits_due(state, turn, state.stack[-1])
    if recruits <= 0 or recruiting.room(state) <= 0 or box not in recruiting.cities(state, placed):
        return False
    # B6.0: a promotion to come sends its militia counter back to the pool
    return bool(q.pool(state, side)) or (turn.step <= PROMOTING
                                         and bool(promotion.promotable(state, [])))


def mean_recruits(state: AhdState) -> float:
    """The mean count of militia a recruiting die allows (B7.0, O3.3)."""
    return sum(recruiting.count(state, die) for die in range(1, 7)) / 6


def unsupplied(state: AhdState, side: str) -> int:
    """A2.0: `side`'s stacks without a support line (0 without the advanced rule)."""
    if not state.options.supply:
        return 0
    return len(supply.unsupported(state, side))


def concentration(state: AhdState, side: str) -> float:
    """The share of `side`'s combat value in stacks of two or more pieces within STRIKING
    boxes of an enemy piece (B10.0)."""
    enemy = q.occupied(state, q.enemy(side))
    if not enemy:
        return 0.0
    near = distances_to(tuple(sorted(enemy)))
    by_box: dict[str, list[float]] = {}
    total = 0.0
    for p in q.pieces_of(state, side):
        value = p.value * (0.5 if p.reduced else 1.0)
        total += value
        if near.get(p.loc, 99) <= STRIKING:
            by_box.setdefault(p.loc, []).append(value)
    massed = sum(sum(values) for values in by_box.values() if len(values) >= 2)
    return massed / total if total else 0.0


def exposed(state: AhdState, owner: dict[str, str], side: str) -> float:
    """How open `side`'s capital (Washington, Richmond) stands to the enemy's next player turn:
    0 while its garrison, entrenched (B4.2.5, B5.2.1: worth ENTRENCHED times its combat value),
    outweighs every enemy force that could march into it, up to 1 when it stands bare with an
    enemy piece within reach, and 1 once it is lost. Squared: an attack on the entrenched
    garrison is a gamble until the force far outweighs it (defender fires first, B5.0), so a
    capital half-covered is not half-lost, and a bare one counts in full. The force is the
    combat value (T1, a reduced piece half) of the enemy stacks that can end a march in it (one
    march) or in a box next to it on the way (two marches: no piece marches more than twice,
    B4.0), within the marches the enemy has (`marches_ahead`), the strongest for their cost
    first. A march is stopped by a box the owner's pieces hold (B4.0), unless cavalry jumps it
    (B4.2.1); infantry goes two boxes by railway only where both ends are the enemy's (T3,
    AMB-6, read with the owners the turn will leave). A recruit the side may still place there
    in its player turn counts in the garrison (B7.0), and so do its pieces one march away
    while it will move before the enemy's next march (`relief`)."""
    capital = CAPITALS[side]
    if owner.get(capital) != side:
        return 1.0   # lost: no less than open (else taking it would lose the attacker this term)
    enemy = q.enemy(side)
    marches = marches_ahead(state, enemy)
    at = state.whereabouts.at
    near = distances(capital)
    sources = [box for box in at[enemy] if near.get(box, 99) <= MARCHING_RANGE]
    if not sources or not marches:
        return 0.0
    pieces = state.pieces
    guards = at[side]

    def guarded_by_cavalry(box: str) -> bool:
        return any(pieces[i].arm == CAVALRY for i in guards.get(box, ()))

    into: dict[tuple[bool, bool], set[str]] = {}   # (moves like cavalry, may jump): origins
    forces: list[tuple[float, int]] = []            # (combat value, marches) of each stack
    for box in sources:
        by_cost: dict[int, float] = {}
        for i in at[enemy][box]:
            p = pieces[i]
            kind = (moves_like_cavalry(state, p), p.arm == CAVALRY)
            if kind not in into:
                into[kind] = ends_of_march(capital, enemy, *kind, owner, guards,
                                           guarded_by_cavalry, into_target=True)
            one = into[kind]
            if box in one:
                cost = 1
            elif ends_of_march(box, enemy, *kind, owner, guards, guarded_by_cavalry) & {
                    b for b in one if b not in guards}:
                cost = 2
            else:
                continue
            by_cost[cost] = by_cost.get(cost, 0.0) + p.value * (0.5 if p.reduced else 1.0)
        forces.extend((value, cost) for cost, value in by_cost.items())
    attack = 0.0
    for value, cost in sorted(forces, key=lambda force: -force[0] / force[1]):
        if cost <= marches:
            attack += value
            marches -= cost
    if not attack:
        return 0.0
    garrison = sum(pieces[i].value * (0.5 if pieces[i].reduced else 1.0)
                   for i in guards.get(capital, ()))
    if recruit_due_in(state, side, capital):
        garrison += RECRUIT_VALUE   # B7.0: the recruiting segment to come may garrison it
    if moves_before_the_strike(state, side):
        garrison += relief(state, side, capital, owner)
    return max(0.0, 1.0 - ENTRENCHED * garrison / attack) ** 2


def moves_before_the_strike(state: AhdState, side: str) -> bool:
    """Whether `side` will move (B4.0) before the enemy's next march, with none of that
    movement made yet: in the enemy's player turn once the enemy has begun to march (its own
    next player turn comes first, B3.0), and in its own until its first march. From its first
    march on, what it sends to its capital the search sees itself, as the enemy's marches
    before the enemy's first (it strikes now). Both ends of every line then read the capital
    alike: a line of the enemy's stopped inside its movement and one that reached this side's
    first decision."""
    if state.result is not None:
        return False
    turn = next((f for f in reversed(state.stack) if isinstance(f, PlayerTurn)), None)
    if turn is None:
        return False
    segment = next((f for f in reversed(state.stack) if isinstance(f, Movement)), None)
    unbegun = movement_unbegun(state, state.player, turn, segment)
    return unbegun if state.player == side else not unbegun


def movement_unbegun(state: AhdState, side: str, turn: PlayerTurn,
                     segment: Movement | None) -> bool:
    """Whether `side`, in its own player turn, has its movement (B4.0) to come or is in it
    before its first march."""
    if segment is None:
        return turn.step <= MOVING
    return segment is state.stack[-1] and not any(p.marches or p.sailed or p.digging
                                                  for p in q.pieces_of(state, side))


def relief(state: AhdState, side: str, capital: str, owner: dict[str, str]) -> float:
    """The combat value (T1, a reduced piece half) of `side`'s pieces outside `capital` that
    can end one march in it (B4.0, T3; the enemy's boxes stop a march, B4.0): what its owner
    can still send in before the enemy strikes. Without it a piece sailed beside Richmond with
    Confederate armies next door counted as Richmond open (3 points), above a free city taken
    (seen: a Union naval move to Fort Monroe valued over the march into a bare Mobile)."""
    at = state.whereabouts.at
    pieces = state.pieces
    guards = at[q.enemy(side)]

    def guarded_by_cavalry(box: str) -> bool:
        return any(pieces[i].arm == CAVALRY for i in guards.get(box, ()))

    near = distances(capital)
    origins: dict[tuple[bool, bool], set[str]] = {}
    total = 0.0
    for box, indices in at[side].items():
        if box == capital or near.get(box, 99) > 2:
            continue
        for i in indices:
            p = pieces[i]
            kind = (moves_like_cavalry(state, p), p.arm == CAVALRY)
            if kind not in origins:
                origins[kind] = ends_of_march(capital, side, *kind, owner, guards,
                                              guarded_by_cavalry, into_target=True)
            if box in origins[kind]:
                total += p.value * (0.5 if p.reduced else 1.0)
    return total


def marches_ahead(state: AhdState, side: str) -> int:
    """The marches `side` has to strike with before the other side can answer (B4.0): in its
    own movement segment before its first march, those the segment has left (at most
    MARCHES_AHEAD); otherwise a player turn's, MARCHES_AHEAD (a d6's worth): the one it is
    about to move in, or its next; none when no movement of its own is left before the game
    is judged (on the last turn: the Union, which moves first, B3.0, once its own player turn
    is over; either side once its movement has begun).

    Counted on through the side's own movement, not dropped at its first march: a capital
    left open is as open to the next turn after a march as before it. Dropped at the first
    march (as until 2026-12-04), the term was lost by every line that stopped inside the
    movement (a march takes several decisions) and found again by every line that reached the
    other side's player turn, so "End movement" outscored every march by the whole term
    (seen: the Confederacy with Washington open, 4 marches left and two free cities one march
    away: End movement 0.45 over 866 lines, every march 0.15-0.22 over 6-9). A capture stays
    above the threat: Washington taken is the game (B11.0), Richmond 3 MAS and a victory city."""
    if state.result is not None:
        return MARCHES_AHEAD
    last = state.turn >= final_turn(state)
    if state.player != side:
        return 0 if last and side == UNION else MARCHES_AHEAD
    turn = next((f for f in reversed(state.stack) if isinstance(f, PlayerTurn)), None)
    if turn is None:
        return MARCHES_AHEAD
    segment = next((f for f in reversed(state.stack) if isinstance(f, Movement)), None)
    if movement_unbegun(state, side, turn, segment):  # this turn's, still to come
        return MARCHES_AHEAD if segment is None else min(MARCHES_AHEAD, segment.marches_left)
    return 0 if last else MARCHES_AHEAD       # its next player turn's


def ends_of_march(origin: str, side: str, like_cavalry: bool, jumps: bool,
                  owner: dict[str, str], guards: Mapping[str, tuple[int, ...]],
                  guarded_by_cavalry: Callable[[str], bool],
                  into_target: bool = False) -> set[str]:
    """The boxes a piece of `side` in `origin` can end one march in (B4.0, T3: `march_lines`),
    where `guards` (the other side's boxes) stop it and a cavalry piece (`jumps`) may pass
    one without cavalry into a box free of them (B4.2.1). The lines read the same both ways,
    so with `into_target` it gives the boxes a march can come from into `origin` instead (a
    jump then needs `origin` free). River jumps (B4.2.2, Union, downstream) are left out."""
    found: set[str] = set()
    for middle, _one_box, first_rail, onward in march_lines(origin, side, like_cavalry, False):
        found.add(middle)
        if first_rail and not owner.get(first_rail[0]) == side == owner.get(first_rail[1]):
            continue  # infantry goes on by railway only along a friendly one (AMB-6)
        blocked = middle in guards
        if blocked and not (jumps and not guarded_by_cavalry(middle)):
            continue
        for dest, second_rail, river, _river_jump, _walk, _jump in onward:
            if second_rail and not owner.get(second_rail[0]) == side == owner.get(second_rail[1]):
                continue
            if blocked and (river or (origin if into_target else dest) in guards):
                continue
            found.add(dest)
    return found


def outcome(result: str) -> float:
    """A finished game: 1 for a Union win, 0 for a Confederate one, the T9 levels between."""
    for index, level in enumerate(scenarios.LEVELS):
        if result.startswith(level):
            return 1.0 - index / (len(scenarios.LEVELS) - 1)
    return 1.0 if result.startswith("Union") else 0.0


def projected_owner(state: AhdState) -> dict[str, str]:
    """Box owners once the pieces standing alone in a box have captured it (B9.0)."""
    owner = dict(state.owner)
    union, csa = q.occupied(state, UNION), q.occupied(state, CSA)
    for box in union - csa:
        owner[box] = UNION
    for box in csa - union:
        owner[box] = CSA
    return owner


def mas(state: AhdState, owner: dict[str, str], side: str) -> int:
    """B7.0 with the projected owners."""
    return (sum(value for box, value in q.shields(side).items() if owner.get(box) == side)
            + state.mas_offset.get(side, 0))


def needed_margin(state: AhdState, csa_mas: int) -> int:
    """The MAS difference the Union must reach: 5 in the short game (B13.0; four times the
    Confederate MAS under the "5 times" reading), the draw row of the agreed March (O5.0, T9),
    else not to fall behind (B11.0)."""
    year = scenarios.end_year(state.options)
    if year is not None:
        return scenarios.T9[year][3]
    if state.options.short_game:
        if state.options.short_game_margin == "5-times":
            return 4 * csa_mas
        return SHORT_GAME_MARGIN
    return 0


def judged_by_mas(state: AhdState) -> bool:
    """The game ends on a MAS comparison (B13.0 short game, O5.0 agreed March): there the
    Union marches on whatever raises its margin, not only on the victory cities."""
    return state.options.short_game or scenarios.end_year(state.options) is not None


def gain(owner: dict[str, str], box: str, side: str) -> int:
    """How much `side`'s MAS margin grows if it takes `box` (B7.0: its own shield is won, the
    enemy's shield is taken from the enemy if the enemy owned it)."""
    held = owner.get(box)
    if held == side:
        return 0
    return q.shield(box, side) + (q.shield(box, q.enemy(side)) if held is not None else 0)


def within_reach(state: AhdState, owner: dict[str, str], side: str) -> int:
    """The MAS margin `side` could win next by marching into recruiting cities that no enemy
    piece holds, within STRIKING boxes of one of its pieces: each piece taking one city, the
    cities worth most first, at most MARCHES_AHEAD of them (B4.0: a march leaves one box, and
    the die gives a few a turn). Summing every city near any piece counted a piece standing
    between five bare cities as five captures, more than taking one. 0 for the Union on the
    last turn once its player turn is over."""
    if state.turn >= final_turn(state) and state.player != side and side == UNION:
        return 0  # the Union moves first (B3.0): on the last turn its chance has gone
    held = q.occupied(state, q.enemy(side))
    free: dict[str, int] = {}               # each box of `side`: its pieces not yet counted
    for p in q.pieces_of(state, side):
        free[p.loc] = free.get(p.loc, 0) + 1
    wanted: dict[str, int] = {}
    for start in free:
        for city in cities_near(start):
            if city not in held and city not in wanted:
                wanted[city] = gain(owner, city, side)
    taken = 0
    total = 0
    for city, worth in sorted(wanted.items(), key=lambda item: (-item[1], item[0])):
        if worth <= 0 or taken >= MARCHES_AHEAD:
            break
        near = distances(city)
        start = min((box for box, left in free.items() if left and near.get(box, 99) <= STRIKING),
                    key=lambda box: (near[box], box), default=None)
        if start is None:
            continue
        free[start] -= 1
        taken += 1
        total += worth
    return total


def final_turn(state: AhdState) -> int:
    """The turn after which the game is judged: the agreed March (O5.0) or the last turn."""
    return scenarios.end_turn(state.options) or state.last_turn


@cache
def recruiting_cities() -> tuple[str, ...]:
    return tuple(box for box in q.map_boxes() if q.is_recruiting_city(box))


@cache
def cities_near(box: str) -> tuple[str, ...]:
    """The recruiting cities at most STRIKING boxes from `box`."""
    near = distances(box)
    return tuple(city for city in recruiting_cities() if near.get(city, 99) <= STRIKING)


def army(state: AhdState, side: str) -> float:
    """Combat values of `side`'s pieces on the map (T1), a reduced piece counting half."""
    return sum(p.value * (0.5 if p.reduced else 1.0) for p in q.pieces_of(state, side))


def targets(state: AhdState, owner: dict[str, str], side: str) -> list[str]:
    """What `side` marches on: for the Union the victory cities it does not own (B11.0) or, in
    a game judged by MAS, every box that raises its margin; for the Confederacy every box that
    raises its margin and Washington (B7.0, B11.0)."""
    if side == UNION and not judged_by_mas(state):
        return [c for c in UNION_VICTORY_CITIES if owner.get(c) != UNION]
    goals = [box for box in recruiting_cities() if gain(owner, box, side)]
    if side == CSA and owner.get(WASHINGTON) != CSA:
        goals.append(WASHINGTON)
    return goals


def reach(state: AhdState, owner: dict[str, str], side: str) -> float:
    """The side's combat value weighted by closeness to its nearest target (1 in it, 1/2 next
    to it, 1/3 two boxes away...), over its whole combat value: 0 to 1."""
    goals = targets(state, owner, side)
    if not goals:
        return 1.0
    nearest = distances_to(tuple(goals))
    total = weighted = 0.0
    for p in q.pieces_of(state, side):
        total += p.value
        weighted += p.value / (1 + nearest.get(p.loc, 99))
    return weighted / total if total else 0.0


@lru_cache(maxsize=1024)
def distances_to(goals: tuple[str, ...]) -> dict[str, int]:
    """Boxes between every box and the nearest of `goals` (one walk from all of them; the
    goals change only when a box changes hands, so the walks are kept)."""
    return walk(goals)


@cache
def distances(source: str) -> dict[str, int]:
    """Boxes between `source` and every box, along any line."""
    return walk((source,))


def walk(sources: tuple[str, ...]) -> dict[str, int]:
    """Boxes between every box and the nearest of `sources`, along any line (a breadth-first
    walk of the board's lines)."""
    found = dict.fromkeys(sources, 0)
    frontier = list(sources)
    while frontier:
        ahead = []
        for box in frontier:
            for other, _link in q.adjacent(box):
                if other not in found:
                    found[other] = found[box] + 1
                    ahead.append(other)
        frontier = ahead
    return found


