"""A battle (11, 11.1-11.11): the rounds, the casualties, the retreat, the aftermath.
Behaviour: core/wellington/battle/ (procedure.py runs the steps; the stops are in losses.py,
retreat.py and cards.py)."""
from __future__ import annotations

from core.stack import Frame, Sequence


class Battle(Sequence, tag="battle", kw_only=True):
    """One battle in `duchy` (11). `attacker`: the attacking Power (its side is the active
    side of 11.52, 11.62); `formation`: the moving Formation (a commander id or
    "<power>:<duchy>"); `came_from`: the duchy it entered from (11.4, 11.61, 11.62);
    `intercepted`: the defenders include Formations that intercepted into the duchy (11.4).

    Sides are ALLIES / FRENCH. The frame records the battle as it goes, so the view shows it
    (`focus`): each round's dice as (amount, reason with its rule), the rolls, the losses.

    Card effects for this battle are data the steps read; the events part sets them (see
    core/wellington/battle/cards.py): `extra_dice` (side, round or 0 for every round, dice,
    why), `bv_changes` (commander, BV, why), `ignored` (side whose results are ignored, face,
    how many, why), `plunder_drm` (amount, why), `max_rounds` (#11, #51), `no_plunder` and
    `no_spanish_attrition` (why; #91)."""

    duchy: str
    attacker: str
    formation: str = ""
    came_from: str = ""
    intercepted: bool = False
    active: str = ""                  # the Power whose impulse it is (G.22)
    attacking: str = ""               # the attacker's side
    defending: str = ""
    friendly_before: bool = False     # the duchy was friendly to the defenders (11.4)
    evasion_failed: bool = False      # a defender failed to evade this impulse (10.7)
    start_units: dict[str, int] = {}  # side -> SP + commanders when the battle began (11.9)
    had_army: dict[str, bool] = {}    # side -> a commander led it (11.10: an Army)
    commander: dict[str, str] = {}    # side -> its Commander this round ("" none)
    involved: list[str] = []          # every commander that fought (11.52: BFI markers)
    powers: dict[str, list[str]] = {} # side -> its Powers that fought
    # the events part's seams (cards.py)
    extra_dice: list[tuple[str, int, int, str]] = []
    bv_changes: list[tuple[str, int, str]] = []
    ignored: list[tuple[str, int, int, str]] = []
    plunder_drm: list[tuple[int, str]] = []
    max_rounds: int = 2               # 11.52: never more than two unless an event says so
    no_plunder: str = ""
    no_spanish_attrition: str = ""
    # the cards' seams of the procedure (battle/cards.py; docs/wellington-battle.md "Seams")
    in_play: list[tuple[int, str]] = []   # (card, Power it benefits) played in this battle
    cancelled: list[int] = []         # cards whose effects on this battle have stopped
    outflanked: list[int] = []        # cards turned by #55 (no roll: its beneficiary won it)
    halved: str = ""                  # every dice count halved, rounded up (why: #81)
    reductions: list[tuple[str, int, int, int, int, str]] = []
    #   (side the results are against, round or 0 for every round, face, to face (0: no
    #   effect), how many (0: half rounded up), why): results changed before they apply (#97,
    #   #30)
    separate: list[tuple[str, int, int, str]] = []   # (side, round, dice, why): rolled
    #   apart, their 5s and 6s hit, any 1 one hit on the own side (#14)
    self_hits: dict[str, int] = {}    # side -> hits it inflicts on itself this round (#14)
    no_rout: list[tuple[str, str]] = []              # (side, why): its Rout is a retreat
    pinned: list[tuple[str, str]] = []               # (side, why): its Overrun lets it go
    #                                                  no further (#81, #74, #87)
    no_free_flag: list[tuple[str, str]] = []         # (side, why): no Flag Overrun (#74, #87)
    headless: dict[str, str] = {}     # side -> Power of its Commander removed by a card: a
    #                                   0-4 commander of that Power, nobody else commands (#32,
    #                                   #52)
    rout_losses_cancelled: str = ""   # #49: the Rout eliminates nobody (why)
    reopened: bool = False            # a card changed the losses after the decision (#48)
    records: list[tuple[str, str, str]] = []   # (why, Power, "sp" or a commander): every
    #                                   unit eliminated in the battle, in order (#48, #49, #79)
    plunder_if: list[tuple[str, int, str]] = []  # (winning side, amount, why): a Plunder
    #                                   modifier only when that side wins (#96, #74)
    one_round: list[tuple[str, str]] = []      # (side, why): the enemy of `side` retreats
    #                                   after one round unless `side` is routed or gone (#74)
    # the rounds
    round: int = 0
    dice: dict[str, list[tuple[int, str]]] = {}   # side -> this round's dice, each named
    rolls: dict[str, list[int]] = {}              # side -> this round's faces
    sixes: dict[str, int] = {}        # side -> 6s it scored this round (after cards)
    fives: dict[str, int] = {}        # side -> 5s it scored this round (after cards)
    suffered_e: dict[str, int] = {}   # side -> eliminations suffered, all rounds (11.52)
    suffered_d: dict[str, int] = {}   # side -> disorganisations suffered, all rounds
    marked: dict[str, int] = {}       # side -> disorganised units still in the battle
    eliminated: dict[str, int] = {}   # side -> SP and commanders eliminated (11.10, G.31)
    history: list[str] = []           # one line per round: dice, faces, results
    # the outcome
    winner: str = ""                  # side ("" none: a tie after the last round, G.30)
    loser: str = ""                   # side that retreats (the active side on a tie)
    tie: bool = False
    both_eliminated: bool = False
    routed: bool = False              # 11.7
    overrun: bool = False             # 11.8: the loser wholly eliminated or regrouped
    flag_overrun: bool = False        # 11.9
    retreats: list[str] = []          # where each Power of the loser went
    retreated: int = 0                # loser's units that reached a duchy alive (11.8)
    plunder: str = ""                 # what the Plunder roll gave (11.10)
    # the cards' seams added for #11, #36, #51, #61 (docs/wellington-battle.md "Seams")
    go_on: list[tuple[int, str]] = []  # (round, why): the battle goes on after that round
    #                                    whatever its result, unless a side is gone (#11, #36)
    rout_margins: list[tuple[str, int, str]] = []   # (Power that played it, +1 or -1, why):
    #                                    the losses' difference a Rout needs (#61, 11.7)
    rout_attrition: list[tuple[str, str]] = []      # (Power, why): that Power's enemy, when
    #                                    routed, suffers attrition on its survivors (#61)
    fight_on: str = ""                # the Power whose card cancelled the retreat: a new
    #                                   battle follows this one (#51)
    carried: dict[str, int] = {}      # side -> SP and commanders it lost in the battles just
    #                                   fought here, counted for this battle's Plunder (#51)


class BattleCardPlay(Sequence, tag="battle-card-play", kw_only=True):
    """11.1, 5.2: battle card `card` declared by `power`, announced before it resolves (a
    Response may cancel it, #42, or turn it, #55: `beneficiary` is then the Power it
    benefits); carried out unless `cancelled`, then sent on (4.21)."""

    power: str
    card: int
    beneficiary: str = ""
    cancelled: bool = False


class BattleCard(Frame, tag="battle-card", kw_only=True):
    """11.1: `power` (a Power with a Formation in the battle) declares its battle events for
    this round, the active side first; it may declare several, then says it is done."""

    power: str


class BattleSplit(Frame, tag="battle-split", kw_only=True):
    """11.51: the Power owning the Commander of a two-Power side decides which Power takes
    the odd elimination of `count` to share on `side`."""

    power: str
    side: str
    count: int
    why: str = ""


class BattleCasualty(Frame, tag="battle-casualty", kw_only=True):
    """11.5, 1.5: `power` chooses which counters lose the `left` SP still to lose at `where`
    (change made as needed); `to`: "" eliminated, or the Regroup Box (11.11)."""

    power: str
    where: str
    left: int
    why: str = ""
    to: str = ""


class BattleRetreat(Frame, tag="battle-retreat", kw_only=True):
    """11.61: `power`, on the losing defending side, chooses the adjacent duchy its
    Formations in the battle duchy retreat to; they need not all go to the same one: pieces
    sent elsewhere first wait in `plan` (duchy -> [inf, cav, art]) and `chiefs` (duchy ->
    commanders) until the rest go, then every group retreats with its own attrition."""

    power: str
    plan: dict[str, list[int]] = {}
    chiefs: dict[str, list[str]] = {}


FRAMES: tuple[type, ...] = (Battle, BattleCard, BattleSplit, BattleCasualty, BattleRetreat,
                            BattleCardPlay)
