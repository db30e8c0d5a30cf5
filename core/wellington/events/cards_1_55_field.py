"""Wellington card events #1-55 that strike in the field: guerrillas and levies (#19, #35),
the spoils of a victory (#7), a bombardment (#8), and the cards that act on movement,
interception and evasion through their seams (interception.py TRY, SUCCEEDED, REINFORCE;
movement.py ENTERED, free moves; the battle's END_OF_ROUND and RETREAT windows): #3 Mud,
#11 Another Day of Battle, #16 Sortie / Siege Lifted, #33 Disgraced Commander, #36 Scovell's
Cipher, #40 Call for Reinforcements, #41 Stragglers, #44 Flank March, #45 Column Attacked,
#51 To the Death, #53 Concentration of Force. The rest of #1-55 is in
cards_1_55.py; docs/wellington-events-1-55.md maps each rule to its function and test."""
from __future__ import annotations

from collections.abc import Iterator

from core import stack
from core.dice import d6
from core.wellington import battle as battles
from core.wellington import (attrition, building, cardplay, deck, hands, interception, lookups,
                             movement)
from core.wellington.armies import parse_entered
from core.wellington import flags as geo
from core.wellington import text
from core.wellington import siege as sieges
from core.wellington.battle import cards as battle_cards
from core.wellington.battle import procedure
from core.wellington.events import cards_56_110_battle as risings
from core.wellington.events import cards_siege_attrition, common
from core.wellington.events.cards_1_55 import own, response
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.movement import Army, Attempt, Entry, JoinBattle, Move
from core.wellington.frames.siege import Siege
from core.wellington.state import (ADN, ADS, COUNTER_TYPES, FRENCH, POWERS, REGROUP, SIDE, SP,
                                   SPAIN, UNBUILT, Effect, WellingtonState)

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
    """#8 (any Power, a Response, 5.2): in a siege's first or second round, before its dice
    (`siege:before-dice`) or once its result is known and before 12.3 decides whether the
    siege goes on (`siege:after-round`: the tutorial's play after round 1), while the
    fortress still stands and the besieging commander lives ("con chi è sopravvissuto")."""
    if trigger not in (sieges.BEFORE_DICE, sieges.AFTER_ROUND):
        return False                                 # (asked first: no stack to look through)
    siege = stack.find(state, Siege)
    if siege is None or siege.round not in BOMBARDMENT_ROUNDS or siege.called_off \
            or siege.captured:
        return False
    if trigger == sieges.BEFORE_DICE:
        return not siege.rolls
    return trigger == sieges.AFTER_ROUND and bool(siege.rolls) \
        and siege.hits < siege.strength and sieges.commander_alive(state, siege)


def bombardment_rounds(siege: Siege) -> list[int]:
    """The rounds #8's 3 dice may go to: this one (before its dice, or rolled now after its
    result) or the next, the first and second only, within the siege's maximum (12.22)."""
    return [r for r in (siege.round, siege.round + 1)
            if r in BOMBARDMENT_ROUNDS and r <= sieges.max_rounds(siege)]


def play_bombardment(state: WellingtonState, frame: EventPlay) -> None:
    """The besieger (whoever played the card) adds 3 dice to a single round, the first or
    second, and may fight the round after this one whatever this one's result (siege.py's
    `continue_after`: "un secondo o terzo round ... indipendentemente dal risultato del round
    precedente"). Which round is the besieger's choice (the tutorial: GB "could roll these 3
    dice now" after round 1, and adds them to round 2 instead)."""
    siege = stack.find(state, Siege)
    assert siege is not None
    siege.continue_after.append(siege.round)
    rounds = bombardment_rounds(siege)
    if len(rounds) == 1:
        bombard(state, siege, rounds[0])
        return
    now = "rolled now, in this round" if siege.rolls else "in this round"
    common.ask(state, siege.power, BOMBARDMENT, "round",
               [(str(r), f"The 3 dice {now} (round {r})" if r == siege.round
                 else f"The 3 dice in round {r}") for r in rounds],
               "add #8's 3 dice to which siege round?")


def bombard(state: WellingtonState, siege: Siege, round_: int) -> None:
    why = f"#8 Bombardment (round {round_})"
    state.log.append(f"{siege.power} takes #8's 3 dice in siege round {round_}; the siege may "
                     f"go on after round {siege.round} whatever its result (#8).")
    if round_ == siege.round and siege.rolls:
        sieges.roll_more(state, siege, BOMBARDMENT_DICE, why)
    else:
        sieges.add_dice(siege, sieges.BESIEGER, BOMBARDMENT_DICE, why, round_)


def _bombardment_round(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    siege = stack.find(state, Siege)
    assert siege is not None
    bombard(state, siege, int(noun))


common.on_choice(BOMBARDMENT, "round", _bombardment_round)
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
    return list(_bandit_pairs(state, power))


def _bandit_pairs(state: WellingtonState, power: str) -> Iterator[str]:
    return (d for d in geo.duchies() if bandit_target(state, d, power)
            and any(bandit_target(state, n, power) for n in geo.neighbours(d)))


def bandits_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return own(state, power, trigger) and common.exists(_bandit_pairs(state, power))


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
        hits = cards_siege_attrition.bandit_hits(  # #102 halves them where it covers
            state, where, sum(1 for f in faces if f >= BANDIT_HIT))
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
        lost = building.lose_sp(state, duchy, frame.power, 1)
        attrition.record(state, duchy, frame.power, lost, "", "")  # #102 may give it back
        what = "1 SP"
    elif noun.startswith("commander:"):
        cid = noun.split(":", 1)[1]
        building.eliminate_commander(state, cid)
        attrition.record(state, duchy, frame.power, 0, cid, "")
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


def juramentados_counter(state: WellingtonState) -> bool:
    """A Spanish counter small enough for the 1 SP, free or to free (5.11) on the map."""
    free = building.unbuilt(state, SPAIN)
    return any(free[kind] and SP[kind] <= JURAMENTADOS_SP for kind in COUNTER_TYPES) \
        or any(building.counters(state, d, SPAIN)[kind]
               for d in common.donors(state, SPAIN) for kind in COUNTER_TYPES
               if SP[kind] <= JURAMENTADOS_SP)


def unfortified_spain(state: WellingtonState) -> Iterator[str]:
    """#35's duchies: unfortified, in Spain."""
    return (d for d in geo.duchies()
            if geo.country(d) == "Spain" and not geo.is_fortress(state, d))


def juramentados_sites(state: WellingtonState) -> list[tuple[str, str]]:
    """#35: an unfortified duchy in Spain; where both French Powers have SP the player says
    whose SP is eliminated (reading E9)."""
    if not juramentados_counter(state):
        return []
    out: list[tuple[str, str]] = []
    for d in unfortified_spain(state):
        both = french_here(state, d)
        if len(both) == 2:
            out += [(f"{d}={p}", f"{geo.name(d)}: eliminate 1 {p} SP") for p in both]
        else:
            out.append((d, geo.name(d)))
    return out


def juramentados_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Asked at every Response window: the cheap tests first, no list built."""
    return response(state, power, trigger) and juramentados_counter(state) \
        and any(unfortified_spain(state))


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
    common.place_sp_then(state, duchy, SPAIN, JURAMENTADOS_SP, "#35 Juramentados",
                         JURAMENTADOS, "placed", picked=[duchy],
                         intercept=common.ATTACKS)      # 10.1: interceptors are attacked too


def juramentados_placed(state: WellingtonState, frame: EventStep) -> None:
    """The Spanish SP placed (5.11: Spain's choice first when its counters run short). They
    attack the French still there, or, answering a rising not yet resolved (#62, #90), wait
    for it: the Responses' effects combine in one battle (5.2, TC-08)."""
    duchy, placed = frame.picked[0], int(frame.picked[-1])
    attacks = bool(placed) and geo.has_formation(state, duchy, FRENCH)
    if attacks and risings.wait_for_pending_rising(state, SPAIN, JURAMENTADOS, duchy):
        return
    common.then(state, frame.power, JURAMENTADOS, "flag", picked=[duchy])
    if attacks:
        battles.start(state, duchy, SPAIN, f"{SPAIN}:{duchy}", "", False)


def juramentados_waiting(state: WellingtonState, frame: EventStep) -> None:
    """The rising #35 answered is over: its SP fought in that rising's battle (JOINED: only
    the flag is left) or attack on their own now."""
    duchy = frame.picked[0]
    common.then(state, frame.power, JURAMENTADOS, "flag", picked=[duchy])
    if risings.JOINED not in frame.picked and geo.has_formation(state, duchy, FRENCH) \
            and building.sp(state, duchy, SPAIN):
        battles.start(state, duchy, SPAIN, f"{SPAIN}:{duchy}", "", False)


def juramentados_flag(state: WellingtonState, frame: EventStep) -> None:
    """"Se non vi è alcuna formazione francese dopo il piazzamento o la battaglia, ponete la
    bandiera spagnola": when the battle has left no Formation of either side there, the flag
    stands alone, an event's flag with no Formation: 10.10, the inactive French may
    intercept into the duchy (P5: in an Allied impulse only; the control before the flag,
    G.18) and a successful interception removes it."""
    duchy = frame.picked[0]
    if geo.has_formation(state, duchy, FRENCH):
        return
    before = geo.controller(state, duchy)
    geo.set_flag(state, duchy, SPAIN, "#35 Juramentados")
    if not geo.has_formation(state, duchy, SIDE[SPAIN]):
        common.offer_interception(state, duchy, SPAIN, before=before, flag=True)


cardplay.register(JURAMENTADOS, Event(juramentados_playable, play_juramentados))
common.on_choice(JURAMENTADOS, "duchy", juramentados_duchy)
common.on_step(JURAMENTADOS, "placed", juramentados_placed)
common.on_step(JURAMENTADOS, "flag", juramentados_flag)
common.on_step(JURAMENTADOS, risings.WAITING, juramentados_waiting)


# === cards on the movement, interception and evasion seams (docs/wellington-movement.md) =====

RETREAT_TRIGGER = battle_cards.RETREAT   # the battle's window as the loser is about to
#                                          retreat (11.6; a tie's retreat too, 11.52)


def owns(power: str, number: int) -> bool:
    """5.1, 5.4: a common card by any Power, a national one by its deck's Powers only."""
    return power in deck.card(number).owners


# --- #3 Mud, Mud and More Mud --------------------------------------------------------------------
# "Giocatela su un Soldato/Armata/Gruppo di Armate quando entra in qualsiasi Ducato mediante
# movimento, intercettazione, evasione o ritirata. Quella Formazione non può muovere oltre per
# questo impulso. Inoltre, si pone il segnalino di fango accanto al Ducato ad indicare che questa
# Formazione, nonché tutte le altre che entrano o che sono nel Ducato per l'impulso, non possono
# uscire dal Ducato per alcuna ragione sino al seguente impulso amico (che non sia ritirata)."

MUD = movement.MUD


def mud_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """ENTERED: a Formation has just entered a duchy (move, interception, evasion, an
    event's interception, retreat); one MUD marker: not where it already lies."""
    parts = parse_entered(trigger)
    return parts is not None and owns(power, MUD) and not movement.mired(state, parts[3])


def play_mud(state: WellingtonState, frame: EventPlay) -> None:
    """The MUD marker by the duchy until the player's next impulse (G.8 49: retreats still
    leave, movement.mired); a moving Formation's move is over."""
    parts = parse_entered(frame.trigger)
    assert parts is not None
    how, formation, _origin, dest = parts
    state.effects.append(Effect(card=MUD, power=frame.power, target=dest, until="next-impulse",
                                started=state.impulses))
    move = stack.find(state, Move)
    if how == "move" and move is not None and move.at == dest:
        move.over = True
    state.log.append(f"#3 Mud at {geo.name(dest)}: {text.formation(formation)} moves no "
                     "further, and no "
                     f"Formation leaves {geo.name(dest)} but by retreat until {frame.power}'s "
                     "next impulse.")


cardplay.register(MUD, Event(mud_playable, play_mud))


# --- #41 Stragglers -----------------------------------------------------------------------------
# "Una Formazione che muove, intercetta, evade o si ritira subisce l'Attrito nel Ducato dove è
# appena entrata ed in ogni Ducato aggiuntivo in cui entra in questo impulso. Una volta giocata,
# la Formazione influenzata non può rinunciare al movimento."

STRAGGLERS = movement.STRAGGLERS


def entered_armies(state: WellingtonState, how: str, formation: str, dest: str) -> list[Army]:
    """The Formation an ENTERED window names, as it stands in `dest`: the Move's Armies, the
    Attempt's (a move's interception or evasion, an event's interception, an attempt made
    alone: every Attempt stays on the stack until its ENTERED window closes), or (a retreat,
    reading E13) every unit of the retreating Power there."""
    if how == "move":
        move = stack.find(state, Move)
        return list(move.armies) if move is not None and move.at == dest else []
    if how in interception.TRY_KINDS:
        attempt = stack.find(state, Attempt)
        return list(attempt.armies) if attempt is not None and attempt.target == dest else []
    power = movement.power_of(formation) if ":" not in formation else formation.split(":")[0]
    chiefs = [c for c in movement.commanders_at(state, dest) if movement.power_of(c) == power]
    return [Army(commander=chiefs[0] if chiefs else "", power=power,
                 troops=building.counters(state, dest, power), staff=chiefs[1:])]


def stragglers_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    parts = parse_entered(trigger)
    if parts is None or not owns(power, STRAGGLERS):
        return False
    how, formation, _origin, dest = parts
    return any(movement.present(state, a, dest)
               for a in entered_armies(state, how, formation, dest))


def play_stragglers(state: WellingtonState, frame: EventPlay) -> None:
    """Attrition in the duchy just entered (13.1, one more cause): a move's and an
    interceptor's or evader's with the attrition that entry owes (10.9: after the attempts),
    an event's interception's (out of the battle's start strength it joined), an attempt
    made alone's (no move's Entry owes it) or a retreat's at once; every further duchy the
    Formation enters this impulse adds the cause (movement.STRAGGLING: an Effect on its commanders,
    the Move's `straggling` for the move under way, which may not halt while it can go on)."""
    parts = parse_entered(frame.trigger)
    assert parts is not None
    how, formation, _origin, dest = parts
    armies = entered_armies(state, how, formation, dest)
    for cid in [c for a in armies for c in movement.members(a)]:
        state.effects.append(Effect(card=STRAGGLERS, power=frame.power, target=cid,
                                    until="impulse", started=state.impulses))
    state.log.append(f"#41 Stragglers strike {text.formation(formation)} at {geo.name(dest)}.")
    move = stack.find(state, Move)
    if how == "move" and move is not None:
        move.straggling = True                   # the Entry's attrition step rolls it
        return
    entry, attempt = stack.find(state, Entry), stack.find(state, Attempt)
    if how in ("intercept", "evade") and entry is not None and \
            not (attempt is not None and attempt.alone):
        for army in armies:
            owed = next((p for p in entry.owed if p.army == army and p.duchy == dest), None)
            if owed is None:
                movement.owe(entry, army, dest, [movement.STRAGGLING])
            elif movement.STRAGGLING not in owed.causes:
                owed.causes.append(movement.STRAGGLING)
        return
    asks: list[stack.Frame] = []      # 13.1: the owner picks the counters
    lost = movement.attrition(state, dest, armies, [movement.STRAGGLING],
                              text.formation(formation), asks=asks,
                              chooser=movement.group_chooser(armies))
    if how == interception.REINFORCE_KIND and attempt is not None:
        interception.lost_after_joining(state, attempt, lost)     # not in its start strength
    movement.push_losses(state, asks)


cardplay.register(STRAGGLERS, Event(stragglers_playable, play_stragglers))


# --- #45 Column Attacked ------------------------------------------------------------------------
# "Giocatela su qualsiasi Formazione mentre muove. Quella Formazione deve usare un CP aggiuntivo
# per ogni Ducato dove entra nel suo impulso corrente. Oppure: annullate una evasione o
# intercettazione che ha avuto successo."

COLUMN_ATTACKED = movement.COLUMN_ATTACKED


def column_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """TRY of a move paid in CP (a free event move has no CP to add: reading E14), or
    SUCCEEDED of an interception (an event's too) or evasion."""
    if not owns(power, COLUMN_ATTACKED):
        return False
    if interception.succeeded_attempt(state, trigger) is not None:
        return True
    attempt = interception.trying(state, trigger)
    move = stack.find(state, Move)
    return attempt is not None and attempt.kind == "move" and move is not None \
        and not move.free


def play_column(state: WellingtonState, frame: EventPlay) -> None:
    """Either mode, as the window says: the success is cancelled (the Formation stays), or
    every further duchy the Formation enters this impulse costs 1 CP more (the step declared
    was paid when declared: reading E14; movement.step_cost)."""
    success = interception.succeeded_attempt(state, frame.trigger)
    if success is not None:
        interception.cancel_success(state, success, "#45 Column Attacked")
        return
    move = stack.find(state, Move)
    assert move is not None
    move.surcharge = 1
    for cid in [c for a in move.armies for c in movement.members(a)]:
        state.effects.append(Effect(card=COLUMN_ATTACKED, power=frame.power, target=cid,
                                    until="impulse", started=state.impulses))
    state.log.append(f"#45 Column Attacked: {move.power}'s moving Formation pays 1 CP more "
                     "for each further duchy it enters this impulse.")


cardplay.register(COLUMN_ATTACKED, Event(column_playable, play_column))


# --- #33 Disgraced Commander --------------------------------------------------------------------
# "Giocatela su qualsiasi comandante con un Valore di Battaglia di 0, 1, o 2 che tenta di evadere
# o ritirarsi da una battaglia. Se francese o inglese, ponete il comandante nella Casella di
# Raggruppamento. Se spagnolo, il comandante viene fucilato dai suoi uomini (e deve essere
# ricostruito a pieno costo per rientrare in gioco)."

DISGRACED = 33
DISGRACE_BV = 2                 # a BV of 0, 1 or 2


def disgrace_targets(state: WellingtonState, trigger: str) -> list[str]:
    """The commanders with a BV (as it stands, #23 included) of 2 or less trying to evade
    (TRY of an evasion), or, at the battle's retreat window, of the side about to retreat."""
    if trigger == RETREAT_TRIGGER:
        battle = stack.find(state, Battle)
        if battle is None or not battle.loser:
            return []
        chiefs = [c for c in movement.commanders_at(state, battle.duchy, battle.loser)]
    else:
        attempt = interception.trying(state, trigger)
        if attempt is None or attempt.kind != "evade":
            return []
        chiefs = [c for c in attempt.commanders if state.commanders.get(c) == attempt.origin]
    return [c for c in chiefs if lookups.battle_value(state, c) <= DISGRACE_BV]


def disgraced_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return owns(power, DISGRACED) and bool(disgrace_targets(state, trigger))


def play_disgraced(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, DISGRACED, "commander",
               [(c, f"{building.commander(c).name} (BV "
                    f"{lookups.battle_value(state, c)})")
                for c in disgrace_targets(state, frame.trigger)],
               "which commander is disgraced?")


def disgrace(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    """A French or British commander goes to the Regroup Box (6.2); a Spanish one is shot:
    eliminated, to be built again at full cost (6.1). An evasion he led lapses (interception
    .valid): the soldiers left may then try on their own (TC-E25)."""
    where = state.commanders[cid]
    spanish = movement.power_of(cid) == SPAIN
    building.eliminate_commander(state, cid, to=UNBUILT if spanish else REGROUP)
    movement.leadership(state, where, arrived=False)
    state.log.append(f"#33 Disgraced Commander: {building.commander(cid).name} "
                     + ("is shot by his own men (eliminated)." if spanish
                        else "goes to the Regroup Box."))


common.on_choice(DISGRACED, "commander", disgrace)
cardplay.register(DISGRACED, Event(disgraced_playable, play_disgraced))


# --- #51 To the Death ----------------------------------------------------------------------------
# "Annullate qualsiasi evasione (di terra) o ritirata incluse quelle imposte da carte giocate in
# precedenza. Il nemico deve combattere ora una nuova battaglia. Questo evento non impedisce il
# soddisfare le perdite di una Rotta o il saccheggiare per primi. Le perdite cumulative del
# nemico in questo Ducato contano per il saccheggio (11.8)."

TO_THE_DEATH = 51


def to_the_death_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """SUCCEEDED of a land evasion (the only evasions the game has), or the battle's retreat
    window (procedure.before_retreat) by a Power of the side that stays ("the enemy" must
    fight again: never on one's own side's retreat)."""
    if not owns(power, TO_THE_DEATH):
        return False
    if trigger == RETREAT_TRIGGER:
        battle = stack.find(state, Battle)
        return battle is not None and bool(battle.loser) and SIDE[power] != battle.loser
    success = interception.succeeded_attempt(state, trigger)
    return success is not None and success.kind == "evade"


def play_to_the_death(state: WellingtonState, frame: EventPlay) -> None:
    """An evasion: cancelled, the evaders stay and the battle follows (9.51: the Entry's
    contact). A retreat: the effect the battle reads with `retreat_cancelled`."""
    success = interception.succeeded_attempt(state, frame.trigger)
    if success is not None:
        interception.cancel_success(state, success, "#51 To the Death")
        return
    battle = stack.find(state, Battle)
    assert battle is not None
    state.effects.append(Effect(card=TO_THE_DEATH, power=frame.power, target=battle.duchy,
                                until="impulse", started=state.impulses))
    state.log.append(f"#51 To the Death: no retreat from {geo.name(battle.duchy)}; a new "
                     "battle is fought.")


def retreat_cancelled(state: WellingtonState, duchy: str) -> str:
    """For the battle (procedure.retreat_, 11.6): the Power whose #51 cancelled the retreat
    from `duchy` ("" if none); the battle then calls `fight_again` once the Rout's losses and
    the Plunder are done (procedure.again). Consumes the effect."""
    for effect in state.effects:
        if effect.card == TO_THE_DEATH and effect.target == duchy:
            state.effects.remove(effect)
            return effect.power
    return ""


def fight_again(state: WellingtonState, battle: Battle, player: str) -> None:
    """#51 for the battle: "the enemy must now fight a new battle": the player's side
    attacks in the same duchy, led by its Formation there (movement.standing_formation); "the
    enemy's cumulative losses in this Duchy count for the Plunder" (11.10): what it lost in
    the battle just fought (and any before it) is carried into the new one's Plunder."""
    side = SIDE[player]
    enemy = geo.enemy_side(side)
    if not (geo.has_formation(state, battle.duchy, side)
            and geo.has_formation(state, battle.duchy, enemy)):
        return
    power, formation = movement.standing_formation(state, battle.duchy, side)
    state.log.append(f"#51 To the Death: a new battle at {geo.name(battle.duchy)}.")
    battles.start(state, battle.duchy, power, formation, battle.came_from, False)
    fresh = stack.top(state)
    assert isinstance(fresh, Battle)
    fresh.carried = {enemy: battle.eliminated.get(enemy, 0) + battle.carried.get(enemy, 0)}


cardplay.register(TO_THE_DEATH, Event(to_the_death_playable, play_to_the_death))
battle_cards.RETREAT_CANCELLERS.append(retreat_cancelled)    # the battle's windows
battle_cards.FIGHT_AGAIN.append(fight_again)


# --- #44 Flank March -----------------------------------------------------------------------------
# "Una delle vostre Armate può muovere di due Ducati senza intercettazione, Attrito o evasione
# nemica. Si ha battaglia solo se entrate in un Ducato che contiene una Formazione nemica nel
# corso del movimento. Se si muove in un Ducato e risulta in uno sfondamento, il "movimento
# aggirante" può continuare in un secondo Ducato. Un'Armata può aggirare una Fortezza nemica non
# occupata da una Formazione nemica."

FLANK_MARCH = 44
FLANK_DUCHIES = 2


def flank_armies(state: WellingtonState, power: str) -> list[str]:
    """The player's own commanders that may move (9.1, M2 no BFI marker, #39, #3)."""
    return movement.movable_commanders(state, power)


def flank_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return own(state, power, trigger) and owns(power, FLANK_MARCH) \
        and bool(flank_armies(state, power))


def play_flank(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, FLANK_MARCH, "army",
               [(c, f"{building.commander(c).name}'s Army at "
                    f"{geo.name(state.commanders[c])}") for c in flank_armies(state, frame.power)],
               "which Army makes the flank march?")


def flank_army(state: WellingtonState, frame: EventChoice, cid: str) -> None:
    """A free Move of one Army (movement.FLANK): two duchies, no interception, evasion or
    attrition, a battle only against an enemy Formation (going on after an Overrun), enemy
    fortresses with no enemy Formation passed by (movement.after_contact)."""
    at = state.commanders[cid]
    army = movement.form_army(state, cid, at, [])
    state.log.append(f"{frame.power}: #44 Flank March by {building.commander(cid).name}'s Army "
                     f"from {geo.name(at)}.")
    stack.push(state, Move(power=frame.power, armies=[army], at=at, start=at,
                           free=movement.FLANK, limit=FLANK_DUCHIES))


common.on_choice(FLANK_MARCH, "army", flank_army)
cardplay.register(FLANK_MARCH, Event(flank_playable, play_flank))


# --- #40 Call for Reinforcements, #53 Concentration of Force (battle cards) ----------------------
# #40: "Giocatela all'inizio di qualsiasi round di battaglia. Qualsiasi formazione a scelta di chi
# ha giocato la carta, entro due Ducati dal sito della battaglia, può tentare di tirare per
# intercettare ed entrare in battaglia. Per i tiri di dado dei soldati senza comandante
# considerateli guidati da un comandante "1-4"."
# #53: "Giocatela all'inizio di qualsiasi round di battaglia. Tutte le Formazioni a scelta di chi
# ha giocato la carta e che siano entro 2 Ducati dal sito della battaglia possono tirare per
# l'intercettazione, senza possibilità di Attrito, per unirsi a quella battaglia. Per
# l'intercettazione considerate i soldati senza comandante guidati da un comandante 2-4."

CALL_FOR_REINFORCEMENTS, CONCENTRATION = 40, 53
REINFORCING = {CALL_FOR_REINFORCEMENTS: ("1-4", False), CONCENTRATION: ("2-4", True)}


def may_reinforce(state: WellingtonState, power: str, card: int, duchy: str, virtual: str,
                  french_only: bool = False) -> bool:
    """A Formation of the player's side could try (interception.reinforce_formations, with
    a way in: interception.paths); TC-E26: none can help, the card is not offered."""
    probe = JoinBattle(power=power, card=card, duchy=duchy, virtual=virtual,
                       french_only_virtual=french_only)
    return interception.can_reinforce(state, probe)


def reinforce_card_playable(number: int):
    def playable(state: WellingtonState, battle: Battle, power: str) -> bool:
        virtual, _ = REINFORCING[number]
        return may_reinforce(state, power, number, battle.duchy, virtual)
    return playable


def reinforce_card_play(number: int):
    def play(state: WellingtonState, battle: Battle, power: str) -> None:
        virtual, no_attrition = REINFORCING[number]
        interception.reinforcement(state, power, number, battle.duchy, virtual,
                                   no_attrition=no_attrition)
    return play


for _number in REINFORCING:
    battle_cards.register_battle(_number, battle_cards.BattleEvent(
        reinforce_card_playable(_number), reinforce_card_play(_number)))


# --- #11 Another Day of Battle, #36 Scovell's Cipher (R) ---------------------------------------
# #11: "Giocatela alla fine di qualsiasi round di battaglia se questa non è risultata in una
# rotta o nel completo annientamento. La battaglia continua per un altro round. Inoltre, tutte le
# Formazioni a scelta del giocatore che ha giocato la carta che sono entro 2 ducati dal sito della
# battaglia possono tirare per l'intercettazione per unirsi alla battaglia. Per questo tiro di
# dado considerate i soldati senza comandante come se avessero un comandante "24". Se
# applicabile, tirare per il Saccheggio (11.10) alla fine di questo round."
# #36: "Giocatela alla fine del primo round di battaglia per consentire a tutte le Formazioni a
# scelta di chi ha giocato la carta, che siano entro 2 Ducati dal sito della battaglia, di
# tentare l'intercettazione per unirsi alla battaglia. Per il tiro di intercettazione
# considerate i soldati senza comandante come se avessero un comandate 1-4. Il giocare questo
# evento assicura lo svolgimento di un secondo round di battaglia."

ANOTHER_DAY, SCOVELL = 11, 36
ANOTHER_ROUND = {ANOTHER_DAY: "2-4", SCOVELL: "1-4"}      # the virtual commander (10.1)


def round_end_battle(state: WellingtonState, trigger: str) -> Battle | None:
    """The battle whose round has just ended (its END_OF_ROUND window), both sides still in
    it (a side wholly eliminated fights no more round: "completo annientamento")."""
    if trigger != battle_cards.END_OF_ROUND:
        return None
    battle = stack.find(state, Battle)
    if battle is None:
        return None
    if not all(geo.has_formation(state, battle.duchy, s)
               for s in (battle.attacking, battle.defending)):
        return None
    return battle


def another_round_playable(number: int):
    def playable(state: WellingtonState, power: str, trigger: str) -> bool:
        """#11: the end of any round that did not end in a rout (the losses' difference,
        all rounds, short of the Rout's margin, 11.7 and #61); #36: the end of round 1."""
        battle = round_end_battle(state, trigger)
        if battle is None or not owns(power, number):
            return False
        if number == SCOVELL:
            return battle.round == 1
        lost = [battle.suffered_e.get(s, 0) + battle.suffered_d.get(s, 0)
                for s in (battle.attacking, battle.defending)]
        return abs(lost[0] - lost[1]) < procedure.rout_margin(battle)
    return playable


def another_round_play(number: int):
    def play(state: WellingtonState, frame: EventPlay) -> None:
        """Another round is fought whatever this one's result (battle_cards.go_on; the
        decision waits for it, the Plunder, if due, after it counts the losses of every
        round: aftermath.plunder); the player's side's Formations within two duchies may try
        to intercept into it (interception.reinforcement, the virtual commander for
        leaderless soldiers) when one can."""
        battle = battle_cards.current(state)
        why = hands.title(number)
        battle.in_play.append((number, frame.power))
        battle_cards.go_on(battle, battle.round, why)
        state.log.append(f"{why}: the battle at {geo.name(battle.duchy)} goes on for another "
                         "round.")
        virtual = ANOTHER_ROUND[number]
        if may_reinforce(state, frame.power, number, battle.duchy, virtual):
            interception.reinforcement(state, frame.power, number, battle.duchy, virtual)
    return play


for _number in ANOTHER_ROUND:
    cardplay.register(_number, Event(another_round_playable(_number),
                                     another_round_play(_number)))


# --- #16 Sortie / Siege Lifted -------------------------------------------------------------------
# "Giocatela sull'assediante prima di risolvere il primo round di un assedio. L'assediante perde 3
# dadi per quel round. Oppure: tutte le Formazioni, a scelta del giocatore che ha giocato la carta,
# entro 2 Ducati dall'assedio possono tirare per intercettare ed iniziare la battaglia. Per i tiri
# di intercettazione, trattate i soldati senza comandante come se avessero un comandante 1-4."

SORTIE = 16
SORTIE_DICE = -3
RELIEF_VIRTUAL = "1-4"


def sortie_siege(state: WellingtonState, trigger: str) -> Siege | None:
    if trigger != sieges.BEFORE_DICE:                # (asked first: no stack to look through)
        return None
    siege = stack.find(state, Siege)
    if siege is None or siege.round != 1 or siege.rolls:
        return None
    return siege


def sortie_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """Before the first round of a siege is rolled (the siege's Response window)."""
    return owns(power, SORTIE) and sortie_siege(state, trigger) is not None


def play_sortie(state: WellingtonState, frame: EventPlay) -> None:
    siege = sortie_siege(state, frame.trigger)
    assert siege is not None
    options = [("sortie", "Sortie: the besieger loses 3 dice this round")]
    if SIDE[frame.power] != SIDE[siege.power] and may_reinforce(
            state, frame.power, SORTIE, siege.duchy, RELIEF_VIRTUAL):
        options.append(("relief", "Siege Lifted: Formations within 2 duchies try to intercept "
                                  "and attack the besiegers"))
    common.ask(state, frame.power, SORTIE, "mode", options, "which mode?")


def sortie_mode(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    """Sortie: -3 dice for the besieger in round 1 (siege.add_dice). Relief (reading E15:
    only Formations of the besieged side relieve it): interception.reinforcement with a 1-4
    virtual commander, then the battle against the besiegers and the siege lifted unless the
    besieger won that battle by an Overrun (interception.lift_siege)."""
    siege = stack.find(state, Siege)
    assert siege is not None
    if mode == "sortie":
        sieges.add_dice(siege, sieges.BESIEGER, SORTIE_DICE, "#16 Sortie", 1)
        state.log.append("#16 Sortie: the besieger loses 3 dice in the first round.")
        return
    interception.reinforcement(state, frame.power, SORTIE, siege.duchy, RELIEF_VIRTUAL,
                               siege=True)


common.on_choice(SORTIE, "mode", sortie_mode)
cardplay.register(SORTIE, Event(sortie_playable, play_sortie))
