"""Wellington events #56-110: Must-Play cards and effects that outlast the impulse (#59,
#64, #66, #72, #77, #85, #86, #93, #100, #106). Registered on import."""
from __future__ import annotations

from functools import cache

from core import cards, dice
from core.wellington import (attrition, building, cardplay, hands, interphase, lookups, naval,
                             siege)
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import losses
from core.wellington.frames.battle import Battle
from core.wellington.frames.siege import Siege
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice
from core.wellington.state import (ADN, ADS, ALLIES, FRENCH, GB, IN_EFFECT, NATIONAL_DECKS,
                                   REGROUP, RESERVES, SIDE, SPAIN, UNBUILT, Effect,
                                   WellingtonState)

INVADE_CANADA = 64
OTHER_WELLESLEY = 72
WAR_WITHOUT_END = 77
DRAGOONS = 106


# --- #64 Invade Canada (MP) -------------------------------------------------------------------
# "La Potenza inglese ha 2 minuti per eliminare 4 SP altrimenti sceglie la Potenza Armée du
# Nord. Chi ha giocato la carta ne pesca un'altra e può giocarla subito, o può giocarne
# un'altra."

CANADA_SP = 4


def _canada_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, INVADE_CANADA, trigger)


def _canada_play(state: WellingtonState, frame: EventPlay) -> None:
    """GB removes 4 of its SP where it chooses (G.17: the timer is GB's prompt; 5.12: what it
    cannot remove is owed); the player draws 1 card and may play it or another (5.6)."""
    common.draw_and_go_on(state, frame.power, "#64 Invade Canada")
    cardplay.remove(state, GB, CANADA_SP, card=INVADE_CANADA, why="#64 Invade Canada")


# --- #72 The Other Wellesley / Lord Richard Retires -------------------------------------------
# "Può essere giocata dalla Gran Bretagna o dalla Spagna per aggiungere 1 dado sia al prossimo
# tiro dei rinforzi spagnoli che britannici. Oppure: può essere giocata da una Potenza francese
# come evento 'Lord Richard si ritira' per ridurre il prossimo tiro dei rinforzi britannici
# (solo) di 1 dado."

WELLESLEY_DIE = 1


def _wellesley_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, OTHER_WELLESLEY, trigger)


def _wellesley_play(state: WellingtonState, frame: EventPlay) -> None:
    """The mode is fixed by the player's side (the card's `players`): the Allies +1 die to
    the next British (16.22) and Spanish (16.23) rolls, the French -1 die to the British one.
    Read by interphase.extra_dice as "<Power>:<dice>"; spent by `reinforcements_rolled`."""
    if SIDE[frame.power] == ALLIES:
        targets = (f"{GB}:+{WELLESLEY_DIE}", f"{SPAIN}:+{WELLESLEY_DIE}")
        what = "+1 die to the next British and Spanish reinforcement rolls (16.22, 16.23)"
    else:
        targets = (f"{GB}:-{WELLESLEY_DIE}",)
        what = "Lord Richard Retires: -1 die to the next British reinforcement roll (16.22)"
    for target in targets:
        state.effects.append(Effect(card=OTHER_WELLESLEY, power=frame.power, target=target,
                                    until="game", started=state.impulses))
    state.log.append(f"#72 The Other Wellesley: {what}.")


def reinforcements_rolled(state: WellingtonState) -> None:
    """#72 lasts for the next reinforcement rolls only: the Interphase calls this once it has
    rolled them (16.22, 16.23), as it does for #86."""
    state.effects = [e for e in state.effects if e.card != OTHER_WELLESLEY]


# --- #77 War Without End (MP) ----------------------------------------------------------------
# "Nessun tiro di dado per la Pace viene fatto in questo turno. I francesi devono ottenere un 9
# modificato o più per conquistare la Spagna in questo turno. Chi ha giocato la carta ne pesca
# un'altra, che può giocare, o può giocarne un'altra."



def _war_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, WAR_WITHOUT_END, trigger)


def _war_play(state: WellingtonState, frame: EventPlay) -> None:
    """18.6, 18.7: victory.py reads the card among this turn's events (`played_this_turn`,
    written by cardplay.play_event); the player draws and may play on (5.6)."""
    state.log.append("#77 War Without End: no Peace roll this turn (18.7); the French need a "
                     "modified 9 to conquer Spain this turn (18.6).")
    common.draw_and_go_on(state, frame.power, "#77 War Without End")


# --- #85 All the Emperor's Horses -------------------------------------------------------------
# "Chi gioca la carta può rimuovere la carta Nazionale francese Dragoni #106 o Cacciatori &
# Ussari #103 [#102, G.4] dal gioco anche se già in gioco – e sottrae uno dal dado per tutti i
# tiri di dado francesi per l'evasione/intercettazione per il resto del gioco (questa penalità
# vale una volta per partita). Mantenete la carta a faccia in su per il turno. Rimescolatela nel
# mazzo dopo la Interfase."

EMPERORS_HORSES = 85
CHASSEURS = 102


def _horses_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, EMPERORS_HORSES, trigger)


def _horses_play(state: WellingtonState, frame: EventPlay) -> None:
    """interception.py reads the effect (-1 to every French evasion and interception); a
    second play adds nothing (once per game). The card stays face up until `after_interphase`."""
    if any(e.card == EMPERORS_HORSES for e in state.effects):
        state.log.append("#85 All the Emperor's Horses: the -1 is already in force (once per "
                         "game).")
    else:
        common.effect(state, EMPERORS_HORSES, frame.power, until="game")
        state.log.append("#85 All the Emperor's Horses: -1 to every French evasion and "
                         "interception roll for the rest of the game.")
    common.keep(state, EMPERORS_HORSES)
    left = [n for n in (DRAGOONS, CHASSEURS) if state.piles.where(n) != cards.REMOVED]
    if left:
        common.ask(state, frame.power, EMPERORS_HORSES, "remove",
                   [(str(n), f"Remove {hands.title(n)} from the game") for n in left],
                   "remove a French national card from the game?", optional=True)


def _horses_remove(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """R11: the card leaves the game wherever it is; its running effect ends."""
    if noun == common.DECLINE:
        return
    number = int(noun)
    cards.move(state.piles, number, state.piles.where(number), cards.REMOVED)
    state.effects = [e for e in state.effects if e.card != number]
    state.log.append(f"#85 All the Emperor's Horses: {hands.title(number)} is removed from "
                     "the game.")


# --- #86 The Eagles Come South ----------------------------------------------------------------
# "Le carte Nazionali francesi che sono state giocate e/o rimosse dal gioco sono rimescolate nel
# Mazzo della Riserva. Date una carta Nazionale ad ogni potenza francese e ponete 4 SP francesi
# in un qualsiasi Ducato Nazionale amico di ogni Potenza. Ponete un segnalino [...] per
# sottrarre -3 dal successivo tiro di dado. Rimuovete la carta dal gioco dopo la Interfase."

EAGLES = 86
EAGLES_SP = 4
EMPERORS_CALL, YOUNG_GUARD = 38, 99


def emperors_call_played(state: WellingtonState) -> bool:
    """G.59: #38 played as its event leaves the game (5.7; the 1813 start removes it too)."""
    return EMPERORS_CALL in state.piles.removed


def _eagles_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, EAGLES, trigger)


def eagle_places(state: WellingtonState, power: str) -> list[str]:
    """A friendly National duchy of the Power (1.21, 8.1); none left: the other French
    Power's (the 6.3 exception, as cards.toml reads the card)."""
    def of(p: str) -> list[str]:
        return [d for d in geo.duchies() if geo.is_national(state, d, p)
                and geo.friendly(state, d, p)]
    return of(power) or of(ADN if power == ADS else ADS)


def _eagles_play(state: WellingtonState, frame: EventPlay) -> None:
    """The engine's Reserve is two boxes (the undealt deck face down, the played cards face
    up, 2.4, 4.21): the played and removed French national cards join the undealt ones
    (G.59: not #99 once #38 was played), shuffled; each French Power is dealt one."""
    deck_box = NATIONAL_DECKS[FRENCH]
    back = list(state.piles.boxes[RESERVES[FRENCH]])
    back += [n for n in state.piles.removed if hands.national_of(n) == FRENCH
             and not (n == YOUNG_GUARD and emperors_call_played(state))]
    for number in back:
        cards.move(state.piles, number, state.piles.where(number), deck_box)
    cards.shuffle(state, state.piles.boxes[deck_box])
    for power in (ADS, ADN):
        pile = state.piles.boxes[deck_box]
        if pile:
            cards.move(state.piles, pile[-1], deck_box, hands.holder(state, power))
    cards.reveal(state)
    common.effect(state, EAGLES, frame.power, until="game")    # interphase.appeal_drm: -3
    common.keep(state, EAGLES)
    state.log.append(f"#86 The Eagles Come South: {len(back)} French national cards return to "
                     "the Reserve; each French Power is dealt one; -3 on the next Appeal to "
                     "the Emperor.")
    for power in (ADN, ADS):                  # pushed: the Armée du Sud answers first
        places = eagle_places(state, power)
        if places:
            common.ask(state, power, EAGLES, "duchy",
                       [(d, f"Place {EAGLES_SP} SP at {geo.name(d)}") for d in places],
                       f"where do your {EAGLES_SP} SP of the Eagles go?")


def _eagles_duchy(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    common.place_sp_then(state, duchy, frame.power, EAGLES_SP, "#86 The Eagles Come South",
                         EAGLES, "")


def after_interphase(state: WellingtonState) -> None:
    """#85 is shuffled into the deck after the Interphase; #86 leaves the game then."""
    kept = state.piles.boxes[IN_EFFECT]
    if EMPERORS_HORSES in kept:
        cards.move(state.piles, EMPERORS_HORSES, IN_EFFECT, cards.DECK)
        cards.shuffle(state, state.piles.deck)
    if EAGLES in kept:
        cards.move(state.piles, EAGLES, IN_EFFECT, cards.REMOVED)


# --- #59 The Bravest of the Brave (R), #66 The Commander's Health (R) -------------------------
# #59: "Giocatela su qualsiasi comandante con un valore di battaglia stampato di 1 o 2. Da questo
# momento in poi ha un valore di battaglia superiore di 1 per tutti i fini. Tenete questa carta
# [...] accanto alla Tabella del Quartier Generale. Scartate questa carta se il comandante viene
# eliminato per qualsiasi motivo."
# #66: "Annullate il Valore di Battaglia di un qualsiasi comandante per il resto dell'impulso.
# Ora questo è zero."

BRAVEST = 59
BRAVEST_BONUS = 1
BRAVEST_PRINTED = (1, 2)
COMMANDERS_HEALTH = 66
HEALTH_BV = 0


def battle_value(state: WellingtonState, cid: str, value: int) -> int:
    """A commander's BV `value` (1.6, as lookups.battle_value reads it) as #59 (+1, for
    good), #106 (+1 for the turn) and #66 (0 until the end of the impulse) change it "for all
    purposes": battles, sieges, interceptions and evasions: registered in lookups.BV_CHANGES
    (docs "Wiring" W3); a battle's or siege's own `bv_changes` still come first."""
    if any(e.card == COMMANDERS_HEALTH and e.target == cid for e in state.effects):
        return HEALTH_BV
    bonus = {BRAVEST: BRAVEST_BONUS, DRAGOONS: DRAGOONS_BONUS}
    return value + sum(bonus[e.card] for e in state.effects
                       if e.card in bonus and e.target == cid)


def eliminated(state: WellingtonState, cid: str) -> bool:
    return state.commanders.get(cid, UNBUILT) in (UNBUILT, REGROUP)


def on_map_commanders(state: WellingtonState) -> list[str]:
    return sorted(c for c, where in state.commanders.items() if geo.on_map(where))


def _bravest_targets(state: WellingtonState) -> list[str]:
    """On the map, printed BV 1 or 2, not already under #59 (one card, one commander)."""
    return [c for c in on_map_commanders(state)
            if building.commander(c).bv in BRAVEST_PRINTED]


def _bravest_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, BRAVEST, trigger) and bool(_bravest_targets(state))


def _bravest_play(state: WellingtonState, frame: EventPlay) -> None:
    common.keep(state, BRAVEST)
    common.ask(state, frame.power, BRAVEST, "commander",
               [(c, f"{h.commander_name(c)} (printed BV {building.commander(c).bv}) +1 BV")
                for c in _bravest_targets(state)],
               "which commander becomes the bravest of the brave?")


def _bravest_commander(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    common.effect(state, BRAVEST, frame.power, target=cid, until="game")
    state.log.append(f"#59 The Bravest of the Brave: {h.commander_name(cid)}'s Battle Value "
                     "is 1 higher for every purpose from now on.")


def _health_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, COMMANDERS_HEALTH, trigger) and bool(
        on_map_commanders(state))


def _health_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, COMMANDERS_HEALTH, "commander",
               [(c, f"{h.commander_name(c)}: BV 0 for the rest of the impulse")
                for c in on_map_commanders(state)],
               "whose health fails?")


def _health_commander(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    common.effect(state, COMMANDERS_HEALTH, frame.power, target=cid, until="impulse")
    state.log.append(f"#66 The Commander's Health: {h.commander_name(cid)}'s Battle Value is "
                     "0 for the rest of the impulse.")


def release_kept(state: WellingtonState) -> None:
    """#59 and #106 end when their commander is eliminated for any reason (the unbuilt pool or
    the Regroup Box), #106 also at the end of the turn (4.8 drops its effect); the card is
    then discarded (#59) or goes to the French Reserve (#106, 4.21). Registered with
    common.on_release: it runs after each impulse and at the end of the turn."""
    state.effects = [e for e in state.effects
                     if not (e.card in (BRAVEST, DRAGOONS) and eliminated(state, e.target))]
    running = {e.card for e in state.effects}
    for card, to in ((BRAVEST, cards.DISCARD), (DRAGOONS, RESERVES[FRENCH])):
        if card in state.piles.boxes[IN_EFFECT] and card not in running:
            cards.move(state.piles, card, IN_EFFECT, to)
            state.log.append(f"{hands.title(card)}: its effect is over; the card goes on.")


common.on_release(release_kept)


# --- #93 Admiralty / Hearts of Oak (+E, GB) --------------------------------------------------
# "La Royal Navy consente l'Assalto Anfibio inglese (14.3). Oppure: muovete 2 Convogli senza
# costo in CP e aggiungete 1 dado di battaglia/assedio, dimezzando anche l'attrito per le
# Formazioni inglesi nei porti in cui entrano (via mare o via terra), sino alla fine
# dell'impulso. La Gran Bretagna può comunque pagare per il suo normale convoglio per impulso
# oltre ai movimenti di cui sopra."

ADMIRALTY = 93
HEARTS_OF_OAK = "hearts-of-oak"
OAK_CONVOYS = 2
OAK_DICE = 1


def _admiralty_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, ADMIRALTY, trigger)


def _admiralty_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, ADMIRALTY, "mode",
               [("assault", "Admiralty: an amphibious assault this impulse (14.3)"),
                (HEARTS_OF_OAK, f"Hearts of Oak: {OAK_CONVOYS} free convoys, +{OAK_DICE} "
                                "battle/siege die and halved attrition in ports this impulse")],
               "which use of the Royal Navy?")


def _admiralty_mode(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    """The assault: naval.py's CP operation, allowed this impulse. Hearts of Oak: two free
    convoys (naval.start_convoy: not the impulse's paid one, which GB may still make) and the
    effect the battle, the siege and attrition read until the end of the impulse."""
    if mode == "assault":
        naval.enable_assault(state, frame.power)
        state.log.append("#93 Admiralty: GB may make an amphibious assault this impulse (14.3).")
        return
    common.effect(state, ADMIRALTY, frame.power, target=HEARTS_OF_OAK, until="impulse")
    state.log.append(f"#93 Hearts of Oak: {OAK_CONVOYS} free convoys; +{OAK_DICE} die to "
                     "British battles and sieges and halved attrition in the ports they enter, "
                     "until the end of the impulse.")
    for _ in range(OAK_CONVOYS):
        naval.start_convoy(state, frame.power, free=True)


def hearts_of_oak(state: WellingtonState) -> bool:
    return any(e.card == ADMIRALTY and e.target == HEARTS_OF_OAK for e in state.effects)


def _oak_battle(state: WellingtonState, battle: Battle, effect: Effect) -> None:
    """+1 die in every round of a battle British Formations fight this impulse."""
    if effect.target == HEARTS_OF_OAK and GB in geo.powers_present(state, battle.duchy):
        battle_cards.add_dice(battle, SIDE[GB], OAK_DICE, "#93 Hearts of Oak", round_=0)


def _oak_siege(state: WellingtonState, frame: Siege) -> None:
    if hearts_of_oak(state) and frame.power == GB:
        siege.add_dice(frame, siege.BESIEGER, OAK_DICE, "#93 Hearts of Oak", round_=0)


def attrition_losses(state: WellingtonState, duchy: str, power: str, losses: int,
                     _cause: int = 0) -> int:
    """#93 Hearts of Oak: a British Formation's attrition losses in a port this impulse are
    halved, rounded up (cards.toml); attrition.check passes each Power's losses through this
    (attrition.on_losses, whatever card caused them)."""
    if power == GB and losses and hearts_of_oak(state) and naval.is_port(duchy):
        return (losses + 1) // 2
    return losses


# --- #106 Dragoons (+E, French) ---------------------------------------------------------------
# "Ponete il segnalino di questo evento sulla carta del Quartier Generale di qualsiasi comandante
# francese per ricordarlo. Aumentate il Valore di Battaglia di quel comandante di +1; inoltre,
# dopo ogni battaglia vinta da un'Armata o Gruppo di Armate che contiene quel comandante, tirate
# 3 dadi: ogni 5 o 6 causa una perdita aggiuntiva alla forza nemica battuta (queste perdite
# aggiuntive possono causare una Rotta). Scartatela alla fine del turno o se il comandante
# viene eliminato."

DRAGOONS_BONUS = 1
DRAGOONS_DICE = 3
DRAGOONS_HIT = 5


def _dragoons_targets(state: WellingtonState) -> list[str]:
    return [c for c in on_map_commanders(state) if SIDE[geo.commander_power(c)] == FRENCH]


def _dragoons_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, DRAGOONS, trigger) and bool(_dragoons_targets(state))


def _dragoons_play(state: WellingtonState, frame: EventPlay) -> None:
    common.keep(state, DRAGOONS)
    common.ask(state, frame.power, DRAGOONS, "commander",
               [(c, f"The Dragoons join {h.commander_name(c)}") for c in _dragoons_targets(state)],
               "on which French commander's HQ card?")


def _dragoons_commander(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    common.effect(state, DRAGOONS, frame.power, target=cid, until="turn")
    state.log.append(f"#106 Dragoons: {h.commander_name(cid)} has +1 BV and the Dragoons' "
                     "pursuit after each battle his Army wins, for the rest of the turn.")


def battle_won(state: WellingtonState, battle: Battle) -> None:
    """#106: the battle is decided (11.52) and won by the Army with the Dragoons' commander:
    3 dice, each 5 or 6 one more loss (an elimination) of the beaten side, which counts toward
    the Rout (11.7). The battle calls this between its decision and the Rout (wiring W5)."""
    if not battle.winner or battle.tie:
        return
    for effect in state.effects:
        if effect.card != DRAGOONS or state.commanders.get(effect.target) != battle.duchy \
                or SIDE[geo.commander_power(effect.target)] != battle.winner:
            continue
        faces = [dice.d6(state, "#106 Dragoons' pursuit", "#106") for _ in range(DRAGOONS_DICE)]
        hits = sum(1 for f in faces if f >= DRAGOONS_HIT)
        state.log.append(f"#106 Dragoons: {faces}: {hits} more loss"
                         f"{'es' if hits != 1 else ''} for {text.side(battle.loser)}.")
        if hits:
            battle.suffered_e[battle.loser] = battle.suffered_e.get(battle.loser, 0) + hits
            losses.eliminate(state, battle, battle.loser, hits, "#106 Dragoons")
        return


# --- #100 Pontoons (+R, French) --------------------------------------------------------------
# "La Potenza francese che ha giocato questa carta* può considerare una qualsiasi Linea di Marcia
# di fiume come se fosse di terreno aperto per questo impulso. Quella Potenza può attaccare,
# ritirarsi, intercettare e/o evadere attraverso questo fiume senza controllare per l'Attrito ed
# un difensore Alleato non riceve il bonus in battaglia per il fiume. *Incluso qualsiasi Gruppo
# di Armate che comanda."

PONTOONS = 100
BRIDGES_SWEPT_AWAY = 10
RIVER, OPEN = "river", "open"


def river_lines() -> list[str]:
    return list(_river_lines())


@cache
def _river_lines() -> tuple[str, ...]:
    """The River lines of the map ("a|b", a before b), read once."""
    return tuple(sorted({"|".join(sorted((a, b))) for a in geo.duchies()
                         for b in geo.neighbours(a) if geo.on_map(b) and geo.line(a, b) == RIVER}))


def _pontoons_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, PONTOONS, trigger) and bool(river_lines())


def _pontoons_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, PONTOONS, "line",
               [(line, "Bridge the river between " + " and ".join(
                   geo.name(d) for d in line.split("|"))) for line in river_lines()],
               "which river do the pontoons bridge?")


def _pontoons_line(state: WellingtonState, frame: EventChoice, line: str) -> None:
    """The effect `line_kind` reads until the end of the impulse; a #10 BLOCKED marker on
    that line goes (#10's own text: "unless cancelled by #100")."""
    a, b = line.split("|")
    common.effect(state, PONTOONS, frame.power, target=line, until="impulse")
    both = {f"{a}|{b}", f"{b}|{a}"}
    if any(x in state.blocked for x in both):
        state.blocked = [x for x in state.blocked if x not in both]
        state.effects = [e for e in state.effects
                         if not (e.card == BRIDGES_SWEPT_AWAY and e.target in both)]
        state.log.append("#100 Pontoons: the BLOCKED marker of #10 on that river goes.")
    state.log.append(f"#100 Pontoons: for {frame.power} the river between {geo.name(a)} and "
                     f"{geo.name(b)} is open terrain this impulse.")


def line_kind(state: WellingtonState, a: str, b: str, power: str) -> str:
    """The March Line between `a` and `b` (1.22) for `power`'s Formation (for an Army Group,
    the Power of its Commander, G.61), as `bridged` changes its printed kind."""
    return bridged(state, a, b, power, geo.line(a, b))


def bridged(state: WellingtonState, a: str, b: str, power: str, kind: str) -> str:
    """The window lookups.LINE_CHANGES (wiring W7): a river bridged by `power`'s #100 this
    impulse is open terrain — no attrition to attack, retreat, intercept or evade across it,
    no river dice for an Allied defender (the movement part records the kind crossed).
    Movement, interception and the battle's retreat read lines through lookups.line_kind."""
    if kind == RIVER and any(e.card == PONTOONS and e.power == power
                             and e.target in (f"{a}|{b}", f"{b}|{a}") for e in state.effects):
        return OPEN
    return kind


# --- registration (on import) --------------------------------------------------------------------

cardplay.register(INVADE_CANADA, cardplay.Event(_canada_playable, _canada_play))
cardplay.register(OTHER_WELLESLEY, cardplay.Event(_wellesley_playable, _wellesley_play))
cardplay.register(WAR_WITHOUT_END, cardplay.Event(_war_playable, _war_play))
cardplay.register(EMPERORS_HORSES, cardplay.Event(_horses_playable, _horses_play))
common.on_choice(EMPERORS_HORSES, "remove", _horses_remove)
cardplay.register(EAGLES, cardplay.Event(_eagles_playable, _eagles_play))
common.on_choice(EAGLES, "duchy", _eagles_duchy)
cardplay.register(DRAGOONS, cardplay.Event(_dragoons_playable, _dragoons_play))
common.on_choice(DRAGOONS, "commander", _dragoons_commander)
cardplay.register(BRAVEST, cardplay.Event(_bravest_playable, _bravest_play))
common.on_choice(BRAVEST, "commander", _bravest_commander)
cardplay.register(COMMANDERS_HEALTH, cardplay.Event(_health_playable, _health_play))
common.on_choice(COMMANDERS_HEALTH, "commander", _health_commander)
cardplay.register(ADMIRALTY, cardplay.Event(_admiralty_playable, _admiralty_play))
common.on_choice(ADMIRALTY, "mode", _admiralty_mode)
battle_cards.register_standing(ADMIRALTY, _oak_battle)
siege.on_begin(_oak_siege)
cardplay.register(PONTOONS, cardplay.Event(_pontoons_playable, _pontoons_play))
common.on_choice(PONTOONS, "line", _pontoons_line)
# the windows of the mechanisms these lasting effects change
lookups.LINE_CHANGES.append(bridged)                 # #100 (W7)
lookups.BV_CHANGES.append(battle_value)              # #59, #66, #106 (W3)
attrition.on_losses(attrition_losses)                # #93
battle_cards.WON.append(battle_won)                  # #106 (W5)
interphase.ROLLED.append(reinforcements_rolled)      # #72
interphase.AFTER.append(after_interphase)            # #85, #86
