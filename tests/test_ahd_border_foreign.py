"""A House Divided, advanced optional rules A8.3 (more support from the border states) and A8.4
(foreign intervention).

Rule numbers are the body numbers of the seed's "Regole Avanzate"
(../shared/seeds/001_f551d95babcd19e5.txt, 8.3 and 8.4; contents number 13), as in the English
reference (../shared/rules/a-house-divided.md). T7 is the seed's "Tabella dei Supporti sui
Confini Confederati" with its "Modificatori sul Lancio del Dado" (on the optional rules' player
aid), T8 its "Intervento Esterno" recruiting line; TC-21, GAP-n and AMB-n are the reference's.
Where the seed and the reference differ, the seed is quoted and wins.

Positions: the campaign start with owners changed and the MAS gap D = MAS(Union) - MAS(CSA)
set with the Confederate MAS offset; the Union player turn is ended through the flow so that
the Confederate start-of-turn steps run exactly as in play. A6.0 (washington_capture) is on
whenever the Confederates hold Washington, since without it that is a Confederate victory
(B11.0) before their turn starts.
"""
from __future__ import annotations

import pytest

from core.ahd import border, foreign, supply
from core.ahd import query as q
from core.ahd.calendar import turn_of
from core.ahd.counters import FOREIGN_UNITS
from core.ahd.pieces import can_promote, hit, piece, remove_from_play
from core.ahd.state import ASIDE, CSA, EUROPE, INFANTRY, MILITIA, POOL, UNION, VETERAN, AhdState
from core.engine import Match
from tests.support.ahd import (RULES, act, assert_illegal, clear_box, Dice, end_player_turn,
                               labels, marches_left, new_match, place, promotion_phase,
                               recruiting_of, relocate, st,
                               dice)  # noqa: F401  (the scripted-dice fixture)

FOREIGN_IDS = [f"C-FOR-{n:02d}" for n in range(1, 5)]
MAY_1864 = turn_of("May", 1864)


def set_gap(state: AhdState, gap: int) -> None:
    """D = MAS(Union) - MAS(CSA) = gap, through the Confederate MAS offset."""
    state.mas_offset[CSA] = 0
    state.mas_offset[CSA] = q.mas(state, UNION) - q.mas(state, CSA) - gap


def position(turn: int = MAY_1864, gap: int = 5, csa: tuple[str, ...] = (),
             union: tuple[str, ...] = (), **options: object) -> Match:
    """Union movement of game turn `turn`: the boxes in `csa` / `union` change hands (emptied of
    the other side's pieces), then D is set to `gap`."""
    m = new_match(**options)
    state = st(m)
    state.turn = turn
    for box in csa:
        clear_box(state, box)
        state.owner[box] = CSA
    for box in union:
        clear_box(state, box)
        state.owner[box] = UNION
    set_gap(state, gap)
    return m


def confederate_pool(state: AhdState) -> list[str]:
    return sorted(p.id for p in state.pieces if p.loc == POOL and p.side == CSA)


def aside_militia(state: AhdState) -> list[str]:
    return sorted(p.id for p in state.pieces if p.loc == ASIDE and p.side == CSA
                  and p.grade == MILITIA)


def border_lines(state: AhdState) -> list[str]:
    return [line for line in state.log if line.startswith("Border-state support")]


# --- A8.3 more support from the border states ---------------------------------------------------


def test_a8_3_tc_21_maryland_drm_0_a_six_is_not_greater_than_six(dice: Dice):
    """TC-21 (A8.3, T7): 1864, the CSA holds Baltimore and Washington, the Union does not hold
    Richmond, D = 7: DRM = +2 (Washington) - 2 (1864) = 0; a die of 6 gives 6, 'maggiore del
    numero richiesto' fails against Maryland's 6: no militia."""
    m = position(gap=7, csa=("baltimore", "washington"), border_states=True,
                 washington_capture=True)
    pool, aside = confederate_pool(st(m)), aside_militia(st(m))
    state = end_player_turn(m, UNION, dice, 6, 3)  # Maryland die 6, then the movement die
    assert (state.player, state.phase) == (CSA, "movement")
    assert dice.rolled == [6, 3]
    assert border_lines(state) == [
        "Border-state support (A8.3), Maryland: die 6 +0 (+2 Confederates hold Washington, "
        "-2 rolled in 1864) = 6, not greater than 6: no militia."]
    assert confederate_pool(state) == pool and aside_militia(state) == aside
    assert state.border_used == [] and state.border_rolls == {"maryland": 1}


def test_a8_3_tc_21_maryland_drm_plus_1_a_six_succeeds_once_per_game(dice: Dice):
    """TC-21: with D = 3 instead the DRM is +1 (+1 for 'inferiore di cinque punti', AMB-49):
    die 6 -> 7 > 6, one militia infantry joins the Confederate pool, and 'Questo evento può
    avvenire solo una volta a partita per ogni stato': Maryland never rolls again."""
    m = position(gap=3, csa=("baltimore", "washington"), border_states=True,
                 washington_capture=True)
    aside = aside_militia(st(m))
    state = end_player_turn(m, UNION, dice, 6, 3)
    line, = border_lines(state)
    assert line.startswith("Border-state support (A8.3), Maryland: die 6 +1 (+1 Confederate "
                           "MAS 27 less than 5 below Union 30, +2 Confederates hold Washington, "
                           "-2 rolled in 1864) = 7 > 6: one militia infantry")
    joined = aside[0]
    assert piece(state, joined).loc == POOL and aside_militia(state) == aside[1:]
    assert state.border_used == ["maryland"]
    # next Confederate player turn, Maryland still held and D still 3: no roll (any extra die
    # would be unscripted and fail the test)
    end_player_turn(m, CSA, dice, 4)       # Union movement die of the next turn
    state = end_player_turn(m, UNION, dice, 2)  # Confederate movement die
    assert (state.player, state.phase, state.turn) == (CSA, "movement", MAY_1864 + 1)
    assert dice.rolled == [6, 3, 4, 2] and len(border_lines(state)) == 1
    assert state.border_rolls == {"maryland": 1}


def test_a8_3_maryland_needs_a_net_drm_of_at_least_plus_1():
    """T7: Maryland's support number is 6, so a d6 must be modified to 7: only a net DRM of +1 or
    more can ever succeed. The seed states no separate rule for this (the reference's T7 note
    is the arithmetic of 'maggiore del numero richiesto'), so none is coded: the die is rolled
    and compared like any other."""
    m = position(gap=7, csa=("baltimore", "washington"), washington_capture=True)
    state = st(m)
    assert border.drm(state) == 0 and 6 + border.drm(state) <= border.SUPPORT_NUMBER["maryland"]
    set_gap(state, 4)
    assert border.drm(state) == 1 and 6 + border.drm(state) > border.SUPPORT_NUMBER["maryland"]


def test_a8_3_t7_support_numbers():
    """T7: 'Missouri 3, Kentucky 1, Maryland 6', cities as listed in 8.3."""
    assert border.SUPPORT_NUMBER == {"missouri": 3, "kentucky": 1, "maryland": 6}
    from maps.a_house_divided import BORDER_STATES
    assert BORDER_STATES == {"missouri": ("st-joseph", "springfield-mo", "st-louis"),
                             "kentucky": ("bowling-green", "louisville"),
                             "maryland": ("baltimore",)}


@pytest.mark.parametrize("gap, expected", [(-2, 1), (0, 1), (4, 1), (5, 0), (9, 0), (10, -1),
                                           (15, -1)])
def test_a8_3_t7_drm_army_size_gap(gap: int, expected: int):
    """T7: '+1 Se la dimensione dell'armata Confederata è inferiore di cinque punti' read as D < 5
    (AMB-49: the literal 'D of 5 or more' would give +1 at a gap of 7 and -1 at 10), and '-1 Se
    il massimo dell'armata nordista supera di 10 punti quella sudista' as D >= 10. June 1862, no
    other modifier."""
    m = position(turn=turn_of("Jun", 1862), gap=gap)
    assert border.drm(st(m)) == expected


@pytest.mark.parametrize("month, year, expected", [
    ("Jul", 1861, 1), ("Nov-Dec", 1861, 1), ("Jan-Feb", 1862, 0), ("Jun", 1862, 0),
    ("Jan-Feb", 1863, -1), ("May", 1864, -2), ("Jan-Feb", 1865, -3), ("Jun", 1865, -3)])
def test_a8_3_t7_drm_year(month: str, year: int, expected: int):
    """T7: '+1 Se il dado viene lanciato nel 1861' and '-1 Per ogni anno dopo il 1862 ... (-1 nel
    1863, -2 nel 1864 e -3 nel 1865)'; the year of the game turn. D = 5: no size modifier."""
    m = position(turn=turn_of(month, year), gap=5)
    assert border.drm(st(m)) == expected


def test_a8_3_t7_drm_washington_and_richmond():
    """T7: '+2 Se i Confederati controllano Washington', '-1 Se l'unione controlla Richmond'
    (June 1862, D = 5)."""
    june = turn_of("Jun", 1862)
    assert border.drm(st(position(turn=june, gap=5, csa=("washington",)))) == 2
    assert border.drm(st(position(turn=june, gap=5, union=("richmond",)))) == -1
    both = st(position(turn=june, gap=5, csa=("washington",), union=("richmond",)))
    assert border.drm(both) == 1
    assert border.explain(border.modifiers(both)) == (
        "+1 (+2 Confederates hold Washington, -1 Union holds Richmond)")


def test_a8_3_every_recruiting_city_of_the_state_is_needed(dice: Dice):
    """A8.3: the CSA 'controlla ogni città di reclutamento del Missouri (St. Joseph, Springfield
    e St. Louis)': with two of the three no roll at all; with all three Missouri rolls (1863,
    D = 7: DRM -1; die 4 -> 3, not greater than 3)."""
    m = position(turn=turn_of("Jun", 1863), gap=7, csa=("st-joseph",), border_states=True)
    state = end_player_turn(m, UNION, dice, 3)  # only the movement die
    assert dice.rolled == [3] and border_lines(state) == []
    m = position(turn=turn_of("Jun", 1863), gap=7, csa=("st-joseph", "st-louis"),
                 border_states=True)
    state = end_player_turn(m, UNION, dice, 4, 3)
    assert border_lines(state) == [
        "Border-state support (A8.3), Missouri: die 4 -1 (-1 rolled in 1863) = 3, not greater "
        "than 3: no militia."]


def test_a8_3_a_failed_state_rolls_again_next_turn_until_it_succeeds(dice: Dice):
    """A8.3: only the success is 'once per game': Missouri fails (die 4 - 1 = 3), rolls again at
    the next Confederate turn and succeeds (die 5 - 1 = 4 > 3)."""
    m = position(turn=turn_of("Jun", 1863), gap=7, csa=("st-joseph", "st-louis"),
                 border_states=True)
    end_player_turn(m, UNION, dice, 4, 3)
    end_player_turn(m, CSA, dice, 2)
    state = end_player_turn(m, UNION, dice, 5, 3)
    assert state.border_rolls == {"missouri": 2} and state.border_used == ["missouri"]
    assert border_lines(state)[-1].startswith(
        "Border-state support (A8.3), Missouri: die 5 -1 (-1 rolled in 1863) = 4 > 3: one "
        "militia infantry")


def test_a8_3_kentucky_in_1861_and_the_militia_stays_when_the_state_is_lost(dice: Dice):
    """A8.3, T7: Kentucky (Bowling Green and Louisville, support 1) in August 1861 with D = 5:
    DRM +1 (1861); die 1 -> 2 > 1, a militia infantry joins the pool, and 'l'unità di Milizia
    rimane disponibile al Confederato per il resto della partita': once Louisville is lost again
    the counter stays in the pool and Kentucky never rolls again."""
    m = position(turn=2, gap=5, csa=("bowling-green", "louisville"), border_states=True)
    state = end_player_turn(m, UNION, dice, 1, 3)
    joined = [pid for pid in confederate_pool(state) if pid.startswith("C-MF")]
    assert len(joined) == 1 and state.border_used == ["kentucky"]
    state.owner["louisville"] = UNION
    end_player_turn(m, CSA, dice, 4)
    state.owner["louisville"] = CSA
    state = end_player_turn(m, UNION, dice, 3)  # no Kentucky die
    assert piece(state, joined[0]).loc == POOL and state.border_rolls == {"kentucky": 1}


def test_a8_3_only_at_the_start_of_the_confederate_player_turn(dice: Dice):
    """A8.3: 'All'inizio di ogni turno Confederato': the Union player turn starts without a
    border-state roll, with the same position."""
    m = position(turn=2, gap=5, csa=("bowling-green", "louisville"), border_states=True)
    state = end_player_turn(m, CSA, dice, 3)  # the Union movement die only
    assert state.player == UNION and dice.rolled == [3] and border_lines(state) == []


def test_a8_3_without_the_option_nothing_is_rolled(dice: Dice):
    """A8.3 is an option (off by default): the same Kentucky position rolls nothing."""
    m = position(turn=2, gap=5, csa=("bowling-green", "louisville"))
    state = end_player_turn(m, UNION, dice, 3)
    assert dice.rolled == [3] and border_lines(state) == [] and state.border_rolls == {}


def test_a8_3_all_three_states_roll_in_table_order_and_three_militia_wait_aside(dice: Dice):
    """T7 order Missouri, Kentucky, Maryland; the three counters 'corrispondenti' wait set aside
    from the setup (AMB-50: on top of the 8 CSA militia), so all three can join. August 1861,
    the CSA holding Washington too: DRM +1 (D < 5) +1 (1861) +2 (Washington) = +4."""
    cities = ("st-joseph", "springfield-mo", "st-louis", "bowling-green", "louisville",
              "baltimore", "washington")
    m = position(turn=2, gap=3, csa=cities, border_states=True, washington_capture=True)
    assert len(aside_militia(st(m))) == 3
    state = end_player_turn(m, UNION, dice, 1, 1, 3, 3)
    assert [line.split(":")[0] for line in border_lines(state)] == [
        f"Border-state support (A8.3), {name}" for name in ("Missouri", "Kentucky", "Maryland")]
    assert state.border_used == ["missouri", "kentucky", "maryland"]
    assert aside_militia(state) == []
    assert [line.split(") = ")[1][:5] for line in border_lines(state)] == [
        "5 > 3", "5 > 1", "7 > 6"]  # dice 1, 1, 3 with +4


def test_a8_3_view_tracks_each_state(dice: Dice):
    """The track pane shows each state's support number, cities held and rolls, 'used' once its
    militia joined, and the DRM a roll would get now."""
    m = position(gap=3, csa=("baltimore", "washington"), border_states=True,
                 washington_capture=True)
    end_player_turn(m, UNION, dice, 6, 3)
    tracks = m.view(None).tracks
    assert tracks["Maryland support (A8.3)"] == "used: militia joined (1 roll)"
    assert tracks["Missouri support (A8.3)"] == (
        "needs > 3; Confederates hold 1/3 cities; 0 rolls")
    assert tracks["Kentucky support (A8.3)"] == (
        "needs > 1; Confederates hold 0/2 cities; 0 rolls")
    assert tracks["Border-state DRM now (A8.3)"].startswith("+1 (")
    assert "A8.3" in tracks["Rules"]


# --- A8.4 foreign intervention ------------------------------------------------------------------


def intervention_position(gap: int = 2, csa: tuple[str, ...] = ("baltimore", "washington"),
                          union: tuple[str, ...] = (), **options: object) -> Match:
    """All three A8.4 conditions hold (Washington and Baltimore, blue 3, Confederate; no
    Confederate 2+ city lost; D = gap), Union movement of May 1864."""
    return position(gap=gap, csa=csa, union=union, foreign_intervention=True,
                    washington_capture=True, **options)


def granted(dice: Dice, move_die: int = 3, **kwargs: object) -> Match:
    """The intervention granted at the start of the Confederate player turn, then the
    Confederate movement die `move_die`."""
    m = intervention_position(**kwargs)
    end_player_turn(m, UNION, dice, move_die)
    assert st(m).intervention_turn == MAY_1864
    return m


def test_a8_4_foreign_units_exist_only_with_the_rule_as_veteran_infantry():
    """A8.4: '4 unità straniere'; their type is not in the seed (GAP-8), read as veteran
    infantry (combat 3). They are extra counters, C-FOR-01 to 04, set aside until the
    intervention, in the campaign and the scenarios; without the rule they do not exist."""
    assert not [p for p in st(new_match()).pieces if p.foreign]
    for scenario in ("campaign", "1863"):
        state = st(Match.new(RULES, seed=1, scenario=scenario,
                             options={"foreign_intervention": True}))
        units = [p for p in state.pieces if p.foreign]
        assert [p.id for p in units] == FOREIGN_IDS and FOREIGN_UNITS == 4
        assert all((p.side, p.arm, p.grade, p.loc, p.value) == (CSA, INFANTRY, VETERAN, ASIDE, 3)
                   for p in units)


def test_a8_4_intervention_when_all_three_conditions_hold(dice: Dice):
    """A8.4: 'Se tutte queste condizioni sono verificate all'inizio del turno Confederato': D = 2
    (within three), Washington and Baltimore (Union 3) held, no Confederate 2+ city lost: the four
    foreign units are put in Europe; the check rolls no die."""
    m = intervention_position()
    state = end_player_turn(m, UNION, dice, 3)
    assert dice.rolled == [3]
    assert state.intervention_turn == MAY_1864
    assert sorted(p.id for p in state.pieces if p.loc == EUROPE) == FOREIGN_IDS
    line, = [x for x in state.log if x.startswith("Foreign intervention")]
    assert "(1) MAS gap 2, at most 3" in line and "4 foreign units wait in Europe" in line


@pytest.mark.parametrize("case", ["gap-4", "no-washington", "only-washington",
                                  "more-lost-than-held"])
def test_a8_4_each_condition_is_needed(dice: Dice, case: str):
    """A8.4 conditions, one failing at a time: (1) 'entro tre punti' (D = 4 fails); (2) Washington
    and a Union city of value 2+ (Baltimore without Washington, or Washington, blue 1, alone,
    fail); (3) Union-held Confederate 2+ cities at most as many as the Union 2+ cities the CSA
    holds (AMB-51): Richmond and Charleston lost against Baltimore alone fails."""
    kwargs: dict = {
        "gap-4": {"gap": 4},
        "no-washington": {"csa": ("baltimore",)},
        "only-washington": {"csa": ("washington",)},
        "more-lost-than-held": {"union": ("richmond", "charleston")},
    }[case]
    m = intervention_position(**kwargs)
    state = end_player_turn(m, UNION, dice, 3)
    assert state.intervention_turn == 0 and not [p for p in state.pieces if p.loc == EUROPE]


def test_a8_4_condition_3_one_held_city_answers_for_one_lost(dice: Dice):
    """A8.4 (3): '...oppure, per ognuna di esse il sud controlla una città di reclutamento
    nordista con valore di 2 o più': Richmond lost, Baltimore held (the city of condition 2
    counts, AMB-51): granted."""
    m = intervention_position(union=("richmond",))
    state = end_player_turn(m, UNION, dice, 3)
    assert state.intervention_turn == MAY_1864


def test_a8_4_checked_only_at_the_start_of_the_confederate_player_turn(dice: Dice):
    """A8.4: 'all'inizio del turno sudista': the Union player turn starts without the check."""
    m = intervention_position()
    state = end_player_turn(m, CSA, dice, 3)
    assert state.player == UNION and state.intervention_turn == 0


def test_a8_4_amb_35_order_support_then_border_states_then_intervention(dice: Dice):
    """AMB-35: A2.0 support 'prima di fare qualunque altra cosa', then A8.3, then A8.4, then the
    movement die. A two-piece Confederate stack in Lake City has no support line: the piece is
    chosen first; then the Maryland die, then the intervention, then the movement die."""
    m = intervention_position(gap=3, border_states=True, supply=True)
    state = st(m)
    clear_box(state, "lake-city")
    place(state, CSA, "FV", "lake-city", 2)
    state = end_player_turn(m, UNION, dice)
    assert (state.player, state.phase, dice.rolled) == (CSA, "support-loss", [])
    victim = sorted(p.id for p in state.pieces if p.loc == "lake-city")[0]
    dice.push(2, 3)
    act(m, CSA, "eliminate", victim)
    state = st(m)
    assert dice.rolled == [2, 3] and state.phase == "movement"
    starts = [next(i for i, line in enumerate(state.log) if line.startswith(prefix))
              for prefix in (f"Confederate veteran infantry ({victim}) in Lake City",
                             "Border-state support (A8.3), Maryland",
                             "Foreign intervention (A8.4)", "Confederate movement die 3")]
    assert starts == sorted(starts)


def test_a8_4_foreign_units_sail_from_europe_to_a_confederate_port_one_march_each(dice: Dice):
    """A8.4: the units 'devono essere prese dagli Stati Uniti mediante un movimento navale'
    (GAP-11, AMB-51: to any Confederate-owned port free of enemy pieces, 1 march each, B4.2.3).
    Union-owned ports and a Confederate port holding Union pieces are not destinations; a unit
    that sailed moves no further this turn; with the marches spent nobody sails."""
    m = granted(dice, move_die=2)
    state = st(m)
    place(state, UNION, "MF", "wilmington")
    assert {f"sail {pid}" for pid in FOREIGN_IDS} <= set(labels(m, CSA))
    assert_illegal(m, CSA, "march", "europe")  # only by sea
    act(m, CSA, "sail", "C-FOR-01")
    ports = {str(a).split()[1] for a in labels(m, CSA) if a.startswith("space")}
    assert {"charleston", "savannah", "norfolk", "washington", "baltimore"} <= ports
    assert not ports & {"wilmington", "new-york", "philadelphia", "fort-monroe", "europe"}
    act(m, CSA, "space", "charleston")
    state = st(m)
    unit = piece(state, "C-FOR-01")
    assert (unit.loc, unit.sailed, marches_left(state)) == ("charleston", True, 1)
    assert state.log[-1] == ("Confederate foreign veteran infantry (C-FOR-01) sails from Europe "
                             "to Charleston (B4.2.3, A8.4); 1 march left.")
    act(m, CSA, "march", "charleston")
    assert "piece C-FOR-01" not in labels(m, CSA)  # B4.2.3: no other move this turn
    act(m, CSA, "end-march")
    act(m, CSA, "sail", "C-FOR-02")
    act(m, CSA, "space", "mobile")
    assert marches_left(st(m)) == 0
    assert_illegal(m, CSA, "sail", "C-FOR-03")


def test_a8_4_confederate_naval_moves_only_after_intervention(dice: Dice):
    """B4.2.3: 'The CSA may not move by sea, except after foreign intervention'; A8.4 (1) 'I
    sudisti possono fare movimenti navali'. The piece in Charleston may not sail before, may sail
    to Mobile after; still no invasion ('ma non ... fare invasioni'), even on a 6."""
    m = intervention_position(gap=4)  # condition 1 fails
    end_player_turn(m, UNION, dice, 3)
    assert not [a for a in labels(m, CSA) if a.startswith("sail")]
    assert_illegal(m, CSA, "sail", "C-MF-04")
    m = granted(dice, move_die=6)
    assert "sail C-MF-04" in labels(m, CSA)
    assert not [a for a in labels(m, CSA) if a.startswith("invade")]
    act(m, CSA, "sail", "C-MF-04")
    act(m, CSA, "space", "mobile")
    assert piece(st(m), "C-MF-04").loc == "mobile"


def test_a8_4_intervention_is_permanent(dice: Dice):
    """AMB-51: once granted it stays: Washington recaptured, the Confederates still sail."""
    m = granted(dice)
    end_player_turn(m, CSA, dice, 3)
    st(m).owner["washington"] = UNION
    state = end_player_turn(m, UNION, dice, 3)
    assert state.intervention_turn == MAY_1864
    assert "sail C-FOR-01" in labels(m, CSA) and "sail C-MF-04" in labels(m, CSA)


def test_a8_4_foreign_units_do_not_count_against_the_mas(dice: Dice):
    """A8.4: 'non contano nel limite massimo dell'armata Confederata': landing two foreign units
    leaves the Confederate pieces in play, and the room to recruit, unchanged."""
    m = granted(dice)
    before = q.in_play(st(m), CSA)
    for pid, port in (("C-FOR-01", "charleston"), ("C-FOR-02", "savannah")):
        act(m, CSA, "sail", pid)
        act(m, CSA, "space", port)
    state = st(m)
    assert q.in_play(state, CSA) == before
    assert m.view(None).tracks["Confederate in play"] == before


def test_a8_4_foreign_units_are_never_promoted(dice: Dice):
    """A8.4: 'Le unità straniere non possono essere promosse': not in the promotion segment
    (B6.0), nor after a battle, though a free crack infantry counter exists; a Confederate
    veteran infantry beside it may be."""
    m = granted(dice)
    state = st(m)
    relocate(state, "C-FOR-01", "richmond")
    regular = place(state, CSA, "FV", "richmond")[0]
    assert not can_promote(state, piece(state, "C-FOR-01")) and can_promote(state, regular)
    promotion_phase(m, CSA)
    assert f"promote {regular.id}" in labels(m, CSA)
    assert_illegal(m, CSA, "promote", "C-FOR-01")


def test_a8_4_a_destroyed_unit_is_set_aside_never_a_promotion_counter(dice: Dice):
    """A8.4 'Se distrutta': two hits eliminate a foreign unit (B5.1); it is set aside for the
    replacement roll, not put in the counter supply where a promotion could take it."""
    m = granted(dice)
    state = st(m)
    relocate(state, "C-FOR-01", "richmond")
    assert hit(state, piece(state, "C-FOR-01")) == "reduced"
    assert hit(state, piece(state, "C-FOR-01")) == "eliminated"
    unit = piece(state, "C-FOR-01")
    assert unit.loc == ASIDE and not unit.reduced
    assert [p.id for p in foreign.lost(state)] == ["C-FOR-01"]
    flags = m.view(None).boxes["Confederate set aside"]
    assert [t.flags for t in flags if t.id == "C-FOR-01"] == [
        ["foreign", "lost: replaced on a CSA recruiting die of 5-6"]]


def to_confederate_recruiting(m: Match) -> AhdState:
    """The Confederate promotion segment, about to pass into recruiting."""
    return promotion_phase(m, CSA)


@pytest.mark.parametrize("die, replaced", [(4, 0), (5, 1), (6, 1), (1, 0)])
def test_a8_4_t8_a_lost_unit_is_replaced_in_europe_on_a_recruiting_die_of_5_or_6(
        dice: Dice, die: int, replaced: int):
    """A8.4, T8: 'Un'unità persa è rimpiazzata in Europa se il dado sul reclutamento
    Confederato è 5 o 6': one unit per such roll (two lost, one comes back), placed in Europe,
    'disponibile ad essere spostato con un movimento navale in un turno seguente'."""
    m = granted(dice)
    state = st(m)
    for pid in ("C-FOR-01", "C-FOR-02"):
        remove_from_play(state, relocate(state, pid, "richmond"))
    to_confederate_recruiting(m)
    dice.push(die)
    act(m, CSA, "pass")
    state = st(m)
    assert recruiting_of(state).die == die
    assert len(foreign.in_europe(state)) == 2 + replaced
    assert len(foreign.lost(state)) == 2 - replaced
    if replaced:
        assert piece(state, "C-FOR-01").loc == EUROPE
        assert any("C-FOR-01 is replaced in Europe" in line for line in state.log)


def test_a8_4_the_replacement_die_is_rolled_even_when_no_militia_can_be_recruited(dice: Dice):
    """A8.4: 'Il rinforzo europeo è disponibile in aggiunta alla Milizia regolare Confederata':
    with the Confederate pool empty (B7.0: no recruiting) the recruiting die is still rolled for
    a lost foreign unit; a 6 replaces it."""
    m = granted(dice)
    state = st(m)
    for p in state.pieces:
        if p.loc == POOL and p.side == CSA:
            relocate(state, p.id, "richmond")
    remove_from_play(state, relocate(state, "C-FOR-01", "richmond"))
    to_confederate_recruiting(m)
    dice.push(6, 3)  # the recruiting die, then the Union movement die of the next turn
    act(m, CSA, "pass")
    state = st(m)
    assert dice.rolled[-2:] == [6, 3] and state.player == UNION
    assert piece(state, "C-FOR-01").loc == EUROPE
    assert ("Confederate recruiting die 6, rolled for the foreign units only (A8.4)."
            in state.log)


def test_a8_4_no_foreign_roll_without_a_lost_unit(dice: Dice):
    """B7.0 unchanged when no foreign unit is lost: the empty Confederate pool rolls no die."""
    m = granted(dice)
    state = st(m)
    for p in state.pieces:
        if p.loc == POOL and p.side == CSA:
            relocate(state, p.id, "richmond")
    to_confederate_recruiting(m)
    dice.push(3)  # the Union movement die only
    act(m, CSA, "pass")
    assert st(m).player == UNION and dice.rolled[-1:] == [3]


def test_a8_4_amb_36_foreign_units_capture_and_need_support(dice: Dice):
    """AMB-36, GAP-8 (recommended readings): foreign units are Confederate pieces for capture
    (B9.0) and support (A2.0): one in Union Frederick captures it at the end of the Confederate
    player turn; one beside a Confederate piece in Lake City makes a stack without support."""
    m = granted(dice)
    state = st(m)
    relocate(state, "C-FOR-01", "frederick")
    clear_box(state, "lake-city")
    relocate(state, "C-FOR-02", "lake-city")
    place(state, CSA, "FV", "lake-city")
    assert supply.stacks(state, CSA)["lake-city"] == 2
    assert "lake-city" in supply.unsupported(state, CSA)
    state = end_player_turn(m, CSA, dice, 3)
    assert state.owner["frederick"] == CSA


def test_a8_4_view_europe_box_flags_and_tracks(dice: Dice):
    """The view: the Europe box (view.boxes) with its units, foreign tokens flagged 'foreign'
    on the map, the intervention status and the units' whereabouts in the tracks."""
    m = intervention_position()
    before = m.view(None)
    assert before.boxes["Europe"] == []
    assert before.tracks["Foreign intervention (A8.4)"] == (
        "not granted; now: (1) MAS gap 2, at most 3: yes; (2) Washington held, 1 Union 2+ cities "
        "held: yes; (3) 0 Confederate 2+ cities lost, at most 1: yes")
    end_player_turn(m, UNION, dice, 3)
    act(m, CSA, "sail", "C-FOR-01")
    act(m, CSA, "space", "charleston")
    view = m.view(None)
    europe = view.boxes["Europe"]
    assert [t.id for t in europe] == FOREIGN_IDS[1:]
    assert all(t.label == "Foreign FV" and "foreign" in t.flags for t in europe)
    landed, = [t for t in view.board["charleston"] if t.id == "C-FOR-01"]
    assert "foreign" in landed.flags and "by sea" in landed.flags
    assert view.tracks["Foreign intervention (A8.4)"] == (
        "granted May 1864: Confederate naval movement")
    assert view.tracks["Foreign units (A8.4)"] == (
        "3 in Europe, 1 on the map, 0 lost (replaced on a recruiting die of 5-6)")
    assert "A8.4" in view.tracks["Rules"]
    assert "Europe" not in new_match().view(None).boxes  # only in a game with the rule


def test_a8_4_options_are_offered_as_advanced_optional_rules():
    """Both rules are New Game options, off by default, balance 'advanced-optional'."""
    specs = {s.key: s for s in RULES.option_specs()}
    for key, rule in (("border_states", "A8.3"), ("foreign_intervention", "A8.4")):
        assert specs[key].default is False and specs[key].balance == "advanced-optional"
        assert rule in specs[key].label
