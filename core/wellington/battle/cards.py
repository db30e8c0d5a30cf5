"""Cards in a battle (11.1, 5.2, 5.3): the seam the events part fills.

11.1: any Power with a commander or soldier in the battle may play battle events (type B),
the active side declaring all of its own before the inactive side, before the dice of each
round (new ones before a second round, 11.52); Responses that affect battles may be played at
any moment by any Power (5.2). The battle asks through `battle_cards` and carries a chosen
card out through `play_battle_card`; Responses go through the impulse part's Response windows
(core/wellington/cardplay.respond), opened at the battle's moments named by TRIGGERS.

What a card does to this battle is data on the Battle frame, set with the functions below
(the steps read it, the view shows it with the card named):
    add_dice           +/- dice for a side, one round or every round (11.2: one round unless
                       the text says otherwise)
    change_bv          a commander's Battle Value for this battle (#23 Humbugged)
    ignore_results     some of a side's 5s or 6s count for nothing (#96 Bloody Bagpipes)
    add_plunder_drm    a modifier to the Plunder roll (#96: +3)
    extend             more rounds (#11, #51)
    cancel_plunder     no Plunder (a card that cancels it)
    waive_spanish_attrition   11.11: #91 Wild Geese

THE REGISTRY (the events part fills it; core/wellington/events registers every card on import):
    register_battle(number, BattleEvent(playable, play))
        a battle card (type B) usable in a battle, whichever half of the deck writes it:
        playable(state, battle, power) -> bool   the card's own conditions (its text) hold now;
                                                 `battle_cards` already checks that the card is
                                                 in `power`'s hand, is a B card, that `power`
                                                 may play its deck (5.4) and has a Formation in
                                                 the battle (5.3, 11.1)
        play(state, battle, power) -> None       carry it out: call the functions below (or
                                                 push a frame when a Power must choose); the
                                                 card has left the hand (in-play box) and goes
                                                 on afterwards (hands.finish_card) unless `play`
                                                 moved it itself (kept, given away)
    register_standing(number, apply)
        apply(state, battle, effect) -> None     a lasting effect (state.Effect of card
                                                 `number` in state.effects) that changes every
                                                 battle it applies to, called when the battle
                                                 starts (`standing_effects`); it decides itself
                                                 whether this battle is concerned
Response cards (type R) that act on a battle are registered with cardplay.register like any
event; their `playable` checks the trigger (TRIGGERS below) and `play` finds the battle with
`current(state)`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core import stack
from core.engine import Action, Choice, IllegalAction
from core.wellington import deck, hands
from core.wellington.battle import sides
from core.wellington.frames.battle import Battle, BattleCard
from core.wellington.state import SIDE, Effect, WellingtonState

# the moments of a battle a Response window opens at (5.2): cardplay.respond's triggers
BEFORE_DICE = "battle:before-dice"      # each round, once the battle cards are declared
AFTER_DICE = "battle:after-dice"        # each round, the dice rolled, before losses
AFTER_BATTLE = "battle:after"           # the battle over, before the Plunder roll
TRIGGERS = (BEFORE_DICE, AFTER_DICE, AFTER_BATTLE)


@dataclass(frozen=True)
class BattleEvent:
    """What one battle card does in a battle (11.1): see the registry at the top."""

    playable: Callable[[WellingtonState, Battle, str], bool]
    play: Callable[[WellingtonState, Battle, str], None]


BATTLE_EVENTS: dict[int, BattleEvent] = {}
STANDING: dict[int, Callable[[WellingtonState, Battle, Effect], None]] = {}


def register_battle(number: int, event: BattleEvent) -> None:
    """Called by core/wellington/events for each battle card it carries out."""
    BATTLE_EVENTS[number] = event


def register_standing(number: int, apply: Callable[[WellingtonState, Battle, Effect],
                                                   None]) -> None:
    """Called by core/wellington/events for a card whose lasting effect reaches battles."""
    STANDING[number] = apply


def may_declare(state: WellingtonState, battle: Battle, power: str, number: int) -> bool:
    """11.1, 5.3, 5.4: `number` is a registered battle card in `power`'s hand, of a deck
    `power` may play, `power` has a Formation in the battle and the card's conditions hold."""
    event = BATTLE_EVENTS.get(number)
    if event is None or number not in hands.hand(state, power) or not hands.is_battle(number):
        return False
    if power not in deck.DECK_OWNERS[deck.card(number).deck]:
        return False
    if power not in sides.powers(state, battle.duchy, SIDE[power]):
        return False
    return event.playable(state, battle, power)


def battle_cards(state: WellingtonState, battle: Battle, power: str) -> list[Choice]:
    """11.1, 5.3: the battle events `power` may declare now, as choices with the verb
    "battle-card" and the card number as noun."""
    return [Choice(Action("battle-card", n), f"Play {hands.title(n)} in this battle (11.1)",
                   "card")
            for n in sorted(hands.hand(state, power)) if may_declare(state, battle, power, n)]


def standing_effects(state: WellingtonState, battle: Battle) -> None:
    """The effects already in play that change this battle (`state.effects`: #98 The Light
    Division, #52 Wounded Commander, #23 Humbugged...), each set on the frame by the function
    its card registered (`register_standing`) when the battle starts."""
    for effect in list(state.effects):
        apply = STANDING.get(effect.card)
        if apply is not None:
            apply(state, battle, effect)


def play_battle_card(state: WellingtonState, battle: Battle, power: str, number: int) -> None:
    """Carry out battle card `number` of `power` (11.1): it leaves the hand, its effect is
    set on the battle (frames `play` pushes run first), it goes on (4.21, 5.7) and the
    other Powers may respond (5.2).
    Refused, nothing changed, when `power` may not declare it now."""
    if not may_declare(state, battle, power, number):
        raise IllegalAction(f"#{number}: {power} may not play this battle event now (11.1, 5.3)")
    from core.wellington import cardplay    # cardplay imports the battle package's users
    hands.leave_hand(state, power, number)
    state.played_this_turn.append(number)
    state.log.append(f"{power} plays {hands.title(number)} in the battle at "
                     f"{battle.duchy} (11.1).")
    cardplay.respond(state, f"event:{number}", power)   # asked once what `play` pushes is over
    BATTLE_EVENTS[number].play(state, battle, power)
    hands.finish_card(state, number, as_event=True)


# --- what a card does to this battle -----------------------------------------------------


def add_dice(battle: Battle, side: str, dice: int, why: str, round_: int | None = None) -> None:
    """`dice` more (or fewer) battle dice for `side` (11.2): in round `round_` (default the
    current round, or round 1 before the battle starts), or in every round with 0."""
    when = round_ if round_ is not None else max(battle.round, 1)
    battle.extra_dice.append((side, when, dice, why))


def change_bv(battle: Battle, commander: str, bv: int, why: str) -> None:
    battle.bv_changes.append((commander, bv, why))


def ignore_results(battle: Battle, side: str, face: int, count: int, why: str) -> None:
    """`count` of `side`'s results of `face` (5 or 6) count for nothing, every round."""
    battle.ignored.append((side, face, count, why))


def add_plunder_drm(battle: Battle, amount: int, why: str) -> None:
    battle.plunder_drm.append((amount, why))


def extend(battle: Battle, rounds: int = 1) -> None:
    battle.max_rounds += rounds


def cancel_plunder(battle: Battle, why: str) -> None:
    battle.no_plunder = why


def waive_spanish_attrition(battle: Battle, why: str) -> None:
    battle.no_spanish_attrition = why


# --- the declaration stop (11.1) -----------------------------------------------------------


def current(state: WellingtonState) -> Battle:
    battle = stack.find(state, Battle)
    if battle is None:
        raise IllegalAction("no battle is being fought")
    return battle


def card_choices(state: WellingtonState, frame: BattleCard) -> list[Choice]:
    out = list(battle_cards(state, current(state), frame.power))
    out.append(Choice(Action("no-more-cards"), "Declare no more battle events (11.1)", "turn"))
    return out


def _card(state: WellingtonState, frame: BattleCard, number: int) -> None:
    play_battle_card(state, current(state), frame.power, number)


def _done(state: WellingtonState, frame: BattleCard, _noun: None) -> None:
    stack.done(state, frame)


BATTLE_CARD = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: declare battle events for round "
                                 f"{current(state).round} of the battle (11.1)?"),
    choices=card_choices,
    handlers={"battle-card": _card, "no-more-cards": _done},
)
