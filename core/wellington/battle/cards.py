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
    extend             more rounds (a tied battle fights on)
    go_on              the battle goes on after a round whatever its result (#11, #36)
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

THE SEAMS of the procedure (procedure.py names a step for each; docs/wellington-battle.md):
    every effect a card sets is named by a `why` beginning "#<card> "; `cancel` stops every
    effect of a card in this battle (#2, #58 discard a card in play; #48, #49 cancel #31, #54)
    register_hook(number, step, fn)   fn(state, battle, power) -> bool | None, run for each
                                      card `number` in play in this battle (`in_play`, not
                                      cancelled) at the step: DECLARED (all battle cards of
                                      the round revealed, #58), ROUND_END (the round's losses
                                      applied, #107), TIE (a round ends tied: True if the hook
                                      decides it, #70), OUTCOME (after the Rout, #74), CLOSE
                                      (#97)
    reduce_results     results against a side changed before they apply (#97, #30)
    roll_apart         dice rolled apart, a 1 hits the own side (#14)
    halve_dice         #81
    no_rout            a side's Rout becomes a retreat (#2, #81, #96)
    pin / no_free_flag an Overrun's benefits denied (#81, #74, #87)
    behead             a side's Commander removed: nobody else commands (#32, #52)
    go_on              another round whatever the result (#11, #36)
    Battle.rout_margins / rout_attrition   the Rout's margin, attrition on the routed (#61)
    RETREAT window, Battle.fight_on / carried   the retreat cancelled, a new battle (#51)
Battle cards are announced before they resolve when a Power may answer (`play:N`, 5.2: #42
cancels one as never played, #55 turns one to the other side): `BattleCardPlay`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core import stack
from core.engine import Action, Choice, IllegalAction
from core.wellington import cardplay, deck, hands
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.battle import sides
from core.wellington.frames.battle import Battle, BattleCard, BattleCardPlay
from core.wellington.state import SIDE, Effect, WellingtonState

# the moments of a battle a Response window opens at (5.2): cardplay.respond's triggers
BEFORE_DICE = "battle:before-dice"      # each round, once the battle cards are declared
AFTER_DICE = "battle:after-dice"        # each round, the dice rolled, before losses
END_OF_ROUND = "battle:end-of-round"    # each round, its losses applied, before the decision
DECIDED = "battle:decided"              # the winner known, before the Rout and the retreat
RETREAT = "battle:retreat"              # the loser about to retreat (11.6; a tie's too)
AFTER_BATTLE = "battle:after"           # the battle over, before the Plunder roll
TRIGGERS = (BEFORE_DICE, AFTER_DICE, END_OF_ROUND, DECIDED, RETREAT, AFTER_BATTLE)

# the procedure's steps where cards in play act (register_hook)
DECLARED, ROUND_END, TIE, OUTCOME, CLOSE = "declared", "round-end", "tie", "outcome", "close"
HOOK_STEPS = (DECLARED, ROUND_END, TIE, OUTCOME, CLOSE)



@dataclass(frozen=True)
class BattleEvent:
    """What one battle card does in a battle (11.1): see the registry at the top."""

    playable: Callable[[WellingtonState, Battle, str], bool]
    play: Callable[[WellingtonState, Battle, str], None]


BATTLE_EVENTS: dict[int, BattleEvent] = {}
STANDING: dict[int, Callable[[WellingtonState, Battle, Effect], None]] = {}
Hook = Callable[[WellingtonState, Battle, str], "bool | None"]
HOOKS: dict[tuple[int, str], Hook] = {}
# windows for lasting card effects on the battle's outcome (the events fill them at import):
# a won battle before the Rout (#106 Dragoons' pursuit, W5); a retreat cancelled (#51 To the
# Death: the Power that cancelled it, or ""; the effect is used up) and the new battle it
# brings once the Rout and the Plunder are done
WON: list[Callable[[WellingtonState, Battle], None]] = []
RETREAT_CANCELLERS: list[Callable[[WellingtonState, str], str]] = []
FIGHT_AGAIN: list[Callable[[WellingtonState, Battle, str], None]] = []


def register_battle(number: int, event: BattleEvent) -> None:
    """Called by core/wellington/events for each battle card it carries out."""
    BATTLE_EVENTS[number] = event


def register_standing(number: int, apply: Callable[[WellingtonState, Battle, Effect],
                                                   None]) -> None:
    """Called by core/wellington/events for a card whose lasting effect reaches battles."""
    STANDING[number] = apply


def register_hook(number: int, step: str, hook: Hook) -> None:
    """Card `number`, once in play in a battle, acts at procedure step `step` (HOOK_STEPS)."""
    assert step in HOOK_STEPS, step
    HOOKS[(number, step)] = hook


def run_hooks(state: WellingtonState, battle: Battle, step: str) -> bool:
    """Every card in play in this battle with a hook at `step`, in the order played; True as
    soon as one says it settled the step (TIE: the latest card played prevails, 5.2)."""
    entries = list(battle.in_play)
    if step == TIE:
        entries.reverse()
    for number, power in entries:
        hook = HOOKS.get((number, step))
        if hook is not None and number not in battle.cancelled and hook(state, battle, power):
            return True
    return False


def card_of(why: str) -> int:
    """The card an effect's `why` names ("#96 Bloody Bagpipes" -> 96; 0: no card)."""
    head = why.split(" ", 1)[0]
    return int(head[1:]) if head.startswith("#") and head[1:].isdigit() else 0


def in_force(battle: Battle, why: str) -> bool:
    """The effect named `why` still acts: its card was not cancelled in this battle."""
    return card_of(why) not in battle.cancelled


def cancel(state: WellingtonState, battle: Battle, number: int, why: str) -> None:
    """Every effect of card `number` on this battle stops from now on (what it already did
    stays done): a card discarded while in play (#2, #58) or cancelled (#48, #49)."""
    if number not in battle.cancelled:
        battle.cancelled.append(number)
        battle.history.append(f"{hands.title(number)} cancelled ({why})")
        state.log.append(f"{hands.title(number)} no longer acts in the battle at "
                         f"{geo.name(battle.duchy)} ({why}).")


def enemy_cards(battle: Battle, side: str) -> list[int]:
    """The battle cards played in this battle for the side opposing `side`, still acting
    (#2, #58: one may be discarded)."""
    return [n for n, p in battle.in_play if SIDE[p] != side and hands.is_battle(n)
            and n not in battle.cancelled]


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
    other Powers may respond (5.2). It is always announced first (a `BattleCardPlay` on the
    stack): the announcement's window (`play:N`) asks whoever may answer the card just
    played (#24 Hand of God, #42 Fog of War, #55 Outflanked!), and it resolves after the
    answers; when nobody is asked it resolves at once.
    Refused, nothing changed, when `power` may not declare it now."""
    if not may_declare(state, battle, power, number):
        raise IllegalAction(f"#{number}: {power} may not play this battle event now (11.1, 5.3)")
    hands.leave_hand(state, power, number)
    state.played_this_turn.append(number)
    state.log.append(f"{power} plays {hands.title(number)} in the battle at "
                     f"{geo.name(battle.duchy)} (11.1).")
    announced = BattleCardPlay(power=power, card=number, step=1)   # announced just below
    stack.push(state, announced)
    _announce(state, announced)                      # on the stack: #24 sees the card
    if stack.top(state) is not announced:
        return                                       # answered first: it resolves after
    stack.done(state, announced)                     # nobody may answer: it resolves now
    cardplay.respond(state, f"event:{number}", power)   # asked once what `play` pushes is over
    resolve(state, battle, power, number)
    hands.finish_card(state, number, as_event=True)


def resolve(state: WellingtonState, battle: Battle, power: str, number: int) -> None:
    """The card acts for `power` (its player, or the Power #55 turned it to)."""
    battle.in_play.append((number, power))
    BATTLE_EVENTS[number].play(state, battle, power)


def _announce(state: WellingtonState, frame: BattleCardPlay) -> None:
    cardplay.respond(state, f"play:{frame.card}", frame.power)


def _carry_out(state: WellingtonState, frame: BattleCardPlay) -> None:
    if frame.cancelled:
        state.log.append(f"{hands.title(frame.card)} is discarded as if never played.")
        if frame.card in state.played_this_turn:
            state.played_this_turn.remove(frame.card)
        return
    resolve(state, current(state), frame.beneficiary or frame.power, frame.card)


def _send_on(state: WellingtonState, frame: BattleCardPlay) -> None:
    hands.finish_card(state, frame.card, as_event=not frame.cancelled)   # #42: discarded
    if not frame.cancelled:
        cardplay.respond(state, f"event:{frame.card}", frame.power)


BATTLE_CARD_PLAY = stack.Steps((_announce, _carry_out, _send_on))


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


def add_plunder_drm(battle: Battle, amount: int, why: str, winner: str = "") -> None:
    """A modifier to the Plunder roll (11.10); with `winner`, only if that side won."""
    if winner:
        battle.plunder_if.append((winner, amount, why))
    else:
        battle.plunder_drm.append((amount, why))


def reduce_results(battle: Battle, against: str, face: int, to: int, count: int, why: str,
                   round_: int = 0) -> None:
    """`count` (0: half, rounded up) of the `face` results scored against `against` become
    `to` (5, or 0: no effect) before they apply, in round `round_` (0: every round)."""
    battle.reductions.append((against, round_, face, to, count, why))


def roll_apart(battle: Battle, side: str, dice: int, why: str, round_: int | None = None
               ) -> None:
    """`dice` more dice for `side`, rolled apart this round (or `round_`): their 5s and 6s
    hit as usual, any 1 is one hit on `side` itself (at most one per card)."""
    battle.separate.append((side, round_ if round_ is not None else max(battle.round, 1),
                            dice, why))


def halve_dice(battle: Battle, why: str) -> None:
    battle.halved = why


def no_rout(battle: Battle, side: str, why: str) -> None:
    """A Rout of `side` in this battle becomes a simple retreat (11.7 not applied)."""
    battle.no_rout.append((side, why))


def pin(battle: Battle, side: str, why: str) -> None:
    """An Overrun by `side` lets it go no further (it takes its BFI marker, 11.52)."""
    battle.pinned.append((side, why))


def no_free_flag(battle: Battle, side: str, why: str) -> None:
    """`side` gets no Flag Overrun (11.9) in this battle."""
    battle.no_free_flag.append((side, why))


def applies(battle: Battle, entries: list[tuple[str, str]], side: str) -> str:
    """The `why` of the first entry for `side` still in force ("" none)."""
    return next((why for who, why in entries if who == side and in_force(battle, why)), "")


def behead(state: WellingtonState, battle: Battle, commander: str, why: str) -> None:
    """`commander` has left the battle by a card: he counts as a loss of his side, and nobody
    else takes command of it: it fights as under a 0-4 commander of his Power (#32, #52)."""
    side = SIDE[geo.commander_power(commander)]
    battle.headless[side] = geo.commander_power(commander)
    battle.commander[side] = ""
    battle.suffered_e[side] = battle.suffered_e.get(side, 0) + 1
    battle.eliminated[side] = battle.eliminated.get(side, 0) + 1
    battle.records.append((why, geo.commander_power(commander), commander))
    battle.history.append(f"{why}: the Commander is gone; nobody else takes command")


def extend(battle: Battle, rounds: int = 1) -> None:
    battle.max_rounds += rounds


def go_on(battle: Battle, round_: int, why: str) -> None:
    """The battle goes on for another round after round `round_`, whatever its result, unless
    a side is wholly eliminated (#11, #36; procedure.decide)."""
    battle.go_on.append((round_, why))


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
