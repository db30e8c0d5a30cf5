"""The sequence of play (B3.0) as step lists on the decision stack (core/stack.py).

Read these two lists beside the reference's "Sequence of play"
(../shared/rules/a-house-divided.md, section 1): each step is a function below, in that order.

    GAME_TURN    turn start (B8.0 enlistment, A8.2 arrivals) -> Union player turn ->
                 Confederate player turn -> turn end (B10.0 marker; O5.0, B13.0, B11.0 end)
    PLAYER_TURN  start (turn marks, A8.2.1) -> A2.0 support -> A8.3 border states ->
                 A8.4 intervention -> B4.0 movement (A4.0 breakouts) -> B5.0 battle segment
                 (A4.0 containment, battles, B5.2.7 recovery) -> B6.0 promotion ->
                 B7.0 recruiting -> A8.2 leader placement -> B9.0 capture -> B11.0 victory

The stops each segment asks live with their segment: core/ahd/marching.py (movement),
battle_segment.py and battle/ (battles), promotion.py, recruiting.py, supply.py (A2.2),
containment.py (A4.0), leaders.py (A8.2). `FLOW` gathers them all for the Rules object, and
`settle` runs after every step and every decision: what must always hold at once (B9.0 cavalry
control lapses the moment the cavalry leaves; A8.2.2 a leader left alone with the enemy).
"""
from __future__ import annotations

from core import stack
from core.ahd import (battle, battle_segment, border, containment, control, foreign, leaders,
                      marching, promotion, recruiting, scenarios, supply)
from core.ahd import query as q
from core.ahd.calendar import DRAFT_RIOT_TURNS, enlistment, label
from core.ahd.frames import GameTurn, LeaderPlacement, LeaderTo, PlayerTurn, SupportLoss
from core.ahd.pieces import clear_turn_marks_on_map, update
from core.ahd.state import ASIDE, CSA, INFANTRY, POOL, UNION, AhdState
from maps.a_house_divided import UNION_VICTORY_CITIES, WASHINGTON

# --- the game turn (B3.0, B10.0) ----------------------------------------------------------------


def turn_start(state: AhdState, frame: GameTurn) -> None:
    """Turn start: A8.2 arrivals and conditions, then B8.0 enlistment."""
    state.log.append(f"== {label(state.turn)} (turn {state.turn}) ==")
    leaders.start_of_turn(state)  # A8.2: arrivals and conditions on the counters' dates
    if marching.is_scenario_start(state):
        # O5.0: the militia of this April came with the scenario's pool, not a second time.
        state.log.append(f"Scenario {state.scenario} (O5.0): the Union moves first; this "
                         f"April's enlisted militia are already in its pool.")
    elif enlistment(state.turn, state.options.draft_riots):
        enlist(state)
    state.csa_infantry_lost = 0  # O4.3, AMB-33: losses are counted per game turn


def enlist(state: AhdState) -> None:
    """B8.0: 4 Union militia infantry join the pool in April 1862, 1863 and 1864; under O4.4
    the 1863 four come one at a time in April, May, June and July 1863 (AMB-59: at the start of
    the turn; TC-14: 16, 17, 18, 19, 20, 24 in all)."""
    draft_riots = state.options.draft_riots
    due = enlistment(state.turn, draft_riots)
    enlisted = [p for p in state.pieces
                if p.loc == ASIDE and p.side == UNION and p.arm == INFANTRY][:due]
    for p in enlisted:
        update(state, p, loc=POOL)
    rule = "O4.4 draft riots" if draft_riots and state.turn in DRAFT_RIOT_TURNS else "B8.0"
    noun = "joins" if len(enlisted) == 1 else "join"
    state.log.append(f"Enlistment: {len(enlisted)} Union militia infantry {noun} the pool "
                     f"({rule}).")


def union_player_turn(state: AhdState, frame: GameTurn) -> None:
    stack.push(state, PlayerTurn(side=UNION))


def confederate_player_turn(state: AhdState, frame: GameTurn) -> None:
    stack.push(state, PlayerTurn(side=CSA))


def turn_end(state: AhdState, frame: GameTurn) -> None:
    """B10.0: the turn marker advances at the end of the Confederate player turn; after the
    last turn, the end of the game."""
    if state.turn >= state.last_turn:
        end_of_game(state)
        return
    state.turn += 1
    stack.goto(frame, GAME_TURN, turn_start)


GAME_TURN = stack.Steps((turn_start, union_player_turn, confederate_player_turn, turn_end))


# --- the player turn (B3.0) -------------------------------------------------------------------


def player_turn_start(state: AhdState, turn: PlayerTurn) -> None:
    clear_turn_marks_on_map(state)  # (only counters on the map carry turn marks)
    leaders.start_player_turn(state, turn.side)  # A8.2.1: two free marches alone a turn
    state.log.append(f"-- {turn.side} player turn --")


def support_check(state: AhdState, turn: PlayerTurn) -> None:
    supply.check(state, turn)  # A2.0, A2.2


def border_state_support(state: AhdState, turn: PlayerTurn) -> None:
    """AMB-35: after A2.0 the Confederate start-of-turn rolls: border-state support (A8.3)."""
    if turn.side == CSA:
        border.roll_support(state)


def foreign_intervention(state: AhdState, turn: PlayerTurn) -> None:
    """AMB-35: then the foreign-intervention check (A8.4)."""
    if turn.side == CSA:
        foreign.check_intervention(state)


def movement_segment(state: AhdState, turn: PlayerTurn) -> None:
    marching.begin(state, turn)  # B4.0; A4.0 breakouts first


def battle_segment_(state: AhdState, turn: PlayerTurn) -> None:
    battle_segment.begin(state, turn)  # B5.0, A4.0 containment, B5.2.7 recovery


def promotion_segment(state: AhdState, turn: PlayerTurn) -> None:
    promotion.begin(state, turn)  # B6.0, O4.3


def recruiting_segment(state: AhdState, turn: PlayerTurn) -> None:
    recruiting.begin(state, turn)  # B7.0, O3.3, O3.4, A8.4


def leader_placement(state: AhdState, turn: PlayerTurn) -> None:
    leaders.place_arrivals(state, turn)  # A8.2: arriving and returning leaders


def end_of_player_turn(state: AhdState, turn: PlayerTurn) -> None:
    """B9.0 captures, then the victory checks (B11.0, B12.0)."""
    containment.lift_ended(state)
    control.capture(state, turn.side)
    check_victory(state, turn.side)


PLAYER_TURN = stack.Steps((player_turn_start, support_check, border_state_support,
                           foreign_intervention, movement_segment, battle_segment_,
                           promotion_segment, recruiting_segment, leader_placement,
                           end_of_player_turn))


# --- victory (B11.0, B12.0, B13.0, O5.0) ------------------------------------------------------


def finish(state: AhdState, result: str) -> None:
    state.result = result
    state.active = []
    state.log.append(f"GAME OVER — {result}")


def check_victory(state: AhdState, side: str) -> None:
    """B11.0 sudden death, checked at the end of each player turn, after captures."""
    if side == UNION and all(state.owner.get(c) == UNION for c in UNION_VICTORY_CITIES):
        return finish(state, "Union victory: the Union owns every Confederate recruiting city "
                             "of value 2 or 3 (B11.0).")
    if state.options.inexperienced_union and side != UNION:
        return  # B12.0: Confederate conditions only at the end of the Union player turn
    if state.owner.get(WASHINGTON) == CSA and not state.options.washington_capture:
        return finish(state, "Confederate victory: Washington has fallen (B11.0).")
    # A6.0: with the advanced rule the fall of Washington is not a victory
    union, csa = q.mas(state, UNION), q.mas(state, CSA)
    if csa > union:
        finish(state, f"Confederate victory: Confederate MAS {csa} exceeds Union MAS {union} "
                      "(B11.0).")


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


# --- what always holds, and the whole flow -----------------------------------------------------


def settle(state: AhdState) -> None:
    """Consequences that hold at every moment, run after every step and every decision."""
    if state.cavalry_held:
        control.lapse(state)  # B9.0: cavalry control ends when the cavalry leaves
    if state.leaders:
        leaders.sweep(state)  # A8.2.2: a leader left alone with enemy pieces is removed


FLOW: stack.Flow = {
    GameTurn: GAME_TURN,
    PlayerTurn: PLAYER_TURN,
    SupportLoss: supply.SUPPORT_LOSS,
    LeaderTo: leaders.LEADER_TO,
    LeaderPlacement: leaders.PLACEMENT,
    **marching.FLOW,
    **battle_segment.FLOW,
    **battle.FLOW,
    **promotion.FLOW,
    **recruiting.FLOW,
}


def start(state: AhdState) -> None:
    """The game begins: the first game turn runs up to its first question."""
    stack.push(state, GameTurn())
    stack.run(state, FLOW, settle)
