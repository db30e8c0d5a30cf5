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
from core.ww.state import AM, AMERICAN, BR, BRITISH, FR, WwState

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
    every tie of 13.2.

    Asked after every step of play (core/ww/flow.py `settle`), so it first looks where
    `cus_for_victory` found such CUs last time (`_WITNESS`): when both places still hold
    them, nothing is decided (the answer of nearly every step), over or not. (A witness is a
    map space, the British one in the 13 colonies, or "", which holds no CU: only
    `cus_for_victory` sets them, after asking so.)"""
    american_at, british_at = _WITNESS
    cus = state.cus
    here, there = cus.get(american_at), cus.get(british_at)
    if here and there and (here.get(AM) or here.get(FR)) and there.get(BR):
        return
    if state.result is not None:
        return
    american, british = cus_for_victory(state)
    if american and british or not automatic_victory_possible(state):
        return
    if not american:
        finish(state, "British victory: no American or French CU is left on the map "
                      "(automatic victory, 13.1).")
    elif not british:
        finish(state, "American victory: no British CU is left in the 13 colonies "
                      "(automatic victory, 13.1).")


def cus_for_victory(state: WwState) -> tuple[bool, bool]:
    """13.1 in one look: whether an American or French CU stands on the map (Canada
    included), and whether a British CU stands in the 13 colonies (`query.cus_on_map`,
    `british_cus_in_colonies` > 0), stopping once both are found; where it finds them is
    remembered (`_WITNESS`) for the next `check_automatic`. Every answer is read from
    `state`."""
    american = british = False
    for space, here in state.cus.items():
        if not american and space in _MAP and (here.get(AM, 0) or here.get(FR, 0)):
            american = True
            _WITNESS[0] = space
        if not british and space in _THIRTEEN and here.get(BR, 0):
            british = True
            _WITNESS[1] = space
        if american and british:
            break
    return american, british


# Where `cus_for_victory` last found an American (or French) CU on the map and a British CU in
# the 13 colonies: a hint shared by every game, checked against the state before it is used.
_WITNESS: list[str] = ["", ""]
_MAP = q.map_spaces()
_THIRTEEN = frozenset(space for space in _MAP if q.colony(space) != q.CANADA)  # (not Canada)


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
