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
    promotion                  the winner may promote one participant (B6.0)
    over                       finished: `winner` is a side or "none"

and the automatic ones are `round` (start of a battle round), `defender-fire` and
`attacker-fire` (open a fire: who will shoot), whose shots are resolved as soon as the last target
is declared. Order inside a round from round 2: AMB-13.

Advanced rules fought here: A4.0 containment battles (`containment`, `breakout`: the attacker
leaves its entrenchment, nobody crosses, a breakout's "retreat" calls it off and stays in the
port), A5.0 the coastal garrison of an invaded port (core/ahd/coastal.py), A7.0 battle days and
command values (core/ahd/command.py).
"""
from __future__ import annotations

from typing import Callable

from core import rng
from core.ahd import coastal, containment, query
from core.ahd.calendar import year
from core.ahd.command import carried_over, day_value, table_value
from core.ahd.pieces import can_promote, describe, hit, piece, promote
from core.ahd.query import (adjacent, enemy, has_enemy, is_enemy_recruiting_city, is_entrenched,
                            pieces_at, usable)
from core.ahd.state import (CAVALRY, CRACK, CSA, INFANTRY, NAME, UNION, VETERAN, AhdState,
                            Battle, Piece)
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
PROMOTION = "promotion"
OVER = "over"

NO_WINNER = "none"


def roll_die(state: AhdState) -> int:
    """One d6 for one shot (B5.1). Module level so that tests can script the dice."""
    return rng.roll(state)


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
                          containment=box in state.contained)
    for pid in attackers + defenders:
        piece(state, pid).fought = True  # B5.2.4: "pieces that have already fought a battle"
    if state.battle.containment:
        _leave_entrenchment(state, attackers)
    defence = _list(state, defenders)
    if garrison:
        defence = ", ".join(filter(None, (defence, f"the coastal garrison ({garrison}, A5.0)")))
    state.log.append(f"Battle of {_name(box)}: {attacker} attacks with {_list(state, attackers)}; "
                     f"{defender} defends with {defence}")
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


def act(state: AhdState, role: str, action: Action) -> None:
    """Apply one action of `role`, then run the battle up to the next question or its end."""
    b = state.battle
    if b is None or b.step == OVER:
        raise IllegalAction("there is no battle to fight now")
    if not state.active or role != state.active[0]:
        raise IllegalAction(f"it is not {role}'s decision in the battle of {_name(b.box)}")
    if not any(c.action == action for c in choices(state)):
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
    _run(state, OVER)


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


def _enter_reinforcements(state: AhdState, side: str, next_step: str) -> str | None:
    if _reinforcements(state, side):
        _ask(state, side)
        return None
    return next_step


def _choices_reinforcements(state: AhdState) -> list[Choice]:
    b = state.battle
    side = _side_of_step(b)
    out = [Choice(Action("reinforce", p.id),
                  f"Reinforce from {_name(box)}: {p.id} ({_short(state, p)})", GROUP)
           for box, p in _reinforcements(state, side)]
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
    if side != UNION or not state.options.get("naval_retreat") or not _own(b, side):
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
    _run(state, PROMOTION)


def _withdraw(state: AhdState, ids: list[str], dest: str) -> None:
    """Move a whole army out of the battle (B5.2.5, B5.2.6)."""
    for pid in ids:
        p = piece(state, pid)
        p.loc = dest
        p.entrenched = False  # B4.2.5: a retreating piece loses its entrenchment
        p.retreated = True    # B5.2.4, AMB-18: may not reinforce later this turn


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
    """The pieces of `side` in the battle that may fire this round (B5.1: every one)."""
    return list(_own(state.battle, side))


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
    foes = sorted(_enemies(b, side))
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
    return bool(state.options.get("battlefield_targeting"))


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
    foes = sorted(_enemies(b, side))
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
        if legal and len(_enemies(b, side)) > 1:
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
    for firer_id, target_id in b.shots:
        firer = _unit(state, firer_id)
        die = roll_die(state)
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
    return _end_check(state) or (ATTACKER_FIRE if side == b.defender else ROUND)


def _count_training_loss(state: AhdState, target: Piece) -> None:
    """O4.3, AMB-33: Confederate veteran or crack infantry eliminated by enemy fire count
    against the CSA training die for the rest of this game turn."""
    if target.side == CSA and target.arm == INFANTRY and target.grade in (VETERAN, CRACK):
        state.csa_infantry_lost += 1


def _end_check(state: AhdState) -> str | None:
    """B5.0: a side with no pieces left loses; both gone: no winner."""
    b = state.battle
    defending = bool(b.defenders) or coastal.alive(b)  # A5.0: the garrison fights on alone
    if b.attackers and defending:
        return None
    if not b.attackers and not defending:
        b.winner = NO_WINNER
        state.log.append(f"Battle of {_name(b.box)}: both armies are destroyed; no winner")
        return OVER
    b.winner = b.attacker if b.attackers else b.defender
    state.log.append(f"Battle of {_name(b.box)}: {b.winner} wins")
    return PROMOTION


# A7.0 battle days and command values ---------------------------------------------------------


def _start_day(state: AhdState) -> None:
    """A7.0: 'Il comando è determinato all'inizio di ogni giorno di battaglia': each side rolls
    1d6 on the Command Table (T2), column of the current year; from day 2 half the previous
    day's value, rounded up, is added (TC-18). Attacker first, then defender."""
    b = state.battle
    if not state.options.get("battle_days"):
        return
    when = year(state.turn)
    for side in (b.attacker, b.defender):
        die = roll_die(state)
        table = table_value(when, die, side)
        previous = b.command.get(side, 0)
        b.command_die[side] = die
        b.command_table[side] = table
        b.command_carried[side] = carried_over(previous)
        b.command[side] = day_value(table, previous)
        carried = f" + {b.command_carried[side]} carried" if previous else ""
        state.log.append(f"{_tag(b)}: day {day(b.round)}, {side} Command Table die {die} "
                         f"({when}): {table}{carried} = command {b.command[side]} (A7.0)")


def _quota(state: AhdState, side: str) -> int:
    """How many of `side`'s pieces fire this round: all of them, or under A7.0 at most the
    day's command value (the coastal garrison, not a piece, is not counted)."""
    b = state.battle
    own = len(_able_to_fire(state, side))
    if not state.options.get("battle_days"):
        return own
    return min(own, b.command[side])


def _choices_firers(state: AhdState) -> list[Choice]:
    """A7.0, AMB-40: the owner picks which of his pieces are engaged this round."""
    b = state.battle
    side = _side_of_step(b)
    return [Choice(Action("engage", pid), f"Engage {pid} ({_short(state, piece(state, pid))}): "
                   f"it fires this round", GROUP)
            for pid in sorted(_able_to_fire(state, side)) if pid not in b.engaged]


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
    return _enemies(b, side)


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
    DEFENDER_FIRE: lambda s: _open_fire(s, s.battle.defender, DEFENDER_TARGETS),
    DEFENDER_FIRERS: lambda s: _ask(s, s.battle.defender),
    DEFENDER_TARGETS: lambda s: _enter_targets(s, s.battle.defender),
    ATTACKER_FIRE: lambda s: _open_fire(s, s.battle.attacker, ATTACKER_TARGETS),
    ATTACKER_FIRERS: lambda s: _ask(s, s.battle.attacker),
    ATTACKER_TARGETS: lambda s: _enter_targets(s, s.battle.attacker),
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
    PROMOTION: _apply_promotion,
}
