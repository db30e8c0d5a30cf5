"""Wellington: fortresses and sieges (12.1-12.5; C.15; the Hasty Fort of #37).

    when      in the besieger's own impulse, scheduled or preemptive (differences chapter), or
              while it passes (4.23), at any moment, before its card play too, at no CP cost
              (12.2): an impulse operation (`impulse.register("siege", ...)`)
    who       one Army of the active Power in the fortress duchy (12.21; 12.31: one Army of a
              two-Power Army Group, with nothing of the other Power), no enemy Formation in
              the duchy (G.35), no non-Overrun battle fought there by it this impulse, the
              fortress not besieged yet this impulse (12.22)
    SIEGE     begin -> each round: siege cards (besieger, then the fortress's owner, 12.23),
              a Response window, the dice (12.3), a Response window on the round's result
              (#8) -> the outcome -> the next round or the end
    dice      the besieger rolls its battle dice (11.2, with its nationality bonus); the
              fortress rolls its base strength (3, Gibraltar 5, a Hasty Fort 2), which never
              drops; the besieger's 6s hit the fortress (cumulative), its 5s do nothing; the
              fortress's 6s eliminate and its 5s disorganise besiegers as in battle
    captured  cumulative 6s >= strength with the besieging commander alive: a free flag
              (12.3), a Hasty Fort's marker removed, Devastation (12.5, not a Hasty Fort:
              1d6 + 1 per round fewer than the maximum, 6+ = 1 Resource; Spain then checks
              attrition, 11.11), the Siege Overrun test (12.41)
    next      another round only when this round's hits outnumbered the besieger's losses
              (5s and 6s) this round, or a card says so, and rounds remain (the maximum is
              the strength, 12.22; #70: a tied round goes on, once past it)
    the end   a failed siege: the Army stays, the fortress is back to full strength; BFI
              markers on the besiegers unless a Siege Overrun (12.41); #27 may call the
              siege off before its first dice (nothing rolled, no marker)

12.31: the besieging Army takes up to its commander's CV; the same Power's SP in the duchy
beyond it replace its disorganised or eliminated soldiers at once in later rounds, so the
siege counts every unit of the Power there (reading R1 in docs/wellington-sieges-naval.md).
Nothing starts when a Formation enters an enemy fortress duchy (`on_enter`: 9.52 stops it; the
siege is resolved when its Power chooses, 12.2). The battle part records who fought where
(`state.fought`, battle/aftermath.note_battle) for `besiegers`.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Callable, Iterable

from core import dice, stack
from core.engine import Action, Choice, Panel
from core.wellington import (attrition, building, cardplay, hands, impulse, interception,
                             lookups, movement, presence)
from core.wellington import flags as geo
from core.wellington.battle.sides import BRITISH_BONUS, FRENCH_BONUS, FRENCH_BONUS_REDUCED
from core.wellington.frames.cardplay import FlagChoice
from core.wellington.frames.impulse import Impulse, ImpulseMenu
from core.wellington.frames.movement import JoinBattle
from core.wellington.frames.siege import Siege, SiegeCard, SiegeCardPlay, SiegeCasualty
from core.wellington.state import COUNTER_NAME, FRENCH, GB, SIDE, SPAIN, Effect, WellingtonState
from maps import wellington as wellington_map

BESIEGER, FORTRESS = "besieger", "fortress"
HIT = 6                        # 12.3: only the besieger's 6s count against a fortress
DISORGANISE = 5                # 11.5: the fortress's 5s disorganise besiegers
DEVASTATION_NEED = 6           # 12.5: a modified 6+ gives 1 Resource
SEPARATE = "separate"          # #15: the besieger's dice rolled apart
SELF_HIT, SELF_HIT_MAX = 1, 1  # #15: a 1 among them costs one unit, never more
THUNDER_AND_LIGHTNING = 81     # the Effect a held Siege Overrun leaves (#81)
BEFORE_DICE = "siege:before-dice"   # the Response window of each round (5.2, 12.23)
AFTER_ROUND = "siege:after-round"   # each round's result known, before 12.3 decides (#8)
AFTER_SIEGE = "siege:after"         # the siege over (#7 Pillage, #82...)


# --- the events part's seam: siege cards (12.23) and effects lasting through a siege -----------


@dataclass(frozen=True)
class SiegeCardEvent:
    """A battle card that says it applies to sieges (12.23, 5.3: #15, #21, #70, #71, #73,
    #81, #91): may `power` play it in this siege now, and what it does (it sets the
    frame's seams with the functions below)."""

    playable: Callable[[WellingtonState, Siege, str], bool]
    play: Callable[[WellingtonState, Siege, str], None]


SIEGE_CARDS: dict[int, SiegeCardEvent] = {}
ON_BEGIN: list[Callable[[WellingtonState, Siege], None]] = []


def register_card(number: int, event: SiegeCardEvent) -> None:
    """Called by the events part for each siege-capable battle card. A card whose siege uses
    are written in two modules (#91: the fortress's owner in the battle events, the besieger
    with the siege seams) is registered once per use: the uses are offered as one card and
    the first one playable is carried out."""
    known = SIEGE_CARDS.get(number)
    SIEGE_CARDS[number] = event if known is None else _either(known, event)


def _either(first: SiegeCardEvent, second: SiegeCardEvent) -> SiegeCardEvent:
    def playable(state: WellingtonState, siege: Siege, power: str) -> bool:
        return first.playable(state, siege, power) or second.playable(state, siege, power)

    def play(state: WellingtonState, siege: Siege, power: str) -> None:
        use = first if first.playable(state, siege, power) else second
        use.play(state, siege, power)
    return SiegeCardEvent(playable, play)


def on_begin(hook: Callable[[WellingtonState, Siege], None]) -> None:
    """Called by the events part for effects lasting through sieges (#98 The Light Division:
    +1 die; #93 +1 siege die; #23, #59, #66 Battle Values): run when a siege begins."""
    ON_BEGIN.append(hook)


def add_dice(siege: Siege, side: str, count: int, why: str, round_: int | None = None) -> None:
    """`count` more (or fewer) dice for BESIEGER or FORTRESS in round `round_` (default the
    current round, or round 1 before the first), or in every round with 0."""
    siege.extra_dice.append((side, max(siege.round, 1) if round_ is None else round_,
                             count, why))


def change_bv(siege: Siege, commander: str, bv: int, why: str) -> None:
    siege.bv_changes.append((commander, bv, why))


def add_auto_sixes(siege: Siege, side: str, count: int, why: str, round_: int = 1) -> None:
    """#71 Sappers & Miners: automatic 6s for a side in one round."""
    siege.auto_sixes.append((side, round_, count, why))


def add_separate_dice(siege: Siege, count: int, why: str, round_: int | None = None) -> None:
    """#15 Forlorn Hope: `count` besieger dice rolled apart in one round (default the current
    one): their 6s hit the fortress as usual, and a 1 among them costs the besieger one loss
    (at most one: 1 SP, or a commander when no soldier is left)."""
    siege.separate.append((max(siege.round, 1) if round_ is None else round_, count, why))


def ignore_disorganisation(siege: Siege, count: int, why: str,
                           round_: int | None = None) -> None:
    """#91 The Wild Geese as besieger: `count` of the fortress's 5s (Disorganisations) of one
    round (default the current one) are ignored: no Disorganisation, no loss of the round."""
    siege.ignored_d.append((max(siege.round, 1) if round_ is None else round_, count, why))


def roll_more(state: WellingtonState, siege: Siege, count: int, why: str) -> int:
    """#8 Bombardment played once a round's result is known: `count` more besieger dice
    rolled now in this round (halved with the others by #27/#81, rounded up on the whole);
    their 6s (and #21's 5s) add to the round's hits before 12.3 decides. Returns the dice
    rolled."""
    ours = siege.rolls.get(BESIEGER, [])
    parts = list(siege.dice) + [(count, why)]
    more = max(0, total(state, siege, BESIEGER, parts) - total(state, siege, BESIEGER,
                                                                list(siege.dice)))
    faces = [dice.d6(state, f"siege of {geo.name(siege.duchy)}, round {siege.round}: "
                     f"{siege.power} ({why})", "12.3") for _ in range(more)]
    siege.dice = parts
    siege.rolls[BESIEGER] = ours + faces
    before = siege.round_hits
    siege.round_hits = round_hits(siege)
    siege.hits += siege.round_hits - before
    siege.history.append(f"Round {siege.round}: {siege.power} rolls {more} more dice {faces} "
                         f"({why}) -> {siege.round_hits} hit(s) this round, {siege.hits} in all")
    state.log.append(f"{siege.power} rolls {more} more dice in siege round {siege.round} "
                     f"({why}): {siege.round_hits - before} more hit(s), {siege.hits} of "
                     f"{siege.strength} (12.3).")
    return more


def round_hits(siege: Siege) -> int:
    """12.3: this round's besieger 6s (the dice apart of #15 too), #71's automatic 6s, and
    one more for every `fives_per_hit` 5s (#21)."""
    faces = siege.rolls.get(BESIEGER, []) + siege.rolls.get(SEPARATE, [])
    hits = faces.count(HIT) + auto_sixes(siege, BESIEGER)
    if siege.fives_per_hit:
        hits += faces.count(DISORGANISE) // siege.fives_per_hit
    return hits


def lost_before_dice(siege: Siege, units: int, why: str) -> None:
    """#95 The Rifle Brigade: besiegers lost before this round's dice count among the
    round's losses (12.3: "perdite totali ... in quel round") when the siege's going on is
    decided."""
    if units:
        siege.early_losses.append((max(siege.round, 1), units, why))
        siege.history.append(f"Round {max(siege.round, 1)}: {units} unit(s) lost before the "
                             f"dice ({why}) count among the round's losses")


def halve(siege: Siege, side: str, why: str) -> None:
    """#27 (the besieger), #81 (both sides): the side's dice are halved, rounded up (5.1),
    in every round from now on."""
    siege.halved.append((side, why))


def call_off(siege: Siege, why: str) -> None:
    """#27 Heavy Guns Bogged Down: the besieger chooses not to attack: no dice are rolled and
    the siege ends; the fortress was besieged this impulse (12.22) and the Army, which did
    not fight, takes no BFI marker (12.41)."""
    siege.called_off = why


def hold_overrun(siege: Siege, why: str) -> None:
    """#81 Thunder & Lightning: a Siege Overrun gives no further move (12.41): the Army keeps
    its BFI marker, and may not move, evade or intercept out of the duchy until its Power's
    next impulse (an Effect of card 81 on its commander, ending with `next-impulse`, which
    movement and interception read)."""
    siege.overrun_held = why


# --- the pieces of a siege -------------------------------------------------------------------


def pool(state: WellingtonState, siege: Siege) -> tuple[int, list[str]]:
    """12.31: the besieging Power's soldier SP and staff officers in the duchy (the Army and
    the SP that replace its losses); the commander himself is not counted."""
    staff = sorted(c for c in building.commanders_at(state, siege.duchy, siege.power)
                   if c != siege.commander)
    return building.sp(state, siege.duchy, siege.power), staff


def commander_alive(state: WellingtonState, siege: Siege) -> bool:
    return state.commanders.get(siege.commander) == siege.duchy


def battle_value(state: WellingtonState, siege: Siege) -> int:
    """1.6: the besieging commander's BV, as lasting effects (#23, lookups.battle_value) and
    this siege's cards change it."""
    for who, value, _why in reversed(siege.bv_changes):
        if who == siege.commander:
            return value
    return lookups.battle_value(state, siege.commander)


def nationality(state: WellingtonState, power: str) -> tuple[int, str]:
    """11.3, 12.3: the besieger uses its nationality bonus (the fortress never does)."""
    if SIDE[power] == FRENCH:
        if state.french_bonus_reduced:
            return FRENCH_BONUS_REDUCED, "French nationality bonus, reduced by #38 (11.3)"
        return FRENCH_BONUS, "French nationality bonus (11.3)"
    if power == GB:
        return BRITISH_BONUS, "British nationality bonus (11.3)"
    return 0, "Spanish nationality bonus (11.3)"


def besieger_dice(state: WellingtonState, siege: Siege) -> list[tuple[int, str]]:
    """12.3, 11.2, G.27: as in battle: 1 per SP and staff officer of the Army (at most the
    commander's CV, its disorganised ones replaced by the same Power's extra SP, 12.31, else
    lost), the commander's BV, the nationality bonus, cards; halved by #27/#81; never below 0."""
    if not commander_alive(state, siege):
        return []
    sp, staff = pool(state, siege)
    cv = building.commander(siege.commander).cv
    units = sp + len(staff)
    out: list[tuple[int, str]] = [(min(cv, units), f"SP and staff officers of the Army "
                                   f"(CV {cv}, 1.61, 12.31)")]
    if siege.disorganised:
        usable = min(cv, units - siege.disorganised)
        out.append((usable - min(cv, units), f"{siege.disorganised} disorganised "
                    "(11.53, 12.31: the extra SP replace them)"))
    out.append((battle_value(state, siege), f"{building.commander(siege.commander).name}'s "
                "Battle Value (11.2)"))
    bonus, why = nationality(state, siege.power)
    if bonus:
        out.append((bonus, why))
    out.extend((n, why) for side, when, n, why in siege.extra_dice
               if side == BESIEGER and when in (0, siege.round))
    return out


def total(state: WellingtonState, siege: Siege, side: str, parts: list[tuple[int, str]]) -> int:
    count = max(0, sum(n for n, _why in parts))
    if any(s == side for s, _why in siege.halved):
        count = ceil(count / 2)
    return count


def separate_dice(siege: Siege) -> int:
    """#15: this round's dice rolled apart; halved like the besieger's others (#27, #81)."""
    count = sum(n for when, n, _why in siege.separate if when == siege.round)
    if any(s == BESIEGER for s, _why in siege.halved):
        count = ceil(count / 2)
    return count


def fortress_dice(siege: Siege) -> list[tuple[int, str]]:
    """12.3: the fortress rolls its base strength, whatever hits it has taken."""
    out = [(siege.strength, "the fortress's base strength (12.3)")]
    out.extend((n, why) for side, when, n, why in siege.extra_dice
               if side == FORTRESS and when in (0, siege.round))
    return out


# --- may a siege be resolved (12.2, 12.21, 12.22) -----------------------------------------------


def besiegers(state: WellingtonState, power: str, duchy: str) -> list[str]:
    """The commanders of `power` whose Army may besiege the fortress of `duchy` now."""
    if not geo.is_fortress(state, duchy):
        return []
    owner = geo.controller(state, duchy)
    if not owner or SIDE[owner] == SIDE[power]:
        return []                                   # 12.1: an enemy fortress only
    if geo.has_formation(state, duchy, geo.enemy_side(SIDE[power])):
        return []                                   # 12.2, G.35: no enemy Formation there
    if duchy in state.besieged:
        return []                                   # 12.22: once per impulse
    if state.fought.get(f"{power}@{duchy}") == state.impulses:
        return []                                   # 12.2: a non-Overrun battle there
    return sorted(building.commanders_at(state, duchy, power))


def siege_targets(state: WellingtonState, power: str) -> list[tuple[str, str]]:
    """(fortress duchy, commander) for every siege `power` may resolve now."""
    places = sorted({at for c, at in state.commanders.items()     # (`besiegers`' first
                     if geo.is_fortress(state, at) and geo.on_map(at)  # test, asked first)
                     and geo.commander_power(c) == power})
    return [(duchy, cid) for duchy in places for cid in besiegers(state, power, duchy)]


def impulse_choices(state: WellingtonState, impulse_: Impulse) -> list[Choice]:
    """12.2: the sieges the active Power may resolve, free, at any moment of its impulse
    (scheduled, preemptive or a pass); the Siege-to-Resolve marker once out of cards."""
    power = impulse_.power
    out = [Choice(Action("siege", f"{duchy}={cid}"),
                  f"Besiege {geo.name(duchy)} (strength {geo.fortress_strength(state, duchy)}) "
                  f"with {building.commander(cid).name}'s Army: no CP (12.2)", "siege")
           for duchy, cid in siege_targets(state, power)]
    if not hands.hand(state, power) and power not in state.siege_to_resolve \
            and out:                                # (a siege `siege_targets` offers)
        out.append(Choice(Action("siege-marker"), "Place the Siege-to-Resolve marker in your "
                          "impulse box (12.2)", "siege"))
    return out


def _siege(state: WellingtonState, frame: ImpulseMenu, noun: str) -> None:
    duchy, cid = noun.split("=")
    start(state, duchy, frame.power, cid)


def _marker(state: WellingtonState, frame: ImpulseMenu, _noun: None) -> None:
    """12.2: a reminder that this Power, out of cards, will still resolve a siege when its
    turn comes to pass (4.23); removed when the impulses of the turn are over (4.3)."""
    state.siege_to_resolve.append(frame.power)
    state.log.append(f"{frame.power} places its Siege-to-Resolve marker (12.2).")


impulse.register("siege", impulse.ImpulseOperation(
    choices=impulse_choices, handlers={"siege": _siege, "siege-marker": _marker}))


def on_enter(state: WellingtonState, duchy: str, power: str) -> None:
    """movement.FORTRESS_ENTERED: a Formation of `power` enters a duchy with an enemy fortress.
    Nothing starts then: 9.52 stops the Formation there (the movement part places its BFI
    marker) and 12.2 lets its Power resolve the siege when it chooses, in its impulse."""
    return None


movement.FORTRESS_ENTERED.append(on_enter)


def start(state: WellingtonState, duchy: str, power: str, commander: str) -> None:
    """Push the siege of `duchy` by `commander`'s Army (it runs next); refused unless
    `besiegers` allows it (an event that besieges goes through here too)."""
    if commander not in besiegers(state, power, duchy):
        raise ValueError(f"{commander} may not besiege {duchy} now (12.2)")
    strength = geo.fortress_strength(state, duchy)
    stack.push(state, Siege(duchy=duchy, power=power, commander=commander,
                            owner=geo.controller(state, duchy), strength=strength,
                            hasty=duchy in state.hasty_forts and not
                            wellington_map.FORTRESSES.get(duchy, 0)))


# --- the siege, step by step ------------------------------------------------------------------


def begin(state: WellingtonState, frame: Siege) -> None:
    state.besieged.append(frame.duchy)
    kind = "Hasty Fort" if frame.hasty else "fortress"
    state.log.append(f"{frame.power} besieges the {kind} of {geo.name(frame.duchy)} (strength "
                     f"{frame.strength}, held by {frame.owner}) with "
                     f"{building.commander(frame.commander).name}'s Army (12.2).")
    battery = state.battery.get(frame.duchy)
    if battery and battery[0] == state.impulses:
        frame.pre_e, frame.pre_d = battery[1], battery[2]
        frame.disorganised += frame.pre_d
        state.log.append(f"The coastal battery's {frame.pre_e + frame.pre_d} losses count as "
                         "losses of the first siege round (14.3).")
    for hook in ON_BEGIN:
        hook(state, frame)


def round_start(state: WellingtonState, frame: Siege) -> None:
    """12.23: each round the besieger, then the fortress's owner, may declare siege cards
    (asked only when holding one it may play); Responses may follow (5.2)."""
    frame.round += 1
    frame.round_hits = frame.round_losses = 0
    frame.rolls = {}
    cardplay.respond(state, BEFORE_DICE, frame.power)
    for power in (frame.owner, frame.power):
        if card_choices(state, frame, power):
            stack.push(state, SiegeCard(power=power))


def roll_round(state: WellingtonState, frame: Siege) -> None:
    """12.3: both sides roll at once; the besieger's 6s hit the fortress, the fortress's 6s
    eliminate and its 5s disorganise besiegers (eliminations first, commanders last)."""
    if frame.called_off:
        return
    parts = besieger_dice(state, frame)
    frame.dice = parts
    ours = [dice.d6(state, f"siege of {geo.name(frame.duchy)}, round {frame.round}: "
                    f"{frame.power}", "12.3")
            for _ in range(total(state, frame, BESIEGER, parts))]
    apart = [dice.d6(state, f"siege of {geo.name(frame.duchy)}, round {frame.round}: "
                     f"{frame.power}'s dice rolled apart (#15)", "12.3")
             for _ in range(separate_dice(frame))]
    theirs = [dice.d6(state, f"siege of {geo.name(frame.duchy)}, round {frame.round}: the "
                      "fortress", "12.3")
              for _ in range(total(state, frame, FORTRESS, fortress_dice(frame)))]
    frame.rolls = {BESIEGER: ours, FORTRESS: theirs}
    if apart:
        frame.rolls[SEPARATE] = apart
    hits = round_hits(frame)
    e = theirs.count(HIT) + auto_sixes(frame, FORTRESS)
    d = theirs.count(DISORGANISE)
    ignored = min(d, sum(n for when, n, _why in frame.ignored_d if when == frame.round))
    d -= ignored
    frame.round_hits = hits
    frame.hits += hits
    frame.round_losses = e + d + (frame.pre_e + frame.pre_d if frame.round == 1 else 0) \
        + sum(n for when, n, _why in frame.early_losses if when == frame.round)
    lost = eliminate(state, frame, e)
    frame.disorganised += d
    self_hit = eliminate(state, frame, SELF_HIT_MAX) if SELF_HIT in apart else 0
    frame.history.append(f"Round {frame.round}: {frame.power} {len(ours)} dice {ours}"
                         + (f" and {apart} apart" if apart else "") + f" -> "
                         f"{hits} hit(s), {frame.hits} in all; the fortress {len(theirs)} "
                         f"dice {theirs} -> {e} E, {d} D ({lost} lost)"
                         + (f"; {ignored} D ignored" if ignored else "")
                         + (f"; {self_hit} lost to a 1 (#15)" if self_hit else ""))
    if ignored:
        state.log.append(f"{ignored} Disorganisation(s) of {frame.power} ignored ("
                         + ", ".join(why for when, _n, why in frame.ignored_d
                                     if when == frame.round) + ").")
    if self_hit:
        state.log.append(f"A 1 among the dice rolled apart: {frame.power} loses {self_hit} "
                         "unit (#15, at most one).")
    state.log.append(f"Siege round {frame.round}: {hits} hit(s) on the fortress ({frame.hits} "
                     f"of {frame.strength}); {frame.power} suffers {e} eliminated and {d} "
                     f"disorganised (12.3).")


def auto_sixes(frame: Siege, side: str) -> int:
    return sum(n for s, when, n, _why in frame.auto_sixes if s == side and when == frame.round)


def eliminate(state: WellingtonState, frame: Siege, count: int) -> int:
    """11.5, 11.53, 12.3: `count` eliminations on the besiegers: disorganised soldiers first
    (reading R2), then soldiers, staff officers, the commander last. The besieger picks the
    counters (12.3 "come al solito", 11.5, 1.5): a choice left open is a `SiegeCasualty`
    pushed above the siege (one per round: a later call adds to it). Returns units lost."""
    pending = stack.top(state)
    if not (isinstance(pending, SiegeCasualty) and pending.duchy == frame.duchy):
        pending = None
    owed = pending.left if pending else 0
    sp, _staff = pool(state, frame)
    soldiers = min(count, sp - owed)
    if soldiers and pending:
        pending.left += soldiers
        pending.first = frame.disorganised
        settle_casualty(state, pending, frame)
        if pending.left <= 0 or not building.sp(state, frame.duchy, frame.power):
            stack.done(state, pending)
    elif soldiers:
        casualty = SiegeCasualty(power=frame.power, duchy=frame.duchy, left=soldiers,
                                 first=frame.disorganised)
        settle_casualty(state, casualty, frame)
        if casualty.left > 0:
            stack.push(state, casualty)
    lost = soldiers
    while lost < count:
        sp, staff = pool(state, frame)
        if sp:
            break                       # (soldiers owed to a choice still to be made)
        victim = staff[0] if staff else (frame.commander if commander_alive(state, frame)
                                         else "")
        if not victim:
            break
        building.eliminate_commander(state, victim)
        frame.disorganised = max(0, frame.disorganised - 1)
        state.log.append(f"{building.commander(victim).name} is killed in the siege (12.3).")
        lost += 1
    return lost


def lose_counter(state: WellingtonState, casualty: SiegeCasualty, kind: int,
                 siege: Siege | None) -> None:
    """One counter of `kind` takes the loss (1.5, `attrition.lose_counter`); the SP lost
    are disorganised ones first (reading R2: `casualty.first`)."""
    gone = attrition.lose_counter(state, casualty.duchy, casualty.power, kind, casualty.left)
    casualty.left -= gone
    first = min(gone, casualty.first)
    casualty.first -= first
    if siege is not None:
        siege.disorganised = max(0, siege.disorganised - first)
    state.log.append(f"{casualty.power} loses {gone} SP ({COUNTER_NAME[kind]}) in the siege of "
                     f"{geo.name(casualty.duchy)} (12.3).")


def settle_casualty(state: WellingtonState, casualty: SiegeCasualty,
                    siege: Siege | None) -> None:
    """Take the losses that leave no choice (one kind of counter, or every SP there)."""
    while casualty.left > 0 and building.sp(state, casualty.duchy, casualty.power) \
            and not attrition.has_choice(state, casualty.duchy, casualty.power, casualty.left):
        lose_counter(state, casualty, attrition.kinds(state, casualty.duchy,
                                                      casualty.power)[0], siege)


def _casualty(state: WellingtonState, frame: SiegeCasualty, kind: int) -> None:
    siege = stack.find(state, Siege)
    lose_counter(state, frame, kind, siege)
    settle_casualty(state, frame, siege)
    if frame.left <= 0 or not building.sp(state, frame.duchy, frame.power):
        stack.done(state, frame)


SIEGE_CASUALTY = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: (f"{frame.power}: {frame.left} SP to lose in the siege of "
                                 f"{geo.name(frame.duchy)}: from which counter (12.3, 11.5, "
                                 "1.5)?"),
    choices=lambda state, frame: attrition.counter_choices(state, frame.duchy, frame.power,
                                                           frame.left, "12.3"),
    handlers={"lose": _casualty},
)


def round_over(state: WellingtonState, frame: Siege) -> None:
    """5.2, 12.3: the round's result is known (hits, losses, the commander's fate); before
    12.3 decides whether the siege goes on, Responses may answer it ("un assedio può essere
    esteso in un altro round anche da un evento": #8, played so in the tutorial's siege)."""
    if not frame.called_off:
        cardplay.respond(state, AFTER_ROUND, frame.power)


def outcome(state: WellingtonState, frame: Siege) -> None:
    """12.3: captured, or another round, or the end. #70 (`tie_continues`): a tied round goes
    on too, once even past the maximum ("un altro round", 12.22 notwithstanding)."""
    if frame.called_off:
        frame.over = True
        return
    if frame.hits >= frame.strength and commander_alive(state, frame):
        frame.captured = True
        frame.over = True
        return
    if not commander_alive(state, frame):
        frame.over = True
        return
    if frame.tie_continues and frame.round_hits == frame.round_losses \
            and frame.round <= max_rounds(frame):
        state.log.append(f"{frame.round_hits} hit(s) against {frame.round_losses} loss(es): "
                         "a tie the besieger wins, the siege goes on (#70).")
        stack.goto(frame, SIEGE, round_start)
        return
    more = frame.round_hits > frame.round_losses or frame.round in frame.continue_after
    if more and frame.round < max_rounds(frame):
        state.log.append(f"{frame.round_hits} hit(s) against {frame.round_losses} loss(es): "
                         "the siege goes on (12.3).")
        stack.goto(frame, SIEGE, round_start)
        return
    frame.over = True


def max_rounds(frame: Siege) -> int:
    """12.22: as many rounds as the fortress's strength (#70 lets a tie go one past it)."""
    return frame.strength


def finish(state: WellingtonState, frame: Siege) -> None:
    """12.3, 12.41, 12.5: the capture and its aftermath, or a failed siege."""
    name = geo.name(frame.duchy)
    if frame.called_off:
        state.log.append(f"{frame.power} does not attack {name} ({frame.called_off}).")
        return
    if not frame.captured:
        state.log.append(f"The siege of {name} fails; the fortress is back to full strength "
                         f"({frame.strength}) and the besiegers stay (12.3).")
        if commander_alive(state, frame):
            mark(state, frame.commander)
        cardplay.respond(state, AFTER_SIEGE, frame.power)
        return
    frame.overrun = frame.round < frame.strength or frame.hits > frame.strength
    state.log.append(f"{frame.power} takes {name} in round {frame.round} with {frame.hits} "
                     f"hit(s) (12.3)" + (": a Siege Overrun, the Army may keep moving (12.41)."
                                        if frame.overrun else "."))
    cardplay.respond(state, AFTER_SIEGE, frame.power)
    sp, staff = pool(state, frame)
    alive = [frame.commander] if commander_alive(state, frame) else []
    frame.devastation = fall(state, frame.duchy, frame.power, commander=frame.commander,
                             drm=max(0, frame.strength - frame.round), overrun=frame.overrun,
                             hasty=frame.hasty, units=(sp, staff + alive),
                             waiver=frame.no_spanish_attrition, held=frame.overrun_held,
                             why="12.3 siege won")


def fall(state: WellingtonState, duchy: str, power: str, *, commander: str, drm: int,
         overrun: bool, hasty: bool, units: tuple[int, list[str]], waiver: str = "",
         held: str = "", why: str) -> str:
    """12.3, 12.41, 12.5: the fortress of `duchy` falls to `power` (a siege, or #43's die):
    the besiegers keep moving after an Overrun (unless #81 holds them) or take a BFI marker;
    a Hasty Fort is destroyed, a fortress devastated (`drm`: rounds fewer than the maximum;
    `units`: the Power's soldier SP and commanders there, for Spain's attrition, unless
    `waiver`, #91); then the compulsory free flag (12.3, 7.1). Returns the Devastation."""
    name = geo.name(duchy)
    if overrun and held:
        mark(state, commander)
        if commander:
            state.effects.append(Effect(card=THUNDER_AND_LIGHTNING, power=power,
                                        target=commander, until="next-impulse",
                                        started=state.impulses))
        state.log.append(f"No move out of {name} for the besiegers until {power}'s next "
                         f"impulse ({held}).")
    elif overrun:
        unmark(state, duchy, power, commander)
    else:
        mark(state, commander)
    result = ""
    asks: list = []
    if hasty:
        if duchy in state.hasty_forts:
            state.hasty_forts.remove(duchy)
            presence.control_changed(state)
        state.log.append(f"The Hasty Fort at {name} is destroyed (12.3, #37).")
    else:
        result = devastation(state, duchy, power, drm, units, waiver, asks)
    if geo.flag_options(state, duchy, power):
        stack.push(state, FlagChoice(power=power, duchy=duchy, free=True, why=why, must=True))
    attrition.push_all(state, asks)       # 11.11 "immediatamente": before the flag
    return result


def mark(state: WellingtonState, commander: str) -> None:
    """12.41: a BFI marker on the besieging Army (it may move no further this impulse)."""
    if commander and commander not in state.bfi:
        state.bfi.append(commander)


def unmark(state: WellingtonState, duchy: str, power: str, commander: str = "") -> None:
    """12.41: after a Siege Overrun the surviving Formations of the besieging Army may keep
    moving: the BFI marker they took entering the fortress duchy (9.52) goes."""
    ids = {commander, f"{power}:{duchy}", *building.commanders_at(state, duchy, power)}
    state.bfi = [f for f in state.bfi if f not in ids]


def devastation(state: WellingtonState, duchy: str, power: str, drm: int,
                units: tuple[int, list[str]], waiver: str = "",
                asks: list | None = None) -> str:
    """12.5: 1d6 + `drm` (1 per round fewer than the maximum); 6+ gives 1 Resource. Spain then
    checks attrition at once with `units`, its losses to the Regroup Box (11.11), unless #91
    waived it; Spain picks the counters (13.1: its `AttritionCasualty` added to `asks`)."""
    face = dice.d6(state, f"Devastation of {geo.name(duchy)}", "12.5")
    if face + drm < DEVASTATION_NEED:
        result = f"{face} + {drm} = {face + drm}: nothing"
        state.log.append(f"Devastation: {result} (12.5).")
        return result
    result = f"{face} + {drm} = {face + drm}: 1 Resource"
    state.resources[power] = state.resources.get(power, 0) + 1
    state.log.append(f"Devastation: {result} for {power} (12.5).")
    if power == SPAIN and waiver:
        state.log.append(f"No Spanish Devastation attrition ({waiver}, 11.11).")
    elif power == SPAIN:
        attrition.loot_attrition(state, duchy, 1, {SPAIN: units}, "Spanish Devastation",
                                 "12.5, 11.11", asks=asks)
    return result


SIEGE = stack.Steps((begin, round_start, roll_round, round_over, outcome, finish))


# --- siege cards (12.23) ----------------------------------------------------------------------


def card_choices(state: WellingtonState, siege: Siege, power: str) -> list[Choice]:
    """12.23: the siege-capable battle cards `power` holds and may play now: the besieger,
    or the fortress's owner (even with no Formation there); nobody else."""
    if power not in (siege.power, siege.owner):
        return []
    return [Choice(Action("siege-card", n), f"Play {hands.title(n)} in the siege (12.23)",
                   "card")
            for n in hands.hand(state, power)
            if n in SIEGE_CARDS and SIEGE_CARDS[n].playable(state, siege, power)]


def _siege_card(state: WellingtonState, frame: SiegeCard, number: int) -> None:
    """12.23: the card leaves the hand and is announced (a SiegeCardPlay): the Powers may
    answer it (5.2, `play:N`: #24 Hand of God, #42 Fog of War) before it is carried out."""
    hands.leave_hand(state, frame.power, number)
    state.played_this_turn.append(number)
    state.log.append(f"{frame.power} plays {hands.title(number)} in the siege (12.23).")
    stack.push(state, SiegeCardPlay(power=frame.power, card=number))


def _announce_card(state: WellingtonState, frame: SiegeCardPlay) -> None:
    cardplay.respond(state, f"play:{frame.card}", frame.power)


def _carry_out_card(state: WellingtonState, frame: SiegeCardPlay) -> None:
    if frame.cancelled:
        state.log.append(f"{hands.title(frame.card)} is discarded as if never played.")
        if frame.card in state.played_this_turn:
            state.played_this_turn.remove(frame.card)
        return
    siege = stack.find(state, Siege)
    assert siege is not None
    SIEGE_CARDS[frame.card].play(state, siege, frame.power)


def _send_on_card(state: WellingtonState, frame: SiegeCardPlay) -> None:
    hands.finish_card(state, frame.card, as_event=not frame.cancelled)


SIEGE_CARD_PLAY = stack.Steps((_announce_card, _carry_out_card, _send_on_card))


def _siege_cards_done(state: WellingtonState, frame: SiegeCard, _noun: None) -> None:
    stack.done(state, frame)


def _card_choices(state: WellingtonState, frame: SiegeCard) -> list[Choice]:
    siege = stack.find(state, Siege)
    assert siege is not None
    out = card_choices(state, siege, frame.power)
    out.append(Choice(Action("siege-cards-done"), "No more siege cards this round", "turn"))
    return out


SIEGE_CARD = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: f"{frame.power}: play siege cards this round (12.23)?",
    choices=_card_choices,
    handlers={"siege-card": _siege_card, "siege-cards-done": _siege_cards_done},
)

# --- #16 Siege Lifted: the relief battle an event's interception brings -------------------


def relieved(state: WellingtonState, frame: JoinBattle) -> None:
    """#16 "Siege Lifted" (interception.RELIEVED): after the relief battle the siege goes no
    further, unless the besieger won it by an Overrun (no BFI marker on its commander, still
    there: 11.52, 11.8)."""
    besieging = stack.find(state, Siege)
    if besieging is None:
        return
    if state.commanders.get(besieging.commander) == besieging.duchy \
            and besieging.commander not in state.bfi:
        return
    state.log.append(f"The siege of {geo.name(besieging.duchy)} is lifted (#{frame.card}).")
    stack.goto(besieging, SIEGE, finish)


interception.RELIEVED.append(relieved)

# every frame of frames/siege.py, attrition's AttritionSplit (13.1) included
FLOW: stack.Flow = {Siege: SIEGE, SiegeCard: SIEGE_CARD, SiegeCardPlay: SIEGE_CARD_PLAY,
                    SiegeCasualty: SIEGE_CASUALTY,
                    **attrition.FLOW}


# --- the view ---------------------------------------------------------------------------------


def panel(state: WellingtonState, siege: Siege) -> Panel:
    """The siege as the focus panel: both sides, the round, each die named."""
    sp, staff = pool(state, siege)
    rows = [[siege.power, building.commander(siege.commander).name, f"{sp} SP",
             f"{len(staff)} staff", f"{siege.disorganised} disorganised"],
            [siege.owner, "fortress", f"strength {siege.strength}",
             f"hits {siege.hits}/{siege.strength}", f"round {siege.round}/{max_rounds(siege)}"]]
    notes = [f"{n:+d} {why}" for n, why in siege.dice] + list(siege.history)
    return Panel(title=f"Siege of {geo.name(siege.duchy)} — round {siege.round}", rows=rows,
                 notes=notes, where=siege.duchy)

