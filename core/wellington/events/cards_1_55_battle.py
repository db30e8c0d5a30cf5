"""Wellington card events #1-55 played in a battle or a siege (11.1, 12.23): #12 Rush to the
Rescue, #21 Really Big Guns, #28 Artillery Duel, #29 Skirmish Screen, and those acting on the
battle's seams (battle/cards.py "THE SEAMS"): #1, #2, #14, #30, #31, #32, #42, #48, #49, #52,
#54, #55. The rest of #1-55 is in cards_1_55.py and cards_1_55_field.py
(docs/wellington-events-1-55.md)."""
from __future__ import annotations

from typing import Callable

from core import stack
from core.dice import d6
from core.wellington import building, cardplay, deck, hands
from core.wellington import flags as geo
from core.wellington import text
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import losses, procedure, sides
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.battle import Battle, BattleCardPlay
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice
from core.wellington.frames.siege import Siege, SiegeCardPlay
from core.wellington.state import (ALLIES, FRENCH, GB, REGROUP, SIDE, UNBUILT, Effect,
                                   WellingtonState)


# --- #12 Rush to the Rescue (battle) -------------------------------------------------------------

RUSH_TO_THE_RESCUE = 12


def battle_commanders(state: WellingtonState, battle: Battle) -> list[str]:
    return sorted(c for c, at in state.commanders.items() if at == battle.duchy)


def rush_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    """At the start of a battle round (the declaration of 11.1), on a commander in it whose
    Power has a counter left to build (1.5)."""
    return not battle.rolls and any(
        any(building.unbuilt(state, geo.commander_power(c))) for c in
        battle_commanders(state, battle))


def rush_play(state: WellingtonState, battle: Battle, power: str) -> None:
    common.ask(state, power, RUSH_TO_THE_RESCUE, "commander",
               [(c, f"{building.commander(c).name} ({geo.commander_power(c)})")
                for c in battle_commanders(state, battle)
                if any(building.unbuilt(state, geo.commander_power(c)))],
               "on which commander in the battle?")


def rush_commander(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    """#12: 1 SP of the commander's nationality joins the battle from the unbuilt counters,
    and his side rolls 1 more die this round (besides the new SP's own)."""
    battle = battle_cards.current(state)
    owner = geo.commander_power(cid)
    common.place_sp_then(state, battle.duchy, owner, 1, hands.title(RUSH_TO_THE_RESCUE),
                         RUSH_TO_THE_RESCUE, "")   # 5.11: the owner's choice if short
    battle_cards.add_dice(battle, SIDE[owner], 1, "#12 Rush to the Rescue (this round)",
                          battle.round)


battle_cards.register_battle(RUSH_TO_THE_RESCUE,
                             battle_cards.BattleEvent(rush_playable, rush_play))
common.on_choice(RUSH_TO_THE_RESCUE, "commander", rush_commander)


# --- #21 Really Big Guns (siege) -----------------------------------------------------------------

REALLY_BIG_GUNS = 21
FIVES_PER_SIX = 2


def big_guns_playable(state: WellingtonState, siege: Siege, power: str) -> bool:
    """#21: the besieger, before the dice of the siege are rolled (its first round)."""
    return power == siege.power and siege.round == 1 and not siege.rolls


def big_guns_play(state: WellingtonState, siege: Siege, power: str) -> None:
    siege.fives_per_hit = FIVES_PER_SIX
    state.log.append("Every two 5s of the besieger count as one more 6 in this siege (#21).")


sieges.register_card(REALLY_BIG_GUNS, sieges.SiegeCardEvent(big_guns_playable, big_guns_play))


# --- #28 Artillery Duel, #29 Skirmish Screen (battle) --------------------------------------------

ARTILLERY_DUEL, SKIRMISH_SCREEN = 28, 29
DUEL_DRM = 2
DUEL_DISORGANISATIONS = 2


def duel_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    """At the start of the first round, before its dice."""
    return battle.round == 1 and not battle.rolls


def duel_winner(state: WellingtonState, battle: Battle, card: int, scores: dict[str, int]
                ) -> str:
    """#28: the French win ties; #29: the British win ties, Spain loses them (reading E4: an
    Allied side with a British Power present counts as British)."""
    if scores[ALLIES] != scores[FRENCH]:
        return max(scores, key=lambda s: scores[s])
    if card == ARTILLERY_DUEL:
        return FRENCH
    return ALLIES if GB in battle.powers.get(ALLIES, []) else FRENCH


def duel_play(card: int) -> Callable[[WellingtonState, Battle, str], None]:
    def play(state: WellingtonState, battle: Battle, power: str) -> None:
        """#28 / #29: each side rolls a die (#28: + its nationality bonus, 11.3); the card's
        player +2; the loser takes 2 Disorganisation results before the battle: those units
        roll no dice and count as losses (5s) in the battle (11.52, 11.53)."""
        name = hands.title(card)
        scores: dict[str, int] = {}
        if card in battle.outflanked:          # #55: its beneficiary won the roll (G.54)
            scores = {SIDE[power]: 1, ALLIES if SIDE[power] == FRENCH else FRENCH: 0}
            battle.history.append(f"{name}: turned by #55 Outflanked!: no roll, "
                                  f"{text.side_does(SIDE[power], 'win')} it")
        for side in (battle.attacking, battle.defending) if not scores else ():
            face = d6(state, f"{side}: {name}", name)
            bonus = sides.nationality(state, battle, side)[0] if card == ARTILLERY_DUEL else 0
            mine = DUEL_DRM if side == SIDE[power] else 0
            scores[side] = face + bonus + mine
            battle.history.append(f"{name}: {text.side_does(side, 'roll')} {face}"
                                  f"{f' {bonus:+d} nationality' if bonus else ''}"
                                  f"{f' +{mine} the card' if mine else ''} = {scores[side]}")
        winner = duel_winner(state, battle, card, scores)
        loser = ALLIES if winner == FRENCH else FRENCH
        usable = min(DUEL_DISORGANISATIONS, sides.units(state, battle.duchy, loser))
        battle.suffered_d[loser] = battle.suffered_d.get(loser, 0) + DUEL_DISORGANISATIONS
        battle.marked[loser] = min(battle.marked.get(loser, 0) + DUEL_DISORGANISATIONS,
                                   sides.units(state, battle.duchy, loser))
        battle_cards.add_dice(battle, loser, -usable,
                              f"{usable} disorganised by {name} (no dice)", 1)
        state.log.append(f"{name}: {text.side_does(winner, 'win')} the roll; "
                         f"{text.side(loser)} suffer "
                         f"{DUEL_DISORGANISATIONS} Disorganisation results before the battle.")
    return play


for _card in (ARTILLERY_DUEL, SKIRMISH_SCREEN):
    battle_cards.register_battle(_card, battle_cards.BattleEvent(duel_playable,
                                                                 duel_play(_card)))


# === cards on the battle's seams (battle/cards.py "THE SEAMS") ===================================

def _other(side: str) -> str:
    return FRENCH if side == ALLIES else ALLIES


def _title(number: int) -> str:
    """The card's name as every effect it sets begins ("#96 Bloody Bagpipes")."""
    return hands.title(number)


def _battle(state: WellingtonState) -> Battle | None:
    return stack.find(state, Battle)


def _in_battle(battle: Battle, number: int) -> bool:
    return any(n == number for n, _ in battle.in_play)


# --- #1 Form Square (R) ---------------------------------------------------------------------
# "Annulla tutti gli effetti sui tiri di dado di battaglia nemici dalle carte seguenti per il
# resto di questo impulso: Dragoni (#106), Brigata di Cavalleria (#2), Corazzieri (#107).
# Annulla anche l'uso nemico dell'evento Lancieri (#61)."

FORM_SQUARE = sides.FORM_SQUARE


def square_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """As the Power's own card play, or in a Response window while a battle is fought."""
    return trigger == "" and common.own_impulse(state, power, trigger) or (
        trigger != "" and _battle(state) is not None)


def square_play(state: WellingtonState, frame: EventPlay) -> None:
    """Until the impulse ends the other side's #106, #2 and #107 add nothing to battle dice
    (battle/sides.form_square: the dice, #106's BV and pursuit, #107's conversion)."""
    state.effects.append(Effect(card=FORM_SQUARE, power=frame.power, until="impulse",
                                started=state.impulses))
    state.log.append(f"{_title(FORM_SQUARE)}: for the rest of this impulse the enemy's #106, #2 "
                     "and #107 do nothing to battle dice, and its #61 is cancelled.")
    battle = _battle(state)
    if battle is not None and any(n == LANCERS and SIDE[p] != SIDE[frame.power]
                                  for n, p in battle.in_play):
        battle_cards.cancel(state, battle, LANCERS, _title(FORM_SQUARE))


LANCERS = 61        # events/cards_61.py; its later plays are refused there (form_square)


# --- #2 The Cavalry Brigade (R) ---------------------------------------------------------------
# "Si ottengono 2 dadi in battaglia per un round, OPPURE scegliete e scartate una carta di
# battaglia nemica correntemente in gioco, OPPURE una rotta diviene una semplice ritirata. Può
# essere annullata da Lancieri #61."

CAVALRY_BRIGADE = 2
BRIGADE_DICE = 2


def brigade_modes(state: WellingtonState, power: str, trigger: str) -> list[tuple[str, str]]:
    if not trigger.startswith("battle:"):            # (asked first: no stack to look through)
        return []
    battle = _battle(state)
    side = SIDE[power]
    if battle is None or \
            side not in (battle.attacking, battle.defending) or \
            CAVALRY_BRIGADE in battle.cancelled:          # #61 cancels every effect of #2
        return []
    out = []
    if trigger == battle_cards.BEFORE_DICE:
        out.append(("dice", f"{text.side_does(side, 'roll')} {BRIGADE_DICE} more dice this round"))
    out += [(f"discard:{n}", f"discard {_title(n)}, in play for the enemy")
            for n in battle_cards.enemy_cards(battle, side)]
    if trigger == battle_cards.DECIDED and battle.loser == side and \
            procedure.rout_pending(battle):
        out.append(("no-rout", f"the Rout of {text.side(side)} becomes a simple retreat"))
    return out


def brigade_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return bool(brigade_modes(state, power, trigger))


def brigade_play(state: WellingtonState, frame: EventPlay) -> None:
    modes = brigade_modes(state, frame.power, frame.trigger)
    if len(modes) == 1:
        brigade_mode(state, frame.power, modes[0][0])
        return
    common.ask(state, frame.power, CAVALRY_BRIGADE, "mode", modes, "which use of the brigade?")


def brigade_mode(state: WellingtonState, power: str, mode: str) -> None:
    battle = battle_cards.current(state)
    why = _title(CAVALRY_BRIGADE)
    side = SIDE[power]
    if mode == "dice":
        battle_cards.add_dice(battle, side, BRIGADE_DICE, why)
    elif mode == "no-rout":
        battle_cards.no_rout(battle, side, why)
    else:
        battle_cards.cancel(state, battle, int(mode.split(":")[1]), why)


def brigade_choice(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    brigade_mode(state, frame.power, mode)


# --- #14 Cold Steel (B; the battle part) ------------------------------------------------------
# "Aggiungere 3 dadi in battaglia ma tirateli separatamente; i 5 e 6 colpiscono come al solito
# ma qualsiasi 1 causa un singolo colpo alla vostra Formazione. La massima perdita auto inferta è
# 1 SP (o comandante, se non vi sono soldati)."

COLD_STEEL = 14
COLD_STEEL_DICE = 3


def cold_steel_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return True


def cold_steel_play(state: WellingtonState, battle: Battle, power: str) -> None:
    """3 dice rolled apart this round (procedure.roll_apart): 5s and 6s hit the enemy, any 1
    one elimination of the player's own side (at most one: a soldier SP, else a commander,
    11.51)."""
    battle_cards.roll_apart(battle, SIDE[power], COLD_STEEL_DICE, _title(COLD_STEEL))


# --- #30 Fortified Village (B) ----------------------------------------------------------------
# "Giocatela da parte solo del difensore all'inizio del primo round di battaglia. L'attaccante
# perde 3 dadi. Oppure: diminuite di due colpi – l'eliminazione diviene disorganizzazione, e/o
# la disorganizzazione diviene nessun effetto (scegliete prima di tirare i dadi)."

FORTIFIED_VILLAGE = 30
VILLAGE_DICE = -3
VILLAGE_MODES = {
    "dice": "the attacker rolls 3 dice fewer in the first round",
    "ee": "two eliminations against you become disorganisations",
    "ed": "one elimination becomes a disorganisation, one disorganisation no effect",
    "dd": "two disorganisations against you have no effect",
}


def village_playable(state: WellingtonState, battle: Battle, power: str) -> bool:
    return SIDE[power] == battle.defending and battle.round == 1 and not battle.rolls


def village_play(state: WellingtonState, battle: Battle, power: str) -> None:
    common.ask(state, power, FORTIFIED_VILLAGE, "mode", list(VILLAGE_MODES.items()),
               "which use of the village (chosen before the dice)?", picked=[power])


def village_choice(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    """R5: both modes act in the first round; "reduce two hits" is chosen before the dice as
    the steps it takes (E -> D and/or D -> nothing), each on a different hit."""
    battle = battle_cards.current(state)
    why = _title(FORTIFIED_VILLAGE)
    side = SIDE[frame.picked[0]]
    if mode == "dice":
        battle_cards.add_dice(battle, _other(side), VILLAGE_DICE, why, 1)
        return
    steps = {"ee": [(6, 5), (6, 5)], "ed": [(6, 5), (5, 0)], "dd": [(5, 0), (5, 0)]}[mode]
    for face, to in sorted(set(steps)):
        battle_cards.reduce_results(battle, side, face, to, steps.count((face, to)), why, 1)


# --- #31 Sauve Qui Peut! (R), #54 Panic! (R) ------------------------------------------------------
# #31: "Giocatela su una delle due parti alla fine di qualsiasi round di battaglia, prima di
# risolvere la rotta o ritirata. La parte influenzata subisce immediatamente l'Attrito, le
# perdite sono aggiunte a quelle della battaglia e sono contate per la determinazione del
# vincitore. Le carte Recupero #48 e Retroguardia #49 possono annullare questo evento."
# #54: "Chi perde qualsiasi battaglia subisce l'Attrito con tutte le Formazioni sopravvissute
# (incluso quelle disorganizzate) prima della risoluzione della ritirata. Aggiungere +1 al
# sesto tiro di dado e seguenti se vi sono 6 o più SP/comandanti sopravvissuti. Queste perdite
# per Attrito contribuiscono alla possibile condizione di Rotta. Questo evento può essere
# evitato giocando Recupero #48 o Retroguardia #49."

SAUVE_QUI_PEUT, PANIC = 31, 54
RALLY, REARGUARD = 48, 49
PANIC_BONUS_FROM = 6           # the sixth die and later +1 ...
PANIC_CROWD = 6                # ... if 6 or more SP and commanders survive


def barred(battle: Battle) -> bool:
    """#48 or #49 already played in this battle cancels #31 and #54 played after them."""
    return _in_battle(battle, RALLY) or _in_battle(battle, REARGUARD)


def sauve_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    if trigger != battle_cards.END_OF_ROUND:         # (asked first: no stack to look through)
        return False
    battle = _battle(state)
    return (battle is not None and not barred(battle)
            and any(sides.units(state, battle.duchy, s) for s in (ALLIES, FRENCH)))


def sauve_play(state: WellingtonState, frame: EventPlay) -> None:
    battle = battle_cards.current(state)
    common.ask(state, frame.power, SAUVE_QUI_PEUT, "side",
               [(s, f"{text.side_does(s, 'suffer')} attrition at once") for s in (battle.attacking,
                                                                battle.defending)
                if sides.units(state, battle.duchy, s)], "on which side?")


def sauve_choice(state: WellingtonState, frame: EventChoice, side: str) -> None:
    battle = battle_cards.current(state)
    battle.in_play.append((SAUVE_QUI_PEUT, frame.power))
    battle_attrition(state, battle, side, _title(SAUVE_QUI_PEUT))


def panic_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    if trigger != battle_cards.DECIDED:              # (asked first: no stack to look through)
        return False
    battle = _battle(state)
    return (battle is not None and not barred(battle)
            and bool(battle.loser) and sides.units(state, battle.duchy, battle.loser) > 0)


def panic_play(state: WellingtonState, frame: EventPlay) -> None:
    battle = battle_cards.current(state)
    battle.in_play.append((PANIC, frame.power))
    survivors = sides.units(state, battle.duchy, battle.loser)
    battle_attrition(state, battle, battle.loser, _title(PANIC),
                     PANIC_BONUS_FROM if survivors >= PANIC_CROWD else 0)


def battle_attrition(state: WellingtonState, battle: Battle, side: str, why: str,
                     bonus_from: int = 0) -> None:
    """13.1 on every surviving unit of `side` in the battle, disorganised ones included; the
    losses are battle eliminations of that side (11.52, 11.7), recorded so #48 and #49 can
    take them back; the owners choose them first (13.1: procedure.attrition_in_battle)."""
    procedure.attrition_in_battle(state, battle, side, why, why, bonus_from=bonus_from)


def undo_attrition(state: WellingtonState, battle: Battle, why: str, counts: bool) -> None:
    """#48, #49: the losses of #31 and #54 in this battle come back; with `counts` they no
    longer count as losses either (#48 may change the result; #49 does not)."""
    for card in (SAUVE_QUI_PEUT, PANIC):
        cause = _title(card)
        for side in (ALLIES, FRENCH):
            taken = sum(1 for w, p, _ in battle.records if w == cause and SIDE[p] == side)
            if not taken:
                continue
            losses.restore(state, battle, side, taken, cause)
            if counts:
                battle.suffered_e[side] = max(0, battle.suffered_e.get(side, 0) - taken)
            battle.history.append(f"{cause} cancelled by {why}")


# --- #48 Rally! (R) -------------------------------------------------------------------------------
# "Annullate tutti i risultati 5 Disorganizzazione contro una parte nella battaglia corrente.
# Annullate gli eventi Panico #54 e Si Salvi chi Può #31 sia se giocati prima che dopo questo
# evento. Il gioco di questa carta può alterare il risultato di una battaglia."

RALLY_TRIGGERS = (battle_cards.AFTER_DICE, battle_cards.END_OF_ROUND, battle_cards.DECIDED)


def rally_sides(state: WellingtonState, trigger: str) -> list[str]:
    if trigger not in RALLY_TRIGGERS:                # (asked first: no stack to look through)
        return []
    battle = _battle(state)
    if battle is None:
        return []
    out = []
    for side in (battle.attacking, battle.defending):
        pending = battle.fives.get(_other(side), 0) if trigger == battle_cards.AFTER_DICE else 0
        if battle.suffered_d.get(side, 0) or pending or attrition_taken(battle):
            out.append(side)
    return out


def attrition_taken(battle: Battle) -> bool:
    return any(w in (_title(SAUVE_QUI_PEUT), _title(PANIC)) for w, _, _ in battle.records)


def rally_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return bool(rally_sides(state, trigger))


def rally_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, RALLY, "side",
               [(s, f"cancel every Disorganisation against {text.side(s)}")
                for s in rally_sides(state, frame.trigger)],
               "against which side are the 5s cancelled?", picked=[frame.trigger])


def rally_choice(state: WellingtonState, frame: EventChoice, side: str) -> None:
    """Every D result against `side` so far (and this round's, rolled and not yet applied)
    is cancelled: no loss, no disorganised unit, no die less (11.53); #31 and #54 are undone
    (their losses back and no longer counted); after the decision, it is taken again."""
    battle = battle_cards.current(state)
    trigger = frame.picked[0]
    why = _title(RALLY)
    battle.in_play.append((RALLY, frame.power))
    gone = battle.suffered_d.get(side, 0)
    battle.suffered_d[side] = 0
    battle.marked[side] = 0
    if trigger == battle_cards.AFTER_DICE:
        gone += battle.fives.get(_other(side), 0)
        battle.fives[_other(side)] = 0
    undo_attrition(state, battle, why, counts=True)
    battle.history.append(f"{why}: {gone} Disorganisations against {text.side(side)} cancelled")
    state.log.append(f"{why}: {gone} Disorganisation result{'s' if gone != 1 else ''} against "
                     f"{text.side(side)} cancelled.")
    if trigger == battle_cards.DECIDED:
        battle.reopened = True


# --- #49 Rearguard (R) ------------------------------------------------------------------------
# "Annullate tutte le perdite per la Rotta. Annullate gli eventi Panico #54 e Si Salvi chi Può
# #31 sia se giocati prima che dopo questo evento. Il gioco di questa carta non altera il
# risultato di una battaglia – solo le perdite per la Rotta."


def rearguard_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    if trigger not in (battle_cards.END_OF_ROUND, battle_cards.DECIDED):
        return False                                 # (asked first: no stack to look through)
    battle = _battle(state)
    if battle is None:
        return False
    rout = trigger == battle_cards.DECIDED and procedure.rout_pending(battle) and \
        not battle.rout_losses_cancelled
    return rout or attrition_taken(battle)


def rearguard_play(state: WellingtonState, frame: EventPlay) -> None:
    """R7: the Rout still happens (the winner and the Plunder unchanged) but eliminates no
    one; #31 and #54's losses come back, still counted as losses (the result unchanged)."""
    battle = battle_cards.current(state)
    why = _title(REARGUARD)
    battle.in_play.append((REARGUARD, frame.power))
    if frame.trigger == battle_cards.DECIDED:
        battle.rout_losses_cancelled = why
    undo_attrition(state, battle, why, counts=False)


# --- #32 Before I Was a Marshal I Was a Grenadier (R) ---------------------------------------------
# "Giocatela su un vostro comandante a qualsiasi punto in un round di battaglia. Tirate dadi pari
# al valore di battaglia di quel comandante. I 5 e 6 provocano le perdite normalmente, ogni 3 o 4
# rimuove una Disorganizzazione dalla vostra armata. Se si tira un 1 il comandante viene ucciso e
# posto nella Casella del Raggruppamento, ma è disponibile per essere ricostruito nel seguente
# impulso del possessore. Il comandante uccisi conta come perdita e nessun altro può prendere il
# comando in questo Impulso. Considerate che vi sia un comandante 0-4 con l'armata per tutti i
# fini (saccheggio, piazzare la bandiera, ecc.)."

MARSHAL = 32
HEADLESS = "headless"
MARSHAL_KILLED = 1
MARSHAL_RALLY = (3, 4)


def marshal_commanders(state: WellingtonState, power: str, trigger: str) -> list[str]:
    """The player's commanders in a battle whose round's dice are rolled and not yet applied
    (the Response window after the dice: "any point of a battle round")."""
    if trigger != battle_cards.AFTER_DICE:           # (asked first: no stack to look through)
        return []
    battle = _battle(state)
    if battle is None:
        return []
    return [c for c in building.commanders_at(state, battle.duchy, power)]


def marshal_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return bool(marshal_commanders(state, power, trigger))


def marshal_play(state: WellingtonState, frame: EventPlay) -> None:
    chiefs = marshal_commanders(state, frame.power, frame.trigger)
    if len(chiefs) == 1:
        marshal_charge(state, chiefs[0])
        return
    common.ask(state, frame.power, MARSHAL, "commander",
               [(c, building.commander(c).name) for c in chiefs], "which commander leads?")


def marshal_choice(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    marshal_charge(state, cid)


def marshal_charge(state: WellingtonState, cid: str) -> None:
    """BV dice: 5s and 6s join the side's results of the round (11.5); each 3 or 4 takes
    back a D against the side (this round's first, then one suffered before); a 1 sends him
    to the Regroup Box, a loss of his side, and nobody else commands it (a 0-4 commander)."""
    battle = battle_cards.current(state)
    why = _title(MARSHAL)
    side = SIDE[geo.commander_power(cid)]
    bv = sides.battle_value(state, battle, cid)
    faces = [d6(state, f"{why}: {building.commander(cid).name}", "#32") for _ in range(bv)]
    battle.sixes[side] = battle.sixes.get(side, 0) + faces.count(6)
    battle.fives[side] = battle.fives.get(side, 0) + faces.count(5)
    rallied = sum(1 for f in faces if f in MARSHAL_RALLY)
    pending = min(rallied, battle.fives.get(_other(side), 0))
    battle.fives[_other(side)] = battle.fives.get(_other(side), 0) - pending
    earlier = min(rallied - pending, battle.marked.get(side, 0))
    battle.marked[side] = battle.marked.get(side, 0) - earlier
    battle.suffered_d[side] = battle.suffered_d.get(side, 0) - earlier
    battle.history.append(f"{why}: {building.commander(cid).name} rolls {faces}: "
                          f"{faces.count(6)} E, {faces.count(5)} D, {pending + earlier} D of "
                          f"{text.side(side)} removed")
    state.log.append(f"{why}: {faces}.")
    if MARSHAL_KILLED in faces:
        building.eliminate_commander(state, cid, REGROUP)
        remove_from_battle(state, battle, cid, why)
        headless_for_the_impulse(state, MARSHAL, cid, battle.duchy)


def headless_for_the_impulse(state: WellingtonState, card: int, cid: str, duchy: str) -> None:
    """#32, #52: nobody else takes command of the removed commander's Formation in `duchy`
    this impulse: battles begun there later fight under a 0-4 commander (`headless_standing`)."""
    state.effects.append(Effect(card=card, power=geo.commander_power(cid),
                                target=f"{duchy}|{HEADLESS}", until="impulse",
                                started=state.impulses))


def headless_standing(state: WellingtonState, battle: Battle, effect: Effect) -> None:
    where, what = effect.target.split("|")
    side = SIDE[effect.power]
    if what == HEADLESS and where == battle.duchy and battle.powers.get(side):
        battle.headless[side] = effect.power


def remove_from_battle(state: WellingtonState, battle: Battle, cid: str, why: str) -> None:
    """A commander a card removes counts as a loss of his side; if he was its Commander
    nobody else takes command (battle_cards.behead)."""
    side = SIDE[geo.commander_power(cid)]
    if battle.commander.get(side) == cid:
        battle_cards.behead(state, battle, cid, why)
    else:
        battle.suffered_e[side] = battle.suffered_e.get(side, 0) + 1
        battle.eliminated[side] = battle.eliminated.get(side, 0) + 1
        battle.records.append((why, geo.commander_power(cid), cid))
    state.log.append(f"{why}: {building.commander(cid).name} leaves the battle, a loss of "
                     f"{text.side(side)}.")


# --- #52 Wounded Commander (R) ------------------------------------------------------------------
# "Scegliete un comandante, tirate un dado, ed il comandante viene influenzato in questo modo:
# 1 – perde un dado in battaglia *; 2 – 4 si annulla il suo Valore di Battaglia *; 5 – il
# comandante va nella Casella del Raggruppamento **; 6 – il comandante viene ucciso **. Il
# comandante rimosso conta come perdita, e nessun altro può prendere il comando in
# quell'impulso. Può ancora tirare per il saccheggio se applicabile.
# * per questo impulso solamente ** può essere acquistato e ricostruito nel seguente impulso del
# possessore."

WOUNDED = 52
LOSES_A_DIE, NO_BV, REGROUPED, KILLED = "die", "bv", "regroup", "killed"
WOUNDED_TEXT = {LOSES_A_DIE: "his side rolls a die fewer while he fights this impulse",
                NO_BV: "his Battle Value is 0 this impulse",
                REGROUPED: "he goes to the Regroup Box", KILLED: "he is eliminated"}


def wounded_targets(state: WellingtonState) -> list[str]:
    return sorted(c for c, at in state.commanders.items() if geo.on_map(at))


def wounded_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, WOUNDED, trigger) and bool(wounded_targets(state))


def wounded_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, WOUNDED, "commander",
               [(c, f"{building.commander(c).name} ({geo.commander_power(c)}, "
                    f"{geo.name(state.commanders[c])})") for c in wounded_targets(state)],
               "which commander?")


def wounded_outcome(face: int) -> str:
    return LOSES_A_DIE if face == 1 else NO_BV if face <= 4 else REGROUPED if face == 5 \
        else KILLED


def wounded_choice(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    """1: his side rolls a die fewer while he fights this impulse (battles and sieges); 2-4:
    his BV is 0 this impulse; 5: to the Regroup Box; 6: eliminated. Removed, he is a loss of
    the battle he is in and nobody else commands his Formation there this impulse (an effect
    on the duchy for battles begun later)."""
    why = _title(WOUNDED)
    face = d6(state, f"{why}: {building.commander(cid).name}", "#52")
    outcome = wounded_outcome(face)
    where = state.commanders[cid]
    state.log.append(f"{why}: {building.commander(cid).name} rolls {face}: "
                     f"{WOUNDED_TEXT[outcome]}.")
    if outcome in (LOSES_A_DIE, NO_BV):
        state.effects.append(Effect(card=WOUNDED, power=frame.power, target=f"{cid}|{outcome}",
                                    until="impulse", started=state.impulses))
        battle = _battle(state)
        if battle is not None and where == battle.duchy:
            wounded_battle(state, battle, cid, outcome)
        frame_ = stack.find(state, Siege)
        if frame_ is not None and frame_.commander == cid:
            wounded_siege(state, frame_, cid, outcome)
        return
    building.eliminate_commander(state, cid, REGROUP if outcome == REGROUPED else UNBUILT)
    headless_for_the_impulse(state, WOUNDED, cid, where)
    battle = _battle(state)
    if battle is not None and where == battle.duchy:
        remove_from_battle(state, battle, cid, why)


def wounded_battle(state: WellingtonState, battle: Battle, cid: str, outcome: str) -> None:
    why = _title(WOUNDED)
    if outcome == LOSES_A_DIE:
        battle_cards.add_dice(battle, SIDE[geo.commander_power(cid)], -1,
                              f"{why}: {building.commander(cid).name}", round_=0)
    else:
        battle_cards.change_bv(battle, cid, 0, f"{why}: Battle Value cancelled")


def wounded_siege(state: WellingtonState, frame: Siege, cid: str, outcome: str) -> None:
    why = _title(WOUNDED)
    if outcome == LOSES_A_DIE:
        sieges.add_dice(frame, sieges.BESIEGER, -1, f"{why}: {building.commander(cid).name}",
                        round_=0)
    else:
        sieges.change_bv(frame, cid, 0, f"{why}: Battle Value cancelled")


def wounded_standing(state: WellingtonState, battle: Battle, effect: Effect) -> None:
    """A battle begun later in the impulse: the wounded commander fighting in it, or the
    duchy whose commander was removed (nobody else takes command: a 0-4 commander)."""
    target, outcome = effect.target.split("|")
    if outcome == HEADLESS:
        headless_standing(state, battle, effect)
        return
    if state.commanders.get(target) == battle.duchy:
        wounded_battle(state, battle, target, outcome)


def wounded_siege_begins(state: WellingtonState, frame: Siege) -> None:
    for effect in state.effects:
        if effect.card == WOUNDED:
            target, outcome = effect.target.split("|")
            if target == frame.commander and outcome in (LOSES_A_DIE, NO_BV):
                wounded_siege(state, frame, target, outcome)


# --- #42 Fog of War (R) ---------------------------------------------------------------------
# "Regna la Confusione al Quartier Generale: Giocatela immediatamente dopo che un'altra Potenza ha
# giocato una carta di Battaglia o Risposta (per la battaglia o assedio). Quella carta viene
# scartata come se non fosse mai stata giocata."

FOG_OF_WAR = 42


def announced(state: WellingtonState, trigger: str) -> EventPlay | BattleCardPlay | None:
    """The card whose announcement (`play:N`, 5.2) is being answered, still unresolved."""
    if not trigger.startswith("play:"):
        return None
    number = int(trigger.split(":")[1])
    for frame in reversed(state.stack):
        if isinstance(frame, (EventPlay, BattleCardPlay)) and frame.card == number:
            return frame
    return None


def for_battle_or_siege(frame: EventPlay | BattleCardPlay) -> bool:
    if isinstance(frame, BattleCardPlay):
        return True
    return hands.is_response(frame.card) and frame.trigger.startswith(("battle:", "siege:"))


def fog_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    target = announced(state, trigger)
    return (target is not None and target.power != power and not target.cancelled
            and for_battle_or_siege(target))


def fog_play(state: WellingtonState, frame: EventPlay) -> None:
    target = announced(state, frame.trigger)
    assert target is not None
    target.cancelled = True
    state.log.append(f"{_title(FOG_OF_WAR)}: {_title(target.card)} is discarded as if it had "
                     "never been played.")


# --- #55 Outflanked! (R) ------------------------------------------------------------------------
# "Una qualsiasi carta di battaglia non Nazionale giocata a vostra scelta è di beneficio ora
# all'avversario nella battaglia da risolvere (non tirate il dado per le carte #28, #29 o #58 –
# si presume che chi gioca la carta abbia vinto il tiro di dado). Oppure: una qualsiasi carta di
# battaglia Nazionale giocata a vostra scelta viene scartata."

OUTFLANKED = 55


def outflanked_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    target = announced(state, trigger)
    return isinstance(target, BattleCardPlay) and not isinstance(target, SiegeCardPlay) and \
        not target.cancelled and not target.beneficiary


def outflanked_play(state: WellingtonState, frame: EventPlay) -> None:
    """Answering a battle card's declaration: a common card then acts for a Power of the
    other side (the #55 player if it fights there, else that side's Commander's Power), who
    wins its roll (#28, #29, #58: G.54); a national card is discarded unplayed."""
    target = announced(state, frame.trigger)
    assert isinstance(target, BattleCardPlay)
    battle = battle_cards.current(state)
    if deck.card(target.card).deck != "common":
        target.cancelled = True
        state.log.append(f"{_title(OUTFLANKED)}: {_title(target.card)} is discarded.")
        return
    side = _other(SIDE[target.power])
    fighting = battle.powers.get(side, []) or sides.powers(state, battle.duchy, side)
    target.beneficiary = frame.power if frame.power in fighting else \
        sides.army_power(state, battle, side)
    battle.outflanked.append(target.card)
    state.log.append(f"{_title(OUTFLANKED)}: {_title(target.card)} now benefits "
                     f"{target.beneficiary}.")


# --- registration of the seam cards ----------------------------------------------------------

cardplay.register(FORM_SQUARE, cardplay.Event(square_playable, square_play))
cardplay.register(CAVALRY_BRIGADE, cardplay.Event(brigade_playable, brigade_play))
common.on_choice(CAVALRY_BRIGADE, "mode", brigade_choice)
battle_cards.register_battle(COLD_STEEL, battle_cards.BattleEvent(cold_steel_playable,
                                                                  cold_steel_play))
battle_cards.register_battle(FORTIFIED_VILLAGE, battle_cards.BattleEvent(village_playable,
                                                                         village_play))
common.on_choice(FORTIFIED_VILLAGE, "mode", village_choice)
cardplay.register(SAUVE_QUI_PEUT, cardplay.Event(sauve_playable, sauve_play))
common.on_choice(SAUVE_QUI_PEUT, "side", sauve_choice)
cardplay.register(PANIC, cardplay.Event(panic_playable, panic_play))
cardplay.register(RALLY, cardplay.Event(rally_playable, rally_play))
common.on_choice(RALLY, "side", rally_choice)
cardplay.register(REARGUARD, cardplay.Event(rearguard_playable, rearguard_play))
cardplay.register(MARSHAL, cardplay.Event(marshal_playable, marshal_play))
common.on_choice(MARSHAL, "commander", marshal_choice)
battle_cards.register_standing(MARSHAL, headless_standing)
cardplay.register(WOUNDED, cardplay.Event(wounded_playable, wounded_play))
common.on_choice(WOUNDED, "commander", wounded_choice)
battle_cards.register_standing(WOUNDED, wounded_standing)
sieges.on_begin(wounded_siege_begins)
cardplay.register(FOG_OF_WAR, cardplay.Event(fog_playable, fog_play))
cardplay.register(OUTFLANKED, cardplay.Event(outflanked_playable, outflanked_play))
