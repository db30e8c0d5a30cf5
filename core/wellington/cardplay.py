"""Wellington: playing a card (5.x) — for its CP or as its event — and what CP buy.

    a card for CP     5.5: the card goes to the discard pile (a national card to its Reserve,
                      4.21), then `CommandPoints` spends its CP one declared expenditure at a
                      time, each followed by a Response window (5.2): flags (7.1), builds and
                      regroups (6.1-6.3), and the operations other parts register (`register_cp`:
                      moving an Army or soldiers, 9; convoys, 14.2; amphibious assaults, 14.3).
    a card as event   5.1: `EventPlay` runs the event registered for that card (`EVENTS`,
                      filled by core/wellington/events from cards.toml's structured effects),
                      then sends the card where 4.21, 5.4 and 5.7 say, then a Response window.
                      A card whose event is not registered yet is never offered as an event
                      (docs/wellington-engine.md lists them open).

The events part registers each card with `register(number, Event(...))`:
    playable(state, power, trigger) -> bool   may `power` play it now ("" = in its own impulse
                                              as its card play; else the Response trigger)
    play(state, frame)                        carry it out (it may push frames); `frame` is the
                                              EventPlay (power, card, trigger)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

from core import stack
from core.engine import Action, Choice
from core.wellington import building, hands
from core.wellington import flags as geo
from core.wellington.frames.battle import BattleCardPlay
from core.wellington.frames.cardplay import (CommandPoints, EventPlay, FlagChoice, Removal,
                                             RemovalPayment)
from core.wellington.frames.impulse import Impulse, ResponseWindow
from core.wellington.state import IN_PLAY, POWERS, SIDE, WellingtonState

FLAG_COST = 1                  # 7.1


# --- the events registry --------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """What one card's event does (5.1)."""

    playable: Callable[[WellingtonState, str, str], bool]
    play: Callable[[WellingtonState, EventPlay], None]


EVENTS: dict[int, Event] = {}


def register(number: int, event: Event) -> None:
    """Called by core/wellington/events for each card it carries out."""
    EVENTS[number] = event


def event_playable(state: WellingtonState, power: str, number: int, trigger: str = "") -> bool:
    """5.1: `power` may play `number` as its event now (registered, its conditions met)."""
    event = EVENTS.get(number)
    return event is not None and event.playable(state, power, trigger)


def play_event(state: WellingtonState, power: str, number: int, trigger: str = "") -> None:
    """The card leaves the hand and its event is carried out (pushed: it runs next)."""
    hands.leave_hand(state, power, number)
    state.played_this_turn.append(number)
    if not trigger and power not in state.played_a_card:
        state.played_a_card.append(power)
    state.log.append(f"{power} plays {hands.title(number)} as its event"
                     f"{' (a Response, 5.2)' if trigger else ''}.")
    stack.push(state, EventPlay(power=power, card=number, trigger=trigger))


def announce(state: WellingtonState, frame: EventPlay) -> None:
    """5.2: the event is announced; the other Powers may answer before it resolves (a
    cancelling Response, #24, #78, sets `frame.cancelled`)."""
    respond(state, f"play:{frame.card}", frame.power)


def carry_out(state: WellingtonState, frame: EventPlay) -> None:
    if frame.cancelled:
        state.log.append(f"{hands.title(frame.card)} is cancelled: its event has no effect.")
        return
    EVENTS[frame.card].play(state, frame)


def send_on(state: WellingtonState, frame: EventPlay) -> None:
    """4.21, 5.4, 5.7: the card's destination (events that keep or give it move it first);
    then the other Powers may respond to the event (5.2). A cancelled event (#24, #78) has
    had no effect to respond to: its card went to the discard pile when it was cancelled."""
    hands.finish_card(state, frame.card, as_event=True)
    if not frame.cancelled:
        respond(state, f"event:{frame.card}", frame.power)


# --- cancelling the card just played (#24, #78) -----------------------------------------------


Played = EventPlay | BattleCardPlay | CommandPoints


def cancellable(state: WellingtonState, trigger: str) -> Played | None:
    """The card a Response window's `trigger` has just seen played, while its effects may
    still be cancelled: an event or a battle card announced and not yet carried out
    (`play:N`), or a card played for CP none of which is spent yet (`cp-card:N`: the next
    expenditure opens its own window). None for any other moment."""
    kind, _, number = trigger.partition(":")
    if kind not in ("play", "cp-card") or not number.isdigit():
        return None
    wanted: tuple[type, ...] = (EventPlay, BattleCardPlay) if kind == "play" \
        else (CommandPoints,)
    for frame in reversed(state.stack):
        if isinstance(frame, wanted) and frame.card == int(number):
            if isinstance(frame, CommandPoints):
                return frame if frame.left > 0 else None
            return frame if not frame.cancelled and frame.step <= 1 else None
    return None


def cancel(state: WellingtonState, target: Played, why: str) -> None:
    """Every effect of the card just played is cancelled and the card goes to the discard pile
    (#24, #78; a national card to its Reserve, 4.21): an event or battle card is not carried
    out (nor counted among the turn's events, #77); a card's CP are lost before any is
    spent."""
    number = target.card
    if not isinstance(target, CommandPoints):
        target.cancelled = True
        played = state.played_this_turn
        if number in played:
            del played[len(played) - 1 - played[::-1].index(number)]     # its latest play
        if number in state.piles.boxes[IN_PLAY]:
            hands.finish_card(state, number, as_event=False)
    else:
        target.left = 0
    state.log.append(f"{hands.title(number)}: all its effects are cancelled ({why}).")


EVENT_PLAY = stack.Steps((announce, carry_out, send_on))


# --- other parts' CP operations ------------------------------------------------------------


@dataclass(frozen=True)
class CpOperation:
    """An expenditure another part offers (move, convoy...): its choices for the frame and
    the handlers of their verbs. A handler pays with `pay(state, frame, cp)`."""

    choices: Callable[[WellingtonState, CommandPoints], list[Choice]]
    handlers: dict[str, Callable[[WellingtonState, CommandPoints, Any], None]]


CP_OPERATIONS: dict[str, CpOperation] = {}
CP_HANDLERS: dict[str, Callable[[WellingtonState, CommandPoints, Any], None]] = {}


def register_cp(name: str, operation: CpOperation) -> None:
    """Called by the part that writes an operation CP buy (movement: "move", naval:
    "convoy" and "assault"); until then it is not offered."""
    CP_OPERATIONS[name] = operation
    CP_HANDLERS.update(operation.handlers)


def pay(state: WellingtonState, frame: CommandPoints, cost: int) -> None:
    """Spend `cost` CP of the card (5.5); the frame ends when none are left (at once if it is
    on top, else as soon as what the expenditure pushed is over: `close_spent`)."""
    frame.left -= cost
    if frame.left <= 0 and stack.top(state) is frame:
        stack.done(state, frame)


def close_spent(state: WellingtonState) -> None:
    """5.5: a card whose CP are all spent asks nothing more (flow.settle runs this after every
    step and decision: an operation that spent the last CP may have pushed frames first).
    core.stack.run takes a finished Sequence off without settling, so a Sequence that may
    sit on the card it spent ends itself in its last step (Move's `finish`, placement.py's
    `close`); tests/test_wellington_event_placements_cp.py checks both through a Match."""
    while state.stack and isinstance(state.stack[-1], CommandPoints) \
            and state.stack[-1].left <= 0:
        state.stack.pop()


# --- a card for CP (5.5) -------------------------------------------------------------------


def play_for_cp(state: WellingtonState, power: str, number: int, value: int = 0) -> None:
    """5.5: the card goes on (4.21) and its CP are spent; `value`: CP other than the printed
    ones (#94 handed to Spain: 5)."""
    hands.leave_hand(state, power, number)
    hands.finish_card(state, number, as_event=False)
    value = value or hands.cp(number)
    state.log.append(f"{power} plays {hands.title(number)} for {value} CP (5.5).")
    first = power not in state.played_a_card
    if first:
        state.played_a_card.append(power)
    stack.push(state, CommandPoints(power=power, card=number, left=value, first=first))
    respond(state, f"cp-card:{number}", power)


def cp_choices(state: WellingtonState, frame: CommandPoints) -> list[Choice]:
    power = frame.power
    if frame.first and state.owed_removals.get(power) and frame.left >= building.SOLDIER_COST:
        return [Choice(Action("owed"), f"Build and lose 1 SP against your removal reminder "
                       f"({building.SOLDIER_COST} CP, 5.12: the first card of the turn)",
                       "build")]
    out: list[Choice] = []
    if frame.left >= FLAG_COST:
        room = geo.flag_room(state, SIDE[power])
        for duchy in geo.cp_flag_targets(state, power, room):
            for what in geo.flag_options(state, duchy, power, room):
                out.append(Choice(Action("flag", f"{duchy}={what}"),
                                  flag_label(state, duchy, what) + f": {FLAG_COST} CP (7.1)",
                                  "flag"))
    out.extend(build_choice(option)                            # "build" 6.1, "regroup" 6.2
               for option in building.build_options(state, power, frame.left))
    for operation in CP_OPERATIONS.values():
        out.extend(operation.choices(state, frame))
    if frame.only:
        out = [c for c in out if c.group in frame.only]
    if frame.commander:
        out = [c for c in out if commanders_own(state, frame.commander, c)]
    out.append(Choice(Action("stop"), f"Stop spending CP ({frame.left} CP left are lost, 5.5)",
                      "turn"))
    return out


@cache
def build_choice(option: tuple[str, str, int, str]) -> Choice:
    """The CP listing's choice of one of `building.build_options` (verb, noun, cost, label),
    made once per option (the listing offers the same builds again and again)."""
    verb, noun, _cost, label = option
    return Choice(Action(verb, noun), label, verb)


def commanders_own(state: WellingtonState, cid: str, choice: Choice) -> bool:
    """#98: a commander's own CP move his Army (not an Army Group: 1 CP moves one Army, 9.63)
    or place or remove a flag where his Army may (7.1: his duchy or one adjacent to it, not
    across a blocked line)."""
    at = state.commanders.get(cid, "")
    verb, noun = choice.action.verb, choice.action.noun
    if verb == "move":
        return noun == cid
    if verb == "flag":
        duchy = str(noun).split("=")[0]
        return duchy == at or (duchy in geo.neighbours(at) and not geo.blocked(state, at, duchy))
    return choice.group == "turn"


def flag_label(state: WellingtonState, duchy: str, what: str) -> str:
    if what == "-":
        return f"Remove the {state.flags.get(duchy, '')} flag at {geo.name(duchy)}"
    here = state.flags.get(duchy)
    return (f"{'Replace the ' + here + ' flag with' if here else 'Place'} a {what} flag at "
            f"{geo.name(duchy)}")


def apply_flag(state: WellingtonState, power: str, noun: str, why: str) -> None:
    duchy, what = noun.split("=")
    if what == "-":
        geo.remove_flag(state, duchy, power, why)
    else:
        geo.set_flag(state, duchy, what, why)


def _flag(state: WellingtonState, frame: CommandPoints, noun: str) -> None:
    power = frame.power
    pay(state, frame, FLAG_COST)
    apply_flag(state, power, noun, "7.1, 1 CP")
    respond(state, f"cp-flag:{noun}", power)


def _build(state: WellingtonState, frame: CommandPoints, noun: str) -> None:
    power = frame.power
    cost = building.carry_out(state, power, "build", noun)
    pay(state, frame, cost)
    respond(state, f"cp-build:{noun}", power)


def _regroup(state: WellingtonState, frame: CommandPoints, noun: str) -> None:
    power = frame.power
    cost = building.carry_out(state, power, "regroup", noun)
    pay(state, frame, cost)
    respond(state, f"cp-regroup:{noun}", power)


def _owed(state: WellingtonState, frame: CommandPoints, _noun: None) -> None:
    pay_owed(state, frame.power, 1)
    state.log.append(f"{frame.power} builds and loses 1 SP against its removal reminder "
                     f"(5.12).")
    pay(state, frame, building.SOLDIER_COST)


def _stop(state: WellingtonState, frame: CommandPoints, _noun: None) -> None:
    if frame.left:
        state.log.append(f"{frame.power} leaves {frame.left} CP unspent (5.5).")
    stack.done(state, frame)


CP_HANDLERS.update({"flag": _flag, "build": _build, "regroup": _regroup, "owed": _owed,
                    "stop": _stop})

COMMAND_POINTS = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: spend {frame.left} CP, one expenditure at a "
                                 "time (5.5): flags, builds, regroups, moves."),
    choices=cp_choices,
    handlers=CP_HANDLERS,
)


# --- free flags (11.9, 12.3, 4.3): the same choice without CP ----------------------------------


def flag_choices(state: WellingtonState, frame: FlagChoice) -> list[Choice]:
    out = [Choice(Action("flag", f"{frame.duchy}={what}"),
                  flag_label(state, frame.duchy, what) + f" (free, {frame.why})", "flag")
           for what in geo.flag_options(state, frame.duchy, frame.power)]
    if not (frame.must and out):
        out.append(Choice(Action("no-flag"), f"Leave {geo.name(frame.duchy)} as it is",
                          "flag"))
    return out


def _free_flag(state: WellingtonState, frame: FlagChoice, noun: str) -> None:
    stack.done(state, frame)
    apply_flag(state, frame.power, noun, frame.why + ", free")


FLAG_CHOICE = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: a free flag at {geo.name(frame.duchy)} "
                                 f"({frame.why})?"),
    choices=flag_choices,
    handlers={"flag": _free_flag,
              "no-flag": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- an event's removals (5.12, 5.13) ----------------------------------------------------------


def remove(state: WellingtonState, power: str, sp: int, card: int = 0, to: str = "",
           why: str = "") -> None:
    """An event makes `power` lose `sp` SP, its choice of where (pushed: it runs next). With
    too few soldiers on the map the rest is owed (5.12)."""
    if sp > 0:
        stack.push(state, Removal(power=power, left=sp, card=card, to=to, why=why))
        if not removal_choices(state, stack.top(state)):
            stack.done(state, stack.top(state))
            owe(state, power, sp, why)


def owe(state: WellingtonState, power: str, sp: int, why: str) -> None:
    """5.12: `power` has too few soldiers on the map to remove `sp` more SP. The reminder is
    written at once (`owed_removals`); then, outside the impulses, the Power must build and
    lose the missing SP with its remaining cards or Resources (`RemovalPayment`, pushed: it
    runs next), which comes off this reminder. What stays owed is paid at the first
    opportunity (Reinforcements, 16.2; the first card of a turn) and each unsatisfied
    reminder costs 1 VP at the game's end (5.13, 19.3)."""
    state.owed_removals.setdefault(power, []).append(sp)
    frame = RemovalPayment(power=power, left=sp, why=why)
    if payment_choices(state, frame):
        state.log.append(f"{power} cannot remove {sp} more SP ({why}): it must build and lose "
                         f"them at once with its cards or Resources (5.12).")
        stack.push(state, frame)
    else:
        reminder(state, power, sp, why)


def reminder(state: WellingtonState, power: str, sp: int, why: str) -> None:
    state.log.append(f"{power} cannot remove {sp} more SP ({why}): a reminder, to be "
                     f"satisfied at the first opportunity (5.12).")


def pay_owed(state: WellingtonState, power: str, sp: int, newest: bool = False) -> None:
    """5.12: `sp` SP built and lost at once against the oldest reminders (`newest`: against
    the reminder just written, `RemovalPayment`)."""
    owed = state.owed_removals.get(power, [])
    if newest and sp > 0 and owed:
        paid = min(sp, owed[-1])
        owed[-1] -= paid
        sp -= paid
        if not owed[-1]:
            owed.pop()
    while sp > 0 and owed:
        paid = min(sp, owed[0])
        owed[0] -= paid
        sp -= paid
        if not owed[0]:
            owed.pop(0)
    if not owed:
        state.owed_removals.pop(power, None)


def removal_choices(state: WellingtonState, frame: Removal) -> list[Choice]:
    return [Choice(Action("lose", where), f"Lose 1 SP at {geo.name(where)} ({frame.why}; "
                   f"{frame.left} to go)", "removal")
            for where in sorted(state.troops)
            if frame.power in state.troops[where] and geo.on_map(where)
            and building.sp(state, where, frame.power)]


def _lose(state: WellingtonState, frame: Removal, where: str) -> None:
    lost = building.lose_sp(state, where, frame.power, 1, to=frame.to or None)
    frame.left -= lost
    state.log.append(f"{frame.power} loses {lost} SP at {geo.name(where)} ({frame.why}).")
    if frame.left <= 0:
        stack.done(state, frame)
    elif not removal_choices(state, frame):
        stack.done(state, frame)
        owe(state, frame.power, frame.left, frame.why)


REMOVAL = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: remove {frame.left} more SP of your "
                                 f"soldiers, where you choose ({frame.why})."),
    choices=removal_choices,
    handlers={"lose": _lose},
)


# --- building and losing an event's removal at once (5.12) -------------------------------------


def payment_cards(state: WellingtonState, power: str) -> list[int]:
    """5.12: the cards `power` may spend for their CP to build the missing SP: at least
    2 CP (6.1, one SP); a card owed as a coming impulse's play (#26, #65) is not free."""
    owed = state.obligations.get(power, [])
    return [n for n in hands.hand(state, power)
            if hands.cp(n) >= building.SOLDIER_COST and n not in owed]


def can_draw_with_resource(state: WellingtonState, power: str) -> bool:
    """15.2: a Resource draws a card, not at the hand limit of 8 (national cards excluded),
    and only while the deck or the discard pile has one."""
    return (state.resources.get(power, 0) > 0
            and hands.common_in_hand(state, power) < hands.HAND_LIMIT
            and bool(state.piles.deck or state.piles.discard))


def payment_choices(state: WellingtonState, frame: RemovalPayment) -> list[Choice]:
    """5.12 "deve": while the Power can pay it must; no choice to decline is offered. It
    needs an unbuilt counter to build (1.5)."""
    power = frame.power
    if frame.left <= 0 or not any(building.unbuilt(state, power)):
        return []
    out = [Choice(Action("pay-card", n),
                  f"Play {hands.title(n)} for its {hands.cp(n)} CP: build and lose "
                  f"{min(frame.left, hands.cp(n) // building.SOLDIER_COST)} SP at once (5.12)",
                  "card")
           for n in payment_cards(state, power)]
    if can_draw_with_resource(state, power):
        out.append(Choice(Action("pay-resource"), "Spend a Resource to draw a card to pay "
                          "with (5.12, 15.2)", "resource"))
    return out


def _pay_card(state: WellingtonState, frame: RemovalPayment, number: int) -> None:
    power = frame.power
    hands.leave_hand(state, power, number)
    hands.finish_card(state, number, as_event=False)
    paid = min(frame.left, hands.cp(number) // building.SOLDIER_COST)
    pay_owed(state, power, paid, newest=True)
    frame.left -= paid
    state.log.append(f"{power} plays {hands.title(number)} for {hands.cp(number)} CP and "
                     f"builds and loses {paid} SP at once ({frame.why}, 5.12).")
    _after_payment(state, frame)


def _pay_resource(state: WellingtonState, frame: RemovalPayment, _noun: None) -> None:
    power = frame.power
    state.resources[power] -= 1
    drawn = hands.draw(state, power, 1)
    state.log.append(f"{power} spends a Resource and draws {drawn} card to pay its removal "
                     f"(5.12, 15.2).")
    _after_payment(state, frame)


def _after_payment(state: WellingtonState, frame: RemovalPayment) -> None:
    if frame.left > 0 and payment_choices(state, frame):
        return
    stack.done(state, frame)
    if frame.left > 0:
        reminder(state, frame.power, frame.left, frame.why)


REMOVAL_PAYMENT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: build and lose {frame.left} more SP at once "
                                 f"with a card's CP or a Resource ({frame.why}; 5.12: you "
                                 f"must while you can)."),
    choices=payment_choices,
    handlers={"pay-card": _pay_card, "pay-resource": _pay_resource},
)


# --- Response windows (5.2) -------------------------------------------------------------------


BEFORE_IMPULSE = "before-impulse:"   # + the Power whose impulse is about to begin
OUTSIDE_IMPULSES: set[int] = set()    # cards whose text lets them be played between
#                                       impulses (#34); 5.2 allows the others only in one


def responses(state: WellingtonState, power: str, trigger: str) -> list[int]:
    """The Response cards `power` may play now, answering `trigger` (5.2: during any impulse;
    before an impulse begins only the cards whose text says so, #34)."""
    return [n for n in _response_cards_held(state, power, trigger)
            if event_playable(state, power, n, trigger)]


def may_respond(state: WellingtonState, power: str, trigger: str) -> bool:
    """Whether `responses` holds a card (stopping at the first). (A loop: asked of every
    Power after every action.)"""
    for n in _response_cards_held(state, power, trigger):
        if event_playable(state, power, n, trigger):
            return True
    return False


def _response_cards_held(state: WellingtonState, power: str, trigger: str) -> list[int]:
    """The Response cards in `power`'s hand that this moment allows, playable or not."""
    response_cards = hands.response_cards()          # (`hands.is_response`, read once)
    held = hands.hand(state, power)
    if response_cards.isdisjoint(held):              # (no Response card in hand: quick)
        return []
    if trigger.startswith(BEFORE_IMPULSE):
        return [n for n in held if n in response_cards and n in OUTSIDE_IMPULSES]
    return [n for n in held if n in response_cards]


# 5.2: the Powers in the order a Response window asks them after `active` acts: the next in
# impulse order first, `active` last
ASKED_AFTER = {active: tuple(POWERS[(POWERS.index(active) + i) % len(POWERS)]
                             for i in range(1, len(POWERS) + 1)) for active in POWERS}


def respond(state: WellingtonState, trigger: str, active: str) -> None:
    """5.2: after an action, any Power may play Responses, the next in impulse order after
    the acting Power first (5.2: simultaneous Responses count as played by the next Power
    first), the acting Power last (its own Responses: #7 after its siege, #8 as besieger).
    By default only Powers holding one playable now are asked (an option asks all). Before
    an impulse (#34, the only card played there) all are asked once one of them holds it."""
    order = list(ASKED_AFTER[active])
    if trigger.startswith(BEFORE_IMPULSE):
        # only #34 may be played there: asking its holder alone would name it to all
        with geo.reading(state):                 # asking who may respond changes nothing
            anyone = any(may_respond(state, p, trigger) for p in order)
        if anyone:
            stack.push(state, ResponseWindow(trigger=trigger, asked=order, everyone=True))
        return
    if not state.options.ask_every_power_for_responses:
        response_cards = hands.response_cards()
        order = [p for p in order                # (who holds a Response card at all: quick)
                 if not response_cards.isdisjoint(hands.hand(state, p))]
        if order:
            with geo.reading(state):             # asking who may respond changes nothing
                order = [p for p in order if may_respond(state, p, trigger)]
    if order:
        stack.push(state, ResponseWindow(trigger=trigger, asked=order))


def response_choices(state: WellingtonState, frame: ResponseWindow) -> list[Choice]:
    power = frame.asked[0]
    out = [Choice(*response_play(n), "card") for n in responses(state, power, frame.trigger)]
    out.append(Choice(Action("no-response"), "No Response", "turn"))
    return out


@cache
def response_play(number: int) -> tuple[Action, str]:
    """The action and label of playing `number` as a Response (5.2), made once per card."""
    return Action("respond", number), f"Play {hands.title(number)} as a Response (5.2)"


def _respond(state: WellingtonState, frame: ResponseWindow, number: int) -> None:
    play_event(state, frame.asked[0], number, frame.trigger)


def _no_response(state: WellingtonState, frame: ResponseWindow, _noun: None) -> None:
    frame.asked.pop(0)
    while frame.asked and not (state.options.ask_every_power_for_responses or frame.everyone) \
            and not may_respond(state, frame.asked[0], frame.trigger):
        frame.asked.pop(0)
    if not frame.asked:
        stack.done(state, frame)


RESPONSE_WINDOW = stack.Stop(
    role=lambda state, frame: frame.asked[0],
    prompt=lambda state, frame: f"{frame.asked[0]}: play a Response (5.2)?",
    choices=response_choices,
    handlers={"respond": _respond, "no-response": _no_response},
)


# --- helpers other parts call ------------------------------------------------------------------


def current_impulse(state: WellingtonState) -> Impulse | None:
    return stack.find(state, Impulse)


def allow_continuation(state: WellingtonState, count: int = 1) -> None:
    """5.6: an event that lets its player draw and play another card: one more non-"+" play
    this impulse (a continuation of the event)."""
    impulse = current_impulse(state)
    if impulse is not None:
        impulse.extra += count


FLOW: stack.Flow = {CommandPoints: COMMAND_POINTS, FlagChoice: FLAG_CHOICE,
                    EventPlay: EVENT_PLAY, ResponseWindow: RESPONSE_WINDOW, Removal: REMOVAL,
                    RemovalPayment: REMOVAL_PAYMENT}
