"""Battles (9.0-9.7): the Battle Resolution Procedure, step by step, and the Overrun.

    BATTLE   step 1 cards: the attacker, then the defender, may play a Battle card (+2 and its
             event) or discard an Event card (+1) (9.2, 9.45, 6.33); an event may turn the
             battle into an Overrun (9.2 special, 9.7 clarification)
             -> step 2 battle ratings (9.3) -> step 3 DRMs (9.4, 9.41-9.46)
             -> step 4 battle dice, the attacker wins ties (9.2)
             -> step 5 casualties (9.5; the American chooses French or American losses in a
                mixed stack) and the winning general left alone (9.5 special)
             -> step 6 the loser retreats (9.61), by sea (9.62) or surrenders (9.63);
                the Congress dispersed (7.7)
             -> step 7 the French Alliance marker and the Regulars Advantage (9.2, 9.41, 12.1)
             -> the cards go to the discard pile, Arnold's out of the game (6.33.A)

Entry points (docs/ww-engine.md): `begin` pushes the Battle frame above the Activation that
caused it; the movement part ends that activation with the battle (7.3.B: it marks
`Activation.over` before calling `begin`). A battle that a card event turns into an Overrun (9.2
step 1 special) calls `overrun`, which marks `Activation.overran` (7.3.C); the Army may then
move on (9.7) where 7.8.C and 7.9.B do not stop it: the movement part's call. `overrun` is also
the movement part's call for an Overrun on entering a space (`overrun_applies` says when).
`land_retreats` and `sea_retreats` are the 9.61 and 9.62 destinations.

Calls into other parts go through `Parts` (the Battle card window, the arrival floor for
arrivals, captures and the Congress, the French Alliance track): `RULES` are the real ones.
A test of the battle alone stands others in with `standing_in(parts)`, the way
`core.dice.scripted` scripts the dice: nothing is patched.

The Battle card window (9.2 step 1): the battle owns the registry `BATTLE_CARD_EVENTS`, which the
events floor fills (core/ww/events/battle_cards.py, `register_battle_card`) at import of the
game; the battle never imports the events. `play_in_battle` carries out a Battle card's event
after the battle has recorded the card and its +2 (9.45: do not add the +2 again). Its effects
for this battle only are data the later steps read, set with `deny` (a DRM the side does not
get), `grant` (a DRM the side gets whatever the conditions), `halve_rating` (half Tactical
whatever the die), `change_losses` (a casualty changed when a side wins) and `end_as_overrun`
(9.7 clarification).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core import cards, stack
from core.dice import d6
from core.engine import Action, Choice
from core.seam import Seam
from core.ww import alliance_track, arrival, deck, requirements
from core.ww import generals as roster
from core.ww import query as q
from core.ww.frames.battle import Battle, BattleCard, BattleLosses, BattleRetreat
from core.ww.frames.movement import Activation
from core.ww.frames.strategy import Impulse
from core.ww.hands import finish_card, hand, title
from core.ww.query import name
from core.ww.state import AM, AMERICAN, BRITISH, FR, IN_PLAY, WwState

# The DRMs of table 9.4 that a Battle card may take away or give, by rule number.
REGULARS = "9.41"
ROYAL_NAVY = "9.42"
MILITIA = "9.43"
WINTER_OFFENSIVE = "9.44"
INTERCEPTION = "9.46"

LOSER_LOSES = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}     # 9.5: the loser's die -> CUs lost
OVERRUN_ARMY = (4, 5)                                  # 9.7: an activated general with 4-5 CUs
REGULARS_LOST_AT = 3                                   # 9.41: 3 or more British CUs in a battle


# --- what a battle asks of the other parts --------------------------------------------------


@dataclass(frozen=True)
class Parts:
    """The calls a battle makes into the other parts of the rules (docs/ww-engine.md)."""

    battle_playable: Callable[[WwState, str, int, Battle], bool]   # 9.45, card flags
    play_in_battle: Callable[[WwState, str, int, Battle], None]    # the card's event
    arrive: Callable[[WwState, str, str], None]                    # arrival: 7.4.C, 7.6, 7.7
    capture: Callable[[WwState, str], None]                        # arrival: 7.6 (7.6.B)
    disperse_congress: Callable[[WwState], None]                   # arrival: 7.7
    advance: Callable[[WwState, int, str], None]                   # alliance: 12.1


# --- the Battle card window (9.2 step 1, 9.45, 6.33) -------------------------------------------

BattleCardEvent = Callable[[WwState, str, Battle], None]   # (state, side, battle): the effect

BATTLE_CARD_EVENTS: dict[int, BattleCardEvent] = {}


def register_battle_card(number: int, effect: BattleCardEvent) -> None:
    """The events floor registers each Battle card's event once, at import of the game."""
    if number in BATTLE_CARD_EVENTS:
        raise ValueError(f"Battle card {number} registered twice")
    BATTLE_CARD_EVENTS[number] = effect


def battle_playable(state: WwState, side: str, card: int, battle: Battle) -> bool:
    """6.33.A, 9.45: a Battle card of `side`'s own flag (an opponent's card can only be
    discarded for +1, which the battle offers), by a side in this battle, its conditions
    (`requires`) met. Arnold Betrays needs no Arnold in the battle (6.3.B)."""
    c = deck.card(card)
    if not c.battle or "battle" not in c.play_in or c.flag != side.lower():
        return False
    if side not in (battle.attacker, battle.defender):
        return False
    return all(requirements.met_in_battle(state, battle, r, side) for r in c.requires)


def play_in_battle(state: WwState, side: str, card: int, battle: Battle) -> None:
    """The event of `card`, played by `side` in `battle` (its +2 is the battle's own)."""
    effect = BATTLE_CARD_EVENTS.get(card)
    if effect is None:
        raise LookupError(f"no event registered for Battle card {card}: the events floor "
                          f"(core.ww.events) registers them at import of the game")
    effect(state, side, battle)


RULES = Parts(
    battle_playable=battle_playable,
    play_in_battle=play_in_battle,
    arrive=arrival.arrive,
    capture=arrival.capture,
    disperse_congress=arrival.disperse_congress,
    advance=alliance_track.advance,
)

_PARTS: Seam[Parts] = Seam("ww_battle_parts", RULES)
parts = _PARTS.get
# Within the block, battles call `stand_ins` instead of the other parts (tests only).
standing_in = _PARTS.standing_in


# --- Battle card effects (9.45): what the events part may set, for this battle only ----------


def deny(battle: Battle, side: str, drm: str, why: str) -> None:
    """`side` does not get the DRM of rule `drm` (REGULARS, ROYAL_NAVY, MILITIA, ...)."""
    battle.denied.append((side, drm, why))


def grant(battle: Battle, side: str, drm: str, why: str) -> None:
    """`side` gets the DRM of rule `drm` even where its conditions do not hold."""
    battle.granted.append((side, drm, why))


def halve_rating(battle: Battle, side: str, why: str) -> None:
    """`side`'s general rates half his Tactical rating whatever his die (9.3)."""
    battle.half_rating.append((side, why))


def change_losses(battle: Battle, winner: str, side: str, amount: int, why: str) -> None:
    """If `winner` wins, `side` loses `amount` CUs more (or fewer, never below 0) than the
    casualty die gives (9.5; card text beats the one-CU limit of the winner, 6.31)."""
    battle.loss_changes.append((winner, side, amount, why))


def end_as_overrun(battle: Battle) -> None:
    """9.2 step 1 special: an Overrun takes place instead of the rest of the battle."""
    battle.overrun = True


# --- entry points -----------------------------------------------------------------------------


def begin(state: WwState, space: str, attacker: str, general: str | None, entered_from: str,
          intercepted: bool) -> None:
    """9.1, 9.2: a battle where the activated Army of `attacker` under `general` stands, having
    entered `space` from `entered_from`, against the enemy CUs there; `intercepted`: the
    American defender intercepted (7.8, 9.46). Pushes the Battle frame (above the Activation)."""
    defender = q.enemy(attacker)
    if not q.cus(state, space, defender) or not q.cus(state, space, attacker):
        raise ValueError(f"9.1: no battle at {space}: both sides need CUs there")
    if not entered_from:
        raise ValueError("9.61.B: a battle needs the space the attacker entered from")
    battle = Battle(space=space, attacker=attacker, defender=defender,
                    attacker_general=general or "",
                    defender_general=q.general_at(state, space, defender) or "",
                    entered_from=entered_from, intercepted=intercepted,
                    winter_offensive=winter_offensive(state, attacker, general))
    state.log.append(f"Battle at {name(space)}: the {attacker} attacks the {defender} (9.1).")
    stack.push(state, battle)


def winter_offensive(state: WwState, attacker: str, general: str | None) -> bool:
    """9.44, A11: Washington's Army attacks, activated by the very last card of the Strategy
    Phase (both hands otherwise empty when it was played; for a Campaign, his Army only)."""
    impulse = stack.find(state, Impulse)
    return (attacker == AMERICAN and general == q.WASHINGTON and impulse is not None
            and impulse.last_card)


def overrun_applies(state: WwState, space: str, attacker: str) -> bool:
    """9.7: the activated general with 4 or 5 CUs stands where there is exactly 1 enemy CU and
    no enemy general."""
    defender = q.enemy(attacker)
    return (q.general_at(state, space, attacker) is not None
            and q.cus(state, space, attacker) in OVERRUN_ARMY
            and q.cus(state, space, defender) == 1
            and q.general_at(state, space, defender) is None)


def overrun(state: WwState, space: str, attacker: str) -> None:
    """9.7: the moving Army removes the single enemy CU and rolls no casualties; it may move on
    (7.3.C: `Activation.overran`). An American Overrun is a British battle loss for the French
    Alliance (12.1); a British Overrun in the Congress's space disperses it (7.7)."""
    defender = q.enemy(attacker)
    if q.cus(state, space, defender) != 1 or q.general_at(state, space, defender):
        raise ValueError(f"9.7: no Overrun at {space}: it needs 1 enemy CU and no general")
    nationality = next(n for n in q.nationalities(defender) if q.cu_count(state, space, n))
    q.eliminate_cus(state, space, nationality, 1)
    state.log.append(f"The {attacker} overruns the {defender} CU at {name(space)} (9.7).")
    activation = stack.find(state, Activation)
    if activation is not None and activation.side == attacker:
        activation.overran = True
    if attacker == AMERICAN:
        parts().advance(state, 1, "an American Overrun counts as a British battle loss (9.7, "
                                  "12.1)")
    elif state.congress == space:
        parts().disperse_congress(state)


def current(state: WwState) -> Battle:
    battle = stack.find(state, Battle)
    assert battle is not None, "no battle is being fought"
    return battle


def loser(battle: Battle) -> str:
    return q.enemy(battle.winner)


def general_name(general: str | None) -> str:
    return roster.display(general) if general else "no general"


# --- step 1: cards (9.2, 9.45, 6.33) -----------------------------------------------------------


def attacker_card(state: WwState, battle: Battle) -> None:
    """9.2 step 1, 6.33.D: the attacker decides first."""
    offer_card(state, battle.attacker)


def defender_card(state: WwState, battle: Battle) -> None:
    if overrun_instead(state, battle):
        return
    offer_card(state, battle.defender)


def offer_card(state: WwState, side: str) -> None:
    """Asked whenever the side holds a card, so the question tells nothing of its hand."""
    if hand(state, side):
        stack.push(state, BattleCard(side=side))


def playable_cards(state: WwState, side: str, battle: Battle) -> list[int]:
    """9.45: Battle cards of the side's own flag whose event may be played in this battle."""
    return [n for n in hand(state, side)
            if deck.card(n).battle and deck.card(n).flag == side.lower()
            and parts().battle_playable(state, side, n, battle)]


def discardable_cards(state: WwState, side: str) -> list[int]:
    """9.45, 6.33.C, D5: any Event card except a Special Event, a Battle card of either flag
    included."""
    return [n for n in hand(state, side) if deck.card(n).is_event and not deck.card(n).must_play]


def battle_card_choices(state: WwState, frame: BattleCard) -> list[Choice]:
    battle = current(state)
    out = [Choice(Action("play", n), f"Play {title(n)}: +2 and its event (9.45)", "card")
           for n in playable_cards(state, frame.side, battle)]
    out += [Choice(Action("discard", n), f"Discard {title(n)}: +1 (9.45)", "card")
            for n in discardable_cards(state, frame.side)]
    out.append(Choice(Action("no-card"), "No card", "turn"))
    return out


def _play(state: WwState, frame: BattleCard, number: int) -> None:
    """9.45: +2 and the event; the card stays in play until the battle ends (6.33.A); one
    replacement card at the end of the impulse (6.33.B)."""
    stack.done(state, frame)
    battle, side = current(state), frame.side
    cards.move(state.piles, number, f"hand:{side}", IN_PLAY)
    battle.cards[side], battle.played[side] = number, True
    battle.modifiers.setdefault(side, []).append(
        (deck.BATTLE_CARD_DRM, f"Battle card {title(number)} played (9.45)"))
    state.replacements[side] = state.replacements.get(side, 0) + 1
    state.log.append(f"{side} plays the Battle card {title(number)} (+2, 9.45).")
    parts().play_in_battle(state, side, number, battle)


def _discard(state: WwState, frame: BattleCard, number: int) -> None:
    """9.45, 6.33.C: +1; no replacement and no exchange. A discarded Hortalez rebuilds the
    deck at the next Strategy Card Phase (6.1 note, docs/ww-cards.md R8)."""
    stack.done(state, frame)
    battle, side = current(state), frame.side
    cards.move(state.piles, number, f"hand:{side}", cards.DISCARD)
    battle.cards[side], battle.played[side] = number, False
    battle.modifiers.setdefault(side, []).append(
        (deck.DISCARDED_EVENT_DRM, f"Event card {title(number)} discarded (9.45)"))
    state.log.append(f"{side} discards {title(number)} for +1 (9.45).")
    if number in deck.RESHUFFLE_WHEN_DISCARDED:
        state.reshuffle_pending = True
        state.log.append(f"{title(number)} discarded: the deck will be rebuilt at the next "
                         "Strategy Card Phase (6.1 note).")


def _no_card(state: WwState, frame: BattleCard, _noun: None) -> None:
    stack.done(state, frame)
    state.log.append(f"{frame.side} plays no card in this battle (9.2 step 1).")


BATTLE_CARD = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (
        f"{frame.side} ({'attacker' if frame.side == current(state).attacker else 'defender'}"
        f") at {name(current(state).space)}: play a Battle card (+2 and its event), discard an "
        f"Event card (+1), or neither (9.2 step 1, 9.45)."),
    choices=battle_card_choices,
    handlers={"play": _play, "discard": _discard, "no-card": _no_card},
)


def overrun_instead(state: WwState, battle: Battle) -> bool:
    """9.2 step 1 special, 9.7 clarification: if a card event has made the conditions of an
    Overrun (a British attacker with 4-5 CUs facing 1 American CU and no general once Arnold
    is gone), the Overrun takes place instead of the rest of the battle. Never the defender's:
    an attacking American who loses Arnold still fights."""
    if not (battle.overrun or overrun_applies(state, battle.space, battle.attacker)):
        return False
    battle.overrun = True
    overrun(state, battle.space, battle.attacker)
    stack.goto(battle, BATTLE, close)
    return True


# --- step 2: battle ratings (9.3) --------------------------------------------------------------


def battle_ratings(state: WwState, battle: Battle) -> None:
    """9.2 step 2: each general rolls for his battle rating, the attacker first."""
    if overrun_instead(state, battle):
        return
    battle.attacker_general = q.general_at(state, battle.space, battle.attacker) or ""
    battle.defender_general = q.general_at(state, battle.space, battle.defender) or ""
    for side in (battle.attacker, battle.defender):
        battle.ratings[side] = battle_rating(state, battle, side)


def battle_rating(state: WwState, battle: Battle, side: str) -> int:
    """9.3: 1-3 half the Tactical rating (rounded down), 4-6 the full rating; never more than
    the friendly CUs in the battle (C2: every one in the space); no general, 0."""
    general = q.general_at(state, battle.space, side)
    if general is None:
        state.log.append(f"{side}: no general, battle rating 0 (9.3).")
        return 0
    die = d6(state, f"battle rating of {roster.display(general)}", "9.3")
    battle.rating_rolls[side] = die
    tactical = roster.tactical(general)
    halved = [why for who, why in battle.half_rating if who == side]
    if halved:
        rating, how = tactical // 2, f"half his Tactical {tactical}: {halved[0]}"
    elif die >= 4:
        rating, how = tactical, f"full Tactical {tactical}"
    else:
        rating, how = tactical // 2, f"half his Tactical {tactical}"
    force = q.cus(state, battle.space, side)
    if rating > force:
        rating, how = force, f"{how}, no more than his {force} CU{'' if force == 1 else 's'}"
    state.log.append(f"{roster.display(general)}'s battle rating: {rating} ({how}) (9.3).")
    return rating


# --- step 3: DRMs (9.4) ------------------------------------------------------------------------


def battle_drms(state: WwState, battle: Battle) -> None:
    """9.2 step 3, table 9.4: CUs, battle rating, then each DRM by its rule; the cards' DRMs
    recorded in step 1 keep their place before the interception's."""
    for side in (battle.attacker, battle.defender):
        from_cards = battle.modifiers.get(side, [])
        count = q.cus(state, battle.space, side)
        battle.modifiers[side] = [
            (count, f"{count} CU{'' if count == 1 else 's'} (9.4)"),
            (battle.ratings.get(side, 0), rating_reason(battle, side)),
            *named_drm(battle, side, REGULARS, 1, "British Regulars Advantage (9.41)",
                       side == BRITISH and state.regulars),
            *named_drm(battle, side, ROYAL_NAVY, 1, "Royal Navy support (9.42)",
                       side == BRITISH and royal_navy_supports(state, battle.space)),
            *named_drm(battle, side, MILITIA, 1, militia_reason(battle.space),
                       militia(state, battle.space) == side),
            *named_drm(battle, side, WINTER_OFFENSIVE, 2, "American Winter Offensive (9.44)",
                       side == AMERICAN and battle.winter_offensive),
            *from_cards,
            *named_drm(battle, side, INTERCEPTION, 1, "Interception (9.46)",
                       side == AMERICAN and battle.intercepted),
        ]
        state.log.append(f"{side} DRM {total_drm(battle, side):+d}: "
                         + ", ".join(f"{n:+d} {why}" for n, why in battle.modifiers[side])
                         + " (9.2 step 3).")


def rating_reason(battle: Battle, side: str) -> str:
    general = battle.attacker_general if side == battle.attacker else battle.defender_general
    if not general:
        return "no general: battle rating 0 (9.3)"
    return f"battle rating of {roster.display(general)} (9.3)"


def named_drm(battle: Battle, side: str, drm: str, amount: int, reason: str,
              applies: bool) -> list[tuple[int, str]]:
    """One DRM of table 9.4 for `side`, after the Battle cards' effects (9.45): taken away it
    stays listed as +0 with the card named; given by a card it is listed with the card."""
    denied = [why for who, rule, why in battle.denied if who == side and rule == drm]
    granted = [why for who, rule, why in battle.granted if who == side and rule == drm]
    if denied and (applies or granted):
        return [(0, f"{reason}: none, {denied[0]}")]
    if applies:
        return [(amount, reason)]
    if granted:
        return [(amount, f"{reason}: {granted[0]}")]
    return []


def royal_navy_supports(state: WwState, space: str) -> bool:
    """9.42: a port, whatever its PC; a fortified port only with a British PC; never in a
    Blockaded Zone (12.3)."""
    if not q.is_port(space) or q.blockaded(state, space):
        return False
    return not q.is_fortified(space) or state.pcs.get(space) == BRITISH


def militia(state: WwState, space: str) -> str | None:
    """9.43: the side with more PCs in the battle's colony; in Canada the side holding both
    Montreal and Quebec (q.colony_controller applies exactly these rules, 10.0.B)."""
    return q.colony_controller(state, q.colony(space))


def militia_reason(space: str) -> str:
    colony = q.colony(space)
    if colony == q.CANADA:
        return "Canadian militia: Montreal and Quebec (9.43)"
    return f"Militia: more PCs in {colony} (9.43)"


def total_drm(battle: Battle, side: str) -> int:
    return sum(amount for amount, _ in battle.modifiers.get(side, []))


# --- step 4: the battle dice (9.2) ------------------------------------------------------------


def battle_dice(state: WwState, battle: Battle) -> None:
    """9.2 step 4, C1: each side rolls and adds its DRM; the attacker wins ties."""
    for side in (battle.attacker, battle.defender):
        battle.rolls[side] = d6(state, f"{side} battle roll", "9.2 step 4")
    attack = battle.rolls[battle.attacker] + total_drm(battle, battle.attacker)
    defence = battle.rolls[battle.defender] + total_drm(battle, battle.defender)
    battle.winner = battle.attacker if attack >= defence else battle.defender
    state.log.append(f"{battle.attacker} {attack}, {battle.defender} {defence}: the "
                     f"{battle.winner} wins (the attacker wins ties, 9.2 step 4).")


# --- step 5: casualties (9.5) ------------------------------------------------------------------


def casualties(state: WwState, battle: Battle) -> None:
    """9.5: the loser's die: 1-3 one CU, 4-5 two, 6 three; the winner's die: one CU within the
    range set by the losing general's printed Agility (no general 1, Agility a: 1 to a+1)."""
    beaten, winner = loser(battle), battle.winner
    beaten_general = q.general_at(state, battle.space, beaten)
    battle.casualty_rolls[beaten] = d6(state, f"{beaten} casualties (the loser)", "9.5")
    battle.casualty_rolls[winner] = d6(state, f"{winner} casualties (the winner)", "9.5")
    due = {beaten: LOSER_LOSES[battle.casualty_rolls[beaten]],
           winner: 1 if battle.casualty_rolls[winner] <= winner_loss_range(beaten_general) else 0}
    for if_winner, side, amount, why in battle.loss_changes:
        if if_winner == winner:
            due[side] = max(0, due[side] + amount)
            state.log.append(f"{side} loses {abs(amount)} CU {'more' if amount > 0 else 'fewer'}"
                             f": {why}.")
    for side in (beaten, winner):
        take_losses(state, battle, side, due[side])


def winner_loss_range(beaten_general: str | None) -> int:
    """9.5: the highest die on which the winner loses 1 CU."""
    return 1 if beaten_general is None else roster.agility(beaten_general) + 1


def take_losses(state: WwState, battle: Battle, side: str, due: int) -> None:
    """Losses beyond the force take all of it (9.5 engine, A33). The American chooses which
    CUs of a mixed American/French stack are lost (12.2.C, as 11.3)."""
    here = q.cus(state, battle.space, side)
    lost = min(due, here)
    battle.losses[side] = lost
    if side == BRITISH:
        battle.british_lost += lost
    state.log.append(f"{side} loses {lost} CU{'' if lost == 1 else 's'} (9.5).")
    if side == AMERICAN and len(french_splits(state, battle.space, lost)) > 1:
        stack.push(state, BattleLosses(side=side, space=battle.space, count=lost))
        return
    for nationality in q.nationalities(side):
        lost -= q.eliminate_cus(state, battle.space, nationality, lost)


def french_splits(state: WwState, space: str, count: int) -> list[int]:
    """How many of `count` American-side losses may be French: every split the stack allows."""
    american, french = q.cu_count(state, space, AM), q.cu_count(state, space, FR)
    return list(range(max(0, count - american), min(count, french) + 1))


def _lose_french(state: WwState, frame: BattleLosses, french: int) -> None:
    stack.done(state, frame)
    q.eliminate_cus(state, frame.space, FR, french)
    q.eliminate_cus(state, frame.space, AM, frame.count - french)
    state.log.append(f"The American loses {frame.count - french} American and {french} French "
                     f"CU{'' if french == 1 else 's'} (12.2.C).")


BATTLE_LOSSES = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: (f"American: which {frame.count} CUs does your mixed stack at "
                                 f"{name(frame.space)} lose (9.5, 12.2.C)?"),
    choices=lambda state, frame: [
        Choice(Action("french", f), f"Lose {frame.count - f} American and {f} French CU"
               f"{'' if f == 1 else 's'}", "losses")
        for f in french_splits(state, frame.space, frame.count)],
    handlers={"french": _lose_french},
)


def lone_winner(state: WwState, battle: Battle) -> None:
    """9.5 special: a winning general left without CUs stays where the PC is his own or there
    is none, and is captured in a space with an enemy PC (7.6)."""
    general = q.general_at(state, battle.space, battle.winner)
    if general is None or q.cus(state, battle.space, battle.winner):
        return
    if state.pcs.get(battle.space) == loser(battle):
        state.log.append(f"{roster.display(general)} wins without a CU left in a space with an "
                         "enemy PC: captured (9.5).")
        parts().capture(state, general)


# --- step 6: retreats (9.6) -------------------------------------------------------------------


def retreat(state: WwState, battle: Battle) -> None:
    """9.2 step 6: the loser retreats (even a general alone, or CUs with no general), or
    surrenders when no legal retreat exists (9.63)."""
    side = loser(battle)
    general = q.general_at(state, battle.space, side)
    if general is None and not q.cus(state, battle.space, side):
        state.log.append(f"Nothing of the {side} is left to retreat (9.2 step 6).")
        return
    options = retreat_options(state, battle, side)
    if not options:
        surrender(state, battle, side, general)
    elif len(options) == 1:
        verb, space = options[0]
        withdraw(state, battle, side, space, by_sea=verb == "sea")
    else:
        stack.push(state, BattleRetreat(side=side, space=battle.space))


def retreat_options(state: WwState, battle: Battle, side: str) -> list[tuple[str, str]]:
    """9.61.B: a losing attacker goes back where it came from; a losing defender goes to any
    legal adjacent space but that one, or by sea (9.62, the British only) to a port it could
    not reach by land."""
    if side == battle.attacker:
        back = battle.entered_from
        alone = not q.cus(state, battle.space, side)
        return [("retreat", back)] if may_retreat_into(state, back, side, alone) else []
    land = land_retreats(state, battle.space, side, battle.entered_from)
    return ([("retreat", s) for s in land]
            + [("sea", p) for p in sea_retreats(state, battle.space, side) if p not in land])


def may_retreat_into(state: WwState, space: str, side: str, alone: bool) -> bool:
    """9.61.A: no enemy CU and no enemy PC. A general alone may not stop with an enemy general
    (7.4.A, 3.0 stacking); a force with CUs captures a lone enemy general there (7.6.A)."""
    enemy = q.enemy(side)
    if q.cus(state, space, enemy) or state.pcs.get(space) == enemy:
        return False
    return not (alone and q.general_at(state, space, enemy))


def land_retreats(state: WwState, space: str, side: str, forbidden: str) -> list[str]:
    """9.61: the adjacent spaces `side`'s force in `space` may retreat to, never `forbidden`
    (the attacker's origin, 9.61.B); wilderness links count, Falmouth-Quebec for Arnold only
    (A14)."""
    general = q.general_at(state, space, side)
    alone = not q.cus(state, space, side)
    return [s for s in q.adjacent(space, general)
            if s != forbidden and may_retreat_into(state, s, side, alone)]


def sea_retreats(state: WwState, space: str, side: str) -> list[str]:
    """9.62 (D2: the Italian text): a British force losing in a port that is not Blockaded, and
    not a fortified port unless it holds a British PC, may go to any non-Blockaded port with
    no American CU and no American PC (A17: nothing more of a fortified port there). CUs with
    no general may too (A16; the option `sea_retreat_needs_general` plays the literal text).
    Never the Americans or the French."""
    if side != BRITISH or not q.is_port(space) or q.blockaded(state, space):
        return []
    if q.is_fortified(space) and state.pcs.get(space) != BRITISH:
        return []
    general = q.general_at(state, space, side)
    if general is None and state.options.sea_retreat_needs_general:
        return []
    alone = not q.cus(state, space, side)
    return [p for p in q.ports() if p != space and not q.blockaded(state, p)
            and not q.cus(state, p, AMERICAN) and state.pcs.get(p) != AMERICAN
            and not (alone and q.general_at(state, p, AMERICAN))]


def withdraw(state: WwState, battle: Battle, side: str, space: str, by_sea: bool) -> None:
    """The whole force goes to one space (9.61.B: it may not split; no 5-CU limit); arriving
    there may capture a lone enemy general or meet a friendly one (7.4.C, 7.6: movement)."""
    general = q.general_at(state, battle.space, side)
    moved = 0
    if general is not None:
        state.generals[general] = space
    for nationality in q.nationalities(side):
        moved += q.move_cus(state, battle.space, space, nationality,
                            q.cu_count(state, battle.space, nationality))
    battle.retreat_to, battle.by_sea = space, by_sea
    state.log.append(f"The {side} ({general_name(general)}, {moved} CU{'' if moved == 1 else 's'}"
                     f") retreats {'by sea ' if by_sea else ''}to {name(space)} "
                     f"({'9.62' if by_sea else '9.61'}).")
    parts().arrive(state, space, side)


def surrender(state: WwState, battle: Battle, side: str, general: str | None) -> None:
    """9.63: the surviving CUs are eliminated and the general is captured (7.6)."""
    count = 0
    for nationality in q.nationalities(side):
        count += q.eliminate_cus(state, battle.space, nationality,
                                 q.cu_count(state, battle.space, nationality))
    battle.surrendered, battle.surrendered_cus = side, count
    if side == BRITISH:
        battle.british_lost += count
    state.log.append(f"The {side} ({general_name(general)}, {count} CU{'' if count == 1 else 's'}"
                     f") has no legal retreat and surrenders (9.63).")
    if general is not None:
        parts().capture(state, general)


def retreat_choices(state: WwState, frame: BattleRetreat) -> list[Choice]:
    return [Choice(Action(verb, space), f"Retreat {'by sea ' if verb == 'sea' else ''}to "
                   f"{name(space)} ({'9.62' if verb == 'sea' else '9.61'})", "move")
            for verb, space in retreat_options(state, current(state), frame.side)]


def _retreat(state: WwState, frame: BattleRetreat, space: str) -> None:
    stack.done(state, frame)
    withdraw(state, current(state), frame.side, space, by_sea=False)


def _sea(state: WwState, frame: BattleRetreat, port: str) -> None:
    stack.done(state, frame)
    withdraw(state, current(state), frame.side, port, by_sea=True)


BATTLE_RETREAT = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: f"{frame.side}: you lost at {name(frame.space)}: where does "
                                "your force retreat (9.61, 9.62)?",
    choices=retreat_choices,
    handlers={"retreat": _retreat, "sea": _sea},
)


def congress(state: WwState, battle: Battle) -> None:
    """7.7: the American forces beaten (eliminated or forced to retreat) in the Congress's
    space: the Congress is dispersed."""
    if loser(battle) == AMERICAN and state.congress == battle.space:
        parts().disperse_congress(state)


# --- step 7: the aftermath (9.2, 9.41, 12.1) ----------------------------------------------------


def aftermath(state: WwState, battle: Battle) -> None:
    """9.2 step 7: an American win moves the French Alliance marker 1 space; 3 or more British
    CUs lost, those surrendered included (A33), flip the Turn marker to No Regulars and move
    the marker 2 spaces (9.41; once per game). The alliance part ignores moves after the
    alliance (12.1, C8, C9)."""
    if battle.winner == AMERICAN:
        parts().advance(state, 1, "the British loses a battle (9.2 step 7, 12.1)")
    if state.regulars and battle.british_lost >= REGULARS_LOST_AT:
        state.regulars = False
        state.log.append(f"The British lost {battle.british_lost} CUs: the British Regulars "
                         "Advantage is lost for the rest of the game (9.41).")
        parts().advance(state, 2, "the British Regulars Advantage is lost (9.41, 12.1)")


def close(state: WwState, battle: Battle) -> None:
    """6.33.A: after the battle a played Battle card goes to the discard pile, Benedict Arnold
    Betrays the Patriot Cause out of the game."""
    for side, number in battle.cards.items():
        if battle.played.get(side) and number in state.piles.boxes[IN_PLAY]:
            finish_card(state, number,
                        cards.REMOVED if number in deck.REMOVE_AFTER_PLAY else cards.DISCARD)
    state.log.append(f"The battle at {name(battle.space)} is over.")


BATTLE = stack.Steps((attacker_card, defender_card, battle_ratings, battle_drms, battle_dice,
                      casualties, lone_winner, retreat, congress, aftermath, close))


FLOW: stack.Flow = {
    Battle: BATTLE,
    BattleCard: BATTLE_CARD,
    BattleLosses: BATTLE_LOSSES,
    BattleRetreat: BATTLE_RETREAT,
}
