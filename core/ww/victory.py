"""Victory (13.0): the automatic victory (13.1), checked at every moment of the Strategy and
Winter Attrition Phases, and the victory at the end of the game (13.2), by the colonies each
side controls.

Every result is one sentence that starts with the winner: "American victory: ..." or
"British victory: ...".
"""
from __future__ import annotations

from core import stack
from core.ww import query as q
from core.ww.frames.phases import WinterAttrition
from core.ww.frames.strategy import StrategyPhase
from core.ww.state import AMERICAN, BRITISH, WwState

BRITISH_NEEDS = 6        # 13.2: the British wins with six or more colonies
AMERICAN_NEEDS = 7       # 13.2: the American wins with seven or more colonies


def finish(state: WwState, result: str) -> None:
    """The game is over: `result` names the winner first."""
    state.result = result
    state.active = []
    state.log.append(f"GAME OVER — {result}")


# --- 13.1 Automatic Victory -------------------------------------------------------------------


def automatic_victory_possible(state: WwState) -> bool:
    """13.1: only during the Strategy Phase or the Winter Attrition Phase. A condition that
    arises elsewhere (the European War's removals in the End Phase) is seen at the next
    moment inside one of them, the start of the next Strategy Phase (A12)."""
    return (stack.find(state, StrategyPhase) is not None
            or stack.find(state, WinterAttrition) is not None)


def british_cus_in_colonies(state: WwState) -> int:
    """13.1: British CUs on the map in the 13 colonies; Canada and the boxes do not count."""
    return sum(q.cus(state, space, BRITISH) for space in state.cus
               if q.on_map(space) and q.colony(space) != q.CANADA)


def check_automatic(state: WwState) -> None:
    """13.1: the British wins the instant no American or French CU is on the map (Canada
    included); the American wins the instant no British CU is in the 13 colonies. Should both
    happen at the same instant (A12: the text gives no answer), the British wins, as he wins
    every tie of 13.2."""
    if state.result is not None or q.victory_cus_witnessed(state):
        return   # (the CUs seen last still stand: the answer of nearly every step)
    american, british = q.cus_for_victory(state)
    if american and british or not automatic_victory_possible(state):
        return
    if not american:
        finish(state, "British victory: no American or French CU is left on the map "
                      "(automatic victory, 13.1).")
    elif not british:
        finish(state, "American victory: no British CU is left in the 13 colonies "
                      "(automatic victory, 13.1).")


# --- 13.2 Victory at game end -----------------------------------------------------------------


def winner(american: int, british: int) -> str:
    """13.2: the American wins only with 7 or more colonies while the British holds 5 or
    fewer; if both sides, or neither, meet their condition, the British wins."""
    return AMERICAN if american >= AMERICAN_NEEDS and british < BRITISH_NEEDS else BRITISH


def final(state: WwState, why: str) -> None:
    """13.2: count the colonies each side controls (10.0.B: the side with more PCs; Canada
    counts as a colony and needs both Montreal and Quebec) and name the winner. `why`: what
    ended the game ("the War Ends card for 1780 is in the War Ends box")."""
    if state.result is not None:
        return
    american = q.colonies_controlled(state, AMERICAN)
    british = q.colonies_controlled(state, BRITISH)
    side = winner(american, british)
    count = (f"the British controls {colonies(british)} and the American {american}"
             if side == BRITISH else
             f"the American controls {colonies(american)} and the British {british}")
    finish(state, f"{side} victory: {why}; {count} (Canada counting as one): "
                  f"{why_wins(side, american, british)} (13.2).")


def colonies(n: int) -> str:
    return f"{n} colon{'y' if n == 1 else 'ies'}"


def why_wins(side: str, american: int, british: int) -> str:
    if side == AMERICAN:
        return f"{AMERICAN_NEEDS} or more win for the American"
    if british >= BRITISH_NEEDS and american >= AMERICAN_NEEDS:
        return "both sides meet their condition, and then the British wins"
    if british >= BRITISH_NEEDS:
        return f"{BRITISH_NEEDS} or more win for the British"
    return (f"neither side meets its condition ({BRITISH_NEEDS} for the British, "
            f"{AMERICAN_NEEDS} for the American), and then the British wins")
