"""The toy war of tests/support/tui_toy.py, playable by the computer (core/ai).

`tui_toy.ToyRules` stays as it is (other tests rely on it having no evaluation: the app then
lets a person play the computer's roles); this subclass adds what core.ai needs: `evaluate`,
and for the hidden-hand variant `determinize` (the cards a role cannot see dealt anew).
"""
from __future__ import annotations

from typing import Any

from core import rng
from core.engine import clone
from tests.support.tui_toy import BLUE, RED, Piece, ToyRules, ToyState


class ToyAIRules(ToyRules):
    def setup(self, seed: int, scenario: str, options: dict[str, Any]) -> ToyState:
        """The toy's setup, and a garrison no attack can beat in each capital: the computer
        would otherwise take the Red Keep on its first turn, and the tests need turns."""
        state = super().setup(seed, scenario, options)
        state.pieces += [Piece("RG", RED, "keep", 9), Piece("BG", BLUE, "tower", 9)]
        return state

    def evaluate(self, state: ToyState, role: str) -> float:
        """1 won, 0 lost, 0.5 drawn; in between, strength on the board and ground held."""
        if state.result is not None:
            if state.result.startswith(role):
                return 1.0
            return 0.5 if state.result.startswith("Draw") else 0.0
        enemy = BLUE if role == RED else RED
        strength = sum(p.strength if p.side == role else -p.strength for p in state.pieces)
        ground = sum(1 if side == role else -1 if side == enemy else 0
                     for side in state.owner.values())
        return min(0.95, max(0.05, 0.5 + 0.04 * strength + 0.03 * ground))

    def determinize(self, state: ToyState, role: str, generator) -> ToyState:
        """The other side's hand and the deck dealt anew from the cards `role` cannot see."""
        new = clone(state)
        other = BLUE if role == RED else RED
        unseen = list(new.hands.get(other, [])) + list(new.deck)
        rng.shuffle(generator, unseen)
        size = len(new.hands.get(other, []))
        new.hands[other], new.deck = unseen[:size], unseen[size:]
        return new


AI_RULES = ToyAIRules(game_id="tui-toy-ai")
AI_HIDDEN_RULES = ToyAIRules(hidden_info=True, game_id="tui-toy-ai-hidden")
