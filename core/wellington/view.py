"""What one Power sees of a game of Wellington (core/engine.py `View`).

Hidden information is filtered here, once: a Power's view holds its own hand (common and
national cards, 2.5; a player holding two Powers reads each Power's view), the other hands as
counts, and the face-up cards: the top card of the discard pile only (4.21: nobody looks
through it), the removed cards (5.7: they stay visible), the card in play and the cards kept
in effect. The national decks and the Reserve boxes are never shown, not even counted (4.21).
No log line names a card drawn or held; a spectator (role None) sees no hand.

    board    duchy -> commanders (BV-CV, Commander or staff officer) and soldiers per Power
    boxes    the England box, the Regroup Box, commanders not in play (unbuilt)
    control  duchy -> controlling Power (3.1), "" for none shown as absent
    tracks   turn, round, Resources, Key duchies per Power, VP so far, the Power holding most
             cards (4.22), deck size...; view_panels.py adds whose impulse, the Impulse Track
             with the marker and who may preempt, and pins them
    focus    the battle (battle/view.py) or siege (siege.panel) being resolved; view_panels.py
             puts an interception or evasion being tried there
"""
from __future__ import annotations

from core import cards, stack
from core.engine import Card, Panel, Token, View
from core.wellington import battle, building, deck, flow, hands, impulse, siege, victory
from core.wellington import flags as geo
from core.wellington import view_panels
from core.wellington.frames.impulse import ImpulsePhase
from core.wellington.frames.siege import Siege
from core.wellington.frames.turn import Setup
from core.wellington.state import (COUNTER_NAME, COUNTER_TYPES, IN_EFFECT, IN_PLAY, POWERS,
                                   REGROUP, SIDE, SP, UNBUILT, WellingtonState)
from core.wellington.view_panels import ROUND, TURN

UNBUILT_BOX = "unbuilt"
DISCARD_TOP = "discard (top card)"


def card_view(number: int) -> Card:
    c = deck.card(number)
    return Card(id=number, name=hands.title(number), value=c.cp, text=c.text, tags=c.tags)


def commander_token(state: WellingtonState, commander: str) -> Token:
    c = building.commander(commander)
    where = state.commanders[commander]
    flags = []
    if geo.on_map(where):
        leader = state.leading.get(where)
        if leader == commander:
            flags.append("Commander")
        elif leader and SIDE[geo.commander_power(leader)] == SIDE[c.power]:
            flags.append("staff officer")
    if commander in state.bfi:
        flags.append("BFI")
    return Token(id=commander, kind="commander", side=c.power, label=f"{c.name} {c.bv}-{c.cv}",
                 strength=c.bv, flags=flags)


def soldiers_token(where: str, power: str, counts: list[int]) -> Token:
    parts = [f"{counts[t]} {COUNTER_NAME[t]}" for t in COUNTER_TYPES if counts[t]]
    total = sum(counts[t] * SP[t] for t in COUNTER_TYPES)
    return Token(id=f"soldiers-{power}-{where}", kind="soldiers", side=power,
                 label=f"{power}: {', '.join(parts)} ({total} SP)", strength=total)


def pieces(state: WellingtonState) -> tuple[dict[str, list], dict[str, list]]:
    board: dict[str, list[Token]] = {}
    boxes: dict[str, list[Token]] = {REGROUP: [], UNBUILT_BOX: []}
    for commander, where in state.commanders.items():
        token = commander_token(state, commander)
        if where == UNBUILT:
            boxes[UNBUILT_BOX].append(token)
        elif geo.on_map(where):
            board.setdefault(where, []).append(token)
        else:
            boxes.setdefault(where, []).append(token)
    for where, by_power in state.troops.items():
        for power in POWERS:
            if any(by_power.get(power, [0, 0, 0])):
                token = soldiers_token(where, power, by_power[power])
                (board if geo.on_map(where) else boxes).setdefault(where, []).append(token)
    for duchy in state.hasty_forts:
        board.setdefault(duchy, []).append(Token(id=f"hasty-{duchy}", kind="marker", side="",
                                                 label="Hasty Fort (#37)"))
    return board, boxes


def control(state: WellingtonState) -> dict[str, str]:
    out = {}
    for duchy in geo.duchies():
        owner = geo.controller(state, duchy)
        if owner:
            out[duchy] = owner
    return out


def phase(state: WellingtonState) -> str:
    if state.result is not None:
        return "Game over"
    if stack.find(state, Setup) is not None:
        return "Set-up (2.1, 2.6)"
    if stack.find(state, ImpulsePhase) is not None:
        return "Impulses (4.2)"
    return "End of turn, Interphase (4.3-4.8, 16)"


def tracks(state: WellingtonState) -> dict[str, int | str]:
    """The public tracks; view_panels adds the Impulse, the Impulse Track and preemption."""
    out: dict[str, int | str] = {TURN: state.year, "Phase": phase(state), ROUND: state.round}
    out["Resources"] = ", ".join(f"{p} {state.resources.get(p, 0)}" for p in POWERS)
    out["Key duchies"] = ", ".join(f"{p} {len(geo.keys_of(state, p))}" for p in POWERS)
    out["VP so far (19)"] = ", ".join(f"{p} {victory.show(victory.vp(state, p))}"
                                      for p in POWERS)
    counts = {p: impulse.playable_cards(state, p) for p in POWERS}
    most = max(counts.values())
    leaders = [p for p, n in counts.items() if n == most]
    out["Most cards (4.22)"] = leaders[0] if len(leaders) == 1 else "tied: nobody"
    if state.last_holder:
        out["Last Power with cards (4.24)"] = state.last_holder
    out["Deck"] = len(state.piles.deck)
    out["Discard pile"] = len(state.piles.discard)
    if state.obligations:
        out["Owed plays"] = ", ".join(f"{p}: {', '.join(hands.title(n) for n in owed)}"
                                      for p, owed in state.obligations.items())
    return out


def piles(state: WellingtonState) -> dict[str, list[Card]]:
    shown: dict[str, list[int]] = {
        DISCARD_TOP: state.piles.discard[-1:],
        cards.REMOVED: list(state.piles.removed),
        IN_PLAY: list(state.piles.boxes[IN_PLAY]),
        IN_EFFECT: list(state.piles.boxes[IN_EFFECT]),
    }
    return {name: [card_view(n) for n in numbers] for name, numbers in shown.items()}


def asking(state: WellingtonState) -> bool:
    return bool(state.stack) and type(state.stack[-1]) in flow.FLOW \
        and stack.asking(state, flow.FLOW) is not None


def build(state: WellingtonState, role: str | None) -> View:
    board, boxes = pieces(state)
    held = cards.hand_of(state.piles, role)
    return view_panels.extend(state, View(
        game=state.game, scenario=state.scenario, role=role, active=list(state.active),
        prompt=state.result or (stack.prompt(state, flow.FLOW) if asking(state) else ""),
        actions=(stack.choices(state, flow.FLOW, role)
                 if role is not None and asking(state) else []),
        board=board, boxes=boxes, control=control(state), tracks=tracks(state),
        hand=None if held is None else [card_view(n) for n in held],
        hand_sizes=cards.hand_sizes(state.piles), log=list(state.log), result=state.result,
        focus=focus(state), piles=piles(state)))


def focus(state: WellingtonState) -> Panel | None:
    """The battle (11) or the siege (12) being resolved, as its part draws it."""
    panel = battle.focus(state)
    if panel is None:
        frame = stack.find(state, Siege)
        if frame is not None:
            panel = siege.panel(state, frame)
    return panel
