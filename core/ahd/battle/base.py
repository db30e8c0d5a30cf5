"""What every part of a battle uses: the two armies, names for the log, withdrawing an army.

A battle (core/ahd/frames.py `Battle`) knows its box, its attacker and defender, and the ids
of each side's pieces still in the battle box. Rule numbers are the seed's (B5.0-B5.2.7).
"""
from __future__ import annotations

from functools import wraps
from typing import Callable

from core.ahd import coastal
from core.ahd.pieces import piece, update
from core.ahd.query import is_entrenched
from core.ahd.state import CRACK, CSA, INFANTRY, NAME, VETERAN, AhdState, Battle, Piece
from core.ahd.text import name

GROUP = "battle"    # the group of every battle choice (core.engine.Choice)
NO_WINNER = "none"  # B5.2.6 an escape, or both armies gone: nobody wins

BattleStep = Callable[[AhdState, Battle], None]
SideStep = Callable[[AhdState, Battle, str], None]


def day(round_no: int) -> int:
    """The battle day of a round: four rounds to a day (A7.0, A8.1.1; AMB-40)."""
    return (max(round_no, 1) - 1) // 4 + 1


def tag(b: Battle) -> str:
    """'Little Rock r2': the battle and round, at the head of a log line."""
    return f"{name(b.box)} r{b.round}"


def title(b: Battle) -> str:
    """'Battle of Little Rock, round 2' (no round before round 1)."""
    head = f"Battle of {name(b.box)}"
    return f"{head}, round {b.round}" if b.round else head


# --- the two armies ----------------------------------------------------------------------


def current(state: AhdState) -> Battle:
    """The battle being fought (the stops of a battle are asked only during one)."""
    b = state.battle
    assert b is not None, "no battle is being fought"
    return b


def other(b: Battle, side: str) -> str:
    return b.defender if side == b.attacker else b.attacker


def own(b: Battle, side: str) -> list[str]:
    """`side`'s pieces still in the battle box (the list itself: callers may change it)."""
    return b.attackers if side == b.attacker else b.defenders


def in_line(b: Battle, side: str) -> list[str]:
    """`side`'s pieces still fighting: all of them, less the routed ones (A8.1 'Un pezzo in
    rotta non può combattere nella battaglia'; AMB-42: it neither fires nor is a target)."""
    return [pid for pid in own(b, side) if pid not in b.routed]


def decided(b: Battle) -> bool:
    """The battle has a result (B5.0 end check, B5.2.5 retreat, B5.2.6 escape)."""
    return b.winner != ""


def loser(b: Battle) -> str:
    """The side that lost, or "" when nobody won (B5.2.6 escape, both armies gone)."""
    return other(b, b.winner) if b.winner in (b.attacker, b.defender) else ""


def sided(step: SideStep) -> tuple[BattleStep, BattleStep]:
    """The attacker's and the defender's version of a step taken by one side."""
    def attacker(state: AhdState, b: Battle) -> None:
        step(state, b, b.attacker)

    def defender(state: AhdState, b: Battle) -> None:
        step(state, b, b.defender)

    attacker.__name__ = attacker.__qualname__ = f"attacker_{step.__name__}"
    defender.__name__ = defender.__qualname__ = f"defender_{step.__name__}"
    attacker.__doc__ = defender.__doc__ = step.__doc__
    return attacker, defender


def fighting(step: BattleStep) -> BattleStep:
    """A step of a battle round: once the battle is decided (a retreat, an escape, an end
    check) the rest of the round is skipped and the battle goes on to its end (B5.0)."""
    @wraps(step)
    def run(state: AhdState, b: Battle) -> None:
        if not decided(b):
            step(state, b)
    return run


# --- pieces as the battle sees them ------------------------------------------------------

Unit = Piece | coastal.Garrison


def unit(state: AhdState, b: Battle, uid: str) -> Unit:
    """A piece of the battle, or the coastal garrison (A5.0)."""
    if uid == coastal.GARRISON:
        return coastal.combatant(b)
    return piece(state, uid)


def kind(u: Unit) -> str:
    """'veteran infantry'; 'coastal garrison 3' (A5.0)."""
    if isinstance(u, coastal.Garrison):
        return f"coastal garrison {u.value}"
    return NAME[(u.arm, u.grade)]


def entrenched(state: AhdState, b: Battle, u: Unit) -> bool:
    """B4.2.5, B5.2.1 entrenchment as it counts in this battle (a marker, or an owned
    permanent entrenchment; A5.0 the garrison always is), except that in a containment battle
    the attacker has left its entrenchment, a permanent one included (A4.0)."""
    if b.containment and u.id in b.attackers:
        return False
    return is_entrenched(state, u)  # type: ignore[arg-type]  (a Garrison has loc, entrenched)


def short(state: AhdState, b: Battle, p: Piece) -> str:
    """'veteran infantry, reduced, entrenched' for labels."""
    text = NAME[(p.arm, p.grade)]
    if p.reduced:
        text += ", reduced"
    if entrenched(state, b, p):
        text += ", entrenched"
    return text


def listing(state: AhdState, ids: list[str]) -> str:
    """'U-MF-01 (militia infantry), U-FS-01 (crack infantry)'."""
    return ", ".join(f"{pid} ({NAME[(piece(state, pid).arm, piece(state, pid).grade)]})"
                     for pid in ids)


def ownership(state: AhdState, box: str, side: str) -> str:
    """'friendly', 'enemy' or 'neutral' as `side` sees `box` (B9.0)."""
    who = state.owner.get(box)
    if who is None:
        return "neutral"
    return "friendly" if who == side else "enemy"


def count_training_loss(state: AhdState, p: Piece) -> None:
    """O4.3, AMB-33: Confederate veteran or crack infantry eliminated by enemy fire count
    against the Confederate training die for the rest of this game turn."""
    if p.side == CSA and p.arm == INFANTRY and p.grade in (VETERAN, CRACK):
        state.csa_infantry_lost += 1


def move_army(state: AhdState, ids: list[str], dest: str) -> None:
    """A whole army leaves the battle box for `dest` (B5.2.5 retreat, B5.2.6 escape, A8.1
    rout): it loses its entrenchment (B4.2.5) and may not reinforce later this turn (B5.2.4,
    AMB-18)."""
    for pid in ids:
        update(state, piece(state, pid), loc=dest, entrenched=False, retreated=True)
