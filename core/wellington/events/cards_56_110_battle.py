"""Wellington events #56-110: cards played in battles and sieges, the Responses to their
dice and outcome, and the risings that start a battle (#60, #62, #71, #73, #75, #82, #90,
#91, #99, #110). Registered on import."""
from __future__ import annotations

from core import dice, stack
from core.wellington import attrition, building, cardplay, hands, siege
from core.wellington import flags as geo
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import losses, procedure
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.siege import Siege
from core.wellington.state import ALLIES, FRENCH, GB, SIDE, SPAIN, Effect, WellingtonState

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
    """The ignored Disorganisation is one result: the battle's `ignored` seam applies in
    every round from now on, so the card is offered only for the battle's last round, where
    one ignored 5 is exactly one (docs: OPEN for earlier rounds)."""
    return power == SPAIN and battle.round >= battle.max_rounds


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
    lost = sum(attrition.check(state, battle.duchy, units, why=why,
                               leader=battle.commander.get(enemy, "")).values())
    if lost:
        battle_cards.add_dice(battle, side, lost * TRAITOR_DICE_PER_LOSS, why, round_=0)
    state.log.append(f"{why}: {enemy} loses {lost} to attrition before the battle; {side} "
                     f"rolls {lost * TRAITOR_DICE_PER_LOSS} more dice in every round.")


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
    powers = _conscript_powers(state, battle.duchy, power)
    if len(powers) == 1:
        _conscripts_join(state, battle.duchy, powers[0])
        return
    common.ask(state, power, CONSCRIPTS, "power",
               [(p, f"2 {p} SP join its commander at {geo.name(battle.duchy)}") for p in powers],
               "on which friendly commander?", picked=[battle.duchy])


def _conscripts_join(state: WellingtonState, duchy: str, power: str) -> None:
    """The SP come from the unbuilt counters (5.11) and are in the battle from its start
    (its `start_units`, 11.9)."""
    placed = common.place_sp(state, duchy, power, CONSCRIPT_SP, "#73 Conscripts")
    battle = stack.find(state, Battle)
    if battle is not None and battle.duchy == duchy:
        side = SIDE[power]
        battle.start_units[side] = battle.start_units.get(side, 0) + placed


def _conscripts_power(state: WellingtonState, frame: EventChoice, power: str) -> None:
    _conscripts_join(state, frame.picked[0], power)


def _conscripts_siege_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return (frame.round == FIRST_ROUND and h.owner(power, CONSCRIPTS)
            and bool(_conscript_powers(state, frame.duchy, power)))


def _conscripts_siege_play(state: WellingtonState, frame: Siege, power: str) -> None:
    """In a siege the friendly commander is the besieging Army's (or, for the fortress's
    owner, one of its side's commanders in the duchy); its Power's SP join him."""
    powers = _conscript_powers(state, frame.duchy, power)
    if len(powers) == 1:
        _conscripts_join(state, frame.duchy, powers[0])
        return
    common.ask(state, power, CONSCRIPTS, "power",
               [(p, f"2 {p} SP join its commander at {geo.name(frame.duchy)}") for p in powers],
               "on which friendly commander?", picked=[frame.duchy])


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


def _revolt_places(state: WellingtonState) -> list[tuple[str, str]]:
    """(Power, duchy): Spain's in an unfortified French-controlled duchy of Spain; GB's in an
    unfortified British National duchy under French control."""
    out = []
    for d in geo.duchies():
        if geo.is_fortress(state, d) or not _french_controlled(state, d):
            continue
        if geo.country(d) == "Spain" and _can_rise(state, SPAIN):
            out.append((SPAIN, d))
        if geo.national_power(d) == GB and _can_rise(state, GB):
            out.append((GB, d))
    return out


def _can_rise(state: WellingtonState, power: str) -> bool:
    """An unbuilt counter of the Power is left to be placed (5.11's exchange is OPEN)."""
    return any(building.unbuilt(state, power))


def _levy_places(state: WellingtonState) -> list[str]:
    if not _can_rise(state, SPAIN):
        return []
    return [d for d in geo.duchies() if geo.country(d) == "Spain" and not geo.is_fortress(state, d)
            and (geo.is_occupied(d) or _french_controlled(state, d)
                 or geo.has_formation(state, d, FRENCH))]


def _revolt_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, NATIONALIST_REVOLT, trigger) and bool(
        _revolt_places(state))


def _revolt_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, NATIONALIST_REVOLT, "duchy",
               [(f"{p}|{d}", f"{RISING_SP} {p} SP rise at {geo.name(d)}")
                for p, d in _revolt_places(state)],
               "where does the revolt break out?")


def _levy_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, SPANISH_LEVY, trigger) and bool(_levy_places(state))


def _levy_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, SPANISH_LEVY, "duchy",
               [(f"{SPAIN}|{d}", f"{RISING_SP} Spanish SP rise at {geo.name(d)}")
                for d in _levy_places(state)],
               "where is the levy raised?")


def _rise(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """The SP are placed (5.11) and attack every French Formation there (a battle, 11, the
    rising Power attacking; they came from nowhere, so a defeat sends them to the Regroup
    Box, 11.62). Then, if they hold the duchy alone, the flag (`_after_rising`). With no
    French Formation there is nothing to beat (R10): the flag at once."""
    power, duchy = noun.split("|")
    if not common.place_sp(state, duchy, power, RISING_SP, hands.title(frame.card)):
        return                                 # no counter left to place (5.11 OPEN): no rising
    common.then(state, power, frame.card, "flag", picked=[duchy])
    if not geo.has_formation(state, duchy, FRENCH):
        return
    procedure.start(state, duchy, power, f"{power}:{duchy}", "", False)
    battle = stack.top(state)
    assert isinstance(battle, Battle)
    why = hands.title(frame.card)
    if frame.card == NATIONALIST_REVOLT:
        battle_cards.add_dice(battle, SIDE[power], REVOLT_DICE, why, round_=0)
    else:
        battle_cards.add_dice(battle, SIDE[power], LEVY_DICE, why, round_=FIRST_ROUND)
        battle.evasion_failed = False          # G.22: no failed-evasion die for these SP


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
    battle.history.append(f"{why}: {side} {faces} = {e} E, {d} D")
    state.log.append(f"{why}: {faces}: {e} eliminated and {d} disorganised for {enemy}.")
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
cardplay.register(NATIONALIST_REVOLT, cardplay.Event(_revolt_playable, _revolt_play))
common.on_choice(NATIONALIST_REVOLT, "duchy", _rise)
common.on_step(NATIONALIST_REVOLT, "flag", _after_rising)
cardplay.register(SPANISH_LEVY, cardplay.Event(_levy_playable, _levy_play))
common.on_choice(SPANISH_LEVY, "duchy", _rise)
common.on_step(SPANISH_LEVY, "flag", _after_rising)
battle_cards.register_battle(TWELVE_POUNDERS, battle_cards.BattleEvent(_pounders_playable,
                                                                       _pounders_play))
cardplay.register(YOUNG_GUARD, cardplay.Event(_guard_playable, _guard_play))
