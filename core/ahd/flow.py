"""The sequence of play (B3.0): game turns, player turns and their four segments.

Each player turn runs Movement -> Battle -> Promotion -> Recruiting, then captures, MAS and
victory (B9.0, B7.0, B11.0). `choices(state)` lists what the active role may do at the current
stop; `act(state, role, action)` applies one choice and `advance` runs on to the next stop.

Phases (state.phase):
  supply     start of a player turn: an unsupported stack loses a piece            (A2.0)
  breakout   start of the Union movement: breakout battles from contained ports    (A4.0)
  movement   choose a march origin, a naval move, the invasion, or end movement     (B4.0)
  march      inside a march from state.march_from: pick a piece, entrench, end march
  march-to   a piece is picked (state.selected): choose its destination
  route      its destination holds enemy pieces and can be entered from several boxes:
             choose the entry box (B5.2.3, B5.2.5)
  sail-to    a piece is picked for a naval move: choose the port                      (B4.2.3)
  invasion   the invasion target is chosen: ship pieces from Washington               (B4.2.4)
  containment end of the CSA movement: contain or fight in an eligible port          (A4.0)
  battles    several battles wait: the attacker chooses the next one                  (B5.0)
  battle     a battle is being fought (core/ahd/battle.py)
  promotion  the active player may promote one piece                                  (B6.0)
  recruit    the active player places recruited militia                               (B7.0)
  leader-to  a leader is picked to move: choose where, with its pieces or alone       (A8.2.1)
  leader-placement  end of the recruiting segment: place an arriving or returning leader (A8.2)
  over       the game has ended (state.result)
"""
from __future__ import annotations

from core import dice
from core.ahd import (battle, border, coastal, containment, foreign, leaders, movement,
                      scenarios, supply)
from core.ahd import query as q
from core.ahd.calendar import DRAFT_RIOT_TURNS, enlistment, label
from core.ahd.calendar import year as year_of
from core.ahd.command import table_value
from core.ahd.pieces import (NEXT_GRADE, clear_turn_marks, describe, piece, promote,
                             remove_from_play)
from core.ahd.state import (ASIDE, CAVALRY, CSA, INFANTRY, MILITIA, NAME, POOL, UNION,
                            AhdState, Battle, Piece)
from core.engine import Action, Choice, IllegalAction, check_legal
from maps.a_house_divided import UNION_VICTORY_CITIES

WASHINGTON = "washington"


def die_to_count(die: int) -> int:
    """Movement and recruiting dice: a 1 counts as 2 (B4.0, B7.0)."""
    return 2 if die == 1 else die


def marches(n: int) -> str:
    """'1 march', '3 marches'."""
    return f"{n} march" if n == 1 else f"{n} marches"


def log(state: AhdState, text: str) -> None:
    state.log.append(text)


def name(box: str) -> str:
    return q.board().locations[box].name


# --- turn structure -------------------------------------------------------------------------


def start_game_turn(state: AhdState) -> None:
    """Turn start: enlistment (B8.0), then the Union player turn (B3.0)."""
    log(state, f"== {label(state.turn)} (turn {state.turn}) ==")
    leaders.start_of_turn(state)  # A8.2: arrivals and conditions on the counters' dates
    if is_scenario_start(state):
        # O5.0: the militia of this April came with the scenario's pool, not a second time.
        log(state, f"Scenario {state.scenario} (O5.0): the Union moves first; this April's "
                   f"enlisted militia are already in its pool.")
    elif enlistment(state.turn, state.options.draft_riots):
        enlist(state)
    state.csa_infantry_lost = 0  # O4.3, AMB-33: losses are counted per game turn
    start_player_turn(state, UNION)


def enlist(state: AhdState) -> None:
    """B8.0: 4 Union militia infantry join the pool in April 1862, 1863 and 1864; under O4.4
    the 1863 four come one at a time in April, May, June and July 1863 (AMB-59: at the start of
    the turn; TC-14: 16, 17, 18, 19, 20, 24 in all)."""
    draft_riots = state.options.draft_riots
    due = enlistment(state.turn, draft_riots)
    enlisted = [p for p in state.pieces
                if p.loc == ASIDE and p.side == UNION and p.arm == INFANTRY][:due]
    for p in enlisted:
        p.loc = POOL
    rule = "O4.4 draft riots" if draft_riots and state.turn in DRAFT_RIOT_TURNS else "B8.0"
    noun = "joins" if len(enlisted) == 1 else "join"
    log(state, f"Enlistment: {len(enlisted)} Union militia infantry {noun} the pool ({rule}).")


def is_scenario_start(state: AhdState) -> bool:
    """The first turn of a year scenario (O5.0), which starts on an April, not July 1861."""
    return state.turn == state.start_turn and state.start_turn != 1


def start_player_turn(state: AhdState, side: str) -> None:
    state.player = side
    state.active = [side]
    for p in state.pieces:
        clear_turn_marks(p)
    leaders.start_player_turn(state, side)  # A8.2.1: two free marches alone a turn
    log(state, f"-- {side} player turn --")
    start_support_check(state)


def start_support_check(state: AhdState) -> None:
    """A2.0: 'All'inizio del suo turno, prima di fare qualunque altra cosa' (AMB-35: the first
    start-of-turn step) each stack of 2+ pieces without a support line loses a piece of its
    owner's choice (A2.2). Then the movement segment."""
    state.supply_boxes = (supply.unsupported(state, state.player)
                          if state.options.supply else [])
    if not state.supply_boxes:
        after_support_check(state)
        return
    state.phase = "supply"
    boxes = ", ".join(name(box) for box in state.supply_boxes)
    log(state, f"{state.player}: no support line for the stacks in {boxes}; one piece of each "
               f"is eliminated (A2.2).")


def after_support_check(state: AhdState) -> None:
    """AMB-35: after A2.0 the Confederate start-of-turn rolls: border-state support (A8.3), then
    the foreign-intervention check (A8.4). Then the movement segment."""
    if state.player == CSA:
        border.roll_support(state)
        foreign.check_intervention(state)
    start_movement(state)


def start_movement(state: AhdState) -> None:
    """The movement segment, then the breakout battles from contained ports (A4.0)."""
    roll_marches(state)
    state.garrison_engaged = False  # A5.0: a new invasion meets a garrison at full strength
    offer_breakouts(state)


def roll_marches(state: AhdState) -> None:
    """B4.0 march allowance (A3.0: read on the Command Table); B4.1 exactly 2 marches on the
    campaign's first turn."""
    state.phase = "movement"
    state.invasion = False
    state.invasion_target = ""
    if state.turn == 1 and state.start_turn == 1:
        state.move_die = 0
        state.marches_left = 2
        log(state, f"{state.player}: first turn, 2 marches without a roll (B4.1).")
        if q.first_turn_restricted(state):
            log(state, "First-turn restrictions (O4.1): no piece may enter Kentucky, rivers "
                       "carry 1 box per march, no Union naval movement.")
        return
    if is_scenario_start(state):  # O5.0: 1 march each, no die, so no invasion (B4.2.4)
        state.move_die = 0
        state.marches_left = 1
        log(state, f"{state.player}: first turn of the scenario, 1 march without a roll "
                   f"(O5.0).")
        return
    rule = "A3.0" if state.options.command_marches else "B4.0"
    state.move_die = dice.d6(state, f"{state.player} movement", rule)
    # B4.2.4; under A3.0 a natural 6 on the Command Table die (AMB-12, AMB-41)
    state.invasion = state.player == UNION and state.move_die == 6
    extra = " — a naval invasion is allowed" if state.invasion else ""
    if state.options.command_marches:
        # A3.0: the Command Table (T2), column of the current year, replaces the plain die
        when = year_of(state.turn)
        state.marches_left = table_value(when, state.move_die, state.player)
        log(state, f"{state.player} Command Table die {state.move_die} ({when}): "
                   f"{marches(state.marches_left)}{extra} (A3.0).")
        return
    state.marches_left = die_to_count(state.move_die)
    log(state, f"{state.player} movement die {state.move_die}: "
               f"{marches(state.marches_left)}{extra}.")


def end_movement(state: AhdState) -> None:
    state.phase = "battles"
    state.invasion = False
    log(state, f"{state.player} ends movement.")
    containment.lift_ended(state)
    state.containment_fights = []
    state.containment_queue = containment.decisions(state)
    if state.containment_queue:
        state.phase = "containment"  # A4.0: the CSA contains or fights, port by port
        return
    next_battle(state)


def offer_breakouts(state: AhdState) -> None:
    """A4.0: at the start of the Union movement segment the contained pieces are held in their
    ports; each contained port may try a breakout battle, 1 march each."""
    if state.player != UNION or not containment.in_use(state):
        return
    containment.lift_ended(state)
    containment.hold(state)
    if containment.breakout_ports(state) and state.marches_left > 0:
        state.phase = "breakout"


def pending_battles(state: AhdState) -> list[str]:
    """Boxes holding pieces of both sides (B5.0), less the contained ports where no battle is
    fought (A4.0), plus an invaded port held by its coastal garrison alone (A5.0, AMB-38)."""
    boxes = q.occupied(state, UNION) & q.occupied(state, CSA)
    boxes -= containment.quiet(state)
    boxes |= coastal.lone_garrison_battles(state)
    return sorted(boxes)


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


def begin_battle(state: AhdState, box: str, breakout: bool = False) -> None:
    state.phase = "battle"
    if coastal.garrison_value(state, box):
        state.garrison_engaged = True  # A5.0: the garrison fights this invasion once
    battle.begin(state, box, breakout=breakout)
    after_battle_step(state)


def after_battle_step(state: AhdState) -> None:
    if state.battle is not None and state.battle.step == "over":
        fought = state.battle
        state.battle = None
        containment.lift_ended(state)
        if fought.breakout:
            after_breakout(state, fought)
            return
        next_battle(state)


def after_breakout(state: AhdState, fought: Battle) -> None:
    """A4.0: a won breakout frees the port's Union pieces for this movement segment; otherwise
    they stay contained. Other contained ports may still try, then movement goes on."""
    state.active = [UNION]
    if fought.winner == UNION:
        containment.release(state, fought.box)
        log(state, f"Breakout from {name(fought.box)} won: its Union pieces move freely "
                   f"(A4.0).")
    elif fought.box in state.contained:
        log(state, f"Breakout from {name(fought.box)} failed: its Union pieces stay "
                   f"contained (A4.0).")
    state.phase = "movement"
    offer_breakouts(state)


def recover(state: AhdState) -> None:
    """B5.2.7: after the whole battle segment every reduced piece returns to full strength."""
    reduced = [p for p in state.pieces if p.reduced and p.on_map]
    for p in reduced:
        p.reduced = False
    if reduced:
        log(state, f"Recovery: {len(reduced)} reduced pieces return to full strength (B5.2.7).")


def promotable(state: AhdState) -> list:
    """The player's pieces on the map with a free counter of the next quality (B6.0); never a
    foreign unit (A8.4)."""
    free = {(p.arm, p.grade) for p in state.pieces if p.loc == "supply" and p.side == state.player}
    return [p for p in q.pieces_of(state, state.player)
            if (p.arm, NEXT_GRADE.get(p.grade)) in free and p.id not in state.promoted
            and not p.foreign]


def start_promotion(state: AhdState) -> None:
    """B6.0: after the battle segment the active player may promote one piece (O4.3: the CSA
    may be allowed two)."""
    state.phase = "promotion"
    state.active = [state.player]
    state.promoted = []
    state.promotions_left = 1
    state.training_die = 0
    if not promotable(state):
        log(state, f"{state.player}: no piece can be promoted.")
        start_recruiting(state)
        return
    if state.player == CSA and state.options.southern_training:
        southern_training(state)


def southern_training(state: AhdState) -> None:
    """O4.3: 'Il Confederato lancia 1d6 durante il suo segmento delle promozioni. Con un
    risultato di uno o meno, egli può promuovere due pezzi'; minus one for each veteran or crack
    infantry lost in battle in the current turn (AMB-33: CSA FV/FS eliminated by enemy fire in
    this game turn). Rolled only when a promotion is possible at all."""
    die = dice.d6(state, "Confederate training", "O4.3")
    state.training_die = die
    lost = state.csa_infantry_lost
    result = die - lost
    if result <= 1:
        state.promotions_left = 2
    outcome = "two promotions" if result <= 1 else "one promotion"
    log(state, f"Southern training (O4.3): die {die} - {lost} veteran/crack infantry lost "
               f"this turn = {result}: {outcome}.")


def recruits_allowed_in(state: AhdState, box: str) -> int:
    """B7.0: one new militia per city; O3.3: 'fino a due nuovi pezzi ... all'interno delle
    città di reclutamento che hanno un valore di 3 o più' (own-colour shield, AMB-56)."""
    if state.options.historical_recruiting and q.shield(box, state.player) >= 3:
        return 2
    return 1


def recruit_cities(state: AhdState) -> list[str]:
    """Owned boxes with a shield of the player's colour, no enemy pieces, with room for one
    more recruit this segment (B7.0; O3.3)."""
    side = state.player
    occ = q.Occupancy(state)
    return [box for box, who in state.owner.items()
            if who == side and q.shield(box, side) > 0
            and state.recruited_in.count(box) < recruits_allowed_in(state, box)
            and not occ.enemy(box, side)]


def room(state: AhdState) -> int:
    """How many more pieces the player may put in play under MAS (B7.0), or under MAS plus
    the O3.4 increase for the Union."""
    return q.army_limit(state, state.player) - q.in_play(state, state.player)


def recruit_count(state: AhdState, die: int) -> int:
    """Militia recruited for a die (T8): B7.0 a 1 counts as 2; O3.3 the Union recruits 3 on a
    1 or 2, the CSA no more than 4 on a 5 or 6."""
    count = die_to_count(die)
    if state.options.historical_recruiting:
        count = max(count, 3) if state.player == UNION else min(count, 4)
    return count


def start_recruiting(state: AhdState) -> None:
    """B7.0: roll for the number of militia (1 counts as 2), place them one per city."""
    state.phase = "recruit"
    state.active = [state.player]
    state.recruited_in = []
    side = state.player
    if not q.pool(state, side):
        log(state, f"{side}: the pool is empty, no recruiting.")
        return no_militia_recruited(state)
    if room(state) <= 0:
        extra = q.army_limit(state, side) - q.mas(state, side)
        limit = f" + {extra} (O3.4)" if extra else ""
        log(state, f"{side}: at Maximum Army Size ({q.mas(state, side)}{limit}), no recruiting "
                   f"(B7.0).")
        return no_militia_recruited(state)
    if not recruit_cities(state):
        log(state, f"{side}: no recruiting city available.")
        return no_militia_recruited(state)
    state.recruit_die = dice.d6(state, f"{side} recruiting", "B7.0")
    state.recruits_left = recruit_count(state, state.recruit_die)
    rule = " (O3.3 historical recruiting)" if state.options.historical_recruiting else ""
    log(state, f"{side} recruiting die {state.recruit_die}: up to {state.recruits_left} "
               f"militia{rule}.")
    foreign.replace(state, state.recruit_die)  # A8.4: a 5 or 6 replaces a lost foreign unit
    check_recruiting_done(state)


def no_militia_recruited(state: AhdState) -> None:
    """No militia can be recruited (B7.0). The European reinforcement 'è disponibile in
    aggiunta alla Milizia regolare Confederata' (A8.4): with a foreign unit lost, the
    Confederate recruiting die is rolled all the same, for the replacement alone."""
    if foreign.replacement_pending(state):
        state.recruit_die = dice.d6(state, "Confederate recruiting, for the foreign units", "A8.4")
        state.recruits_left = 0
        log(state, f"Confederate recruiting die {state.recruit_die}, rolled for the foreign "
                   f"units only (A8.4).")
        foreign.replace(state, state.recruit_die)
    end_player_turn(state)


def check_recruiting_done(state: AhdState) -> None:
    if not recruit_choices(state)[:-1]:  # only "end recruiting" is left
        end_player_turn(state)


def end_player_turn(state: AhdState) -> None:
    """The end of the recruiting segment: arriving and returning leaders are placed (A8.2);
    then B9.0 captures, victory checks (B11.0, B12.0) and the next player turn."""
    if leaders.placement_due(state):
        state.phase = "leader-placement"
        state.active = [state.player]
        return
    leaders.note_unplaceable(state)
    containment.lift_ended(state)
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
            containment.note_capture(state, box, side, mine)  # A4.0 eligible ports
            if box == WASHINGTON and state.options.washington_capture:
                washington_changes_hands(state, side)
        elif box in state.cavalry_held and not cavalry_only:
            state.cavalry_held.remove(box)  # infantry made the control permanent
    for box in list(state.cavalry_held):
        if state.owner.get(box) == side and box not in here:
            state.cavalry_held.remove(box)
            revert(state, box)


def washington_changes_hands(state: AhdState, side: str) -> None:
    """A6.0 (TC-20, AMB-39): a Confederate capture of Washington costs the Union 1d6 of MAS, a 1
    counting as 2, instead of the city's blue shield of 1: the shield is lost by ownership
    (B7.0) and the rest is a permanent offset. A Union recapture gives back only the shield."""
    if side == CSA:
        die = dice.d6(state, "Union MAS lost with Washington", "A6.0")
        loss = die_to_count(die)  # "se il risultato del dado è un 1, sottraete 2"
        shield = q.shield(WASHINGTON, UNION)
        state.mas_offset[UNION] = state.mas_offset.get(UNION, 0) - (loss - shield)
        log(state, f"Washington falls (A6.0): die {die}, Union MAS -{loss} "
                   f"(now {q.mas(state, UNION)}); the Confederacy does not win by it.")
    else:
        log(state, f"The Union recaptures Washington (A6.0): Union MAS "
                   f"+{q.shield(WASHINGTON, UNION)} only (now {q.mas(state, UNION)}).")


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
    if state.options.inexperienced_union and state.player != UNION:
        return False  # B12.0: Confederate conditions only at the end of the Union player turn
    if state.owner.get(WASHINGTON) == CSA and not state.options.washington_capture:
        finish(state, "Confederate victory: Washington has fallen (B11.0).")
        return True  # A6.0: with the advanced rule the fall of Washington is not a victory
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    if csa > union:
        finish(state, f"Confederate victory: Confederate MAS {csa} exceeds Union MAS {union} "
                      "(B11.0).")
        return True
    return False


def end_of_game(state: AhdState) -> None:
    """End of the last turn: the agreed March of a scenario (O5.0, T9), the B13.0 short game
    judgement, else the Confederacy survives."""
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    if state.turn == scenarios.end_turn(state.options):
        year = scenarios.end_year(state.options)
        assert year is not None
        return finish(state, scenarios.judgement(year, union, csa))
    if state.last_turn == 10 and state.options.short_game:
        if state.options.short_game_margin == "5-times":
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
    return _ADVANCED_CHOICES[phase](state) if phase in _ADVANCED_CHOICES else []


def supply_choices(state: AhdState) -> list[Choice]:
    """A2.2: the owner picks the piece his unsupported stack loses."""
    box = state.supply_boxes[0]
    return [Choice(Action("eliminate", p.id),
                   f"Eliminate {describe(p)} in {name(box)} (no support line, A2.2)", "supply")
            for p in sorted(q.pieces_at(state, box, state.player), key=lambda p: p.id)]


def breakout_choices(state: AhdState) -> list[Choice]:
    """A4.0: a breakout battle from each contained port (1 march each), or begin movement."""
    out = [Choice(Action("breakout", box), f"Break out of {name(box)}: battle against the "
                  f"containing Confederates (1 march, A4.0)", "battle")
           for box in containment.breakout_ports(state)] if state.marches_left > 0 else []
    out.append(Choice(Action("begin-movement", None), "No breakout: begin movement", "turn"))
    return out


def containment_choices(state: AhdState) -> list[Choice]:
    """A4.0, AMB-37: at the end of its movement the CSA contains the Union force in an eligible
    port (no battle there) or fights it."""
    box = state.containment_queue[0]
    keep = "Keep containing" if box in state.contained else "Contain"
    return [Choice(Action("contain", box), f"{keep} the Union force in {name(box)}: no battle "
                   f"(A4.0)", "battle"),
            Choice(Action("fight", box), f"Fight the battle of {name(box)}", "battle")]


_ADVANCED_CHOICES = {
    "supply": supply_choices,
    "breakout": breakout_choices,
    "containment": containment_choices,
    "leader-to": leaders.destination_choices,
    "leader-placement": leaders.placement_choices,
}


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
        rule = " (A8.4)" if side == CSA else ""  # Confederates sail only after intervention
        out += [Choice(Action("sail", p.id),
                       f"Naval move: {describe(p)} from {name(p.loc)}{rule}", "naval")
                for p in movement.sea_movers(state, side)
                if movement.can_sail(state, p) and movement.sail_destinations(state, p, occ)]
        if state.invasion and any(movement.can_invade_with(state, p)
                                  for p in q.pieces_at(state, WASHINGTON, side)):
            out += [Choice(Action("invade", port), f"Naval invasion of {name(port)}", "naval")
                    for port in movement.invasion_targets(state)]
    out += leaders.move_choices(state)  # A8.2.1: with its pieces, or alone for free
    out.append(Choice(Action("end-movement", None), "End movement", "turn"))
    return out


def march_choices(state: AhdState) -> list[Choice]:
    out: list[Choice] = []
    occ = q.Occupancy(state)
    for p in q.pieces_at(state, state.march_from, state.player):
        if p.id in state.march_pieces:
            continue
        if movement.can_march(p) and movement.has_exit(p):
            used = f", {p.marches} march used" if p.marches else ""
            out.append(Choice(Action("piece", p.id), f"Move {describe(p)}{used}", "move"))
        if movement.can_entrench(state, p, occ):
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
                                     ("enemy there: battle", occ.enemy(dest, p.side)),
                                     ("3 boxes by friendly rail, O3.2", len(route.path) == 4))
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
    nobody = "No second promotion (O4.3)" if state.promoted else "Promote nobody"
    out.append(Choice(Action("pass", None), nobody, "turn"))
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


def act(state: AhdState, role: str, action: Action, checked: bool = False) -> None:
    """Apply one legal action in place and run on to the next stop (`checked`: the caller has
    already found `action` among the legal ones)."""
    if state.result is not None:
        raise IllegalAction("the game is over")
    if role not in state.active:
        raise IllegalAction(f"it is not {role}'s turn to act")
    if state.phase == "battle":
        battle.act(state, role, action, checked=checked)
        after_battle_step(state)
    else:
        if not checked:
            check_legal(choices(state), action)
        verb, noun = action.verb, action.noun
        handler = _HANDLERS[(state.phase, verb)]
        handler(state, noun)
    leaders.sweep(state)  # A8.2.2: a leader left alone with enemy pieces is removed


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
    leaders.note_departure(state, p, p.loc)  # A8.2.1: its box's leaders may go with it
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
    leaders.note_departure(state, p, start)  # A8.2.1: a leader may sail with it
    movement.sail(p, port)
    rule = "B4.2.3, A8.4" if p.side == CSA else "B4.2.3"
    log(state, f"{describe(p)} sails from {name(start)} to {name(port)} ({rule}); "
               f"{marches(state.marches_left)} left.")
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
    leaders.note_departure(state, p, p.loc)  # A8.2.1: a leader may join the invasion
    movement.invade(state, p, state.invasion_target)
    log(state, f"{describe(p)} lands at {name(state.invasion_target)}; "
               f"{marches(state.marches_left)} left.")
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
    state.promoted.append(new.id)
    state.promotions_left -= 1
    if state.promotions_left > 0 and promotable(state):
        log(state, f"{state.player} may promote a second piece (O4.3).")
        return
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


# --- acting: advanced rules (A2.0, A4.0) ------------------------------------------------------


def _eliminate_unsupported(state: AhdState, pid: str) -> None:
    """A2.2: 'il proprietario deve eliminare da tale riquadro un pezzo a sua scelta'."""
    p = piece(state, pid)
    box = state.supply_boxes.pop(0)
    remove_from_play(p)  # militia back to the pool (B7.0, AMB-3)
    log(state, f"{describe(p)} in {name(box)} is eliminated: no support line (A2.2).")
    if not state.supply_boxes:
        after_support_check(state)


def _breakout(state: AhdState, box: str) -> None:
    """A4.0: 'Questa battaglia avviene ... all'inizio del segmento di movimento, consumando una
    marcia.' The Union attacks the containing Confederates."""
    state.marches_left -= 1
    log(state, f"Union breakout from {name(box)} (A4.0): 1 march; "
               f"{marches(state.marches_left)} left.")
    begin_battle(state, box, breakout=True)


def _begin_movement(state: AhdState, _noun: object = None) -> None:
    state.phase = "movement"


def _decide_containment(contain: bool):
    def handler(state: AhdState, box: str) -> None:
        state.containment_queue.pop(0)
        if contain:
            if box not in state.contained:
                state.contained.append(box)
            log(state, f"The Confederates contain the Union force in {name(box)}: no battle "
                       f"there (A4.0).")
        else:
            if box in state.contained:
                state.containment_fights.append(box)  # an attack out of the containment
            log(state, f"The Confederates attack the Union force in {name(box)}.")
        if not state.containment_queue:
            next_battle(state)
    return handler


_HANDLERS.update({
    ("supply", "eliminate"): _eliminate_unsupported,
    ("breakout", "breakout"): _breakout,
    ("breakout", "begin-movement"): _begin_movement,
    ("containment", "contain"): _decide_containment(True),
    ("containment", "fight"): _decide_containment(False),
})


# --- acting: leaders (A8.2) ------------------------------------------------------------------


def _pick_leader(state: AhdState, lid: str) -> None:
    state.leader_selected = lid
    state.phase = "leader-to"


def _move_leader(state: AhdState, box: str) -> None:
    """A8.2.1: the leader goes with pieces of its box, or alone (2 free marches a turn)."""
    leaders.move(state, box)
    state.leader_selected = ""
    state.phase = "movement"


def _cancel_leader(state: AhdState, _noun: object = None) -> None:
    state.leader_selected = ""
    state.phase = "movement"


def _place_leader(state: AhdState, box: str) -> None:
    """A8.2: an arriving or returning leader goes into a box holding a friendly piece; then
    the recruiting segment ends (end_player_turn places any other leader first)."""
    leaders.place(state, box)
    end_player_turn(state)


_HANDLERS.update({
    ("movement", "leader"): _pick_leader,
    ("leader-to", "space"): _move_leader,
    ("leader-to", "cancel"): _cancel_leader,
    ("leader-placement", "place-leader"): _place_leader,
})
