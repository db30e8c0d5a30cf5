"""Wellington card event #61 Lancers (a Response in a battle), on the battle's seams
(battle/cards.py "THE SEAMS"; docs/wellington-events-56-110.md): the Rout's margin
(procedure.rout_margin), attrition on the routed survivors (procedure.routed_attrition), +2
to the winner's Plunder, #2 The Cavalry Brigade cancelled; #1 Form Square cancels the enemy's
#61 (battle/sides.form_square, events/cards_1_55_battle.square_play)."""
from __future__ import annotations

from core import stack
from core.wellington import cardplay, hands
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import procedure, sides
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice
from core.wellington.state import SIDE, WellingtonState

# --- #61 Lancers (R) ---------------------------------------------------------------------------
# "Aumentate o diminuite i requisiti di differenza di perdite per la Rotta di uno e le pedine
# nemiche in rotta sopravvissute subiscono l'Attrito. Il vincitore aggiunge +2 quando tira per il
# saccheggio. Questo evento annulla anche tutti gli effetti della Brigata di Cavalleria #2."

LANCERS = 61
CAVALRY_BRIGADE = 2
LANCERS_PLUNDER = 2
MARGIN_CHANGE = {"raise": 1, "lower": -1}
WINDOWS = (battle_cards.BEFORE_DICE, battle_cards.AFTER_DICE, battle_cards.END_OF_ROUND,
           battle_cards.DECIDED)           # every window of the battle before the Rout


def lancers_battle(state: WellingtonState, power: str, trigger: str) -> Battle | None:
    """The battle the card may be played in: one of its windows before the Rout (11.7), the
    player's side fighting there, #61 not yet in play there, and no #1 Form Square of the
    other side this impulse (it cancels the enemy's #61)."""
    if trigger not in WINDOWS or not h.owner(power, LANCERS):
        return None
    battle = stack.find(state, Battle)
    side = SIDE[power]
    if battle is None or side not in (battle.attacking, battle.defending):
        return None
    if any(n == LANCERS for n, _ in battle.in_play):
        return None
    if sides.form_square(state, side, LANCERS):
        return None
    return battle


def lancers_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return lancers_battle(state, power, trigger) is not None


def lancers_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, LANCERS, "margin",
               [("raise", "a Rout needs 4 more losses than suffered"),
                ("lower", "a Rout needs 2 more losses than suffered")],
               "raise or lower the losses' difference the Rout needs (11.7)?")


def lancers_margin(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    """The Rout's margin changed by one (procedure.rout_margin); the player's enemy, routed,
    suffers attrition with its survivors (procedure.routed_attrition); +2 to the winner's
    Plunder roll, whoever wins (the text's "il vincitore"); #2 stops acting in this battle
    (and is not offered there again: cards_1_55_battle.brigade_modes)."""
    battle = battle_cards.current(state)
    why = hands.title(LANCERS)
    battle.in_play.append((LANCERS, frame.power))
    battle.rout_margins.append((frame.power, MARGIN_CHANGE[mode], why))
    battle.rout_attrition.append((frame.power, why))
    battle_cards.add_plunder_drm(battle, LANCERS_PLUNDER, why)
    if any(n == CAVALRY_BRIGADE for n, _ in battle.in_play):
        battle_cards.cancel(state, battle, CAVALRY_BRIGADE, why)
    elif CAVALRY_BRIGADE not in battle.cancelled:            # a later #2 does nothing either
        battle.cancelled.append(CAVALRY_BRIGADE)
    state.log.append(f"{why}: a Rout now needs {procedure.rout_margin(battle)} more losses than "
                     f"suffered; the routed enemy of the {SIDE[frame.power]} suffers attrition; "
                     f"+{LANCERS_PLUNDER} to the winner's Plunder.")


cardplay.register(LANCERS, cardplay.Event(lancers_playable, lancers_play))
common.on_choice(LANCERS, "margin", lancers_margin)
