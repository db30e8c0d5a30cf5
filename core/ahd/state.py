"""A House Divided: the game state (everything the game needs, serialised with msgspec).

Rule numbers are those of the seed's basic rules (B...), see ../shared/rules/a-house-divided.md.
"""
from __future__ import annotations

import msgspec

from core.ahd.options import AhdOptions
from core.engine import State

UNION = "Union"
CSA = "Confederate"
SIDES = (UNION, CSA)

# Off-map places a counter can be in (B2.0, B7.0, AMB-3).
POOL = "pool"      # recruitable militia (B7.0)
ASIDE = "aside"    # Union militia waiting for enlistment (B8.0)
SUPPLY = "supply"  # counters not in play: veterans/cracks free for promotion (B6.0)
EUROPE = "europe"  # A8.4: the off-map Europe box, where foreign units wait to sail (GAP-11)
OFF_MAP = (POOL, ASIDE, SUPPLY, EUROPE)

INFANTRY = "inf"
CAVALRY = "cav"
MILITIA = "militia"
VETERAN = "veteran"
CRACK = "crack"
GRADES = (MILITIA, VETERAN, CRACK)

# T1 unit values (B5.1, B5.2.1, B5.2.2; MF, MC and CS inferred: reference §2.4).
COMBAT_VALUE = {
    (INFANTRY, MILITIA): 2, (INFANTRY, VETERAN): 3, (INFANTRY, CRACK): 3,
    (CAVALRY, MILITIA): 1, (CAVALRY, VETERAN): 2, (CAVALRY, CRACK): 3,
}
CODE = {
    (INFANTRY, MILITIA): "MF", (INFANTRY, VETERAN): "FV", (INFANTRY, CRACK): "FS",
    (CAVALRY, MILITIA): "MC", (CAVALRY, VETERAN): "CV", (CAVALRY, CRACK): "CS",
}
NAME = {
    (INFANTRY, MILITIA): "militia infantry", (INFANTRY, VETERAN): "veteran infantry",
    (INFANTRY, CRACK): "crack infantry", (CAVALRY, MILITIA): "militia cavalry",
    (CAVALRY, VETERAN): "veteran cavalry", (CAVALRY, CRACK): "crack cavalry",
}


class Piece(msgspec.Struct, kw_only=True, array_like=True):
    """One counter. Its id never changes; promotion swaps counters (B6.0)."""

    id: str            # e.g. "U-MF-03", "C-FV-11"
    side: str          # UNION | CSA
    arm: str           # INFANTRY | CAVALRY
    grade: str         # MILITIA | VETERAN | CRACK
    loc: str           # a box id, or POOL / ASIDE / SUPPLY
    reduced: bool = False      # flipped to its red face by a hit (B5.1)
    entrenched: bool = False   # Entrenchment marker (B4.2.5); permanent ones are derived
    # -- bookkeeping for the current player turn (reset when a player turn starts) --
    marches: int = 0           # marches it took part in (at most 2, B4.0)
    digging: bool = False      # spent the first of two marches entrenching (B4.2.5)
    jumped: bool = False       # used its one jump (B4.2.1, B4.2.2, AMB-10)
    halted: bool = False       # entered a box holding enemy pieces: stops for the turn (AMB-11)
    sailed: bool = False       # naval move or invasion: no other move this turn (B4.2.3)
    came_from: str = ""        # box it entered its current box from ("" = by sea or not moved)
    crossing: bool = False     # entered across a blue river bank or by invasion (B5.2.3)
    fought: bool = False       # took part in a battle this player turn (B5.2.4)
    retreated: bool = False    # retreated or escaped from a battle this turn (B5.2.4)
    foreign: bool = False      # A8.4 foreign unit: outside the MAS, never promoted

    @property
    def code(self) -> str:
        return CODE[(self.arm, self.grade)]

    @property
    def value(self) -> int:
        return COMBAT_VALUE[(self.arm, self.grade)]

    @property
    def on_map(self) -> bool:
        return self.loc not in OFF_MAP


class Battle(msgspec.Struct, kw_only=True):
    """A battle in progress (B5.0). Driven by core/ahd/battle.py."""

    box: str
    attacker: str
    defender: str
    round: int = 0                 # 0 = before round 1 (cavalry escape, B5.2.6)
    step: str = ""                 # see battle.py
    attackers: list[str] = []      # ids of attacking pieces still in the battle box
    defenders: list[str] = []      # ids of defending pieces still in the battle box
    participants: list[str] = []   # every piece that took part, reinforcements included (B6.0)
    attacker_origins: list[str] = []  # boxes attacking pieces entered from (B5.2.5, AMB-17)
    defender_origins: list[str] = []  # boxes defending reinforcements entered from
    used_boxes: list[str] = []     # boxes that already sent a reinforcement this round
    firers: list[str] = []         # pieces still to declare a target this fire (B5.1)
    shots: list[list[str]] = []    # declared [firer id, target id], resolved in this order
    winner: str = ""               # "" while running; a side; or "none" (no winner)
    # A7.0 battle days: each side's command value for the current day, its die (the Command
    # Table result follows from the die and the year) and what was carried from the day before
    command: dict[str, int] = {}
    command_die: dict[str, int] = {}
    command_carried: dict[str, int] = {}
    engaged: list[str] = []        # pieces picked to fire this round, within the command value
    # A5.0 coastal garrison of an invaded port (0 = none), hits taken (2 destroy it), and
    # whether Confederate pieces fought beside it (promotion)
    garrison: int = 0
    garrison_hits: int = 0
    regular_combat: bool = False
    # A4.0: a battle inside a contained port (the attacker leaves its entrenchment, nobody
    # crosses), and whether it is the Union breakout of the movement segment
    containment: bool = False
    breakout: bool = False
    invasion: bool = False         # the attack came by naval invasion (B4.2.4; O3.1)
    # A8.1 battlefield morale: pieces routed in this battle (they stay in the box, reduced,
    # neither fire nor are targets, and count as eliminated for the winner)
    routed: list[str] = []
    # A8.2 leaders: every leader that took part (present at the start or come as a
    # reinforcement); the bonus points allotted this round, leader -> one piece id per point;
    # leaders still to allot this round (attacker's first); the round already allotted; and
    # each side's leaders' part of its A7.0 command value
    leaders: list[str] = []
    leader_bonus: dict[str, list[str]] = {}
    allotting: list[str] = []
    bonus_round: int = 0
    command_leaders: dict[str, int] = {}


# Where a leader (A8.2) is when it is not on a map box.
NOT_ARRIVED = "not arrived"  # before the date on its counter
ARRIVING = "arriving"        # its date has come: placed in the owner's recruiting segment
RETURNING = "returning"      # left alone with enemy pieces: back in the owner's next recruiting
                             # segment (A8.2.2)
LEADER_OFF_MAP = (NOT_ARRIVED, ARRIVING, RETURNING)


class Leader(msgspec.Struct, kw_only=True, array_like=True):
    """A leader counter (A8.2): not a piece (AMB-46). Its schedule is in leaders.toml."""

    id: str            # "lee", "grant", "sherman"
    side: str
    value: int         # its command value now (the white number; changes on its condition)
    loc: str = NOT_ARRIVED     # a box id, or NOT_ARRIVED / ARRIVING / RETURNING
    # -- bookkeeping for the current player turn (A8.2.1) --
    marches: int = 0           # free marches made alone (at most 2)
    sailed: bool = False       # moved alone by sea: no other move alone this turn
    followable: list[str] = []  # pieces that left its box this turn since it got there

    @property
    def on_map(self) -> bool:
        return self.loc not in LEADER_OFF_MAP


class AhdState(State, kw_only=True):
    """The whole game. Ownership and pieces are the board; the rest is where the turn is."""

    options: AhdOptions = AhdOptions()  # typed once (core/ahd/options.py)
    turn: int = 1                  # game turn, 1 = July 1861 (B10.0, T12)
    start_turn: int = 1            # first turn of this game (scenarios start later)
    last_turn: int = 40            # 40, or 10 in the short game (B13.0)
    player: str = UNION            # whose player turn it is (B3.0)
    phase: str = "movement"        # see flow.py
    pieces: list[Piece] = []
    owner: dict[str, str] = {}     # box -> owning side, for every owned box (B9.0)
    cavalry_held: list[str] = []   # boxes held by cavalry alone (B9.0)
    mas_offset: dict[str, int] = {}  # permanent MAS adjustments (A6.0, AMB-29)
    # movement segment (B4.0)
    move_die: int = 0              # natural movement die, 0 when none was rolled
    marches_left: int = 0
    invasion: bool = False         # a naval invasion is still allowed this turn (B4.2.4)
    march_from: str = ""           # origin box of the march being made
    march_paid: bool = False       # the current march has been charged
    march_pieces: list[str] = []   # pieces that took part in the current march
    selected: str = ""             # piece chosen, waiting for its destination
    destination: str = ""          # its destination, waiting for the entry box (phase "route")
    invasion_target: str = ""      # port chosen for this turn's invasion
    # battle segment (B5.0)
    battle: Battle | None = None
    # advanced rules (A2.0, A4.0, A5.0)
    supply_boxes: list[str] = []   # A2.2: unsupported stacks still to lose a piece
    contained: list[str] = []      # A4.0: ports where the CSA contains a Union force
    containment_fights: list[str] = []  # contained ports the CSA attacks this battle segment
    containment_queue: list[str] = []   # eligible ports awaiting the CSA's decision
    invaded_ports: list[str] = []  # A4.0: ports the Union captured by naval invasion
    garrison_engaged: bool = False  # A5.0: this turn's invasion port garrison has fought
    # promotion and recruiting segments (B6.0, B7.0)
    recruit_die: int = 0
    recruits_left: int = 0
    recruited_in: list[str] = []
    promotions_left: int = 0       # promotions still allowed in this promotion segment (B6.0)
    promoted: list[str] = []       # counters promoted in this promotion segment (O4.3: 2 pieces)
    # O4.3 southern training (AMB-33)
    csa_infantry_lost: int = 0     # CSA FV/FS eliminated by enemy fire in this game turn
    training_die: int = 0          # the CSA promotion-segment die, 0 when none was rolled
    # A8.3 border-state support: states whose militia has joined the CSA pool (once per game),
    # and the rolls made for each state so far
    border_used: list[str] = []
    border_rolls: dict[str, int] = {}
    # A8.4 foreign intervention: the game turn it was granted (0 = not granted; permanent)
    intervention_turn: int = 0
    # A8.2 leaders (empty unless the leader rule is in force)
    leaders: list[Leader] = []
    leader_selected: str = ""      # the leader moving alone or being placed
