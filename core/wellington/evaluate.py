"""How good a position of Wellington is, for the computer player (core/ai): a number in [0, 1]
for each Power, and the dealing of the cards a Power cannot see (determinize).

A finished game is worth its result: 1 to the winning side's Powers, and when that side is
split between two players (19.1) 1 to the individual winner and PARTNER_SHARE to its partner
(the side won, the player did not); 0 to the losing side.

Otherwise the Allies' chance is read from what ends and decides the game, using only what every
Power sees (the board, the tracks, hand *sizes*), as a lead in VP-equivalents against the lead
the scenario's printed set-up gives (`baseline`):

- the side VP as rule 19 counts them now (19.2 Key duchies, Madrid 2; 19.2/15.3 half a VP per
  unused Resource; 19.3 -1 per unsatisfied removal; 19.4 the French bonuses, for the year being
  played): the peace roll (18.7) may end the game at the end of any turn, so the count now is
  what a game ending soon would give;
- how near each immediate end is (18.1): the Spanish Key duchies each side still controls
  (18.31 conquest of Spain at none Allied, 18.32 liberation at none French), the duchies of
  France the French still control (18.2);
- the Key duchies the other side controls that each side's Formations stand in (besieging a
  fortress) or near (up to three March Lines): what it could take next;
- the soldiers' SP on the map and the commanders in play (what the next battles, sieges and
  flags are made of), and the cards each side holds (a public count: 2.5 hides only which);
- 18.6: while a French Power holds Madrid, the chance that a potential conquest roll ends the
  game at the end of this turn or a later one (1d6 + 1 per 3 Spanish Keys the French control,
  8 or more; the peace roll may end the game first).

A Power's value is its side's chance; when its side is split between two players (the
`players` option, 2.1) part of it is its own VP against its partner's (19.1: the higher total
wins individually, Spain counting the Spanish bonus 19.5). The Allied and French values are
computed once per position for all four Powers (`evaluate_all`).

Hidden information (2.5, 4.21): `determinize` deals anew, for the deciding Power, every card
its player cannot see: the common cards of the other players' hands, of the draw deck and of
the discard pile below its top card (4.21: the view shows only the top; 2.6 substitutions go
there unnamed) among themselves, and each national deck's cards (the national deck, its
Reserve, and the hands of other players' Powers drawing from it) among those places, every
place keeping its size and every hand keeping its counts of common and national cards. What
the player sees stays put: the hands of every Power it holds (2.1: one player may hold two
Powers), the discard pile's top card, the removed cards, the card in play and the cards in
effect, and the cards owed as a play (#26, #65, shown on the tracks). The search (core/ai/search.py) calls it
at the start of every simulated line, exactly as for Washington's War: the computer never
searches the real hands or the real deck order.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import msgspec

from core import rng
from core.engine import clone
from core.rng import HasRng
from core.wellington import flags as geo
from core.wellington import deck, hands, powers, setup
from core.wellington.frames.events import EventChoice
from core.wellington.frames.turn import Substitution
from core.wellington.options import WellingtonOptions
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, NATIONAL_DECKS, POWER_NAME,
                                   POWERS, RESERVES, SIDE, SP, SPAIN, WellingtonState,
                                   deck_key)
from core.wellington.victory import (CONQUEST_TARGET, CONQUEST_TARGET_77,
                                     FRENCH_DUCHIES_PER_VP, FRENCH_NATIONAL_BONUS,
                                     KEYS_PER_CONQUEST_DRM, MADRID_VP, PEACE_FACE,
                                     SPANISH_BONUS, spanish_keys, war_without_end)
from maps import wellington as wellington_map

WEIGHTS_FILE = Path(__file__).with_name("evaluate.toml")   # the terms' weights (bench/tune.py)
# The Key duchies in a fixed order: the map's frozenset iterates in an order that changes with
# each process's string hashing, and float sums taken in another order differ in their last
# bits, enough to turn the search's close calls: the same seed gave another move in another run.
KEYS_IN_ORDER: tuple[str, ...] = tuple(sorted(wellington_map.KEYS))
NEARNESS = (1.0, 0.6, 0.3, 0.1)   # reach: a Formation besieging a Key, 1, 2, 3 March Lines away
RISK = 2                # at_risk: an enemy force this many times the SP beside it
INDIVIDUAL_SCALE = 2.0  # VP between partners that move the individual share to about 3/4
PARTNER_SHARE = 0.6     # a split side's win, for the partner who does not win individually
LAST_YEAR = 1814
ENEMY = {ALLIES: FRENCH, FRENCH: ALLIES}


# --- values ---------------------------------------------------------------------------------


WEIGHTS: dict[str, float] = tomllib.loads(WEIGHTS_FILE.read_text())


def use_weights(new: dict[str, float]) -> None:
    """Value positions with other weights from now on (bench/tune.py plays candidate weights
    against these); the scenario baselines and the last position's values are recomputed."""
    global _last
    WEIGHTS.clear()
    WEIGHTS.update(new)
    baseline.cache_clear()
    _last = (None, {})


def weight(name: str) -> float:
    return WEIGHTS[name]


def evaluate(state: WellingtonState, role: str) -> float:
    return evaluate_all(state)[role]


_last: tuple[WellingtonState | None, dict[str, float]] = (None, {})


def evaluate_all(state: WellingtonState) -> dict[str, float]:
    """Every Power's value from one computation (the search asks for each Power in turn; the
    position's values are kept by identity until another position is asked about)."""
    global _last
    last = _last  # read once: the TUI's warm-up and the computer's move may search at once
    if last[0] is state:
        return last[1]
    values = result_values(state) if state.result is not None else position_values(state)
    _last = (state, values)
    return values


def result_values(state: WellingtonState) -> dict[str, float]:
    """18, 19.1: the result as `victory.end` wrote it ("The Allies win: ... X wins
    individually ...")."""
    winner = ALLIES if state.result.startswith("The Allies") else FRENCH
    out: dict[str, float] = {}
    for power in POWERS:
        if SIDE[power] != winner:
            out[power] = 0.0
        elif f"{POWER_NAME[power]} wins individually" in state.result:
            out[power] = 1.0
        elif "wins individually" in state.result:
            out[power] = PARTNER_SHARE
        else:
            out[power] = 1.0
    return out


def position_values(state: WellingtonState) -> dict[str, float]:
    present = presence(state)
    owner = control(state, present)
    points = {p: vp(state, owner, p) for p in POWERS}
    allies = allied_chance(state, owner, present, points)
    out = {}
    for power in POWERS:
        side = allies if SIDE[power] == ALLIES else 1.0 - allies
        if len(powers.seat_of(state.options.players, power)) == 1:
            out[power] = side * (PARTNER_SHARE + (1 - PARTNER_SHARE)
                                 * individual(owner, points, power))
        else:
            out[power] = side
    return out


def allied_chance(state: WellingtonState, owner: dict[str, str],
                  present: dict[str, set[str]], points: dict[str, Fraction]) -> float:
    margin = allied_margin(state, owner, present, points) - baseline(state.scenario)
    chance = 1.0 / (1.0 + math.exp(-margin / weight("scale")))
    return chance * (1.0 - conquest_threat(state, owner))


def allied_margin(state: WellingtonState, owner: dict[str, str],
                  present: dict[str, set[str]], points: dict[str, Fraction]) -> float:
    """The Allied lead in VP-equivalents (every term but 18.6)."""
    return sum(terms(state, owner, present, points).values())


def terms(state: WellingtonState, owner: dict[str, str], present: dict[str, set[str]],
          points: dict[str, Fraction]) -> dict[str, float]:
    """Each weighted term of the Allied lead (the module docstring says what each reads)."""
    return {
        "vp": float(points[GB] + points[SPAIN] - points[ADS] - points[ADN]),
        "near_end": weight("near_end") * near_end(owner),
        "reach": weight("reach") * reach(owner, present),
        "forces": forces(state),
        "impulses": weight("impulses") * held_cards(state),
        "at_risk": weight("at_risk") * (at_risk(state, FRENCH) - at_risk(state, ALLIES)),
        "fortresses": weight("fortresses") * fortresses(state, owner),
    }


@cache
def baseline(scenario: str) -> float:
    """The Allied margin at the scenario's start: the count now favours the French in both
    set-ups (19.4's bonus for the duchies they hold; 1812: French 24.5 VP to 10), and a lead
    is read against what the scenario gives each side, so that the values the search compares
    are not all crowded at one end of the curve. Public data only (the printed set-up)."""
    start = setup.new_state(0, scenario, WellingtonOptions())
    present = presence(start)
    owner = control(start, present)
    return allied_margin(start, owner, present, {p: vp(start, owner, p) for p in POWERS})


def individual(owner: dict[str, str], points: dict[str, Fraction], power: str) -> float:
    """19.1: how far `power` is ahead of its partner (Spain with the Spanish bonus, 19.5)."""
    partner = {GB: SPAIN, SPAIN: GB, ADS: ADN, ADN: ADS}[power]
    own, other = float(points[power]), float(points[partner])
    if power == SPAIN:
        own += spanish_bonus(owner)
    elif partner == SPAIN:
        other += spanish_bonus(owner)
    return 1.0 / (1.0 + math.exp(-(own - other) / INDIVIDUAL_SCALE))


# --- the terms ------------------------------------------------------------------------------


def control(state: WellingtonState,
            present: dict[str, set[str]] | None = None) -> dict[str, str]:
    """3.1 (flags.controller) for every duchy at once: the flag's or the print's Power, ""
    (Uncontrolled) with an enemy Formation in an unfortified duchy. One pass over the pieces
    instead of one per duchy (tests/test_ai_wellington.py checks it against
    flags.controller)."""
    if present is None:
        present = presence(state)
    out = {}
    for duchy in geo.duchies():
        owner = state.flags.get(duchy) or geo.printed_owner(duchy)
        if owner and ENEMY[SIDE[owner]] in present.get(duchy, ()) \
                and not geo.is_fortress(state, duchy):
            owner = ""
        out[duchy] = owner
    return out


def vp(state: WellingtonState, owner: dict[str, str], power: str) -> Fraction:
    """19.2-19.4 as core/wellington/victory.vp counts them, from a control table computed once
    (tests/test_ai_wellington.py checks the two agree)."""
    total = Fraction(sum(MADRID_VP if d == wellington_map.MADRID else 1
                         for d in wellington_map.KEYS if owner[d] == power))
    total += Fraction(state.resources.get(power, 0), 2)
    total -= state.unsatisfied.get(power, 0) + len(state.owed_removals.get(power, []))
    if SIDE[power] == FRENCH:
        bonus = sum(1 for d in ("lisbon", wellington_map.GIBRALTAR) if owner[d] == power)
        held = sum(1 for d in owner.values() if d == power)
        bonus += held // FRENCH_DUCHIES_PER_VP[min(state.year, LAST_YEAR)]
        if state.year >= LAST_YEAR:
            national = wellington_map.NATIONAL[power]
            if national and all(owner[d] == power for d in national):
                bonus += FRENCH_NATIONAL_BONUS
        total += bonus
    return total


def spanish_bonus(owner: dict[str, str]) -> int:
    """19.5 (victory.spanish_bonus from the control table)."""
    french = sum(1 for d in wellington_map.SPANISH if owner[d] and SIDE[owner[d]] == FRENCH)
    for below, bonus in SPANISH_BONUS:
        if french < below:
            return bonus
    return 0


def near_end(owner: dict[str, str]) -> float:
    """18.31, 18.32, 18.2: the fewer Spanish Keys (duchies of France) a side has left, the
    nearer the other side is to winning at once."""
    allied = sum(1 for d in spanish_keys() if owner[d] and SIDE[owner[d]] == ALLIES)
    french = sum(1 for d in spanish_keys() if owner[d] and SIDE[owner[d]] == FRENCH)
    in_france = sum(1 for d in wellington_map.FRENCH if owner[d] and SIDE[owner[d]] == FRENCH)
    return (1.0 / max(1, french) - 1.0 / max(1, allied)
                       + 1.0 / max(1, in_france) - 1.0 / len(wellington_map.FRENCH))


def reach(owner: dict[str, str], present: dict[str, set[str]]) -> float:
    """Key duchies the other side controls, by how near a Formation of this side stands
    (besieging it, next to it, two or three March Lines away): what it could take next."""
    near: dict[str, list[str]] = {ALLIES: [], FRENCH: []}
    for where, sides in present.items():
        for side in sides:
            near[side].append(where)
    total = 0.0
    for duchy in KEYS_IN_ORDER:       # floats added in one order: the same sum in every run
        held = owner[duchy]
        if not held:
            continue
        attacker = ENEMY[SIDE[held]]
        steps = [wellington_map.distance(duchy, w) for w in near[attacker]]
        closest = min((s for s in steps if s is not None), default=None)
        if closest is None or closest >= len(NEARNESS):
            continue
        worth = MADRID_VP if duchy == wellington_map.MADRID else 1
        total += worth * NEARNESS[closest] * (1 if attacker == ALLIES else -1)
    return total


def presence(state: WellingtonState) -> dict[str, set[str]]:
    """duchy -> the sides with a Formation there (soldiers or a commander)."""
    out: dict[str, set[str]] = {}
    for where, by_power in state.troops.items():
        for power, counts in by_power.items():
            if any(counts):
                out.setdefault(where, set()).add(SIDE[power])
    for commander, where in state.commanders.items():
        out.setdefault(where, set()).add(SIDE[commander_power(commander)])
    return out


@cache
def commander_power(commander: str) -> str:
    return geo.commander_power(commander)


@cache
def on_map(place: str) -> bool:
    return geo.on_map(place)


def forces(state: WellingtonState) -> float:
    """SP on the map and commanders in play (on the map or in the England box), Allies minus
    French."""
    total = 0.0
    for where, by_power in state.troops.items():
        if not on_map(where):
            continue
        for power, counts in by_power.items():
            sp = sum(n * SP[t] for t, n in enumerate(counts))
            total += weight("sp") * sp * (1 if SIDE[power] == ALLIES else -1)
    for commander, where in state.commanders.items():
        if on_map(where) or where == wellington_map.ENGLAND:
            total += weight("commander") * (1 if SIDE[commander_power(commander)] == ALLIES else -1)
    return total


def held_cards(state: WellingtonState) -> float:
    """Hand sizes (public, 2.5): the impulses each side can still take this turn (4.2-4.24:
    a Power plays a card each impulse; the one left holding cards plays on alone)."""
    return sum(len(state.piles.hands.get(p, [])) * (1 if SIDE[p] == ALLIES else -1)
                            for p in POWERS)


def side_sp(state: WellingtonState) -> dict[str, dict[str, int]]:
    """side -> duchy -> its SP there (on the map)."""
    out: dict[str, dict[str, int]] = {ALLIES: {}, FRENCH: {}}
    for where, by_power in state.troops.items():
        if not on_map(where):
            continue
        for power, counts in by_power.items():
            sp = sum(n * SP[t] for t, n in enumerate(counts))
            if sp:
                here = out[SIDE[power]]
                here[where] = here.get(where, 0) + sp
    return out


def at_risk(state: WellingtonState, side: str) -> float:
    """SP of `side` in a duchy beside (or in) one holding an enemy force at least RISK times
    as strong: what an interception (10.1) or an attack (13) would catch (the issue: 1 SP of
    the Armée du Sud left alone beside Hill's 4)."""
    sp = side_sp(state)
    own, enemy = sp[side], sp[ENEMY[side]]
    total = 0
    for duchy, n in own.items():
        threat = max([enemy.get(duchy, 0)] + [enemy.get(d, 0) for d in geo.neighbours(duchy)])
        if threat >= RISK * n:
            total += n
    return float(total)


def fortresses(state: WellingtonState, owner: dict[str, str]) -> float:
    """Fortress duchies (12.3) each side controls, Allies minus French: a fortress is taken
    only by siege (12), so a fortress held is a duchy kept."""
    total = 0
    for duchy in wellington_map.FORTRESSES:
        held = owner.get(duchy)
        if held:
            total += 1 if SIDE[held] == ALLIES else -1
    return float(total)


def conquest_threat(state: WellingtonState, owner: dict[str, str]) -> float:
    """18.6 (4.6): the chance that a potential conquest of Spain ends the game at the end of
    this turn or a later one, with the French holding Madrid and the Spanish Keys they hold
    now; a later turn is reached only without peace (18.7: a 6 ends the game)."""
    holder = owner[wellington_map.MADRID]
    if not holder or SIDE[holder] != FRENCH:
        return 0.0
    keys = sum(1 for d in spanish_keys() if owner[d] and SIDE[owner[d]] == FRENCH)
    bonus = keys // KEYS_PER_CONQUEST_DRM
    target = CONQUEST_TARGET_77 if war_without_end(state) else CONQUEST_TARGET
    roll = min(6, max(0, 7 - (target - bonus))) / 6.0     # faces f with f + bonus >= target
    go_on = (1.0 - roll) * (PEACE_FACE - 1) / 6.0          # no conquest and no peace
    chance, reach_turn = 0.0, 1.0
    for _ in range(state.year, LAST_YEAR + 1):
        chance += reach_turn * roll
        reach_turn *= go_on
        target = CONQUEST_TARGET                           # #77 binds this turn only
        roll = min(6, max(0, 7 - (target - bonus))) / 6.0
        go_on = (1.0 - roll) * (PEACE_FACE - 1) / 6.0
    return chance


# --- hidden cards ---------------------------------------------------------------------------


def determinize(state: WellingtonState, role: str, generator: HasRng) -> WellingtonState:
    """The position with every card `role`'s player cannot see dealt anew (module docstring).
    Cards an event's question of that player names (#18, #76, #104 show it cards it may take
    or discard) stay where they are: it sees them. A question of another player's Power names
    cards it cannot see (2.6 Substitution, an event's card options): they are renamed as the
    cards were dealt, so the question still names cards where the rules expect them."""
    seen = set(powers.seat_of(state.options.players, role))
    others = [p for p in POWERS if p not in seen]
    fixed = {n for owed in state.obligations.values() for n in owed}
    for frame in state.stack:
        if isinstance(frame, EventChoice) and frame.power in seen:
            fixed.update(n for _, n in named_cards(frame))
    new = clone(state)
    piles = new.piles
    renamed: dict[int, int] = {}

    def deal(places: list[list[int]], wanted: Callable[[int], bool]) -> None:
        slots = [(place, i) for place in places for i, n in enumerate(place)
                 if wanted(n) and n not in fixed]
        pool = [place[i] for place, i in slots]
        dealt = sorted(pool)       # not in the places' order, which is what is hidden
        rng.shuffle(generator, dealt)
        for (place, i), old, card in zip(slots, pool, dealt):
            place[i] = card
            renamed[old] = card

    top = piles.discard.pop() if piles.discard else None     # 4.21: the only one shown
    deal([piles.deck, piles.discard, *(piles.hands[p] for p in others)],
         lambda n: not hands.is_national(n))
    if top is not None:
        piles.discard.append(top)
    for key, box in NATIONAL_DECKS.items():
        deal([piles.boxes[box], piles.boxes[RESERVES[key]],
              *(piles.hands[p] for p in others if deck_key(p) == key)],
             lambda n, key=key: hands.national_of(n) == key)
    if renamed:
        new.stack = [rename(frame, renamed) if getattr(frame, "power", None) in others
                     else frame for frame in new.stack]
    return new


def named_cards(frame: EventChoice) -> list[tuple[int, int]]:
    """(option index, card) for each option of an event's question that names a card: its
    noun ends with the card's number ("18", "cp:18", "discard:18") and its label shows the
    card's title."""
    out = []
    for i, (noun, label) in enumerate(zip(frame.options, frame.labels)):
        tail = noun.rsplit(":", 1)[-1]
        if tail.isdigit() and int(tail) in deck.BY_NUMBER and hands.title(int(tail)) in label:
            out.append((i, int(tail)))
    return out


def rename(frame: object, renamed: dict[int, int]) -> object:
    """Another player's question with the cards it names dealt anew (see determinize)."""
    if isinstance(frame, Substitution):
        return msgspec.structs.replace(frame, cards=[renamed.get(n, n) for n in frame.cards])
    if isinstance(frame, EventChoice):
        options, labels = list(frame.options), list(frame.labels)
        for i, old in named_cards(frame):
            card = renamed.get(old, old)
            options[i] = options[i][:len(options[i]) - len(str(old))] + str(card)
            labels[i] = labels[i].replace(hands.title(old), hands.title(card))
        return msgspec.structs.replace(frame, options=options, labels=labels)
    return frame
