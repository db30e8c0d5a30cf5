"""Wellington card events #1-55 played in a battle or a siege (11.1, 12.23): #12 Rush to the
Rescue, #21 Really Big Guns, #28 Artillery Duel, #29 Skirmish Screen. The rest of #1-55 is in
cards_1_55.py and cards_1_55_field.py (docs/wellington-events-1-55.md)."""
from __future__ import annotations

from typing import Callable

from core.dice import d6
from core.wellington import building, hands
from core.wellington import flags as geo
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import sides
from core.wellington.events import common
from core.wellington.frames.battle import Battle
from core.wellington.frames.events import EventChoice
from core.wellington.frames.siege import Siege
from core.wellington.state import ALLIES, FRENCH, GB, SIDE, WellingtonState


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
    common.place_sp(state, battle.duchy, owner, 1, hands.title(RUSH_TO_THE_RESCUE))
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
        for side in (battle.attacking, battle.defending):
            face = d6(state, f"{side}: {name}", name)
            bonus = sides.nationality(state, battle, side)[0] if card == ARTILLERY_DUEL else 0
            mine = DUEL_DRM if side == SIDE[power] else 0
            scores[side] = face + bonus + mine
            battle.history.append(f"{name}: {side} rolls {face}"
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
        state.log.append(f"{name}: {winner} wins the roll; {loser} suffers "
                         f"{DUEL_DISORGANISATIONS} Disorganisation results before the battle.")
    return play


for _card in (ARTILLERY_DUEL, SKIRMISH_SCREEN):
    battle_cards.register_battle(_card, battle_cards.BattleEvent(duel_playable,
                                                                 duel_play(_card)))
