"""Helpers both halves of the card events share (docs/wellington-events-1-55.md).

    asking      `ask` pushes an EventChoice (frames/events.py): a Power picks one noun of a
                list; the answer goes to the handler registered with `on_choice(card, step)`.
                `then` pushes an EventStep: the function registered with `on_step(card, step)`
                runs once what the event pushed after it (a battle, a removal) is over
                (push `then` first, the battle or removal after it). FLOW runs both frames.
    playing     `own_impulse` (5.1: the card play of the Power's own impulse), `draw_and_go_on`
                (a Must-Play card's "draws another card and may play another", 5.6, 5.8),
                `keep` (a card that stays face up while its effect lasts) and `release_kept`
                (it goes on to the discard pile once its effect is over).
    pieces      `place_sp_then` (an event places SP from the unbuilt counters; 5.11: the owner
                first eliminates its own SP where it chooses, then the caller's step runs),
                `french_sp`.
    10.1, 10.10 `offer_interception`: the inactive side may intercept into the duchy where the
                active side's event has placed SP (`place_sp_then` offers it right after
                the SP are placed, before the caller's step) or a flag with no Formation
                (placement.intercept_placement, the seam CP builds use too).
"""
from __future__ import annotations

from typing import Callable, Iterable

from core import cards, stack
from core.engine import Action, Choice
from core.wellington import building, cardplay, hands, placement
from core.wellington import flags as geo
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.impulse import Impulse
from core.wellington.state import (ADN, ADS, ART, CAV, COUNTER_TYPES, IN_EFFECT, IN_PLAY, INF,
                                   SP, Effect, WellingtonState)

ChoiceHandler = Callable[[WellingtonState, EventChoice, str], None]
StepHandler = Callable[[WellingtonState, EventStep], None]
DECLINE = "-"                                     # the noun of "choose nothing" (optional)

CHOICE_HANDLERS: dict[tuple[int, str], ChoiceHandler] = {}
STEP_HANDLERS: dict[tuple[int, str], StepHandler] = {}


# --- asking (frames/events.py) ---------------------------------------------------------------


def on_choice(card: int, step: str, handler: ChoiceHandler) -> None:
    CHOICE_HANDLERS[(card, step)] = handler


def on_step(card: int, step: str, handler: StepHandler) -> None:
    STEP_HANDLERS[(card, step)] = handler


def ask(state: WellingtonState, power: str, card: int, step: str,
        options: Iterable[tuple[str, str]], prompt: str, picked: Iterable[str] = (),
        optional: bool = False) -> None:
    """Push the question: `options` are (noun, label) pairs."""
    pairs = list(options)
    stack.push(state, EventChoice(power=power, card=card, step=step,
                                  options=[n for n, _ in pairs], labels=[lb for _, lb in pairs],
                                  prompt=prompt, picked=list(picked), optional=optional))


def then(state: WellingtonState, power: str, card: int, step: str,
         picked: Iterable[str] = ()) -> None:
    stack.push(state, EventStep(power=power, card=card, what=step, picked=list(picked)))


def _choices(state: WellingtonState, frame: EventChoice) -> list[Choice]:
    out = [Choice(Action("event-choice", noun), label, "event")
           for noun, label in zip(frame.options, frame.labels)]
    if frame.optional or not out:
        out.append(Choice(Action("event-choice", DECLINE), "None", "event"))
    return out


def _chosen(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """The answer goes to the card's handler. A question left with nothing to choose (not
    optional, no option: the Responses resolved before the event took its targets away,
    5.2) offers only "None", and the event goes no further."""
    stack.done(state, frame)
    if noun == DECLINE and not frame.optional and not frame.options:
        state.log.append(f"{hands.title(frame.card)}: nothing left to choose ({frame.prompt}): "
                         "no effect.")
        return
    if frame.step == EXCHANGE:                     # 5.11, for any card (place_sp_then)
        _exchange(state, frame, noun)
        return
    CHOICE_HANDLERS[(frame.card, frame.step)](state, frame, noun)


EVENT_CHOICE = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: f"{frame.power}: {hands.title(frame.card)}: {frame.prompt}",
    choices=_choices,
    handlers={"event-choice": _chosen},
)


def _run_step(state: WellingtonState, frame: EventStep) -> None:
    if frame.what == PLACE:                        # 5.11, for any card (place_sp_then)
        _place(state, frame)
        return
    STEP_HANDLERS[(frame.card, frame.what)](state, frame)


EVENT_STEP = stack.Steps((_run_step,))

FLOW: stack.Flow = {EventChoice: EVENT_CHOICE, EventStep: EVENT_STEP}


# --- playing ---------------------------------------------------------------------------------


def exists(found: Iterable[object]) -> bool:
    """Whether `found` yields anything, stopping at the first: an event's playable test over
    the same search that lists its targets."""
    for _ in found:
        return True
    return False


def own_impulse(state: WellingtonState, power: str, trigger: str) -> bool:
    """5.1: the card play of `power`'s own impulse (cardplay asks with no trigger)."""
    if trigger:                          # (a Response window: no stack to look through)
        return False
    impulse = stack.find(state, Impulse)
    return impulse is not None and impulse.power == power


def draw_and_go_on(state: WellingtonState, power: str, why: str) -> None:
    """5.6, 5.8: "the player draws another card and may play another card (even the one just
    drawn)": one card drawn, one more non-"+" play this impulse."""
    drawn = hands.draw(state, power, 1)
    cardplay.allow_continuation(state)
    state.log.append(f"{power} draws {drawn} card and may play another card ({why}, 5.6).")


def keep(state: WellingtonState, card: int) -> None:
    """The card stays face up as the reminder of its effect (cards.toml `kept`)."""
    cards.move(state.piles, card, IN_PLAY, IN_EFFECT)


Release = Callable[[WellingtonState], None]
RELEASES: list[Release] = []


def on_release(release: Release) -> None:
    """A card kept in effect with its own way of ending (#59, #106) registers it: it runs
    wherever kept cards are released (after each impulse, at the end of the turn)."""
    RELEASES.append(release)


def release_kept(state: WellingtonState) -> None:
    """A kept card whose effect is over goes to the discard pile (#13 at the end of the turn,
    #23 at the end of its Power's next impulse or when the commander is eliminated), and the
    registered releases run (#59, #106). Called after each impulse (`end_of_impulse`) and at
    the end of the turn (flow.interphase_)."""
    for release in RELEASES:
        release(state)
    state.effects = [e for e in state.effects
                     if not (e.card == HUMBUGGED and not on_board(state, e.target))]
    running = {e.card for e in state.effects}
    for card in list(state.piles.boxes.get(IN_EFFECT, [])):
        if card in KEPT_CARDS and card not in running:
            cards.move(state.piles, card, IN_EFFECT, cards.DISCARD)
            state.log.append(f"{hands.title(card)}'s effect is over: it is discarded.")


ImpulseEnd = Callable[[WellingtonState, str, str], None]
IMPULSE_END: list[ImpulseEnd] = []


def on_impulse_end(hook: ImpulseEnd) -> None:
    """A card whose effect is counted in impulses (#39) registers what to do as one ends."""
    IMPULSE_END.append(hook)


def end_of_impulse(state: WellingtonState, power: str, kind: str) -> None:
    """The end of `power`'s impulse of `kind` ("scheduled", "preemptive", "pass"): effects
    lasting "until the end of the next scheduled impulse" of a Power (#22) that began before
    this impulse end; the registered hooks (#39); then kept cards whose effect is over go on.
    The game calls this at the end of every impulse (impulse.END_HOOKS)."""
    if kind == "scheduled":
        state.effects = [e for e in state.effects
                         if not (e.until == "end-next-scheduled-impulse" and e.power == power
                                 and e.started < state.impulses)]
    for hook in IMPULSE_END:
        hook(state, power, kind)
    release_kept(state)


HUMBUGGED = 23
KEPT_CARDS = frozenset({13, 23})                # kept while in effect, then discarded


def on_board(state: WellingtonState, commander: str) -> bool:
    return geo.on_map(state.commanders.get(commander, ""))


def effect(state: WellingtonState, card: int, power: str, target: str = "",
           until: str = "turn") -> Effect:
    made = Effect(card=card, power=power, target=target, until=until, started=state.impulses)
    state.effects.append(made)
    return made


# --- pieces -------------------------------------------------------------------------------------


# --- 5.11 as the seed says it: the owner chooses (callers that continue in a step) ------------

EXCHANGE = "5.11-eliminate"       # the EventChoice step: the owner's SP to eliminate
PLACE = "5.11-place"              # the EventStep: placing once the eliminations are made


PLACED = "placed"       # 10.1 right after the SP are placed; a successful interception
#                         brings the seam's battle, the placed SP attacking (P2)
ATTACKS = "attacks"     # the same, but the caller's step fights: its SP attack the enemy
#                         there, interceptors included, in the event's own battle (#35, #62,
#                         #90)
OFFERED_BY_CALLER = ""  # the caller offers it itself once its step is done (#69: the flag)


def offer_interception(state: WellingtonState, duchy: str, power: str,
                       placed: list[int] | None = None, attacks: bool = False,
                       before: str | None = None, flag: bool = False) -> None:
    """10.1, 10.10 for an event's placement: when the active side's event placed it during
    an impulse (placement.py's P5), the inactive enemy Powers may intercept into `duchy`
    (pushed: it runs next). `placed`: the counters just placed by kind (None: one counter);
    `attacks`: the event's own battle follows (no battle of the seam's); `before`: the
    duchy's control before the event (G.18: a flag's placement changes it); `flag`: a flag
    placed with no Formation (10.10: removed once an interceptor is in)."""
    if not placement.by_active_side(state, power, duchy):
        return
    placement.intercept_placement(state, power, duchy, "" if flag else f"{power}:{duchy}",
                                  flag=flag, placed=placed, battle=not attacks, before=before)


def _controller(state: WellingtonState, duchy: str) -> str:
    return geo.controller(state, duchy)


def _placed_counters(before: list[int], after: list[int]) -> list[int]:
    return [a - b for a, b in zip(after, before)]


def _offer_placed(state: WellingtonState, duchy: str, power: str, had: list[int],
                  control: str, intercept: str) -> None:
    """`had`: the counters of `power` there before the placement; `control`: the duchy's
    controller before it (G.18: SP placed beside an enemy make it Uncontrolled, 3.1)."""
    placed = _placed_counters(had, building.counters(state, duchy, power))
    if intercept != OFFERED_BY_CALLER and any(placed):
        offer_interception(state, duchy, power, placed, attacks=intercept == ATTACKS,
                           before=control)


def place_sp_then(state: WellingtonState, duchy: str, power: str, sp: int, why: str,
                  card: int, step: str, picked: Iterable[str] = (),
                  intercept: str = PLACED) -> None:
    """5.11 ("deve eliminare suoi SP sufficienti a sua scelta"): `sp` SP of `power` placed at
    `duchy` from its unbuilt counters; when they cannot be placed in full, `power` first
    eliminates its own SP on the map, 1 SP at a time where it chooses (change made, 1.5),
    then they are placed (smallest counters first). Then the step registered with
    `on_step(card, step)` runs, with `picked` + [the SP placed] (everything the caller does
    after the placement belongs in that step, so nothing it pushes runs before the owner's
    choice). `step` "": nothing follows the placement. With no SP of its own left on the
    map, what can be placed is placed. `intercept` (10.1): PLACED, ATTACKS or
    OFFERED_BY_CALLER: the inactive side's interceptions come before the caller's step."""
    if placeable(state, power, sp) >= sp or not donors(state, power):
        had, control = building.counters(state, duchy, power), _controller(state, duchy)
        placed = place_unbuilt(state, duchy, power, sp)
        _placed_log(state, duchy, power, sp, placed, why)
        if step:
            then(state, power, card, step, picked=[*picked, str(placed)])
        _offer_placed(state, duchy, power, had, control, intercept)
        return
    if step:
        then(state, power, card, step, picked=list(picked))
    stack.push(state, EventStep(power=power, card=card, what=PLACE,
                                picked=[duchy, str(sp), why, step, intercept]))
    _ask_exchange(state, power, card, duchy, sp, why)


def _placed_log(state: WellingtonState, duchy: str, power: str, sp: int, placed: int,
                why: str) -> None:
    state.log.append(f"{power} places {placed} SP at {geo.name(duchy)} ({why})"
                     + (f"; {sp - placed} SP could not be placed: no counters left (5.11)"
                        if placed < sp else "") + ".")


def placeable(state: WellingtonState, power: str, sp: int) -> int:
    """The SP `place_unbuilt` would place now."""
    return sum(n * SP[kind] for kind, n in zip(COUNTER_TYPES, fitting(state, power, sp)))


def fitting(state: WellingtonState, power: str, sp: int) -> list[int]:
    """The unbuilt counters of `power` to place for `sp` SP: the most SP not above `sp`, and
    among those the smallest counters (1.5: a cavalry when 2 SP are asked and only 1 infantry
    is free, where taking the infantry first would leave 1 SP short)."""
    free = building.unbuilt(state, power)
    best: tuple[int, list[int]] = (-1, [0, 0, 0])
    for art in range(min(free[ART], sp // SP[ART]) + 1):
        for cav in range(min(free[CAV], (sp - art * SP[ART]) // SP[CAV]) + 1):
            rest = sp - art * SP[ART] - cav * SP[CAV]
            inf = min(free[INF], rest // SP[INF])
            total = sp - rest + inf * SP[INF]
            if total > best[0]:
                best = (total, [inf, cav, art])
    return best[1]


def donors(state: WellingtonState, power: str) -> list[str]:
    return sorted(d for d in state.troops if geo.on_map(d) and building.sp(state, d, power))


def _ask_exchange(state: WellingtonState, power: str, card: int, duchy: str, sp: int,
                  why: str) -> None:
    if placeable(state, power, sp) >= sp or not donors(state, power):
        return
    ask(state, power, card, EXCHANGE,
        [(d, f"Eliminate 1 SP at {geo.name(d)} ({building.sp(state, d, power)} SP there)")
         for d in donors(state, power)],
        f"too few unbuilt counters to place {sp} SP at {geo.name(duchy)} ({why}): "
        "eliminate 1 SP of yours on the map first (5.11)",
        picked=[duchy, str(sp), why])


def _exchange(state: WellingtonState, frame: EventChoice, donor: str) -> None:
    duchy, sp, why = frame.picked
    gone = reduce_sp(state, donor, frame.power)
    state.log.append(f"{frame.power} eliminates {gone} SP at {geo.name(donor)} to place "
                     f"{sp} SP at {geo.name(duchy)} ({why}, 5.11).")
    _ask_exchange(state, frame.power, frame.card, duchy, int(sp), why)


def reduce_sp(state: WellingtonState, duchy: str, power: str) -> int:
    """1 SP of `power` eliminated at `duchy`, change made (1.5): an infantry goes; else the
    smallest counter goes and smaller unbuilt counters worth 1 SP less take its place (a
    cavalry for 1 infantry; an artillery for 3 SP, the seed's 5.11 example); with none to
    change into, the whole counter goes (1.5). Returns the SP eliminated."""
    have = building.counters(state, duchy, power)
    kind = next(t for t in COUNTER_TYPES if have[t])
    building.add(state, duchy, power, kind, -1)
    back = place_unbuilt(state, duchy, power, SP[kind] - 1)
    return SP[kind] - back


def _place(state: WellingtonState, frame: EventStep) -> None:
    """The eliminations made, the SP are placed; the caller's step (just below) learns how
    many."""
    duchy, sp, why, step, intercept = frame.picked
    had, control = building.counters(state, duchy, frame.power), _controller(state, duchy)
    placed = place_unbuilt(state, duchy, frame.power, int(sp))
    _placed_log(state, duchy, frame.power, int(sp), placed, why)
    if step:                                       # the caller's step, pushed just before
        below = state.stack[state.stack.index(frame) - 1]
        assert isinstance(below, EventStep) and below.what == step
        below.picked = [*below.picked, str(placed)]
    _offer_placed(state, duchy, frame.power, had, control, intercept)


def place_unbuilt(state: WellingtonState, duchy: str, power: str, sp: int) -> int:
    """Up to `sp` SP of `power`'s unbuilt counters placed at `duchy` (`fitting`)."""
    placed = 0
    for kind, count in zip(COUNTER_TYPES, fitting(state, power, sp)):
        if count:
            building.add(state, duchy, power, kind, count)
            placed += count * SP[kind]
    return placed


def french_sp(state: WellingtonState) -> dict[str, int]:
    """Each French Power's soldier SP on the map."""
    return {p: sum(building.sp(state, d, p) for d in state.troops if geo.on_map(d))
            for p in (ADS, ADN)}
