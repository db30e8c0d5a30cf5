"""What a role sees of a Gettysburg game. By default the game has no hidden information
(AMB-31 [R]: open information), so every role sees the whole board; with the fog of war option
an enemy counter's back (training, printed SP) shows only once the unit is activated
(`back_seen`). Only the asked role gets actions.

board: hex id -> the units in it (token kind = the type code F / C / A / AC; strength = current
SP; flags: training, printed SP, corps, activated, straggler); boxes: reinforcements pending and
to come, eliminated units, the cup's chits and the chits drawn this turn; control: each VP hex
-> the side holding it; tracks: the clock, the score, the round; focus: the round's dice or the
combat being resolved.
"""
from __future__ import annotations

from core import stack
from core.engine import Panel, Token, View
from core.gettysburg import explain, flow, victory
from core.gettysburg import query as q
from core.gettysburg.chits import chit_mix
from core.gettysburg.frames import Round
from core.gettysburg.options import readings
from core.gettysburg.scenarios import scenario_book
from core.gettysburg.state import (CSA, DUE, ELIMINATED, INITIATIVE, ON_MAP, PENDING, REMOVED,
                                   SIDES, UNION, GbState, Unit)
from maps import gettysburg as gb_map

PINNED = ["Day", "Hour", "Union VP", "Confederate VP", "Chits left"]


def back_seen(state: GbState, u: Unit, role: str | None) -> bool:
    """Whether `role` sees the back of `u`'s counter (training, printed SP): always, unless the
    fog of war option is on (AMB-31); then its owner does, and the other side (and a spectator)
    only once the unit is activated and turned to face the opponent (4.0)."""
    return not state.options.fog_of_war or u.side == role or u.activated


def token(state: GbState, u: Unit, role: str | None = None,
          why: list[str] | None = None) -> Token:
    """A unit as `role` sees it; `why`: the reasons it has no move or fire now
    (core/gettysburg/explain.py), said after its other flags."""
    c = q.counter(u.id)
    flags = ([c.training, f"printed {c.sp} SP"] if back_seen(state, u, role) else []) + \
        [q.counters().corps[c.corps].name]
    if q.is_reserve(u.id):
        flags.append("reserve")
    if u.activated:
        flags.append("activated")
    if u.straggler:
        flags.append("straggler (6.0)")
    if u.status == PENDING:
        flags.append(f"enters at {u.entry}")
    elif u.status == DUE and scenario_book().clock.valid(u.arrival):
        flags.append(f"due {scenario_book().clock.label(u.arrival)} at {u.entry}")
    elif u.status == REMOVED:
        flags.append("eliminated before the start")
    flags += why or []
    shown = u.sp if u.status in (ON_MAP, PENDING, DUE) else c.sp
    if not back_seen(state, u, role) and u.status not in (ON_MAP, PENDING):
        shown = None  # the disc is off the counter: nothing printed shows from the front
    return Token(id=u.id, kind=q.kind(u.id).code, side=u.side, label=q.name(u.id),
                 strength=shown, flags=flags)


def chit_token(chit: str) -> Token:
    c = chit_mix().chits[chit]
    return Token(id=chit, kind="chit", side=c.side, label=q.chit_name(chit))


def prompt(state: GbState) -> str:
    if state.result is not None:
        return state.result
    return stack.prompt(state, flow.FLOW)


def tracks(state: GbState) -> dict[str, int | str]:
    book = scenario_book()
    turns = book.turns(state.played)
    chosen = book.scenarios[state.played]
    victory_rule = book.victory[chosen.victory]
    out: dict[str, int | str] = {
        "Scenario": chosen.title,
        "Day": book.clock.days[state.turn.day - 1],
        "Hour": "night" if state.turn.night else f"{state.turn.hour:02d}:00",
        "Turn": f"{turns.index(state.turn) + 1}/{len(turns)}" if state.turn in turns else "-",
        "Union VP": victory.vp(state, UNION),
        "Confederate VP": victory.vp(state, CSA),
        "Hex VP held now (CSA)": victory.held_vp(state),
        "Hex VP scored": " + ".join(str(v) for v in state.hex_vp) or "none yet",
        "Chits left": len(state.cup),
        "Cup": ", ".join(q.chit_name(c) for c in state.cup) or "empty",
        "Chits drawn": ", ".join(q.chit_name(c) for c in state.drawn) or "none",
        "Victory": (f"{victory_rule.rule}: CSA - US >= {victory_rule.confederate} Confederate, "
                    f">= {victory_rule.draw} draw, else Union"),
        "Initiative": f"{INITIATIVE} (7.1)",
        "Rules": "; ".join(readings(state.options)) or "the recommended readings",
    }
    r = stack.find(state, Round)
    if r is not None:
        out["Round"] = f"{r.number}: {q.chit_name(r.chit)}"
        out["Activation dice"] = ", ".join(r.faces)
        out["Results left"] = (f"bugle {r.bugles}, enemy flag {r.redeploys}, flag {r.flags}, "
                               f"command {r.hats}")
    for side in SIDES:
        out[f"{side} on the map"] = (f"{len(q.on_map(state, side))} units, "
                                     f"{sum(u.sp for u in q.on_map(state, side))} SP")
    return out


def build(state: GbState, role: str | None, game: str) -> View:
    board: dict[str, list[Token]] = {}
    boxes: dict[str, list[Token]] = {}
    for side in SIDES:
        for box in ("reinforcements pending", "reinforcements to come", "eliminated"):
            boxes[f"{side} {box}"] = []
    why = explain.flags_for(state, role)
    for u in state.units:
        if u.status == ON_MAP:
            board.setdefault(u.hex, []).append(token(state, u, role, why.get(u.id)))
        elif u.status == PENDING:
            boxes[f"{u.side} reinforcements pending"].append(token(state, u, role,
                                                                   why.get(u.id)))
        elif u.status == DUE:
            boxes[f"{u.side} reinforcements to come"].append(token(state, u, role))
        elif u.status in (ELIMINATED, REMOVED):
            boxes[f"{u.side} eliminated"].append(token(state, u, role))
    boxes["Cup"] = [chit_token(c) for c in state.cup]
    boxes["Chits drawn"] = [chit_token(c) for c in state.drawn]
    control = {h: side for h in gb_map.VP_HEXES
               if (side := victory.holder(state, h)) is not None}
    actions = stack.choices(state, flow.FLOW, role) if role is not None else []
    focus = None
    if state.focus is not None:
        focus = Panel(title=state.focus.title, rows=[list(r) for r in state.focus.rows],
                      notes=list(state.focus.notes), where=state.focus.where)
    return View(game=game, scenario=state.scenario, role=role, active=list(state.active),
                prompt=prompt(state), actions=actions, board=board, boxes=boxes,
                control=control, tracks=tracks(state), hand=None, hand_sizes={},
                log=list(state.log), result=state.result, pinned=list(PINNED), focus=focus)
