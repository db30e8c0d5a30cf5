"""A House Divided (American Civil War 1861-65): the Rules object the registry hands out."""
from __future__ import annotations

from maps.a_house_divided import load as load_board
from maps.board import Board

from core.ahd import flow, leaders, scenarios, setup, view
from core.ahd.state import CSA, UNION, AhdState
from core.engine import (Action, Choice, IllegalAction, OptionSpec, Preset, State, View,
                         check_legal, clone)

OPTIONS = [
    OptionSpec("inexperienced_union", "Inexperienced Union player (B12.0)", False,
               "Confederate victory conditions are checked only at the end of the Union player "
               "turn, so the Union always gets a turn to undo a Confederate success.",
               balance="pro-Union"),
    OptionSpec("short_game", "Short game (B13.0)", False,
               "10 turns, July 1861 to June 1862. If nobody has won by then, the Union wins with "
               "a MAS at least 5 above the Confederate one, otherwise the Confederacy wins.",
               balance="neutral"),
    OptionSpec("short_game_margin", "Short game: how much larger the Union MAS must be (B13.0)",
               "5-more",
               "The seed says the Union MAS must be 'almeno cinque volte più grande' (five "
               "times larger), which the starting 34 against 29 makes unreachable; read as a "
               "translation slip for '5 larger' (AMB-22) by default. '5-times' plays the "
               "seed's literal words.",
               choices=("5-more", "5-times"), balance="neutral"),
    OptionSpec("scenario_end", "Scenario end: judge at the end of a March on the scenario "
               "victory table (O5.0, T9)", "none",
               "By prior agreement the game ends at the end of the chosen March game turn (after "
               "the Confederate player turn): D = Union MAS - Confederate MAS gives, on that "
               "year's row, Union victory, advantage or edge, the historical result (a draw), or "
               "Confederate edge, advantage or victory. The campaign may end in March 1862, 1863 "
               "or 1864, the 1862 scenario in March 1863 or 1864, the 1863 scenario in March "
               "1864. The seed's table stops at 1864, so '1865-03' (for the 1864 scenario only) "
               "uses the reference's extrapolated row (AMB-24, AMB-60), which is not in the "
               "seed. The usual sudden-death victory conditions apply until then; 'none' plays "
               "on to June 1865.",
               choices=("none", "1862-03", "1863-03", "1864-03", "1865-03"), balance="neutral"),
    # --- optional rules O2-O4 ("Regole Opzionali"), each independent (O1.0) ---
    OptionSpec("crack_fast_march", "Crack infantry fast marching (O2.1)", False,
               "Neutral rule (O2). For movement crack infantry is treated as cavalry: it moves 2 "
               "boxes along roads and railways, friendly or not, and may combine road and rail "
               "in one march; it never makes a cavalry jump. By river it moves 2 boxes as any "
               "infantry (a Union one may still jump downstream).",
               balance="neutral"),
    OptionSpec("battlefield_targeting", "Battlefield targeting (O2.2)", False,
               "Neutral rule (O2). Replaces the rule that every enemy piece must be a target. "
               "Cavalry declares first and must fire at enemy cavalry: each takes a different "
               "enemy cavalry piece until all are targets, then fires freely. Infantry may not "
               "fire at an enemy cavalry piece already chosen as a target this round, and may "
               "leave enemy cavalry alone to concentrate on enemy infantry, covering every enemy "
               "infantry piece before doubling up. A piece left with no allowed target holds "
               "its fire. (The seed's text is garbled; reading AMB-31.)",
               balance="neutral"),
    OptionSpec("naval_retreat", "Union naval retreat (O3.1)", False,
               "Pro-Union rule (O3). When a battle in a Southern port (a port printed grey or in "
               "a Confederate state, Fort Monroe and Pensacola included) comes from a naval "
               "invasion or a Confederate attack on a Union garrison, the Union pieces may "
               "retreat by sea to Washington (a normal retreat from round 2: all pieces go and "
               "the Confederacy wins the battle), while Washington is the Union's and free of "
               "enemy pieces.",
               balance="pro-Union"),
    OptionSpec("union_rail_bonus", "Union railway bonus (O3.2)", False,
               "Pro-Union rule (O3). Union pieces moving entirely along friendly railway (every "
               "segment between two Union-owned boxes) may move 3 boxes in one march; every "
               "piece type, a cavalry jump inside such a move following the cavalry jump rules.",
               balance="pro-Union"),
    OptionSpec("historical_recruiting", "Historical recruiting limits (O3.3)", False,
               "Pro-Union rule (O3). The Union recruits 3 militia on a recruiting die of 1 or 2; "
               "the Confederacy never more than 4, even on a 5 or 6. Both may place up to two "
               "new militia in each of their recruiting cities of value 3 or more.",
               balance="pro-Union"),
    OptionSpec("increased_union_forces", "Increased Union forces (O3.4)", False,
               "Pro-Union rule (O3). The Union may have, and recruit up to, its Maximum Army "
               "Size + 4 pieces from January 1862, + 8 from January 1863 and + 12 from January "
               "1864 (e.g. May 1864, MAS 35: 47 pieces). The MAS itself, which the victory "
               "conditions compare, does not change.",
               balance="pro-Union"),
    OptionSpec("increased_union_forces_from", "Increased Union forces: when each +4 comes "
               "(O3.4)", "january",
               "The seed says 'after the first, second and third turn', which cannot mean game "
               "turns; read as calendar years (AMB-32): 'january' gives +4 from January 1862, "
               "+8 from January 1863, +12 from January 1864. 'april' ties each step to the "
               "April enlistments of 1862, 1863 and 1864 instead. Used only with O3.4.",
               choices=("january", "april"), balance="pro-Union"),
    OptionSpec("first_turn_restrictions", "First-turn restrictions (O4.1)", False,
               "Pro-Confederate rule (O4). On game turn 1 (July 1861) no piece may enter "
               "Kentucky (any white box), by march, retreat or escape; on rivers a piece moves "
               "only 1 box per march instead of 2; the Union may make no naval movement.",
               balance="pro-Confederate"),
    OptionSpec("fort_monroe", "Fort Monroe (O4.2)", False,
               "Pro-Confederate rule (O4). While the Confederacy controls Fort Monroe the Union "
               "may invade neither Yorktown nor Norfolk. It may, of course, invade Fort Monroe "
               "itself.",
               balance="pro-Confederate"),
    OptionSpec("southern_training", "Training of Southern reinforcements (O4.3)", False,
               "Pro-Confederate rule (O4). In each of his promotion segments the Confederate "
               "player rolls 1d6, minus 1 for each Confederate veteran or crack infantry "
               "eliminated by enemy fire in the current game turn; on 1 or less he may promote "
               "two pieces instead of one.",
               balance="pro-Confederate"),
    OptionSpec("draft_riots", "The 1863 draft riots (O4.4)", False,
               "Pro-Confederate rule (O4). The four Union militia infantry of the April 1863 "
               "enlistment do not join the pool together: one joins in each of April, May, June "
               "and July 1863 (17, 18, 19, 20 Union militia available).",
               balance="pro-Confederate"),
]

# The advanced rules (seed "Regole Avanzate" 2.0-7.0, contents numbers 7-12): like the
# optional rules, each is independent (A1.0).
OPTIONS += [
    OptionSpec("supply", "Support (A2.0)", False,
               "At the start of his player turn, before anything else, a player checks his "
               "stacks: a piece alone in its box always has support; two or more pieces must "
               "trace a support line of any length through friendly boxes free of enemy "
               "pieces, along rivers or friendly railways (never roads), to another friendly "
               "recruiting city, or, outside a recruiting city, to a friendly recruiting city "
               "that itself reaches another. Union pieces in, or with a line to, a Union port "
               "are always supported. A stack without support loses one piece of its owner's "
               "choice (A2.1, A2.2).",
               balance="advanced"),
    OptionSpec("command_marches", "Movement and command (A3.0)", False,
               "The number of marches is read on the Command Table (T2) in the column of the "
               "current year instead of the plain die. The first campaign turn (2 marches) and "
               "a scenario's first turn (1 march) are unchanged; a Union natural 6 still "
               "allows a naval invasion.",
               balance="advanced"),
    OptionSpec("containment", "Containment (A4.0)", False,
               "Instead of fighting for a port the Union took by naval invasion (or Fort Monroe "
               "or Pensacola), the Confederates who move in may contain the Union force there: "
               "no battle, the port stays Union, nobody recruits there, and the containing "
               "pieces may entrench. Contained Union pieces cannot leave until they win a "
               "breakout battle, fought at the start of a Union movement segment for 1 march. "
               "Whoever attacks inside a containment leaves its entrenchment.",
               balance="advanced"),
    OptionSpec("coastal_defences", "Coastal defences (A5.0)", False,
               "Every Confederate port with a recruiting shield has a coastal garrison that "
               "fights naval invasions only: combat value = the city's red shield, two hits to "
               "destroy, always entrenched, fires first each round; the invaders must shoot at "
               "it before any other piece. Beating only the garrison earns no promotion.",
               balance="advanced"),
    OptionSpec("washington_capture", "Capture of Washington (A6.0)", False,
               "A Confederate capture of Washington no longer wins the war: roll 1d6 and take "
               "that many points (a 1 counts as 2) from the Union Maximum Army Size, on each "
               "capture. A Union recapture gives back only Washington's recruiting value, 1.",
               balance="advanced"),
    OptionSpec("battle_days", "Battles and the Command Table (A7.0)", False,
               "Battles are fought in days of four rounds. At the start of each day each side "
               "rolls on the Command Table (T2) for the current year: the result, plus half the "
               "previous day's command value rounded up, is how many of its pieces may fire in "
               "each round of the day (at most 8); the owner picks them each round.",
               balance="advanced"),
]

# Advanced optional rules A8.3 and A8.4 (seed "Regole Avanzate" 8.3, 8.4): more help for the
# Confederacy from outside (core/ahd/border.py, core/ahd/foreign.py).
OPTIONS += [
    OptionSpec("border_states", "More support from the border states (A8.3)", False,
               "At the start of each Confederate player turn, for each border state whose "
               "recruiting cities the Confederacy all controls (Missouri: St. Joseph, "
               "Springfield, St. Louis; Kentucky: Bowling Green, Louisville; Maryland: "
               "Baltimore), roll 1d6: +1 if the Confederate MAS is less than 5 below the Union "
               "one, +1 in 1861, +2 if the Confederates hold Washington, -1 per year after 1862, "
               "-1 if the Union MAS exceeds the Confederate one by 10 or more, -1 if the Union "
               "holds Richmond. A result greater than the state's support number (Missouri 3, "
               "Kentucky 1, Maryland 6) adds one militia infantry to the Confederate pool for "
               "the rest of the game; once per state.",
               balance="advanced-optional"),
    OptionSpec("foreign_intervention", "Foreign intervention (A8.4)", False,
               "Checked at the start of each Confederate player turn until granted: the "
               "Confederate MAS within 3 of the Union one; the Confederacy holding Washington and "
               "a Union recruiting city of value 2+; and no Confederate recruiting city of value "
               "2+ held by the Union, or for each of them a Union one of value 2+ held by the "
               "Confederacy. Then, for good, the Confederates may move by sea (no river jumps, "
               "no Potomac, no invasions) and get 4 foreign units (veteran infantry) in Europe, "
               "which sail to a Confederate port, 1 march each. They do not count against the "
               "Confederate MAS and are never promoted; a lost one is replaced in Europe when "
               "the Confederate recruiting die shows 5 or 6.",
               balance="advanced-optional"),
]

# Advanced optional rules A8.1, A8.1.2 and A8.2 (seed "Regole Avanzate" 8.1, 8.11, 8.12, 8.2):
# battlefield morale, desertion and leaders (core/ahd/morale.py, core/ahd/leaders.py, fought in
# core/ahd/battle.py).
OPTIONS += [
    OptionSpec("morale", "Battlefield morale and rallying (A8.1, A8.1.1)", False,
               "After the enemy fires in a battle round, each piece that fire has just flipped "
               "to its reduced side rolls 1d6 against its morale (crack 5, veteran 4, militia 3, "
               "militia 2 in 1861), -1 if in a fort or entrenched: above it, the piece routs. A "
               "routed piece stays in the battle box but neither fires nor can be targeted, and "
               "counts as eliminated for the winner: a side left with only routed pieces has "
               "lost, and they then retreat as in a normal retreat, or are destroyed if they "
               "cannot (the winner's routed pieces stay). At the end of each day of battle "
               "(rounds 4, 8, ...) each side may rally one routed piece.",
               balance="advanced-optional"),
    OptionSpec("desertion", "Desertion and straggling (A8.1.2)", False,
               "After each battle every reduced piece of both sides that took part rolls 1d6 "
               "against its morale (crack 5, veteran 4, militia 3, militia 2 in 1861): +1 if its "
               "army has just lost the battle, -1 if it is not routed, minus the value of every "
               "friendly leader present. Above its morale the piece deserts and is eliminated "
               "(militia back to the pool).",
               balance="advanced-optional"),
    OptionSpec("leaders", "Leaders: Lee, Grant and Sherman (A8.2)", False,
               "Lee (Confederate: 3 from June 1862, 2 from May 1863 after Jackson's death), "
               "Grant (Union: 1 from October 1862, 2 from March 1864) and Sherman (Union: 1 "
               "from November-December 1862, 2 from March 1864) arrive in their owner's "
               "recruiting segment in any box with a friendly piece (the year scenarios place "
               "them as listed). A leader moves free with the pieces of its box, or alone up to "
               "two marches a turn like cavalry without jumps; it may reinforce a battle. In "
               "battle its value adds to the day's command value (with A7.0, at most 8) and "
               "gives +1 per point to firing pieces each round (whole to one piece, or split "
               "between two, Lee among three), and it is subtracted from its pieces' desertion "
               "dice. A leader left alone with enemy pieces is removed and returns in its "
               "owner's next recruiting segment. The counters' dates are reconstructed (GAP-7).",
               balance="advanced-optional"),
]


# The optional rules of the seed's "Regole Opzionali" (O2.0-O4.0): the presets' optional rules.
OPTIONAL_RULES = ("crack_fast_march", "battlefield_targeting", "naval_retreat",
                  "union_rail_bonus", "historical_recruiting", "increased_union_forces",
                  "first_turn_restrictions", "fort_monroe", "southern_training", "draft_riots")


class AHouseDivided:
    id = setup.GAME_ID
    title = "A House Divided"
    version = "1"
    state_type = AhdState
    hidden_info = False

    def scenarios(self) -> list[str]:
        return [scenarios.CAMPAIGN, *scenarios.SCENARIOS]  # O5.0; the campaign is the default

    def roles(self, scenario: str, options: dict) -> list[str]:
        return [UNION, CSA]

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def presets(self) -> list[Preset]:
        """Basic, Advanced (A2.0-A7.0) and Advanced with every optional rule (A8 and O2-O4),
        built from the options this version offers."""
        offered = [spec for spec in OPTIONS if isinstance(spec.default, bool)]
        advanced = {s.key: True for s in offered if s.balance == "advanced"}
        optional = {s.key: True for s in offered
                    if s.balance == "advanced-optional" or s.key in OPTIONAL_RULES}
        return [
            Preset("basic", "Basic", {}, "The basic game, rules B1.0-B13.0."),
            Preset("advanced", "Advanced", advanced,
                   "The advanced rules: " + ", ".join(sorted(advanced)) + "."),
            Preset("advanced-all", "Advanced with every optional rule",
                   {**advanced, **optional},
                   "The advanced rules with every advanced optional rule (A8) and every "
                   "optional rule (O2-O4)."),
        ]

    def board(self) -> Board:
        return load_board()

    def setup(self, seed: int, scenario: str, options: dict) -> AhdState:
        if scenario == scenarios.CAMPAIGN:
            state = setup.campaign(seed, options)
        elif scenarios.is_scenario(scenario):
            state = setup.scenario(seed, scenario, options)  # O5.0
        else:
            raise ValueError(f"unknown scenario {scenario!r} "
                             f"(known: {', '.join(self.scenarios())})")
        setup.agree_end(state)  # O5.0: the March judged on the scenario victory table (T9)
        leaders.enter_game(state, setup.scenario_leaders(scenario))  # A8.2, the "***" entries
        flow.start_game_turn(state)
        return state

    def view(self, state: State, role: str | None) -> View:
        assert isinstance(state, AhdState)
        return view.build(state, role, self.id)

    def actions(self, state: State, role: str) -> list[Choice]:
        assert isinstance(state, AhdState)
        if state.result is not None or role not in state.active:
            return []
        return flow.choices(state)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        assert isinstance(state, AhdState)
        if state.result is not None:
            raise IllegalAction("the game is over")
        if role not in state.active:
            raise IllegalAction(f"it is not {role}'s turn to act")
        check_legal(flow.choices(state) if legal is None else legal, action)
        new = clone(state)
        flow.act(new, role, action, checked=True)
        return new


RULES = AHouseDivided()
