"""The promotion segment (B6.0), with O4.3 southern training.

After the battle segment the active player may promote one of his pieces on the map:
militia -> veteran, veteran -> crack, same type, if a counter of the next quality is free
(the counter mix is a reconstruction, GAP-6: when that alone stops a promotion, the game says
so). O4.3: the Confederate player rolls 1d6, minus one per veteran or crack infantry lost this
game turn; on 1 or less he may promote two pieces.
"""
from __future__ import annotations

from functools import cache

from core import dice, stack
from core.ahd import query as q
from core.ahd.counters import KINDS
from core.ahd.frames import PlayerTurn, Promotion
from core.ahd.pieces import NEXT_GRADE, counter_name, describe, missing_counters, piece, promote
from core.ahd.state import CAVALRY, CSA, INFANTRY, SPARE, AhdState, Piece
from core.ahd.text import name
from core.engine import Action, Choice


def promotable(state: AhdState, done: list[str]) -> list[Piece]:
    """The player's pieces on the map with a free counter of the next quality (B6.0), not
    promoted this segment; never a foreign unit (A8.4)."""
    side = state.player
    where = state.whereabouts
    # the kinds of the free counters (a counter's kind never changes: KINDS, by position)
    free = {KINDS[i] for i in where.at[side].get(SPARE, ())}
    if not free:
        return []
    # the kinds a free counter can promote: the same arm, one quality lower
    promoted = {(arm, lower) for lower, grade in NEXT_GRADE.items() for arm in (INFANTRY, CAVALRY)
                if (arm, grade) in free}
    pieces = state.pieces
    return [p for p in [pieces[i] for i in where.on_map[side] if KINDS[i] in promoted]
            if p.id not in done and not p.foreign]


def begin(state: AhdState, turn: PlayerTurn) -> None:
    """B6.0: after the battle segment the active player may promote one piece (O4.3: the CSA
    may be allowed two)."""
    side = turn.side
    if not promotable(state, []):
        blocked = missing_counters(state, q.pieces_of(state, side))
        why = f": {blocked}" if blocked else ""
        state.log.append(f"{side}: no piece can be promoted{why}.")
        return
    segment = Promotion(left=1)
    if side == CSA and state.options.southern_training:
        southern_training(state, segment)
    stack.push(state, segment)


def southern_training(state: AhdState, segment: Promotion) -> None:
    """O4.3: 'Il Confederato lancia 1d6 durante il suo segmento delle promozioni. Con un
    risultato di uno o meno, egli può promuovere due pezzi'; minus one for each veteran or crack
    infantry lost in battle in the current turn (AMB-33: CSA FV/FS eliminated by enemy fire in
    this game turn). Rolled only when a promotion is possible at all."""
    die = dice.d6(state, "Confederate training", "O4.3")
    segment.training_die = die
    lost = state.csa_infantry_lost
    result = die - lost
    if result <= 1:
        segment.left = 2
    outcome = "two promotions" if result <= 1 else "one promotion"
    state.log.append(f"Southern training (O4.3): die {die} - {lost} veteran/crack infantry lost "
                     f"this turn = {result}: {outcome}.")


def prompt(state: AhdState, frame: Promotion) -> str:
    who = state.player
    if frame.promoted:
        text = f"{who} promotion segment: you may promote a second piece (O4.3)."
    elif frame.left >= 2:
        text = (f"{who} promotion segment: you may promote two pieces (O4.3 training die "
                f"{frame.training_die}).")
    else:
        text = f"{who} promotion segment: you may promote one piece (B6.0)."
    blocked = missing_counters(state, q.pieces_of(state, who))
    return f"{text} Not possible now: {blocked}." if blocked else text


def choices(state: AhdState, frame: Promotion) -> list[Choice]:
    out = [Choice(*promote_choice(p.id, p.loc), "promote")
           for p in promotable(state, frame.promoted)]
    nobody = "No second promotion (O4.3)" if frame.promoted else "Promote nobody"
    out.append(Choice(Action("pass", None), nobody, "turn"))
    return out


@cache
def promote_choice(pid: str, box: str) -> tuple[Action, str]:
    """The action and label of promoting counter `pid` in `box`, made once (an Action is
    frozen: every choice of it may share one)."""
    return Action("promote", pid), f"Promote {counter_name(pid)} in {name(box)}"


def _promote(state: AhdState, frame: Promotion, pid: str) -> None:
    old = piece(state, pid)  # one of the player's pieces on the map (`promotable`)
    new = promote(state, old)
    state.log.append(f"Promotion: {describe(old)} in {name(new.loc)} becomes {describe(new)} "
                     f"(B6.0).")
    frame.promoted.append(new.id)
    frame.left -= 1
    if frame.left > 0 and promotable(state, frame.promoted):
        state.log.append(f"{state.player} may promote a second piece (O4.3).")
        return
    stack.done(state, frame)


PROMOTION = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=prompt,
    choices=choices,
    handlers={"promote": _promote, "pass": lambda state, frame, _noun: stack.done(state, frame)},
)

FLOW = {Promotion: PROMOTION}
