"""Wellington card events #1-55 that strike in the field: guerrillas and levies (#19, #35),
the spoils of a victory (#7) and a bombardment (#8). The rest of #1-55 is in cards_1_55.py;
docs/wellington-events-1-55.md maps each rule to its function and test."""
from __future__ import annotations

from core import stack
from core.dice import d6
from core.wellington import battle as battles
from core.wellington import building, cardplay, hands
from core.wellington import flags as geo
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.events import common
from core.wellington.events.cards_1_55 import own, response
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.siege import Siege
from core.wellington.state import (ADN, ADS, COUNTER_TYPES, FRENCH, POWERS, SIDE, SP, SPAIN,
                                   WellingtonState)

Event = cardplay.Event


# --- #7 Pillage ----------------------------------------------------------------------------------

PILLAGE = 7


def pillage_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """#7: right after the player's flag goes on a fortress it took by siege (12.3: the
    after-siege window is answered once the free flag is placed: siege.finish pushes the flag
    above it), or after its side routed (11.7) or wholly eliminated (11.8) an enemy Army or
    Army Group (a commander led it, 1.6)."""
    if trigger == sieges.AFTER_SIEGE:
        siege = stack.find(state, Siege)
        return siege is not None and siege.captured and siege.power == power
    if trigger == battle_cards.AFTER_BATTLE:
        battle = stack.find(state, Battle)
        if battle is None or battle.winner != SIDE[power]:
            return False
        return power in battle.powers.get(battle.winner, []) \
            and (battle.routed or battle.overrun) and battle.had_army.get(battle.loser, False)
    return False


def play_pillage(state: WellingtonState, frame: EventPlay) -> None:
    """The victorious player gains 1 Resource and draws a card (besides any Plunder, 11.10,
    or Devastation, 12.5)."""
    state.resources[frame.power] = state.resources.get(frame.power, 0) + 1
    drawn = hands.draw(state, frame.power, 1)
    state.log.append(f"{frame.power} pillages: 1 Resource and {drawn} card (#7).")


cardplay.register(PILLAGE, Event(pillage_playable, play_pillage))


# --- #8 Bombardment ------------------------------------------------------------------------------

BOMBARDMENT = 8
BOMBARDMENT_DICE = 3
BOMBARDMENT_ROUNDS = (1, 2)


def bombardment_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """#8: as the first or second round of a siege is about to be rolled."""
    siege = stack.find(state, Siege)
    return trigger == sieges.BEFORE_DICE and siege is not None \
        and siege.round in BOMBARDMENT_ROUNDS and not siege.rolls


def play_bombardment(state: WellingtonState, frame: EventPlay) -> None:
    """The besieger adds 3 dice to this round, and the siege goes on after it whatever its
    result (reading E7: "may fight a second or third round": siege.py's `continue_after`)."""
    siege = stack.find(state, Siege)
    assert siege is not None
    sieges.add_dice(siege, sieges.BESIEGER, BOMBARDMENT_DICE,
                    f"#8 Bombardment (round {siege.round})", siege.round)
    siege.continue_after.append(siege.round)


cardplay.register(BOMBARDMENT, Event(bombardment_playable, play_bombardment))


# --- #19 Bandits of the Sierra -------------------------------------------------------------------

BANDITS = 19
BANDIT_DICE = 3                                  # per duchy
BANDIT_HIT = 5                                   # each 5 or 6


def enemies_of(power: str) -> list[str]:
    return [p for p in POWERS if SIDE[p] != SIDE[power]]


def bandit_target(state: WellingtonState, duchy: str, power: str) -> bool:
    """#19: an unfortified duchy, or (the asterisk) a fortress an enemy force besieges (an
    enemy Formation in a fortress its side does not control)."""
    if not geo.on_map(duchy):
        return False
    if not geo.is_fortress(state, duchy):
        return True
    owner = geo.controller(state, duchy)
    return bool(owner) and SIDE[owner] == SIDE[power] and any(
        building.sp(state, duchy, p) or building.commanders_at(state, duchy, p)
        for p in enemies_of(power))


def bandit_pairs(state: WellingtonState, power: str) -> list[str]:
    return [d for d in geo.duchies() if bandit_target(state, d, power)
            and any(bandit_target(state, n, power) for n in geo.neighbours(d))]


def bandits_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return own(state, power, trigger) and bool(bandit_pairs(state, power))


def play_bandits(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, BANDITS, "first",
               [(d, geo.name(d)) for d in bandit_pairs(state, frame.power)],
               "the first of two adjacent duchies the bandits strike?")


def bandits_first(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    common.ask(state, frame.power, BANDITS, "second",
               [(n, geo.name(n)) for n in sorted(geo.neighbours(duchy))
                if bandit_target(state, n, frame.power)],
               f"the duchy adjacent to {geo.name(duchy)}?", picked=[duchy])


def bandits_second(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    """3 dice for each duchy; each 5 or 6 costs the enemy 1 SP, commander or flag there, the
    owner choosing (asked hit by hit, the first duchy first)."""
    first = frame.picked[0]
    picked: list[str] = []
    for where in (first, duchy):
        faces = [d6(state, f"#19 Bandits of the Sierra at {geo.name(where)}", "#19")
                 for _ in range(BANDIT_DICE)]
        hits = sum(1 for f in faces if f >= BANDIT_HIT)
        state.log.append(f"Bandits at {geo.name(where)}: {sorted(faces, reverse=True)} = "
                         f"{hits} hit(s) (#19).")
        picked += [where, str(hits)]
    next_bandit_hit(state, frame.power, picked)


def bandit_losses(state: WellingtonState, duchy: str, player: str) -> list[tuple[str, str, str]]:
    """What the enemy may lose at `duchy`: (owner, noun, label)."""
    out: list[tuple[str, str, str]] = []
    for p in enemies_of(player):
        if building.sp(state, duchy, p):
            out.append((p, f"sp:{p}", f"{p} loses 1 SP at {geo.name(duchy)}"))
        for cid in building.commanders_at(state, duchy, p):
            out.append((p, f"commander:{cid}",
                        f"{building.commander(cid).name} is eliminated at {geo.name(duchy)}"))
    flag = state.flags.get(duchy, "")
    if flag and SIDE[flag] != SIDE[player]:
        out.append((flag, "flag", f"The {flag} flag at {geo.name(duchy)} is removed"))
    return out


def next_bandit_hit(state: WellingtonState, player: str, queue: list[str]) -> None:
    """`queue`: duchy, hits still to take, for each duchy in turn. Reading E8: the owner who
    chooses is the enemy Power first in impulse order (1.3) with something to lose there; it
    chooses among its own pieces and flag."""
    while queue:
        duchy, hits = queue[0], int(queue[1])
        losses = bandit_losses(state, duchy, player) if hits else []
        if not losses:
            queue = queue[2:]
            continue
        owner = losses[0][0]
        common.ask(state, owner, BANDITS, "hit",
                   [(noun, label) for who, noun, label in losses if who == owner],
                   f"bandits: lose 1 SP, commander or flag at {geo.name(duchy)} "
                   f"({hits} hit(s) to take)", picked=[player, duchy, str(hits - 1), *queue[2:]])
        return


def bandits_hit(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    player, duchy = frame.picked[0], frame.picked[1]
    if noun.startswith("sp:"):
        building.lose_sp(state, duchy, frame.power, 1)
        what = "1 SP"
    elif noun.startswith("commander:"):
        cid = noun.split(":", 1)[1]
        building.eliminate_commander(state, cid)
        what = building.commander(cid).name
    else:
        geo.remove_flag(state, duchy, frame.power, "#19 Bandits of the Sierra")
        what = "its flag"
    state.log.append(f"{frame.power} loses {what} at {geo.name(duchy)} to the bandits (#19).")
    next_bandit_hit(state, player, list(frame.picked[1:]))


cardplay.register(BANDITS, Event(bandits_playable, play_bandits))
common.on_choice(BANDITS, "first", bandits_first)
common.on_choice(BANDITS, "second", bandits_second)
common.on_choice(BANDITS, "hit", bandits_hit)


# --- #35 Juramentados ----------------------------------------------------------------------------

JURAMENTADOS = 35
JURAMENTADOS_SP = 1


def french_here(state: WellingtonState, duchy: str) -> list[str]:
    return [p for p in (ADS, ADN) if building.sp(state, duchy, p)]


def juramentados_sites(state: WellingtonState) -> list[tuple[str, str]]:
    """#35: an unfortified duchy in Spain; where both French Powers have SP the player says
    whose SP is eliminated (reading E9)."""
    free = building.unbuilt(state, SPAIN)
    if not any(free[kind] and SP[kind] <= JURAMENTADOS_SP for kind in COUNTER_TYPES):
        return []                       # no counter small enough for the 1 SP to be placed
    out: list[tuple[str, str]] = []
    for d in geo.duchies():
        if geo.country(d) != "Spain" or geo.is_fortress(state, d):
            continue
        both = french_here(state, d)
        if len(both) == 2:
            out += [(f"{d}={p}", f"{geo.name(d)}: eliminate 1 {p} SP") for p in both]
        else:
            out.append((d, geo.name(d)))
    return out


def juramentados_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return response(state, power, trigger) and bool(juramentados_sites(state))


def play_juramentados(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, JURAMENTADOS, "duchy", juramentados_sites(state),
               "in which unfortified duchy of Spain?")


def juramentados_duchy(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    """1 French SP there eliminated, if any; 1 Spanish SP placed, which attacks any French
    still there (11); a Spanish flag if no French Formation remains."""
    duchy, _, whose = noun.partition("=")
    present = french_here(state, duchy)
    victim = whose or (present[0] if present else "")
    if victim:
        building.lose_sp(state, duchy, victim, 1)
        state.log.append(f"{victim} loses 1 SP at {geo.name(duchy)} (#35).")
    placed = common.place_sp(state, duchy, SPAIN, JURAMENTADOS_SP, "#35 Juramentados")
    common.then(state, frame.power, JURAMENTADOS, "flag", picked=[duchy])
    if placed and geo.has_formation(state, duchy, FRENCH):
        battles.start(state, duchy, SPAIN, f"{SPAIN}:{duchy}", "", False)


def juramentados_flag(state: WellingtonState, frame: EventStep) -> None:
    duchy = frame.picked[0]
    if not geo.has_formation(state, duchy, FRENCH):
        geo.set_flag(state, duchy, SPAIN, "#35 Juramentados")


cardplay.register(JURAMENTADOS, Event(juramentados_playable, play_juramentados))
common.on_choice(JURAMENTADOS, "duchy", juramentados_duchy)
common.on_step(JURAMENTADOS, "flag", juramentados_flag)
