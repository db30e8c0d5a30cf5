"""The battle procedure (11, §A.3), step by step on the decision stack.

    ROUND    battle events, the active side first (11.1) -> [declared: cards acting once
             all are revealed] -> Responses (5.2) -> each side's dice, every one named
             (11.2-11.4, 10.7, 11.53) -> the dice rolled together (11.5), dice a card rolls
             apart after them -> Responses -> [results: cards changing results before they
             apply] -> eliminations, shared among allies, commanders last (11.51) ->
             disorganisations (11.5) -> [round end: cards acting after a round] ->
             Responses at the end of the round -> the winner (11.52): one side wholly
             eliminated loses; else more losses lose; a tie fights round 2 (at most 2
             rounds unless an event says so; a card may give the tied round), a tie after
             the last round sends the active side back where it came from -> Responses once
             the winner is known (decided again if a card changed the losses)
    AFTER    pursuit (#106) -> rout (11.7; a card may make it a simple retreat or change
             its margin, #61) -> [routed attrition, #61] -> [outcome: cards changing who
             retreats] -> Responses before the retreat (#33, #51) -> retreat (11.6, 11.61,
             11.62; cancelled by #51) -> overrun (11.8) -> Flag Overrun (11.9) ->
             Responses -> Plunder and Spanish attrition (11.10, 11.11) -> [close: cards
             acting as the battle ends] -> BFI markers (11.52) -> [again: #51's new battle]
The steps in [brackets] are the cards' seams (battle/cards.py "THE SEAMS").

Entry point: `start(state, duchy, attacker, formation, came_from, intercepted)` pushes the
Battle frame; it runs before the caller's next step. The caller reads the outcome from the
markers: the winning side of an Overrun gets no BFI marker (11.52), so an active Formation
without one may move on (11.8).
"""
from __future__ import annotations

from core import stack
from core.dice import d6
from core.stack import Frame
from core.engine import IllegalAction
from core.wellington import attrition, cardplay
from core.wellington import flags as geo
from core.wellington import text
from core.wellington.battle import aftermath, cards, losses, modifiers, retreat, sides
from core.wellington.frames.battle import (Battle, BattleCard, BattleCardPlay, BattleCasualty,
                                           BattleRetreat, BattleSplit)
from core.wellington.frames.attrition_losses import BattleTally
from core.wellington.frames.impulse import Impulse
from core.wellington.state import SIDE, WellingtonState

ROUT_MARGIN = 3                # 11.7: at least 3 more losses than suffered
ELIMINATE, DISORGANISE = 6, 5  # 11.5
SELF_HIT = 1                   # #14 Cold Steel: a 1 among its dice hits the own side


def start(state: WellingtonState, duchy: str, attacker: str, formation: str, came_from: str,
          intercepted: bool) -> None:
    """11: a battle in `duchy`, `attacker`'s side against the other side's Formations there.
    Refused (IllegalAction, nothing changed) unless both sides have a Formation there."""
    side = SIDE[attacker]
    enemy = geo.enemy_side(side)
    if not geo.has_formation(state, duchy, side) or not geo.has_formation(state, duchy, enemy):
        raise IllegalAction(f"11: no battle at {geo.name(duchy)}: both sides need a Formation "
                            "there")
    impulse = stack.find(state, Impulse)
    battle = Battle(duchy=duchy, attacker=attacker, formation=formation, came_from=came_from,
                    intercepted=intercepted, attacking=side, defending=enemy,
                    active=impulse.power if impulse is not None else attacker)
    battle.friendly_before = SIDE.get(geo.holder(state, duchy), "") == enemy
    battle.evasion_failed = modifiers.failed_evasion(state, duchy)
    for s in (side, enemy):
        battle.powers[s] = sides.powers(state, duchy, s)
        battle.start_units[s] = sides.units(state, duchy, s)
        battle.had_army[s] = bool(sides.commanders(state, duchy, s))
        battle.involved += sides.commanders(state, duchy, s)
    coastal_battery(state, battle)
    cards.standing_effects(state, battle)
    state.log.append(f"Battle at {geo.name(duchy)}: {attacker} attacks"
                     f"{' (the defenders intercepted)' if intercepted else ''} (11).")
    stack.push(state, battle)


def coastal_battery(state: WellingtonState, battle: Battle) -> None:
    """14.3: the coastal battery's losses on an amphibious assault this impulse count as
    first-round losses of the assaulting side (its eliminations are already off the map)."""
    record = state.battery.get(battle.duchy)
    if not record or record[0] != state.impulses:
        return
    e, d = record[1], record[2]
    side = battle.attacking
    battle.suffered_e[side] = battle.suffered_e.get(side, 0) + e
    battle.suffered_d[side] = battle.suffered_d.get(side, 0) + d
    battle.eliminated[side] = battle.eliminated.get(side, 0) + e
    battle.marked[side] = min(d, battle.start_units[side])
    battle.history.append(f"Coastal battery: {e} eliminated and {d} disorganised count as "
                          f"first-round losses of {text.side(side)} (14.3)")


def current(state: WellingtonState) -> Battle:
    return losses.current(state)


def other(battle: Battle, side: str) -> str:
    return battle.defending if side == battle.attacking else battle.attacking


# --- a round -------------------------------------------------------------------------------


def begin_round(state: WellingtonState, battle: Battle) -> None:
    """11.1, 11.52: the round's Commanders; battle events, the active side declaring all of
    its own before the inactive side (asked only when a Power holds one it may play)."""
    battle.round += 1
    battle.dice, battle.rolls, battle.sixes, battle.fives = {}, {}, {}, {}
    for s in (battle.attacking, battle.defending):
        battle.commander[s] = sides.name_commander(state, battle, s)
    order = [*sides.powers(state, battle.duchy, battle.attacking),
             *sides.powers(state, battle.duchy, battle.defending)]
    for power in reversed(order):
        if cards.battle_cards(state, battle, power):
            stack.push(state, BattleCard(power=power))


def before_dice(state: WellingtonState, battle: Battle) -> None:
    cardplay.respond(state, cards.BEFORE_DICE, battle.active)


def declared(state: WellingtonState, battle: Battle) -> None:
    """11.1: every battle card of the round is revealed: the cards that act once all are
    (#58 Take the High Ground's choice)."""
    cards.run_hooks(state, battle, cards.DECLARED)


def roll(state: WellingtonState, battle: Battle) -> None:
    """11.2, 11.5: each side's dice, named; rolled together (the attacker's first in the
    log); cards may make some results count for nothing; dice a card has rolled apart
    (#14) after them."""
    for s in (battle.attacking, battle.defending):
        battle.dice[s] = modifiers.dice(state, battle, s)
    for s in (battle.attacking, battle.defending):
        count = modifiers.total(battle.dice[s])
        faces = [d6(state, f"{s} battle die {n + 1}/{count}, round {battle.round}", "11.5")
                 for n in range(count)]
        battle.rolls[s] = faces
        battle.sixes[s] = scored(battle, s, faces, ELIMINATE)
        battle.fives[s] = scored(battle, s, faces, DISORGANISE)
        line = (f"Round {battle.round}: {text.side_does(s, 'roll')} {text.dice(count)} "
                f"({', '.join(f'{a:+d} {why}' for a, why in battle.dice[s])}): "
                f"{sorted(faces, reverse=True)} = {battle.sixes[s]} E, {battle.fives[s]} D")
        battle.history.append(line)
        state.log.append(line + " (11.5).")
    battle.self_hits = {}
    for side, when, count, why in battle.separate:
        if when == battle.round and cards.in_force(battle, why):
            roll_apart(state, battle, side, count, why)


def roll_apart(state: WellingtonState, battle: Battle, side: str, count: int, why: str) -> None:
    """Dice a card rolls apart (#14 Cold Steel): their 5s and 6s hit as usual (11.5); any 1
    is one hit on the own side (at most one). #81 halves them too."""
    if battle.halved and cards.in_force(battle, battle.halved):
        count = (count + 1) // 2
    faces = [d6(state, f"{side}: {why}, die {n + 1}/{count}", "11.5") for n in range(count)]
    six, five = scored(battle, side, faces, ELIMINATE), scored(battle, side, faces, DISORGANISE)
    battle.sixes[side] = battle.sixes.get(side, 0) + six
    battle.fives[side] = battle.fives.get(side, 0) + five
    own = 1 if SELF_HIT in faces else 0
    battle.self_hits[side] = battle.self_hits.get(side, 0) + own
    line = (f"{why}: {text.side_does(side, 'roll')} {text.dice(count)} apart: "
            f"{sorted(faces, reverse=True)} = {six} E, "
            f"{five} D" + (f"; a 1: one hit on {text.side(side)} themselves" if own else ""))
    battle.history.append(line)
    state.log.append(line + ".")


def scored(battle: Battle, side: str, faces: list[int], face: int) -> int:
    """The `face` results of `side`, less those a card makes count for nothing (each
    card's count is used up over the battle: #96 ignores 2 Disorganisations in all)."""
    hits = faces.count(face)
    for index, (who, ignored_face, count, why) in enumerate(battle.ignored):
        if who == side and ignored_face == face and hits and count and \
                cards.in_force(battle, why):
            gone = min(count, hits)
            hits -= gone
            battle.ignored[index] = (who, ignored_face, count - gone, why)
            battle.history.append(f"{side}: {gone} {face}{'s' if gone > 1 else ''} ignored "
                                  f"({why})")
    return hits


def after_dice(state: WellingtonState, battle: Battle) -> None:
    cardplay.respond(state, cards.AFTER_DICE, battle.active)


def results(state: WellingtonState, battle: Battle) -> None:
    """11.5: results a card changes before they apply (#97 half the 6s against a side become
    5s, #30 two hits one step lower); the 5s first, so one hit is lowered once."""
    for against, when, face, to, count, why in sorted(battle.reductions, key=lambda r: r[2]):
        if when not in (0, battle.round) or not cards.in_force(battle, why):
            continue
        scorer = other(battle, against)
        pool = battle.sixes if face == ELIMINATE else battle.fives
        hits = pool.get(scorer, 0)
        changed = min(hits, count) if count else (hits + 1) // 2
        if not changed:
            continue
        pool[scorer] = hits - changed
        if to == DISORGANISE:
            battle.fives[scorer] = battle.fives.get(scorer, 0) + changed
        one = changed == 1
        what = (f"{changed} {face}{'' if one else 's'} against {text.side(against)} "
                + ((f"becomes a {to}" if one else f"become {to}s") if to else
                   f"{'has' if one else 'have'} no effect"))
        battle.history.append(f"{what} ({why})")
        state.log.append(f"{what} ({why}).")


def eliminations(state: WellingtonState, battle: Battle) -> None:
    """11.5, 11.51, 11.53: each 6 eliminates a unit of the enemy at once; from round 2 on,
    disorganised units first; a card's dice may hit their own side (#14). The defender's
    choices are pushed first, so the attacker chooses first."""
    for s in (battle.defending, battle.attacking):
        hits = battle.sixes.get(other(battle, s), 0) + battle.self_hits.get(s, 0)
        battle.suffered_e[s] = battle.suffered_e.get(s, 0) + hits
        if battle.round > 1:
            battle.marked[s] = max(0, battle.marked.get(s, 0) - hits)
        if hits:
            losses.eliminate(state, battle, s, hits, f"battle round {battle.round}, 11.5")


def disorganisations(state: WellingtonState, battle: Battle) -> None:
    """11.5: each 5 disorganises a surviving unit of the enemy."""
    for s in (battle.attacking, battle.defending):
        hits = battle.fives.get(other(battle, s), 0)
        battle.suffered_d[s] = battle.suffered_d.get(s, 0) + hits
        losses.disorganise(state, battle, s, hits)


def round_end(state: WellingtonState, battle: Battle) -> None:
    """The round's results applied: cards that act after a round (#107)."""
    cards.run_hooks(state, battle, cards.ROUND_END)


def end_of_round(state: WellingtonState, battle: Battle) -> None:
    """5.2: the Response window at the end of the round, before the decision (#31, #48,
    #79)."""
    cardplay.respond(state, cards.END_OF_ROUND, battle.active)


def decide(state: WellingtonState, battle: Battle) -> None:
    """11.52: one side wholly eliminated loses (an Overrun); both: no winner (G.30); a card
    may make the battle go on for another round whatever the result (#11, #36); else the
    side with more losses (E + D, all rounds) loses; a tie fights another round, and after
    the last round the active side retreats."""
    left = {s: sides.units(state, battle.duchy, s) for s in (battle.attacking,
                                                               battle.defending)}
    lost = {s: battle.suffered_e.get(s, 0) + battle.suffered_d.get(s, 0) for s in left}
    a, d = battle.attacking, battle.defending
    if not left[a] and not left[d]:
        battle.both_eliminated = True
        state.log.append("Both sides are eliminated: no winner (11.52, G.30).")
        return
    if not left[a] or not left[d]:
        battle.loser = a if not left[a] else d
        battle.winner = other(battle, battle.loser)
        battle.overrun = True
        state.log.append(f"The {battle.loser} are wholly eliminated: "
                         f"{text.side_does(battle.winner, 'win')}, an "
                         "Overrun (11.52, 11.8).")
        return
    going_on = next((why for when, why in battle.go_on
                     if when == battle.round and cards.in_force(battle, why)), "")
    if going_on:                          # #11, #36: another round whatever the result
        battle.max_rounds = max(battle.max_rounds, battle.round + 1)
        state.log.append(f"Losses {a} {lost[a]}, {d} {lost[d]}: the battle goes on for "
                         f"another round ({going_on}).")
        stack.goto(battle, BATTLE, begin_round)
        return
    if lost[a] != lost[d]:
        battle.loser = a if lost[a] > lost[d] else d
        battle.winner = other(battle, battle.loser)
        state.log.append(f"Losses {a} {lost[a]}, {d} {lost[d]}: "
                         f"{text.side_does(battle.winner, 'win')} (11.52).")
        return
    if cards.run_hooks(state, battle, cards.TIE):     # #70: the player says who wins
        return
    if battle.round < battle.max_rounds:
        state.log.append(f"Losses {lost[a]} each: another round (11.52).")
        stack.goto(battle, BATTLE, begin_round)
        return
    battle.tie, battle.loser = True, a
    state.log.append(f"Losses {lost[a]} each after round {battle.round}: the active side "
                     "retreats where it came from (11.52).")


def award(state: WellingtonState, battle: Battle, winner: str, why: str) -> None:
    """A tied round given to `winner` by a card (#70): the battle is won, no Rout (the
    losses are equal)."""
    battle.winner, battle.loser = winner, other(battle, winner)
    state.log.append(f"The tied round goes to {text.side(winner)} ({why}).")


def decided(state: WellingtonState, battle: Battle) -> None:
    """5.2: the Response window once the winner is known, before the Rout and the retreat
    (#2, #48, #49, #54)."""
    if battle.winner:
        cardplay.respond(state, cards.DECIDED, battle.active)


def redecide(state: WellingtonState, battle: Battle) -> None:
    """11.52 again when a card changed the losses after the decision (#48 Rally!)."""
    if not battle.reopened:
        return
    battle.reopened = False
    battle.winner, battle.loser = "", ""
    battle.overrun = battle.both_eliminated = battle.tie = False
    state.log.append("The losses changed: the battle is decided again (11.52).")
    decide(state, battle)


# --- after the battle ----------------------------------------------------------------------


def pursuit(state: WellingtonState, battle: Battle) -> None:
    """Between the decision (11.52) and the Rout (11.7): card effects on a won battle, whose
    extra losses count toward the Rout (#106 Dragoons: the `cards.WON` window, W5; none
    against a side that played #1 Form Square this impulse)."""
    if battle.winner and sides.form_square(state, battle.winner, sides.DRAGOONS):
        state.log.append("#1 Form Square: no Dragoons' pursuit dice (#106).")
        return
    for won in cards.WON:
        won(state, battle)


def rout(state: WellingtonState, battle: Battle) -> None:
    """11.7: a winner who inflicted at least 3 more losses than it suffered (all rounds; #61
    changes the 3) routs the loser: every disorganised unit of the loser is eliminated."""
    if not battle.winner or margin(battle) < rout_margin(battle):
        return
    downgraded = cards.applies(battle, battle.no_rout, battle.loser)
    if downgraded:
        state.log.append(f"The Rout of {text.side(battle.loser)} becomes a simple retreat "
                         f"({downgraded}).")
        battle.history.append(f"Rout of {text.side(battle.loser)} downgraded to a retreat "
                              f"({downgraded})")
        return
    battle.routed = True
    if battle.overrun:
        return
    doomed = min(battle.marked.get(battle.loser, 0),
                 sides.units(state, battle.duchy, battle.loser))
    if battle.rout_losses_cancelled:
        state.log.append(f"Rout: {text.side(battle.winner)} inflicted {margin(battle)} more losses "
                         f"than they suffered, but the Rout eliminates nobody "
                         f"({battle.rout_losses_cancelled}).")
        return
    state.log.append(f"Rout: {text.side(battle.winner)} inflicted {margin(battle)} more losses "
                     f"than they suffered; {doomed} disorganised unit{'s' if doomed != 1 else ''} "
                     "eliminated (11.7).")
    battle.marked[battle.loser] = 0
    if doomed:
        losses.eliminate(state, battle, battle.loser, doomed, "rout, 11.7")


def rout_margin(battle: Battle) -> int:
    """11.7: the losses' difference a Rout needs, 3, raised or lowered by one by each #61
    Lancers in force (never below 1)."""
    change = sum(delta for _power, delta, why in battle.rout_margins
                 if cards.in_force(battle, why))
    return max(1, ROUT_MARGIN + change)


def routed_attrition(state: WellingtonState, battle: Battle) -> None:
    """#61 Lancers: the player's enemy, routed, suffers attrition (13.1) with its surviving
    units, once the Rout's eliminations are made; its losses are the battle's (11.10). (One
    card #61: one entry at most.)"""
    if not battle.routed or battle.overrun or not battle.loser:
        return
    for power, why in battle.rout_attrition:
        if SIDE[power] == battle.loser or not cards.in_force(battle, why):
            continue
        if not sides.units(state, battle.duchy, battle.loser):
            return
        attrition_in_battle(state, battle, battle.loser, f"{why}: the routed survivors",
                            why, suffered=False)


def attrition_in_battle(state: WellingtonState, battle: Battle, side: str, why: str,
                        record: str, bonus_from: int = 0, suffered: bool = True) -> None:
    """13.1 on every unit of `side` in the battle (`why` for the dice, `record` the cause its
    eliminations are recorded under): the owners choose the losses (13.1: the Commander's
    Power of a two-Power side shares them; questions pushed), then `tally` records them as
    the battle's, before the battle's next step."""
    frame = BattleTally(side=side, why=record, before=losses.pieces(state, battle, side),
                        suffered=suffered)
    asks: list[Frame] = []
    attrition.check(state, battle.duchy, attrition.units_of_side(state, battle.duchy, side),
                    why=why, rule="13.1", leader=battle.commander.get(side, ""),
                    bonus_from=bonus_from, asks=asks)
    if not asks:
        tally(state, frame)
        return
    stack.push(state, frame)
    attrition.push_all(state, asks)


def tally(state: WellingtonState, frame: BattleTally) -> None:
    """The attrition's losses recorded as the battle's eliminations (11.52; #48, #49 take
    them back); #31, #54: they count among the round's losses."""
    battle = losses.current(state)
    side = frame.side
    lost = losses.record_attrition(battle, frame.why, frame.before, state)
    if frame.suffered:
        battle.suffered_e[side] = battle.suffered_e.get(side, 0) + lost
    battle.marked[side] = min(battle.marked.get(side, 0), sides.units(state, battle.duchy, side))
    battle.history.append(f"{frame.why}: {text.side_does(side, 'lose')} {lost} to attrition "
                          "(battle losses)" if frame.suffered else
                          f"{frame.why}: the routed {side} lose {lost} to attrition")


def margin(battle: Battle) -> int:
    def lost(s: str) -> int:
        return battle.suffered_e.get(s, 0) + battle.suffered_d.get(s, 0)
    return lost(battle.loser) - lost(battle.winner)


def rout_pending(battle: Battle) -> bool:
    """The winner will rout the loser (11.7) unless a card intervenes."""
    return bool(battle.winner) and not battle.overrun and margin(battle) >= rout_margin(battle)


def outcome(state: WellingtonState, battle: Battle) -> None:
    """The Rout known: cards that change who retreats (#74 Field Fortifications)."""
    cards.run_hooks(state, battle, cards.OUTCOME)


def must_retreat(state: WellingtonState, battle: Battle) -> bool:
    return bool(battle.loser) and sides.units(state, battle.duchy, battle.loser) > 0


def before_retreat(state: WellingtonState, battle: Battle) -> None:
    """5.2: the Response window as the loser is about to retreat (11.6; the active side after
    a tie too, 11.52): #33 Disgraced Commander, #51 To the Death."""
    if must_retreat(state, battle):
        cardplay.respond(state, cards.RETREAT, battle.active)


def retreat_(state: WellingtonState, battle: Battle) -> None:
    """11.6: the winner stays; the loser's Formations still there retreat, unless #51 To the
    Death cancelled the retreat (`cards.RETREAT_CANCELLERS`): they stay, and a new battle
    follows this one (`again`)."""
    if not must_retreat(state, battle):
        return
    player = next((p for p in (cancels(state, battle.duchy)
                               for cancels in cards.RETREAT_CANCELLERS) if p), "")
    if player:
        battle.fight_on = player
        battle.history.append(f"No retreat of {text.side(battle.loser)}: #51 To the Death "
                              f"({player})")
        state.log.append(f"{battle.loser} does not retreat from {geo.name(battle.duchy)} (#51 "
                         "To the Death): a new battle follows.")
        return
    retreat.retreat(state, battle)


def overrun(state: WellingtonState, battle: Battle) -> None:
    """11.8: every Formation of one side eliminated, in the battle, by a failed retreat or by
    the retreat's attrition."""
    if battle.overrun or not battle.loser or battle.tie:
        return
    if not sides.units(state, battle.duchy, battle.loser) and not battle.retreated:
        battle.overrun = True
        state.log.append(f"Overrun: nothing of {text.side(battle.loser)} is left in play (11.8).")


def flag_overrun(state: WellingtonState, battle: Battle) -> None:
    aftermath.flag_overrun(state, battle)


def after_battle(state: WellingtonState, battle: Battle) -> None:
    cardplay.respond(state, cards.AFTER_BATTLE, battle.active)


def plunder(state: WellingtonState, battle: Battle) -> None:
    aftermath.plunder(state, battle)


def close(state: WellingtonState, battle: Battle) -> None:
    """11.52: BFI markers; the duchy's Commander; the failed evasion used up; 12.2: a
    Power that fought a non-Overrun battle here may not besiege here this impulse."""
    cards.run_hooks(state, battle, cards.CLOSE)
    aftermath.markers(state, battle)
    aftermath.tidy_command(state, battle)
    aftermath.note_battle(state, battle.duchy, [*battle.powers.get(battle.attacking, []),
                                                *battle.powers.get(battle.defending, [])],
                          battle.overrun)
    if battle.duchy in state.evasion_failed:
        state.evasion_failed.remove(battle.duchy)
    state.log.append(f"The battle at {geo.name(battle.duchy)} is over.")


def again(state: WellingtonState, battle: Battle) -> None:
    """#51 To the Death: the Rout's losses taken and the Plunder rolled, the enemy must fight
    a new battle here (the player's side attacking); its cumulative losses count for the new
    battle's Plunder (`cards.FIGHT_AGAIN`)."""
    if battle.fight_on:
        for fight in cards.FIGHT_AGAIN:
            fight(state, battle, battle.fight_on)


BATTLE = stack.Steps((begin_round, declared, before_dice, roll, after_dice, results,
                      eliminations, disorganisations, round_end, end_of_round, decide, decided,
                      redecide, pursuit, rout, routed_attrition, outcome, before_retreat,
                      retreat_, overrun, flag_overrun, after_battle, plunder, close, again))


FLOW: stack.Flow = {
    Battle: BATTLE,
    BattleTally: stack.Steps((tally,)),
    BattleCard: cards.BATTLE_CARD,
    BattleSplit: losses.BATTLE_SPLIT,
    BattleCasualty: losses.BATTLE_CASUALTY,
    BattleRetreat: retreat.BATTLE_RETREAT,
    BattleCardPlay: cards.BATTLE_CARD_PLAY,
}
