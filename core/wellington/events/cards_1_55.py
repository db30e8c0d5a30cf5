"""Wellington card events #1-55, each as its own paragraph of the seed's card list says
(docs/wellington-events-1-55.md: rule -> function -> test, readings, the cards still OPEN).

Importing this module registers the finished events:
    own-impulse events and Must-Play cards (5.1, 5.8)   #4 #5 #6 #13 #17 #18 #20 #25 #26 #37
                                                        #38 #39 #46 #47 #50
    Responses (5.2)                                     #9 #10 #22 #23 #24
    between impulses (its own text)                     #34
Battle and siege cards are in cards_1_55_battle.py (#12 #21 #28 #29), the field events in
cards_1_55_field.py (#7 #8 #19 #35). The others are not registered (never offered as
events) until finished: see the doc.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from math import ceil
from typing import Callable

from core import cards, stack
from core.wellington import building, cardplay, hands, lookups, presence
from core.wellington import flags as geo
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.events import common
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import CommandPoints, EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.impulse import Impulse, ImpulsePhase
from core.wellington.frames.siege import Siege
from core.wellington.state import (ADN, ADS, FRENCH, GB, IN_EFFECT, NATIONAL_DECKS, POWERS, SIDE,
                                   SPAIN, Effect, WellingtonState, deck_key)
from maps import wellington as wellington_map

Event = cardplay.Event


def own(state: WellingtonState, power: str, trigger: str) -> bool:
    return common.own_impulse(state, power, trigger)


def response(state: WellingtonState, power: str, trigger: str) -> bool:
    """5.2: a Response "at any moment": in any Response window, or as the card play of the
    Power's own impulse."""
    return trigger != "" or own(state, power, trigger)


# --- #4 Russian Front, #5 Disaster on the Rhine (Must-Play) ----------------------------------

RUSSIAN_FRONT, DISASTER_ON_THE_RHINE = 4, 5
RUSSIAN_FRONT_SP = 5                        # #4: "eliminare 5 SP francesi"


def french_loss(state: WellingtonState, card: int) -> int:
    """#4: 5 SP; #5: 5 (G.47, the printed "3 5"; an option reads 3)."""
    if card == DISASTER_ON_THE_RHINE:
        return state.options.disaster_on_the_rhine_sp
    return RUSSIAN_FRONT_SP


def play_french_loss(state: WellingtonState, frame: EventPlay) -> None:
    """#4, #5: the French Powers eliminate N French SP between them (reading E1: the Armée du
    Sud, first in impulse order, says how many are its own, the Armée du Nord loses the rest;
    each Power then picks where, 5.12 reminders for what cannot be removed); then the player
    draws a card and may play another (5.6). The card is removed, its reminder +2 on the
    Appeal to the Emperor (16.21: the interphase reads the removed pile)."""
    common.then(state, frame.power, frame.card, "draw")
    n = french_loss(state, frame.card)
    have = common.french_sp(state)
    low, high = max(0, n - have[ADN]), min(n, have[ADS])
    if low > high:                          # fewer than N French SP on the map: all go
        low = high = have[ADS]
    common.ask(state, ADS, frame.card, "split",
               [(str(k), f"The Armée du Sud eliminates {k} SP, the Armée du Nord {n - k}")
                for k in range(low, high + 1)],
               f"the French Powers eliminate {n} French SP between them: how many are the "
               "Armée du Sud's?", picked=[str(n)])


def french_split(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    n, k = int(frame.picked[0]), int(noun)
    why = f"{hands.title(frame.card)}"
    cardplay.remove(state, ADN, n - k, card=frame.card, why=why)
    cardplay.remove(state, ADS, k, card=frame.card, why=why)


def draw_step(state: WellingtonState, frame: EventStep) -> None:
    common.draw_and_go_on(state, frame.power, hands.title(frame.card))


for _card in (RUSSIAN_FRONT, DISASTER_ON_THE_RHINE):
    cardplay.register(_card, Event(own, play_french_loss))
    common.on_choice(_card, "split", french_split)
    common.on_step(_card, "draw", draw_step)


# --- #6 Viceroy Deposed (Must-Play) ------------------------------------------------------------

VICEROY_DEPOSED = 6
VICEROY_SP = 2


def play_viceroy(state: WellingtonState, frame: EventPlay) -> None:
    """#6: one non-National card at random from the British hand and one from the Spanish
    hand are discarded; a Power with none eliminates 2 SP of its own instead (its choice:
    reading E2, the 2-minute timer); the player draws a card and may play another."""
    common.then(state, frame.power, VICEROY_DEPOSED, "draw")
    owing: list[str] = []
    for power in (GB, SPAIN):
        card = hands.random_common(state, power)
        if card is None:
            owing.append(power)
            state.log.append(f"{power} holds no non-National card: it eliminates "
                             f"{VICEROY_SP} SP instead (#6).")
        else:
            hands.discard_from_hand(state, power, card)
            state.log.append(f"{power} discards {hands.title(card)}, drawn at random (#6).")
    for power in reversed(owing):           # pushed: GB's removal, if any, is asked first
        cardplay.remove(state, power, VICEROY_SP, card=VICEROY_DEPOSED,
                        why=hands.title(VICEROY_DEPOSED))


cardplay.register(VICEROY_DEPOSED, Event(own, play_viceroy))
common.on_step(VICEROY_DEPOSED, "draw", draw_step)


# --- #9 Passes Blocked, #10 Bridges Swept Away -------------------------------------------------

PASSES_BLOCKED, BRIDGES_SWEPT_AWAY = 9, 10
LINE_OF = {PASSES_BLOCKED: wellington_map.PASS, BRIDGES_SWEPT_AWAY: wellington_map.RIVER}


@cache
def lines_of(card: int) -> tuple[tuple[str, str], ...]:
    """The March Lines #9 (Pass) or #10 (River) may block, read once."""
    return wellington_map.lines_of_kind(LINE_OF[card])


def open_lines(state: WellingtonState, card: int) -> list[str]:
    return [f"{a}|{b}" for a, b in lines_of(card) if not geo.blocked(state, a, b)]


def any_open_line(state: WellingtonState, card: int) -> bool:
    """Whether `open_lines` holds a line (stopping at the first: asked at every Response
    window while the card is held)."""
    lines = lines_of(card)
    if not state.blocked:
        return bool(lines)
    return any(not geo.blocked(state, a, b) for a, b in lines)


def blockable(card: int) -> Callable[[WellingtonState, str, str], bool]:
    def playable(state: WellingtonState, power: str, trigger: str) -> bool:
        return response(state, power, trigger) and any_open_line(state, card)
    return playable


def play_block(state: WellingtonState, frame: EventPlay) -> None:
    """#9 (a Pass line) / #10 (a River line): the player picks the line."""
    kind = "Pass" if frame.card == PASSES_BLOCKED else "River"
    common.ask(state, frame.power, frame.card, "line",
               [(line, f"Block the {kind} line {geo.name(line.split('|')[0])} - "
                 f"{geo.name(line.split('|')[1])}") for line in open_lines(state, frame.card)],
               f"which {kind} march line is blocked?")


def block_line(state: WellingtonState, frame: EventChoice, line: str) -> None:
    """#9, #10 (G.48): the BLOCKED marker: nothing crosses the line (movement, retreat,
    interception, evasion, Army flags: the parts read `state.blocked`) until the start of the
    player's next impulse (impulse.expire removes it with the effect)."""
    state.blocked.append(line)
    common.effect(state, frame.card, frame.power, target=line, until="next-impulse")
    a, b = line.split("|")
    state.log.append(f"The line {geo.name(a)} - {geo.name(b)} is BLOCKED until {frame.power}'s "
                     "next impulse "
                     f"({hands.title(frame.card)}).")


for _card in (PASSES_BLOCKED, BRIDGES_SWEPT_AWAY):
    cardplay.register(_card, Event(blockable(_card), play_block))
    common.on_choice(_card, "line", block_line)


# --- #13 Atrocity --------------------------------------------------------------------------------

ATROCITY = 13
ATROCITY_DICE = 1


def play_atrocity(state: WellingtonState, frame: EventPlay) -> None:
    """#13: until the end of the turn, +1 battle die in every battle with one of the player's
    Formations (not sieges); the card stays face up until then."""
    common.effect(state, ATROCITY, frame.power, until="turn")
    common.keep(state, ATROCITY)


def atrocity_in_battle(state: WellingtonState, battle: Battle, effect: Effect) -> None:
    side = SIDE[effect.power]
    if effect.power in battle.powers.get(side, []):
        battle_cards.add_dice(battle, side, ATROCITY_DICE,
                              f"#13 Atrocity ({effect.power}, this turn)", 0)


cardplay.register(ATROCITY, Event(own, play_atrocity))
battle_cards.register_standing(ATROCITY, atrocity_in_battle)


# --- #17 Portuguese Revolt -----------------------------------------------------------------------

PORTUGUESE_REVOLT = 17


def play_portuguese_revolt(state: WellingtonState, frame: EventPlay) -> None:
    """#17: this turn GB builds with CP only in Gibraltar or the England box (building.py
    reads the effect); the card is removed (5.7), its marker stays until the Interphase."""
    common.effect(state, PORTUGUESE_REVOLT, frame.power, target=GB, until="turn")
    state.log.append("Great Britain may not build in Portugal with CP this turn (#17).")


cardplay.register(PORTUGUESE_REVOLT, Event(own, play_portuguese_revolt))


# --- #18 Royal Intervention ----------------------------------------------------------------------

ROYAL_INTERVENTION = 18


def play_royal_intervention(state: WellingtonState, frame: EventPlay) -> None:
    """#18: a card of the player's choice from its own national deck (the unplayed cards of
    its Reserve, face down: NATIONAL_DECKS) and 1 Resource."""
    box = NATIONAL_DECKS[deck_key(frame.power)]
    state.resources[frame.power] = state.resources.get(frame.power, 0) + 1
    state.log.append(f"{frame.power} gains 1 Resource (#18).")
    unplayed = sorted(state.piles.boxes[box])
    if unplayed:
        common.ask(state, frame.power, ROYAL_INTERVENTION, "take",
                   [(str(n), f"Take {hands.title(n)}") for n in unplayed],
                   "which card of your Reserve (not yet played) do you take?")


def royal_take(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    box = NATIONAL_DECKS[deck_key(frame.power)]
    cards.move(state.piles, int(noun), box, hands.holder(state, frame.power))
    cards.reveal(state)
    state.log.append(f"{frame.power} takes a card from its Reserve (#18).")


cardplay.register(ROYAL_INTERVENTION, Event(own, play_royal_intervention))
common.on_choice(ROYAL_INTERVENTION, "take", royal_take)


# --- #20 The Fatherland in Danger ---------------------------------------------------------------

FATHERLAND_IN_DANGER = 20


def french_national(duchy: str) -> str:
    owner = geo.national_power(duchy)
    return owner if owner in (ADS, ADN) else ""


def allied_formation(state: WellingtonState, duchy: str) -> bool:
    return any(building.sp(state, duchy, p) or building.commanders_at(state, duchy, p)
               for p in (GB, SPAIN))


def fatherland_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """#20: only if a British or Spanish Formation occupies, controls or is adjacent to a
    French National Key duchy (reading E3: "controls" = the duchy's controller is GB or
    Spain, 3.1)."""
    if not own(state, power, trigger):
        return False
    for duchy in geo.duchies():
        if not (geo.is_key(duchy) and french_national(duchy)):
            continue
        if allied_formation(state, duchy) or geo.controller(state, duchy) in (GB, SPAIN):
            return True
        if any(allied_formation(state, n) for n in geo.neighbours(duchy)):
            return True
    return False


def play_fatherland(state: WellingtonState, frame: EventPlay) -> None:
    """#20: 1 SP of its Power in every French National duchy still French-controlled; each
    French Power gains 1 Resource. The card is removed (5.7). The duchies are placed one
    after the other (5.11: a Power short of counters chooses its SP to eliminate before each
    placement), the Resources once every SP is placed (the card's order)."""
    sites = [d for d in geo.duchies() if french_national(d)
             and SIDE.get(geo.controller(state, d), "") == FRENCH]
    fatherland_next(state, sites)


def fatherland_next(state: WellingtonState, sites: list[str]) -> None:
    if sites:
        duchy = sites[0]
        common.place_sp_then(state, duchy, french_national(duchy), 1,
                             hands.title(FATHERLAND_IN_DANGER), FATHERLAND_IN_DANGER, "next",
                             picked=sites[1:])
        return
    for french in (ADS, ADN):
        state.resources[french] = state.resources.get(french, 0) + 1
    state.log.append("Each French Power gains 1 Resource (#20).")


def fatherland_placed(state: WellingtonState, frame: EventStep) -> None:
    """One duchy's SP placed (`picked`: the duchies left, then the SP placed)."""
    fatherland_next(state, list(frame.picked[:-1]))


cardplay.register(FATHERLAND_IN_DANGER, Event(fatherland_playable, play_fatherland))
common.on_step(FATHERLAND_IN_DANGER, "next", fatherland_placed)


# --- #22 Insulted Ally --------------------------------------------------------------------------

INSULTED_ALLY = 22
UNTIL_SCHEDULED_END = "end-next-scheduled-impulse"    # ended by common.end_of_impulse


def play_insulted(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, INSULTED_ALLY, "power",
               [(p, f"Insult {p}") for p in POWERS], "on which Power?")


def insulted_power(state: WellingtonState, frame: EventChoice, power: str) -> None:
    """#22: until the end of the Power's next scheduled impulse, none of its commanders or
    Armies may move, intercept or evade while part of an Army Group led by another Power's
    commander (the movement part asks `may_go_with`)."""
    common.effect(state, INSULTED_ALLY, power, target=power, until=UNTIL_SCHEDULED_END)
    state.log.append(f"{power} is insulted: it will not march under another Power's command "
                     f"until the end of its next scheduled impulse (#22).")


def may_go_with(state: WellingtonState, power: str, group_commander: str) -> bool:
    """#22, for movement, interception and evasion (9, 10): may `power`'s commanders and
    Armies move, intercept or evade in an Army Group led by `group_commander`?"""
    if not group_commander or geo.commander_power(group_commander) == power:
        return True
    return not any(e.card == INSULTED_ALLY and e.target == power for e in state.effects)


cardplay.register(INSULTED_ALLY, Event(response, play_insulted))
lookups.GROUP_ALLOWS.append(may_go_with)            # the movement part's window
common.on_choice(INSULTED_ALLY, "power", insulted_power)


# --- #23 Humbugged -------------------------------------------------------------------------------

HUMBUGGED = common.HUMBUGGED
HUMBUGGED_BV = 1


def commanders_on_map(state: WellingtonState) -> list[str]:
    return sorted(c for c, at in state.commanders.items() if geo.on_map(at))


def humbug_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Asked at every Response window while the card is held: a commander on the map not
    humbugged (`_humbugged`) found without sorting them."""
    if not response(state, power, trigger):
        return False
    humbugged = {e.target for e in state.effects if e.card == HUMBUGGED}
    return any(geo.on_map(at) and c not in humbugged for c, at in state.commanders.items())


def _humbugged(state: WellingtonState, cid: str) -> bool:
    return any(e.card == HUMBUGGED and e.target == cid for e in state.effects)


def play_humbug(state: WellingtonState, frame: EventPlay) -> None:
    common.keep(state, HUMBUGGED)
    common.ask(state, frame.power, HUMBUGGED, "commander",
               [(c, f"{building.commander(c).name} ({geo.commander_power(c)}, "
                 f"{building.commander(c).bv}-{building.commander(c).cv})")
                for c in commanders_on_map(state) if not _humbugged(state, c)],
               "which commander is Humbugged (a 1-4)?")


def humbug_commander(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    """#23: BV 1 and CV 4 until the end of his Power's next impulse (lookups.battle_value
    and command_value read the effect); a battle being fought sees it at once."""
    owner = geo.commander_power(cid)
    common.effect(state, HUMBUGGED, owner, target=cid, until="end-next-impulse")
    battle = stack.find(state, Battle)
    if battle is not None and state.commanders.get(cid) == battle.duchy:
        battle_cards.change_bv(battle, cid, HUMBUGGED_BV, "#23 Humbugged")
    siege = stack.find(state, Siege)
    if siege is not None and siege.commander == cid:
        sieges.change_bv(siege, cid, HUMBUGGED_BV, "#23 Humbugged")
    state.log.append(f"{building.commander(cid).name} is Humbugged: a 1-4 until the end of "
                     f"{owner}'s next impulse (#23).")


cardplay.register(HUMBUGGED, Event(humbug_playable, play_humbug))
common.on_choice(HUMBUGGED, "commander", humbug_commander)


# --- #26 Italian Adventure (Must-Play) -----------------------------------------------------------

ITALIAN_ADVENTURE = 26
ITALIAN_SP = 2


def play_italian(state: WellingtonState, frame: EventPlay) -> None:
    """#26: GB eliminates 2 British SP (its choice, reading E2); the card's marker binds GB's
    next scheduled impulse to a 2-CP play (impulse.py: `obligations`); the player draws and
    may play another card; removed, +1 on the Appeal to the Emperor."""
    common.then(state, frame.power, ITALIAN_ADVENTURE, "draw")
    state.obligations.setdefault(GB, []).append(ITALIAN_ADVENTURE)
    cardplay.remove(state, GB, ITALIAN_SP, card=ITALIAN_ADVENTURE,
                    why=hands.title(ITALIAN_ADVENTURE))


cardplay.register(ITALIAN_ADVENTURE, Event(own, play_italian))
common.on_step(ITALIAN_ADVENTURE, "draw", draw_step)


# --- #37 Hasty Fortification ---------------------------------------------------------------------

HASTY_FORTIFICATION = 37


def hasty_sites(state: WellingtonState, power: str) -> list[str]:
    """#37: an unfortified duchy the player controls (3.1)."""
    return list(_hasty_found(state, power))


def _hasty_found(state: WellingtonState, power: str) -> Iterator[str]:
    return (d for d in geo.duchies()
            if geo.controller(state, d) == power and not geo.is_fortress(state, d))


def hasty_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Reading E5: there is one Hasty Fort marker ("it may be used again if the card is
    played again"): the event waits until it is off the map."""
    return own(state, power, trigger) and not state.hasty_forts \
        and common.exists(_hasty_found(state, power))


def play_hasty(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, HASTY_FORTIFICATION, "duchy",
               [(d, f"Place the Hasty Fort at {geo.name(d)}")
                for d in hasty_sites(state, frame.power)],
               "where is the Hasty Fort placed?")


def hasty_place(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    """The duchy is a fortress of strength 2 with a coastal battery of 4 (flags.py, siege.py,
    naval.py read `hasty_forts`); removed when captured by siege (siege.py)."""
    state.hasty_forts.append(duchy)
    presence.control_changed(state)                # (a fortress keeps its control, 3.1)
    state.log.append(f"A Hasty Fort stands at {geo.name(duchy)}: a fortress of strength 2 "
                     "(#37).")


cardplay.register(HASTY_FORTIFICATION, Event(hasty_playable, play_hasty))
common.on_choice(HASTY_FORTIFICATION, "duchy", hasty_place)


# --- #38 The Emperor's Call (Must-Play) ----------------------------------------------------------

EMPERORS_CALL = 38
YOUNG_GUARD = 99


def play_emperors_call(state: WellingtonState, frame: EventPlay) -> None:
    """#38: #99 Young Guard leaves play wherever it is; the French nationality bonus is +1 for
    the rest of the game (11.3); the player draws and may play another card; removed, +1 on
    the Appeal to the Emperor."""
    where = state.piles.where(YOUNG_GUARD)
    if where != cards.REMOVED:
        cards.move(state.piles, YOUNG_GUARD, where, cards.REMOVED)
        state.log.append("#99 Young Guard is removed from play (#38).")
    state.french_bonus_reduced = True
    state.log.append("The French nationality bonus is +1 for the rest of the game (#38).")
    common.draw_and_go_on(state, frame.power, hands.title(EMPERORS_CALL))


cardplay.register(EMPERORS_CALL, Event(own, play_emperors_call))


# --- #39 Royalist Dissent ---------------------------------------------------------------------

ROYALIST_DISSENT = 39


def play_royalist_dissent(state: WellingtonState, frame: EventPlay) -> None:
    """#39: French soldiers and commanders in French National duchies may not move (9)
    except to evade, intercept or retreat (the movement part asks `dissent_holds`), until each
    French Power has completed one scheduled impulse (reading E10: one begun after the play);
    `target` lists the French Powers still to complete one. The card stays face up meanwhile,
    then leaves play beside the Appeal to the Emperor table: +1 (16.21 reads the removed
    pile)."""
    common.keep(state, ROYALIST_DISSENT)
    common.effect(state, ROYALIST_DISSENT, frame.power, target=f"{ADS} {ADN}", until="game")


def dissent_holds(state: WellingtonState, power: str, duchy: str) -> bool:
    """#39, for movement (9; not evasion, interception or retreat): True when `power`'s
    soldiers and commanders in `duchy` may not move."""
    if SIDE[power] != FRENCH or not french_national(duchy):
        return False
    for e in state.effects:              # (a loop: asked for every place at every decision)
        if e.card == ROYALIST_DISSENT:
            return True
    return False


def dissent_impulse_end(state: WellingtonState, power: str, kind: str) -> None:
    for e in [e for e in state.effects if e.card == ROYALIST_DISSENT]:
        waiting = e.target.split()
        if kind == "scheduled" and power in waiting and e.started < state.impulses:
            waiting.remove(power)
            e.target = " ".join(waiting)
        if not waiting:
            state.effects.remove(e)
            cards.move(state.piles, ROYALIST_DISSENT, IN_EFFECT, cards.REMOVED)
            state.log.append("Each French Power has completed a scheduled impulse: #39 "
                             "Royalist Dissent leaves play (+1 on the Appeal to the Emperor).")


cardplay.register(ROYALIST_DISSENT, Event(own, play_royalist_dissent))
lookups.MOVE_HOLDS[ROYALIST_DISSENT] = dissent_holds   # the movement part's window
common.on_impulse_end(dissent_impulse_end)


# --- #46 Corruption & Sabotage (Must-Play) -------------------------------------------------------

CORRUPTION = 46
RICH = 3                                    # "più di 3 Risorse"


def play_corruption(state: WellingtonState, frame: EventPlay) -> None:
    """#46: every Power with more than 3 Resources loses half (rounded up, G.52: 5 -> 3); the
    player draws and may play another card; then the discard pile and this card are shuffled
    into the deck."""
    for power in POWERS:
        have = state.resources.get(power, 0)
        if have > RICH:
            lost = ceil(have / 2)
            state.resources[power] = have - lost
            state.log.append(f"{power} loses {lost} of its {have} Resources (#46).")
    common.draw_and_go_on(state, frame.power, hands.title(CORRUPTION))
    cards.reshuffle(state, state.piles, also=[CORRUPTION])
    state.log.append("The discard pile and #46 are shuffled into the deck (#46).")


cardplay.register(CORRUPTION, Event(own, play_corruption))


# --- #47 Call Up the Next Class ------------------------------------------------------------------

CALL_UP = 47
CALL_UP_SP = 4


def nationality(state: WellingtonState, duchy: str) -> str:
    """1.21: the Power whose National duchy it is (Spain: a Spanish-controlled duchy in
    Spain)."""
    if geo.is_national(state, duchy, SPAIN):
        return SPAIN
    owner = geo.national_power(duchy)
    return owner if owner in (GB, ADS, ADN) else ""


def call_up_sites(state: WellingtonState, power: str) -> list[str]:
    """#47 (seed: "in un Ducato Nazionale amico", reading E6): a National duchy friendly to
    the player (3.1, 8.1: a besieged fortress is not) whose nationality still has counters."""
    return list(_call_up_found(state, power))


def _call_up_found(state: WellingtonState, power: str) -> Iterator[str]:
    with_counters = {p for p in POWERS if any(building.unbuilt(state, p))}   # (once each)
    return (d for d in geo.duchies()
            if (owner := nationality(state, d)) and geo.is_national(state, d, owner)
            and geo.friendly(state, d, power) and owner in with_counters)


def call_up_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return own(state, power, trigger) and common.exists(_call_up_found(state, power))


def play_call_up(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, CALL_UP, "duchy",
               [(d, f"Place {CALL_UP_SP} {nationality(state, d)} SP at {geo.name(d)}")
                for d in call_up_sites(state, frame.power)],
               "in which friendly National duchy?")


def call_up_place(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    """5.11 (TC-06, the seed's example): the nationality's Power, short of counters, first
    eliminates its own SP on the map, its choice; then the 4 SP are placed."""
    common.place_sp_then(state, duchy, nationality(state, duchy), CALL_UP_SP,
                         hands.title(CALL_UP), CALL_UP, "")


cardplay.register(CALL_UP, Event(call_up_playable, play_call_up))
common.on_choice(CALL_UP, "duchy", call_up_place)


# --- #50 Extended Campaign -----------------------------------------------------------------------

EXTENDED_CAMPAIGN = 50
EXTENDED_DRAW = 2


def extended_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """#50: only with no other card in hand (national cards count, R12)."""
    return own(state, power, trigger) and hands.hand(state, power) == [EXTENDED_CAMPAIGN]


def play_extended(state: WellingtonState, frame: EventPlay) -> None:
    """Draw 2 cards; one of them may be played at once (a continuation, 5.6)."""
    drawn = hands.draw(state, frame.power, EXTENDED_DRAW)
    cardplay.allow_continuation(state)
    state.log.append(f"{frame.power} draws {drawn} cards and may play one at once (#50).")


cardplay.register(EXTENDED_CAMPAIGN, Event(extended_playable, play_extended))


# --- #24 Hand of God (Response) ------------------------------------------------------------------
# "Annullate tutti gli effetti di una carta appena giocata e ponete quella carta tra gli scarti.
# Oppure: prendete una carta non Nazionale a caso dalla mano di un'altra Potenza ed aggiungetela
# alla vostra."

HAND_OF_GOD = 24


def god_victims(state: WellingtonState, power: str) -> list[str]:
    return [p for p in POWERS if p != power
            and any(not hands.is_national(n) for n in hands.hand(state, p))]


def god_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Any Power, at any moment (5.2); the first mode only in the window right after a card is
    played (`cardplay.cancellable`: an event before it is carried out, a card's CP before any
    is spent), the second while another Power holds a non-National card."""
    return response(state, power, trigger) and (
        cardplay.cancellable(state, trigger) is not None or bool(god_victims(state, power)))


def play_hand_of_god(state: WellingtonState, frame: EventPlay) -> None:
    options = []
    target = cardplay.cancellable(state, frame.trigger)
    if target is not None:
        options.append(("cancel", f"Cancel every effect of {hands.title(target.card)} and "
                                  "put it on the discard pile"))
    options += [(f"take:{p}", f"Take a non-National card at random from {p}'s hand")
                for p in god_victims(state, frame.power)]
    if options:
        common.ask(state, frame.power, HAND_OF_GOD, "mode", options, "which miracle?")


def hand_of_god_mode(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """The first mode cancels the card the window answers (its event is not carried out, or
    its CP are lost) and discards it; the second takes a card (5.4: never a National one)."""
    if noun == "cancel":
        target = cardplay.cancellable(state, frame_trigger(state, frame))
        if target is not None:
            cardplay.cancel(state, target, f"{frame.power}'s {hands.title(HAND_OF_GOD)}")
        return
    victim = noun.split(":")[1]
    taken = hands.random_common(state, victim)
    if taken is not None:
        cards.move(state.piles, taken, hands.holder(state, victim),
                   hands.holder(state, frame.power))
        state.log.append(f"{frame.power} takes a non-National card at random from {victim}'s "
                         "hand (#24).")


def frame_trigger(state: WellingtonState, frame: EventChoice) -> str:
    """The moment the #24 being carried out answers (its EventPlay's trigger)."""
    for play in reversed(state.stack):
        if isinstance(play, EventPlay) and play.card == frame.card:
            return play.trigger
    return ""


cardplay.register(HAND_OF_GOD, Event(god_playable, play_hand_of_god))
common.on_choice(HAND_OF_GOD, "mode", hand_of_god_mode)


# --- #25 General Staff ("+") ---------------------------------------------------------------------
# "La Potenza scelta per usare questo evento può ora usare 2 CP per muovere o costruire e
# considera questa come una carta "+", ottenendo anche una Risorsa."

GENERAL_STAFF = 25
STAFF_CP = 2
STAFF_RESOURCES = 1
STAFF_SPENDING = ["move", "build"]          # 9 movement, 6.1 building (not 6.2 regrouping)


def play_general_staff(state: WellingtonState, frame: EventPlay) -> None:
    """G.50: the Power that plays it gains 1 Resource and spends 2 CP on moves (9) and builds
    (6.1) only; the card is its impulse's "+" play (cards.toml "+E", impulse.card_allowed)."""
    state.resources[frame.power] = state.resources.get(frame.power, 0) + STAFF_RESOURCES
    state.log.append(f"{frame.power} gains {STAFF_RESOURCES} Resource and {STAFF_CP} CP to "
                     "move or build (#25).")
    stack.push(state, CommandPoints(power=frame.power, card=GENERAL_STAFF, left=STAFF_CP,
                                    only=list(STAFF_SPENDING)))


cardplay.register(GENERAL_STAFF, Event(own, play_general_staff))


# --- #34 Seize the Initiative ("+", played between impulses) ------------------------------------
# "Chi ha giocato la carta designa una Potenza a sua scelta che effettua un Impulso da 3 CP,
# sempre che questo non crei due impulsi di fila a quella Potenza. Questa carta può essere
# giocata come evento prima che inizi l'Impulso di una Potenza. Il giocare la carta conta come
# gioco di carta "+" per la Potenza designata."

SEIZE_THE_INITIATIVE = 34


def initiative_powers(state: WellingtonState) -> list[str]:
    """The Powers the card may name: neither the one that had the last impulse nor the one
    whose impulse is about to begin (either would have two impulses in a row)."""
    scheduled = POWERS[state.marker]
    return [p for p in POWERS if p not in (state.last_impulse, scheduled)]


def initiative_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Reading: only "before a Power's impulse begins" (impulse.py opens that window before
    each scheduled impulse, `cardplay.BEFORE_IMPULSE`), never within an impulse."""
    return trigger.startswith(cardplay.BEFORE_IMPULSE) and stack.find(state, Impulse) is None \
        and stack.find(state, ImpulsePhase) is not None and bool(initiative_powers(state))


def play_initiative(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, SEIZE_THE_INITIATIVE, "power",
               [(p, f"{p} takes an unscheduled impulse with 3 CP") for p in
                initiative_powers(state)], "which Power seizes the initiative?")


def initiative_power(state: WellingtonState, frame: EventChoice, power: str) -> None:
    """G.51: the named Power's unscheduled impulse comes at once (impulse.py: 3 CP from the
    card, its "+" play; the marker does not move)."""
    phase = stack.find(state, ImpulsePhase)
    assert phase is not None
    phase.initiative = power
    state.log.append(f"{power} seizes the initiative: an unscheduled impulse with 3 CP (#34).")


cardplay.OUTSIDE_IMPULSES.add(SEIZE_THE_INITIATIVE)
cardplay.register(SEIZE_THE_INITIATIVE, Event(initiative_playable, play_initiative))
common.on_choice(SEIZE_THE_INITIATIVE, "power", initiative_power)
