"""Wellington: the end of the game (18) and victory (19).

    immediate end (18.1), checked after every step and decision (flow.settle):
        18.2 conquest of France  no duchy in France French-controlled: a potential conquest
                                 of Spain first if the French hold Madrid (18.6), else the
                                 Allies win
        18.31 conquest of Spain  the Allies control none of the 15 Spanish Key duchies (G.9)
        18.32 liberation         the French control none of them
        18.4 conquest of Portugal the French control the 4 Portuguese Keys and 8 Spanish Keys,
                                 Madrid among them
    end of each turn: 18.6 potential conquest of Spain (4.6), 18.7 the peace roll (4.7),
        and in 1814 the final count (19).

Victory points (19.2-19.5): 1 per Key duchy (Madrid 2), 1/2 per unused Resource, -1 per
unsatisfied removal (19.3), the French bonuses (19.4) and the Spanish bonus (19.5, G.46). The
side with more VP wins; ties: the Spanish bonus, then unused Resources, then the French. Two
players on the winning side: the higher individual total wins, a tie to the Power later on the
Impulse Track (19.1).
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from core import dice
from core.wellington import flags as geo
from core.wellington import guerrilla, powers, presence
from core.wellington.state import (ADN, ADS, ALLIES, ENEMY_SIDE, FRENCH, GB, POWER_NAME, POWERS,
                                   SIDE, SPAIN, WellingtonState)
from maps import wellington as wellington_map

CONQUEST_TARGET = 8            # 18.6
CONQUEST_TARGET_77 = 9         # 18.6: a turn in which #77 War Without End was played
KEYS_PER_CONQUEST_DRM = 3      # 18.6
WAR_WITHOUT_END = 77
PEACE_FACE = 6                 # 18.7
PORTUGAL_SPANISH_KEYS = 8      # 18.4
MADRID_VP = 2                  # 19.2
FRENCH_DUCHIES_PER_VP = {1812: 5, 1813: 4, 1814: 3}   # 19.4
FRENCH_NATIONAL_BONUS = 4      # 19.4, 1814
# 19.5: (fewer than N French-controlled Spanish duchies, bonus), the largest that applies
SPANISH_BONUS = ((1, 6), (5, 5), (10, 4), (15, 2), (20, 1))


@cache
def spanish_keys() -> tuple[str, ...]:
    return tuple(sorted(d for d in wellington_map.KEYS if geo.country(d) == "Spain"))


@cache
def portuguese_keys() -> tuple[str, ...]:
    return tuple(d for d in wellington_map.KEYS if geo.country(d) == "Portugal")


def side_controls(state: WellingtonState, duchy: str, side: str) -> bool:
    owner = geo.controller(state, duchy)
    return bool(owner) and SIDE[owner] == side


def french_spanish_keys(state: WellingtonState) -> int:
    return sum(1 for d in spanish_keys() if side_controls(state, d, FRENCH))


# --- immediate end (18.1-18.4) -----------------------------------------------------------


def check_immediate(state: WellingtonState) -> None:
    """18.1: the game ends at once, at any moment of any turn, when a conquest is complete."""
    if state.result is not None or not state.troops or still_no_conquest(state):
        return
    ending = conquest(state)
    if ending is not None:
        side, why, guerrillas = ending
        end(state, side, why, guerrillas=guerrillas)


# the four `any_held` questions of `conquest`, asked in this order: no conquest while each
# is answered yes (18.31, 18.32, 18.4, 18.2)
SPAIN_HELD = ("spanish keys", ALLIES, True)
SPAIN_OCCUPIED = ("spanish keys", FRENCH, True)
PORTUGAL_HELD = ("portuguese keys", ALLIES, False)
FRANCE_HELD = ("france", FRENCH, True)
NO_CONQUEST = (SPAIN_HELD, SPAIN_OCCUPIED, PORTUGAL_HELD, FRANCE_HELD)


def conquest(state: WellingtonState) -> tuple[str, str, bool] | None:
    """18.2-18.4: (the winning side, why, a Guerrilla phase first) for a conquest complete
    now, else None."""
    keys = spanish_keys()
    if not any_held(state, SPAIN_HELD, keys):
        return FRENCH, "conquest of Spain: the Allies hold no Spanish Key duchy (18.31)", False
    if not any_held(state, SPAIN_OCCUPIED, keys):
        return ALLIES, "liberation of Spain: the French hold no Spanish Key duchy (18.32)", True
    if not any_held(state, PORTUGAL_HELD, portuguese_keys()) \
            and french_spanish_keys(state) >= PORTUGAL_SPANISH_KEYS \
            and side_controls(state, wellington_map.MADRID, FRENCH):
        return FRENCH, "conquest of Portugal (18.4)", False
    if not any_held(state, FRANCE_HELD, french_duchies()):
        if side_controls(state, wellington_map.MADRID, FRENCH) and conquest_roll(state):
            return FRENCH, "conquest of Spain rolled as France falls (18.2, 18.6)", False
        return ALLIES, "conquest of France (18.2)", True
    return None


@cache
def french_duchies() -> tuple[str, ...]:
    return tuple(wellington_map.FRENCH)


# the duchy that last answered each `any_held` question: asked first next time (the test runs
# after every step of play, and the answer seldom moves)
_LAST_ANSWER: dict[tuple[str, str, bool], str] = {}
# the same answers as `still_no_conquest` asks them again, once all four are known: (duchy,
# whether it is a printed fortress, the side that must control it or "", the side that must
# not control it or ""), in `NO_CONQUEST` order, replaced whole with `_LAST_ANSWER` (a thread
# reading the old tuple meanwhile still asks each question of a duchy that answers it)
_RECHECKS: tuple[tuple[str, bool, str, str], ...] = ()
_SIDE_OF = {**SIDE, "": ""}                 # a controller's side, "" for Uncontrolled
# the last time `still_no_conquest` answered yes: (the state's index of who stands where, its
# `changes` then, the rechecks asked): nothing control depends on has changed since while the
# index's `changes` are the same (presence.Presence), so the answer stands
_CONFIRMED: tuple[object, int, tuple] = (None, -1, ())


def remember_answer(question: tuple[str, str, bool], duchy: str) -> None:
    """`duchy` answered `question` yes: it is asked first next time (`_LAST_ANSWER`)."""
    global _RECHECKS
    _LAST_ANSWER[question] = duchy
    if len(_LAST_ANSWER) == len(NO_CONQUEST):
        _RECHECKS = tuple(recheck(q, _LAST_ANSWER[q]) for q in NO_CONQUEST)


def recheck(question: tuple[str, str, bool], duchy: str) -> tuple[str, bool, str, str]:
    """How `still_no_conquest` asks `question` of `duchy` again: held, `side` controls it;
    not held, the other side does not."""
    _name, side, held = question
    fortress = duchy in geo.PRINTED_FORTRESSES
    return (duchy, fortress, side, "") if held else (duchy, fortress, "", geo.enemy_side(side))


def still_no_conquest(state: WellingtonState) -> bool:
    """Whether the duchies that last answered the four questions of `conquest` (`NO_CONQUEST`)
    still answer yes: then `conquest` finds none (each `any_held` asks that duchy first). The
    immediate-end test runs after every step; this is its usual case, four control questions
    asked directly (3.1 as `flags.controller_now` works it out, written out here), and not
    asked again while nothing control depends on has changed since the last yes
    (`_CONFIRMED`)."""
    global _CONFIRMED
    rechecks = _RECHECKS
    if not rechecks:                             # (not all four answered yet)
        return False
    index = presence.of(state)
    index_then, changes_then, rechecks_then = _CONFIRMED
    if index_then is index and changes_then == index.changes and rechecks_then is rechecks:
        return True                              # (no piece, flag or Hasty Fort changed)
    flags, hasty = state.flags, state.hasty_forts
    present = index.powers
    for duchy, fortress, wanted, refused in rechecks:
        owner = flags.get(duchy) or geo.PRINTED_OWNER[duchy]        # its flag or print
        # (a duchy where no piece stands holds no Formation: not asked)
        if owner and not fortress and duchy not in hasty and duchy in present:
            enemy = ENEMY_SIDE[SIDE[owner]]
            for power in present[duchy]:         # (`flags.has_formation`, written out)
                if SIDE[power] == enemy:
                    owner = ""                   # 3.1: an enemy Formation, no fortress
                    break
        side = _SIDE_OF[owner]
        if (wanted and side != wanted) or (refused and side == refused):
            return False
    _CONFIRMED = (index, index.changes, rechecks)
    return True


@cache
def fortresses_first(duchies: tuple[str, ...]) -> tuple[str, ...]:
    """`duchies`, the printed fortresses first: the answer `any_held` remembers is then a
    fortress where one answers (its control moves only with its flag, 3.1, and is quick to
    ask again)."""
    fortresses = geo.printed_fortresses()
    return tuple(sorted(duchies, key=lambda d: d not in fortresses))


def any_held(state: WellingtonState, question: tuple[str, str, bool],
             duchies: tuple[str, ...]) -> bool:
    """Whether `side` controls one of `duchies` (`held` False: one of them is not controlled
    by the other side), for `question` = (its name, side, held). The same answer as asking
    each in turn; the duchy that answered last time is asked first."""
    _name, side, held = question

    def answers(duchy: str) -> bool:
        if held:
            return side_controls(state, duchy, side)
        return not side_controls(state, duchy, geo.enemy_side(side))

    last = _LAST_ANSWER.get(question)
    if last is not None and answers(last):
        return True
    for duchy in fortresses_first(duchies):
        if answers(duchy):
            remember_answer(question, duchy)
            return True
    return False


# --- the end of a turn (4.6, 4.7) ----------------------------------------------------------


def war_without_end(state: WellingtonState) -> bool:
    return WAR_WITHOUT_END in state.played_this_turn


def conquest_roll(state: WellingtonState) -> bool:
    """18.6: the French Power controlling Madrid rolls 1d6 + 1 per 3 Spanish Key duchies the
    French control (Madrid included, fractions dropped); 8+ (9+ after #77) conquers Spain."""
    holder = geo.controller(state, wellington_map.MADRID)
    if not holder or SIDE[holder] != FRENCH:
        return False
    bonus = french_spanish_keys(state) // KEYS_PER_CONQUEST_DRM
    target = CONQUEST_TARGET_77 if war_without_end(state) else CONQUEST_TARGET
    face = dice.d6(state, f"{holder}: potential conquest of Spain, +{bonus}, needs {target}",
                   "18.6")
    return face + bonus >= target


def conquest_phase(state: WellingtonState) -> None:
    """4.6: a French Power holding Madrid may conquer Spain."""
    if state.result is None and conquest_roll(state):
        end(state, FRENCH, "conquest of Spain (18.6)")


def peace_and_victory(state: WellingtonState) -> None:
    """4.7, 18.7: after 1814 the game ends (19); else a peace roll, none if #77 was played."""
    if state.result is not None:
        return
    if state.year >= 1814:
        final(state, "the 1814 turn is over (4.7)")
        return
    if war_without_end(state):
        state.log.append("#77 War Without End was played this turn: no peace roll (18.7).")
        return
    if dice.d6(state, "peace roll: 6 ends the game", "18.7") == PEACE_FACE:
        final(state, f"peace is declared at the end of {state.year} (18.7)")


# --- victory points (19) -------------------------------------------------------------------


def vp(state: WellingtonState, power: str) -> Fraction:
    """19.2-19.4: one Power's VP, without the Spanish bonus; -1 per removal event still
    unsatisfied (5.13, 19.3: its 5.12 reminder)."""
    keys = geo.keys_of(state, power)
    total = Fraction(sum(MADRID_VP if d == wellington_map.MADRID else 1 for d in keys))
    total += Fraction(state.resources.get(power, 0), 2)
    total -= state.unsatisfied.get(power, 0) + len(state.owed_removals.get(power, []))
    if SIDE[power] == FRENCH:
        total += french_bonus(state, power)
    return total


def french_bonus(state: WellingtonState, power: str) -> int:
    """19.4: Lisbon +1, Gibraltar +1, +1 per 5/4/3 duchies controlled as the game ends in
    1812/1813/1814, and in 1814 +4 for all 4 original National duchies."""
    bonus = sum(1 for d in ("lisbon", wellington_map.GIBRALTAR)
                if geo.controller(state, d) == power)
    held = len(geo.controlled_by(state, power))
    bonus += held // FRENCH_DUCHIES_PER_VP[min(state.year, 1814)]
    if state.year >= 1814:
        national = wellington_map.NATIONAL[power]
        if national and all(geo.controller(state, d) == power for d in national):
            bonus += FRENCH_NATIONAL_BONUS
    return bonus


def spanish_bonus(state: WellingtonState) -> int:
    """19.5: by the Spanish duchies (all types) the French control, the largest award."""
    french = sum(1 for d in wellington_map.SPANISH if side_controls(state, d, FRENCH))
    for below, bonus in SPANISH_BONUS:
        if french < below:
            return bonus
    return 0


def side_vp(state: WellingtonState, side: str) -> Fraction:
    return sum((vp(state, p) for p in POWERS if SIDE[p] == side), Fraction(0))


def resources_of(state: WellingtonState, side: str) -> int:
    return sum(state.resources.get(p, 0) for p in POWERS if SIDE[p] == side)


def winner_on_points(state: WellingtonState) -> tuple[str, str]:
    """19.1, G.46: the winning side and how it was decided."""
    french, allies = side_vp(state, FRENCH), side_vp(state, ALLIES)
    if french != allies:
        return (FRENCH if french > allies else ALLIES), "on victory points"
    allies += spanish_bonus(state)
    if french != allies:
        return (FRENCH if french > allies else ALLIES), "with the Spanish bonus (19.5)"
    f_res, a_res = resources_of(state, FRENCH), resources_of(state, ALLIES)
    if f_res != a_res:
        return (FRENCH if f_res > a_res else ALLIES), "on unused Resources (19.1)"
    return FRENCH, "on the final tie, which goes to the French (19.1)"


def individual(state: WellingtonState, side: str) -> str:
    """19.1, 19.5: with two players on the winning side, the higher own total (Spain adding
    its bonus after an Allied win), a tie to the Power later on the Impulse Track. "" when
    one player holds the whole side."""
    seat = powers.seat_of(state.options.players, GB if side == ALLIES else ADS)
    if len(seat) == 2:
        return ""
    a, b = (GB, SPAIN) if side == ALLIES else (ADS, ADN)
    score_a, score_b = vp(state, a), vp(state, b)
    if side == ALLIES:
        score_b += spanish_bonus(state)
    return a if score_a > score_b else b


def show(points: Fraction) -> str:
    whole, half = divmod(points * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if points >= 0 else str(float(points))


def end(state: WellingtonState, side: str, why: str, guerrillas: bool = False) -> None:
    """The game is over: `side` wins (18, 19). After an Allied automatic win a Guerrilla
    phase comes before the VP that rank GB and Spain (18.2, 18.32), when they are two
    players."""
    if state.result is not None:
        return
    text = f"{'The Allies' if side == ALLIES else 'The French'} win: {why}."
    if guerrillas and len(powers.seat_of(state.options.players, SPAIN)) == 1:
        guerrilla.guerrilla_step(state)
    best = individual(state, side)
    if best:
        text += f" {POWER_NAME[best]} wins individually ({show(vp(state, best))} VP, 19.1)."
    state.result = text
    state.log.append(text)


def final(state: WellingtonState, why: str) -> None:
    """19: the count of victory points."""
    with geo.reading(state):     # counting changes nothing (nor does `end` without guerrillas)
        side, how = winner_on_points(state)
        scores = ", ".join(f"{p} {show(vp(state, p))}" for p in POWERS)
        end(state, side, f"{why}; {how} (French {show(side_vp(state, FRENCH))}, Allies "
                         f"{show(side_vp(state, ALLIES))}; {scores})")

