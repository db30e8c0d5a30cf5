"""The sequence of play (B3.0): game turns, player turns and their four segments.

Each player turn runs Movement -> Battle -> Promotion -> Recruiting, then captures, MAS and
victory (B9.0, B7.0, B11.0). `choices(state)` lists what the active role may do at the current
stop; `act(state, role, action)` applies one choice and `advance` runs on to the next stop.

Phases (state.phase):
  movement   choose a march origin, a naval move, the invasion, or end movement     (B4.0)
  march      inside a march from state.march_from: pick a piece, entrench, end march
  march-to   a piece is picked (state.selected): choose its destination
  route      its destination holds enemy pieces and can be entered from several boxes:
             choose the entry box (B5.2.3, B5.2.5)
  sail-to    a piece is picked for a naval move: choose the port                      (B4.2.3)
  invasion   the invasion target is chosen: ship pieces from Washington               (B4.2.4)
  battles    several battles wait: the attacker chooses the next one                  (B5.0)
  battle     a battle is being fought (core/ahd/battle.py)
  promotion  the active player may promote one piece                                  (B6.0)
  recruit    the active player places recruited militia                               (B7.0)
  over       the game has ended (state.result)
"""
from __future__ import annotations

from core import rng
from core.ahd import battle, movement
from core.ahd import query as q
from core.ahd.calendar import ENLISTMENT_TURNS, label
from core.ahd.pieces import NEXT_GRADE, clear_turn_marks, describe, piece, promote
from core.ahd.state import (ASIDE, CAVALRY, CSA, INFANTRY, MILITIA, NAME, POOL, UNION, Piece,
                            AhdState)
from core.engine import Action, Choice, IllegalAction, check_legal
from maps.a_house_divided import UNION_VICTORY_CITIES

WASHINGTON = "washington"


def die_to_count(die: int) -> int:
    """Movement and recruiting dice: a 1 counts as 2 (B4.0, B7.0)."""
    return 2 if die == 1 else die


def log(state: AhdState, text: str) -> None:
    state.log.append(text)


def name(box: str) -> str:
    return q.board().locations[box].name


# --- turn structure -------------------------------------------------------------------------


def start_game_turn(state: AhdState) -> None:
    """Turn start: enlistment (B8.0), then the Union player turn (B3.0)."""
    log(state, f"== {label(state.turn)} (turn {state.turn}) ==")
    if state.turn in ENLISTMENT_TURNS:
        enlisted = [p for p in state.pieces
                    if p.loc == ASIDE and p.side == UNION and p.arm == INFANTRY][:4]
        for p in enlisted:
            p.loc = POOL
        log(state, f"Enlistment: {len(enlisted)} Union militia infantry join the pool (B8.0).")
    start_player_turn(state, UNION)


def start_player_turn(state: AhdState, side: str) -> None:
    state.player = side
    state.active = [side]
    for p in state.pieces:
        clear_turn_marks(p)
    log(state, f"-- {side} player turn --")
    start_movement(state)


def start_movement(state: AhdState) -> None:
    """B4.0 march allowance; B4.1 exactly 2 marches on the campaign's first turn."""
    state.phase = "movement"
    state.invasion = False
    state.invasion_target = ""
    if state.turn == 1 and state.start_turn == 1:
        state.move_die = 0
        state.marches_left = 2
        log(state, f"{state.player}: first turn, 2 marches without a roll (B4.1).")
        return
    state.move_die = rng.roll(state)
    state.marches_left = die_to_count(state.move_die)
    state.invasion = state.player == UNION and state.move_die == 6  # B4.2.4
    extra = " — a naval invasion is allowed" if state.invasion else ""
    log(state, f"{state.player} movement die {state.move_die}: "
               f"{state.marches_left} marches{extra}.")


def end_movement(state: AhdState) -> None:
    state.phase = "battles"
    state.invasion = False
    log(state, f"{state.player} ends movement.")
    next_battle(state)


def pending_battles(state: AhdState) -> list[str]:
    """Boxes holding pieces of both sides (B5.0)."""
    return sorted(q.occupied(state, UNION) & q.occupied(state, CSA))


def next_battle(state: AhdState) -> None:
    """Fight the waiting battles in the attacker's order (B5.0), then recover (B5.2.7)."""
    state.phase = "battles"
    state.active = [state.player]
    waiting = pending_battles(state)
    if len(waiting) == 1:
        begin_battle(state, waiting[0])
    elif not waiting:
        recover(state)
        start_promotion(state)


def begin_battle(state: AhdState, box: str) -> None:
    state.phase = "battle"
    battle.begin(state, box)
    after_battle_step(state)


def after_battle_step(state: AhdState) -> None:
    if state.battle is not None and state.battle.step == "over":
        state.battle = None
        next_battle(state)


def recover(state: AhdState) -> None:
    """B5.2.7: after the whole battle segment every reduced piece returns to full strength."""
    reduced = [p for p in state.pieces if p.reduced and p.on_map]
    for p in reduced:
        p.reduced = False
    if reduced:
        log(state, f"Recovery: {len(reduced)} reduced pieces return to full strength (B5.2.7).")


def promotable(state: AhdState) -> list:
    """The player's pieces on the map with a free counter of the next quality (B6.0)."""
    free = {(p.arm, p.grade) for p in state.pieces if p.loc == "supply" and p.side == state.player}
    return [p for p in q.pieces_of(state, state.player)
            if (p.arm, NEXT_GRADE.get(p.grade)) in free]


def start_promotion(state: AhdState) -> None:
    """B6.0: after the battle segment the active player may promote one piece."""
    state.phase = "promotion"
    state.active = [state.player]
    if not promotable(state):
        log(state, f"{state.player}: no piece can be promoted.")
        start_recruiting(state)


def recruit_cities(state: AhdState) -> list[str]:
    """Owned boxes with a shield of the player's colour, no enemy pieces, not used yet (B7.0)."""
    side = state.player
    occ = q.Occupancy(state)
    return [box for box, who in state.owner.items()
            if who == side and q.shield(box, side) > 0 and box not in state.recruited_in
            and not occ.enemy(box, side)]


def room(state: AhdState) -> int:
    """How many more pieces the player may put in play under MAS (B7.0)."""
    return q.mas(state, state.player) - q.in_play(state, state.player)


def start_recruiting(state: AhdState) -> None:
    """B7.0: roll for the number of militia (1 counts as 2), place them one per city."""
    state.phase = "recruit"
    state.active = [state.player]
    state.recruited_in = []
    side = state.player
    if not q.pool(state, side):
        log(state, f"{side}: the pool is empty, no recruiting.")
        return end_player_turn(state)
    if room(state) <= 0:
        log(state, f"{side}: at Maximum Army Size ({q.mas(state, side)}), no recruiting (B7.0).")
        return end_player_turn(state)
    if not recruit_cities(state):
        log(state, f"{side}: no recruiting city available.")
        return end_player_turn(state)
    state.recruit_die = rng.roll(state)
    state.recruits_left = die_to_count(state.recruit_die)
    log(state, f"{side} recruiting die {state.recruit_die}: up to {state.recruits_left} militia.")
    check_recruiting_done(state)


def check_recruiting_done(state: AhdState) -> None:
    if not recruit_choices(state)[:-1]:  # only "end recruiting" is left
        end_player_turn(state)


def end_player_turn(state: AhdState) -> None:
    """B9.0 captures, then victory checks (B11.0, B12.0), then the next player turn."""
    capture(state)
    if check_victory(state):
        return
    if state.player == UNION:
        start_player_turn(state, CSA)
        return
    # B10.0: the turn marker advances at the end of the Confederate player turn.
    if state.turn >= state.last_turn:
        end_of_game(state)
        return
    state.turn += 1
    start_game_turn(state)


# --- capture, MAS and victory ---------------------------------------------------------------


def capture(state: AhdState) -> None:
    """B9.0: at the end of his player turn a player captures every box where he has a piece;
    a box taken by cavalry alone is held only while occupied, unless infantry joins it."""
    side = state.player
    other = q.enemy(side)
    here: dict[str, list] = {}
    for p in q.pieces_of(state, side):
        here.setdefault(p.loc, []).append(p)
    enemy_boxes = q.occupied(state, other)
    for box, mine in sorted(here.items()):
        if box in enemy_boxes:
            continue  # pieces of both sides: no change of owner (AMB-21)
        cavalry_only = not q.has_infantry(mine)
        if state.owner.get(box) != side:
            state.owner[box] = side
            if box in state.cavalry_held:
                state.cavalry_held.remove(box)
            if cavalry_only:
                state.cavalry_held.append(box)
            how = " by cavalry alone (held while occupied)" if cavalry_only else ""
            log(state, f"{side} captures {name(box)}{how}.")
        elif box in state.cavalry_held and not cavalry_only:
            state.cavalry_held.remove(box)  # infantry made the control permanent
    for box in list(state.cavalry_held):
        if state.owner.get(box) == side and box not in here:
            state.cavalry_held.remove(box)
            revert(state, box)


def revert(state: AhdState, box: str) -> None:
    """Cavalry-only control lapses: the box returns to its printed owner (B9.0, AMB-21)."""
    printed = q.printed_owner(box)
    if printed is None:
        state.owner.pop(box, None)
        log(state, f"{name(box)} returns to neutral: the cavalry has left.")
    else:
        state.owner[box] = printed
        log(state, f"{name(box)} returns to the {printed}: the cavalry has left.")


def finish(state: AhdState, result: str) -> None:
    state.result = result
    state.phase = "over"
    state.active = []
    state.battle = None
    log(state, f"GAME OVER — {result}")


def check_victory(state: AhdState) -> bool:
    """B11.0 sudden death, checked at the end of each player turn, after captures."""
    if state.player == UNION and all(state.owner.get(c) == UNION for c in UNION_VICTORY_CITIES):
        finish(state, "Union victory: the Union owns every Confederate recruiting city "
                      "of value 2 or 3 (B11.0).")
        return True
    if state.options.get("inexperienced_union") and state.player != UNION:
        return False  # B12.0: Confederate conditions only at the end of the Union player turn
    if state.owner.get(WASHINGTON) == CSA:
        finish(state, "Confederate victory: Washington has fallen (B11.0).")
        return True
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    if csa > union:
        finish(state, f"Confederate victory: Confederate MAS {csa} exceeds Union MAS {union} "
                      "(B11.0).")
        return True
    return False


def end_of_game(state: AhdState) -> None:
    """End of the last turn: B13.0 short game judgement, else the Confederacy survives."""
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    if state.last_turn == 10 and state.options.get("short_game"):
        if state.options.get("short_game_margin") == "5-times":
            won, margin = union >= 5 * csa, "five times"  # the seed's literal words
        else:
            won, margin = union - csa >= 5, "5 more than"  # AMB-22: "at least 5 larger"
        if won:
            return finish(state, f"Union victory at the end of the short game: MAS {union} "
                                 f"is at least {margin} {csa} (B13.0).")
        return finish(state, f"Confederate victory at the end of the short game: Union MAS "
                             f"{union} is not at least {margin} {csa} (B13.0).")
    finish(state, f"Confederate victory: the Union has not won by {label(state.turn)} (B11.0).")


# --- choices --------------------------------------------------------------------------------


def choices(state: AhdState) -> list[Choice]:
    phase = state.phase
    if phase == "movement":
        return movement_choices(state)
    if phase == "march":
        return march_choices(state)
    if phase in ("march-to", "sail-to"):
        return destination_choices(state)
    if phase == "route":
        return route_choices(state)
    if phase == "invasion":
        return invasion_choices(state)
    if phase == "battles":
        return [Choice(Action("battle", box), f"Fight the battle of {name(box)}", "battle")
                for box in pending_battles(state)]
    if phase == "battle":
        return battle.choices(state)
    if phase == "promotion":
        return promotion_choices(state)
    if phase == "recruit":
        return recruit_choices(state)
    return []


def movement_choices(state: AhdState) -> list[Choice]:
    side = state.player
    out: list[Choice] = []
    if state.marches_left > 0:
        occ = q.Occupancy(state)
        mine = q.pieces_of(state, side)
        origins = sorted({p.loc for p in mine
                          if movement.can_march(p) or movement.can_entrench(state, p, occ)})
        out += [Choice(Action("march", box), f"March from {name(box)}", "move")
                for box in origins]
        out += [Choice(Action("sail", p.id), f"Naval move: {describe(p)} from {name(p.loc)}",
                       "naval")
                for p in mine
                if movement.can_sail(state, p) and movement.sail_destinations(state, p, occ)]
        if state.invasion and any(movement.can_invade_with(state, p)
                                  for p in q.pieces_at(state, WASHINGTON, side)):
            out += [Choice(Action("invade", port), f"Naval invasion of {name(port)}", "naval")
                    for port in movement.invasion_targets(state)]
    out.append(Choice(Action("end-movement", None), "End movement", "turn"))
    return out


def march_choices(state: AhdState) -> list[Choice]:
    out: list[Choice] = []
    for p in q.pieces_at(state, state.march_from, state.player):
        if p.id in state.march_pieces:
            continue
        if movement.can_march(p) and movement.has_exit(p):
            used = f", {p.marches} march used" if p.marches else ""
            out.append(Choice(Action("piece", p.id), f"Move {describe(p)}{used}", "move"))
        if movement.can_entrench(state, p):
            cost = "1 march" if q.is_recruiting_city(p.loc) else "2 marches"
            out.append(Choice(Action("entrench", p.id),
                              f"Entrench {describe(p)} ({cost})", "move"))
    out.append(Choice(Action("end-march", None), "End this march", "turn"))
    return out


def destination_choices(state: AhdState) -> list[Choice]:
    p = piece(state, state.selected)
    out: list[Choice] = []
    if state.phase == "sail-to":
        out += [Choice(Action("space", port), f"Sail to {name(port)}", "naval")
                for port in movement.sail_destinations(state, p)]
    else:
        occ = q.Occupancy(state)
        for dest, route in sorted(movement.routes(state, p, occ).items()):
            notes = [n for n, on in (("jump", route.jump), ("across a river bank", route.crossing),
                                     ("enemy there: battle", occ.enemy(dest, p.side)))
                     if on]
            extra = f" ({', '.join(notes)})" if notes else ""
            out.append(Choice(Action("space", dest), f"To {name(dest)}{extra}", "move"))
    out.append(Choice(Action("cancel", None), "Choose another piece", "turn"))
    return out


def route_choices(state: AhdState) -> list[Choice]:
    p = piece(state, state.selected)
    ways = movement.entries(state, p)[state.destination]
    out = []
    for via, route in sorted(ways.items()):
        notes = [f"by {route.last.kind}"] + [n for n, on in (
            ("across a river bank", route.crossing), ("jump", route.jump)) if on]
        out.append(Choice(Action("route", via), f"Enter {name(state.destination)} from "
                          f"{name(via)} ({', '.join(notes)})", "move"))
    out.append(Choice(Action("cancel", None), "Choose another destination", "turn"))
    return out


def invasion_choices(state: AhdState) -> list[Choice]:
    out: list[Choice] = []
    if state.marches_left > 0:
        out += [Choice(Action("piece", p.id),
                       f"Embark {describe(p)} for {name(state.invasion_target)} (1 march)",
                       "naval")
                for p in q.pieces_at(state, WASHINGTON, UNION)
                if movement.can_invade_with(state, p)]
    shipped = any(p.loc == state.invasion_target and p.sailed and p.crossing
                  for p in q.pieces_of(state, UNION))
    if shipped:
        out.append(Choice(Action("end-invasion", None), "End the invasion", "turn"))
    else:
        out.append(Choice(Action("cancel", None), "Call off the invasion", "turn"))
    return out


def promotion_choices(state: AhdState) -> list[Choice]:
    out = [Choice(Action("promote", p.id), f"Promote {describe(p)} in {name(p.loc)}", "promote")
           for p in promotable(state)]
    out.append(Choice(Action("pass", None), "Promote nobody", "turn"))
    return out


def recruit_choices(state: AhdState) -> list[Choice]:
    side = state.player
    out: list[Choice] = []
    if state.recruits_left > 0 and room(state) > 0:
        for arm, verb in ((INFANTRY, "recruit-infantry"), (CAVALRY, "recruit-cavalry")):
            if q.pool(state, side, arm):
                out += [Choice(Action(verb, box),
                               f"Recruit {NAME[(arm, MILITIA)]} in {name(box)}", "recruit")
                        for box in sorted(recruit_cities(state))]
    out.append(Choice(Action("end-recruiting", None), "End recruiting", "turn"))
    return out


# --- acting ---------------------------------------------------------------------------------


def act(state: AhdState, role: str, action: Action) -> None:
    """Apply one legal action in place and run on to the next stop."""
    if state.result is not None:
        raise IllegalAction("the game is over")
    if role not in state.active:
        raise IllegalAction(f"it is not {role}'s turn to act")
    if state.phase == "battle":
        battle.act(state, role, action)
        after_battle_step(state)
        return
    check_legal(choices(state), action)
    verb, noun = action.verb, action.noun
    handler = _HANDLERS[(state.phase, verb)]
    handler(state, noun)


def _march(state: AhdState, box: str) -> None:
    state.phase = "march"
    state.march_from = box
    state.march_paid = False
    state.march_pieces = []


def _pay_march(state: AhdState) -> None:
    if not state.march_paid:
        state.march_paid = True
        state.marches_left -= 1


def _end_march(state: AhdState, _noun: object = None) -> None:
    if state.march_paid:
        log(state, f"March from {name(state.march_from)} done; {state.marches_left} left.")
    state.phase = "movement"
    state.march_from = ""
    state.march_pieces = []
    state.march_paid = False


def _pick(state: AhdState, pid: str) -> None:
    state.selected = pid
    state.phase = "march-to"


def _entrench(state: AhdState, pid: str) -> None:
    p = piece(state, pid)
    _pay_march(state)
    state.march_pieces.append(pid)
    log(state, f"{describe(p)} in {name(p.loc)} {movement.entrench(state, p)} (B4.2.5).")
    _maybe_close_march(state)


def _maybe_close_march(state: AhdState) -> None:
    """A march ends by itself once no piece of its box can still join it."""
    if len(march_choices(state)) == 1:
        _end_march(state)


def _move_to(state: AhdState, dest: str) -> None:
    p = piece(state, state.selected)
    occ = q.Occupancy(state)
    ways = movement.entries(state, p, occ)[dest]
    if len(ways) > 1 and occ.enemy(dest, p.side):
        state.destination = dest  # the entry box decides crossing and retreats: ask
        state.phase = "route"
        return
    _complete_move(state, p, movement.best(ways))


def _choose_route(state: AhdState, via: str) -> None:
    p = piece(state, state.selected)
    route = movement.entries(state, p)[state.destination][via]
    state.destination = ""
    _complete_move(state, p, route)


def _cancel_route(state: AhdState, _noun: object = None) -> None:
    state.destination = ""
    state.phase = "march-to"


def _complete_move(state: AhdState, p: Piece, route: movement.Route) -> None:
    dest = route.dest
    _pay_march(state)
    movement.move(state, p, route)
    state.march_pieces.append(p.id)
    via = " via " + ", ".join(name(b) for b in route.path[1:-1]) if len(route.path) > 2 else ""
    log(state, f"{describe(p)}: {name(route.path[0])} to {name(dest)}{via} "
               f"by {route.last.kind}{' (jump)' if route.jump else ''}.")
    state.selected = ""
    state.phase = "march"
    _maybe_close_march(state)


def _cancel_pick(state: AhdState, _noun: object = None) -> None:
    state.selected = ""
    state.phase = "march" if state.march_from else "movement"


def _sail_pick(state: AhdState, pid: str) -> None:
    state.selected = pid
    state.phase = "sail-to"


def _sail_to(state: AhdState, port: str) -> None:
    p = piece(state, state.selected)
    start = p.loc
    state.marches_left -= 1  # each piece moved by sea costs one march (B4.2.3)
    movement.sail(p, port)
    log(state, f"{describe(p)} sails from {name(start)} to {name(port)} (B4.2.3); "
               f"{state.marches_left} marches left.")
    state.selected = ""
    state.phase = "movement"


def _invade(state: AhdState, port: str) -> None:
    state.invasion_target = port
    state.phase = "invasion"


def _embark(state: AhdState, pid: str) -> None:
    p = piece(state, pid)
    if state.invasion:
        state.invasion = False  # one invasion per roll of 6; it cannot be saved (B4.2.4)
        log(state, f"Naval invasion of {name(state.invasion_target)} (B4.2.4).")
    state.marches_left -= 1
    movement.invade(state, p, state.invasion_target)
    log(state, f"{describe(p)} lands at {name(state.invasion_target)}; "
               f"{state.marches_left} marches left.")
    if not invasion_choices(state)[:-1]:
        _end_invasion(state)


def _end_invasion(state: AhdState, _noun: object = None) -> None:
    state.phase = "movement"


def _cancel_invasion(state: AhdState, _noun: object = None) -> None:
    state.invasion_target = ""
    state.phase = "movement"


def _end_movement(state: AhdState, _noun: object = None) -> None:
    end_movement(state)


def _choose_battle(state: AhdState, box: str) -> None:
    begin_battle(state, box)


def _promote(state: AhdState, pid: str) -> None:
    old = piece(state, pid)
    new = promote(state, old)
    log(state, f"Promotion: {describe(old)} in {name(new.loc)} becomes {describe(new)} (B6.0).")
    start_recruiting(state)


def _no_promotion(state: AhdState, _noun: object = None) -> None:
    start_recruiting(state)


def _recruit(arm: str):
    def handler(state: AhdState, box: str) -> None:
        p = q.pool(state, state.player, arm)[0]
        p.loc = box
        clear_turn_marks(p)
        state.recruited_in.append(box)
        state.recruits_left -= 1
        log(state, f"{state.player} recruits {NAME[(arm, MILITIA)]} in {name(box)} (B7.0).")
    return handler


def _end_recruiting(state: AhdState, _noun: object = None) -> None:
    end_player_turn(state)


_HANDLERS = {
    ("movement", "march"): _march,
    ("movement", "sail"): _sail_pick,
    ("movement", "invade"): _invade,
    ("movement", "end-movement"): _end_movement,
    ("march", "piece"): _pick,
    ("march", "entrench"): _entrench,
    ("march", "end-march"): _end_march,
    ("march-to", "space"): _move_to,
    ("march-to", "cancel"): _cancel_pick,
    ("route", "route"): _choose_route,
    ("route", "cancel"): _cancel_route,
    ("sail-to", "space"): _sail_to,
    ("sail-to", "cancel"): _cancel_pick,
    ("invasion", "piece"): _embark,
    ("invasion", "end-invasion"): _end_invasion,
    ("invasion", "cancel"): _cancel_invasion,
    ("battles", "battle"): _choose_battle,
    ("promotion", "promote"): _promote,
    ("promotion", "pass"): _no_promotion,
    ("recruit", "recruit-infantry"): _recruit(INFANTRY),
    ("recruit", "recruit-cavalry"): _recruit(CAVALRY),
    ("recruit", "end-recruiting"): _end_recruiting,
}
