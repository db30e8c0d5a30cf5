"""Wellington battles (11, 11.1-11.11; §C.13, §C.14): the procedure (procedure.py), the
dice and their modifiers (modifiers.py), who fights (sides.py), losses (losses.py),
retreats (retreat.py), Flag Overrun, Plunder and the markers (aftermath.py), the cards'
seam (cards.py) and the View's focus (view.py). docs/wellington-battle.md."""
from __future__ import annotations

from core.wellington.battle.cards import battle_cards
from core.wellington.battle.procedure import FLOW, start
from core.wellington.battle.view import focus

__all__ = ["FLOW", "battle_cards", "focus", "start"]
