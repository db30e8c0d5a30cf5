"""Leaders in battle, advanced optional rule A8.2.2 (A8.2.1 reinforcing, A8.2.3 desertion).

Seed "Regole Avanzate" 8.2.2 "Leader e Battaglie". A leader is not a piece (AMB-46): it is never
a target and never fires. In a battle it:
  * adds its value to its side's command value of each day (A7.0, at most 8);
  * gives bonus points to firing pieces each round, announced before any piece fires: its
    whole value to one piece, or split between two (Lee among three), +1 to the value per point;
  * may reinforce the battle alone or beside a piece of its box, adding its effects at once;
  * goes with its army when it retreats or escapes;
  * subtracts its value from its pieces' desertion dice (A8.2.3, core/ahd/battle/desertion.py).
Its counter and movement are core/ahd/leaders.py. With the rule off there are no leaders, so
every step here finds nothing to do.
"""
from __future__ import annotations

from core import stack
from core.ahd import leaders
from core.ahd import query as q
from core.ahd.battle.base import GROUP, current, short, tag, title
from core.ahd.command import MAX_ENGAGED
from core.ahd.frames import LeaderBonus
from core.ahd.pieces import piece
from core.ahd.state import UNION, AhdState, Battle, Leader
from core.ahd.text import name
from core.engine import Action, Choice

# --- who is there ---------------------------------------------------------------------------


def present(state: AhdState, b: Battle) -> list[str]:
    """The leaders standing in the battle box when it begins: they take part."""
    return [ldr.id for ldr in leaders.at(state, b.box)]


def in_battle(state: AhdState, b: Battle, side: str) -> list[Leader]:
    """`side`'s leaders present at the battle now (in its box)."""
    return [ldr for ldr in leaders.at(state, b.box, side) if ldr.id in b.leaders]


def led(state: AhdState, b: Battle, side: str) -> str:
    """', led by Lee 3' when leaders of `side` are present, for the log."""
    here = in_battle(state, b, side)
    return f", led by {', '.join(leaders.tag(ldr) for ldr in here)}" if here else ""


def command_bonus(state: AhdState, b: Battle, side: str) -> int:
    """A8.2.2: 'per ogni giorno potete aggiungere il bonus dei vostri leader presenti in
    battaglia' (A7.0's command value)."""
    return sum(ldr.value for ldr in in_battle(state, b, side))


def desertion_bonus(state: AhdState, b: Battle, side: str) -> int:
    """A8.2.3: 'il valore di tutti i leader amici presenti nella battaglia' (every friendly
    leader that took part: still in the box, or gone with the army's retreat)."""
    return sum(ldr.value for ldr in state.leaders if ldr.side == side and ldr.id in b.leaders)


# --- A8.2.1 reinforcing ------------------------------------------------------------------------


def reinforcing(state: AhdState, b: Battle, side: str) -> list[tuple[str, Leader]]:
    """A8.2.1: leaders that may reinforce the battle, alone or beside a piece of their box
    ('possono anche rinforzare una battaglia muovendo da soli'): from an adjacent box along a
    line `side` may use, under the limits B5.2.4 sets on pieces: the attacker never from a box
    holding enemy pieces; never out of a contained port (A4.0). Not a piece: it does not use
    the box's one piece of the round."""
    out: list[tuple[str, Leader]] = []
    for box in q.neighbours(b.box, side):
        if not q.enterable(state, box):
            continue
        if side == b.attacker and q.has_enemy(state, box, side):
            continue
        if side == UNION and box in state.contained:
            continue
        out += [(box, ldr) for ldr in leaders.at(state, box, side)]
    return out


def reinforcement_choices(state: AhdState, b: Battle, side: str) -> list[Choice]:
    return [Choice(Action("reinforce-leader", ldr.id),
                   f"Reinforce from {name(box)}: {leaders.tag(ldr)} (leader, A8.2.1)", GROUP)
            for box, ldr in reinforcing(state, b, side)]


def join(state: AhdState, b: Battle, side: str, lid: str) -> None:
    """A8.2.1 a leader reinforces the battle; A8.2.2 'I leader che rinforzano una battaglia
    possono aggiungere i loro effetti già dal momento in cui arrivano sul posto': its value
    joins this day's command value at once (A7.0, still at most 8) and it allots its bonus
    from this round."""
    ldr = leaders.leader(state, lid)
    src = ldr.loc
    ldr.loc = b.box
    ldr.followable = []
    if lid not in b.leaders:
        b.leaders.append(lid)
    extra = ""
    if side in b.command:
        b.command_leaders[side] = b.command_leaders.get(side, 0) + ldr.value
        b.command[side] = min(MAX_ENGAGED, b.command[side] + ldr.value)
        extra = f"; {side} command {b.command[side]} (A7.0)"
    state.log.append(f"{title(b)}: {side} reinforces from {name(src)} with {leaders.tag(ldr)} "
                     f"(leader, A8.2.1){extra}")


def follow(state: AhdState, side: str, box: str, dest: str) -> None:
    """A leader goes with its army's retreat or escape (AMB-46)."""
    gone = leaders.at(state, box, side)
    for ldr in gone:
        ldr.loc = dest
        ldr.followable = []
    if gone:
        state.log.append(f"{', '.join(leaders.tag(ldr) for ldr in gone)} "
                         f"{'goes' if len(gone) == 1 else 'go'} with them to {name(dest)} "
                         f"(A8.2)")


# --- A8.2.2 the bonus of each round ---------------------------------------------------------


def points_left(b: Battle, ldr: Leader) -> int:
    return ldr.value - len(b.leader_bonus.get(ldr.id, []))


def recipients(b: Battle, ldr: Leader, able: list[str]) -> list[str]:
    """A8.2.2: the pieces the leader's next point may go to: 'Un leader può aggiungere il suo
    valore intero ad un singolo pezzo oppure dividerlo tra due pezzi (o in tre, nel caso di
    Lee)': once it has given points to that many pieces, only to those."""
    given = b.leader_bonus.get(ldr.id, [])
    if len(set(given)) >= leaders.split(ldr.id):
        return sorted(set(given) & set(able))
    return sorted(able)


def bonus_of(b: Battle, pid: str) -> int:
    """The leader bonus points a piece has this round (+1 to its value each)."""
    return sum(given.count(pid) for given in b.leader_bonus.values())


def allotment(b: Battle, lid: str) -> str:
    """'C-FV-01 +2, C-FV-02 +1' for the log and the tracks."""
    given = b.leader_bonus.get(lid, [])
    return ", ".join(f"{pid} +{given.count(pid)}" for pid in sorted(set(given))) or "none"


def _able(b: Battle, side: str) -> list[str]:
    """The pieces of `side` that may fire this round (A8.1: not the routed)."""
    own = b.attackers if side == b.attacker else b.defenders
    return [pid for pid in own if pid not in b.routed]


def allot_bonus(state: AhdState, b: Battle) -> None:
    """A8.2.2, step of each round before the defender fires: 'I vantaggi che ogni leader può
    offrire ai pezzi amici che stanno sparando in un round di battaglia deve essere annunciato
    prima che qualunque unità abbia sparato'. The attacker's leaders first. A point on a piece
    that does not fire after all (eliminated or routed first, or not engaged under A7.0) is
    lost."""
    b.bonus_round = b.round
    b.leader_bonus = {}
    b.allotting = [ldr.id for side in (b.attacker, b.defender)
                   for ldr in in_battle(state, b, side)]
    if _allot_forced(state, b):
        stack.push(state, LeaderBonus())


def _allot_forced(state: AhdState, b: Battle) -> bool:
    """Give every point that has only one piece to go to, leader by leader; True when a
    leader is left with a real choice (the owner is asked)."""
    while b.allotting:
        ldr = leaders.leader(state, b.allotting[0])
        able = _able(b, ldr.side)
        left = points_left(b, ldr)
        if left > 0 and able:
            options = recipients(b, ldr, able)
            if len(options) > 1:
                return True
            b.leader_bonus.setdefault(ldr.id, []).extend(options * left)
            continue
        b.allotting.pop(0)
        state.log.append(f"{tag(b)}: {leaders.tag(ldr)}'s bonus (A8.2.2): "
                         f"{allotment(b, ldr.id)}")
    return False


def _bonus_role(state: AhdState, frame: LeaderBonus) -> str:
    return leaders.leader(state, current(state).allotting[0]).side


def _bonus_prompt(state: AhdState, frame: LeaderBonus) -> str:
    b = current(state)
    ldr = leaders.leader(state, b.allotting[0])
    return (f"{title(b)} — {leaders.tag(ldr)} allots its bonus before any piece fires "
            f"(A8.2.2): +1 to which piece? ({points_left(b, ldr)} of {ldr.value} left)")


def bonus_note(b: Battle, pid: str) -> str:
    """', leader bonus +2' when the piece has leader bonus points this round (A8.2.2)."""
    bonus = bonus_of(b, pid)
    return f", leader bonus +{bonus}" if bonus else ""


def _bonus_choices(state: AhdState, frame: LeaderBonus) -> list[Choice]:
    b = current(state)
    ldr = leaders.leader(state, b.allotting[0])
    left = points_left(b, ldr)
    return [Choice(Action("bonus", pid),
                   f"{leaders.tag(ldr)}: +1 to {pid} ({short(state, b, piece(state, pid))}"
                   f"{bonus_note(b, pid)}) — {left} point{'s' if left > 1 else ''} to allot",
                   GROUP)
            for pid in recipients(b, ldr, _able(b, ldr.side))]


def _give(state: AhdState, frame: LeaderBonus, pid: str) -> None:
    b = current(state)
    b.leader_bonus.setdefault(b.allotting[0], []).append(pid)
    if not _allot_forced(state, b):
        stack.done(state, frame)



LEADER_BONUS = stack.Stop(role=_bonus_role, prompt=_bonus_prompt, choices=_bonus_choices,
                          handlers={"bonus": _give})
