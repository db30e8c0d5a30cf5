"""Retreats after a battle (11.6, 11.61, 11.62, 9.44, 12.4) and the Regroup Box (11.8).

The winner stays (11.6). A losing *defender* retreats, Power by Power, into an adjacent
duchy (its pieces need not all go to the same one, 11.61): a friendly one if it can; else
an Uncontrolled one (a besieged enemy fortress is Uncontrolled for the besieger's side,
3.1); else any adjacent duchy without an enemy Formation, with attrition. Never into the
duchy the enemy entered the battle from, to sea, into a duchy with an enemy Formation or an
unbesieged enemy fortress, across a line a card blocks (#9, #10); leaving an enemy fortress
duchy, only into a friendly or Uncontrolled duchy or a besieged enemy fortress (12.4).

A losing *active* side goes back to the duchy it entered from if that duchy is friendly or
a besieged enemy fortress (11.62, G.33), else to the Regroup Box; one that came by sea goes
back to the friendly port it sailed from, to sea with attrition (14.3, 9.44). Whatever
cannot retreat goes to the Regroup Box, which counts as an Overrun (11.61, 11.62, 11.8).
Pieces built into a besieged fortress this impulse go to the Regroup Box, unless an event
brought a friendly Formation into the battle: then they join its retreat (6.3, G.34).

After each Formation's retreat into a duchy, the ENTERED window (armies.entered, "retreat":
#3 Mud, #41 Stragglers).

Retreat attrition (9.44, 13, C.16): one die per SP and commander for each cause (into an
enemy duchy; across a River; across a Pass unless both ends are friendly, the battle duchy
counted with its control before the battle, 11.4 note), each 6 eliminating 1 SP, commanders
last.
"""
from __future__ import annotations

from core import stack
from core.engine import Action, Choice
from core.wellington import attrition, building, lookups
from core.wellington import armies
from core.wellington import flags as geo
from core.wellington.battle import losses, sides
from core.wellington.frames.battle import Battle, BattleRetreat
from core.wellington.frames.movement import Move
from core.wellington.state import (COUNTER_NAME, COUNTER_TYPES, ENGLAND, GB, INF, CAV, ART,
                                   REGROUP, SIDE, SP, WellingtonState)

KIND = {INF: "inf", CAV: "cav", ART: "art"}     # counter kinds as action nouns


def friendly_before(state: WellingtonState, battle: Battle, side: str) -> bool:
    """11.4 note: the battle duchy's control before the battle, for `side`."""
    if side == battle.defending:
        return battle.friendly_before
    return geo.is_fortress(state, battle.duchy) and SIDE.get(
        geo.holder(state, battle.duchy), "") == side


def uncontrolled_for(state: WellingtonState, duchy: str, power: str) -> bool:
    """3.1: no controller, or an enemy fortress besieged by `power`'s side."""
    owner = geo.controller(state, duchy)
    return not owner or besieged_enemy_fortress(state, duchy, power)


def besieged_enemy_fortress(state: WellingtonState, duchy: str, power: str) -> bool:
    owner = geo.controller(state, duchy)
    return (geo.is_fortress(state, duchy) and bool(owner) and SIDE[owner] != SIDE[power]
            and geo.has_formation(state, duchy, SIDE[power]))


def causes(state: WellingtonState, battle: Battle, power: str, to: str) -> list[str]:
    """9.44: the attrition causes of retreating from the battle duchy to `to`."""
    if geo.by_sea(battle.duchy, to):
        return ["to sea (9.44, 14.3)"]
    out = []
    if geo.enemy(state, to, power):
        out.append("into an enemy duchy (9.44)")
    kind = lookups.line_kind(state, battle.duchy, to, power)    # #100 (W7)
    if kind == "river":
        out.append("across a River (9.44)")
    if kind == "pass" and not (friendly_before(state, battle, SIDE[power])
                               and geo.friendly(state, to, power)):
        out.append("across a Pass not friendly at both ends (9.41, 9.44)")
    return out


def defender_options(state: WellingtonState, battle: Battle, power: str) -> list[str]:
    """11.61, 12.4: the duchies `power`'s Formations may retreat to, best tier only."""
    duchy, side = battle.duchy, SIDE[power]
    owner = geo.controller(state, duchy)
    leaving_enemy_fortress = (geo.is_fortress(state, duchy) and bool(owner)
                              and SIDE[owner] != side)
    open_: list[str] = []
    for to in geo.neighbours(duchy):
        if to == battle.came_from or geo.blocked(state, duchy, to):
            continue
        if geo.has_formation(state, to, geo.enemy_side(side)):
            continue
        to_owner = geo.controller(state, to)
        enemy_fortress = geo.is_fortress(state, to) and bool(to_owner) and \
            SIDE[to_owner] != side
        if enemy_fortress and not besieged_enemy_fortress(state, to, power):
            continue
        if leaving_enemy_fortress and not (geo.friendly(state, to, power)
                                           or uncontrolled_for(state, to, power)):
            continue
        open_.append(to)
    friendly = [d for d in open_ if geo.friendly(state, d, power)]
    if friendly:
        return friendly
    uncontrolled = [d for d in open_ if uncontrolled_for(state, d, power)]
    return uncontrolled or open_


def attacker_option(state: WellingtonState, battle: Battle, power: str,
                    back: str | None = None) -> str:
    """11.62, G.33: the entry duchy (`back`, by default the battle's `came_from`) if friendly
    or a besieged enemy fortress, else ""; 14.3: Formations that came by sea go back to the
    friendly port they sailed from (the England box is GB's)."""
    back = battle.came_from if back is None else back
    if not back:
        return ""
    if geo.by_sea(battle.duchy, back):
        home = back == ENGLAND and power == GB
        return back if home or (geo.on_map(back) and geo.friendly(state, back, power)) else ""
    if geo.friendly(state, back, power) or besieged_enemy_fortress(state, back, power):
        return back
    return ""


def attacker_options(state: WellingtonState, battle: Battle, power: str) -> list[str]:
    """11.62 and its note ("se si hanno più intercettazioni offensive causate da un evento
    provenienti da più di un Ducato adiacente, il giocatore attivo sceglie in quale Ducato
    possibile si ritira"): the battle's `came_from` and every adjacent duchy the active side's
    event interceptions entered the battle duchy from this impulse, those 11.62 allows."""
    entries = [battle.came_from, *armies.entry_duchies(state, battle.duchy, battle.attacking)]
    out: list[str] = []
    for back in entries:
        to = attacker_option(state, battle, power, back)
        if to and to not in out:
            out.append(to)
    return out


def active_player(battle: Battle) -> str:
    """11.62 note: "il giocatore attivo": the Power whose impulse it is when on the attacking
    side, else the attacking Power."""
    return battle.active if battle.active and SIDE[battle.active] == battle.attacking \
        else battle.attacker


def retreat(state: WellingtonState, battle: Battle) -> None:
    """11.6: every Power of the loser with Formations left in the duchy retreats; an active
    loser with more than one possible entry duchy (11.62 note) waits for the active player's
    choice (`BattleRetreat` of the active player, `attacker_choices`). First the pieces the
    loser placed into this besieged fortress this impulse (6.3, G.34: `newly_placed`)."""
    newly_placed(state, battle)
    if battle.loser == battle.attacking:
        chooser = active_player(battle)
        if len(attacker_options(state, battle, chooser)) > 1:
            stack.push(state, BattleRetreat(power=chooser))
            return
    for power in reversed(sides.powers(state, battle.duchy, battle.loser)):
        if battle.loser == battle.attacking:
            options = attacker_options(state, battle, power)
            withdraw(state, battle, power, options[0] if options else "")
            continue
        options = defender_options(state, battle, power)
        if len(options) > 1:
            stack.push(state, BattleRetreat(power=power))
        else:
            withdraw(state, battle, power, options[0] if options else "")


def newly_placed(state: WellingtonState, battle: Battle) -> None:
    """6.3, G.34: the losing side's pieces built or regrouped into this besieged fortress
    duchy this impulse (`building.new_pieces`) go to the Regroup Box; its other Formations
    retreat as 11.61 / 11.62 say (one that moved in goes back where it came from). Unless an
    event brought a friendly Formation from another duchy into this battle (an event's
    interception, `armies.entry_duchies`; an event's move, #44, #109): then the new pieces
    stay with the side and join that Formation's retreat."""
    if battle.duchy not in state.placed_besieged:
        return
    if event_brought(state, battle):
        state.log.append(f"The Formations built at {geo.name(battle.duchy)} join the retreat "
                         "of the Formation an event brought into the battle (6.3, G.34).")
        return
    for power in sides.powers(state, battle.duchy, battle.loser):
        counts, leaders = building.new_pieces(state, battle.duchy, power)
        if sum(counts) or leaders:
            state.log.append(f"{power}'s Formation built at {geo.name(battle.duchy)} must "
                             "retreat: it goes to the Regroup Box (6.3).")
            withdraw(state, battle, power, "", counts, leaders)


def event_brought(state: WellingtonState, battle: Battle) -> bool:
    """G.34: a Formation of the losing side entered this battle from another duchy by an
    event: an event's interception into it this impulse (#11, #16, #36, #40, #53, #108:
    `armies.entry_duchies`) or the event's move that started it (#44, #109: a free Move
    of the losing side on the stack)."""
    if armies.entry_duchies(state, battle.duchy, battle.loser):
        return True
    move = stack.find(state, Move)
    return (move is not None and bool(move.free) and SIDE[move.power] == battle.loser
            and bool(battle.came_from))


def withdraw(state: WellingtonState, battle: Battle, power: str, to: str,
             counts: list[int] | None = None, leaders: list[str] | None = None) -> None:
    """Move `power`'s soldiers and commanders (all of them, or `counts` and `leaders`) from
    the battle duchy to `to` ("" = the Regroup Box, 11.61, 11.62); the retreat's attrition
    (9.44, 13.1) strikes the pieces that made this retreat, commanders last."""
    duchy = battle.duchy
    if counts is None:
        counts = building.counters(state, duchy, power)
    if leaders is None:
        leaders = building.commanders_at(state, duchy, power)
    moved = sum(n * SP[t] for t, n in enumerate(counts)) + len(leaders)
    if not to:
        move(state, duchy, REGROUP, power, counts, leaders)
        battle.retreats.append(f"{power}: Regroup Box")
        state.log.append(f"{power}'s Formations at {geo.name(duchy)} cannot retreat: "
                         f"{moved} SP and commanders go to the Regroup Box (11.61, 11.62, "
                         "11.8).")
        return
    why = causes(state, battle, power, to)
    state.log.append(f"{power} retreats from {geo.name(duchy)} to {geo.name(to)}: {moved} SP "
                     f"and commanders ({'11.62' if SIDE[power] == battle.attacking else '11.61'}"
                     ").")
    move(state, duchy, to, power, counts, leaders)
    lost: dict[str, int] = {}
    asks: list[stack.Frame] = []     # 13.1: the owner picks which retreating counters go
    if why:
        units = {power: (sum(n * SP[t] for t, n in enumerate(counts)), sorted(leaders))}
        lost = attrition.check(state, to, units, causes=len(why),
                               why=f"{power} retreating from {geo.name(duchy)}: "
                                   f"{'; '.join(why)}", rule="9.44, 13.1", asks=asks,
                               pools={power: attrition.Pool(power=power, army="",
                                                            troops=list(counts))})
    battle.retreated += max(0, moved - lost.get(power, 0) - attrition.pending(asks))
    arrived = [c for c in leaders if state.commanders.get(c) == to]
    lead_arrivals(state, to, arrived, battle.commander.get(battle.loser, ""))
    battle.retreats.append(f"{power}: {geo.name(to)}")
    if geo.on_map(to) and (arrived or building.sp(state, to, power)):
        entered(state, battle, power, to, arrived)
    attrition.push_all(state, asks)   # answered before the ENTERED window and the battle's end


def entered(state: WellingtonState, battle: Battle, power: str, to: str,
            arrived: list[str]) -> None:
    """The ENTERED window of a Formation that has retreated into `to` (#3 Mud, #41
    Stragglers: armies.entered); the Formation is named by its Commander (the retreating
    Commander, else the best commander that arrived) or "<power>:<to>"."""
    chief = battle.commander.get(battle.loser, "")
    if chief not in arrived:
        chief = max(arrived, key=lambda c: (building.commander(c).bv, building.commander(c).cv,
                                            c), default="")
    armies.entered(state, "retreat", chief or f"{power}:{to}", battle.duchy, to, power)


def move(state: WellingtonState, duchy: str, to: str, power: str, counts: list[int],
         leaders: list[str]) -> None:
    for kind in COUNTER_TYPES:
        if counts[kind]:
            building.add(state, duchy, power, kind, -counts[kind])
            building.add(state, to, power, kind, counts[kind])
    for commander in leaders:
        building.eliminate_commander(state, commander, to=to)


def lead_arrivals(state: WellingtonState, to: str, leaders: list[str], commander: str) -> None:
    """9.53, 9.6: arriving where no commander of the side leads, the retreating Commander
    (or the best of those arriving) leads there; a commander of the side already leading
    keeps the command (a reading)."""
    if not leaders:
        return
    side = SIDE[geo.commander_power(leaders[0])]
    named = state.leading.get(to, "")
    if named and state.commanders.get(named) == to and \
            SIDE[geo.commander_power(named)] == side:
        return
    state.leading[to] = commander if commander in leaders else max(
        leaders, key=lambda c: (building.commander(c).bv, building.commander(c).cv, c))


def unsent(state: WellingtonState, frame: BattleRetreat) -> tuple[list[int], list[str]]:
    """`frame.power`'s pieces in the battle duchy not yet sent elsewhere (11.61)."""
    duchy = losses.current(state).duchy
    counts = building.counters(state, duchy, frame.power)
    for planned in frame.plan.values():
        counts = [have - sent for have, sent in zip(counts, planned)]
    sent = [c for group in frame.chiefs.values() for c in group]
    return counts, [c for c in building.commanders_at(state, duchy, frame.power) if c not in sent]


def attacker_choices(state: WellingtonState, battle: Battle, power: str) -> list[Choice]:
    """11.62 note: the active player picks one of the possible entry duchies; the whole active
    side retreats there (a reading: "sceglie in quale Ducato possibile si ritira")."""
    out = []
    for to in attacker_options(state, battle, power):
        why = causes(state, battle, power, to)
        note = f", attrition: {'; '.join(why)}" if why else ""
        out.append(Choice(Action("retreat", to), f"Retreat the active side to {geo.name(to)}, "
                          f"a duchy it entered the battle from (11.62 note{note})", "move"))
    return out


def retreat_choices(state: WellingtonState, frame: BattleRetreat) -> list[Choice]:
    battle = losses.current(state)
    if battle.loser == battle.attacking:
        return attacker_choices(state, battle, frame.power)
    counts, leaders = unsent(state, frame)
    out = []
    options = defender_options(state, battle, frame.power)
    for to in options:
        why = causes(state, battle, frame.power, to)
        note = f", attrition: {'; '.join(why)}" if why else ""
        what = "the rest" if frame.plan or frame.chiefs else "all"
        out.append(Choice(Action("retreat", to), f"Retreat {what} to {geo.name(to)} "
                          f"(11.61{note})", "move"))
    if sum(counts) + len(leaders) > 1:
        pieces = [(KIND[t], f"1 {COUNTER_NAME[t]}") for t in COUNTER_TYPES if counts[t]]
        pieces += [(c, building.commander(c).name) for c in leaders]
        for to in options:
            for noun, name in pieces:
                out.append(Choice(Action("send", f"{noun}>{to}"),
                                  f"Send {name} to {geo.name(to)}, the others elsewhere "
                                  "(11.61)", "move"))
    return out


def _send(state: WellingtonState, frame: BattleRetreat, noun: str) -> None:
    piece, to = noun.split(">")
    if piece in KIND.values():
        kind = next(t for t, name in KIND.items() if name == piece)
        group = frame.plan.setdefault(to, [0, 0, 0])
        group[kind] += 1
    else:
        frame.chiefs.setdefault(to, []).append(piece)


def _retreat(state: WellingtonState, frame: BattleRetreat, to: str) -> None:
    stack.done(state, frame)
    battle = losses.current(state)
    if battle.loser == battle.attacking:           # 11.62 note: the active player's choice
        for power in reversed(sides.powers(state, battle.duchy, battle.loser)):
            options = attacker_options(state, battle, power)
            withdraw(state, battle, power, to if to in options else
                     (options[0] if options else ""))
        return
    counts, leaders = unsent(state, frame)
    for dest in sorted(set(frame.plan) | set(frame.chiefs)):
        withdraw(state, battle, frame.power, dest, frame.plan.get(dest, [0, 0, 0]),
                 frame.chiefs.get(dest, []))
    if sum(counts) or leaders:
        withdraw(state, battle, frame.power, to, counts, leaders)


def retreat_prompt(state: WellingtonState, frame: BattleRetreat) -> str:
    battle = losses.current(state)
    if battle.loser == battle.attacking:
        return (f"{frame.power}: the active side lost at {geo.name(battle.duchy)} and entered "
                "it from more than one duchy: which one does it retreat to (11.62 note)?")
    return (f"{frame.power}: your Formations lost at {geo.name(battle.duchy)}: where do they "
            "retreat? They need not all go to the same duchy (11.61).")


BATTLE_RETREAT = stack.Stop(
    role=lambda state, frame: frame.power,
    prompt=lambda state, frame: retreat_prompt(state, frame),
    choices=retreat_choices,
    handlers={"retreat": _retreat, "send": _send},
)
