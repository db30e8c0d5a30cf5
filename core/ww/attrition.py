"""The Winter Attrition Phase (5.4, 11): CUs on the map may be lost to the winter; CUs in the
boxes are not, nor are generals, the Continental Congress or the French Navy (11.0). "Half"
is always rounded down.

    WINTER_ATTRITION   begin -> the British stacks (11.1) -> the American and French stacks
                       (11.2, 11.3), one space per step

Order (5.0: the American sets the order of a segment when it matters): the British stacks
first, then the American ones. Only the automatic victory (13.1), checked after each space,
can tell the orders apart, and this is the order the American would choose.
"""
from __future__ import annotations

from core import dice, stack
from core.engine import Action, Choice
from core.ww import query as q
from core.ww.frames.phases import AttritionLosses, WinterAttrition
from core.ww.state import AM, AMERICAN, BR, BRITISH, FR, WwState
from core.ww.query import name

WASHINGTON_IMMUNE = 5          # 11.2: up to 5 CUs with Washington in winter quarters / south
NATIONALITY_NAME = {AM: "American", BR: "British", FR: "French"}


def sheltered(space: str) -> bool:
    """11.1: a Winter Quarters space (square or star) or south of the Attrition Line."""
    return q.is_winter_quarters(space) or q.south_of_line(space)


def lone_cu_lost(state: WwState, space: str, what: str, rule: str) -> int:
    """11.1, 11.2: a single CU with no general rolls: 1-3 removed, 4-6 it survives."""
    face = dice.d6(state, f"winter attrition: {what} at {name(space)}", rule)
    return 1 if face <= 3 else 0


def british_rule_loss(state: WwState, space: str, count: int, general: bool, who: str,
                      rule: str) -> int:
    """11.1 (British CUs; French CUs alone, 11.3): none in winter quarters or south of the
    line; else half, an Army of 1 CU none, a lone CU by the die."""
    if count == 0 or sheltered(space):
        return 0
    if count == 1:
        return 0 if general else lone_cu_lost(state, space, f"the lone {who} CU", rule)
    return count // 2


def american_rule_loss(state: WwState, space: str, count: int) -> int:
    """11.2 (American CUs, with any French CUs among them, 11.3): half, wherever they are; a
    single CU with an American or French general none, a lone CU by the die. Washington
    shelters up to 5 CUs in winter quarters or south of the line; the surplus suffers as if
    alone in the space, with no general (A25; French CUs among them, A40)."""
    general = q.general_at(state, space, AMERICAN)
    if general == q.WASHINGTON and sheltered(space):
        surplus = max(0, count - WASHINGTON_IMMUNE)
        if surplus == 1:
            return lone_cu_lost(state, space, "the CU beyond Washington's five, as if alone "
                                "(A25)", "11.2")
        return surplus // 2
    if count == 1:
        return 0 if general else lone_cu_lost(state, space, "the lone American CU", "11.2")
    return count // 2


def lose(state: WwState, space: str, losses: dict[str, int], rule: str) -> None:
    """Remove the CUs lost (to the Reserve; French CUs for good, 12.2.C) and log them."""
    parts = []
    for nationality, n in losses.items():
        taken = q.eliminate_cus(state, space, nationality, n)
        if taken:
            parts.append(f"{taken} {NATIONALITY_NAME[nationality]} CU{'' if taken == 1 else 's'}")
    if parts:
        state.log.append(f"Winter attrition at {name(space)}: {' and '.join(parts)} lost "
                         f"({rule}).")


# --- the phase --------------------------------------------------------------------------------


def begin(state: WwState, frame: WinterAttrition) -> None:
    state.log.append("Winter Attrition Phase (5.4).")
    held = state.cus   # (a space not in it holds no CU)
    frame.british = [s for s in q.spaces() if s in held and q.cu_count(state, s, BR)]
    frame.american = [s for s in q.spaces() if s in held and q.cus(state, s, AMERICAN)]


def british_stacks(state: WwState, frame: WinterAttrition) -> None:
    """11.1: one space of British CUs."""
    if not frame.british:
        return
    space = frame.british.pop(0)
    stack.repeat(frame)
    count = q.cu_count(state, space, BR)
    general = q.general_at(state, space, BRITISH) is not None
    lose(state, space, {BR: british_rule_loss(state, space, count, general, "British", "11.1")},
         "11.1")


def american_stacks(state: WwState, frame: WinterAttrition) -> None:
    """11.2, 11.3: one space of American and/or French CUs."""
    if not frame.american:
        return
    space = frame.american.pop(0)
    stack.repeat(frame)
    american, french = q.cu_count(state, space, AM), q.cu_count(state, space, FR)
    if american == 0:
        # 11.3: French CUs alone suffer as British CUs; an American general or Rochambeau
        # with a single one makes an Army (A26)
        general = q.general_at(state, space, AMERICAN) is not None
        loss = british_rule_loss(state, space, french, general, "French", "11.3")
        lose(state, space, {FR: loss}, "11.3")
        return
    loss = american_rule_loss(state, space, american + french)
    splits = french_shares(american, french, loss)
    if len(splits) > 1:
        stack.push(state, AttritionLosses(space=space, count=loss))
        return
    lose(state, space, {AM: loss - splits[0], FR: splits[0]}, "11.3" if french else "11.2")


def french_shares(american: int, french: int, loss: int) -> list[int]:
    """11.3: the ways to share `loss` in a mixed stack: how many of them may be French."""
    return list(range(max(0, loss - american), min(loss, french) + 1))


WINTER_ATTRITION = stack.Steps((begin, british_stacks, american_stacks))


# --- 11.3: the American chooses the losses of a mixed stack -----------------------------------


def losses_choices(state: WwState, frame: AttritionLosses) -> list[Choice]:
    american = q.cu_count(state, frame.space, AM)
    french = q.cu_count(state, frame.space, FR)
    return [Choice(Action("french", k), f"Lose {share_label(frame.count - k, k)}", "cu")
            for k in french_shares(american, french, frame.count)]


def share_label(american: int, french: int) -> str:
    parts = [f"{n} {who} CU{'' if n == 1 else 's'}"
             for n, who in ((american, "American"), (french, "French")) if n]
    return " and ".join(parts)


def _losses(state: WwState, frame: AttritionLosses, french: int) -> None:
    stack.done(state, frame)
    lose(state, frame.space, {AM: frame.count - french, FR: french}, "11.3")


ATTRITION_LOSSES = stack.Stop(
    role=lambda state, frame: AMERICAN,
    prompt=lambda state, frame: (
        f"American: winter attrition costs the American and French stack at "
        f"{name(frame.space)} {frame.count} CU{'' if frame.count == 1 else 's'}: which are "
        f"lost (11.3)?"),
    choices=losses_choices,
    handlers={"french": _losses},
)


FLOW: stack.Flow = {WinterAttrition: WINTER_ATTRITION, AttritionLosses: ATTRITION_LOSSES}
