"""The Strategy Card Phase and the Strategy Phase (5.2, 5.3): dealing, who plays first, and
impulses; what one card play can do (6.0-6.34): OPS cards to activate a general (7.1), place
or flip PCs (10.11), bring reinforcements (8.1, 8.2) or build an Operations Queue (7.1.B);
Event cards played (6.3; core/ww/events) or discarded with a minor action (6.32.B), and the
opponent's exchange (6.32.C); Campaign cards (7.2) with the Landing Party (7.2.B).

    STRATEGY_PHASE   who plays first (5.3) -> impulses until both hands are empty
    IMPULSE          exchange window (6.32.C) -> one card play -> the French Alliance once the
                     card is fully resolved (12.2.B) -> replacement draws (6.33.B)
"""
from __future__ import annotations

from functools import cache
from typing import Iterable

from core import cards, stack
from core.engine import Action, Choice, IllegalAction
from core.ww import alliance, arrival, deck, event_cards, movement, pc_spaces, space_bits
from core.ww.alliance import french_ports
from core.ww.space_bits import BIT
from core.ww.hands import (HAND_SIZE, draw, finish_card, hand, ops_label, rebuild,
                           returning_reminders, title)
from core.ww import query as q
from core.ww.query import name, set_pc  # noqa: F401  (other parts used to import them here)
from core.ww.frames.strategy import (Campaign, CampaignChoice, ChooseGeneral, DiscardAction,
                                     Exchange, FirstPlayer, Impulse, LandingParty, PcActions,
                                     PlayCard, Reinforce, StrategyPhase)
from core.ww.generals import side as general_side
from core.ww.state import (AM, AMERICAN, AMERICAN_LEADERS, AMERICAN_REINFORCEMENT_CARDS, BR,
                           BRITISH, BRITISH_REINFORCEMENT_CARD, BRITISH_REINFORCEMENTS, FR,
                           FRENCH_REINFORCEMENTS, IN_PLAY, QUEUE, RESERVE, RESHUFFLE_REMINDER,
                           WwState)

def strategy_card_phase(state: WwState) -> None:
    """5.2, 6.1: in 1776 the two set-aside cards join the deck (6.1.E, A24); a pending
    reshuffle rebuilds it (6.3.D, A29); then 7 cards each, one at a time, the American first
    (A23), the deck rebuilt if it runs out."""
    if state.year == deck.SET_ASIDE_YEAR and state.piles.aside:
        if state.reshuffle_pending:
            cards.reshuffle(state, state.piles,
                            also=[*state.piles.aside, *returning_reminders(state)])
            state.reshuffle_pending = False
            state.log.append("1776: the deck is rebuilt with the Declaration of Independence "
                             "and Baron von Steuben (6.1.E).")
        else:
            for number in list(state.piles.aside):
                cards.move(state.piles, number, cards.ASIDE, cards.DECK)
            cards.shuffle(state, state.piles.deck)
            state.log.append("1776: the Declaration of Independence and Baron von Steuben are "
                             "shuffled into the deck; the discard pile stays (6.1.E).")
    if state.reshuffle_pending:
        rebuild(state, "a reshuffle event or the French Alliance last turn")
        state.reshuffle_pending = False
    for _ in range(HAND_SIZE):
        for side in (AMERICAN, BRITISH):
            draw(state, side, 1)
    state.log.append(f"Each player draws {HAND_SIZE} cards, the American first (5.2).")


WASHINGTON = q.WASHINGTON
ROCHAMBEAU = q.ROCHAMBEAU


# --- the Strategy Phase (5.3) ------------------------------------------------------------


def choose_first(state: WwState, frame: StrategyPhase) -> None:
    """5.3: the British may open with a Campaign; otherwise the American chooses."""
    state.first_player = state.last_impulse = ""
    # Asked every phase, Campaign or not: asking only a British holding one would tell the
    # American what is in the British hand.
    stack.push(state, FirstPlayer(asked=BRITISH))


def first_player_choices(state: WwState, frame: FirstPlayer) -> list[Choice]:
    if frame.asked == BRITISH:
        out = [Choice(Action("open", n), f"Open the phase with {title(n)}: you play first "
                      "(5.3)", "card") for n in hand(state, BRITISH)
               if deck.card(n).kind == "campaign"]
        out.append(Choice(Action("no-campaign"), "No opening Campaign: the American chooses "
                          "who plays first", "turn", ends_turn=True))
        return out
    return [Choice(Action("first", AMERICAN), "The American plays first", "turn"),
            Choice(Action("first", BRITISH), "The British plays first", "turn", ends_turn=True)]


def _open(state: WwState, frame: FirstPlayer, number: int) -> None:
    stack.done(state, frame)
    state.first_player = BRITISH
    state.log.append(f"The British opens the Strategy Phase with {title(number)} (5.3).")
    stack.push(state, Impulse(side=BRITISH, card=number))


def _no_campaign(state: WwState, frame: FirstPlayer, _noun: None) -> None:
    frame.asked = AMERICAN


def _first(state: WwState, frame: FirstPlayer, side: str) -> None:
    stack.done(state, frame)
    state.first_player = side
    state.log.append(f"The American has the {side} play first (5.3).")


FIRST_PLAYER = stack.Stop(
    role=lambda state, frame: frame.asked,
    prompt=lambda state, frame: (
        "British: open the Strategy Phase with a Campaign card and play first, or let the "
        "American choose (5.3)." if frame.asked == BRITISH else
        "American: who plays the first card of this Strategy Phase (5.3)?"),
    choices=first_player_choices,
    handlers={"open": _open, "no-campaign": _no_campaign, "first": _first},
)


def next_impulse(state: WwState, frame: StrategyPhase) -> None:
    """5.3: impulses alternate; a player with no cards is skipped; the phase ends when both
    hands are empty."""
    if state.result is not None:
        return
    american, british = hand(state, AMERICAN), hand(state, BRITISH)
    if not american and not british:
        return
    if not state.last_impulse:
        side = state.first_player
    else:
        side = q.enemy(state.last_impulse)
    if not hand(state, side):
        side = q.enemy(side)
    stack.repeat(frame)
    stack.push(state, Impulse(side=side))


STRATEGY_PHASE = stack.Steps((choose_first, next_impulse))


# --- one impulse ----------------------------------------------------------------------------


def exchange_window(state: WwState, frame: Impulse) -> None:
    """6.32.C: before its impulse, the side may take the Event card the opponent has just
    discarded as a play, giving an OPS card (the American a 2 or 3)."""
    offered, state.exchange_card = state.exchange_card, 0
    if offered and state.exchange_for == frame.side and exchange_cards(state, frame.side) \
            and offered in state.piles.discard:
        stack.push(state, Exchange(side=frame.side, card=offered))
    state.exchange_for = ""


def exchange_cards(state: WwState, side: str) -> list[int]:
    least = 2 if side == AMERICAN else 1
    return [n for n in hand(state, side)
            if deck.card(n).kind == "ops" and (deck.card(n).ops or 0) >= least]


def _exchange(state: WwState, frame: Exchange, number: int) -> None:
    stack.done(state, frame)
    cards.move(state.piles, number, f"hand:{frame.side}", cards.DISCARD)
    cards.move(state.piles, frame.card, cards.DISCARD, f"hand:{frame.side}")
    state.log.append(f"{frame.side} exchanges {ops_label(number)} for {title(frame.card)} "
                     f"(6.32.C).")


EXCHANGE = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (
        f"{frame.side}: take {title(frame.card)}, just discarded, in exchange for an OPS card"
        f"{' worth 2 or 3' if frame.side == AMERICAN else ''}? (6.32.C; not a card play)"),
    choices=lambda state, frame: [
        *(Choice(Action("exchange", n), f"Give {ops_label(n)} for {title(frame.card)}", "card")
          for n in exchange_cards(state, frame.side)),
        Choice(Action("decline"), "No exchange", "turn")],
    handlers={"exchange": _exchange,
              "decline": lambda state, frame, _noun: stack.done(state, frame)},
)


def play(state: WwState, frame: Impulse) -> None:
    """5.3: one card play: the card chosen by the player, or the British opening Campaign."""
    if not hand(state, frame.side):
        return  # every card went by random discards before the impulse (6.31)
    if frame.card:
        leave_hand(state, frame, frame.card)
        play_event(state, frame.side, frame.card)
        return
    stack.push(state, PlayCard(side=frame.side))


def after_card(state: WwState, frame: Impulse) -> None:
    """12.2.B: the French Alliance once the card is fully resolved."""
    alliance.apply_if_due(state)


def replacement_draws(state: WwState, frame: Impulse) -> None:
    """6.33.B: one card for each Battle card played this impulse, the active player first."""
    for side in (frame.side, q.enemy(frame.side)):
        due = state.replacements.pop(side, 0)
        if due:
            drawn = draw(state, side, due)
            state.log.append(f"{side} draws {drawn} replacement card"
                             f"{'' if drawn == 1 else 's'} for Battle cards (6.33.B).")
    state.last_impulse = frame.side


IMPULSE = stack.Steps((exchange_window, play, after_card, replacement_draws))


def leave_hand(state: WwState, impulse: Impulse, number: int) -> None:
    """The card played leaves its hand; whether it was the last card of the phase (9.44,
    A11: both hands otherwise empty)."""
    impulse.card = number
    if number in hand(state, impulse.side):
        cards.move(state.piles, number, f"hand:{impulse.side}", IN_PLAY)
    impulse.last_card = not hand(state, AMERICAN) and not hand(state, BRITISH)


def current_impulse(state: WwState) -> Impulse:
    impulse = stack.find(state, Impulse)
    assert impulse is not None
    return impulse


# --- choosing the card and its use (6.2, 6.3) ---------------------------------------------


def card_choices(state: WwState, frame: PlayCard) -> list[Choice]:
    side = frame.side
    queue = state.piles.boxes[QUEUE[side]]
    queued = bool(queue)
    out: list[Choice] = []
    append, extend = out.append, out.extend
    # What an OPS card may do depends on its value alone: each question is asked once, for
    # the first OPS card.
    uses = -1   # the open uses USE_PC, USE_REINFORCE, USE_FRENCH as bits, once asked
    least: int | None = None  # the least Strategy rating of a general on the map (7.1.A)
    for number in hand(state, side):
        value, fixed, menus = (_CARD_PLAYS.get((number, side, queued))
                               or _card_plays(number, side, queued))
        if value is None:  # an Event card
            if fixed is None:  # (may_play_event, the card and side alone having no answer)
                fixed = 1 if event_cards.playable_by_state(state, side, number) else 0
            extend(menus[fixed])
            continue
        if uses < 0:
            uses = ((USE_PC if has_pc_target(state, side) else 0)
                    | (USE_REINFORCE if can_reinforce(state, side) else 0)
                    | (USE_FRENCH if can_bring_french(state, side) else 0))
            least = movement.least_strategy(state, side)  # (7.1.A)
        if queued:
            total = queue_total(state, side) + value
            append(Choice(Action("queue-add", number), f"{ops_label(number)}: add to your "
                          f"Operations Queue (total {total}) (7.1.B)", "ops"))
        # (least <= value: activatable(state, side, value) holds one)
        extend(menus[uses | USE_ACTIVATE if least is not None and least <= value else uses])
    return out


# The card plays depend only on the card, the side, whether a queue stands and which uses are
# open: each card's menus are made once, the first time a hand holds it, as tuples of Choices
# (a Choice is frozen, so one object serves every listing). The queue's running total
# (queue-add) is written at each listing.
USE_ACTIVATE, USE_PC, USE_REINFORCE, USE_FRENCH = 1, 2, 4, 8   # an OPS card's open uses
Menu = tuple[Choice, ...]
OpsPlays = tuple[int, tuple[Menu, ...]]
_OPS_PLAYS: dict[tuple[int, str, bool], OpsPlays | None] = {}
EventPlays = tuple[int | None, tuple[Menu, Menu]]
_EVENT_PLAYS: dict[tuple[int, str], EventPlays] = {}
# per card, side and queue standing: an OPS card's (value, None, menus by open uses), an Event
# card's (None, fixed answer or None, menus by playability), read at every listing
CardPlays = tuple["int | None", "int | None", tuple[Menu, ...]]
_CARD_PLAYS: dict[tuple[int, str, bool], CardPlays] = {}


def _card_plays(number: int, side: str, queued: bool) -> CardPlays:
    """A card's entry of `_CARD_PLAYS`, made the first time a hand holds it."""
    ops = _ops_plays(number, side, queued)
    if ops is not None:
        plays: CardPlays = (ops[0], None, ops[1])
    else:
        fixed, menus = _event_plays(number, side)
        plays = (None, fixed, menus)
    _CARD_PLAYS[(number, side, queued)] = plays
    return plays


def _ops_plays(number: int, side: str, queued: bool) -> OpsPlays | None:
    """An OPS card's value and its menus but queue-add: menus[uses] for each set of open uses
    (the bits USE_ACTIVATE, USE_PC, USE_REINFORCE, USE_FRENCH), in menu order: activate (7.1),
    PC actions (10.11), reinforcements (8.1, 8.2), the French (12.2.B.ii, A38), start a queue
    (7.1.B: a 1 or 2 with no queue standing) and discard; None for an Event card."""
    key = (number, side, queued)
    if key in _OPS_PLAYS:
        return _OPS_PLAYS[key]
    c = deck.card(number)
    if c.kind != "ops":
        _OPS_PLAYS[key] = None
        return None
    label, value = ops_label(number), c.ops or 0
    abandon = " (abandons your queue)" if queued else ""
    uses = (
        (USE_ACTIVATE, Choice(Action("activate", number), f"{label}: activate a general of "
                              f"strategy {value} or less{abandon} (7.1)", "ops")),
        (USE_PC, Choice(Action("pc", number), f"{label}: up to {value} PC actions{abandon} "
                        "(10.11)", "ops")),
        (USE_REINFORCE, Choice(Action("reinforce", number), f"{label}: reinforcements"
                               f"{abandon} ({'8.1' if side == BRITISH else '8.2'})", "ops")),
        (USE_FRENCH, Choice(Action("french", number), f"{label}: bring Rochambeau and the "
                            f"French CUs{abandon} (12.2.B.ii)", "ops")),
    )
    always: list[Choice] = []
    if not queued and value in (1, 2):
        always.append(Choice(Action("queue", number), f"{label}: start an Operations Queue "
                             "(7.1.B)", "ops"))
    always.append(Choice(Action("discard", number), f"{label}: discard with no effect"
                         f"{abandon}", "ops"))
    menus = tuple((*(choice for bit, choice in uses if bit & open_uses), *always)
                  for open_uses in range(16))
    plays = _OPS_PLAYS[key] = (value, menus)
    return plays


def _event_plays(number: int, side: str) -> EventPlays:
    """An Event card's menus for `side`: [0] when its event may not be played now, [1] when it
    may; the event (6.3) comes before the discard (6.32), which a must-play card does not
    offer. First, what `may_play_event` answers from the card and the side alone, whatever
    the state (`_may_play_fixed`, then `event_cards.fixed_playability`), as that index; None
    when the state decides (`event_cards.playable_by_state`)."""
    key = (number, side)
    plays = _EVENT_PLAYS.get(key)
    if plays is None:
        c = deck.card(number)
        event = Choice(Action("event", number), f"{c.name}: play the event", "event")
        discard: Menu = () if c.must_play else (
            Choice(Action("discard-event", number), f"{c.name}: discard it (a minor PC action; "
                   "the opponent may exchange for it) (6.32)", "event"),)
        fixed = _may_play_fixed(number, side)
        if fixed is None:
            fixed = event_cards.fixed_playability(number, side)
        plays = _EVENT_PLAYS[key] = (None if fixed is None else int(fixed),
                                     (discard, (event, *discard)))
    return plays


def may_play_event(state: WwState, side: str, number: int) -> bool:
    """6.3.B flags, 6.33.A Battle cards (Tarleton excepted), 6.32.A conditions."""
    fixed = _may_play_fixed(number, side)
    return event_cards.playable(state, side, number) if fixed is None else fixed


@cache
def _may_play_fixed(number: int, side: str) -> bool | None:
    """What `may_play_event` answers from the card and the side alone (the flag, Strategy
    Phase play, a Campaign), once per card and side; None when the state decides."""
    c = deck.card(number)
    if c.flag == "american" and side != AMERICAN or c.flag == "british" and side != BRITISH:
        return False
    if "strategy" not in c.play_in:
        return False
    if c.kind == "campaign":
        return True
    return None


def queue_total(state: WwState, side: str) -> int:
    return sum(deck.card(n).ops or 0 for n in state.piles.boxes[QUEUE[side]])


def abandon_queue(state: WwState, side: str) -> None:
    """7.1.B.iii: any other play abandons the queue; its cards go to the discard pile."""
    queued = list(state.piles.boxes[QUEUE[side]])
    for number in queued:
        cards.move(state.piles, number, QUEUE[side], cards.DISCARD)
    if queued:
        state.log.append(f"{side} abandons the Operations Queue (7.1.B).")


def _impulse(state: WwState, frame: PlayCard, number: int) -> Impulse:
    stack.done(state, frame)
    impulse = current_impulse(state)
    leave_hand(state, impulse, number)
    return impulse


def _activate(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    abandon_queue(state, side)
    finish_card(state, number)
    state.log.append(f"{side} plays {ops_label(number)} to activate a general (7.1).")
    stack.push(state, ChooseGeneral(side=side, ops=deck.card(number).ops or 0, card=number))


def _queue_add(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    finish_card(state, number, QUEUE[side])
    total = queue_total(state, side)
    state.log.append(f"{side} adds {ops_label(number)} to the Operations Queue: {total} "
                     f"operations (7.1.B).")
    stack.push(state, ChooseGeneral(side=side, ops=total, card=number, queue=True))


def _queue(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    finish_card(state, number, QUEUE[side])
    state.log.append(f"{side} starts an Operations Queue with {ops_label(number)} (7.1.B).")


def _pc(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    abandon_queue(state, side)
    finish_card(state, number)
    value = deck.card(number).ops or 0
    state.log.append(f"{side} plays {ops_label(number)} for PC actions (10.11).")
    stack.push(state, PcActions(side=side, card=number, left=value,
                                before=sorted(pcs_before(state, side))))


def _reinforce(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    abandon_queue(state, side)
    finish_card(state, number, free_reinforcement_box(state, side))
    state.log.append(f"{side} plays {ops_label(number)} for reinforcements "
                     f"({'8.1' if side == BRITISH else '8.2'}).")
    stack.push(state, Reinforce(side=side, card=number))


def _french(state: WwState, frame: PlayCard, number: int) -> None:
    _impulse(state, frame, number)
    abandon_queue(state, AMERICAN)
    finish_card(state, number, free_reinforcement_box(state, AMERICAN))
    state.log.append(f"American plays {ops_label(number)} to bring in the French (12.2.B.ii).")
    stack.push(state, Reinforce(side=AMERICAN, card=number, french=True))


def _discard(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    abandon_queue(state, side)
    finish_card(state, number)
    state.log.append(f"{side} discards {ops_label(number)} with no effect (A38).")


def _event(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    abandon_queue(state, side)
    play_event(state, side, number)


def play_event(state: WwState, side: str, number: int) -> None:
    """6.3: a Campaign (7.2) here; every other event in core/ww/events, which also sends the
    card where it goes (discard, removed, the War Ends box, the reshuffle reminder)."""
    c = deck.card(number)
    state.log.append(f"{side} plays {c.name} as an event.")
    if c.kind == "campaign":
        stack.push(state, Campaign(side=side, card=number, activations=c.activations or 0))
        return
    event_cards.play(state, side, number)


def _discard_event(state: WwState, frame: PlayCard, number: int) -> None:
    side = frame.side
    _impulse(state, frame, number)
    abandon_queue(state, side)
    finish_card(state, number)
    state.log.append(f"{side} discards {title(number)} (6.32).")
    if number in deck.RESHUFFLE_WHEN_DISCARDED:
        state.reshuffle_pending = True
        state.log.append(f"{title(number)} discarded: the deck will be rebuilt at the next "
                         "Strategy Card Phase (6.1 note).")
    state.exchange_card, state.exchange_for = number, q.enemy(side)
    stack.push(state, DiscardAction(side=side, card=number))


PLAY_CARD = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (
        f"{frame.side} impulse: play a card: OPS to activate a general, place PCs, bring "
        f"reinforcements or queue; an event; or discard (5.3)."),
    choices=card_choices,
    handlers={"activate": _activate, "queue-add": _queue_add, "queue": _queue, "pc": _pc,
              "reinforce": _reinforce, "french": _french, "discard": _discard,
              "event": _event, "discard-event": _discard_event},
)


# --- activating a general (7.1) -------------------------------------------------------------


def general_choices(state: WwState, frame: ChooseGeneral) -> list[Choice]:
    out = [Choice(Action("general", g), f"Activate {g.title()} (strategy "
                  f"{movement.strategy(g)})", "move")
           for g in movement.activatable(state, frame.side, frame.ops)]
    if frame.queue:
        out.append(Choice(Action("keep-queue"), f"Keep the queue ({frame.ops} operations) for "
                          "a later card (7.1.B)", "turn", ends_turn=True))
    return out


def _general(state: WwState, frame: ChooseGeneral, general: str) -> None:
    stack.done(state, frame)
    if frame.queue:
        for number in list(state.piles.boxes[QUEUE[frame.side]]):
            cards.move(state.piles, number, QUEUE[frame.side], cards.DISCARD)
        state.log.append(f"The Operations Queue ({frame.ops}) activates {general.title()}; "
                         "its cards are discarded (7.1.B).")
    movement.activate(state, frame.side, general, frame.card, "queue" if frame.queue else "ops")


CHOOSE_GENERAL = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (f"{frame.side}: activate a general of strategy {frame.ops} or "
                                 f"less (7.1)."),
    choices=general_choices,
    handlers={"general": _general,
              "keep-queue": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- PC actions with an OPS card (10.11) ----------------------------------------------------


def pcs_before(state: WwState, side: str) -> set[str]:
    return q.pcs_of(state, side)


def pc_targets(state: WwState, side: str, british_before: set[str],
               exclude: set[str] = frozenset()) -> list[tuple[str, str]]:
    """10.11: the PC actions an OPS card allows now, in board order: ("place", space) or
    ("flip", space); `british_before`, the British PCs before the card (10.11.B.ii);
    `exclude`, the spaces this card has already acted in."""
    place, flip = _pc_spaces(state, side, british_before)
    return [("place" if BIT[space] & place else "flip", space)
            for space in space_bits.spaces_in((place | flip) & ~space_bits.mask_of(exclude))]


def any_pc_target(state: WwState, side: str, british_before: set[str],
                  exclude: set[str] = frozenset()) -> bool:
    """`pc_targets` is not empty (the flips are read only if no placement is left)."""
    board = pc_spaces.PcBoard(state)
    if not exclude:
        return (pc_spaces.can_place(board, side, british_before)
                or pc_spaces.can_flip_now(state, side))
    left = ~space_bits.mask_of(exclude)
    return bool(pc_spaces.placeable(board, side, _before(side, british_before)) & left
                or pc_spaces.flippable(board, side) & left)


def _before(side: str, british_before: Iterable[str]) -> int | None:
    """For the British, the spaces next to the British PCs before the card (10.11.B.ii)."""
    if side != BRITISH:
        return None
    return pc_spaces.friendly_adjacent(BRITISH, space_bits.mask_of(british_before))


def _pc_spaces(state: WwState, side: str, british_before: Iterable[str]) -> tuple[int, int]:
    board = pc_spaces.PcBoard(state)
    return (pc_spaces.placeable(board, side, _before(side, british_before)),
            pc_spaces.flippable(board, side))


def has_pc_target(state: WwState, side: str) -> bool:
    """Whether an OPS card's PC actions could place or flip anything now (10.11):
    `pc_targets` is not empty (`any_pc_target` with the PCs before the card those of now;
    the placements asked of the state space by space, the flips general by general only if
    none is left)."""
    return pc_spaces.can_place_now(state, side) or pc_spaces.can_flip_now(state, side)


# the PC actions' choices for every space, made once (the board never changes; a Choice is
# frozen, so one object serves every listing)
_PC_CHOICE = {verb: {space: Choice(Action(verb, space), f"{verb.title()} a PC in {name(space)}",
                                   "pc")
                     for space in q.spaces()} for verb in ("place", "flip")}
_PC_PLACE, _PC_FLIP = (space_bits.table(_PC_CHOICE[verb].__getitem__) for verb in ("place",
                                                                                     "flip"))


def pc_choices(state: WwState, frame: PcActions) -> list[Choice]:
    # `pc_targets`, its spaces' choices taken as they come; a space holds no PC where one may
    # be placed and an enemy PC where one may be flipped, so the two sets never meet, and
    # when either is empty the other's choices are read whole (`gather`)
    place, flip = _pc_spaces(state, frame.side, frame.before)
    left = ~space_bits.mask_of(frame.done_spaces)
    place &= left
    flip &= left
    if not flip:
        out = space_bits.gather(place, _PC_PLACE)
    elif not place:
        out = space_bits.gather(flip, _PC_FLIP)
    else:
        places, flips = _PC_CHOICE["place"], _PC_CHOICE["flip"]
        out = [(places if BIT[space] & place else flips)[space]
               for space in space_bits.spaces_in(place | flip)]
    out.append(Choice(_STOP, f"No more PC actions ({frame.left} unused)", "turn",
                      ends_turn=True))
    return out


_STOP = Action("stop")


def _pc_action(state: WwState, frame: PcActions, space: str) -> None:
    side = frame.side
    set_pc(state, space, side, "10.11")
    frame.done_spaces.append(space)
    frame.left -= 1
    if frame.left == 0 or not any_pc_target(state, side, set(frame.before),
                                            set(frame.done_spaces)):
        stack.done(state, frame)


PC_ACTIONS = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (f"{frame.side}: {frame.left} PC action"
                                 f"{'' if frame.left == 1 else 's'} left: place or flip (10.11)."),
    choices=pc_choices,
    handlers={"place": _pc_action, "flip": _pc_action,
              "stop": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- the minor action of a discarded Event (6.32.B) ------------------------------------------


# The minor actions' choices for every space, made once (the board never changes): an action
# and its label, shared by every listing (an Action is frozen, a label a string).
_MINOR_PLACE = {space: Choice(Action("place", space), f"Place a PC in {name(space)} "
                                                      "(6.32.B.ii)", "pc")
                for space in q.spaces()}
_MINOR_FLIP = {space: Choice(Action("flip", space), f"Flip the PC in {name(space)} (6.32.B.ii)",
                             "pc")
               for space in q.spaces()}
_MINOR_REMOVE = {side: {space: Choice(Action("remove", space), f"Remove the {q.enemy(side)} PC "
                                      f"in {name(space)} (6.32.B.iii)", "pc")
                        for space in q.spaces()}
                 for side in (AMERICAN, BRITISH)}
_MINOR_PLACES = space_bits.table(_MINOR_PLACE.__getitem__)
_NOTHING = Choice(Action("nothing"), "Nothing more (6.32.B.i)", "turn", ends_turn=True)


def discard_action_choices(state: WwState, frame: DiscardAction) -> list[Choice]:
    side = frame.side
    out = [_NOTHING]
    # each of 6.32.B.ii-iii needs a friendly PC next door (10.12.B)
    board = pc_spaces.PcBoard(state)
    friendly = pc_spaces.friendly_adjacent(side, board.pcs(side))
    place = pc_spaces.placeable(board, side, friendly=friendly)
    flip = pc_spaces.flippable(board, side, friendly)
    remove = pc_spaces.removable(board, side, friendly)
    if not flip | remove:  # (placements alone: read whole)
        out += space_bits.gather(place, _MINOR_PLACES)
        return out
    removes = _MINOR_REMOVE[side]
    for space in space_bits.spaces_in(place | flip | remove):
        bit = BIT[space]
        if bit & place:
            out.append(_MINOR_PLACE[space])
            continue
        if bit & flip:
            out.append(_MINOR_FLIP[space])
        if bit & remove:
            out.append(removes[space])
    return out


def _minor_pc(state: WwState, frame: DiscardAction, space: str) -> None:
    stack.done(state, frame)
    set_pc(state, space, frame.side, "6.32.B.ii")


def _minor_remove(state: WwState, frame: DiscardAction, space: str) -> None:
    stack.done(state, frame)
    del state.pcs[space]
    state.log.append(f"{frame.side} removes the {q.enemy(frame.side)} PC in {name(space)} "
                     "(6.32.B.iii).")


DISCARD_ACTION = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (f"{frame.side}: a minor action for the discarded "
                                 f"{title(frame.card)} (6.32.B)."),
    choices=discard_action_choices,
    handlers={"nothing": lambda state, frame, _noun: stack.done(state, frame),
              "place": _minor_pc, "flip": _minor_pc, "remove": _minor_remove},
)


# --- reinforcements (8.1, 8.2, 12.2.B.ii) ----------------------------------------------------


def free_reinforcement_box(state: WwState, side: str) -> str:
    boxes = (BRITISH_REINFORCEMENT_CARD,) if side == BRITISH else AMERICAN_REINFORCEMENT_CARDS
    for box in boxes:
        if not state.piles.boxes[box]:
            return box
    raise IllegalAction(f"{side} has used every reinforcement action this turn")


def reinforcement_boxes_free(state: WwState, side: str) -> bool:
    boxes = (BRITISH_REINFORCEMENT_CARD,) if side == BRITISH else AMERICAN_REINFORCEMENT_CARDS
    return any(not state.piles.boxes[box] for box in boxes)


def reinforcement_spaces(state: WwState, side: str) -> list[str]:
    """8.1.C: a port, not blockaded, with no American CU and no American PC; 8.2.C: any space
    with no British CU and no British PC."""
    return space_bits.spaces_in(reinforcement_mask(state, side))


def reinforcement_mask(state: WwState, side: str) -> int:
    """`reinforcement_spaces` as bits (space_bits)."""
    board = pc_spaces.PcBoard(state)
    if side == BRITISH:
        blockaded = space_bits.ZONE_PORTS.get(state.navy, 0) if state.navy else 0
        return (space_bits.PORTS & ~blockaded & ~board.american_cus()
                & ~board.pcs(AMERICAN))
    return space_bits.MAP & ~board.british_cus() & ~board.pcs(BRITISH)


def any_reinforcement_space(state: WwState, side: str) -> bool:
    """`reinforcement_spaces` is not empty (stopping at the first)."""
    cus, pcs = state.cus, state.pcs
    if side == BRITISH:
        for s in q.ports():
            here = cus.get(s)
            if (not (here and (here.get(AM) or here.get(FR))) and pcs.get(s) != AMERICAN
                    and not q.blockaded(state, s)):
                return True
        return False
    for s in q.spaces():
        if pcs.get(s) != BRITISH:
            here = cus.get(s)
            if not (here and here.get(BR)):
                return True
    return False


def waiting_generals(state: WwState, side: str) -> list[str]:
    box = BRITISH_REINFORCEMENTS if side == BRITISH else AMERICAN_LEADERS
    found = q.generals_at(state, box, side)
    if side == AMERICAN and french_waiting(state):
        found = [g for g in found if g != ROCHAMBEAU]  # he comes only with his CUs (12.2.B.ii)
    return found


def french_waiting(state: WwState) -> bool:
    """12.2.B.ii: Rochambeau and the French CUs wait in the American Reinforcement Leaders box
    because no port could take them when the alliance came."""
    return (state.france_in_war and state.generals.get(ROCHAMBEAU) == AMERICAN_LEADERS
            and q.cu_count(state, AMERICAN_LEADERS, FR) > 0)


def can_reinforce(state: WwState, side: str) -> bool:
    """8.1, 8.2: a reinforcement action is possible: a Reinforcement Card box free, CUs or
    generals waiting, and a space that may take them (the cheap questions first)."""
    if not reinforcement_boxes_free(state, side):
        return False
    if side == BRITISH:
        waiting = bool(q.cus(state, BRITISH_REINFORCEMENTS, BRITISH)
                       or waiting_generals(state, BRITISH))
    else:
        waiting = bool(q.cu_count(state, RESERVE, AM) or waiting_generals(state, AMERICAN))
    return waiting and any_reinforcement_space(state, side)


def can_bring_french(state: WwState, side: str) -> bool:
    return (side == AMERICAN and french_waiting(state) and reinforcement_boxes_free(state, side)
            and bool(french_ports(state)))


# the reinforcement spaces' choices, made once (the board never changes)
_REINFORCE_SPACE = {space: Choice(Action("space", space), f"Reinforce {name(space)}", "move")
                    for space in q.spaces()}
_REINFORCE_SPACES = space_bits.table(_REINFORCE_SPACE.__getitem__)


def reinforce_choices(state: WwState, frame: Reinforce) -> list[Choice]:
    side = frame.side
    if not frame.space:
        if frame.french:
            return [_REINFORCE_SPACE[s] for s in french_ports(state)]
        # (`reinforcement_spaces`, its spaces' choices read whole)
        return space_bits.gather(reinforcement_mask(state, side), _REINFORCE_SPACES)
    if frame.cus < 0:
        box = q.cus(state, BRITISH_REINFORCEMENTS, BRITISH)
        least = 0 if waiting_generals(state, BRITISH) else 1  # A21: a general may come alone
        return [Choice(Action("cus", n), f"{n} CU{'' if n == 1 else 's'}", "move")
                for n in range(least, box + 1)]
    # 8.1.C / 8.2.C: the general already there goes back to the box; the label says so
    # (after " — ", the side effect the menu and the map's jump labels show)
    old = q.general_at(state, frame.space, side)
    rule = "8.1.C" if side == BRITISH else "8.2.C"
    back = f" — {old.title()} returns to the reinforcements box ({rule})" if old else ""
    out = [Choice(Action("general", g), f"With {g.title()}{back}", "move")
           for g in arriving_generals(state, frame)]
    if frame.cus > 0:  # with no CUs the play brings a general or nothing would arrive (A21)
        out.append(Choice(Action("no-general"), "No general", "move"))
    return out


def arriving_generals(state: WwState, frame: Reinforce) -> list[str]:
    """8.1.C / 8.2.C: one general from the box may come; none where Washington stands (he
    can never be sent back, 8.2.C), and with no CUs he may not come where an enemy general
    stands alone (A21)."""
    if q.general_at(state, frame.space, frame.side) == WASHINGTON:
        return []
    if frame.cus == 0 and q.general_at(state, frame.space, q.enemy(frame.side)):
        return []
    return waiting_generals(state, frame.side)


def _reinforce_space(state: WwState, frame: Reinforce, space: str) -> None:
    frame.space = space
    if frame.french:
        stack.done(state, frame)
        bring_french(state, space)
        return
    if frame.side == AMERICAN:
        frame.cus = q.move_cus(state, RESERVE, space, AM, deck.card(frame.card).ops or 0)
        state.log.append(f"{frame.cus} American CU{'' if frame.cus == 1 else 's'} from the "
                         f"Reserve reinforce {name(space)} (8.2.C).")
    if not arriving_generals(state, frame) and frame.cus >= 0:
        stack.done(state, frame)
        reinforcements_arrived(state, frame)


def _reinforce_cus(state: WwState, frame: Reinforce, count: int) -> None:
    frame.cus = q.move_cus(state, BRITISH_REINFORCEMENTS, frame.space, BR, count)
    state.log.append(f"{frame.cus} British CU{'' if frame.cus == 1 else 's'} land at "
                     f"{name(frame.space)} (8.1.C).")
    if not arriving_generals(state, frame):
        stack.done(state, frame)
        reinforcements_arrived(state, frame)


def _reinforce_general(state: WwState, frame: Reinforce, general: str) -> None:
    stack.done(state, frame)
    box = BRITISH_REINFORCEMENTS if frame.side == BRITISH else AMERICAN_LEADERS
    old = q.general_at(state, frame.space, frame.side)
    state.generals[general] = frame.space
    state.log.append(f"{general.title()} arrives at {name(frame.space)}.")
    if old is not None:
        state.generals[old] = box  # 8.1.C / 8.2.C: the general already there goes back
        state.log.append(f"{old.title()} returns to the reinforcements box "
                         f"({'8.1.C' if frame.side == BRITISH else '8.2.C'}).")
    reinforcements_arrived(state, frame)


def _no_general(state: WwState, frame: Reinforce, _noun: None) -> None:
    stack.done(state, frame)
    reinforcements_arrived(state, frame)


def reinforcements_arrived(state: WwState, frame: Reinforce) -> None:
    """8.2 clarification: reinforcements placed on a lone enemy general capture him."""
    arrival.arrive(state, frame.space, frame.side)


def bring_french(state: WwState, port: str) -> None:
    """12.2.B.ii: Rochambeau and every French CU enter together in one port."""
    state.generals[ROCHAMBEAU] = port
    moved = q.move_cus(state, AMERICAN_LEADERS, port, FR, q.cu_count(state, AMERICAN_LEADERS, FR))
    moved += q.move_cus(state, FRENCH_REINFORCEMENTS, port, FR,
                        q.cu_count(state, FRENCH_REINFORCEMENTS, FR))
    state.log.append(f"Rochambeau and {moved} French CUs arrive at {name(port)} (12.2.B.ii).")
    arrival.arrive(state, port, AMERICAN)


REINFORCE = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (
        f"{frame.side} reinforcements: " + (
            "where do they arrive?" if not frame.space else
            "how many CUs from the British Reinforcements box?" if frame.cus < 0 else
            "which general comes with them?")),
    choices=reinforce_choices,
    handlers={"space": _reinforce_space, "cus": _reinforce_cus, "general": _reinforce_general,
              "no-general": _no_general},
)


# --- Campaigns (7.2) ------------------------------------------------------------------------


def campaign_step(state: WwState, frame: Campaign) -> None:
    """7.2.A: one activation after another, until the player stops or none is left."""
    used = len(frame.activated) + (1 if frame.landing_party else 0)
    if frame.finished or used >= frame.activations or state.result is not None:
        finish_card(state, frame.card,
                    cards.REMOVED if frame.card in deck.REMOVE_AFTER_PLAY else cards.DISCARD)
        return
    stack.repeat(frame)
    stack.push(state, CampaignChoice(side=frame.side))


CAMPAIGN = stack.Steps((campaign_step,))


def campaign_generals(state: WwState, campaign: Campaign) -> list[str]:
    """7.2.A: any of the player's generals on the map, whatever his strategy rating, not
    already activated by this card."""
    return [g for g in movement.activatable(state, campaign.side, None)
            if g not in campaign.activated]


def campaign_choices(state: WwState, frame: CampaignChoice) -> list[Choice]:
    campaign = stack.find(state, Campaign)
    assert campaign is not None
    left = campaign.activations - len(campaign.activated) - (1 if campaign.landing_party else 0)
    out = [Choice(Action("general", g), f"Activate {g.title()} ({left} activation"
                  f"{'' if left == 1 else 's'} left) (7.2)", "move")
           for g in campaign_generals(state, campaign)]
    if frame.side == BRITISH and not campaign.landing_party and landing_targets(state):
        out.append(Choice(Action("landing-party"), "Landing Party: place or flip a PC in a "
                          "port instead of an activation (7.2.B)", "pc"))
    out.append(Choice(Action("end-campaign"), "End the campaign", "turn", ends_turn=True))
    return out


def _campaign_general(state: WwState, frame: CampaignChoice, general: str) -> None:
    stack.done(state, frame)
    campaign = stack.find(state, Campaign)
    assert campaign is not None
    campaign.activated.append(general)
    movement.activate(state, frame.side, general, campaign.card, "campaign")


def _landing(state: WwState, frame: CampaignChoice, _noun: None) -> None:
    stack.done(state, frame)
    campaign = stack.find(state, Campaign)
    assert campaign is not None
    campaign.landing_party = True
    stack.push(state, LandingParty(side=BRITISH))


def _end_campaign(state: WwState, frame: CampaignChoice, _noun: None) -> None:
    stack.done(state, frame)
    campaign = stack.find(state, Campaign)
    assert campaign is not None
    campaign.finished = True


CAMPAIGN_CHOICE = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: f"{frame.side} campaign: activate the next general (7.2).",
    choices=campaign_choices,
    handlers={"general": _campaign_general, "landing-party": _landing,
              "end-campaign": _end_campaign},
)


def landing_targets(state: WwState) -> list[tuple[str, str]]:
    """7.2.B, A4-A6: (a) flip an American PC in a non-blockaded, non-fortified port with no
    American general, CU or Congress; (b) place a British PC in an empty (no PC, no units of
    either side, no Congress), non-blockaded, non-fortified port."""
    out: list[tuple[str, str]] = []
    for port in q.ports():
        if q.is_fortified(port) or q.blockaded(state, port):
            continue
        holder = state.pcs.get(port)
        if holder == AMERICAN and not q.american_units(state, port):
            out.append(("flip", port))
        elif holder is None and not q.american_units(state, port) \
                and not q.british_pieces(state, port):
            out.append(("place", port))
    return out


def _landing_pc(state: WwState, frame: LandingParty, port: str) -> None:
    stack.done(state, frame)
    set_pc(state, port, BRITISH, "7.2.B Landing Party")


LANDING_PARTY = stack.Stop(
    role=lambda state, frame: BRITISH,
    prompt=lambda state, frame: "British Landing Party: flip an American PC or place a British "
                                "PC in a port (7.2.B).",
    choices=lambda state, frame: [
        Choice(Action(verb, port), f"{verb.title()} a PC in {name(port)}", "pc")
        for verb, port in landing_targets(state)],
    handlers={"flip": _landing_pc, "place": _landing_pc},
)


FLOW: stack.Flow = {
    StrategyPhase: STRATEGY_PHASE,
    FirstPlayer: FIRST_PLAYER,
    Impulse: IMPULSE,
    Exchange: EXCHANGE,
    PlayCard: PLAY_CARD,
    ChooseGeneral: CHOOSE_GENERAL,
    PcActions: PC_ACTIONS,
    DiscardAction: DISCARD_ACTION,
    Reinforce: REINFORCE,
    Campaign: CAMPAIGN,
    CampaignChoice: CAMPAIGN_CHOICE,
    LandingParty: LANDING_PARTY,
}
