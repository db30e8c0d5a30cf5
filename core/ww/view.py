"""What one role sees of a game of Washington's War (core/engine.py `View`).

Hidden information is filtered here, once (../shared/DESIGN.md, "The shared core"): a role's
view holds its own hand only (`core.cards.hand_of`), the other hand as a count
(`hand_sizes`), and the face-up piles (`core.cards.face_up`: discard, removed, the War Ends
box, the Reinforcement Card boxes, both Operations Queues, the reshuffle reminder, the card in
play). The deck's order and the other hand are never named; a spectator (role None) sees no
hand at all.

    board    map space -> its generals (ratings in the label), CUs per nationality, the
             Continental Congress; the French Navy as a marker on its Blockade Zone box (or on
             the Turn Track after d'Estaing)
    boxes    the board's boxes: British Reinforcements, American Reinforcement Leaders, French
             Reinforcements, Captured Generals, Congress Dispersed, the Reserve, removed pieces
    control  space -> the side of its PC
    tracks   year, phase, French Alliance, Regulars Advantage, War Ends card, queues,
             reinforcement actions used, colonies controlled, French Navy, deck size...
    focus    the battle being resolved (9.2): both forces, cards, ratings, every DRM named,
             the dice, the winner and losses
"""
from __future__ import annotations

from functools import cache

from core import cards, stack
from core.engine import Card, Panel, Token, View
from core.ww import deck, flow
from core.ww import generals as roster
from core.ww import query as q
from core.ww.frames.battle import Battle
from core.ww.frames.strategy import Exchange, Impulse, StrategyPhase
from core.ww.frames.turn import GameTurn, Setup
from core.ww.hands import ops_label
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, AMERICAN_REINFORCEMENT_CARDS,
                           ALLIANCE_SPACES, BR, BRITISH, BRITISH_REINFORCEMENT_CARD,
                           BRITISH_REINFORCEMENTS, CAPTURED, DISPERSED, FR,
                           FRENCH_REINFORCEMENTS, NATIONALITIES, NAVY_NOT_IN_PLAY,
                           NAVY_ON_TURN_TRACK, QUEUE, REMOVED, RESERVE, SIDE_OF, SIDES,
                           WAR_ENDS, WwState)

NATIONALITY_NAME = {AM: "American", BR: "British", FR: "French"}
NAVY = "french-navy"
CONGRESS = "congress"
BOXES = (BRITISH_REINFORCEMENTS, AMERICAN_LEADERS, FRENCH_REINFORCEMENTS, CAPTURED, DISPERSED,
         RESERVE, REMOVED)
SET_ASIDE = "aside"            # 4.0: the two cards set aside until 1776 (public by the rules)

# The tracks a player must always see (issue 8 part 6), in this order.
TURN, COLONIES, ALLIANCE, WAR_ENDS_TRACK = "Turn", "Colonies controlled", "French Alliance", \
    "War Ends"
PINNED = [TURN, COLONIES, ALLIANCE, WAR_ENDS_TRACK]

# The phase a game turn is in (5.0), by the GameTurn step running now.
PHASES = {
    flow.reinforcement_phase: "Reinforcement Phase (5.1)",
    flow.strategy_card_phase: "Strategy Card Phase (5.2)",
    flow.strategy_phase: "Strategy Phase (5.3)",
    flow.winter_attrition_phase: "Winter Attrition Phase (5.4)",
    flow.french_naval_phase: "French Naval Phase (5.5)",
    flow.political_control_phase: "Political Control Phase (5.6)",
    flow.end_phase: "End Phase (5.7)",
    flow.next_year: "End Phase (5.7)",
}

# Stops whose very prompt would tell the other role something about the asker's hand (the
# exchange window is offered only to a hand holding a fitting OPS card, 6.32.C): the other
# roles read only who is to act.
PRIVATE_PROMPTS = (Exchange,)


# --- names --------------------------------------------------------------------------------


def place_name(where: str) -> str:
    """A space's or box's name as the board prints it; the Reserve and removed pieces."""
    if where == RESERVE:
        return "Reserve"
    if where == REMOVED:
        return "Removed from the game"
    if where == SET_ASIDE:
        return "Set aside until 1776"
    locations = q.board().locations
    return locations[where].name if where in locations else where


def general_label(gid: str) -> str:
    """'Washington S1 T5 A3': the name and the three printed ratings (2.2.C)."""
    g = roster.general(gid)
    return f"{g.name} S{g.strategy} T{g.tactical} A{g.agility}"


@cache
def card_view(number: int) -> Card:
    """A card as a player who may see it sees it: number and title (an OPS card's value),
    its OPS value or None, its full text and its flags/kind as tags. Made once per card and
    shared by every view that shows it (the discard pile alone holds dozens, and the online
    server builds views at every action): nothing changes a view's Cards, the app and the
    server only read and encode them."""
    c = deck.card(number)
    if c.kind == "ops":
        return Card(id=c.number, name=ops_label(number), value=c.ops, text=c.text,
                    tags=[f"{c.ops} OPS"])
    return Card(id=c.number, name=c.name, value=None, text=c.text, tags=list(c.tags))


# --- pieces -------------------------------------------------------------------------------


def general_token(gid: str) -> Token:
    side, label, flags = _general_fields(gid)
    return Token(id=gid, kind="general", side=side, label=label, flags=list(flags))


@cache
def _general_fields(gid: str) -> tuple[str, str, tuple[str, ...]]:
    g = roster.general(gid)
    flags = []
    if g.nationality != g.side:
        flags.append(g.nationality)             # Rochambeau: French, played as American
    if g.retreat_bonus:
        flags.append(f"+{g.retreat_bonus} agility to retreat before battle (7.9.A)")
    return g.side, general_label(gid), tuple(flags)


def cu_token(where: str, nationality: str, count: int) -> Token:
    name = NATIONALITY_NAME[nationality]
    return Token(id=f"cu-{nationality}-{where}", kind="cu", side=SIDE_OF[nationality],
                 label=f"{count} {name} CU{'' if count == 1 else 's'}", strength=count,
                 flags=[name] if nationality == FR else [])


def generals_by_place(state: WwState) -> dict[str, dict[str, list[str]]]:
    """Place -> side -> its generals there, in the state's order (`q.generals_at` for every
    place at once, for a view that asks of every place)."""
    sides = roster.sides()
    out: dict[str, dict[str, list[str]]] = {}
    for general, where in state.generals.items():
        out.setdefault(where, {}).setdefault(sides[general], []).append(general)
    return out


def pieces_at(state: WwState, where: str,
              by_place: dict[str, dict[str, list[str]]] | None = None) -> list[Token]:
    """Generals (British first), then CUs per nationality, at a space or box."""
    here_generals = (by_place if by_place is not None else generals_by_place(state)).get(where, {})
    out = [general_token(g) for side in (BRITISH, AMERICAN) for g in here_generals.get(side, ())]
    here = state.cus.get(where, {})
    out += [cu_token(where, n, here[n]) for n in NATIONALITIES if here.get(n)]
    return out


def congress_token() -> Token:
    return Token(id=CONGRESS, kind="congress", side=AMERICAN, label="Continental Congress")


def navy_token(state: WwState) -> Token:
    if state.navy in (NAVY_NOT_IN_PLAY, NAVY_ON_TURN_TRACK):
        flags = ["not in play" if state.navy == NAVY_NOT_IN_PLAY
                 else "d'Estaing: no zone blockaded (12.3)"]
    else:
        flags = ["blockading (12.3)"]
    return Token(id=NAVY, kind="navy", side=AMERICAN, label="French Navy", flags=flags)


def navy_place(state: WwState) -> tuple[str, bool]:
    """Where the French Navy marker stands and whether that is a board location: its Blockade
    Zone box, the current year's Turn Track space (d'Estaing), or the French Reinforcements
    box until the alliance (4.0)."""
    if state.navy == NAVY_NOT_IN_PLAY:
        return FRENCH_REINFORCEMENTS, False
    if state.navy == NAVY_ON_TURN_TRACK:
        turn = f"turn-{state.year}"
        return (turn, True) if turn in q.board().locations else (NAVY_ON_TURN_TRACK, False)
    return state.navy, True


def board_and_boxes(state: WwState) -> tuple[dict[str, list[Token]], dict[str, list[Token]]]:
    board: dict[str, list[Token]] = {}
    boxes: dict[str, list[Token]] = {box: [] for box in BOXES}
    places = dict.fromkeys([*state.generals.values(), *state.cus])   # in a stable order
    by_place = generals_by_place(state)
    for where in places:
        tokens = pieces_at(state, where, by_place)
        if not tokens:
            continue
        if q.on_map(where):
            board.setdefault(where, []).extend(tokens)
        else:
            boxes.setdefault(where, []).extend(tokens)
    if state.congress == DISPERSED:
        boxes[DISPERSED].append(congress_token())
    elif state.congress:
        board.setdefault(state.congress, []).append(congress_token())
    where, on_board = navy_place(state)
    (board if on_board else boxes).setdefault(where, []).append(navy_token(state))
    spaces = set(q.spaces())
    ordered = {s: board[s] for s in q.spaces() if s in board}
    ordered.update({s: tokens for s, tokens in board.items() if s not in spaces})
    return ordered, boxes


# --- tracks -------------------------------------------------------------------------------


def phase(state: WwState) -> str:
    if state.result is not None:
        return "Game over"
    if stack.find(state, Setup) is not None:
        return "Set-up (4.0)"
    if stack.find(state, StrategyPhase) is not None or stack.find(state, Impulse) is not None:
        return PHASES[flow.strategy_phase]
    turn = stack.find(state, GameTurn)
    if turn is None or turn.step == 0:
        return "-"
    step = flow.GAME_TURN.steps[min(turn.step, len(flow.GAME_TURN.steps)) - 1]
    return PHASES.get(step, step.__name__.replace("_", " "))


def alliance_track(state: WwState) -> str:
    if state.france_in_war:
        return "France in the war" + (" · European War" if state.european_war else "")
    return f"{state.alliance}/{ALLIANCE_SPACES}"


def war_ends_track(state: WwState) -> str:
    boxed = state.piles.boxes.get(WAR_ENDS, [])
    if not boxed:
        return "no card"
    number = boxed[-1]
    return f"{deck.card(number).war_end_year} (card {number})"


def queue_track(state: WwState, side: str) -> str:
    queued = state.piles.boxes.get(QUEUE[side], [])
    if not queued:
        return "none"
    total = sum(deck.card(n).ops or 0 for n in queued)
    return f"{len(queued)} card{'' if len(queued) == 1 else 's'}, {total} OPS"


def reinforcements_used(state: WwState, side: str) -> str:
    boxes = (BRITISH_REINFORCEMENT_CARD,) if side == BRITISH else AMERICAN_REINFORCEMENT_CARDS
    used = sum(1 for box in boxes if state.piles.boxes.get(box))
    return f"{used}/{len(boxes)}"


def navy_track(state: WwState) -> str:
    if state.navy == NAVY_NOT_IN_PLAY:
        return "not in play"
    if state.navy == NAVY_ON_TURN_TRACK:
        return "on the Turn Track (d'Estaing): no zone blockaded"
    return place_name(state.navy)


def box_summary(state: WwState, box: str,
                by_place: dict[str, dict[str, list[str]]] | None = None) -> str:
    here_generals = (by_place if by_place is not None else generals_by_place(state)).get(box, {})
    parts = [roster.display(g) for side in (BRITISH, AMERICAN) for g in here_generals.get(side, ())]
    here = state.cus.get(box, {})
    parts += [f"{here[n]} {NATIONALITY_NAME[n]} CU" for n in NATIONALITIES if here.get(n)]
    return ", ".join(parts) or "empty"


def tracks(state: WwState) -> dict[str, int | str]:
    out: dict[str, int | str] = {
        TURN: state.year,
        "Phase": phase(state),
    }
    impulse = stack.find(state, Impulse)
    if impulse is not None:
        out["Impulse"] = impulse.side + (" (the last card of the phase, 9.44)"
                                         if impulse.last_card else "")
    if state.first_player:
        out["First player"] = state.first_player
    controllers = [q.colony_controller(state, c) for c in q.colonies()]   # 13.2, read once
    american, british = controllers.count(AMERICAN), controllers.count(BRITISH)
    out[COLONIES] = f"American {american} · British {british} (of {len(q.colonies())})"
    out[ALLIANCE] = alliance_track(state)
    out[WAR_ENDS_TRACK] = war_ends_track(state)
    out["British Regulars Advantage"] = "in effect" if state.regulars else "lost"
    for side in SIDES:
        out[f"{side} Operations Queue"] = queue_track(state, side)
    for side in SIDES:
        out[f"{side} reinforcements used"] = reinforcements_used(state, side)
    out["French Navy"] = navy_track(state)
    out["Continental Congress"] = ("dispersed" if state.congress == DISPERSED
                                   else place_name(state.congress) if state.congress else "-")
    if state.mutiny:
        out["Line Mutinies"] = "played this turn: no American PC placement (10.11.A.iv)"
    out["Deck"] = len(state.piles.deck)
    out["Discard pile"] = len(state.piles.discard)
    if state.reshuffle_pending:
        out["Reshuffle"] = "the deck is rebuilt at the next Strategy Card Phase (6.3.D)"
    if state.exchange_card and state.exchange_for:
        out["Exchange open"] = (f"{state.exchange_for} may take "
                                f"{deck.card(state.exchange_card).name} (6.32.C)")
    by_place = generals_by_place(state)
    for box in (BRITISH_REINFORCEMENTS, AMERICAN_LEADERS, FRENCH_REINFORCEMENTS, CAPTURED):
        out[place_name(box)] = box_summary(state, box, by_place)
    out["Reserve"] = ", ".join(f"{q.cu_count(state, RESERVE, n)} {NATIONALITY_NAME[n]}"
                               for n in (AM, BR))
    return out


# --- the battle being resolved ------------------------------------------------------------


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def battle_focus(state: WwState) -> Panel | None:
    """9.2: both forces, the cards played or discarded, the battle ratings, every DRM named,
    the dice, the winner and the losses, as the Battle frame records them step by step."""
    b = stack.find(state, Battle)
    if b is None:
        return None
    where = place_name(b.space)
    title = f"Battle of {where}: {b.attacker} attacking"
    if b.winner:
        title += f" — {b.winner} wins"
    rows: list[list[str]] = []
    notes: list[str] = []
    totals: dict[str, int] = {}
    for side, general in ((b.attacker, b.attacker_general), (b.defender, b.defender_general)):
        head = f"{side} ({'attacker' if side == b.attacker else 'defender'})"
        rows.append([head, "General",
                     general_label(general) if general else "none (battle rating 0, 9.3)"])
        force = [f"{q.cu_count(state, b.space, n)} {NATIONALITY_NAME[n]}"
                 for n in q.nationalities(side) if q.cu_count(state, b.space, n)]
        rows.append([head, "CUs", ", ".join(force) or "none"])
        if side in b.cards:
            how = ("played as a Battle card (+2, 9.45)" if b.played.get(side)
                   else "discarded (+1, 9.45)")
            rows.append([head, "Card", f"{deck.card(b.cards[side]).name}: {how}"])
        if side in b.ratings:
            rows.append([head, "Battle rating", str(b.ratings[side])])
        mods = b.modifiers.get(side, [])
        for amount, reason in mods:
            rows.append([head, "DRM", f"{signed(amount)} {reason}"])
        totals[side] = sum(amount for amount, _ in mods)
        if mods:
            rows.append([head, "Total DRM", signed(totals[side])])
        if side in b.rolls:
            rows.append([head, "Die", f"{b.rolls[side]} {signed(totals[side])} = "
                                      f"{b.rolls[side] + totals[side]}"])
        if side in b.losses:
            rows.append([head, "Losses", f"{b.losses[side]} CU"
                                         f"{'' if b.losses[side] == 1 else 's'}"])
    if b.intercepted:
        notes.append("The defender intercepted (9.46).")
    if b.winter_offensive:
        notes.append("American Winter Offensive (9.44).")
    for side in (b.attacker, b.defender):
        if side in b.rolls:
            notes.append(f"{side}: die {b.rolls[side]} {signed(totals.get(side, 0))} = "
                         f"{b.rolls[side] + totals.get(side, 0)}")
    if b.winner:
        notes.append(f"Winner: {b.winner} (the attacker wins ties, 9.2 step 4).")
    if b.losses:
        notes.append("Losses: " + ", ".join(f"{side} {n}" for side, n in b.losses.items())
                     + ".")
    if b.retreat_to:
        notes.append(f"Retreat to {place_name(b.retreat_to)}.")
    return Panel(title=title, rows=rows, notes=notes, where=b.space)


# --- the view -----------------------------------------------------------------------------


def piles(state: WwState) -> dict[str, list[Card]]:
    """Every face-up pile, top card last: never the deck, never a hand (6.1.C, 6.2)."""
    shown = cards.face_up(state.piles)
    if state.piles.aside:
        shown[SET_ASIDE] = list(state.piles.aside)
    return {name: [card_view(n) for n in numbers] for name, numbers in shown.items()}


def asking(state: WwState) -> bool:
    """Whether a stop of the game's flow asks now (False while the top frame belongs to a part
    of the rules not written yet, so the view of a position under construction still shows)."""
    return bool(state.stack) and type(state.stack[-1]) in flow.FLOW \
        and stack.asking(state, flow.FLOW) is not None


def prompt(state: WwState, role: str | None) -> str:
    if state.result is not None:
        return state.result
    if not asking(state):
        return ""
    ask = stack.asking(state, flow.FLOW)
    assert ask is not None
    stop, frame = ask
    asked = stop.role(state, frame)
    if isinstance(frame, PRIVATE_PROMPTS) and role != asked:
        return f"{asked} to act."
    return stop.prompt(state, frame)


def build(state: WwState, role: str | None) -> View:
    board, boxes = board_and_boxes(state)
    hand = cards.hand_of(state.piles, role)
    return View(
        game=state.game, scenario=state.scenario, role=role, active=list(state.active),
        prompt=prompt(state, role),
        actions=(stack.choices(state, flow.FLOW, role)
                 if role is not None and asking(state) else []),
        board=board, boxes=boxes, control=dict(state.pcs), tracks=tracks(state),
        hand=None if hand is None else [card_view(n) for n in hand],
        hand_sizes=cards.hand_sizes(state.piles), log=list(state.log), result=state.result,
        pinned=list(PINNED), focus=battle_focus(state), piles=piles(state))
