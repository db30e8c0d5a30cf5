"""Wellington events that act on sieges, attrition and naval moves (issue 10, part 3): #15
Forlorn Hope, #27 Heavy Guns Bogged Down, #43 Dysentery, #68 Train des Équipages, #95 The
Rifle Brigade (its move, battle and siege moments), #102 Chasseurs & Hussars, #103 Naval
Support, and the siege halves of #70, #81, #91 (the besieger). Each card's Italian paragraph (seed 003, "ALLEGATO: ELENCO DELLE CARTE") is
quoted above its code. Registered on import; the field-battle halves
of #70, #81 and #91 are the battle events' (cards_56_110_battle.py, battle/cards.py).

The seams used: siege.py (`register_card`, `add_dice`, `add_separate_dice`, `halve`,
`call_off`, `hold_overrun`, `ignore_disorganisation`, `fall`, `on_begin`), attrition.py
(`check` with `bonus_from` and `to`, the recorded losses, `give_back`, `on_losses`),
interception.py (`trying`, `trying_armies`), movement.py (`attrition`), naval.py
(`start_convoy`, `block`, `is_port`, `origins`). Readings C1-C11 in
docs/wellington-sieges-naval.md.
"""
from __future__ import annotations

from collections.abc import Iterator

from core import dice, stack
from core.stack import Frame
from core.wellington import attrition, building, cardplay, interception, movement, naval, siege
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.battle import aftermath, procedure, sides
from core.wellington.battle import cards as battle_cards
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import Impulse
from core.wellington.frames.naval import Sailing
from core.wellington.frames.siege import Siege
from core.wellington.state import FRENCH, GB, POWERS, REGROUP, SIDE, SPAIN, WellingtonState
from maps import wellington as wellington_map

FORLORN_HOPE = 15
HEAVY_GUNS = 27
DYSENTERY = 43
TRAIN = 68
GRENADIERS = 70
THUNDER = 81
WILD_GEESE = 91
NAVAL_SUPPORT = 103


def running_siege(state: WellingtonState) -> Siege | None:
    return stack.find(state, Siege)


def before_first_dice(frame: Siege) -> bool:
    """The start of a siege: its first round, its dice not rolled yet."""
    return frame.round == 1 and not frame.rolls and not frame.called_off


# --- #15 Forlorn Hope (B, sieges only, 12.23) ---------------------------------------------------
# "L'assediante aggiunge 3 dadi alla risoluzione dell'assedio per un solo round. I 6 colpiscono
# come al solito ma qualsiasi 1 causa un singolo colpo alla vostra Formazione. La massima
# perdita auto inferta è 1 SP (o comandante, se non vi sono soldati)."

FORLORN_DICE = 3


def _forlorn_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return power == frame.power and h.owner(power, FORLORN_HOPE)


def _forlorn_play(state: WellingtonState, frame: Siege, power: str) -> None:
    """Three dice rolled apart in this round (siege.py's `separate`): their 6s hit the
    fortress, a 1 among them costs the besieger one unit (at most one)."""
    siege.add_separate_dice(frame, FORLORN_DICE, "#15 Forlorn Hope")
    state.log.append(f"#15 Forlorn Hope: {power} rolls {FORLORN_DICE} more dice apart this "
                     "round; a 1 among them costs it one unit.")


# --- #27 Heavy Guns Bogged Down (R) -----------------------------------------------------------
# "Giocatela all'inizio di qualsiasi risoluzione dell'assedio. L'assediante tira solo la metà del
# normale numero di dadi per l'assedio (arrotondate per eccesso), oppure può scegliere di non
# attaccare."

HALF, NO_ATTACK = "half", "no-attack"


def _guns_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """At the start of a siege: the Response window before its first dice (siege.BEFORE_DICE
    of round 1)."""
    if trigger != siege.BEFORE_DICE:                 # (asked first: no stack to look through)
        return False
    frame = running_siege(state)
    return h.owner(power, HEAVY_GUNS) and frame is not None and before_first_dice(frame)


def _guns_play(state: WellingtonState, frame: EventPlay) -> None:
    """The besieger chooses: half its dice in this siege, or no attack."""
    target = running_siege(state)
    assert target is not None
    common.ask(state, target.power, HEAVY_GUNS, "choice",
               [(HALF, "Besiege with half your dice, rounded up (#27)"),
                (NO_ATTACK, "Do not attack: no siege this impulse (#27)")],
               f"the heavy guns are bogged down before {geo.name(target.duchy)}")


def _guns_choice(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    target = running_siege(state)
    assert target is not None
    why = "#27 Heavy Guns Bogged Down"
    if noun == NO_ATTACK:
        siege.call_off(target, why)
    else:
        siege.halve(target, siege.BESIEGER, why)
        state.log.append(f"{why}: {target.power} rolls half its siege dice, rounded up (5.1).")


# --- #43 Dysentery (R) ----------------------------------------------------------------------------
# "Tutte le Formazioni nemiche in un Ducato a vostra scelta subiscono l'Attrito. Aggiungere +1 al
# sesto tiro di dado e seguenti. Oppure: può essere giocata su una Fortezza assediata. Cade con
# un tiro di dado superiore rispetto alla sua Forza stampata sulla mappa, e l'assediante può
# continuare a muovere come se vi fosse stato sfondamento. L'assediante tira normalmente per il
# saccheggio (12.5)."

DYSENTERY_FROM = 6                 # +1 to the sixth die and every later one
ATTRITION, FORTRESS = "attrition", "fortress"


def dysentery_duchies(state: WellingtonState, power: str) -> list[str]:
    """Duchies holding a Formation of the player's enemies."""
    return list(_dysentery_duchies(state, power))


def _dysentery_duchies(state: WellingtonState, power: str) -> Iterator[str]:
    enemy = geo.enemy_side(SIDE[power])
    return (d for d in geo.duchies() if geo.has_formation(state, d, enemy))


def besieged_fortresses(state: WellingtonState) -> list[str]:
    """3.1, 12.1: fortresses with a Formation of their controller's enemies and none of its
    side (a siege being fought there excluded: its own rounds decide it)."""
    fighting = running_siege(state)
    out = []
    for duchy in geo.duchies():
        owner = geo.controller(state, duchy)
        if not geo.is_fortress(state, duchy) or not owner:
            continue
        if fighting is not None and fighting.duchy == duchy:
            continue
        side = SIDE[owner]
        if geo.has_formation(state, duchy, geo.enemy_side(side)) \
                and not geo.has_formation(state, duchy, side):
            out.append(duchy)
    return out


def besieging_power(state: WellingtonState, duchy: str, player: str) -> str:
    """The besieger of `duchy`: the player's Power if it besieges there; else the besieging
    Power with more units there (the earlier in impulse order on a tie)."""
    side = geo.enemy_side(SIDE[geo.controller(state, duchy)])
    here = [p for p in POWERS if SIDE[p] == side
            and (building.sp(state, duchy, p) or building.commanders_at(state, duchy, p))]
    if player in here:
        return player
    return max(here, key=lambda p: (building.sp(state, duchy, p)
                                    + len(building.commanders_at(state, duchy, p)),
                                    -POWERS.index(p)))


def _dysentery_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, DYSENTERY, trigger) and (
        common.exists(_dysentery_duchies(state, power)) or bool(besieged_fortresses(state)))


def _dysentery_play(state: WellingtonState, frame: EventPlay) -> None:
    options = [(f"{ATTRITION}:{d}", f"Every enemy Formation at {geo.name(d)} suffers attrition, "
                "+1 from the sixth die") for d in dysentery_duchies(state, frame.power)]
    options += [(f"{FORTRESS}:{d}", f"The besieged fortress of {geo.name(d)} falls on a roll "
                 f"above {geo.fortress_strength(state, d)}") for d in besieged_fortresses(state)]
    common.ask(state, frame.power, DYSENTERY, "target", options, "where does dysentery strike?")


def _dysentery_target(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    mode, duchy = noun.split(":", 1)
    why = "#43 Dysentery"
    if mode == ATTRITION:
        enemy = geo.enemy_side(SIDE[frame.power])
        units = attrition.units_of_side(state, duchy, enemy)
        asks: list[Frame] = []               # 13.1: the losses chosen by their owners
        attrition.check(state, duchy, units, why=why, rule="#43", bonus_from=DYSENTERY_FROM,
                        leader=state.leading.get(duchy, ""), asks=asks)
        attrition.push_all(state, asks)
        return
    strength = geo.fortress_strength(state, duchy)
    power = besieging_power(state, duchy, frame.power)
    face = dice.d6(state, f"{why}: the fortress of {geo.name(duchy)}", "#43")
    if face <= strength:
        state.log.append(f"{why}: {face}, not above {strength}: {geo.name(duchy)} holds.")
        return
    state.log.append(f"{why}: {face} > {strength}: {geo.name(duchy)} falls to {power}, which "
                     "may keep moving as after a Siege Overrun (12.41).")
    chiefs = sorted(building.commanders_at(state, duchy, power))
    leader = state.leading.get(duchy, "")
    commander = leader if leader in chiefs else (chiefs[0] if chiefs else "")
    siege.fall(state, duchy, power, commander=commander, drm=max(0, strength - 1),
               overrun=True, hasty=duchy in state.hasty_forts
               and not wellington_map.FORTRESSES.get(duchy, 0),
               units=(building.sp(state, duchy, power), chiefs), why=why)


# --- #68 Train des Équipages (R) -----------------------------------------------------------------
# "Annullate qualsiasi perdita per attrito subita in un Ducato per qualsiasi ragione (anche dopo
# che l'attrito è stato risolto). Oppure: annullate ad un nemico vincitore il Saccheggio alla fine
# di una battaglia. Non può impedire il saccheggio ottenuto mediante un evento."

PLUNDER = "plunder"


def train_duchies(state: WellingtonState) -> list[str]:
    """Duchies with attrition losses recorded this impulse (5.2: the Response follows them)."""
    return sorted({loss[1] for loss in attrition.losses(state)})


def plunder_to_cancel(state: WellingtonState, power: str, trigger: str) -> Battle | None:
    """The battle over, before its Plunder roll (battle.cards.AFTER_BATTLE), won by the
    player's enemies with Plunder due (11.10) and not cancelled yet."""
    if trigger != battle_cards.AFTER_BATTLE:
        return None
    battle = stack.find(state, Battle)
    if battle is None or battle.tie or not battle.winner or battle.winner == SIDE[power] \
            or battle.no_plunder or not aftermath.plunder_due(battle):
        return None
    return battle


def _train_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, TRAIN, trigger) and bool(
        train_duchies(state) or plunder_to_cancel(state, power, trigger))


def _train_play(state: WellingtonState, frame: EventPlay) -> None:
    options = []
    for duchy in train_duchies(state):
        lost = sum(loss[4] or 1 for loss in attrition.losses(state, duchy))
        options.append((duchy, f"Cancel the {lost} attrition loss(es) suffered at "
                        f"{geo.name(duchy)} this impulse"))
    if plunder_to_cancel(state, frame.power, frame.trigger):
        options.append((PLUNDER, "Cancel the enemy winner's Plunder (11.10)"))
    common.ask(state, frame.power, TRAIN, "target", options, "what does the train save?")


def _train_target(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    why = "#68 Train des Équipages"
    if noun == PLUNDER:
        battle = stack.find(state, Battle)
        assert battle is not None
        battle_cards.cancel_plunder(battle, why)
        state.log.append(f"{why}: the winner of the battle at {geo.name(battle.duchy)} gets "
                         "no Plunder.")
        return
    attrition.give_back(state, attrition.losses(state, noun), why)


# --- #70 Combined Grenadiers (B, battle or siege: the siege half) -------------------------------
# "Aggiungere un dado in battaglia o assedio e scegliete chi vince in un qualsiasi round finito
# pari in battaglia o assedio. Gli assedi che finiscono pari possono continuare per un altro
# round, anche se questo estende l'assedio oltre il suo normale massimo numero di round."

GRENADIERS_DICE = 1


def _grenadiers_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return h.owner(power, GRENADIERS)


def _grenadiers_play(state: WellingtonState, frame: Siege, power: str) -> None:
    """+1 die to the player's side in every round of the siege; a tied round is won by the
    player's choice: the besieger's goes on (once even past the maximum), the fortress's
    ends the siege (as 12.3 already does)."""
    why = "#70 Combined Grenadiers"
    besieger = power == frame.power
    siege.add_dice(frame, siege.BESIEGER if besieger else siege.FORTRESS, GRENADIERS_DICE, why,
                   round_=0)
    if besieger:
        frame.tie_continues = True
    who = "besieger" if besieger else "fortress"
    state.log.append(f"{why}: +{GRENADIERS_DICE} die to the {who}; a tied round "
                     + ("goes on, even past the maximum." if besieger else "ends the siege."))


# --- #81 Thunder & Lightning (B, battle and/or siege: the siege half) ---------------------------
# "Giocatela all'inizio del primo round di battaglia e/o assedio. Dimezzate (per eccesso) tutti i
# dadi per la battaglia e/o assedio per entrambe le parti in tutti i round in quel Ducato per
# questo impulso. Qualsiasi Rotta per entrambe le parti diviene una ritirata. Una Formazione che
# fa sfondamento non può muovere/evadere/intercettare fuori da quel Ducato dopo la battaglia e/o
# assediare sino al loro impulso seguente (possono ritirarsi)."


def _thunder_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return before_first_dice(frame) and h.owner(power, THUNDER)


def _thunder_play(state: WellingtonState, frame: Siege, power: str) -> None:
    """Both sides' dice halved in every round; a Siege Overrun lets the Army go nowhere until
    its next impulse; the storm lasts in the duchy for the impulse (an Effect on the duchy,
    read when a later siege there begins). A siege has no Rout."""
    why = "#81 Thunder & Lightning"
    common.effect(state, THUNDER, power, target=frame.duchy, until="impulse")
    storm(frame, why)
    state.log.append(f"{why}: every siege and battle die at {geo.name(frame.duchy)} is halved "
                     "this impulse; an Overrun there gives no further move.")


def storm(frame: Siege, why: str) -> None:
    siege.halve(frame, siege.BESIEGER, why)
    siege.halve(frame, siege.FORTRESS, why)
    siege.hold_overrun(frame, why)


def _thunder_on_begin(state: WellingtonState, frame: Siege) -> None:
    """A siege beginning where #81 was played this impulse (in a battle or a siege there)."""
    if any(e.card == THUNDER and e.target == frame.duchy and e.until == "impulse"
           for e in state.effects):
        storm(frame, "#81 Thunder & Lightning")


# --- #91 The Wild Geese (+B, Spain; as besieger) ------------------------------------------------
# "Lo spagnolo aggiunge 2 dadi in un round di battaglia/assedio ed ignora un risultato di
# disorganizzazione. Lo spagnolo non tira per l'Attrito (11.11) se ottiene il Saccheggio dalla
# battaglia, assedio o evento (per la presenza di truppe disciplinate)."
# (Spain as the fortress's owner: cards_56_110_battle.py.)

GEESE_DICE = 2
GEESE_IGNORED = 1


def _geese_playable(state: WellingtonState, frame: Siege, power: str) -> bool:
    return power == SPAIN and power == frame.power


def _geese_play(state: WellingtonState, frame: Siege, power: str) -> None:
    """This round: +2 dice, one of the fortress's 5s ignored (no Disorganisation, no loss of
    the round); no Spanish attrition for the Devastation Resource (12.5, 11.11)."""
    why = "#91 The Wild Geese"
    siege.add_dice(frame, siege.BESIEGER, GEESE_DICE, why)
    siege.ignore_disorganisation(frame, GEESE_IGNORED, why)
    frame.no_spanish_attrition = why
    state.log.append(f"{why}: Spain rolls {GEESE_DICE} more dice this round and ignores one "
                     "Disorganisation; no attrition for a Devastation Resource.")


# --- #102 Chasseurs & Hussars (+R, French) -------------------------------------------------------
# "per questo turno, includendo qualsiasi risultato appena ottenuto, dimezzate le perdite per
# attrito causate da Guerriglia #92, Partigiani #88 o Raids #18, #56, contro qualsiasi Armata o
# Gruppo di Armate del giocatore che ha giocato la carta. Questo beneficio si estende a tutte le
# pedine di chi ha giocato la carta ed a tutte le Formazioni francesi nello stesso ducato con
# qualsiasi Armata o Gruppo di Armate del giocatore che ha giocato la carta."
# ("Raids #18" is #19 Bandits of the Sierra: reference G.4, cards.toml.)

CHASSEURS = 102
RAIDS = (19, 56, 88, 92)


def chasseurs_cover(state: WellingtonState, duchy: str, power: str) -> bool:
    """`power`'s losses in `duchy` are halved: a #102 this turn whose player is `power`, or a
    French Power sharing the duchy with an Army of the player (a commander of the player's
    there, or lost there to this impulse's attrition)."""
    for effect in state.effects:
        if effect.card != CHASSEURS:
            continue
        player = effect.power
        if power == player:
            return True
        army = building.commanders_at(state, duchy, player) or any(
            loss[5] and geo.commander_power(loss[5]) == player
            for loss in attrition.losses(state, duchy))
        if SIDE[power] == FRENCH and army:
            return True
    return False


def halved(losses: int) -> int:
    """5.1: halving rounds up."""
    return (losses + 1) // 2


def bandit_hits(state: WellingtonState, duchy: str, hits: int) -> int:
    """#19 under #102 (wiring: cards_1_55_field.bandits_second calls this for each duchy):
    the bandits' hits there halved, rounded up, when every French Power with pieces there is
    covered."""
    french = [p for p in POWERS if SIDE[p] == FRENCH and (
        building.sp(state, duchy, p) or building.commanders_at(state, duchy, p))]
    if hits and french and all(chasseurs_cover(state, duchy, p) for p in french):
        return halved(hits)
    return hits


def _chasseurs_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, CHASSEURS, trigger)


def _chasseurs_play(state: WellingtonState, frame: EventPlay) -> None:
    """The effect for the turn (the losses hook reads it); then the results just rolled: of
    each covered Power's losses to one raid in one duchy this impulse, the half above the
    halved (rounded up) count comes back."""
    why = "#102 Chasseurs & Hussars"
    common.effect(state, CHASSEURS, frame.power, until="turn")
    state.log.append(f"{why}: attrition losses from #19, #56, #88 and #92 are halved for "
                     f"{frame.power}'s Armies this turn.")
    groups = sorted({(loss[1], loss[2], loss[3]) for loss in attrition.losses(state, causes=RAIDS)})
    for duchy, power, card in groups:
        if not chasseurs_cover(state, duchy, power):
            continue
        lost = sum(loss[4] or 1 for loss in attrition.losses(state, duchy, (power,), (card,)))
        attrition.give_back_units(state, duchy, power, lost - halved(lost), (card,), why)


def chasseurs_losses(state: WellingtonState, duchy: str, power: str, losses: int,
                     cause: int) -> int:
    """attrition.on_losses: a raid's losses of a covered Power halved, rounded up."""
    if cause in RAIDS and losses and chasseurs_cover(state, duchy, power):
        state.log.append(f"#102 Chasseurs & Hussars: {power}'s {losses} loss(es) at "
                         f"{geo.name(duchy)} halved to {halved(losses)}.")
        return halved(losses)
    return losses


# --- #103 Naval Support (+R, French) ------------------------------------------------------------
# "Potete annunciare e muovere un convoglio senza costo in CP. Oppure, potete bloccare un
# qualsiasi convoglio o assalto anfibio inglese (14.3) (L'inglese perde i CP spesi o l'evento
# usato per creare il convoglio/assalto anfibio. La carta viene scartata). Oppure: annullate tutti
# i controlli per l'attrito francese in un porto per questo impulso (anche dopo che è stato
# risolto il tiro di dado per il controllo dell'attrito)."

CONVOY, BLOCK, PORT = "convoy", "block", "port"


def british_sailing(state: WellingtonState, trigger: str) -> Sailing | None:
    """A British convoy or assault announced (naval.announce's window), not blocked yet."""
    if not trigger.startswith(("cp-convoy:", "cp-assault:")):
        return None
    sailing = stack.find(state, Sailing)
    if sailing is None or sailing.power != GB or sailing.blocked:
        return None
    return sailing


def ports() -> list[str]:
    return [d for d in geo.duchies() if naval.is_port(d)]


def french_port_losses(state: WellingtonState) -> list[str]:
    """Ports where French attrition losses were recorded this impulse (or at 4.3)."""
    french = tuple(p for p in POWERS if SIDE[p] == FRENCH)
    return sorted({loss[1] for loss in attrition.losses(state, powers=french)
                   if naval.is_port(loss[1])})


def _naval_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Any moment of an impulse; after the end-of-turn attrition only its port mode, where
    French losses were taken."""
    if trigger == attrition.END_OF_TURN:
        return h.owner(power, NAVAL_SUPPORT) and bool(french_port_losses(state))
    return h.any_moment(state, power, NAVAL_SUPPORT, trigger)


def _naval_play(state: WellingtonState, frame: EventPlay) -> None:
    options = []
    impulse_over = frame.trigger == attrition.END_OF_TURN
    if naval.may_sail(state, frame.power) and not impulse_over:
        options.append((CONVOY, "Announce and move a convoy at no CP cost (14.2)"))
    if british_sailing(state, frame.trigger):
        options.append((BLOCK, "Block the British convoy or assault: its CP or card are lost"))
    options += [(f"{PORT}:{d}", f"Cancel every French attrition check at {geo.name(d)}"
                 + ("" if impulse_over else " this impulse"))
                for d in (french_port_losses(state) if impulse_over else ports())]
    common.ask(state, frame.power, NAVAL_SUPPORT, "mode", options, "which naval support?")


def _naval_mode(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    why = "#103 Naval Support"
    if noun == CONVOY:
        naval.start_convoy(state, frame.power, free=True)
        state.log.append(f"{why}: {frame.power} may convoy at no CP cost (14.1, 14.2).")
        return
    if noun == BLOCK:
        naval.block(state, why)
        return
    port = noun.split(":", 1)[1]
    if stack.find(state, Impulse) is not None:
        common.effect(state, NAVAL_SUPPORT, frame.power, target=port, until="impulse")
    french = tuple(p for p in POWERS if SIDE[p] == FRENCH)
    attrition.give_back(state, attrition.losses(state, port, french), why)
    state.log.append(f"{why}: no French attrition at {geo.name(port)} this impulse.")


def naval_support_losses(state: WellingtonState, duchy: str, power: str, losses: int,
                         cause: int) -> int:
    """attrition.on_losses: #103's port cancels every French attrition loss there."""
    if SIDE[power] == FRENCH and any(e.card == NAVAL_SUPPORT and e.target == duchy
                                     for e in state.effects):
        if losses:
            state.log.append(f"#103 Naval Support: no French attrition at {geo.name(duchy)}.")
        return 0
    return losses


# --- registration (on import) --------------------------------------------------------------------

# --- #95 The Rifle Brigade (R, GB) -------------------------------------------------------------
# "Giocatela su qualsiasi Formazione francese con o adiacente ad una Formazione inglese quando la
# prima (la francese) tenta di muovere, intercettare, evadere o iniziare un round di battaglia o
# assedio. La Formazione francese deve fare un controllo per l'attrito. Qualsiasi pedina persa
# conta per la determinazione del vincitore di una battaglia/assedio. Le pedine perse con questa
# carta sono poste nella Casella del Raggruppamento."

RIFLE_BRIGADE = 95
RIFLES = "#95 The Rifle Brigade"


def british_near(state: WellingtonState, duchy: str) -> bool:
    """A British Formation (GB soldiers or a GB commander) in `duchy` or next to it."""
    return any(building.sp(state, d, GB) or building.commanders_at(state, d, GB)
               for d in (duchy, *geo.neighbours(duchy)) if geo.on_map(d))


def rifle_target(state: WellingtonState, trigger: str) -> str:
    """What the Rifle Brigade may strike now: "try" (a French Formation trying to move,
    intercept, evade or join a battle: the TRY windows), "battle" (a battle round about to be
    rolled with French Formations in it: they start it too, attacking or defending), "siege"
    (a French besieger's round about to be rolled); "" for nothing. Always with a British
    Formation in the French Formation's duchy or next to it."""
    if trigger == battle_cards.BEFORE_DICE:
        battle = stack.find(state, Battle)
        if battle is None or battle.rolls or not french_units(state, battle.duchy):
            return ""
        return "battle" if british_near(state, battle.duchy) else ""
    if trigger == siege.BEFORE_DICE:
        frame = running_siege(state)
        if frame is None or frame.rolls or frame.called_off or SIDE[frame.power] != FRENCH \
                or not siege.commander_alive(state, frame):
            return ""
        return "siege" if british_near(state, frame.duchy) else ""
    attempt = interception.trying(state, trigger)
    if attempt is None or SIDE[attempt.power] != FRENCH:
        return ""
    armies, at = interception.trying_armies(state, trigger)
    if not any(movement.army_sp(a) or movement.members(a) for a in armies):
        return ""
    return "try" if british_near(state, at) else ""


def french_units(state: WellingtonState, duchy: str) -> attrition.Units:
    return {p: (building.sp(state, duchy, p), sorted(building.commanders_at(state, duchy, p)))
            for p in POWERS if SIDE[p] == FRENCH
            and (building.sp(state, duchy, p) or building.commanders_at(state, duchy, p))}


def _rifle_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.owner(power, RIFLE_BRIGADE) and bool(rifle_target(state, trigger))


def _rifle_play(state: WellingtonState, frame: EventPlay) -> None:
    """The French Formation checks attrition (13.1: one die per SP and commander, each 6 a
    loss, commanders last), its losses to the Regroup Box; in a battle or siege they count
    as losses of the round about to be rolled."""
    kind = rifle_target(state, frame.trigger)
    if kind == "try":
        armies, at = interception.trying_armies(state, frame.trigger)
        asks: list[Frame] = []          # 13.1: the French pick the counters of each Army
        lost = movement.attrition(state, at, armies, [RIFLES], "the Formation trying",
                                  to=REGROUP, asks=asks,
                                  chooser=movement.group_chooser(armies))
        movement.push_losses(state, asks)
        state.log.append(f"{RIFLES}: the French Formation at {geo.name(at)} loses {lost} "
                         "unit(s) to the Regroup Box.")
    elif kind == "battle":
        rifles_in_battle(state)
    elif kind == "siege":
        rifles_in_siege(state)


def rifles_in_battle(state: WellingtonState) -> int:
    """The battle half: every French unit in the battle checks attrition (the French
    Commander's Power taking the odd loss, A1); the units lost are eliminations the French
    side suffered this round (11.52 counts them). Should nothing French be left, the battle
    goes straight to its decision (11.52: a side wholly eliminated loses, an Overrun)."""
    battle = stack.find(state, Battle)
    assert battle is not None
    units = french_units(state, battle.duchy)
    asks: list[Frame] = []    # 13.1: the French choose (their number is the dice's)
    lost = sum(attrition.check(state, battle.duchy, units, why=RIFLES, rule="13.1, #95",
                               to=REGROUP, leader=battle.commander.get(FRENCH, ""),
                               asks=asks).values()) + attrition.pending(asks)
    attrition.push_all(state, asks)
    battle.suffered_e[FRENCH] = battle.suffered_e.get(FRENCH, 0) + lost
    battle.eliminated[FRENCH] = battle.eliminated.get(FRENCH, 0) + lost
    if battle.round > 1:                     # 11.53: as eliminations do, disorganised first
        battle.marked[FRENCH] = max(0, battle.marked.get(FRENCH, 0) - lost)
    battle.history.append(f"{RIFLES}: the {FRENCH} lose {lost} unit(s) to attrition before the "
                          f"dice of round {battle.round} (to the Regroup Box; they count as "
                          "losses, 11.52)")
    state.log.append(f"{RIFLES}: the {FRENCH} lose {lost} unit(s) in the battle at "
                     f"{geo.name(battle.duchy)}, to the Regroup Box; they count as losses.")
    if battle.commander.get(FRENCH) and \
            state.commanders.get(battle.commander[FRENCH]) != battle.duchy:
        battle.commander[FRENCH] = sides.name_commander(state, battle, FRENCH)
    if not sides.units(state, battle.duchy, FRENCH):
        stack.goto(battle, procedure.BATTLE, procedure.decide)
    return lost


def rifles_in_siege(state: WellingtonState) -> int:
    """The siege half: the besieging Army (12.31: its Power's SP and commanders in the duchy)
    checks attrition; the units lost count among the round's losses (12.3)."""
    frame = running_siege(state)
    assert frame is not None
    sp, staff = siege.pool(state, frame)
    asks: list[Frame] = []    # 13.1: the besieger picks the counters
    lost = sum(attrition.check(state, frame.duchy, {frame.power: (sp, [*staff,
                                                                     frame.commander])},
                               why=RIFLES, rule="13.1, #95", to=REGROUP,
                               asks=asks).values()) + attrition.pending(asks)
    attrition.push_all(state, asks)
    frame.disorganised = max(0, frame.disorganised - lost)    # R2: the disorganised first
    siege.lost_before_dice(frame, lost, RIFLES)
    state.log.append(f"{RIFLES}: {frame.power} loses {lost} unit(s) besieging "
                     f"{geo.name(frame.duchy)}, to the Regroup Box; they count among the "
                     "round's losses (12.3).")
    return lost


siege.register_card(FORLORN_HOPE, siege.SiegeCardEvent(_forlorn_playable, _forlorn_play))
cardplay.register(RIFLE_BRIGADE, cardplay.Event(_rifle_playable, _rifle_play))
cardplay.register(HEAVY_GUNS, cardplay.Event(_guns_playable, _guns_play))
common.on_choice(HEAVY_GUNS, "choice", _guns_choice)
cardplay.register(DYSENTERY, cardplay.Event(_dysentery_playable, _dysentery_play))
common.on_choice(DYSENTERY, "target", _dysentery_target)
cardplay.register(TRAIN, cardplay.Event(_train_playable, _train_play))
attrition.answers_end_of_turn(TRAIN)
common.on_choice(TRAIN, "target", _train_target)
siege.register_card(GRENADIERS, siege.SiegeCardEvent(_grenadiers_playable, _grenadiers_play))
siege.register_card(THUNDER, siege.SiegeCardEvent(_thunder_playable, _thunder_play))
siege.on_begin(_thunder_on_begin)
siege.register_card(WILD_GEESE, siege.SiegeCardEvent(_geese_playable, _geese_play))
cardplay.register(CHASSEURS, cardplay.Event(_chasseurs_playable, _chasseurs_play))
attrition.on_losses(chasseurs_losses)
cardplay.register(NAVAL_SUPPORT, cardplay.Event(_naval_playable, _naval_play))
common.on_choice(NAVAL_SUPPORT, "mode", _naval_mode)
attrition.on_losses(naval_support_losses)
attrition.answers_end_of_turn(NAVAL_SUPPORT)
