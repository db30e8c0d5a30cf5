"""Reinforcements, seed B5.2.4 "Rinforzi".

'Iniziando dal secondo round di battaglia, entrambe i fronti possono rinforzare la battaglia.
Subito prima di sparare in ogni round dopo il primo, ogni giocatore può rinforzare la battaglia
con un pezzo per ogni riquadro adiacente e connesso.' Not pieces that retreated from a battle
this turn; the attacker never from a box holding enemy pieces, nor with pieces that already
fought a battle; the defender may take pieces from a box holding enemy pieces but must leave
there as many pieces as the enemy has; nobody reinforces once all his pieces in the battle are
gone. The attacker is asked first, then the defender (AMB-13). A8.2.1: leaders may reinforce
too (core/ahd/battle/leadership.py).
"""
from __future__ import annotations

from core import stack
from core.ahd import containment, query
from core.ahd.battle import leadership
from core.ahd.battle.base import GROUP, current, own, short, title
from core.ahd.frames import Reinforce
from core.ahd.pieces import piece, update
from core.ahd.state import AhdState, Battle, Piece
from core.ahd.text import name
from core.engine import Action, Choice


def pieces(state: AhdState, b: Battle, side: str) -> list[tuple[str, Piece]]:
    """The (box, piece) pairs that may reinforce `side` now (B5.2.4)."""
    out: list[tuple[str, Piece]] = []
    if not own(b, side):
        return out  # 'Un giocatore non può rinforzare se tutti i suoi pezzi ... eliminati'
    attacking = side == b.attacker
    for box in query.neighbours(b.box, side):  # a usable line: no CSA use of the Potomac
        if box in b.used_boxes:
            continue  # one piece from each adjacent box per round
        friends = query.pieces_at(state, box, side)
        foes = len(query.pieces_at(state, box, query.enemy(side)))
        if attacking and foes:
            continue  # the attacker never from a box that holds enemy pieces
        if not attacking and foes and len(friends) - 1 < foes:
            continue  # the defender leaves there as many pieces as the enemy has
        for p in sorted(friends, key=lambda p: p.id):
            if p.retreated:
                continue  # retreated (or escaped, AMB-18) earlier this turn
            if containment.is_contained(state, p):
                continue  # A4.0: contained pieces leave their port only by a breakout
            if attacking and p.fought:
                continue  # the attacker not with pieces that already fought
            out.append((box, p))
    return out


def leaders_coming(state: AhdState, b: Battle, side: str) -> list[Choice]:
    """A8.2.1: the leaders that may join, alone or beside a piece of their box."""
    if not own(b, side):
        return []
    return leadership.reinforcement_choices(state, b, side)


def offer(state: AhdState, b: Battle, side: str) -> None:
    """B5.2.4, from round 2, before the retreats: `side` may bring in reinforcements."""
    if b.round >= 2 and (pieces(state, b, side) or leaders_coming(state, b, side)):
        stack.push(state, Reinforce(side=side))


def _prompt(state: AhdState, frame: Reinforce) -> str:
    return f"{title(current(state))} — {frame.side} reinforcements: bring in a piece, or done"


def _choices(state: AhdState, frame: Reinforce) -> list[Choice]:
    b = current(state)
    out = [Choice(Action("reinforce", p.id),
                  f"Reinforce from {name(box)}: {p.id} ({short(state, b, p)})", GROUP)
           for box, p in pieces(state, b, frame.side)]
    out += leaders_coming(state, b, frame.side)
    out.append(Choice(Action("done", None), "No more reinforcements this round", GROUP))
    return out


def _bring(state: AhdState, frame: Reinforce, pid: str) -> None:
    b = current(state)
    side = frame.side
    p = piece(state, pid)
    src = p.loc
    # B5.2.3, AMB-16: crossing if every line it could use from there enters across a blue bank
    lines = [link for there, link in query.adjacent(b.box)
             if there == src and query.usable(link, side)]
    p = update(state, p,
               crossing=bool(lines) and all(b.box in link.props.get("bank", [])
                                            for link in lines),
               loc=b.box,
               entrenched=False,  # B4.2.5: a piece that moves loses its entrenchment
               came_from=src, fought=True)
    b.used_boxes.append(src)
    own(b, side).append(pid)
    b.participants.append(pid)  # reinforcements take part in the battle (B6.0)
    origins = b.attacker_origins if side == b.attacker else b.defender_origins
    if src not in origins:
        origins.append(src)  # AMB-17: the enemy may not retreat there
    state.log.append(f"{title(b)}: {side} reinforces from {name(src)} with {pid} "
                     f"({short(state, b, p)})"
                     + (", crossing the river" if p.crossing and side == b.attacker else ""))
    _ask_again(state, b, frame)


def _bring_leader(state: AhdState, frame: Reinforce, lid: str) -> None:
    b = current(state)
    leadership.join(state, b, frame.side, lid)
    _ask_again(state, b, frame)


def _ask_again(state: AhdState, b: Battle, frame: Reinforce) -> None:
    """Ask again while anything may still come; with nothing left the question ends."""
    if not (pieces(state, b, frame.side) or leaders_coming(state, b, frame.side)):
        stack.done(state, frame)



REINFORCE = stack.Stop(role=lambda state, frame: frame.side, prompt=_prompt, choices=_choices,
                       handlers={"reinforce": _bring, "reinforce-leader": _bring_leader,
                                 "done": lambda state, frame, noun: stack.done(state, frame)})
