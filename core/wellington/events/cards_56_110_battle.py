"""Wellington events #56-110: cards played in battles and sieges, the Responses to their
dice and outcome, and the risings that start a battle (#60, #62, #71, #73, #75, #82, #90,
#91, #99, #110), and those acting on the battle's seams (battle/cards.py: #58, #70, #74,
#79, #81, #84, #87, #96, #97, #107). Registered on import."""
from __future__ import annotations

from collections.abc import Iterator

from core import cards, dice, stack
from core.stack import Frame
from core.wellington import attrition, building, cardplay, hands, interception, movement, siege
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import losses, procedure, sides
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.siege import Siege
from core.wellington.state import (ALLIES, FRENCH, GB, POWERS, REGROUP, SIDE,
                                   SPAIN, Effect, WellingtonState)

SAPPERS = 71
BAGGAGE_TRAIN = 75
SCUM_OF_THE_EARTH = 82
WILD_GEESE = 91


# --- #71 Sappers & Miners (siege only, 12.23) ----------------------------------------------------
# "Aggiungi un 6 a qualsiasi attacco o difesa in un assedio nel primo round dell'assedio. Se
# l'evento è giocato dall'attaccante e il forte non cade, l'assedio può continuare per un altro
# round qualunque sia il risultato del round in cui è stata giocata questa carta."

SAPPERS_SIXES = 1
FIRST_ROUND = 1


def _sappers_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return frame.round == FIRST_ROUND and h.owner(power, SAPPERS)


def _sappers_play(state: WellingtonState, frame: Siege, power: str) -> None:
    why = "#71 Sappers & Miners"
    side = siege.BESIEGER if power == frame.power else siege.FORTRESS
    siege.add_auto_sixes(frame, side, SAPPERS_SIXES, why, round_=FIRST_ROUND)
    if side == siege.BESIEGER:
        frame.continue_after.append(FIRST_ROUND)
    state.log.append(f"{why}: one automatic 6 for the {side} in the first round"
                     + (", and the siege may go on whatever that round's result." if
                        side == siege.BESIEGER else "."))


# --- #75 Baggage Train Captured (R) -----------------------------------------------------------
# "Giocala immediatamente dopo che un'Armata o un Gruppo d'Armate è stato messo in rotta o
# eliminato. La Potenza vittoriosa guadagna 1 Risorsa e pesca una carta (oltre a qualsiasi
# Risorsa guadagnata dal normale Saccheggio)."

BAGGAGE_RESOURCES = 1
BAGGAGE_DRAW = 1


def _baggage_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    if trigger != battle_cards.AFTER_BATTLE or not h.owner(power, BAGGAGE_TRAIN):
        return False
    battle = stack.find(state, Battle)
    return battle is not None and bool(h.victor(battle)) and h.army_beaten(battle)


def _baggage_play(state: WellingtonState, frame: EventPlay) -> None:
    battle = stack.find(state, Battle)
    assert battle is not None
    winner = h.victor(battle)
    state.resources[winner] = state.resources.get(winner, 0) + BAGGAGE_RESOURCES
    drawn = hands.draw(state, winner, BAGGAGE_DRAW)
    state.log.append(f"#75 Baggage Train Captured: {winner} gains {BAGGAGE_RESOURCES} Resource "
                     f"and draws {drawn} card.")


# --- #82 Scum of the Earth (R) ----------------------------------------------------------------
# "Giocala sull'Armata o Gruppo d'Armate di qualsiasi Potenza subito dopo che ha vinto una
# battaglia o un assedio. Fino alla fine del prossimo impulso di quella Potenza quest'Armata o
# Gruppo d'Armate sottrae 2 ai suoi tiri di evasione/intercettazione e paga il doppio dei PC per
# muovere."


def _scum_target(state: WellingtonState, trigger: str) -> tuple[str, str]:
    """The Army that has just won (its commander, its Power), or ("", "")."""
    if trigger == battle_cards.AFTER_BATTLE:
        battle = stack.find(state, Battle)
        if battle is not None:
            return h.winning_army(state, battle)
    if trigger == siege.AFTER_SIEGE:
        frame = stack.find(state, Siege)
        if frame is not None and frame.captured and siege.commander_alive(state, frame):
            return frame.commander, frame.power
    return "", ""


def _scum_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.owner(power, SCUM_OF_THE_EARTH) and bool(_scum_target(state, trigger)[0])


def _scum_play(state: WellingtonState, frame: EventPlay) -> None:
    """movement.py and interception.py read the effect on the Army's commander (-2 to its
    evasions and interceptions, double CP to move); it ends with that Power's next impulse
    (impulse.expire, "end-next-impulse": not the current one, begun before the effect)."""
    commander, power = _scum_target(state, frame.trigger)
    state.effects.append(Effect(card=SCUM_OF_THE_EARTH, power=power, target=commander,
                                until="end-next-impulse", started=state.impulses))
    state.log.append(f"#82 Scum of the Earth on {h.commander_name(commander)}'s Army: -2 to "
                     f"its evasion and interception rolls and double CP to move until the end "
                     f"of {power}'s next impulse.")


# --- #91 The Wild Geese (+B, Spain; battle or siege, 5.3) -------------------------------------
# "La Spagna aggiunge 2 dadi in un round di battaglia o assedio e ignora un risultato di
# disorganizzazione. La Spagna non tira per l'Attrito (11.11) se ottiene il Saccheggio dalla
# battaglia, assedio o evento (perché sono presenti truppe disciplinate)."

GEESE_DICE = 2
GEESE_IGNORED = 1
DISORGANISATION = 5            # 11.5: a 5 disorganises


def _geese_battle_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    """Any round: the ignored Disorganisation is one result in all (the battle's `ignored`
    count is used up as results are ignored), the first scored against Spain's side from
    this round on."""
    return power == SPAIN


def _geese_battle_play(state: WellingtonState, battle: Battle, power: str) -> None:
    why = "#91 The Wild Geese"
    side = SIDE[power]
    enemy = FRENCH if side == ALLIES else ALLIES
    battle_cards.add_dice(battle, side, GEESE_DICE, why)
    battle_cards.ignore_results(battle, enemy, DISORGANISATION, GEESE_IGNORED, why)
    battle_cards.waive_spanish_attrition(battle, why)


def _geese_siege_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    """In a siege only as the fortress's owner (12.23), which suffers no Disorganisation;
    as besieger the ignored 5 has no siege seam yet (OPEN)."""
    return power == SPAIN and power == frame.owner


def _geese_siege_play(state: WellingtonState, frame: Siege, power: str) -> None:
    siege.add_dice(frame, siege.FORTRESS, GEESE_DICE, "#91 The Wild Geese")


# --- #60 Traitors (B) -------------------------------------------------------------------------
# "Il nemico subisce l'Attrito prima della battaglia. Ogni perdita nemica vi dà un dado in più in
# battaglia per tutti i round."

TRAITORS = 60
TRAITOR_DICE_PER_LOSS = 1


def _traitors_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    """Before the battle: declared with the first round's battle cards (11.1)."""
    return battle.round == FIRST_ROUND and h.owner(power, TRAITORS)


def _traitors_play(state: WellingtonState, battle: Battle, power: str) -> None:
    why = "#60 Traitors"
    side = SIDE[power]
    enemy = FRENCH if side == ALLIES else ALLIES
    units = attrition.units_of_side(state, battle.duchy, enemy)
    asks: list[Frame] = []      # 13.1: the enemy picks its losses; their number is the dice's
    lost = sum(attrition.check(state, battle.duchy, units, why=why,
                               leader=battle.commander.get(enemy, ""), asks=asks).values())
    lost += attrition.pending(asks)
    attrition.push_all(state, asks)
    if lost:
        battle_cards.add_dice(battle, side, lost * TRAITOR_DICE_PER_LOSS, why, round_=0)
    state.log.append(f"{why}: {text.side_does(enemy, 'lose')} {lost} to attrition before the "
                     f"battle; {text.side_does(side, 'roll')} {lost * TRAITOR_DICE_PER_LOSS} "
                     "more dice in every round.")


# --- #73 Conscripts (B, battle or siege, 5.3) ------------------------------------------------
# "Giocatela su un qualsiasi comandante amico prima del primo round di una battaglia o assedio:
# si uniscono immediatamente ad essa 2 SP di quella Potenza."

CONSCRIPTS = 73
CONSCRIPT_SP = 2


def _conscript_powers(state: WellingtonState, duchy: str, power: str) -> list[str]:
    """The Powers of the player's side with a commander in the duchy (a friendly commander
    in the battle or siege: his Power's SP join)."""
    return sorted({geo.commander_power(c) for c in building.commanders_at(state, duchy)
                   if SIDE[geo.commander_power(c)] == SIDE[power]})


def _conscripts_battle_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return (battle.round == FIRST_ROUND and h.owner(power, CONSCRIPTS)
            and bool(_conscript_powers(state, battle.duchy, power)))


def _conscripts_battle_play(state: WellingtonState, battle: Battle, power: str) -> None:
    _conscripts_on(state, battle.duchy, power)


def _conscripts_on(state: WellingtonState, duchy: str, power: str) -> None:
    """The card acts for `power`: on its side's one commander there, or on the one it
    chooses. Turned by #55 (G.54) to a Power whose side has no commander there, it finds no
    friendly commander to be played on: no SP join."""
    powers = _conscript_powers(state, duchy, power)
    if not powers:
        state.log.append(f"#73 Conscripts: {power} has no friendly commander at "
                         f"{geo.name(duchy)}: no SP join.")
        return
    if len(powers) == 1:
        _conscripts_join(state, duchy, powers[0])
        return
    common.ask(state, power, CONSCRIPTS, "power",
               [(p, f"2 {p} SP join its commander at {geo.name(duchy)}") for p in powers],
               "on which friendly commander?", picked=[duchy])


def _conscripts_join(state: WellingtonState, duchy: str, power: str) -> None:
    """The SP come from the unbuilt counters (5.11: the owner first eliminates its own SP
    where it chooses when they run short, `common.place_sp_then`); `_conscripts_joined`."""
    common.place_sp_then(state, duchy, power, CONSCRIPT_SP, "#73 Conscripts", CONSCRIPTS,
                         JOIN, picked=[duchy])


JOIN = "join"


def _conscripts_joined(state: WellingtonState, frame: EventStep) -> None:
    """The SP placed are in the battle from its start (its `start_units`, 11.9); in a siege
    they are simply there."""
    duchy, placed = frame.picked[0], int(frame.picked[-1])
    battle = stack.find(state, Battle)
    if battle is not None and battle.duchy == duchy:
        side = SIDE[frame.power]
        battle.start_units[side] = battle.start_units.get(side, 0) + placed


def _conscripts_power(state: WellingtonState, frame: EventChoice, power: str) -> None:
    _conscripts_join(state, frame.picked[0], power)


def _conscripts_siege_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return (frame.round == FIRST_ROUND and h.owner(power, CONSCRIPTS)
            and bool(_conscript_powers(state, frame.duchy, power)))


def _conscripts_siege_play(state: WellingtonState, frame: Siege, power: str) -> None:
    """In a siege the friendly commander is the besieging Army's (or, for the fortress's
    owner, one of its side's commanders in the duchy); its Power's SP join him."""
    _conscripts_on(state, frame.duchy, power)


# --- #62 Nationalist Revolt (E), #90 The Spanish Levy (+R, Spain) ------------------------------
# #62: "Ponete 2 SP spagnoli in qualsiasi Ducato non fortificato in Spagna controllato dal
# francese, oppure ponete 2 SP inglesi in qualsiasi Ducato Nazionale inglese non fortificato
# sotto controllo francese. I 2 SP attaccano qualsiasi Formazione nemica presente con 1 dado in
# più in battaglia in tutti i round. Se vittoriosa, la Potenza attaccante rimuove la bandiera
# francese."
# #90: "Ponete 2 SP spagnoli in qualsiasi Ducato non fortificato in Spagna che sia occupato o
# controllato dal francese o che contenga una Formazione francese. I 2 SP attaccano con 2 dadi
# in battaglia in più. Se vittoriosi, rimuovete la bandiera francese o ponete la bandiera
# spagnola nel Ducato."

NATIONALIST_REVOLT = 62
SPANISH_LEVY = 90
RISING_SP = 2
REVOLT_DICE = 1                 # every round
LEVY_DICE = 2                   # the first round only (G.32)


def _french_controlled(state: WellingtonState, duchy: str) -> bool:
    return SIDE.get(geo.controller(state, duchy), "") == FRENCH


def _french_held(state: WellingtonState, duchy: str) -> bool:
    """French control as it stood before a rising's SP made the duchy Uncontrolled (3.1)."""
    return SIDE.get(geo.holder(state, duchy), "") == FRENCH and geo.has_formation(
        state, duchy, FRENCH)


def _revolt_places(state: WellingtonState) -> list[tuple[str, str]]:
    """(Power, duchy): Spain's in an unfortified French-controlled duchy of Spain; GB's in an
    unfortified British National duchy under French control. A duchy where a rising that
    answered this one waits counts as it was before those SP came (French-held with a French
    Formation there): the Responses combine (5.2's example, TC-08)."""
    return list(_revolt_found(state))


def _revolt_found(state: WellingtonState) -> Iterator[tuple[str, str]]:
    waiting = {f.picked[0] for f in state.stack if isinstance(f, EventStep) and f.what == WAITING}
    rising: dict[str, bool] = {}                 # `_can_rise`, asked once per Power
    for d in geo.duchies():
        if geo.is_fortress(state, d) or not (
                _french_controlled(state, d) or (d in waiting and _french_held(state, d))):
            continue
        for power, here in ((SPAIN, geo.country(d) == "Spain"),
                            (GB, geo.national_power(d) == GB)):
            if here and power not in rising:
                rising[power] = _can_rise(state, power)
            if here and rising[power]:
                yield power, d


def _can_rise(state: WellingtonState, power: str) -> bool:
    """A counter of the Power can be placed: an unbuilt one, or one its owner frees by
    eliminating its own SP on the map (5.11, R16)."""
    return any(building.unbuilt(state, power)) or bool(common.donors(state, power))


def _levy_places(state: WellingtonState) -> list[str]:
    return list(_levy_found(state))


def _levy_found(state: WellingtonState) -> Iterator[str]:
    if not _can_rise(state, SPAIN):
        return iter(())
    return (d for d in geo.duchies() if geo.country(d) == "Spain" and not geo.is_fortress(state, d)
            and (geo.is_occupied(d) or _french_controlled(state, d)
                 or geo.has_formation(state, d, FRENCH)))


def _revolt_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, NATIONALIST_REVOLT, trigger) and common.exists(
        _revolt_found(state))


def _revolt_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, NATIONALIST_REVOLT, "duchy",
               [(f"{p}|{d}", f"{RISING_SP} {p} SP rise at {geo.name(d)}")
                for p, d in _revolt_places(state)],
               "where does the revolt break out?")


def _levy_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, SPANISH_LEVY, trigger) and common.exists(_levy_found(state))


def _levy_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, SPANISH_LEVY, "duchy",
               [(f"{SPAIN}|{d}", f"{RISING_SP} Spanish SP rise at {geo.name(d)}")
                for d in _levy_places(state)],
               "where is the levy raised?")


def _rise(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """The SP are placed (5.11: the owner chooses what to eliminate when its counters run
    short, `common.place_sp_then`), then `_risen` runs. The duchy's control as it stood
    before the SP came is kept for the evasion modifiers (10.7, G.18)."""
    power, duchy = noun.split("|")
    before = next((f.picked[1] for f in _joining(state, duchy)),   # before a waiting rising
                  geo.controller(state, duchy))
    common.place_sp_then(state, duchy, power, RISING_SP, hands.title(frame.card), frame.card,
                         RISEN, picked=[duchy, before],
                         intercept=common.ATTACKS)      # 10.1: interceptors are attacked too


RISEN = "risen"          # the SP are placed
WAITING = "waiting"      # a rising answering a pending one waits beneath it (5.2, TC-08)
EVASIONS = "evasions"    # the French Formations attacked may evade first (10.5-10.7)
ATTACK = "attack"        # the battle (11)
FLAG = "flag"            # victorious: the flag
EVADE = "evade"          # the EventChoice of one French Power's evasion
JOINED = "joined"        # a waiting rising's mark: its SP and dice fought in another's battle
STAY = "stay"
RISINGS = (NATIONALIST_REVOLT, SPANISH_LEVY)


def _risen(state: WellingtonState, frame: EventStep) -> None:
    """The SP placed attack every French Formation there (11, the rising Power attacking;
    they came from nowhere, so a defeat sends them to the Regroup Box, 11.62), once the
    French have had their chance to evade (10.5: any Formation attacked may evade; the
    tutorial's Marmont, TC-E12). With no French Formation there is nothing to beat (R10): the
    flag at once. A rising answering another rising still pending (announced, not resolved:
    5.2, "the effects of different Responses combine", TC-08) waits beneath it: if that one
    rises in the same duchy, one battle is fought with both risings' SP and dice."""
    duchy, before, placed = frame.picked[0], frame.picked[1], int(frame.picked[-1])
    if not placed:
        state.log.append(f"{hands.title(frame.card)}: no SP could be placed: no rising.")
        return
    if not geo.has_formation(state, duchy, FRENCH):
        common.then(state, frame.power, frame.card, FLAG, picked=[duchy])
        return
    if wait_for_pending_rising(state, frame.power, frame.card, duchy, before):
        return
    _attack(state, frame.power, frame.card, duchy, before)


def wait_for_pending_rising(state: WellingtonState, power: str, card: int, duchy: str,
                            before: str = "") -> bool:
    """5.2 ("the effects of different Responses combine", TC-08): an event whose placed SP
    attack at `duchy`, resolving while a rising (#62, #90) it answered is still pending,
    does not fight now: its step `WAITING` (registered by `card` with `common.on_step`;
    `picked` [duchy, before]) goes beneath that rising's EventPlay and runs once it is over.
    If that rising attacks at `duchy`, its battle takes the waiting SP (they are there) and
    their dice (#62, #90), and marks the step `JOINED`: it fights no battle of its own, only
    what follows one (its flag). Otherwise the step attacks alone. False (nothing done)
    when no rising is pending. #35 Juramentados should call it too (report, TC-08)."""
    pending = _pending_rising(state)
    if pending is None:
        return False
    state.stack.insert(state.stack.index(pending),
                       EventStep(power=power, card=card, what=WAITING, picked=[duchy, before]))
    state.log.append(f"{hands.title(card)}: the SP at {geo.name(duchy)} attack when "
                     f"{hands.title(pending.card)} is resolved (5.2: the Responses combine).")
    return True


def _pending_rising(state: WellingtonState) -> EventPlay | None:
    """The nearest rising (#62, #90) announced and not resolved yet (its EventPlay still
    before its `carry_out`, not cancelled): the one a rising resolving now answers."""
    for frame in reversed(state.stack):
        if isinstance(frame, EventPlay) and frame.card in RISINGS and frame.step <= 1 \
                and not frame.cancelled:
            return frame
    return None


def _attack(state: WellingtonState, power: str, card: int, duchy: str, before: str) -> None:
    """The evasions, then the battle, then the flag (pushed in the reverse order)."""
    common.then(state, power, card, FLAG, picked=[duchy])
    common.then(state, power, card, ATTACK, picked=[duchy])
    common.then(state, power, card, EVASIONS, picked=[duchy, before])


def _waiting(state: WellingtonState, frame: EventStep) -> None:
    """The rising this one answered is over. Joined into its battle: only the flag is left;
    otherwise (it rose elsewhere, or was cancelled) this rising attacks on its own."""
    duchy, before = frame.picked[0], frame.picked[1]
    if JOINED in frame.picked or not geo.has_formation(state, duchy, FRENCH) \
            or not building.sp(state, duchy, frame.power):
        _after_rising(state, frame)
        return
    _attack(state, frame.power, frame.card, duchy, before)


def _joining(state: WellingtonState, duchy: str) -> list[EventStep]:
    """The risings waiting (`WAITING`) to attack at `duchy`, not joined yet."""
    return [f for f in state.stack if isinstance(f, EventStep) and f.what == WAITING
            and f.picked[0] == duchy and JOINED not in f.picked]


def _rising_dice(battle: Battle, power: str, card: int) -> None:
    """#62: +1 die every round; #90: +2 in the first round (G.32); any other event's SP
    (#35) bring none."""
    why = hands.title(card)
    if card == NATIONALIST_REVOLT:
        battle_cards.add_dice(battle, SIDE[power], REVOLT_DICE, why, round_=0)
    elif card == SPANISH_LEVY:
        battle_cards.add_dice(battle, SIDE[power], LEVY_DICE, why, round_=FIRST_ROUND)


def _fight(state: WellingtonState, frame: EventStep) -> None:
    """The battle, if French Formations stayed and the rising SP are still there; the risings
    waiting to attack the same duchy join it (their SP are there; their dice are added and
    they fight no battle of their own)."""
    duchy = frame.picked[0]
    if not geo.has_formation(state, duchy, FRENCH) or not building.sp(state, duchy,
                                                                       frame.power):
        return
    joined = _joining(state, duchy)
    procedure.start(state, duchy, frame.power, f"{frame.power}:{duchy}", "", False)
    battle = stack.top(state)
    assert isinstance(battle, Battle)
    _rising_dice(battle, frame.power, frame.card)
    for other in joined:
        other.picked.append(JOINED)
        _rising_dice(battle, other.power, other.card)
        battle.history.append(f"{hands.title(other.card)}'s rising joins the battle (5.2)")
    if SPANISH_LEVY in [frame.card] + [o.card for o in joined]:
        battle.evasion_failed = False          # G.22: no failed-evasion die for these SP


# --- the evasions before a rising's battle (10.5-10.7) ----------------------------------------
# Each French Power's question is an EventChoice here; the attempt itself is interception.py's
# (`evade_before_battle`: the real Attempt, its TRY and SUCCEEDED Response windows, #23, #33,
# #45, #51, #67, #95 answer it; the control before the rising for the modifiers, G.18; the
# attrition at once; a failure's BFI marker, TC-E12).


def _evasions(state: WellingtonState, frame: EventStep) -> None:
    """Each French Power with a Formation there, in impulse order, until it stays or has
    nothing left to try; `picked`: duchy, control before, then what was tried."""
    duchy, before, tried = frame.picked[0], frame.picked[1], frame.picked[2:]
    for power in POWERS:
        if SIDE[power] != FRENCH or f"{power}:{STAY}" in tried:
            continue
        options = interception.before_battle_options(state, power, duchy, before, "", tried)
        if options:
            common.ask(state, power, frame.card, EVADE,
                       [*options, (STAY, "Stay and fight")],
                       f"{hands.title(frame.card)}: {frame.power}'s SP rise at "
                       f"{geo.name(duchy)}. Evade (10.5)?",
                       picked=[frame.power, duchy, before, *tried])
            return


def _evade(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """One attempt (interception.evade_before_battle: 2d6, 9 or more with the modifiers,
    10.7; success: the Formation goes, its attrition at once; failure: it stays, a BFI marker
    on it, no terrain for it; the rising gets no failed-evasion die, G.22). Then the next
    question."""
    riser, duchy, before, *tried = frame.picked
    what = noun.partition(">")[0]
    common.then(state, riser, frame.card, EVASIONS, picked=[duchy, before, *tried,
                                                             f"{frame.power}:{what}"])
    if noun != STAY:
        interception.evade_before_battle(state, frame.power, duchy, before, noun)


def _after_rising(state: WellingtonState, frame: EventStep) -> None:
    """Victorious: the rising SP hold the duchy and no French Formation is left there. #62:
    the French flag is removed; #90: the French flag removed or the Spanish one placed — one
    act, `flags.set_flag` of Spain (which only removes the flag where Spain is the print)."""
    duchy = frame.picked[0]
    if not (geo.has_formation(state, duchy, ALLIES) and not geo.has_formation(state, duchy,
                                                                               FRENCH)):
        return
    why = hands.title(frame.card)
    if frame.card == SPANISH_LEVY:
        geo.set_flag(state, duchy, SPAIN, why)
    elif SIDE.get(state.flags.get(duchy, ""), "") == FRENCH:
        geo.remove_flag(state, duchy, frame.power, why)


# --- #110 12-Pounders (B, French) ------------------------------------------------------------
# "Tirate 4 dadi extra prima del prossimo round di battaglia. Qualsiasi perdita che causano non
# può rispondere al fuoco. Le perdite contano come perdite di battaglia ma non impediscono che il
# successivo round di battaglia previsto sia combattuto."

TWELVE_POUNDERS = 110
POUNDER_DICE = 4
ELIMINATION, DISORGANISED = 6, 5      # 11.5


def _pounders_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return h.owner(power, TWELVE_POUNDERS)


def _pounders_play(state: WellingtonState, battle: Battle, power: str) -> None:
    """Declared with the round's battle cards, before its dice (11.1): 4 dice for the
    player's side, 6s eliminating and 5s disorganising enemy units as in 11.5 and counted as
    this battle's losses (11.52). An eliminated unit rolls no more; a disorganised one may not
    fire back this round: in round 1 its die is taken off (from round 2 on every D suffered
    already costs a die, 11.53)."""
    why = "#110 12-Pounders"
    side = SIDE[power]
    enemy = FRENCH if side == ALLIES else ALLIES
    faces = [dice.d6(state, f"{why}, before round {battle.round}", "#110")
             for _ in range(POUNDER_DICE)]
    e, d = faces.count(ELIMINATION), faces.count(DISORGANISED)
    battle.history.append(f"{why}: {text.side(side)} {faces} = {e} E, {d} D")
    state.log.append(f"{why}: {faces}: {e} eliminated and {d} disorganised for {text.side(enemy)}.")
    if e:
        battle.suffered_e[enemy] = battle.suffered_e.get(enemy, 0) + e
        if battle.round > 1:
            battle.marked[enemy] = max(0, battle.marked.get(enemy, 0) - e)
        losses.eliminate(state, battle, enemy, e, why)
    if d:
        battle.suffered_d[enemy] = battle.suffered_d.get(enemy, 0) + d
        losses.disorganise(state, battle, enemy, d)
        if battle.round == 1:
            battle_cards.add_dice(battle, enemy, -d, why + ": disorganised units do not fire "
                                  "back")


# --- #99 Young Guard (+R, French) -------------------------------------------------------------
# "Se è presente un comandante francese, impegnate le divisioni della Giovane Guardia dopo aver
# visto tutti gli altri risultati dei dadi di battaglia. Tirate 3 dadi extra di battaglia. Oltre
# ad infliggere perdite, annullate una Disorganizzazione causata dagli Alleati per ogni 4
# ottenuto con i dadi extra (questi risultati extra possono causare una Rotta). Rimuovetela dal
# gioco immediatamente se viene giocato l'evento "La Chiamata dell'Imperatore" #38."

YOUNG_GUARD = 99
GUARD_DICE = 3
GUARD_CANCEL = 4


def _guard_battle(state: WellingtonState, trigger: str) -> Battle | None:
    """The round's dice are rolled and not yet applied (the Response window after the dice),
    and a French commander is in the battle."""
    if trigger != battle_cards.AFTER_DICE:
        return None
    battle = stack.find(state, Battle)
    if battle is None or not battle.rolls:
        return None
    french = [c for c in building.commanders_at(state, battle.duchy)
              if SIDE[geo.commander_power(c)] == FRENCH]
    return battle if french else None


def _guard_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.owner(power, YOUNG_GUARD) and _guard_battle(state, trigger) is not None


def _guard_play(state: WellingtonState, frame: EventPlay) -> None:
    """3 more dice for the French side: their 6s and 5s hit as the round's own (11.5), each
    4 takes back one D result the Allies scored this round; all count toward the Rout."""
    battle = _guard_battle(state, frame.trigger)
    assert battle is not None
    why = "#99 Young Guard"
    faces = [dice.d6(state, why, "#99") for _ in range(GUARD_DICE)]
    e, d, fours = faces.count(ELIMINATION), faces.count(DISORGANISED), faces.count(GUARD_CANCEL)
    battle.sixes[FRENCH] = battle.sixes.get(FRENCH, 0) + e
    battle.fives[FRENCH] = battle.fives.get(FRENCH, 0) + d
    cancelled = min(fours, battle.fives.get(ALLIES, 0))
    battle.fives[ALLIES] = battle.fives.get(ALLIES, 0) - cancelled
    battle.history.append(f"{why}: {faces} = {e} E, {d} D; {cancelled} Allied D cancelled")
    state.log.append(f"{why}: {faces}: {e} E and {d} D more against the Allies; {cancelled} "
                     "Disorganisation of the Allies' cancelled.")


# --- registration (on import) --------------------------------------------------------------------

cardplay.register(BAGGAGE_TRAIN, cardplay.Event(_baggage_playable, _baggage_play))
cardplay.register(SCUM_OF_THE_EARTH, cardplay.Event(_scum_playable, _scum_play))
battle_cards.register_battle(WILD_GEESE, battle_cards.BattleEvent(_geese_battle_playable,
                                                                  _geese_battle_play))
siege.register_card(WILD_GEESE, siege.SiegeCardEvent(_geese_siege_playable, _geese_siege_play))
siege.register_card(SAPPERS, siege.SiegeCardEvent(_sappers_playable, _sappers_play))
battle_cards.register_battle(TRAITORS, battle_cards.BattleEvent(_traitors_playable,
                                                                _traitors_play))
battle_cards.register_battle(CONSCRIPTS, battle_cards.BattleEvent(_conscripts_battle_playable,
                                                                  _conscripts_battle_play))
siege.register_card(CONSCRIPTS, siege.SiegeCardEvent(_conscripts_siege_playable,
                                                     _conscripts_siege_play))
common.on_choice(CONSCRIPTS, "power", _conscripts_power)
common.on_step(CONSCRIPTS, JOIN, _conscripts_joined)
cardplay.register(NATIONALIST_REVOLT, cardplay.Event(_revolt_playable, _revolt_play))
cardplay.register(SPANISH_LEVY, cardplay.Event(_levy_playable, _levy_play))
for _card in RISINGS:
    common.on_choice(_card, "duchy", _rise)
    common.on_step(_card, RISEN, _risen)
    common.on_step(_card, WAITING, _waiting)
    common.on_step(_card, EVASIONS, _evasions)
    common.on_choice(_card, EVADE, _evade)
    common.on_step(_card, ATTACK, _fight)
    common.on_step(_card, FLAG, _after_rising)
battle_cards.register_battle(TWELVE_POUNDERS, battle_cards.BattleEvent(_pounders_playable,
                                                                       _pounders_play))
cardplay.register(YOUNG_GUARD, cardplay.Event(_guard_playable, _guard_play))


# === cards on the battle's seams (battle/cards.py "THE SEAMS") ===================================

def _enemy(side: str) -> str:
    return FRENCH if side == ALLIES else ALLIES


def _title(number: int) -> str:
    """The card's name as every effect it sets begins ("#96 Bloody Bagpipes")."""
    return hands.title(number)


# --- #96 Bloody Bagpipes (+B, GB) -------------------------------------------------------------
# "Aggiungete 2 dadi in battaglia ed ignorate 2 disorganizzazioni. Qualsiasi Rotta causata agli
# Alleati in questa battaglia viene declassata a ritirata. Se gli Alleati sono vittoriosi,
# aggiungere 3 al tiro di dado per il saccheggio, se applicabile."

BAGPIPES = 96
BAGPIPES_DICE = 2
BAGPIPES_IGNORED = 2
BAGPIPES_PLUNDER = 3


def _bagpipes_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return h.owner(power, BAGPIPES)


def _bagpipes_play(state: WellingtonState, battle: Battle, power: str) -> None:
    """+2 dice this round (11.1: one round), the first 2 Disorganisations scored against the
    Allies from now on ignored, no Rout of the Allies, +3 on an Allied Plunder roll."""
    why = _title(BAGPIPES)
    side = SIDE[power]
    battle_cards.add_dice(battle, side, BAGPIPES_DICE, why)
    battle_cards.ignore_results(battle, _enemy(side), DISORGANISATION, BAGPIPES_IGNORED, why)
    battle_cards.no_rout(battle, ALLIES, why)
    battle_cards.add_plunder_drm(battle, BAGPIPES_PLUNDER, why, winner=ALLIES)


# --- #97 Damned Good Ground (B, GB) -----------------------------------------------------------
# "Convertite la metà (arrotondate per eccesso) dei risultati di 6 contro di voi in 5 per tutti i
# round di battaglia. Se giocata quando Wellington è in comando ed un'Armata o Gruppo di Armate
# francese viene eliminato o posto in Rotta, questa carta torna in mano inglese. Questa carta
# non può essere usata in battaglia ancora nello stesso impulso di quella Potenza."

GOOD_GROUND = 97
WELLINGTON = "wellington"
HALF = 0                         # reduce_results: half, rounded up


def _good_ground_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    """Not twice in battle in the same impulse (its effect `until="impulse"` marks the use)."""
    return h.owner(power, GOOD_GROUND) and not any(
        e.card == GOOD_GROUND and e.started == state.impulses for e in state.effects)


def _good_ground_play(state: WellingtonState, battle: Battle, power: str) -> None:
    why = _title(GOOD_GROUND)
    side = SIDE[power]
    battle_cards.reduce_results(battle, side, ELIMINATION, DISORGANISED, HALF, why)
    chief = battle.commander.get(side, "")
    state.effects.append(Effect(card=GOOD_GROUND, power=power,
                                target=WELLINGTON if chief == WELLINGTON else "",
                                until="impulse", started=state.impulses))
    state.log.append(f"{why}: half the 6s against {text.side(side)} become 5s in every round"
                     + (", Wellington in command." if chief == WELLINGTON else "."))


def _good_ground_close(state: WellingtonState, battle: Battle, power: str) -> None:
    """Played with Wellington in command and a French Army routed or eliminated: the card
    goes back to the British hand (from its Reserve)."""
    played = any(e.card == GOOD_GROUND and e.started == state.impulses and e.target == WELLINGTON
                 for e in state.effects)
    if played and battle.loser == FRENCH and h.army_beaten(battle):
        where = state.piles.where(GOOD_GROUND)
        cards.move(state.piles, GOOD_GROUND, where, f"hand:{power}")
        state.log.append(f"{_title(GOOD_GROUND)} goes back to {power}'s hand: a French Army "
                         "was routed or eliminated with Wellington in command.")


# --- #87 Militia (+B, Spain) ------------------------------------------------------------------
# "Lo spagnolo aggiunge 2 dadi in tutti i round della battaglia. Inoltre, il francese non può
# ottenere il vantaggio di uno sfondamento di qualsiasi tipo. Un francese vittorioso non può
# continuare a muovere e può porre la sua bandiera nel Ducato solamente pagando un CP per farlo."

MILITIA = 87
MILITIA_DICE = 2
EVERY_ROUND = 0


def _militia_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return h.owner(power, MILITIA)


def _militia_play(state: WellingtonState, battle: Battle, power: str) -> None:
    """+2 dice every round; a French Overrun lets the French go no further and gives no free
    flag (they may still place one for 1 CP, 7.1, in a later expenditure)."""
    why = _title(MILITIA)
    battle_cards.add_dice(battle, SIDE[power], MILITIA_DICE, why, round_=EVERY_ROUND)
    battle_cards.pin(battle, FRENCH, why)
    battle_cards.no_free_flag(battle, FRENCH, why)


# --- #81 Thunder & Lightning (B; battle or siege, 5.3: the battle half) -----------------------
# "Giocatela all'inizio del primo round di battaglia e/o assedio. Dimezzate (per eccesso) tutti i
# dadi per la battaglia e/o assedio per entrambe le parti in tutti i round in quel Ducato per
# questo impulso. Qualsiasi Rotta per entrambe le parti diviene una ritirata. Una Formazione che
# fa sfondamento non può muovere/evadere/intercettare fuori da quel Ducato dopo la battaglia e/o
# assediare sino al loro impulso seguente (possono ritirarsi)."

THUNDER = 81


def _thunder_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return battle.round == FIRST_ROUND and not battle.rolls and h.owner(power, THUNDER)


def _thunder_on(battle: Battle) -> None:
    why = _title(THUNDER)
    battle_cards.halve_dice(battle, why)
    for side in (ALLIES, FRENCH):
        battle_cards.no_rout(battle, side, why)
        battle_cards.pin(battle, side, why)


def _thunder_play(state: WellingtonState, battle: Battle, power: str) -> None:
    """This battle, and every later battle in the duchy this impulse (the standing effect on
    the duchy): dice halved, no Rout, an Overrun goes no further."""
    _thunder_on(battle)
    state.effects.append(Effect(card=THUNDER, power=power, target=battle.duchy, until="impulse",
                                started=state.impulses))


def _thunder_standing(state: WellingtonState, battle: Battle, effect: Effect) -> None:
    if effect.until == "impulse" and effect.target == battle.duchy:
        battle.in_play.append((THUNDER, effect.power))
        _thunder_on(battle)


def _thunder_close(state: WellingtonState, battle: Battle, power: str) -> None:
    """The Formations that overran may not move, evade or intercept out of the duchy until
    their Power's next impulse: an effect on the duchy for the movement part (W8)."""
    if battle.overrun and battle.winner:
        for winner in battle.powers.get(battle.winner, []):
            state.effects.append(Effect(card=THUNDER, power=winner, target=battle.duchy,
                                        until="next-impulse", started=state.impulses))
        state.log.append(f"{_title(THUNDER)}: the {battle.winner}' Formations that overran may "
                         f"not leave {geo.name(battle.duchy)} until their next impulse "
                         "(but to retreat).")


# --- #74 Field Fortifications (B) -----------------------------------------------------------
# "Può essere giocata da una Potenza inattiva prima di qualsiasi battaglia. Annulla 2 risultati di
# disorganizzazione contro le vostre forze. Il nemico si deve ritirare dopo un round di battaglia
# a meno che non siate messo in rotta o eliminato. Se il nemico fa sfondamento, non riceve il
# piazzamento gratuito della bandiera né può continuare a muovere – e se può fare Saccheggio
# sottrae 2 dal tiro di dado."

FIELD_FORTIFICATIONS = 74
FORT_CANCELLED = 2
FORT_ROUNDS = 1
FORT_PLUNDER = -2


def _fort_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    """Before the battle (the first round's declarations), by a Power that is not the active
    one."""
    return (battle.round == FIRST_ROUND and not battle.rolls and power != battle.active
            and h.owner(power, FIELD_FORTIFICATIONS))


def _fort_play(state: WellingtonState, battle: Battle, power: str) -> None:
    why = _title(FIELD_FORTIFICATIONS)
    side = SIDE[power]
    enemy = _enemy(side)
    battle_cards.ignore_results(battle, enemy, DISORGANISATION, FORT_CANCELLED, why)
    battle.max_rounds = FORT_ROUNDS           # a later #11 prevails (5.2, TC-07)
    battle_cards.pin(battle, enemy, why)
    battle_cards.no_free_flag(battle, enemy, why)
    battle_cards.add_plunder_drm(battle, FORT_PLUNDER, why, winner=enemy)
    state.log.append(f"{why}: 2 Disorganisations against {text.side(side)} cancelled; "
                     f"{text.side(enemy)} must retreat after one round unless they rout or "
                     "eliminate them.")


def _fort_outcome(state: WellingtonState, battle: Battle, power: str) -> None:
    """The enemy won without routing or eliminating the player's side: it retreats all the
    same (as the active side after a tie, 11.52: no Rout, Flag Overrun or Plunder)."""
    side = SIDE[power]
    if battle.winner == _enemy(side) and not battle.routed and not battle.overrun:
        battle.winner, battle.loser, battle.tie = "", _enemy(side), True
        state.log.append(f"{_title(FIELD_FORTIFICATIONS)}: {text.side(side)} were neither routed "
                         f"nor eliminated: {text.side(battle.loser)} must retreat.")


# --- #70 Combined Grenadiers (B; battle or siege, 5.3: the battle half) -----------------------
# "Aggiungere un dado in battaglia o assedio e scegliete chi vince in un qualsiasi round finito
# pari in battaglia o assedio. Gli assedi che finiscono pari possono continuare per un altro
# round, anche se questo estende l'assedio oltre il suo normale massimo numero di round."

GRENADIERS = 70
GRENADIERS_DICE = 1


def _grenadiers_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return h.owner(power, GRENADIERS)


def _grenadiers_play(state: WellingtonState, battle: Battle, power: str) -> None:
    battle_cards.add_dice(battle, SIDE[power], GRENADIERS_DICE, _title(GRENADIERS))


def _grenadiers_tie(state: WellingtonState, battle: Battle, power: str) -> bool:
    """A round ends tied: the player says which side wins it (the latest #70 played)."""
    common.ask(state, power, GRENADIERS, "tie",
               [(s, f"{text.side_does(s, 'win')} the tied round {battle.round}")
                for s in (battle.attacking, battle.defending)],
               "who wins the tied round?")
    return True


def _grenadiers_choice(state: WellingtonState, frame: EventChoice, side: str) -> None:
    procedure.award(state, battle_cards.current(state), side, _title(GRENADIERS))


# --- #79 Cautious Generals (R) ----------------------------------------------------------------
# "Giocatela alla fine di qualsiasi round di battaglia. Dimezzate (per eccesso) il numero di
# SP/Comandanti eliminati da tutti i round di battaglia per entrambe le parti (questo potrebbe
# annullare una Rotta) e, se applicabile, annullate qualsiasi sfondamento."

CAUTIOUS = 79


def _cautious_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    if trigger != battle_cards.END_OF_ROUND:         # (asked first: no stack to look through)
        return False
    battle = stack.find(state, Battle)
    return (battle is not None and h.owner(power, CAUTIOUS)
            and any(battle.suffered_e.get(s, 0) > 1 for s in (ALLIES, FRENCH)))


def _cautious_play(state: WellingtonState, frame: EventPlay) -> None:
    """Before the decision: each side's eliminations (all rounds) become half, rounded up;
    the units taken back return to the duchy (losses.restore), so the decision (11.52) and
    the Rout (11.7) that follow see them, and a side no longer wholly eliminated is not
    overrun."""
    battle = battle_cards.current(state)
    for side in (battle.attacking, battle.defending):
        had = battle.suffered_e.get(side, 0)
        kept = (had + 1) // 2
        battle.suffered_e[side] = kept
        back = losses.restore(state, battle, side, had - kept)
        battle.history.append(f"{_title(CAUTIOUS)}: eliminations of {text.side(side)} "
                              f"{had} -> {kept}, "
                              f"{back} back")


# --- #107 Cuirassier Charge (R, French) ---------------------------------------------------------
# "Aggiungere 2 dadi in battaglia in un round. Inoltre: tirate un dado dopo qualsiasi round di
# battaglia pareggiato o vinto e convertite quel numero di risultati di disorganizzazione (5) in
# eliminazioni (6) causati all'Alleato."

CUIRASSIERS = 107
CUIRASSIER_DICE = 2


def _cuirassiers_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Before a round's dice, in a battle with French Formations."""
    if trigger != battle_cards.BEFORE_DICE:          # (asked first: no stack to look through)
        return False
    battle = stack.find(state, Battle)
    return (battle is not None and h.owner(power, CUIRASSIERS)
            and bool(battle.powers.get(FRENCH)))


def _cuirassiers_play(state: WellingtonState, frame: EventPlay) -> None:
    battle = battle_cards.current(state)
    battle.in_play.append((CUIRASSIERS, frame.power))
    battle_cards.add_dice(battle, FRENCH, CUIRASSIER_DICE, _title(CUIRASSIERS))


def _cuirassiers_round_end(state: WellingtonState, battle: Battle, power: str) -> None:
    """After each round the French tied or won (the round's own results: hits inflicted at
    least those suffered): a die; that many of the round's 5s against the Allies become 6s
    (the disorganised units eliminated; the losses' total is unchanged)."""
    if sides.form_square(state, FRENCH, CUIRASSIERS):
        state.log.append("#1 Form Square: no Cuirassier Charge conversion (#107).")
        return
    french = battle.sixes.get(FRENCH, 0) + battle.fives.get(FRENCH, 0)
    allied = battle.sixes.get(ALLIES, 0) + battle.fives.get(ALLIES, 0)
    if french < allied:
        return
    die = dice.d6(state, _title(CUIRASSIERS), "#107")
    turned = min(die, battle.fives.get(FRENCH, 0), battle.marked.get(ALLIES, 0))
    battle.history.append(f"{_title(CUIRASSIERS)}: die {die}: {turned} D against the Allies "
                          "become E")
    state.log.append(f"{_title(CUIRASSIERS)}: die {die}: {turned} Disorganisation"
                     f"{'s' if turned != 1 else ''} of the Allies become eliminations.")
    if turned:
        battle.suffered_d[ALLIES] -= turned
        battle.suffered_e[ALLIES] = battle.suffered_e.get(ALLIES, 0) + turned
        battle.marked[ALLIES] -= turned
        losses.eliminate(state, battle, ALLIES, turned, _title(CUIRASSIERS))


# --- #58 Take the High Ground (B) -----------------------------------------------------------------
# "Giocatela all'inizio del primo round di una battaglia. Le due parti tirano un dado aggiungendo
# al risultato la metà (arrotondata per eccesso) del valore di battaglia di un comandante (se
# presente). Chi ha giocato la carta aggiunge +2 e vince in caso di parità. Chi vince sceglie o
# di avere 3 dadi in battaglia in più oppure di obbligare il nemico a scartare una carta di
# battaglia (decidete dopo che sono state rivelate tutte le carte di battaglia)."

HIGH_GROUND = 58
HIGH_GROUND_DRM = 2
HIGH_GROUND_DICE = 3


def _high_ground_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return battle.round == 1 and not battle.rolls


def _high_ground_play(state: WellingtonState, battle: Battle, power: str) -> None:
    """The roll now; the winner's choice once every battle card of the round is revealed (the
    DECLARED hook). The card's entry in play names the winning Power."""
    why = _title(HIGH_GROUND)
    mine = SIDE[power]
    if HIGH_GROUND in battle.outflanked:
        winner = mine
        battle.history.append(f"{why}: turned by #55: no roll, {text.side_does(mine, 'win')} it")
    else:
        score: dict[str, int] = {}
        for side in (battle.attacking, battle.defending):
            chief = battle.commander.get(side, "")
            half = (sides.battle_value(state, battle, chief) + 1) // 2 if chief else 0
            face = dice.d6(state, f"{side}: {why}", "#58")
            score[side] = face + half + (HIGH_GROUND_DRM if side == mine else 0)
        winner = mine if score[mine] >= score[_enemy(mine)] else _enemy(mine)
        battle.history.append(f"{why}: {score}: {text.side_does(winner, 'win')}")
    chooser = power if winner == mine else sides.army_power(state, battle, winner)
    battle.in_play[-1] = (HIGH_GROUND, chooser)
    state.log.append(f"{why}: {text.side_does(winner, 'take')} the high ground ({chooser} "
                     "chooses once every battle card is revealed).")


def _high_ground_declared(state: WellingtonState, battle: Battle, power: str) -> None:
    if battle.round != 1:
        return
    options = [("dice", f"{SIDE[power]} rolls {HIGH_GROUND_DICE} more dice this round")]
    options += [(str(n), f"the enemy discards {_title(n)}")
                for n in battle_cards.enemy_cards(battle, SIDE[power]) if n != HIGH_GROUND]
    if len(options) == 1:
        _high_ground_take(state, power, "dice")
        return
    common.ask(state, power, HIGH_GROUND, "choice", options, "the high ground: which gain?")


def _high_ground_take(state: WellingtonState, power: str, choice: str) -> None:
    battle = battle_cards.current(state)
    why = _title(HIGH_GROUND)
    if choice == "dice":
        battle_cards.add_dice(battle, SIDE[power], HIGH_GROUND_DICE, why, 1)
    else:
        battle_cards.cancel(state, battle, int(choice), why)


def _high_ground_choice(state: WellingtonState, frame: EventChoice, choice: str) -> None:
    _high_ground_take(state, frame.power, choice)


# --- #84 Beaten and Scattered (R) ---------------------------------------------------------------
# "Giocatela su qualsiasi Armata o Gruppo di Armate che perde una battaglia. La metà (per
# eccesso) di tutti i soldati sopravvissuti ed un comandante di Valore di Battaglia 0, 1 o 2
# (se è presente) sono posti nella Casella del Raggruppamento."

BEATEN = 84
WEAK_BV = 2


def _beaten_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Once the winner is known, before the Rout and the retreat (the DECIDED window), on a
    loser that fought as an Army (a commander led it, 11.10 `had_army`) with units left."""
    if trigger != battle_cards.DECIDED:              # (asked first: no stack to look through)
        return False
    battle = stack.find(state, Battle)
    return (battle is not None and bool(battle.loser)
            and battle.had_army.get(battle.loser, False)
            and sides.units(state, battle.duchy, battle.loser) > 0)


def _beaten_play(state: WellingtonState, frame: EventPlay) -> None:
    """Half the loser's surviving SP (rounded up), shared among its Powers as evenly as 11.51
    shares losses (each owner picks the counters, 1.5), and its weakest commander of BV 0-2
    (the lowest BV, then name) go to the Regroup Box; they are not eliminated (no battle
    loss), so the disorganised units left are what the Rout can strike."""
    battle = battle_cards.current(state)
    why = _title(BEATEN)
    loser = battle.loser
    soldiers = sides.soldier_sp(state, battle.duchy, loser)
    half = (soldiers + 1) // 2
    weak = sorted((sides.battle_value(state, battle, c), c)
                  for c in sides.commanders(state, battle.duchy, loser)
                  if sides.battle_value(state, battle, c) <= WEAK_BV)
    if weak:
        cid = weak[0][1]
        building.eliminate_commander(state, cid, REGROUP)
        if battle.commander.get(loser) == cid:
            battle.commander[loser] = ""
        state.log.append(f"{why}: {h.commander_name(cid)} goes to the Regroup Box.")
    holding = {p: building.sp(state, battle.duchy, p)
               for p in sides.powers(state, battle.duchy, loser)
               if building.sp(state, battle.duchy, p)}
    shares = losses.even_shares(holding, half)
    state.log.append(f"{why}: {half} of {soldiers} surviving SP of {text.side(loser)} go to the "
                     "Regroup Box.")
    for power, count in reversed(list(shares.items())):
        if count:
            losses.lose(state, battle.duchy, power, count, why, to=REGROUP)
    battle.marked[loser] = min(battle.marked.get(loser, 0),
                               sides.units(state, battle.duchy, loser))


# --- registration of the seam cards ---------------------------------------------------------------

battle_cards.register_battle(BAGPIPES, battle_cards.BattleEvent(_bagpipes_playable,
                                                                _bagpipes_play))
battle_cards.register_battle(GOOD_GROUND, battle_cards.BattleEvent(_good_ground_playable,
                                                                   _good_ground_play))
battle_cards.register_hook(GOOD_GROUND, battle_cards.CLOSE, _good_ground_close)
battle_cards.register_battle(MILITIA, battle_cards.BattleEvent(_militia_playable, _militia_play))
battle_cards.register_battle(THUNDER, battle_cards.BattleEvent(_thunder_playable, _thunder_play))
battle_cards.register_standing(THUNDER, _thunder_standing)
battle_cards.register_hook(THUNDER, battle_cards.CLOSE, _thunder_close)
battle_cards.register_battle(FIELD_FORTIFICATIONS, battle_cards.BattleEvent(_fort_playable,
                                                                            _fort_play))
battle_cards.register_hook(FIELD_FORTIFICATIONS, battle_cards.OUTCOME, _fort_outcome)
battle_cards.register_battle(GRENADIERS, battle_cards.BattleEvent(_grenadiers_playable,
                                                                  _grenadiers_play))
battle_cards.register_hook(GRENADIERS, battle_cards.TIE, _grenadiers_tie)
common.on_choice(GRENADIERS, "tie", _grenadiers_choice)
cardplay.register(CAUTIOUS, cardplay.Event(_cautious_playable, _cautious_play))
cardplay.register(CUIRASSIERS, cardplay.Event(_cuirassiers_playable, _cuirassiers_play))
battle_cards.register_hook(CUIRASSIERS, battle_cards.ROUND_END, _cuirassiers_round_end)
battle_cards.register_battle(HIGH_GROUND, battle_cards.BattleEvent(_high_ground_playable,
                                                                   _high_ground_play))
battle_cards.register_hook(HIGH_GROUND, battle_cards.DECLARED, _high_ground_declared)
common.on_choice(HIGH_GROUND, "choice", _high_ground_choice)
cardplay.register(BEATEN, cardplay.Event(_beaten_playable, _beaten_play))
