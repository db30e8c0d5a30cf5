"""A House Divided: one battle, as a state machine (seed B5.0–B5.2.6, battle promotion B6.0).

The turn flow calls `begin(state, box)` for each battle of the battle segment, then, while
`state.battle.step != "over"`, offers `choices(state)` to `state.active[0]` and passes the chosen
action to `act`. Between two questions everything automatic runs here: dice, hits, end checks.

A battle is a sequence of named steps. The steps that wait for a player are:

    escape                     defender, before round 1: cavalry escape or fight (B5.2.6)
    attacker-reinforcements    round >= 2: one piece per adjacent box (B5.2.4)
    defender-reinforcements
    attacker-retreat           round >= 2: retreat or stand (B5.2.5)
    defender-retreat
    defender-firers            A7.0: pick the pieces that fire, up to the command value
    defender-targets           declare the target of each firer in turn (B5.1)
    attacker-firers
    attacker-targets
    attacker-rally             A8.1.1, end of rounds 4, 8...: rally one routed piece, or not
    defender-rally
    leader-bonus               A8.2.2, before any piece fires in a round: each leader present
                               allots its value, one point at a time, to firing pieces
    rout-retreat               A8.1, after the battle: the loser's routed pieces retreat
    promotion                  the winner may promote one participant (B6.0)
    over                       finished: `winner` is a side or "none"

and the automatic ones are `round` (start of a battle round), `defender-fire` and
`attacker-fire` (open a fire: who will shoot), whose shots are resolved as soon as the last target
is declared, and `after` (the battle is decided: A8.1.2 desertion tests). Order inside a round
from round 2: AMB-13.

Advanced rules fought here: A4.0 containment battles (`containment`, `breakout`: the attacker
leaves its entrenchment, nobody crosses, a breakout's "retreat" calls it off and stays in the
port), A5.0 the coastal garrison of an invaded port (core/ahd/coastal.py), A7.0 battle days and
command values (core/ahd/command.py). Advanced optional rules: A8.1 morale tests after each
fire, routed pieces, A8.1.1 rallies, A8.1.2 desertion (core/ahd/morale.py); A8.2.2 leaders'
bonus, command value, reinforcement and retreat (core/ahd/leaders.py).
"""
from __future__ import annotations

from typing import Callable

from core import dice
from core.ahd import coastal, containment, leaders, morale, query
from core.ahd.calendar import year
from core.ahd.command import MAX_ENGAGED, carried_over, day_value, table_value
from core.ahd.pieces import can_promote, describe, hit, piece, promote, remove_from_play
from core.ahd.query import (adjacent, enemy, has_enemy, is_enemy_recruiting_city, is_entrenched,
                            pieces_at, usable)
from core.ahd.state import (CAVALRY, CRACK, CSA, INFANTRY, NAME, UNION, VETERAN, AhdState,
                            Battle, Leader, Piece)
from core.engine import Action, Choice, IllegalAction

WASHINGTON = "washington"

GROUP = "battle"

# step names (see the module docstring)
ESCAPE = "escape"
ROUND = "round"
ATTACKER_REINFORCEMENTS = "attacker-reinforcements"
DEFENDER_REINFORCEMENTS = "defender-reinforcements"
ATTACKER_RETREAT = "attacker-retreat"
DEFENDER_RETREAT = "defender-retreat"
DEFENDER_FIRE = "defender-fire"
DEFENDER_FIRERS = "defender-firers"
DEFENDER_TARGETS = "defender-targets"
ATTACKER_FIRE = "attacker-fire"
ATTACKER_FIRERS = "attacker-firers"
ATTACKER_TARGETS = "attacker-targets"
ATTACKER_RALLY = "attacker-rally"
DEFENDER_RALLY = "defender-rally"
LEADER_BONUS = "leader-bonus"
AFTER = "after"
ROUT_RETREAT = "rout-retreat"
PROMOTION = "promotion"
OVER = "over"

NO_WINNER = "none"


def day(round_no: int) -> int:
    """Battle day of a round: rounds are grouped four to a day (B5.0, A7.0)."""
    return (round_no - 1) // 4 + 1


# --- the interface the turn flow calls --------------------------------------------------


def begin(state: AhdState, box: str, breakout: bool = False) -> None:
    """Start the battle in `box`: the active player attacks, the other side defends (B5.0).
    `breakout`: the Union breakout from a contained port (A4.0)."""
    attacker = state.player
    defender = enemy(attacker)
    attackers = sorted(p.id for p in pieces_at(state, box, attacker))
    defenders = sorted(p.id for p in pieces_at(state, box, defender))
    garrison = coastal.garrison_value(state, box)  # A5.0: an invaded port's coastal garrison
    if not attackers or not (defenders or garrison):
        raise ValueError(f"no battle in {box}: it does not hold pieces of both sides")
    origins: list[str] = []
    for pid in attackers:
        # B5.2.5, B5.2.6, AMB-17: the boxes the attacking pieces entered from (none by sea)
        came = piece(state, pid).came_from
        if came and came not in origins:
            origins.append(came)
    # B4.2.4: invading pieces come by sea and cross (O3.1: a battle from a naval invasion)
    invasion = any(piece(state, pid).sailed and piece(state, pid).crossing for pid in attackers)
    state.battle = Battle(box=box, attacker=attacker, defender=defender,
                          attackers=attackers, defenders=defenders,
                          participants=attackers + defenders, attacker_origins=sorted(origins),
                          invasion=invasion, garrison=garrison, breakout=breakout,
                          containment=box in state.contained,
                          leaders=[ldr.id for ldr in leaders.at(state, box)])  # A8.2.2
    for pid in attackers + defenders:
        piece(state, pid).fought = True  # B5.2.4: "pieces that have already fought a battle"
    if state.battle.containment:
        _leave_entrenchment(state, attackers)
    defence = _list(state, defenders)
    if garrison:
        defence = ", ".join(filter(None, (defence, f"the coastal garrison ({garrison}, A5.0)")))
    state.log.append(f"Battle of {_name(box)}: {attacker} attacks with {_list(state, attackers)}"
                     f"{_led(state, attacker)}; {defender} defends with {defence}"
                     f"{_led(state, defender)}")
    _run(state, ESCAPE)


def _leave_entrenchment(state: AhdState, attackers: list[str]) -> None:
    """A4.0: 'se un fronte attacca l'altro, l'attaccante deve abbandonare il suo trinceramento'
    (and in a containment battle nobody crosses a river, AMB-16, AMB-37)."""
    for pid in attackers:
        p = piece(state, pid)
        p.entrenched = False
        p.digging = False
        p.crossing = False


def choices(state: AhdState) -> list[Choice]:
    """The legal actions of the role whose choice it is (state.active[0])."""
    b = state.battle
    if b is None:
        return []
    builder = _CHOICES.get(b.step)
    return builder(state) if builder else []


def act(state: AhdState, role: str, action: Action, checked: bool = False) -> None:
    """Apply one action of `role`, then run the battle up to the next question or its end
    (`checked`: the caller has already found `action` among the legal ones)."""
    b = state.battle
    if b is None or b.step == OVER:
        raise IllegalAction("there is no battle to fight now")
    if not state.active or role != state.active[0]:
        raise IllegalAction(f"it is not {role}'s decision in the battle of {_name(b.box)}")
    if not checked and not any(c.action == action for c in choices(state)):
        raise IllegalAction(f"{action} is not legal now: {prompt(state)}")
    _APPLY[b.step](state, action)


def prompt(state: AhdState) -> str:
    """One line telling the active role what to decide."""
    b = state.battle
    if b is None:
        return ""
    head = f"Battle of {_name(b.box)}"
    if b.round:
        head += f", round {b.round}"
    if b.step == ESCAPE:
        return f"{head} — {b.defender} cavalry: escape before the first round, or fight"
    if b.step in (ATTACKER_REINFORCEMENTS, DEFENDER_REINFORCEMENTS):
        return f"{head} — {_side_of_step(b)} reinforcements: bring in a piece, or done"
    if b.step in (ATTACKER_RETREAT, DEFENDER_RETREAT):
        return f"{head} — {_side_of_step(b)}: retreat (losing the battle) or stand"
    if b.step in (DEFENDER_TARGETS, ATTACKER_TARGETS):
        firer = _unit(state, b.firers[0])
        rule = (" (O2.2: cavalry at enemy cavalry first; infantry never at cavalry already "
                "chosen)" if _battlefield_targeting(state) else "")
        return (f"{head} — {_side_of_step(b)} fire: choose the target of {firer.id} "
                f"({_kind(firer)}){rule}")
    if b.step in (DEFENDER_FIRERS, ATTACKER_FIRERS):
        side = _side_of_step(b)
        return (f"{head} — {side} command {b.command[side]} (A7.0): choose the pieces that "
                f"fire this round ({len(b.engaged)} of {_quota(state, side)} chosen)")
    if b.step in (ATTACKER_RALLY, DEFENDER_RALLY):
        return (f"{head} — end of day {day(b.round)}: {_side_of_step(b)} may rally one routed "
                f"piece (A8.1.1)")
    if b.step == LEADER_BONUS:
        ldr = leaders.leader(state, b.allotting[0])
        return (f"{head} — {leaders.tag(ldr)} allots its bonus before any piece fires "
                f"(A8.2.2): +1 to which piece? ({leaders.points_left(b, ldr)} of {ldr.value} "
                f"left)")
    if b.step == ROUT_RETREAT:
        return (f"Battle of {_name(b.box)} — {_withdrawing(state)} has lost: its routed pieces "
                f"retreat (A8.1): choose the box")
    if b.step == PROMOTION:
        return f"Battle of {_name(b.box)} won by {b.winner}: promote one participant, or none"
    if b.step == OVER:
        result = "no winner" if b.winner == NO_WINNER else f"{b.winner} wins"
        return f"Battle of {_name(b.box)} is over: {result}"
    return head


# --- the step machine --------------------------------------------------------------------


def _run(state: AhdState, step: str | None) -> None:
    """Enter `step` and keep going through automatic steps until one asks or the battle ends."""
    b = state.battle
    assert b is not None
    while step is not None:
        b.step = step
        step = _ENTER[step](state)


def _ask(state: AhdState, side: str) -> None:
    state.active = [side]


def _side_of_step(b: Battle) -> str:
    return b.attacker if b.step.startswith("attacker") else b.defender


def _own(b: Battle, side: str) -> list[str]:
    return b.attackers if side == b.attacker else b.defenders


def _enemies(b: Battle, side: str) -> list[str]:
    return b.defenders if side == b.attacker else b.attackers


def _in_line(b: Battle, side: str) -> list[str]:
    """`side`'s pieces still fighting: A8.1 'Un pezzo in rotta non può combattere nella
    battaglia' (AMB-42: it neither fires nor is a target)."""
    return [pid for pid in _own(b, side) if pid not in b.routed]


# B5.2.6 cavalry escape --------------------------------------------------------------------


def _escape_allowed(state: AhdState) -> bool:
    """B5.2.6, AMB-18: the defender has only cavalry and the attacker not only cavalry."""
    b = state.battle
    return (bool(b.defenders) and all(piece(state, pid).arm == CAVALRY for pid in b.defenders)
            and not all(piece(state, pid).arm == CAVALRY for pid in b.attackers))


def _escape_boxes(state: AhdState) -> list[str]:
    """B5.2.6: any adjacent box except enemy recruiting cities, boxes with enemy pieces and
    the boxes the attackers came from (AMB-17); no friendly-box preference; never along the
    Potomac for the CSA (AMB-57); never into Kentucky on turn 1 under O4.1 (AMB-58)."""
    b = state.battle
    side = b.defender
    return [box for box in _neighbours(b.box, side)
            if not is_enemy_recruiting_city(state, box, side)
            and not has_enemy(state, box, side)
            and box not in b.attacker_origins
            and query.enterable(state, box)]


def _enter_escape(state: AhdState) -> str | None:
    b = state.battle
    if _escape_allowed(state) and _escape_boxes(state):
        _ask(state, b.defender)
        return None
    return ROUND


def _choices_escape(state: AhdState) -> list[Choice]:
    out = [Choice(Action("escape", box), f"Escape to {_name(box)} ({_ownership(state, box)})",
                  GROUP) for box in _escape_boxes(state)]
    out.append(Choice(Action("fight", None), "Stand and fight", GROUP))
    return out


def _apply_escape(state: AhdState, action: Action) -> None:
    b = state.battle
    if action.verb == "fight":
        state.log.append(f"Battle of {_name(b.box)}: the {b.defender} cavalry stands and fights")
        _run(state, ROUND)
        return
    dest = str(action.noun)
    ids = list(b.defenders)
    _withdraw(state, ids, dest)
    b.defenders = []
    if coastal.alive(b):
        state.log.append(f"Battle of {_name(b.box)}: the {b.defender} cavalry escapes to "
                         f"{_name(dest)} ({', '.join(ids)}) (B5.2.6); the coastal garrison "
                         f"fights on alone (A5.0)")
        _run(state, ROUND)
        return
    state.log.append(f"Battle of {_name(b.box)}: the {b.defender} cavalry escapes to "
                     f"{_name(dest)} ({', '.join(ids)}); no winner (B5.2.6)")
    # B5.2.6: an escape is no defeat: no winner, no battle promotion
    b.winner = NO_WINNER
    _run(state, AFTER)


# battle rounds -----------------------------------------------------------------------------


def _enter_round(state: AhdState) -> str:
    b = state.battle
    b.round += 1
    b.used_boxes = []
    state.log.append(f"Battle of {_name(b.box)}, round {b.round} (day {day(b.round)})")
    if b.round % 4 == 1:
        _start_day(state)
    # B5.2.4, B5.2.5: reinforcements and retreats only from round 2 on (AMB-13 order)
    return ATTACKER_REINFORCEMENTS if b.round >= 2 else DEFENDER_FIRE


# B5.2.4 reinforcements --------------------------------------------------------------------


def _reinforcements(state: AhdState, side: str) -> list[tuple[str, Piece]]:
    """(box, piece) pairs that may reinforce `side` now (B5.2.4)."""
    b = state.battle
    out: list[tuple[str, Piece]] = []
    if not _own(b, side):
        return out  # B5.2.4: no reinforcing once all one's pieces in the battle are gone
    is_attacker = side == b.attacker
    for box in _neighbours(b.box, side):  # a usable line: no CSA use of the Potomac (AMB-57)
        if box in b.used_boxes:
            continue  # B5.2.4: one piece from each adjacent box per round
        own = pieces_at(state, box, side)
        foes = len(pieces_at(state, box, enemy(side)))
        if is_attacker and foes:
            continue  # B5.2.4: the attacker never from a box that holds enemy pieces
        if not is_attacker and foes and len(own) - 1 < foes:
            continue  # B5.2.4: the defender leaves there at least as many pieces as the enemy
        for p in sorted(own, key=lambda p: p.id):
            if p.retreated:
                continue  # B5.2.4: retreated (or escaped, AMB-18) earlier this turn
            if containment.is_contained(state, p):
                continue  # A4.0: contained pieces leave their port only by a breakout
            if is_attacker and p.fought:
                continue  # B5.2.4: the attacker not with pieces that already fought
            out.append((box, p))
    return out


def _leader_reinforcements(state: AhdState, side: str) -> list[tuple[str, Leader]]:
    """A8.2.1: leaders that may join the battle, alone or beside a piece of their box."""
    if not _own(state.battle, side):
        return []  # B5.2.4: no reinforcing once all one's pieces in the battle are gone
    return leaders.reinforcing(state, state.battle, side)


def _enter_reinforcements(state: AhdState, side: str, next_step: str) -> str | None:
    if _reinforcements(state, side) or _leader_reinforcements(state, side):
        _ask(state, side)
        return None
    return next_step


def _choices_reinforcements(state: AhdState) -> list[Choice]:
    b = state.battle
    side = _side_of_step(b)
    out = [Choice(Action("reinforce", p.id),
                  f"Reinforce from {_name(box)}: {p.id} ({_short(state, p)})", GROUP)
           for box, p in _reinforcements(state, side)]
    out += [Choice(Action("reinforce-leader", ldr.id),
                   f"Reinforce from {_name(box)}: {leaders.tag(ldr)} (leader, A8.2.1)", GROUP)
            for box, ldr in _leader_reinforcements(state, side)]
    out.append(Choice(Action("done", None), "No more reinforcements this round", GROUP))
    return out


def _apply_reinforcements(state: AhdState, action: Action) -> None:
    b = state.battle
    side = _side_of_step(b)
    step = b.step
    if action.verb == "done":
        _run(state, DEFENDER_REINFORCEMENTS if step == ATTACKER_REINFORCEMENTS
             else ATTACKER_RETREAT)
        return
    if action.verb == "reinforce-leader":
        _leader_joins(state, side, str(action.noun))
        _run(state, step)
        return
    p = piece(state, str(action.noun))
    src = p.loc
    # B5.2.3, AMB-16: crossing if every line it could use from there enters across a blue bank
    lines = [link for other, link in adjacent(b.box) if other == src and usable(link, side)]
    p.crossing = bool(lines) and all(b.box in link.props.get("bank", []) for link in lines)
    p.loc = b.box
    p.entrenched = False  # B4.2.5, B5.2.4: a reinforcing piece loses its entrenchment
    p.came_from = src
    p.fought = True
    b.used_boxes.append(src)
    _own(b, side).append(p.id)
    b.participants.append(p.id)  # B5.2.4: reinforcements count as participants (B6.0)
    origins = b.attacker_origins if side == b.attacker else b.defender_origins
    if src not in origins:
        origins.append(src)  # AMB-17: the enemy may not retreat there
    state.log.append(f"Battle of {_name(b.box)}, round {b.round}: {side} reinforces from "
                     f"{_name(src)} with {p.id} ({_short(state, p)})"
                     + (", crossing the river" if p.crossing and side == b.attacker else ""))
    _run(state, step)


# B5.2.5 retreat ---------------------------------------------------------------------------


def _retreat_boxes(state: AhdState, side: str) -> list[str]:
    """B5.2.5: one adjacent box along a usable line, with no enemy pieces, not an enemy
    recruiting city, not a box the enemy's pieces came from (AMB-17); a friendly box if any
    qualifies; never into Kentucky on turn 1 under O4.1 (AMB-58)."""
    b = state.battle
    if b.breakout and side == b.attacker:
        return [b.box]  # A4.0: a failed breakout stays contained in its port
    other_origins = b.defender_origins if side == b.attacker else b.attacker_origins
    boxes = [box for box in _neighbours(b.box, side)
             if not has_enemy(state, box, side)
             and not is_enemy_recruiting_city(state, box, side)
             and box not in other_origins
             and query.enterable(state, box)]
    friendly = [box for box in boxes if query.owner(state, box) == side]
    if not friendly and _naval_retreat(state, side):
        return []  # B5.2.5: a friendly box is at hand, Washington by sea (O3.1)
    return friendly or boxes


def _naval_retreat(state: AhdState, side: str) -> bool:
    """O3.1: 'Se in un porto sudista avviene una battaglia come risultato di un'invasione navale
    o di un attacco Confederato in un presidio nordista, le truppe dell'Unione possono ritirarsi
    raggruppandosi a Washington'. A Southern port is a port printed grey or in a Confederate
    state (AMB-34); Washington must be the Union's and free of enemy pieces (AMB-34); not on
    turn 1 under O4.1, which forbids every Union naval movement."""
    b = state.battle
    if side != UNION or not state.options.naval_retreat or not _own(b, side):
        return False
    if not query.is_southern_port(b.box) or query.first_turn_restricted(state):
        return False
    if not (b.invasion or side == b.defender):
        return False  # a land attack on a Southern port gives no way back by sea
    return (b.box != WASHINGTON and query.owner(state, WASHINGTON) == UNION
            and not has_enemy(state, WASHINGTON, UNION))


def _enter_retreat(state: AhdState, side: str, next_step: str) -> str | None:
    if _own(state.battle, side) and (_retreat_boxes(state, side) or _naval_retreat(state, side)):
        _ask(state, side)
        return None
    return next_step


def _choices_retreat(state: AhdState) -> list[Choice]:
    b = state.battle
    side = _side_of_step(b)
    out = [Choice(Action("retreat", box), _retreat_label(state, box), GROUP)
           for box in _retreat_boxes(state, side)]
    if _naval_retreat(state, side):
        out.append(Choice(Action("retreat-by-sea", WASHINGTON),
                          "Retreat by sea to Washington (O3.1 naval retreat)", GROUP))
    out.append(Choice(Action("stand", None), "Stand and fight", GROUP))
    return out


def _apply_retreat(state: AhdState, action: Action) -> None:
    b = state.battle
    side = _side_of_step(b)
    if action.verb == "stand":
        _run(state, DEFENDER_RETREAT if b.step == ATTACKER_RETREAT else DEFENDER_FIRE)
        return
    dest = str(action.noun)
    ids = list(_own(b, side))
    _withdraw(state, ids, dest)
    _own(b, side).clear()
    if side == b.defender and coastal.alive(b):
        state.log.append(f"Battle of {_name(b.box)}, round {b.round}: {side} retreats to "
                         f"{_name(dest)} ({', '.join(ids)}); the coastal garrison fights on "
                         f"alone (A5.0)")
        _run(state, DEFENDER_FIRE)
        return
    b.winner = enemy(side)  # B5.2.5: the other side wins the battle
    how = " by sea (O3.1)" if action.verb == "retreat-by-sea" else ""
    if b.breakout and dest == b.box:
        how = " (calls off the breakout, A4.0)"
    state.log.append(f"Battle of {_name(b.box)}, round {b.round}: {side} retreats{how} to "
                     f"{_name(dest)} ({', '.join(ids)}); {b.winner} wins")
    _run(state, AFTER)


def _withdraw(state: AhdState, ids: list[str], dest: str) -> None:
    """Move a whole army out of the battle (B5.2.5, B5.2.6); its leaders go with it (AMB-46)."""
    b = state.battle
    for pid in ids:
        p = piece(state, pid)
        p.loc = dest
        p.entrenched = False  # B4.2.5: a retreating piece loses its entrenchment
        p.retreated = True    # B5.2.4, AMB-18: may not reinforce later this turn
    if ids and dest != b.box:
        gone = leaders.withdraw(state, piece(state, ids[0]).side, b.box, dest)
        if gone:
            state.log.append(f"{', '.join(leaders.tag(ldr) for ldr in gone)} "
                             f"{'goes' if len(gone) == 1 else 'go'} with them to {_name(dest)} "
                             f"(A8.2)")


# B5.1 fire ----------------------------------------------------------------------------------


def _open_fire(state: AhdState, side: str, targets_step: str) -> str:
    """Every piece of `side` in the battle fires once (B5.1); they declare in id order, under
    O2.2 cavalry first (docs/ahd-decisions.md)."""
    b = state.battle
    b.shots = []
    b.engaged = []
    able = _able_to_fire(state, side)
    if len(able) > _quota(state, side):
        b.firers = []
        return ATTACKER_FIRERS if side == b.attacker else DEFENDER_FIRERS  # A7.0
    _set_firers(state, side, able)
    return targets_step


def _able_to_fire(state: AhdState, side: str) -> list[str]:
    """The pieces of `side` in the battle that may fire this round (B5.1: every one; A8.1:
    not the routed ones)."""
    return _in_line(state.battle, side)


def _set_firers(state: AhdState, side: str, ids: list[str]) -> None:
    """The pieces that fire, in declaration order: id order, under O2.2 cavalry first; a
    coastal garrison fires first of all (A5.0)."""
    b = state.battle
    b.firers = sorted(ids)
    if _battlefield_targeting(state):
        b.firers.sort(key=lambda pid: piece(state, pid).arm != CAVALRY)
    if side == b.defender and coastal.alive(b):
        b.firers.insert(0, coastal.GARRISON)


def _legal_targets(state: AhdState) -> list[str]:
    """Targets the next firer may declare (B5.1, AMB-15): the distinct targets must number
    min(firers, enemy pieces), so an already-targeted enemy is legal only if the firers still to
    declare after this one can cover every enemy still uncovered that must be covered."""
    b = state.battle
    if _side_of_step(b) == b.attacker and coastal.alive(b):
        return [coastal.GARRISON]  # A5.0: the garrison first, then any other piece
    if _battlefield_targeting(state) and b.firers[0] != coastal.GARRISON:
        return _targets_o2_2(state)
    side = _side_of_step(b)
    foes = sorted(_in_line(b, enemy(side)))  # A8.1, AMB-42: routed pieces are no targets
    total = len(b.firers) + len(b.shots)
    required = min(total, len(foes))
    covered = {target for _, target in b.shots}
    left_after = len(b.firers) - 1
    return [t for t in foes if t not in covered or required - len(covered) <= left_after]


def _enter_targets(state: AhdState, side: str) -> str | None:
    b = state.battle
    foes = _target_pool(b, side)
    # (under O2.2 infantry may not all take one enemy cavalry piece: see _forced_o2_2)
    if b.firers and len(foes) == 1 and (not _battlefield_targeting(state)
                                        or foes[0] == coastal.GARRISON):
        # one possible assignment overall: every firer must shoot at the only enemy piece
        for firer in b.firers:
            b.shots.append([firer, foes[0]])
        b.firers = []
        state.log.append(f"{_tag(b)}: {side} targets (only one possible): "
                         f"{_declared(b)}")
    if _battlefield_targeting(state):
        _forced_o2_2(state, side)
    if b.firers:
        _ask(state, side)
        return None
    return _fire(state, side)


# O2.2 battlefield targeting -------------------------------------------------------------------


def _battlefield_targeting(state: AhdState) -> bool:
    return bool(state.options.battlefield_targeting)


def _targets_o2_2(state: AhdState) -> list[str]:
    """O2.2 (garbled in the seed; read as AMB-31), replacing B5.1's 'every enemy piece must be
    a target'. Cavalry declares first and 'deve sparare alla Cavalleria nemica': while an enemy
    cavalry piece is not yet a target a cavalry firer must take one of those; once every enemy
    cavalry piece is a target it fires freely. Infantry 'non può sparare alla Cavalleria nemica
    che è stata già selezionata': it may take an enemy cavalry piece nobody targets yet, or
    enemy infantry, covering every enemy infantry piece before doubling up on one."""
    b = state.battle
    side = _side_of_step(b)
    firer = piece(state, b.firers[0])
    foes = sorted(_in_line(b, enemy(side)))  # A8.1, AMB-42: routed pieces are no targets
    covered = {target for _, target in b.shots}
    cavalry = [t for t in foes if piece(state, t).arm == CAVALRY]
    infantry = [t for t in foes if piece(state, t).arm != CAVALRY]
    open_cavalry = [t for t in cavalry if t not in covered]
    if firer.arm == CAVALRY:
        return open_cavalry or foes
    open_infantry = [t for t in infantry if t not in covered]
    return sorted(open_cavalry + (open_infantry or infantry))


def _forced_o2_2(state: AhdState, side: str) -> None:
    """O2.2: a firer left with no target it may take holds its fire (infantry facing only
    enemy cavalry already chosen as targets); against a single enemy piece the one possible
    declaration is made at once."""
    b = state.battle
    held: list[str] = []
    forced = False
    while b.firers:
        legal = _legal_targets(state)
        if legal and len(_in_line(b, enemy(side))) > 1:
            break
        firer = b.firers.pop(0)
        if legal:
            b.shots.append([firer, legal[0]])
            forced = True
        else:
            held.append(firer)
    if held:
        state.log.append(f"{_tag(b)}: {', '.join(held)} cannot fire: no target allowed "
                         f"(O2.2 battlefield targeting)")
    if (held or forced) and not b.firers and b.shots:
        state.log.append(f"{_tag(b)}: {side} targets: {_declared(b)}")


def _choices_targets(state: AhdState) -> list[Choice]:
    b = state.battle
    side = _side_of_step(b)
    firer = _unit(state, b.firers[0])
    out = []
    for tid in _legal_targets(state):
        target = _unit(state, tid)
        value = _modified(state, firer, target, side)
        flags = [_kind(target)]
        if target.reduced:
            flags.append("reduced")
        if _entrenched(state, target):
            flags.append("entrenched")
        if target.crossing and tid in b.attackers:
            flags.append("crossing")
        out.append(Choice(Action("target", tid),
                          f"Fire at {tid} — {target.side} {', '.join(flags)} ({_needs(value)})",
                          GROUP))
    return out


def _apply_targets(state: AhdState, action: Action) -> None:
    b = state.battle
    side = _side_of_step(b)
    # B5.1: declared before any die is rolled, and never changed afterwards
    b.shots.append([b.firers.pop(0), str(action.noun)])
    if not b.firers:
        state.log.append(f"{_tag(b)}: {side} targets: {_declared(b)}")
    _run(state, b.step)


def _modified(state: AhdState, firer: Piece, target: Piece, side: str) -> int:
    """The firer's T1 value modified for this target (B5.2, T11)."""
    b = state.battle
    value = firer.value  # B5.1: reduced pieces fire at full value; A5.0 the garrison's shield
    if _entrenched(state, target):
        value -= 1  # B5.2.1; A5.0 the garrison is always entrenched
    if target.arm == INFANTRY and target.grade == CRACK:
        value -= 1  # B5.2.2
    if (side == b.defender and b.round <= 2 and target.crossing
            and target.id in b.attackers):
        value += 1  # B5.2.3: defender's rounds 1-2 against a crossing attacker
    value += leaders.bonus_of(b, firer.id)  # A8.2.2: +1 per leader bonus point this round
    return value


def _hits(die: int, value: int) -> bool:
    """B5.1, T11: a hit when die <= modified value (so >= 6 always hits); <= 0 never hits."""
    return value > 0 and die <= value


def _needs(value: int) -> str:
    if value <= 0:
        return "cannot hit"
    return f"needs {min(value, 6)}"


def _fire(state: AhdState, side: str) -> str:
    """Resolve the declared shots one by one, in declaration order (B5.1), then the end check."""
    b = state.battle
    foes = _enemies(b, side)
    fresh = [pid for pid in foes if not piece(state, pid).reduced]  # A8.1: who may be shaken
    for firer_id, target_id in b.shots:
        firer = _unit(state, firer_id)
        die = dice.d6(state, f"{firer_id} fires at {target_id}", "B5.1")
        if target_id not in _target_pool(b, side):
            # B5.1, TC-6: the target was eliminated earlier in this fire: the shot is wasted
            state.log.append(f"{_tag(b)}: {firer_id} fires at {target_id} "
                             f"(already eliminated): {die} — wasted")
            continue
        target = _unit(state, target_id)
        value = _modified(state, firer, target, side)
        if coastal.GARRISON not in (firer_id, target_id):
            b.regular_combat = True  # A5.0: more than the garrison was fought
        if _hits(die, value) and target_id == coastal.GARRISON:
            outcome = f"hit, garrison {coastal.hit(b)}"  # A5.0: two hits destroy it
        elif _hits(die, value):
            result = hit(state, target)  # B5.1: full -> reduced -> eliminated
            if result == "eliminated":
                foes.remove(target_id)
                _count_training_loss(state, target)
            outcome = f"hit, {result}"
        else:
            outcome = "miss"
        state.log.append(f"{_tag(b)}: {firer_id} fires at {target_id} ({_needs(value)}): "
                         f"{die} — {outcome}")
    b.shots = []
    b.firers = []
    if state.options.morale:
        _morale_tests(state, [pid for pid in fresh if pid in foes and piece(state, pid).reduced])
    return _end_check(state) or (ATTACKER_FIRE if side == b.defender else _round_over(state))


def _count_training_loss(state: AhdState, target: Piece) -> None:
    """O4.3, AMB-33: Confederate veteran or crack infantry eliminated by enemy fire count
    against the CSA training die for the rest of this game turn."""
    if target.side == CSA and target.arm == INFANTRY and target.grade in (VETERAN, CRACK):
        state.csa_infantry_lost += 1


def _end_check(state: AhdState) -> str | None:
    """B5.0: a side with no pieces left loses; both gone: no winner. A8.1: a routed piece 'è
    considerato eliminato quando si dovrà determinare il vincitore della battaglia'."""
    b = state.battle
    attacking = bool(_in_line(b, b.attacker))
    defending = bool(_in_line(b, b.defender)) or coastal.alive(b)  # A5.0: the garrison fights
    if attacking and defending:
        return None
    routed = " or routed (A8.1)" if b.routed else ""
    if not attacking and not defending:
        b.winner = NO_WINNER
        state.log.append(f"Battle of {_name(b.box)}: both armies are destroyed{routed}; no "
                         f"winner")
        return AFTER
    b.winner = b.attacker if attacking else b.defender
    loser = enemy(b.winner)
    why = (f" (the {loser} pieces left are routed, A8.1)"
           if _own(b, loser) and not _in_line(b, loser) else "")
    state.log.append(f"Battle of {_name(b.box)}: {b.winner} wins{why}")
    return AFTER


# A8.1 battlefield morale, A8.1.1 rallying, A8.1.2 desertion -----------------------------------


def _morale_tests(state: AhdState, shaken: list[str]) -> None:
    """A8.1: 'Dopo che il nemico ha sparato durante un round di battaglia, i pezzi che sono
    stati appena colpiti dovranno fare un test sul morale': each piece this fire flipped from
    full strength to reduced (not the eliminated, not those reduced before) rolls 1d6, -1 if
    entrenched (T5, AMB-52); above its morale value (T4) it routs."""
    b = state.battle
    for pid in shaken:
        p = piece(state, pid)
        value = morale.morale_value(p, state.turn)
        modifier = morale.battlefield_modifier(_entrenched(state, p))
        die = dice.d6(state, f"morale test of {pid}", "A8.1")
        routs = morale.fails(die, modifier, value)
        if routs:
            b.routed.append(pid)
        shown = f" {morale.signed(modifier)} entrenched = {die + modifier}" if modifier else ""
        state.log.append(f"{_tag(b)}: {pid} morale test (morale {value}): die {die}{shown} — "
                         f"{'routs (A8.1)' if routs else 'holds'}")


def _round_over(state: AhdState) -> str:
    """A8.1.1: at the end of each day (rounds 4, 8, ...), before the next round, each side may
    rally one routed piece; otherwise straight on to the next round."""
    b = state.battle
    return ATTACKER_RALLY if b.routed and morale.end_of_day(b.round) else ROUND


def _enter_rally(state: AhdState, side: str, next_step: str) -> str | None:
    b = state.battle
    if any(pid in b.routed for pid in _own(b, side)):
        _ask(state, side)
        return None
    return next_step


def _choices_rally(state: AhdState) -> list[Choice]:
    b = state.battle
    side = _side_of_step(b)
    out = [Choice(Action("rally", pid), f"Rally {pid} ({_short(state, piece(state, pid))}): "
                  f"back in the line, still reduced (A8.1.1)", GROUP)
           for pid in sorted(_own(b, side)) if pid in b.routed]
    out.append(Choice(Action("no-rally", None), "Rally nobody", GROUP))
    return out


def _apply_rally(state: AhdState, action: Action) -> None:
    """A8.1.1: 'ogni fronte può recuperare un'unità tra quelle in rotta'."""
    b = state.battle
    if action.verb == "rally":
        pid = str(action.noun)
        b.routed.remove(pid)
        state.log.append(f"{_tag(b)}: end of day {day(b.round)}, {_side_of_step(b)} rallies "
                         f"{pid} (A8.1.1)")
    _run(state, DEFENDER_RALLY if b.step == ATTACKER_RALLY else ROUND)


def _enter_after(state: AhdState) -> str:
    """The battle is decided: A8.1.2 desertion tests (before the winner's promotion, AMB-43),
    then the loser's routed pieces retreat (A8.1, AMB-42), then the battle promotion (B6.0)."""
    if state.options.desertion:
        _desertion(state)
    return ROUT_RETREAT


def _desertion(state: AhdState) -> None:
    """A8.1.2: 'Dopo una battaglia, entrambe i fronti devono testare la diserzione': every
    reduced piece that took part rolls 1d6 against its morale value (T4), +1 if its army has
    just lost the battle (AMB-43: by retreating or being destroyed or routed; nobody after a
    cavalry escape or with no winner), -1 if it is not routed, minus the friendly leaders
    present (A8.2.3). Above the morale value it deserts and is eliminated (militia to the
    pool, AMB-43); it is no battle loss for O4.3 ('le unità ... perse durante una diserzione
    non sono considerate')."""
    b = state.battle
    loser = enemy(b.winner) if b.winner in (b.attacker, b.defender) else ""
    for side in (b.attacker, b.defender):
        led = leaders.desertion_bonus(state, b, side)
        for pid in sorted(pid for pid in b.participants if piece(state, pid).side == side):
            p = piece(state, pid)
            if not (p.on_map and p.reduced):
                continue
            value = morale.morale_value(p, state.turn)
            routed = pid in b.routed
            modifier = morale.desertion_modifier(side == loser, routed, led)
            die = dice.d6(state, f"desertion test of {pid}", "A8.1.2")
            deserts = morale.fails(die, modifier, value)
            parts = [f"{morale.signed(n)} {why}" for n, why in (
                (1 if side == loser else 0, "lost"), (0 if routed else -1, "not routed"),
                (-led, "leaders")) if n]
            shown = f" {' '.join(parts)} = {die + modifier}" if parts else ""
            state.log.append(f"Battle of {_name(b.box)}: desertion test of {pid} (morale "
                             f"{value}): die {die}{shown} — "
                             f"{'deserts, eliminated (A8.1.2)' if deserts else 'stays'}")
            if deserts:
                _desert(state, p)


def _desert(state: AhdState, p: Piece) -> None:
    b = state.battle
    for ids in (b.attackers, b.defenders, b.routed):
        if p.id in ids:
            ids.remove(p.id)
    remove_from_play(p)  # AMB-43: an ordinary elimination, militia to the pool


def _withdrawing(state: AhdState) -> str | None:
    """A8.1, AMB-42: the side, not the winner, whose pieces left in the battle box are all
    routed: they must retreat (with no winner, both sides', attacker first)."""
    b = state.battle
    for side in (b.attacker, b.defender):
        own = _own(b, side)
        if side != b.winner and own and not _in_line(b, side):
            return side
    return None


def _rout_options(state: AhdState, side: str) -> list[Action]:
    """Where routed pieces may retreat: as in B5.2.5 (O3.1 by sea included)."""
    out = [Action("retreat", box) for box in _retreat_boxes(state, side)]
    if _naval_retreat(state, side):
        out.append(Action("retreat-by-sea", WASHINGTON))
    return out


def _enter_rout_retreat(state: AhdState) -> str | None:
    """AMB-42: 'the loser's surviving routed pieces retreat as in B5.2.5 (one eligible
    adjacent box; destroyed if there is none)'; the winner's routed pieces stay. Then the
    battle promotion (B6.0)."""
    b = state.battle
    side = _withdrawing(state)
    if side is None:
        b.routed = []  # the battle is over: the winner's routed pieces simply stay
        return PROMOTION
    options = _rout_options(state, side)
    if len(options) > 1:
        _ask(state, side)
        return None
    if options:
        _rout_withdraw(state, side, str(options[0].noun))
    else:
        _rout_destroyed(state, side)
    return ROUT_RETREAT


def _choices_rout_retreat(state: AhdState) -> list[Choice]:
    side = _withdrawing(state)
    assert side is not None
    return [Choice(action, ("Retreat by sea to Washington (O3.1 naval retreat)"
                            if action.verb == "retreat-by-sea"
                            else _retreat_label(state, str(action.noun))), GROUP)
            for action in _rout_options(state, side)]


def _apply_rout_retreat(state: AhdState, action: Action) -> None:
    side = _withdrawing(state)
    assert side is not None
    _rout_withdraw(state, side, str(action.noun))
    _run(state, ROUT_RETREAT)


def _rout_withdraw(state: AhdState, side: str, dest: str) -> None:
    b = state.battle
    ids = list(_own(b, side))
    if dest == b.box:  # A4.0: a failed breakout stays contained in its port
        state.log.append(f"Battle of {_name(b.box)}: the routed {side} pieces "
                         f"({', '.join(ids)}) stay contained (A8.1, A4.0)")
    else:
        state.log.append(f"Battle of {_name(b.box)}: the routed {side} pieces "
                         f"({', '.join(ids)}) retreat to {_name(dest)} (A8.1)")
        _withdraw(state, ids, dest)
    _own(b, side).clear()


def _rout_destroyed(state: AhdState, side: str) -> None:
    b = state.battle
    ids = list(_own(b, side))
    for pid in ids:
        p = piece(state, pid)
        remove_from_play(p)
        _count_training_loss(state, p)  # O4.3: lost in battle
    state.log.append(f"Battle of {_name(b.box)}: the routed {side} pieces ({', '.join(ids)}) "
                     f"cannot retreat and are destroyed (A8.1)")
    _own(b, side).clear()


# A7.0 battle days and command values ---------------------------------------------------------


def _start_day(state: AhdState) -> None:
    """A7.0: 'Il comando è determinato all'inizio di ogni giorno di battaglia': each side rolls
    1d6 on the Command Table (T2), column of the current year; from day 2 half the previous
    day's value, rounded up, is added (TC-18). Attacker first, then defender."""
    b = state.battle
    if not state.options.battle_days:
        return
    when = year(state.turn)
    for side in (b.attacker, b.defender):
        die = dice.d6(state, f"{side} command, day {day(b.round)}", "A7.0")
        table = table_value(when, die, side)
        previous = b.command.get(side, 0)
        led = leaders.command_bonus(state, b, side)  # A8.2.2: the leaders present
        b.command_die[side] = die
        b.command_carried[side] = carried_over(previous)
        b.command_leaders[side] = led
        b.command[side] = day_value(table, previous, led)
        carried = f" + {b.command_carried[side]} carried" if previous else ""
        carried += f" + {led} leaders (A8.2.2)" if led else ""
        state.log.append(f"{_tag(b)}: day {day(b.round)}, {side} Command Table die {die} "
                         f"({when}): {table}{carried} = command {b.command[side]} (A7.0)")


def _quota(state: AhdState, side: str) -> int:
    """How many of `side`'s pieces fire this round: all of them, or under A7.0 at most the
    day's command value (the coastal garrison, not a piece, is not counted)."""
    b = state.battle
    own = len(_able_to_fire(state, side))
    if not state.options.battle_days:
        return own
    return min(own, b.command[side])


def _choices_firers(state: AhdState) -> list[Choice]:
    """A7.0, AMB-40: the owner picks which of his pieces are engaged this round."""
    b = state.battle
    side = _side_of_step(b)
    return [Choice(Action("engage", pid), f"Engage {pid} ({_short(state, piece(state, pid))}"
                   f"{_bonus_note(b, pid)}): it fires this round", GROUP)
            for pid in sorted(_able_to_fire(state, side)) if pid not in b.engaged]


def _bonus_note(b: Battle, pid: str) -> str:
    """', leader bonus +2' when the piece has leader bonus points this round (A8.2.2)."""
    bonus = leaders.bonus_of(b, pid)
    return f", leader bonus +{bonus}" if bonus else ""


# A8.2.2 leaders in battle -------------------------------------------------------------------


def _leader_joins(state: AhdState, side: str, lid: str) -> None:
    """A8.2.1 a leader reinforces the battle; A8.2.2 'I leader che rinforzano una battaglia
    possono aggiungere i loro effetti già dal momento in cui arrivano sul posto': its value
    joins this day's command value at once (A7.0, still at most 8) and it allots its bonus
    from this round."""
    b = state.battle
    src = leaders.leader(state, lid).loc
    ldr = leaders.join(state, b, lid)
    extra = ""
    if side in b.command:
        b.command_leaders[side] = b.command_leaders.get(side, 0) + ldr.value
        b.command[side] = min(MAX_ENGAGED, b.command[side] + ldr.value)
        extra = f"; {side} command {b.command[side]} (A7.0)"
    state.log.append(f"Battle of {_name(b.box)}, round {b.round}: {side} reinforces from "
                     f"{_name(src)} with {leaders.tag(ldr)} (leader, A8.2.1){extra}")


def _enter_defender_fire(state: AhdState) -> str | None:
    """Before the defender's fire opens the round's fire: first, once a round, the leaders'
    bonus (A8.2.2), attacker's leaders first."""
    b = state.battle
    if b.bonus_round != b.round:
        b.bonus_round = b.round
        b.leader_bonus = {}
        b.allotting = [ldr.id for side in (b.attacker, b.defender)
                       for ldr in leaders.in_battle(state, b, side)]
        if b.allotting:
            return LEADER_BONUS
    return _open_fire(state, b.defender, DEFENDER_TARGETS)


def _enter_leader_bonus(state: AhdState) -> str | None:
    """A8.2.2: 'I vantaggi che ogni leader può offrire ai pezzi amici che stanno sparando in un
    round di battaglia deve essere annunciato prima che qualunque unità abbia sparato': each
    leader present gives its value, one point at a time, to pieces of its side able to fire
    (whole to one piece, or split among two, Lee three). A point on a piece that does not fire
    after all (eliminated or routed first, or not engaged under A7.0) is lost. With one piece
    to take them the points go there at once."""
    b = state.battle
    while b.allotting:
        ldr = leaders.leader(state, b.allotting[0])
        able = _able_to_fire(state, ldr.side)
        left = leaders.points_left(b, ldr)
        if left > 0 and able:
            options = leaders.recipients(b, ldr, able)
            if len(options) > 1:
                _ask(state, ldr.side)
                return None
            b.leader_bonus.setdefault(ldr.id, []).extend(options * left)
            continue
        b.allotting.pop(0)
        state.log.append(f"{_tag(b)}: {leaders.tag(ldr)}'s bonus (A8.2.2): "
                         f"{leaders.allotment(b, ldr.id)}")
    return DEFENDER_FIRE


def _choices_leader_bonus(state: AhdState) -> list[Choice]:
    b = state.battle
    ldr = leaders.leader(state, b.allotting[0])
    left = leaders.points_left(b, ldr)
    return [Choice(Action("bonus", pid),
                   f"{leaders.tag(ldr)}: +1 to {pid} ({_short(state, piece(state, pid))}"
                   f"{_bonus_note(b, pid)}) — {left} point{'s' if left > 1 else ''} to allot",
                   GROUP)
            for pid in leaders.recipients(b, ldr, _able_to_fire(state, ldr.side))]


def _apply_leader_bonus(state: AhdState, action: Action) -> None:
    b = state.battle
    b.leader_bonus.setdefault(b.allotting[0], []).append(str(action.noun))
    _run(state, LEADER_BONUS)


def _apply_firers(state: AhdState, action: Action) -> None:
    b = state.battle
    side = _side_of_step(b)
    b.engaged.append(str(action.noun))
    if len(b.engaged) < _quota(state, side):
        _run(state, b.step)
        return
    idle = sorted(pid for pid in _able_to_fire(state, side) if pid not in b.engaged)
    state.log.append(f"{_tag(b)}: {side} engages {', '.join(sorted(b.engaged))} (command "
                     f"{b.command[side]}); not firing: {', '.join(idle)} (A7.0)")
    _set_firers(state, side, b.engaged)
    _run(state, ATTACKER_TARGETS if side == b.attacker else DEFENDER_TARGETS)


# B6.0 battle promotion ----------------------------------------------------------------------


def _promotable(state: AhdState) -> list[Piece]:
    """B6.0, AMB-20: surviving pieces of the winner that took part in the battle."""
    b = state.battle
    if b.winner not in (b.attacker, b.defender):
        return []
    if b.winner == b.attacker and b.garrison and not b.regular_combat:
        return []  # A5.0: no promotion for defeating only a coastal garrison
    survivors = _own(b, b.winner)
    return [piece(state, pid) for pid in sorted(survivors)
            if pid in b.participants and can_promote(state, piece(state, pid))]


def _enter_promotion(state: AhdState) -> str | None:
    if _promotable(state):
        _ask(state, state.battle.winner)
        return None
    return OVER


def _choices_promotion(state: AhdState) -> list[Choice]:
    out = []
    for p in _promotable(state):
        better = "veteran" if p.grade == "militia" else "crack"
        arm = "infantry" if p.arm == INFANTRY else "cavalry"
        out.append(Choice(Action("promote", p.id),
                          f"Promote {p.id} ({_short(state, p)}) to {better} {arm}", GROUP))
    out.append(Choice(Action("no-promotion", None), "No promotion", GROUP))
    return out


def _apply_promotion(state: AhdState, action: Action) -> None:
    b = state.battle
    if action.verb == "promote":
        old = piece(state, str(action.noun))
        new = promote(state, old)  # B6.0: militia counter to the pool, veteran to the supply
        for ids in (b.attackers, b.defenders, b.participants):
            if old.id in ids:
                ids[ids.index(old.id)] = new.id
        state.log.append(f"Battle of {_name(b.box)}: {b.winner} promotes {old.id} to "
                         f"{describe(new)}")
    _run(state, OVER)


def _enter_over(state: AhdState) -> None:
    b = state.battle
    b.firers = []
    b.shots = []
    leaders.sweep(state)  # A8.2.2: a leader left alone with the enemy is removed
    state.active = [b.attacker]  # the battle segment goes on in the active player's turn
    return None


# --- helpers ---------------------------------------------------------------------------------


def _neighbours(box: str, side: str) -> list[str]:
    return query.neighbours(box, side)


def _name(box: str) -> str:
    loc = query.board().locations.get(box)
    return getattr(loc, "name", None) or box


def _ownership(state: AhdState, box: str) -> str:
    who = query.owner(state, box)
    if who is None:
        return "neutral"
    return "friendly" if state.battle and who == _side_of_step(state.battle) else "enemy"


def _short(state: AhdState, p: Piece) -> str:
    text = NAME[(p.arm, p.grade)]
    if p.reduced:
        text += ", reduced"
    if is_entrenched(state, p):
        text += ", entrenched"
    return text


def _led(state: AhdState, side: str) -> str:
    """', led by Lee 3' when leaders of `side` are present (A8.2)."""
    here = leaders.in_battle(state, state.battle, side)
    return f", led by {', '.join(leaders.tag(ldr) for ldr in here)}" if here else ""


def _list(state: AhdState, ids: list[str]) -> str:
    return ", ".join(f"{pid} ({NAME[(piece(state, pid).arm, piece(state, pid).grade)]})"
                     for pid in ids)


def _unit(state: AhdState, uid: str) -> Piece | coastal.Garrison:
    """A piece of the battle, or the coastal garrison (A5.0)."""
    if uid == coastal.GARRISON:
        return coastal.combatant(state.battle)
    return piece(state, uid)


def _kind(unit: Piece | coastal.Garrison) -> str:
    if isinstance(unit, coastal.Garrison):
        return f"coastal garrison {unit.value}"
    return NAME[(unit.arm, unit.grade)]


def _entrenched(state: AhdState, unit: Piece | coastal.Garrison) -> bool:
    """B4.2.5 entrenchment as it counts in this battle: in a containment battle the attacker
    has left its entrenchment, a permanent one included (A4.0)."""
    b = state.battle
    if b is not None and b.containment and unit.id in b.attackers:
        return False
    return is_entrenched(state, unit)


def _target_pool(b: Battle, side: str) -> list[str]:
    """What `side` may fire at now: the enemy pieces, or only the garrison while it stands
    (A5.0: 'deve per prima cosa distruggere il presidio')."""
    if side == b.attacker and coastal.alive(b):
        return [coastal.GARRISON]
    return _in_line(b, enemy(side))  # A8.1, AMB-42: routed pieces cannot be targeted


def _retreat_label(state: AhdState, box: str) -> str:
    b = state.battle
    if b.breakout and box == b.box:
        return f"Call off the breakout: stay contained in {_name(box)} (the Confederates win)"
    return f"Retreat to {_name(box)} ({_ownership(state, box)})"


def _tag(b: Battle) -> str:
    return f"{_name(b.box)} r{b.round}"


def _declared(b: Battle) -> str:
    return ", ".join(f"{f} → {t}" for f, t in b.shots)


_ENTER: dict[str, Callable[[AhdState], str | None]] = {
    ESCAPE: _enter_escape,
    ROUND: _enter_round,
    ATTACKER_REINFORCEMENTS: lambda s: _enter_reinforcements(s, s.battle.attacker,
                                                             DEFENDER_REINFORCEMENTS),
    DEFENDER_REINFORCEMENTS: lambda s: _enter_reinforcements(s, s.battle.defender,
                                                             ATTACKER_RETREAT),
    ATTACKER_RETREAT: lambda s: _enter_retreat(s, s.battle.attacker, DEFENDER_RETREAT),
    DEFENDER_RETREAT: lambda s: _enter_retreat(s, s.battle.defender, DEFENDER_FIRE),
    DEFENDER_FIRE: _enter_defender_fire,
    LEADER_BONUS: _enter_leader_bonus,
    DEFENDER_FIRERS: lambda s: _ask(s, s.battle.defender),
    DEFENDER_TARGETS: lambda s: _enter_targets(s, s.battle.defender),
    ATTACKER_FIRE: lambda s: _open_fire(s, s.battle.attacker, ATTACKER_TARGETS),
    ATTACKER_FIRERS: lambda s: _ask(s, s.battle.attacker),
    ATTACKER_TARGETS: lambda s: _enter_targets(s, s.battle.attacker),
    ATTACKER_RALLY: lambda s: _enter_rally(s, s.battle.attacker, DEFENDER_RALLY),
    DEFENDER_RALLY: lambda s: _enter_rally(s, s.battle.defender, ROUND),
    AFTER: _enter_after,
    ROUT_RETREAT: _enter_rout_retreat,
    PROMOTION: _enter_promotion,
    OVER: _enter_over,
}

_CHOICES: dict[str, Callable[[AhdState], list[Choice]]] = {
    ESCAPE: _choices_escape,
    ATTACKER_REINFORCEMENTS: _choices_reinforcements,
    DEFENDER_REINFORCEMENTS: _choices_reinforcements,
    ATTACKER_RETREAT: _choices_retreat,
    DEFENDER_RETREAT: _choices_retreat,
    DEFENDER_TARGETS: _choices_targets,
    ATTACKER_TARGETS: _choices_targets,
    DEFENDER_FIRERS: _choices_firers,
    ATTACKER_FIRERS: _choices_firers,
    ATTACKER_RALLY: _choices_rally,
    DEFENDER_RALLY: _choices_rally,
    LEADER_BONUS: _choices_leader_bonus,
    ROUT_RETREAT: _choices_rout_retreat,
    PROMOTION: _choices_promotion,
}

_APPLY: dict[str, Callable[[AhdState, Action], None]] = {
    ESCAPE: _apply_escape,
    ATTACKER_REINFORCEMENTS: _apply_reinforcements,
    DEFENDER_REINFORCEMENTS: _apply_reinforcements,
    ATTACKER_RETREAT: _apply_retreat,
    DEFENDER_RETREAT: _apply_retreat,
    DEFENDER_TARGETS: _apply_targets,
    ATTACKER_TARGETS: _apply_targets,
    DEFENDER_FIRERS: _apply_firers,
    ATTACKER_FIRERS: _apply_firers,
    ATTACKER_RALLY: _apply_rally,
    DEFENDER_RALLY: _apply_rally,
    LEADER_BONUS: _apply_leader_bonus,
    ROUT_RETREAT: _apply_rout_retreat,
    PROMOTION: _apply_promotion,
}
