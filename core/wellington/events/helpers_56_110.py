"""Helpers of the #56-110 events that events/common.py does not offer: the winner of a
battle as a Power and as an Army (#75, #82); who may play a card now; "play one of these
cards now" (#57, #89, #104 after a draw; #65 the card taken).
"""
from __future__ import annotations

from core.wellington import building, cardplay, deck, hands
from core.wellington import flags as geo
from core.wellington.events import common
from core.wellington.frames.battle import Battle
from core.wellington.frames.events import EventChoice
from core.wellington.state import WellingtonState


def commander_name(cid: str) -> str:
    return building.commander(cid).name


def victor(battle: Battle) -> str:
    """The victorious Power of a battle (#75): the Power of the winning side's Commander;
    a side with no commander is represented by its first Power in impulse order (the Powers
    that fought, `battle.powers`). "" when nobody won (a tie or both sides gone)."""
    if not battle.winner or battle.tie:
        return ""
    chief = battle.commander.get(battle.winner, "")
    if chief:
        return geo.commander_power(chief)
    fought = battle.powers.get(battle.winner, [])
    return fought[0] if fought else ""


def army_beaten(battle: Battle) -> bool:
    """#75: an Army or Army Group (a Formation with a commander, 1.6, 11.10 `had_army`) has
    been routed (11.7) or eliminated (11.8 Overrun: nothing of it left in play)."""
    return bool(battle.loser) and battle.had_army.get(battle.loser, False) and \
        (battle.routed or battle.overrun)


def winning_army(state: WellingtonState, battle: Battle) -> tuple[str, str]:
    """#82: the Army (or Army Group) that has just won the battle: its Commander, still in the
    duchy, and his Power; ("", "") when the winner is no Army."""
    if not battle.winner or battle.tie:
        return "", ""
    chief = battle.commander.get(battle.winner, "")
    if not chief or state.commanders.get(chief) != battle.duchy:
        return "", ""
    return chief, geo.commander_power(chief)


# --- who may play (5.1, 5.2, 5.4) ---------------------------------------------------------------


def owner(power: str, number: int) -> bool:
    """5.1, 5.4: a common event by any Power, a national one by its deck's Powers only."""
    return power in deck.card(number).owners


def own_impulse(state: WellingtonState, power: str, number: int, trigger: str) -> bool:
    """An E (or MP) card: the card play of the player's own impulse (5.1)."""
    return common.own_impulse(state, power, trigger) and owner(power, number)


def any_moment(state: WellingtonState, power: str, number: int, trigger: str) -> bool:
    """5.2: a Response "at any moment": in any Response window, or as the card play of the
    Power's own impulse."""
    return owner(power, number) and (trigger != "" or common.own_impulse(state, power, trigger))


# --- "draw N cards; you may (must) play one of them now" (#57, #89, #104) ------------------------

PLAY_DRAWN = "play-drawn"


def draw_and_offer(state: WellingtonState, power: str, card: int, count: int, must: bool) -> None:
    """`power` draws `count` cards and is asked which of them it plays at once (for its CP or
    as its event, where each may be), as a continuation of the event (5.6); `must`: one has
    to be played if any can. The card's module registers `play_drawn` for (card, PLAY_DRAWN)."""
    before = list(hands.hand(state, power))
    hands.draw(state, power, count)
    drawn = [n for n in hands.hand(state, power) if n not in before]
    state.log.append(f"{hands.title(card)}: {power} draws {len(drawn)} card"
                     f"{'s' if len(drawn) != 1 else ''}.")
    offer(state, power, card, drawn, must)


def offer(state: WellingtonState, power: str, card: int, numbers: list[int], must: bool) -> None:
    """Ask `power` which of `numbers` (in its hand) it plays at once, for its CP or as its
    event (5.6 continuation); answered by `play_drawn`. Nothing asked if none can be played."""
    options = []
    for n in numbers:
        if hands.cp(n):
            options.append((f"cp:{n}", f"Play {hands.title(n)} now for {hands.cp(n)} CP"))
        if cardplay.event_playable(state, power, n):
            options.append((f"event:{n}", f"Play {hands.title(n)} now as its event"))
    if options:
        common.ask(state, power, card, PLAY_DRAWN, options,
                   "play one of these cards now" + (" (you must)" if must else "?"),
                   optional=not must)


def play_drawn(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """The answer to `draw_and_offer`: the card is played at once (5.6 continuation)."""
    if noun == common.DECLINE:
        return
    how, number = noun.split(":")
    if how == "cp":
        cardplay.play_for_cp(state, frame.power, int(number))
    else:
        cardplay.play_event(state, frame.power, int(number))
