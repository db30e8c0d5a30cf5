"""A House Divided: the options a game is set up with, typed once (core/options.py).

Each field is one rule the New Game screen offers, with its rule number, balance label and
help text; rules code reads them as attributes (`state.options.supply`). The optional rules
are O2-O4 ("Regole Opzionali"), the advanced rules A2.0-A7.0, the advanced optional rules A8.
Every rule is independent of the others (O1.0, A1.0).
"""
from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.engine import Preset
from core.options import option, specs


class AhdOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Every option of A House Divided; the defaults are the basic game (B1.0-B13.0)."""

    inexperienced_union: Annotated[bool, option(
        'Inexperienced Union player (B12.0)',
        'pro-Union',
            'Confederate victory conditions are checked only at the end of the Union player turn, '
            'so the Union always gets a turn to undo a Confederate success.')] = False
    short_game: Annotated[bool, option(
        'Short game (B13.0)',
        'neutral',
            '10 turns, July 1861 to June 1862. If nobody has won by then, the Union wins with a '
            'MAS at least 5 above the Confederate one, otherwise the Confederacy wins.')] = False
    short_game_margin: Annotated[Literal['5-more', '5-times'], option(
        'Short game: how much larger the Union MAS must be (B13.0)',
        'neutral',
            "The seed says the Union MAS must be 'almeno cinque volte più grande' (five times "
            'larger), which the starting 34 against 29 makes unreachable; read as a translation '
            "slip for '5 larger' (AMB-22) by default. '5-times' plays the seed's literal words.")] = '5-more'
    scenario_end: Annotated[Literal['none', '1862-03', '1863-03', '1864-03', '1865-03'], option(
        'Scenario end: judge at the end of a March on the scenario victory table (O5.0, T9)',
        'neutral',
            'By prior agreement the game ends at the end of the chosen March game turn (after the '
            "Confederate player turn): D = Union MAS - Confederate MAS gives, on that year's row, "
            'Union victory, advantage or edge, the historical result (a draw), or Confederate '
            'edge, advantage or victory. The campaign may end in March 1862, 1863 or 1864, the '
            "1862 scenario in March 1863 or 1864, the 1863 scenario in March 1864. The seed's "
            "table stops at 1864, so '1865-03' (for the 1864 scenario only) uses the reference's "
            'extrapolated row (AMB-24, AMB-60), which is not in the seed. The usual sudden-death '
            "victory conditions apply until then; 'none' plays on to June 1865.")] = 'none'
    crack_fast_march: Annotated[bool, option(
        'Crack infantry fast marching (O2.1)',
        'neutral',
            'Neutral rule (O2). For movement crack infantry is treated as cavalry: it moves 2 '
            'boxes along roads and railways, friendly or not, and may combine road and rail in '
            'one march; it never makes a cavalry jump. By river it moves 2 boxes as any infantry '
            '(a Union one may still jump downstream).')] = False
    battlefield_targeting: Annotated[bool, option(
        'Battlefield targeting (O2.2)',
        'neutral',
            'Neutral rule (O2). Replaces the rule that every enemy piece must be a target. '
            'Cavalry declares first and must fire at enemy cavalry: each takes a different enemy '
            'cavalry piece until all are targets, then fires freely. Infantry may not fire at an '
            'enemy cavalry piece already chosen as a target this round, and may leave enemy '
            'cavalry alone to concentrate on enemy infantry, covering every enemy infantry piece '
            "before doubling up. A piece left with no allowed target holds its fire. (The seed's "
            'text is garbled; reading AMB-31.)')] = False
    naval_retreat: Annotated[bool, option(
        'Union naval retreat (O3.1)',
        'pro-Union',
            'Pro-Union rule (O3). When a battle in a Southern port (a port printed grey or in a '
            'Confederate state, Fort Monroe and Pensacola included) comes from a naval invasion '
            'or a Confederate attack on a Union garrison, the Union pieces may retreat by sea to '
            'Washington (a normal retreat from round 2: all pieces go and the Confederacy wins '
            "the battle), while Washington is the Union's and free of enemy pieces.")] = False
    union_rail_bonus: Annotated[bool, option(
        'Union railway bonus (O3.2)',
        'pro-Union',
            'Pro-Union rule (O3). Union pieces moving entirely along friendly railway (every '
            'segment between two Union-owned boxes) may move 3 boxes in one march; every piece '
            'type, a cavalry jump inside such a move following the cavalry jump rules.')] = False
    historical_recruiting: Annotated[bool, option(
        'Historical recruiting limits (O3.3)',
        'pro-Union',
            'Pro-Union rule (O3). The Union recruits 3 militia on a recruiting die of 1 or 2; the '
            'Confederacy never more than 4, even on a 5 or 6. Both may place up to two new '
            'militia in each of their recruiting cities of value 3 or more.')] = False
    increased_union_forces: Annotated[bool, option(
        'Increased Union forces (O3.4)',
        'pro-Union',
            'Pro-Union rule (O3). The Union may have, and recruit up to, its Maximum Army Size + '
            '4 pieces from January 1862, + 8 from January 1863 and + 12 from January 1864 (e.g. '
            'May 1864, MAS 35: 47 pieces). The MAS itself, which the victory conditions compare, '
            'does not change.')] = False
    increased_union_forces_from: Annotated[Literal['january', 'april'], option(
        'Increased Union forces: when each +4 comes (O3.4)',
        'pro-Union',
            "The seed says 'after the first, second and third turn', which cannot mean game "
            "turns; read as calendar years (AMB-32): 'january' gives +4 from January 1862, +8 "
            "from January 1863, +12 from January 1864. 'april' ties each step to the April "
            'enlistments of 1862, 1863 and 1864 instead. Used only with O3.4.')] = 'january'
    first_turn_restrictions: Annotated[bool, option(
        'First-turn restrictions (O4.1)',
        'pro-Confederate',
            'Pro-Confederate rule (O4). On game turn 1 (July 1861) no piece may enter Kentucky '
            '(any white box), by march, retreat or escape; on rivers a piece moves only 1 box per '
            'march instead of 2; the Union may make no naval movement.')] = False
    fort_monroe: Annotated[bool, option(
        'Fort Monroe (O4.2)',
        'pro-Confederate',
            'Pro-Confederate rule (O4). While the Confederacy controls Fort Monroe the Union may '
            'invade neither Yorktown nor Norfolk. It may, of course, invade Fort Monroe itself.')] = False
    southern_training: Annotated[bool, option(
        'Training of Southern reinforcements (O4.3)',
        'pro-Confederate',
            'Pro-Confederate rule (O4). In each of his promotion segments the Confederate player '
            'rolls 1d6, minus 1 for each Confederate veteran or crack infantry eliminated by '
            'enemy fire in the current game turn; on 1 or less he may promote two pieces instead '
            'of one.')] = False
    draft_riots: Annotated[bool, option(
        'The 1863 draft riots (O4.4)',
        'pro-Confederate',
            'Pro-Confederate rule (O4). The four Union militia infantry of the April 1863 '
            'enlistment do not join the pool together: one joins in each of April, May, June and '
            'July 1863 (17, 18, 19, 20 Union militia available).')] = False
    supply: Annotated[bool, option(
        'Support (A2.0)',
        'advanced',
            'At the start of his player turn, before anything else, a player checks his stacks: a '
            'piece alone in its box always has support; two or more pieces must trace a support '
            'line of any length through friendly boxes free of enemy pieces, along rivers or '
            'friendly railways (never roads), to another friendly recruiting city, or, outside a '
            'recruiting city, to a friendly recruiting city that itself reaches another. Union '
            'pieces in, or with a line to, a Union port are always supported. A stack without '
            "support loses one piece of its owner's choice (A2.1, A2.2).")] = False
    command_marches: Annotated[bool, option(
        'Movement and command (A3.0)',
        'advanced',
            'The number of marches is read on the Command Table (T2) in the column of the current '
            "year instead of the plain die. The first campaign turn (2 marches) and a scenario's "
            'first turn (1 march) are unchanged; a Union natural 6 still allows a naval invasion.')] = False
    containment: Annotated[bool, option(
        'Containment (A4.0)',
        'advanced',
            'Instead of fighting for a port the Union took by naval invasion (or Fort Monroe or '
            'Pensacola), the Confederates who move in may contain the Union force there: no '
            'battle, the port stays Union, nobody recruits there, and the containing pieces may '
            'entrench. Contained Union pieces cannot leave until they win a breakout battle, '
            'fought at the start of a Union movement segment for 1 march. Whoever attacks inside '
            'a containment leaves its entrenchment.')] = False
    coastal_defences: Annotated[bool, option(
        'Coastal defences (A5.0)',
        'advanced',
            'Every Confederate port with a recruiting shield has a coastal garrison that fights '
            "naval invasions only: combat value = the city's red shield, two hits to destroy, "
            'always entrenched, fires first each round; the invaders must shoot at it before any '
            'other piece. Beating only the garrison earns no promotion.')] = False
    washington_capture: Annotated[bool, option(
        'Capture of Washington (A6.0)',
        'advanced',
            'A Confederate capture of Washington no longer wins the war: roll 1d6 and take that '
            'many points (a 1 counts as 2) from the Union Maximum Army Size, on each capture. A '
            "Union recapture gives back only Washington's recruiting value, 1.")] = False
    battle_days: Annotated[bool, option(
        'Battles and the Command Table (A7.0)',
        'advanced',
            'Battles are fought in days of four rounds. At the start of each day each side rolls '
            'on the Command Table (T2) for the current year: the result, plus half the previous '
            "day's command value rounded up, is how many of its pieces may fire in each round of "
            'the day (at most 8); the owner picks them each round.')] = False
    border_states: Annotated[bool, option(
        'More support from the border states (A8.3)',
        'advanced-optional',
            'At the start of each Confederate player turn, for each border state whose recruiting '
            'cities the Confederacy all controls (Missouri: St. Joseph, Springfield, St. Louis; '
            'Kentucky: Bowling Green, Louisville; Maryland: Baltimore), roll 1d6: +1 if the '
            'Confederate MAS is less than 5 below the Union one, +1 in 1861, +2 if the '
            'Confederates hold Washington, -1 per year after 1862, -1 if the Union MAS exceeds '
            'the Confederate one by 10 or more, -1 if the Union holds Richmond. A result greater '
            "than the state's support number (Missouri 3, Kentucky 1, Maryland 6) adds one "
            'militia infantry to the Confederate pool for the rest of the game; once per state.')] = False
    foreign_intervention: Annotated[bool, option(
        'Foreign intervention (A8.4)',
        'advanced-optional',
            'Checked at the start of each Confederate player turn until granted: the Confederate '
            'MAS within 3 of the Union one; the Confederacy holding Washington and a Union '
            'recruiting city of value 2+; and no Confederate recruiting city of value 2+ held by '
            'the Union, or for each of them a Union one of value 2+ held by the Confederacy. '
            'Then, for good, the Confederates may move by sea (no river jumps, no Potomac, no '
            'invasions) and get 4 foreign units (veteran infantry) in Europe, which sail to a '
            'Confederate port, 1 march each. They do not count against the Confederate MAS and '
            'are never promoted; a lost one is replaced in Europe when the Confederate recruiting '
            'die shows 5 or 6.')] = False
    morale: Annotated[bool, option(
        'Battlefield morale and rallying (A8.1, A8.1.1)',
        'advanced-optional',
            'After the enemy fires in a battle round, each piece that fire has just flipped to '
            'its reduced side rolls 1d6 against its morale (crack 5, veteran 4, militia 3, '
            'militia 2 in 1861), -1 if in a fort or entrenched: above it, the piece routs. A '
            'routed piece stays in the battle box but neither fires nor can be targeted, and '
            'counts as eliminated for the winner: a side left with only routed pieces has lost, '
            'and they then retreat as in a normal retreat, or are destroyed if they cannot (the '
            "winner's routed pieces stay). At the end of each day of battle (rounds 4, 8, ...) "
            'each side may rally one routed piece.')] = False
    desertion: Annotated[bool, option(
        'Desertion and straggling (A8.1.2)',
        'advanced-optional',
            'After each battle every reduced piece of both sides that took part rolls 1d6 against '
            'its morale (crack 5, veteran 4, militia 3, militia 2 in 1861): +1 if its army has '
            'just lost the battle, -1 if it is not routed, minus the value of every friendly '
            'leader present. Above its morale the piece deserts and is eliminated (militia back '
            'to the pool).')] = False
    leaders: Annotated[bool, option(
        'Leaders: Lee, Grant and Sherman (A8.2)',
        'advanced-optional',
            "Lee (Confederate: 3 from June 1862, 2 from May 1863 after Jackson's death), Grant "
            '(Union: 1 from October 1862, 2 from March 1864) and Sherman (Union: 1 from '
            "November-December 1862, 2 from March 1864) arrive in their owner's recruiting segment in any "
            'box with a friendly piece (the year scenarios place them as listed). A leader moves '
            'free with the pieces of its box, or alone up to two marches a turn like cavalry '
            "without jumps; it may reinforce a battle. In battle its value adds to the day's "
            'command value (with A7.0, at most 8) and gives +1 per point to firing pieces each '
            'round (whole to one piece, or split between two, Lee among three), and it is '
            "subtracted from its pieces' desertion dice. A leader left alone with enemy pieces is "
            "removed and returns in its owner's next recruiting segment. The counters' dates are "
            'reconstructed (GAP-7).')] = False



OPTIONS = specs(AhdOptions)

# The optional rules of the seed's "Regole Opzionali" (O2.0-O4.0): the presets' optional rules.
OPTIONAL_RULES = ("crack_fast_march", "battlefield_targeting", "naval_retreat",
                  "union_rail_bonus", "historical_recruiting", "increased_union_forces",
                  "first_turn_restrictions", "fort_monroe", "southern_training", "draft_riots")


def rules_in_force(options: AhdOptions) -> list[str]:
    """The rule numbers of the rules switched on ("B13.0", "O2.2", "A8.1"...), in the order of
    the options: the first number in each option's label."""
    return [spec.label.rsplit("(", 1)[1].split(",")[0].rstrip(")") for spec in OPTIONS
            if spec.default is False and getattr(options, spec.key) is True]


def presets() -> list[Preset]:
    """Basic, Advanced (A2.0-A7.0) and Advanced with every optional rule (A8 and O2-O4)."""
    offered = [spec for spec in OPTIONS if isinstance(spec.default, bool)]
    advanced = {s.key: True for s in offered if s.balance == "advanced"}
    optional = {s.key: True for s in offered
                if s.balance == "advanced-optional" or s.key in OPTIONAL_RULES}
    return [
        Preset("basic", "Basic", {}, "The basic game, rules B1.0-B13.0."),
        Preset("advanced", "Advanced", advanced,
               "The advanced rules: " + ", ".join(sorted(advanced)) + "."),
        Preset("advanced-all", "Advanced with every optional rule", {**advanced, **optional},
               "The advanced rules with every advanced optional rule (A8) and every optional "
               "rule (O2-O4)."),
    ]
