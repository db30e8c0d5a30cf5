"""What a role sees of an A House Divided game. The game has no hidden information, so every
role sees the whole board; only the active role gets actions."""
from __future__ import annotations

from core.ahd import battle, flow
from core.ahd import query as q
from core.ahd.calendar import label
from core.ahd.pieces import describe, piece
from core.ahd.state import ASIDE, CSA, GRADES, NAME, POOL, SIDES, UNION, AhdState, Piece
from core.engine import Token, View

SEGMENT = {
    "movement": "Movement", "march": "Movement", "march-to": "Movement", "route": "Movement",
    "sail-to": "Movement",
    "invasion": "Movement", "battles": "Battle", "battle": "Battle", "promotion": "Promotion",
    "recruit": "Recruiting", "over": "Game over",
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
    return Token(id=p.id, kind=p.code, side=p.side, label=p.code, strength=p.value,
                 flags=flags)


def prompt(state: AhdState) -> str:
    who = state.player
    phase = state.phase
    if phase == "over":
        return state.result or "The game is over."
    if phase == "movement":
        extra = " or an invasion" if state.invasion else ""
        return (f"{who} movement: {state.marches_left} marches left. Choose a box to march "
                f"from, a naval move{extra}, or end movement.")
    if phase == "march":
        return (f"March from {flow.name(state.march_from)}: choose a piece to move or "
                f"entrench; every piece may go its own way.")
    if phase == "march-to":
        return f"Where does {describe(piece(state, state.selected))} go?"
    if phase == "route":
        return (f"{describe(piece(state, state.selected))} marches on "
                f"{flow.name(state.destination)}: from which box does it attack?")
    if phase == "sail-to":
        return f"Which Union port does {describe(piece(state, state.selected))} sail to?"
    if phase == "invasion":
        return (f"Invasion of {flow.name(state.invasion_target)}: embark pieces from "
                f"Washington, 1 march each ({state.marches_left} left).")
    if phase == "battles":
        return f"{who}: choose the next battle to fight."
    if phase == "battle":
        return battle.prompt(state)
    if phase == "promotion":
        return f"{who} promotion segment: you may promote one piece (B6.0)."
    if phase == "recruit":
        return (f"{who} recruiting: {state.recruits_left} militia left to place, one per "
                f"recruiting city (die {state.recruit_die}).")
    return phase


def tracks(state: AhdState) -> dict[str, int | str]:
    out: dict[str, int | str] = {
        "Turn": f"{state.turn}/{state.last_turn}",
        "Date": label(state.turn),
        "Player turn": state.player,
        "Segment": SEGMENT.get(state.phase, state.phase),
    }
    if SEGMENT.get(state.phase) == "Movement":
        out["Marches left"] = state.marches_left
        out["Movement die"] = state.move_die or "none (turn 1)"
        if state.invasion:
            out["Invasion"] = "allowed (rolled 6)"
    if state.phase == "recruit":
        out["Recruits left"] = state.recruits_left
    if state.battle is not None:
        out["Battle"] = f"{flow.name(state.battle.box)}, round {max(state.battle.round, 1)}"
    for side in SIDES:
        out[f"{side} MAS"] = q.mas(state, side)
        out[f"{side} in play"] = q.in_play(state, side)
        free = [f"{sum(1 for p in state.pieces if p.side == side and p.loc == 'supply' and p.grade == g)} {g}"
                for g in GRADES[1:]]
        out[f"{side} free counters"] = ", ".join(free)
    held = sum(1 for c in flow.UNION_VICTORY_CITIES if state.owner.get(c) == UNION)
    out["Union victory cities"] = f"{held}/{len(flow.UNION_VICTORY_CITIES)}"
    rules = [key for key in ("inexperienced_union", "short_game") if state.options.get(key)]
    out["Rules"] = "basic" + "".join(f" + {r.replace('_', ' ')}" for r in rules)
    return out


def build(state: AhdState, role: str | None, game: str) -> View:
    board: dict[str, list[Token]] = {}
    boxes: dict[str, list[Token]] = {f"{side} {where}": [] for side in SIDES
                                     for where in ("pool", "set aside")}
    for p in state.pieces:
        if p.loc == POOL:
            boxes[f"{p.side} pool"].append(token(state, p))
        elif p.loc == ASIDE:
            boxes[f"{p.side} set aside"].append(token(state, p))
        elif p.on_map:
            board.setdefault(p.loc, []).append(token(state, p))
    active = list(state.active)
    actions = flow.choices(state) if role is not None and role in active else []
    return View(game=game, scenario=state.scenario, role=role, active=active,
                prompt=prompt(state), actions=actions, board=board, boxes=boxes,
                control=dict(state.owner), tracks=tracks(state), hand=None, hand_sizes={},
                log=list(state.log), result=state.result)


__all__ = ["build", "NAME", "CSA"]
