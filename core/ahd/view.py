"""What a role sees of an A House Divided game. The game has no hidden information, so every
role sees the whole board; only the active role gets actions."""
from __future__ import annotations

from core import stack
from core.ahd import (battle, border, coastal, flow, foreign, leaders, movement, scenarios,
                      supply)
from core.ahd.battle import leadership
from core.ahd.frames import Movement, Promotion, Recruiting
from core.ahd.text import name
from core.ahd import query as q
from core.ahd.command import COMMAND_TABLE, table_value
from core.ahd.calendar import label, militia_enlisted, year
from core.ahd.pieces import describe, piece
from core.ahd.options import rules_in_force
from core.ahd.state import (ASIDE, CSA, EUROPE, GRADES, NAME, POOL, SIDES, SPARE, UNION, AhdState,
                            Leader, Piece)
from core.engine import Token, View
from maps.a_house_divided import UNION_VICTORY_CITIES

# The segment of the player turn each stop belongs to (B3.0), by the stop's name; a stop not
# listed (one of a battle's) is in the battle segment.
SEGMENT = {
    "support-loss": "start of turn (A2.0 support)", "breakouts": "movement", "breakout": "movement",
    "movement": "movement", "march": "movement", "march-to": "movement", "route": "movement",
    "march-select": "movement", "stack-to": "movement", "stack-route": "movement",
    "sail-to": "movement", "invasion": "movement", "leader-to": "movement",
    "containment": "battles", "battles": "battles",
    "promotion": "promotion", "recruit": "recruiting", "leader-placement": "recruiting",
    "over": "Game over",
}


def token(state: AhdState, p: Piece) -> Token:
    flags = []
    if p.reduced:
        flags.append("reduced")
    if p.on_map and q.is_entrenched(state, p):
        flags.append("entrenched")
    if p.digging:
        flags.append("digging in")
    if p.marches:
        flags.append(f"marched {p.marches}")
    if p.halted:
        flags.append("halted")
    if p.sailed:
        flags.append("by sea")
    if p.jumped:
        flags.append("jumped")
    if p.crossing and p.on_map:
        flags.append("crossing")
    label = p.code
    if p.foreign:  # A8.4
        label = f"Foreign {p.code}"
        flags += foreign.flags(state, p)
    return Token(id=p.id, kind=p.code, side=p.side, label=label, strength=p.value,
                 flags=flags)


def prompt(state: AhdState) -> str:
    """What the game asks now: the top stop's prompt (core/stack.py), or the result."""
    if state.result is not None:
        return state.result
    return stack.prompt(state, flow.FLOW)


# The tracks a player must always see (View.pinned), in this order.
PINNED = ["Date", "Segment", "Marches left", "Union MAS", "Confederate MAS",
          "Union victory cities"]


def tracks(state: AhdState, cut: dict[str, list[str]] | None = None) -> dict[str, int | str]:
    """The track pane; `cut`: the unsupported stacks (A2.0) if already computed."""
    segment = SEGMENT.get(state.phase, "battles")
    out: dict[str, int | str] = {
        "Turn": f"{state.turn}/{state.last_turn}",
        "Date": label(state.turn),
        "Player turn": state.player,
        "Segment": f"{state.player} {segment}" if state.result is None else segment,
    }
    moving = stack.find(state, Movement)
    out["Marches left"] = moving.marches_left if moving is not None else "-"
    if moving is not None:
        out["Movement die"] = moving.die or "none (first turn)"
        if moving.invasion:
            out["Invasion"] = "allowed (rolled 6)"
    recruits = stack.find(state, Recruiting)
    if recruits is not None:
        out["Recruits left"] = recruits.left
    out.update(optional_tracks(state))
    out.update(advanced_tracks(state, cut))
    out.update(border.tracks(state))   # A8.3
    out.update(battle_flavour_tracks(state))  # A8.1, A8.2
    out.update(foreign.tracks(state))  # A8.4
    if state.battle is not None:
        out["Battle"] = f"{name(state.battle.box)}, round {max(state.battle.round, 1)}"
    for side in SIDES:
        out[f"{side} MAS"] = q.mas(state, side)
        out[f"{side} in play"] = q.in_play(state, side)
        free = [f"{sum(1 for p in state.pieces if p.side == side and p.loc == SPARE and p.grade == g)} {g}"
                for g in GRADES[1:]]
        out[f"{side} free counters"] = ", ".join(free)
    out.update(scenario_tracks(state))
    held = sum(1 for c in UNION_VICTORY_CITIES if state.owner.get(c) == UNION)
    out["Union victory cities"] = f"{held}/{len(UNION_VICTORY_CITIES)}"
    out["Rules"] = " + ".join(["basic", *rules_in_force(state.options)])
    return out


def optional_tracks(state: AhdState) -> dict[str, int | str]:
    """What the optional rules O2-O4 add to the track pane."""
    out: dict[str, int | str] = {}
    options = state.options
    if options.increased_union_forces:
        out["Union army limit (O3.4)"] = (f"{q.army_limit(state, UNION)} = MAS "
                                          f"{q.mas(state, UNION)} + "
                                          f"{q.union_force_increase(state)}")
    if q.first_turn_restricted(state):
        out["First-turn restrictions (O4.1)"] = ("no entry into Kentucky, rivers 1 box, "
                                                 "no Union naval movement")
    if options.fort_monroe:
        closed = movement.fort_monroe_closes(state)
        out["Fort Monroe (O4.2)"] = ("Confederate: no invasion of Yorktown or Norfolk"
                                     if closed else "not Confederate: Yorktown and Norfolk open")
    if options.southern_training:
        out["CSA FV/FS lost this turn (O4.3)"] = state.csa_infantry_lost
        promoting = stack.find(state, Promotion)
        if promoting is not None and state.player == CSA:
            out["Promotions left"] = max(promoting.left, 0)
            if promoting.training_die:
                out["Training die (O4.3)"] = promoting.training_die
    if options.draft_riots:
        out["Union militia enlisted (O4.4)"] = (
            f"{militia_enlisted(state.turn, True)} of 24")
    return out


def out_of_supply(state: AhdState) -> dict[str, list[str]]:
    """A2.0: each side's stacks of 2+ pieces that could not trace a support line now."""
    if not state.options.supply:
        return {}
    return {side: supply.unsupported(state, side) for side in SIDES}


def advanced_tracks(state: AhdState,
                    cut: dict[str, list[str]] | None = None) -> dict[str, int | str]:
    """What the advanced rules A2-A7 add to the track pane."""
    out: dict[str, int | str] = {}
    options = state.options
    cut = out_of_supply(state) if cut is None else cut
    for side, boxes in cut.items():
        out[f"{side} supply (A2.0)"] = (
            "every stack supplied" if not boxes else "no support line: " + ", ".join(
                f"{name(box)} ({len(q.pieces_at(state, box, side))})" for box in boxes))
    moving = stack.find(state, Movement)
    if options.command_marches and moving is not None and moving.die:
        union, csa = COMMAND_TABLE[year(state.turn)][moving.die - 1]
        out["Command Table (A3.0)"] = (f"die {moving.die}, {year(state.turn)}: "
                                       f"Union {union} / Confederate {csa} marches")
    if options.containment:
        out["Contained ports (A4.0)"] = ", ".join(
            name(box) for box in sorted(state.contained)) or "none"
    if options.washington_capture:
        out["Union MAS offset (A6.0)"] = state.mas_offset.get(UNION, 0)
    b = state.battle
    if b is not None and b.garrison:
        strength = ("destroyed" if not coastal.alive(b)
                    else "reduced" if b.garrison_hits else "full strength")
        out["Coastal garrison (A5.0)"] = f"{name(b.box)} {b.garrison}, {strength}"
    if b is not None and b.command:
        out["Battle day (A7.0)"] = battle.day(max(b.round, 1))
        for side in (b.attacker, b.defender):
            carried = (f" + {b.command_carried[side]} carried"
                       if b.command_carried.get(side) else "")
            if b.command_leaders.get(side):  # A8.2.2: the leaders present
                carried += f" + {b.command_leaders[side]} leaders"
            out[f"{side} command (A7.0)"] = (
                f"{b.command[side]} (die {b.command_die[side]}: table "
                f"{table_value(year(state.turn), b.command_die[side], side)}{carried}; max 8)")
    return out


def advanced_marks(state: AhdState, board: dict[str, list[Token]],
                   cut: dict[str, list[str]]) -> None:
    """Token flags and the coastal garrison token the advanced rules add to the board."""
    for side, boxes in cut.items():
        for box in boxes:
            for t in board.get(box, []):
                if t.side == side:
                    t.flags.append("out of supply")  # A2.0
    for box in state.contained:
        for t in board.get(box, []):
            t.flags.append("contained" if t.side == UNION else "containing")  # A4.0
    b = state.battle
    if b is not None and coastal.alive(b):  # A5.0: the garrison fights in the battle box
        flags = ["entrenched"] + (["reduced"] if b.garrison_hits else [])
        board.setdefault(b.box, []).append(Token(
            id=coastal.GARRISON, kind="garrison", side=CSA, label=f"Garrison {b.garrison}",
            strength=b.garrison, flags=flags))


def scenario_tracks(state: AhdState) -> dict[str, int | str]:
    """O5.0: which setup is played, and when and how the game ends (T9 or the usual end)."""
    start = "July 1861" if state.scenario == scenarios.CAMPAIGN else label(state.start_turn)
    out: dict[str, int | str] = {"Scenario": f"{state.scenario} (from {start})"}
    year = scenarios.end_year(state.options)
    if year is None:
        out["Ends"] = f"{label(state.last_turn)} (usual victory conditions)"
        return out
    extrapolated = ", extrapolated row" if year in scenarios.EXTRAPOLATED else ""
    out["Ends"] = f"end of Mar {year} (T9{extrapolated})"
    d = q.mas(state, UNION) - q.mas(state, CSA)
    out["T9 now"] = f"D {d}: {scenarios.level(year, d)}"
    return out


def build(state: AhdState, role: str | None, game: str) -> View:
    board: dict[str, list[Token]] = {}
    boxes: dict[str, list[Token]] = {f"{side} {where}": [] for side in SIDES
                                     for where in ("pool", "set aside")}
    if foreign.in_use(state):
        boxes[foreign.EUROPE_BOX] = []
    for p in state.pieces:
        if p.loc == POOL:
            boxes[f"{p.side} pool"].append(token(state, p))
        elif p.loc == ASIDE:
            boxes[f"{p.side} set aside"].append(token(state, p))
        elif p.loc == EUROPE:  # A8.4: the off-map Europe box
            boxes.setdefault(foreign.EUROPE_BOX, []).append(token(state, p))
        elif p.on_map:
            board.setdefault(p.loc, []).append(token(state, p))
    cut = out_of_supply(state)
    advanced_marks(state, board, cut)
    battle_flavour_marks(state, board, boxes)
    active = list(state.active)
    actions = stack.choices(state, flow.FLOW, role) if role is not None else []
    return View(game=game, scenario=state.scenario, role=role, active=active,
                prompt=prompt(state), actions=actions, board=board, boxes=boxes,
                control=dict(state.owner), tracks=tracks(state, cut), hand=None, hand_sizes={},
                log=list(state.log), result=state.result, pinned=list(PINNED),
                focus=battle.focus(state))


def leader_token(state: AhdState, ldr: Leader) -> Token:
    """A leader counter (A8.2): kind 'leader', label 'Lee 3', its command value as strength."""
    flags = [] if ldr.on_map else [leaders.where(state, ldr)]
    if ldr.on_map and ldr.marches:
        flags.append(f"moved alone {ldr.marches}")
    return Token(id=ldr.id, kind="leader", side=ldr.side, label=leaders.tag(ldr),
                 strength=ldr.value, flags=flags)


def battle_flavour_marks(state: AhdState, board: dict[str, list[Token]],
                         boxes: dict[str, list[Token]]) -> None:
    """Routed pieces flagged 'routed' (A8.1); leaders on the map, and off it in a holding box
    per side until they arrive or return (A8.2)."""
    b = state.battle
    if b is not None and b.routed:
        for t in board.get(b.box, []):
            if t.id in b.routed:
                t.flags.append("routed")
    if state.leaders:
        for side in SIDES:
            boxes.setdefault(f"{side} leaders off the map", [])
    for ldr in state.leaders:
        if ldr.on_map:
            board.setdefault(ldr.loc, []).append(leader_token(state, ldr))
        else:
            boxes.setdefault(f"{ldr.side} leaders off the map", []).append(
                leader_token(state, ldr))


def battle_flavour_tracks(state: AhdState) -> dict[str, int | str]:
    """The leaders' values and whereabouts (A8.2); in a battle, the routed pieces (A8.1) and
    this round's leader bonus (A8.2.2)."""
    out = leaders.tracks(state)
    b = state.battle
    if b is None:
        return out
    if state.options.morale:
        for side in (b.attacker, b.defender):
            routed = [pid for pid in b.routed if piece(state, pid).side == side]
            out[f"{side} routed (A8.1)"] = ", ".join(routed) or "none"
    for lid in b.leaders:
        ldr = leaders.leader(state, lid)
        if ldr.loc != b.box:
            continue
        given = (leadership.allotment(b, lid) if b.bonus_round == b.round and lid not in b.allotting
                 else "to allot before the round's fire")
        out[f"{leaders.tag(ldr)} bonus (A8.2.2)"] = f"round {b.round}: {given}"
    return out


__all__ = ["build", "NAME", "CSA"]
