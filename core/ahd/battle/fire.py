"""Fire, seed B5.1 "Combattimento" and B5.2-B5.2.3 "Modificatori"; the end check of B5.0.

In each round the defender fires first, then the attacker (B5.0: "Dato che il Nord è
l'attaccante, il Sud spara per primo"). A fire is four steps of the battle's list:

  opens     B5.1 "Durante un round di battaglia ogni pezzo può sparare una volta": every piece
            of the side still fighting will fire (A5.0: the coastal garrison first)
  declares  B5.1 "un giocatore deve annunciare l'obiettivo del suo fuoco prima che i dadi
            vengano lanciati": the Targets stop, one firer at a time, "ogni pezzo nemico deve
            essere obiettivo di almeno un pezzo (se possibile)" (AMB-15)
  rolls     one die per shot, in the order declared: a hit when the die is the firer's
            modified value or less (T11); a shot at a piece eliminated earlier in the same fire
            is wasted (TC-6); a hit flips a piece to its reduced side, a second eliminates it
  end check B5.0: a side with no piece left has lost; both gone: nobody wins

Between them the optional rules hook in as steps of their own: A7.0 narrows who fires
(days.py), O2.2 orders the declarations (targeting.py), A8.1 tests morale (rout.py). The one
function `need` computes a shot's number with every modifier named: the fire rolls against it
and the battle panel shows it, so the two can never disagree.
"""
from __future__ import annotations

from dataclasses import dataclass

from core import dice, stack
from core.ahd import coastal
from core.ahd.battle import garrison, leadership, targeting
# B5.1's declaration rules are the floor below (declaring.py), shared with O2.2 (targeting.py)
from core.ahd.battle.declaring import covering, declared, targets_open
from core.ahd.battle.base import (GROUP, NO_WINNER, Unit, count_training_loss, current,
                                  entrenched, in_line, kind, other, own, tag, title, unit)
from core.ahd.text import name
from core.ahd.frames import Targets
from core.ahd.pieces import hit, piece
from core.ahd.state import CRACK, INFANTRY, AhdState, Battle
from core.engine import Action, Choice

# --- what a shot needs (B5.1, B5.2, T11) ------------------------------------------------------


@dataclass(frozen=True)
class Need:
    """The number a shot hits on, and how it was reached: the firer's value, then each
    modifier ('veteran infantry 3', '-1 entrenched', '+1 crossing')."""

    value: int
    terms: tuple[str, ...]

    @property
    def on(self) -> int:
        """The highest face that hits: 0 (none) to 6 (every face)."""
        return max(0, min(self.value, 6))

    def hits(self, die: int) -> bool:
        """T11: a hit when the die is the modified value or less; 0 or less never hits."""
        return die <= self.on

    @property
    def short(self) -> str:
        """'hits on 3 or less'."""
        return f"hits on {self.on} or less"

    @property
    def text(self) -> str:
        """'hits on 3 or less: veteran infantry 3, -1 entrenched, +1 crossing'."""
        return f"{self.short}: {', '.join(self.terms)}"


def need(state: AhdState, b: Battle, firer_id: str, target_id: str) -> Need:
    """The modified value of `firer_id` shooting at `target_id` now (B5.1, B5.2, T11)."""
    firer, target = unit(state, b, firer_id), unit(state, b, target_id)
    side = firer.side
    value = firer.value  # B5.1 "I pezzi ridotti non sono diversi dagli altri"; A5.0 the shield
    terms = [f"{kind(firer)} {value}"]

    def modify(n: int, why: str) -> None:
        nonlocal value
        value += n
        terms.append(f"{n:+d} {why}")

    if entrenched(state, b, target):
        modify(-1, "entrenched")  # B5.2.1; A5.0 the garrison always is
    if _is_crack_infantry(target):
        modify(-1, "crack infantry")  # B5.2.2
    if side == b.defender and b.round <= 2 and target.crossing and target.id in b.attackers:
        modify(+1, "crossing")  # B5.2.3: the defender's rounds 1-2, at a crossing attacker
    bonus = leadership.bonus_of(b, firer_id)
    if bonus:
        modify(+bonus, "leader bonus")  # A8.2.2: +1 per point allotted this round
    return Need(value, tuple(terms))


def _is_crack_infantry(u: Unit) -> bool:
    return u.arm == INFANTRY and u.grade == CRACK


# --- opening a fire -------------------------------------------------------------------------


def opens(state: AhdState, b: Battle, side: str) -> None:
    """B5.1: every piece of `side` still fighting fires once this round (A8.1: not the routed
    ones); they declare in id order, the coastal garrison first (A5.0)."""
    if b.rolled:
        b.earlier += [f"{b.fire_side} fire (B5.1):"] + b.rolled
    b.fire_side = side
    b.shots = []
    b.rolled = []
    b.flipped = []
    b.firers = garrison.fires_first(b, side, sorted(in_line(b, side)))


# --- declaring targets (the Targets stop) ----------------------------------------------------


def legal_targets(state: AhdState, b: Battle, side: str) -> list[str]:
    """Targets the next firer may declare: B5.1 (AMB-15, declaring.covering), or O2.2 when that
    optional rule is in force (targeting.py)."""
    if targeting.in_force(state):
        return targeting.legal_now(state, b, side)
    return covering(b, side)


def declares(state: AhdState, b: Battle, side: str) -> None:
    """B5.1: `side` declares every target before any die is rolled. With a single enemy
    there is one possible declaration and it is made at once; otherwise the owner is asked,
    firer by firer."""
    foes = targets_open(b, side)
    # (under O2.2 infantry may not all take one enemy cavalry piece: targeting.forced)
    if b.firers and len(foes) == 1 and (not targeting.in_force(state)
                                        or foes == [garrison.GARRISON]):
        b.shots += [[firer, foes[0]] for firer in b.firers]
        b.firers = []
        state.log.append(f"{tag(b)}: {side} targets (only one possible): {declared(b)}")
        return
    targeting.forced(state, b, side)
    if b.firers:
        stack.push(state, Targets(side=side))


def _targets_prompt(state: AhdState, frame: Targets) -> str:
    b = current(state)
    firer = unit(state, b, b.firers[0])
    rule = (" (O2.2: cavalry at enemy cavalry first; infantry never at cavalry already "
            "chosen)" if targeting.in_force(state) else "")
    return (f"{title(b)} — {frame.side} fire: choose the target of {firer.id} "
            f"({kind(firer)}){rule}")


def _targets_choices(state: AhdState, frame: Targets) -> list[Choice]:
    b = current(state)
    firer = b.firers[0]
    out = []
    for tid in legal_targets(state, b, frame.side):
        target = unit(state, b, tid)
        flags = [kind(target)]
        if target.reduced:
            flags.append("reduced")
        if entrenched(state, b, target):
            flags.append("entrenched")
        if target.crossing and tid in b.attackers:
            flags.append("crossing")
        out.append(Choice(Action("target", tid),
                          f"Fire at {tid} — {target.side} {', '.join(flags)} "
                          f"({need(state, b, firer, tid).short})", GROUP))
    return out


def _target(state: AhdState, frame: Targets, target: str) -> None:
    """B5.1: declared before any die is rolled, and never changed afterwards."""
    b = current(state)
    b.shots.append([b.firers.pop(0), target])
    if not b.firers:
        state.log.append(f"{tag(b)}: {frame.side} targets: {declared(b)}")
    else:
        targeting.forced(state, b, frame.side)
    if not b.firers:
        stack.done(state, frame)


TARGETS = stack.Stop(role=lambda state, frame: frame.side, prompt=_targets_prompt,
                     choices=_targets_choices, handlers={"target": _target})


# --- rolling ------------------------------------------------------------------------------------


def rolls(state: AhdState, b: Battle, side: str) -> None:
    """Resolve the declared shots one by one, in the order declared (B5.1). The pieces this
    fire flips to their reduced side are noted in `b.flipped` (A8.1's morale tests)."""
    foes = own(b, other(b, side))
    for firer_id, target_id in b.shots:
        die = dice.d6(state, f"{firer_id} fires at {target_id}", "B5.1")
        if target_id not in targets_open(b, side):
            # B5.1, TC-6: the target was eliminated earlier in this fire: the shot is wasted
            b.rolled.append(f"{firer_id} at {target_id}: already eliminated — rolled {die}, "
                            f"wasted")
            state.log.append(f"{tag(b)}: {firer_id} fires at {target_id} "
                             f"(already eliminated): {die} — wasted")
            continue
        shot = need(state, b, firer_id, target_id)
        garrison.note_shot(b, firer_id, target_id)
        outcome = _outcome(state, b, target_id, foes) if shot.hits(die) else "miss"
        b.rolled.append(f"{firer_id} at {target_id}: {shot.text} — rolled {die}, {outcome}")
        state.log.append(f"{tag(b)}: {firer_id} fires at {target_id} ({shot.short}): "
                         f"{die} — {outcome}")
    b.firers = []


def _outcome(state: AhdState, b: Battle, target_id: str, foes: list[str]) -> str:
    """One hit (B5.1): full -> reduced -> eliminated; A5.0 the garrison takes two."""
    if target_id == garrison.GARRISON:
        return f"hit, garrison {coastal.hit(b)}"
    target = piece(state, target_id)
    result = hit(state, target)
    if result == "eliminated":
        foes.remove(target_id)
        count_training_loss(state, target)  # O4.3
    else:
        b.flipped.append(target_id)  # A8.1: 'i pezzi che sono stati appena colpiti'
    return f"hit, {result}"


# --- the end check (B5.0) ---------------------------------------------------------------------


def end_check(state: AhdState, b: Battle) -> None:
    """B5.0: a side with no piece left fighting has lost; both gone: no winner. A8.1: a
    routed piece 'è considerato eliminato quando si dovrà determinare il vincitore della
    battaglia'; A5.0: a standing coastal garrison still defends."""
    attacking = bool(in_line(b, b.attacker))
    defending = bool(in_line(b, b.defender)) or garrison.alive(b)
    if attacking and defending:
        return
    routed = " or routed (A8.1)" if b.routed else ""
    if not attacking and not defending:
        b.winner = NO_WINNER
        state.log.append(f"{_battle_of(b)}: both armies are destroyed{routed}; no winner")
        return
    b.winner = b.attacker if attacking else b.defender
    beaten = other(b, b.winner)
    why = (f" (the {beaten} pieces left are routed, A8.1)"
           if own(b, beaten) and not in_line(b, beaten) else "")
    state.log.append(f"{_battle_of(b)}: {b.winner} wins{why}")


def _battle_of(b: Battle) -> str:
    """'Battle of Little Rock'."""
    return f"Battle of {name(b.box)}"

