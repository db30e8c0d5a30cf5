"""Wellington: the impulse phase (4.2-4.24), preemption (4.22), passing (4.23), the end of a
round and of the turn (4.24, 17.1), and what one impulse may play (5.6, 5.8, 15.2).

    IMPULSE_PHASE   while the phase goes on: the Power on the Impulse marker (P); if P holds a
                    playable card, the Power holding strictly the most may preempt first
                    (4.22); then P's impulse: scheduled if it holds a playable card, else a
                    pass (4.23)
    IMPULSE         start (expiring "until your next impulse" effects; #26 owed) -> the menu
                    (card plays, a Resource, sieges, the end) -> the battles in the besieged
                    fortresses built into (6.3, placement.py) -> end (BFI markers removed,
                    4.2; the marker moves on unless the impulse was preemptive, 4.22; the
                    turn-end test, 4.24, 17.1)

What the menu offers enforces 5.6 and 15.2: at most one non-"+" card and one "+" card, or one
Resource (a "+" play) and one non-"+" card; events may allow more non-"+" plays (`extra`,
continuations). A Power holding cards must play one (or a Resource, 4.2); only Must-Play cards
left: one of them (5.8). Other parts register operations the impulse itself offers with
`register` (the siege, 12.2: free, at any moment of the impulse, also while passing).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

from core import cards, stack
from core.engine import Action, Choice
from core.wellington import cardplay, hands, placement
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.impulse import (Impulse, ImpulseMenu, ImpulsePhase, Preempt,
                                            ResponseWindow)
from core.wellington.state import ADN, POWERS, WellingtonState

OBLIGATION_CP = 2              # #26, #65: the owed card is spent as 2 CP


# --- operations other parts add to the impulse (12.2 sieges) -------------------------------


@dataclass(frozen=True)
class ImpulseOperation:
    choices: Callable[[WellingtonState, Impulse], list[Choice]]
    handlers: dict[str, Callable[[WellingtonState, ImpulseMenu, Any], None]]


OPERATIONS: dict[str, ImpulseOperation] = {}
# what other parts do at the end of every impulse (power, kind): the events' kept cards and
# "until the end of the next scheduled impulse" effects (#22, #39); flow.py adds them
END_HOOKS: list[Callable[[WellingtonState, str, str], None]] = []
# what the events do once the impulse phase is over (4.24): cards kept or handed over "for
# the rest of the turn" go on (#94, #98)
PHASE_END_HOOKS: list[Callable[[WellingtonState], None]] = []
# cards handed to another Power to be spent as given CP, never as "+" cards (#94): card ->
# the CP `power` may spend it for now (0: not for this Power now)
HANDED: dict[int, Callable[[WellingtonState, str], int]] = {}
INITIATIVE = "initiative"      # #34's unscheduled impulse (G.51)
INITIATIVE_CARD, INITIATIVE_CP = 34, 3


def register(name: str, operation: ImpulseOperation) -> None:
    """Called by the part that writes an operation of the impulse itself ("siege", 12.2)."""
    OPERATIONS[name] = operation
    MENU_HANDLERS.update(operation.handlers)


# --- who holds cards (4.22, 4.24) --------------------------------------------------------


def playable(state: WellingtonState, power: str, number: int) -> bool:
    """A card that counts as playable ("giocabile") for preemption and the turn's end (4.22,
    4.24; G.11: every card in hand, Must-Play and national cards included): any card with CP
    (it may always be played for them), and a Must-Play card whose event may be played now; a
    Must-Play card that cannot be played (its conditions unmet, or its event not carried out)
    does not count, else its holder could never end the turn (reading R2). "Now" is the
    start of `power`'s own impulse: most Must-Play events are played only there (5.1)."""
    return hands.cp(number) > 0 or in_own_impulse(
        state, power, lambda: cardplay.event_playable(state, power, number))


def in_own_impulse(state: WellingtonState, power: str, ask: Callable[[], bool]) -> bool:
    """`ask()` as at the start of `power`'s own impulse: outside it, a fresh Impulse of
    `power` stands on the stack while it is asked, and goes again (nothing else changes)."""
    current = stack.find(state, Impulse)
    if current is not None and current.power == power:
        return ask()
    state.stack.append(Impulse(power=power, kind="scheduled"))
    try:
        return ask()
    finally:
        state.stack.pop()


def playable_cards(state: WellingtonState, power: str) -> int:
    return sum(1 for n in hands.hand(state, power) if playable(state, power, n))


def holds_playable(state: WellingtonState, power: str) -> bool:
    """`playable_cards` above 0, stopping at the first playable card."""
    for number in hands.hand(state, power):
        if playable(state, power, number):
            return True
    return False


def first_round(state: WellingtonState) -> bool:
    """4.22: no preemption in the first round of 1812 (G.10: of the game, by default)."""
    if state.round != 1:
        return False
    if state.options.preempt_first_round_any_start:
        return state.year == state.start_year
    return state.year == 1812


def preemptor(state: WellingtonState, scheduled: str) -> str:
    """4.22: the Power that may preempt `scheduled`'s impulse now, or "": it holds strictly
    the most playable cards (national cards counted, Resources not, 15.2), is not the
    scheduled Power, did not have the previous impulse (even across turns), and the
    scheduled Power holds a playable card (else it has no scheduled impulse)."""
    if first_round(state) or not holds_playable(state, scheduled):
        return ""
    counts = {p: playable_cards(state, p) for p in POWERS}
    most = max(counts.values())
    leaders = [p for p, n in counts.items() if n == most]
    if len(leaders) != 1:
        return ""                                   # 4.22: a tie, nobody preempts
    power = leaders[0]
    if power == scheduled or power == state.last_impulse:
        return ""
    return power


# --- the impulse phase --------------------------------------------------------------------


def next_impulse(state: WellingtonState, frame: ImpulsePhase) -> None:
    """The next impulse: first a window before it begins (#34, the one card played between
    impulses: its Power's unscheduled impulse follows at once, G.51), then preemption (4.22),
    then the scheduled Power's impulse or pass (4.23)."""
    if state.result is not None or frame.over:
        return
    scheduled = POWERS[state.marker]
    stack.repeat(frame)
    if frame.initiative:
        power, frame.initiative = frame.initiative, ""
        stack.push(state, Impulse(power=power, kind=INITIATIVE, plus=True, played=True))
        return
    if not frame.opened:
        frame.opened = True
        before = POWERS[(state.marker - 1) % len(POWERS)]   # the scheduled Power asked first
        cardplay.respond(state, cardplay.BEFORE_IMPULSE + scheduled, before)
        if isinstance(stack.top(state), ResponseWindow):
            return
    if not frame.asked:
        frame.asked = True
        power = preemptor(state, scheduled)
        if power:
            stack.push(state, Preempt(power=power, scheduled=scheduled))
            return
    frame.asked = frame.opened = False
    kind = "scheduled" if holds_playable(state, scheduled) else "pass"
    stack.push(state, Impulse(power=scheduled, kind=kind))


IMPULSE_PHASE = stack.Steps((next_impulse,))


def _preempt(state: WellingtonState, frame: Preempt, _noun: None) -> None:
    stack.done(state, frame)
    state.log.append(f"{frame.power} preempts {frame.scheduled}'s impulse (4.22).")
    stack.push(state, Impulse(power=frame.power, kind="preemptive"))


PREEMPT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: you hold the most cards. Take a preemptive "
                                 f"impulse before {frame.scheduled}'s (4.22)?"),
    choices=lambda state, frame: [
        Choice(Action("preempt"), f"Preempt: take an impulse now, before {frame.scheduled} "
               "(4.22)", "turn"),
        Choice(Action("no-preempt"), f"Let {frame.scheduled} take its impulse", "turn",
               ends_turn=True)],
    handlers={"preempt": _preempt,
              "no-preempt": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- one impulse ----------------------------------------------------------------------------


def begin(state: WellingtonState, frame: Impulse) -> None:
    """The start of an impulse: effects lasting until this Power's next impulse end (#9:
    the BLOCKED marker goes at the start of its player's next impulse); an owed card play
    binds it (#26: a scheduled impulse; #65, while still held: any impulse)."""
    state.impulses += 1
    expire(state, frame.power, ("next-impulse",))
    kind = {"scheduled": "", "preemptive": " (preemptive, 4.22)",
            "pass": " (no card: a pass, 4.23)",
            INITIATIVE: " (unscheduled: #34 Seize the Initiative, G.51)"}[frame.kind]
    state.log.append(f"-- {frame.power}'s impulse, round {state.round}{kind} --")
    held = hands.hand(state, frame.power)
    owed = state.obligations.get(frame.power, [])
    for number in list(owed):
        if number not in held and state.piles.where(number) != cards.REMOVED:
            owed.remove(number)                         # #65 lost meanwhile (G.55)
            state.log.append(f"{frame.power} no longer holds {hands.title(number)}: "
                             "nothing is owed.")
    if not owed:
        state.obligations.pop(frame.power, None)
    # #26 binds the next scheduled impulse (its card is out of play); a card handed over to
    # be spent (#65) binds the next impulse of any kind
    if owed and (frame.kind == "scheduled" or any(n in held for n in owed)):
        frame.owed = True
    if frame.kind == INITIATIVE:
        # G.51: 3 CP from #34, the impulse's "+" play; one non-"+" card may follow (5.6)
        stack.push(state, CommandPoints(power=frame.power, card=INITIATIVE_CARD,
                                        left=INITIATIVE_CP))


def menu(state: WellingtonState, frame: Impulse) -> None:
    stack.push(state, ImpulseMenu(power=frame.power))


def end(state: WellingtonState, frame: Impulse) -> None:
    """4.2: BFI markers removed, "this impulse" effects end, the marker moves one space right
    (not after a preemptive impulse, 4.22); after AdN the round is complete (4.24). Then the
    turn-end test (4.24, 17.1)."""
    state.bfi.clear()
    state.besieged.clear()
    state.marched.clear()
    state.placed_besieged.clear()              # 6.3: fought in `placement.besieged_battles`
    expire(state, "", ("impulse",))
    expire(state, frame.power, ("end-next-impulse",), started_before=state.impulses)
    for hook in END_HOOKS:
        hook(state, frame.power, frame.kind)
    state.last_impulse = frame.power
    if frame.kind not in ("preemptive", INITIATIVE):      # 4.22, G.51: the marker stays
        if POWERS[state.marker] == ADN:
            state.marker = 0
            state.round += 1
        else:
            state.marker += 1
    phase = stack.find(state, ImpulsePhase)
    if phase is not None and turn_over(state, frame):
        phase.over = True
        state.log.append("The impulse phase is over (4.24).")
        for hook in PHASE_END_HOOKS:
            hook(state)


def turn_over(state: WellingtonState, frame: Impulse) -> bool:
    """4.24, 17.1, G.12: no Power holds a playable card; or the one Power still holding
    cards has just completed an impulse in which it played a card or a Resource. A last
    holder who handed its last card on (#94) makes the receiver the last holder."""
    holders = [p for p in POWERS if holds_playable(state, p)]
    if not holders:
        return True
    if len(holders) > 1:
        state.last_holder = ""
        return False
    only = holders[0]
    if state.last_holder == frame.power and frame.played and only == frame.power:
        return True
    if state.last_holder != only:
        state.last_holder = only
        state.log.append(f"Only {only} still holds playable cards: its next impulse with a "
                         f"play ends the impulse phase (4.24).")
    return False


IMPULSE = stack.Steps((begin, menu, placement.besieged_battles, end))


def expire(state: WellingtonState, power: str, kinds: tuple[str, ...],
           started_before: int | None = None) -> None:
    """Effects whose duration ends now; their blocked lines go with them (#9, #10)."""
    kept = []
    for effect in state.effects:
        ends = effect.until in kinds and (not power or effect.power == power) \
            and (started_before is None or effect.started < started_before)
        if ends:
            if effect.target in state.blocked:
                state.blocked.remove(effect.target)
        else:
            kept.append(effect)
    state.effects = kept


# --- the menu: what the impulse may play now (5.6, 5.8, 15.2) ---------------------------------


def impulse_of(state: WellingtonState) -> Impulse:
    impulse = stack.find(state, Impulse)
    assert impulse is not None
    return impulse


def may_play_plain(impulse: Impulse) -> bool:
    """5.6: one non-"+" card per impulse, more only as continuations of an event; an owed
    play (#26) is that impulse's card play."""
    return not impulse.owed and impulse.plain < 1 + impulse.extra and \
        (impulse.kind != "pass" or impulse.resource)


def may_play_plus(impulse: Impulse) -> bool:
    """5.6, 15.2: one "+" card, never with a Resource (which already acts as one)."""
    return not impulse.plus and impulse.kind != "pass"


def card_allowed(impulse: Impulse, number: int) -> bool:
    return may_play_plus(impulse) if hands.is_plus(number) else may_play_plain(impulse)


def may_use_resource(state: WellingtonState, impulse: Impulse) -> bool:
    """15.2: in its own impulse (or a pass, 4.23), one Resource, not with a "+" card, and
    not at the hand limit of 8 (national cards excluded)."""
    return (state.resources.get(impulse.power, 0) > 0 and not impulse.plus
            and hands.common_in_hand(state, impulse.power) < hands.HAND_LIMIT)


def menu_choices(state: WellingtonState, frame: ImpulseMenu) -> list[Choice]:
    impulse = impulse_of(state)
    power = frame.power
    out: list[Choice] = []
    if impulse.owed:
        owed = state.obligations[power][0]
        out.append(Choice(Action("owed", owed), f"Spend {hands.title(owed)} as {OBLIGATION_CP} "
                          "CP: your impulse's card play (owed)", "card"))
    for number in hands.hand(state, power):
        handed = handed_cp(state, power, number)
        if handed:
            if may_play_plain(impulse):
                out.append(Choice(Action("handed", number), f"{hands.title(number)}: play for "
                                  f"{handed} CP, not as a \"+\" card (handed over)", "card"))
            continue
        if not card_allowed(impulse, number):
            continue
        for_cp, as_event = card_plays(number)
        if for_cp is not None:
            out.append(Choice(for_cp[0], for_cp[1], "card"))
        if cardplay.event_playable(state, power, number):
            out.append(Choice(as_event[0], as_event[1], "card"))
    if must_play_only(state, power, impulse):
        out = [c for c in out if c.action.verb == "event"]    # 5.8: one of them must go
    if may_use_resource(state, impulse):
        out.append(Choice(Action("resource"), f"Spend a Resource to draw a card (15.2; "
                          f"{state.resources.get(power, 0)} left)", "card"))
    for operation in OPERATIONS.values():
        out.extend(operation.choices(state, impulse))
    if may_end(state, impulse, out):
        label = ("Pass (4.23)" if impulse.kind == "pass" and not impulse.played
                 else "End the impulse")
        out.append(Choice(Action("end"), label, "turn", ends_turn=True))
    return out


@cache
def card_plays(number: int) -> tuple[tuple[Action, str] | None, tuple[Action, str]]:
    """The menu's actions and labels for playing `number` for its CP (None for a card with
    none, 5.8) and as its event (5.5, 5.1, 5.6), made once per card (the action is frozen,
    the label a string)."""
    label = hands.title(number)
    plus = " (a \"+\" card, 5.6)" if hands.is_plus(number) else ""
    for_cp = (Action("cp", number), f"{label}: play for {hands.cp(number)} CP{plus} (5.5)") \
        if hands.cp(number) else None
    return for_cp, (Action("event", number), f"{label}: play the event{plus} (5.1)")


def must_play_only(state: WellingtonState, power: str, impulse: Impulse) -> bool:
    """5.8: only Must-Play cards in hand, nothing played and no Resource: one must be played
    (if any can be: one whose event is carried out). Not in an impulse whose card play is
    owed (#26, #65): the owed play is that impulse's card play, the Must-Play card waits."""
    held = hands.hand(state, power)
    return (not impulse.played and not impulse.owed and bool(held)
            and all(hands.must_play(n) for n in held)
            and any(cardplay.event_playable(state, power, n) for n in held))


def may_end(state: WellingtonState, impulse: Impulse, offered: list[Choice]) -> bool:
    """4.2: a Power holding cards must play one (or a Resource); the owed play (#26) must be
    made. A pass (no card) may end at once. A Power none of whose cards the engine can play
    (Must-Play events not carried out yet) ends its impulse (R2)."""
    if impulse.kind == "pass" or impulse.played and not impulse.owed:
        return True
    plays = [c for c in offered
             if c.action.verb in ("cp", "event", "owed", "resource", "handed")]
    return not plays


def _cp(state: WellingtonState, frame: ImpulseMenu, number: int) -> None:
    count_play(state, number)
    cardplay.play_for_cp(state, frame.power, number)


def _event(state: WellingtonState, frame: ImpulseMenu, number: int) -> None:
    count_play(state, number)
    cardplay.play_event(state, frame.power, number)


def count_play(state: WellingtonState, number: int) -> None:
    impulse = impulse_of(state)
    impulse.played = True
    if hands.is_plus(number):
        impulse.plus = True
    else:
        impulse.plain += 1


def _owed(state: WellingtonState, frame: ImpulseMenu, number: int) -> None:
    impulse = impulse_of(state)
    impulse.owed = False
    impulse.played = True
    impulse.plain += 1
    state.obligations[frame.power].remove(number)
    if not state.obligations[frame.power]:
        del state.obligations[frame.power]
    if number in hands.hand(state, frame.power):      # #65 is handed to its victim (G.55)
        hands.leave_hand(state, frame.power, number)
        hands.finish_card(state, number, as_event=False)
    state.log.append(f"{frame.power} spends the owed {hands.title(number)} as "
                     f"{OBLIGATION_CP} CP.")
    stack.push(state, CommandPoints(power=frame.power, card=number, left=OBLIGATION_CP))


def handed_cp(state: WellingtonState, power: str, number: int) -> int:
    """The CP `power` may spend card `number` for, when it was handed over to be spent so
    (#94: Spain, 5 CP, a non-"+" play); 0 otherwise."""
    rule = HANDED.get(number)
    return rule(state, power) if rule is not None else 0


def _handed(state: WellingtonState, frame: ImpulseMenu, number: int) -> None:
    value = handed_cp(state, frame.power, number)
    impulse = impulse_of(state)
    impulse.played = True
    impulse.plain += 1                                  # never a "+" play
    cardplay.play_for_cp(state, frame.power, number, value)


def _resource(state: WellingtonState, frame: ImpulseMenu, _noun: None) -> None:
    impulse = impulse_of(state)
    impulse.plus = impulse.resource = impulse.played = True
    state.resources[frame.power] -= 1
    drawn = hands.draw(state, frame.power, 1)
    state.log.append(f"{frame.power} spends a Resource and draws {drawn} card (15.2).")


def _end(state: WellingtonState, frame: ImpulseMenu, _noun: None) -> None:
    stack.done(state, frame)


MENU_HANDLERS: dict[str, Callable[[WellingtonState, ImpulseMenu, Any], None]] = {
    "cp": _cp, "event": _event, "owed": _owed, "resource": _resource, "end": _end,
    "handed": _handed}


def menu_prompt(state: WellingtonState, frame: ImpulseMenu) -> str:
    impulse = impulse_of(state)
    if impulse.kind == "pass" and not impulse.played:
        return (f"{frame.power}: no card in hand: pass (4.23), after a siege or a Resource if "
                "you wish.")
    if impulse.played:
        return f"{frame.power}: play more if 5.6 allows, or end the impulse."
    return f"{frame.power}: play a card (for CP or as its event) or a Resource (4.2)."


IMPULSE_MENU = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=menu_prompt,
    choices=menu_choices,
    handlers=MENU_HANDLERS,
)

FLOW: stack.Flow = {ImpulsePhase: IMPULSE_PHASE, Preempt: PREEMPT, Impulse: IMPULSE,
                    ImpulseMenu: IMPULSE_MENU, **placement.FLOW}
