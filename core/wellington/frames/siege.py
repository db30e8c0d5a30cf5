"""A siege (12.2-12.5): its rounds against a fortress, the capture and its aftermath.
Behaviour: core/wellington/siege.py."""
from __future__ import annotations

from core.stack import Frame, Sequence
from core.wellington.frames.battle import BattleCardPlay


class Siege(Sequence, tag="siege", kw_only=True):
    """One siege of the fortress in `duchy` by the Army of `commander` (`power`, 12.21) against
    the fortress's `owner` (3.1, 12.1), `strength` its base strength (12.3: 3, Gibraltar 5, a
    Hasty Fort 2). The frame records the siege as it goes, so the view shows it.

    Card effects are data the steps read (the events part sets them with the functions of
    siege.py): `extra_dice` (side, round or 0 for every round, dice, why), `bv_changes`,
    `auto_sixes` (side, round, count, why: #71), `fives_per_hit` (#21: every N 5s of the
    besieger count as one more 6), `halved` (#27, #81), `continue_after` (rounds after which
    the siege goes on whatever their result: #8, #71), `tie_continues` (#70: a tied round goes
    on, once even past the maximum), `no_spanish_attrition` (#91), `separate` (round, dice,
    why: besieger dice rolled apart, a 1 among them one self-inflicted loss, #15),
    `ignored_d` (round, count, why: Disorganisations of the besieger ignored, #91),
    `called_off` (why: the besieger does not attack, #27), `overrun_held` (why: a Siege
    Overrun gives no further move, #81), `early_losses` (round, units, why: besiegers lost
    to a card before the round's dice, counted among its losses, #95)."""

    duchy: str
    power: str
    commander: str
    owner: str
    strength: int
    hasty: bool = False
    # the events part's seams
    extra_dice: list[tuple[str, int, int, str]] = []
    bv_changes: list[tuple[str, int, str]] = []
    auto_sixes: list[tuple[str, int, int, str]] = []
    fives_per_hit: int = 0
    halved: list[tuple[str, str]] = []
    continue_after: list[int] = []
    tie_continues: bool = False
    no_spanish_attrition: str = ""
    separate: list[tuple[int, int, str]] = []
    ignored_d: list[tuple[int, int, str]] = []
    called_off: str = ""
    overrun_held: str = ""
    early_losses: list[tuple[int, int, str]] = []   # (round, units, why): lost before its dice
    # the rounds
    round: int = 0
    hits: int = 0                      # the besieger's 6s against the fortress, all rounds
    round_hits: int = 0                # this round's
    round_losses: int = 0              # this round's 5s and 6s suffered by the besieger
    disorganised: int = 0              # besieging units disorganised, still in the siege
    pre_e: int = 0                     # coastal battery eliminations, first-round losses (14.3)
    pre_d: int = 0                     # coastal battery disorganisations (14.3)
    dice: list[tuple[int, str]] = []   # this round's besieger dice, each named
    rolls: dict[str, list[int]] = {}   # "besieger" / "fortress" -> this round's faces
    history: list[str] = []            # one line per round
    # the outcome
    over: bool = False
    captured: bool = False
    overrun: bool = False              # 12.41
    devastation: str = ""


class SiegeCard(Frame, tag="siege-card", kw_only=True):
    """12.23: `power` (the besieger, then the fortress's owner) declares the siege-capable
    battle events it plays this round; it may declare several, then says it is done."""

    power: str


class SiegeCardPlay(BattleCardPlay, tag="siege-card-play", kw_only=True):
    """12.23, 5.2: siege card `card` played by `power`, announced before it resolves: a
    BattleCardPlay, so the Responses that answer a battle card just played see it (#24 Hand
    of God through cardplay.cancellable, #42 Fog of War: `cancelled`); siege.py carries it
    out unless cancelled (`beneficiary` is unused: #55 answers battles only)."""


FRAMES: tuple[type, ...] = (Siege, SiegeCard, SiegeCardPlay)


class AttritionSplit(Frame, tag="attrition-split", kw_only=True):
    """13.1 (differences chapter): `power`, the Power of the Commander of a two-Power Army
    Group in `duchy`, shares the `left` attrition losses still to place between the Powers
    of the group (`room`: what each has affected there), not necessarily evenly; `taken`
    so far. Lives here beside the siege's frames; behaviour: core/wellington/attrition.py."""

    power: str
    duchy: str
    room: dict[str, int]
    left: int
    taken: dict[str, int] = {}
    to: str = ""
    rule: str = "13.1"


class AttritionWindow(Sequence, tag="attrition-window", kw_only=True):
    """After the end-of-turn attrition (4.3), once every loss is taken: opens an
    `AttritionAnswer` for the Powers holding a card that may answer it. Behaviour:
    core/wellington/attrition.py."""


class AttritionAnswer(Frame, tag="attrition-answer", kw_only=True):
    """The end-of-turn attrition answered (#68 "even after the attrition is resolved", #103):
    `asked` the Powers still to answer, in impulse order (5.2); only those cards, since no
    impulse is under way for other Responses. Behaviour: core/wellington/attrition.py."""

    asked: list[str]


class AttritionCasualty(Frame, tag="attrition-casualty", kw_only=True):
    """13.1 "La Potenza influenzata sceglie quale SP eliminare": `chooser` (the Power
    affected, or the Commander's Power of a two-Power Army Group) picks the counters of
    `power` that lose the `left` SP still to lose in `duchy`, one counter at a time, change
    made (1.5); `to` REGROUP for Spain's loot attrition (11.11). Asked only when there is a
    real choice. Behaviour: core/wellington/attrition.py."""

    chooser: str
    power: str
    duchy: str
    left: int
    to: str = ""
    rule: str = "13.1"


class SiegeCasualty(Frame, tag="siege-casualty", kw_only=True):
    """12.3 ("come al solito", 11.5, 1.5): the besieging `power` picks the counters that lose
    the `left` SP the fortress's 6s eliminated in `duchy`, one counter at a time, change made.
    Asked only when there is a real choice; `first`: the disorganised besiegers the SP lost
    take off first (reading R2: those of earlier rounds, not this round's 5s). Behaviour:
    core/wellington/siege.py."""

    power: str
    duchy: str
    left: int
    first: int = 0


FRAMES = (*FRAMES, AttritionSplit, AttritionWindow, AttritionAnswer, AttritionCasualty,
          SiegeCasualty)
