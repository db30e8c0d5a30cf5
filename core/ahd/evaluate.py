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
  pieces kept in Washington while the front is held by lone pieces is the issue's case).

Each term is named in `terms` and weighted by evaluate.toml (tuned by bench/tune.py).

Ownership is read as it will be at the end of the player turns: a box where only one side
has pieces is counted for that side (B9.0 captures). The Confederate value is one minus the
Union's: the game is zero-sum.
"""
from __future__ import annotations

import math
import tomllib
from functools import cache, lru_cache
from pathlib import Path

from core.ahd import promotion, recruiting, scenarios, supply
from core.ahd import query as q
from core.ahd.flow import PLAYER_TURN, promotion_segment, recruiting_segment
from core.ahd.frames import PlayerTurn, Promotion, Recruiting
from core.ahd.state import COMBAT_VALUE, CSA, INFANTRY, MILITIA, UNION, AhdState
from maps.a_house_divided import UNION_VICTORY_CITIES, WASHINGTON

SHORT_GAME_MARGIN = 5   # B13.0 (AMB-22): the Union needs a MAS 5 larger at the end of turn 10
SCALE = 4.0             # how many "points" below move the value from 0.5 to about 0.73
MARCHES_AHEAD = 3       # cities a side is counted as able to take next (B4.0: a d6 of marches)
STRIKING = 2            # boxes a piece may cover before the next player turn is over (B4.0)
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
    }


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
    if isinstance(top, Recruiting):
        recruits: float = top.left
        placed = top.placed_in
    elif turn.step <= RECRUITING:
        recruits, placed = mean_recruits(state), []
    else:
        return due
    room = min(recruiting.room(state), len(q.pool(state, side)))
    if room > 0 and recruits > 0:
        due += min(recruits, room, len(recruiting.cities(state, placed))) * RECRUIT_VALUE
    return due


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


