"""Washington's War deck data (core/ww/cards.toml, core/ww/deck.py): every constraint the seed
fixes on the 110 Strategy Cards, cited by rule number (seed 000, Italian 2010 rules; 002 German),
and the loader's error messages. How the deck was reconstructed: docs/ww-cards.md."""
from __future__ import annotations

import copy
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from core.ww import deck
from core.ww.deck import CARDS, Card, DeckError, card


# The 35 spaces the seed names (reference "Named things"), as map ids.
SEED_SPACES = {
    "quebec", "montreal", "fort-detroit", "oswego", "fort-stanwix", "boston",
    "lexington-concord", "falmouth", "barnstable", "newport", "new-haven", "hartford",
    "new-york", "long-island", "saratoga", "ticonderoga", "philadelphia", "reading",
    "bassett-town", "wilmington-de", "baltimore", "norfolk", "alexandria", "yorktown",
    "point-pleasant", "wilmington-nc", "new-bern", "gilbert-town", "charleston", "ninety-six",
    "camden", "eutaw-springs", "savannah", "st-marys", "augusta",
}
SEED_PORTS = {  # 12.3 Blockade Zone table: the 20 ports
    "montreal", "quebec", "falmouth", "boston", "barnstable", "newport", "new-york",
    "long-island", "new-haven", "philadelphia", "wilmington-de", "baltimore", "alexandria",
    "yorktown", "norfolk", "wilmington-nc", "new-bern", "charleston", "savannah", "st-marys",
}
THIRTEEN = ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC", "SC", "GA")


def kinds(*names: str) -> list[Card]:
    return [c for c in CARDS if c.kind in names]


# --- the deck as a whole ---------------------------------------------------------------------


def test_deck_has_110_cards_rule_2_0() -> None:
    """2.0: '110 Carte Strategiche'."""
    assert len(CARDS) == deck.DECK_SIZE == 110


def test_numbers_are_1_to_110_once_each() -> None:
    assert [c.number for c in CARDS] == list(range(1, 111))
    assert all(deck.BY_NUMBER[n] is c for n, c in zip(range(1, 111), CARDS))


def test_ops_cards_carry_1_2_or_3_and_no_event_rule_3_0() -> None:
    """3.0 'Carta OPZ': a 1, 2 or 3 top left; 6.2: an OPS card's uses; 6.3 anatomy: an Event
    card shows number, title, flag(s) and text, no OPS value."""
    for c in CARDS:
        if c.kind == "ops":
            assert c.ops in (1, 2, 3), c.name
            assert not c.is_event and c.flag == "none" and not c.battle and not c.must_play
            assert not c.remove_after_play and c.reshuffle == "none" and c.requires == ()
        else:
            assert c.ops is None, f"{c.name}: an Event card has no OPS value (3.0, 6.3)"
    assert {c.ops for c in kinds("ops")} == {1, 2, 3}


def test_ops_distribution_is_the_documented_reconstruction() -> None:
    """The seed gives no OPS distribution. docs/ww-cards.md: 24 ones, 18 twos, 18 threes, so
    that 'about one third of the OPS cards are 3s' (research notes, S24) and the sampled 1775
    hands (seven 1s, two 2s, two 3s in eleven OPS cards) stay plausible."""
    counts = Counter(c.ops for c in kinds("ops"))
    assert counts == {1: 24, 2: 18, 3: 18}
    assert 0.25 <= counts[3] / sum(counts.values()) <= 0.4


def test_counts_by_kind_and_flag() -> None:
    assert Counter(c.kind for c in CARDS) == {"ops": 60, "event": 26, "battle": 12,
                                              "campaign": 5, "special": 2, "war-ends": 5}
    assert Counter(c.flag for c in CARDS) == {"none": 65, "american": 20, "british": 18,
                                              "both": 7}
    assert len(deck.OPS_CARDS) + len(deck.EVENT_CARDS) == 110


def test_flags_rule_6_3_B() -> None:
    """6.3.B: American flag = American only, British flag = British only, no flag = either
    player (e.g. the Campaigns), both flags = a Special Event the drawer must play."""
    for c in CARDS:
        if c.kind == "campaign":
            assert c.flag == "none", c.name
        elif c.kind in ("special", "war-ends"):
            assert c.flag == "both" and c.must_play, c.name
        elif c.kind in ("event", "battle"):
            assert c.flag in ("american", "british"), c.name
    assert {c.flag for c in CARDS} == set(deck.FLAGS)


# --- Special Events (6.34) -----------------------------------------------------------------


def test_seven_special_events_must_play_rule_6_34_A() -> None:
    """6.34.A: seven Special Events, 'Deve Essere Giocata', never discarded; 6.34.C lists them:
    Declaration, Franklin and the five Lord North cards."""
    musts = [c for c in CARDS if c.must_play]
    assert len(musts) == deck.SPECIAL_EVENT_COUNT == 7
    assert set(deck.MUST_PLAY) == {deck.DECLARATION, deck.FRANKLIN, *deck.WAR_ENDS_CARDS}
    for c in musts:
        assert c.flag == "both" and c.is_event and c.ops is None
        assert "MUST PLAY" in c.text and "never be discarded" in c.text


def test_declaration_of_independence_rule_6_34_C_i() -> None:
    """6.34.C.i: American PC in each of the 13 colonies (not Canada) where placement is possible
    under 10.11.A.ii, no flips, even with the Congress dispersed; 6.1 note: reshuffle when
    played; 4.0 / 6.1.E: set aside until 1776."""
    c = card(deck.DECLARATION)
    assert c.title == "Declaration of Independence" and c.kind == "special"
    assert c.must_play and c.flag == "both"
    assert c.set_aside_until == 1776
    assert c.reshuffle == "played"
    assert c.colonies == THIRTEEN and "Canada" not in c.colonies
    for phrase in ("10.11.A.ii", "not Canada", "No British PC is flipped", "dispersed"):
        assert phrase in c.text


def test_benjamin_franklin_rule_6_34_C_ii() -> None:
    """6.34.C.ii / 12.1: French Alliance marker +4; at 9 or more the alliance applies (12.2)."""
    c = card(deck.FRANKLIN)
    assert c.title == "Benjamin Franklin: Minister to France" and c.kind == "special"
    assert c.must_play and c.flag == "both" and c.reshuffle == "none"
    assert "4 spaces forward" in c.text and "space 9" in c.text and "12.2" in c.text


def test_war_ends_cards_1779_to_1783_rule_6_34_C_iii() -> None:
    """6.34.C.iii: five Lord North cards set the end to 1779..1783; played into the War Ends box,
    replacing (and discarding) the boxed card; the boxed card stays out of reshuffles (6.1.B)."""
    years = [card(n).war_end_year for n in deck.WAR_ENDS_CARDS]
    assert years == [1779, 1780, 1781, 1782, 1783] == list(deck.WAR_END_YEARS)
    for n in deck.WAR_ENDS_CARDS:
        c = card(n)
        assert c.kind == "war-ends" and c.must_play and c.flag == "both"
        assert not c.remove_after_play and c.reshuffle == "none"
        assert str(c.war_end_year) in c.title and deck.WAR_END_YEAR[n] == c.war_end_year
        assert "War Ends box" in c.text and "discard pile" in c.text and "13.2" in c.text
        assert f"{c.war_end_year} or later" in c.text   # reference D6: card year <= current year


# --- set-aside and reshuffles (4.0, 6.1) -------------------------------------------------------


def test_two_cards_set_aside_until_1776_rules_4_0_and_6_1_E() -> None:
    """4.0 / 6.1.E: Declaration of Independence and Baron von Steuben are set aside at setup
    and shuffled into the deck at the start of 1776."""
    assert set(deck.SET_ASIDE) == {deck.DECLARATION, deck.STEUBEN}
    assert {card(n).set_aside_until for n in deck.SET_ASIDE} == {1776}
    assert card(deck.STEUBEN).title == "Baron von Steuben Trains the Continental Army"


def test_reshuffle_triggers_rule_6_1_note() -> None:
    """6.1 note (IT only): Declaration and Pitt rebuild the deck when PLAYED; Hortalez when
    DISCARDED, not when played. No other card triggers a reshuffle."""
    assert deck.RESHUFFLE_WHEN_PLAYED == {deck.DECLARATION, deck.PITT}
    assert deck.RESHUFFLE_WHEN_DISCARDED == {deck.HORTALEZ}
    assert [c.number for c in CARDS if c.reshuffle != "none"] == sorted(
        {deck.DECLARATION, deck.PITT, deck.HORTALEZ})


def test_pitt_is_british_playable_before_the_alliance_rule_6_32_A() -> None:
    """6.32.A example: Pitt in the British hand after the French Alliance must be discarded, so
    the British may play it before the alliance and not after."""
    c = card(deck.PITT)
    assert c.title == "William Pitt Urges Peace Negotiations"
    assert c.flag in ("british", "none") and c.kind == "event"
    assert "france-not-in-war" in c.requires
    assert c.reshuffle == "played"


def test_hortalez_moves_the_alliance_marker_2_rule_12_1() -> None:
    """12.1: Hortalez played: French Alliance marker +2; 6.1 note: reshuffle when discarded."""
    c = card(deck.HORTALEZ)
    assert c.kind == "event" and c.flag == "american"
    assert "2 spaces forward" in c.text and "12.1" in c.text
    assert c.reshuffle == "discarded" and "6.1 note" in c.text


def test_steuben_can_end_the_regulars_advantage_rule_9_41() -> None:
    """9.41: the British may lose the Regulars Advantage through Baron von Steuben (and the
    French Alliance marker then moves +2, 12.1)."""
    c = card(deck.STEUBEN)
    assert c.kind == "event" and c.flag == "american" and c.remove_after_play
    assert "Regulars" in c.text and "9.41" in c.text and "2 spaces forward" in c.text


# --- events the rules describe -----------------------------------------------------------------


def test_john_paul_jones_discards_a_random_british_card_rule_6_1_D() -> None:
    """6.1.D: the American plays John Paul Jones: a random British card is discarded; 6.34.B:
    a Special Event taken at random is carried out at once."""
    c = card(deck.JOHN_PAUL_JONES)
    assert c.flag == "american" and c.kind == "event"
    assert "opponent-has-cards" in c.requires
    assert "at random" in c.text and "6.34.B" in c.text and "not a British play" in c.text


def test_henry_knox_is_an_exchangeable_event_card_rule_6_32_C() -> None:
    """6.32.C example: the British discards Henry Knox as his play; the American gives a 2-OPS
    card to take it. So Knox is an Event card that may be discarded (not a Special Event)."""
    c = card(deck.HENRY_KNOX)
    assert c.title == "Henry Knox, Continental Army Artillery Commander"
    assert c.is_event and c.ops is None and not c.must_play
    assert c.flag == "american"


def test_tarleton_is_a_battle_card_also_playable_in_strategy_rule_6_33_A() -> None:
    """6.33.A: Battle card; exception: the British may also play it as a Strategy Phase event."""
    c = card(deck.TARLETON)
    assert c.battle and c.kind == "battle" and c.flag == "british"
    assert set(c.play_in) == {"strategy", "battle"}
    assert not c.remove_after_play
    assert [b.number for b in CARDS if b.battle and "strategy" in b.play_in] == [deck.TARLETON]


def test_arnold_betrays_is_removed_and_removes_arnold_rules_6_33_A_9_2_9_7() -> None:
    """6.33.A: played in battle only, then removed from the game; 6.33 clarification: Arnold's
    counter is removed wherever he is; 9.2 Step 1 / 9.7: it may turn the battle into an Overrun."""
    c = card(deck.ARNOLD_BETRAYS)
    assert c.battle and c.flag == "british" and c.play_in == ("battle",)
    assert c.remove_after_play and c.generals == ("arnold",)
    assert "Overrun" in c.text and "9.7" in c.text
    assert "Captured Generals box" in c.text and "Reinforcement Leaders box" in c.text
    removed_battles = [b.number for b in CARDS if b.battle and b.remove_after_play]
    assert removed_battles == [deck.ARNOLD_BETRAYS]


def test_morgans_riflemen_is_an_american_battle_card_the_defender_may_play_rule_9_2() -> None:
    """9.2 Saratoga example: Gates, defending, plays the Battle card Morgan's Riflemen for +2.
    Its benefit must leave the example's numbers unchanged (the American wins there)."""
    c = card(deck.MORGAN)
    assert c.battle and c.flag == "american" and c.play_in == ("battle",)
    assert "american-attacking" not in c.requires
    assert c.battle_effect.startswith("If the American loses")


def test_battle_cards_rule_9_45() -> None:
    """9.45: a Battle card played as an event gives +2 and its benefit, for one battle, with a
    replacement draw at the end of the impulse; 6.33.A: discarded after the battle."""
    assert deck.BATTLE_CARD_DRM == 2 and deck.DISCARDED_EVENT_DRM == 1
    sides = Counter(card(n).flag for n in deck.BATTLE_CARDS)
    assert sides == {"american": 6, "british": 6}
    for n in deck.BATTLE_CARDS:
        c = card(n)
        assert c.kind == "battle" and "battle" in c.play_in and c.battle_effect
        assert "+2 DRM" in c.text and "replacement card" in c.text
        assert ("remove this card from the game" in c.text) == (n == deck.ARNOLD_BETRAYS)


def test_brant_affects_non_port_spaces_of_three_colonies_rule_6_31() -> None:
    """6.31: Joseph Brant limits its effect to non-port spaces in three specific colonies."""
    c = card(deck.BRANT)
    assert c.title == "Joseph Brant Leads an Iroquois Raid"
    assert len(c.colonies) == 3 and "Canada" not in c.colonies
    assert "non-port" in c.text
    assert not set(c.places) & SEED_PORTS


def test_glover_moves_six_spaces_rules_7_0_7_3_C() -> None:
    """7.0 / 7.3.C: Glover activates a general ([DE] an American general) who may move up to 6
    spaces and fight a battle or make one or more Overruns."""
    c = card(deck.GLOVER)
    assert c.flag == "american" and c.kind == "event"
    assert "up to 6 spaces" in c.text and "Overruns" in c.text


def test_mutinies_stop_american_pc_placement_rule_10_11_A_iv() -> None:
    """10.11.A.iv: after the Mutinies event, no American PC placement by OPS cards or discards
    this turn; flips by OPS, removals by discard and placement by events stay allowed."""
    c = card(deck.MUTINIES)
    assert c.flag == "british" and c.kind == "event"
    assert "10.11.A.iv" in c.text and "rest of this turn" in c.text


def test_destaing_sends_the_french_navy_to_the_turn_track_rule_12_3() -> None:
    """12.3: d'Estaing removes the French Navy from its zone to the Turn Track; it is placed
    again in the next French Naval Phase."""
    c = card(deck.DESTAING)
    assert "french-navy-in-zone" in c.requires
    assert "Turn Track" in c.text and "French Naval Phase" in c.text


def test_campaigns_activate_two_or_three_generals_rule_7_2_A() -> None:
    """7.2.A: Minor Campaign up to 2 generals, Major up to 3, whatever their Strategy; 7.2.B:
    British Landing Party; 5.3: the British may open with one; 6.3.B: no flag."""
    assert deck.MINOR_CAMPAIGNS and deck.MAJOR_CAMPAIGNS
    assert set(deck.CAMPAIGNS) == set(deck.MINOR_CAMPAIGNS) | set(deck.MAJOR_CAMPAIGNS)
    for n in deck.CAMPAIGNS:
        c = card(n)
        assert c.flag == "none" and not c.remove_after_play and c.reshuffle == "none"
        assert c.activations == (2 if c.title == "Minor Campaign" else 3)
        assert "Landing Party" in c.text and "first player" in c.text


def test_every_card_the_rules_name_is_in_the_deck() -> None:
    """4.0, 6.1, 6.31–6.34, 7.0, 9.2, 9.41, 10.11, 12.1, 12.3 name these cards."""
    for title in deck.NAMED_TITLES.values():
        assert len(deck.by_title(title)) == 1
    assert len(deck.by_title("Minor Campaign")) == 3
    assert len(deck.by_title("Major Campaign")) == 2


# --- every card is complete ----------------------------------------------------------------


def test_every_event_says_what_it_does_and_what_follows() -> None:
    """No placeholders; each event text names who plays it and where the card goes after."""
    for c in CARDS:
        low = c.text.lower()
        assert "todo" not in low and "placeholder" not in low and "tbd" not in low
        if not c.is_event:
            continue
        assert len(c.text) >= 200, c.name
        assert any(w in c.text for w in ("American", "British", "either player", "Whoever")), c.name
        assert any(w in low for w in ("discard this card", "remove this card from the game",
                                      "war ends box", "on top of the deck")), c.name


def test_removed_after_play_cards_say_so_rule_6_3_C() -> None:
    """6.3.C: a card played as an event is removed from the game when its text says it may be
    played once per game; the others go to the discard pile."""
    for c in CARDS:
        if c.is_event and c.kind != "war-ends":
            says = "remove this card from the game" in c.text.lower()
            assert says == c.remove_after_play, c.name
    assert deck.REMOVE_AFTER_PLAY == {c.number for c in CARDS if c.remove_after_play}


def test_requirements_use_the_known_vocabulary() -> None:
    for c in CARDS:
        assert set(c.requires) <= deck.REQUIREMENTS, c.name
        if not c.battle:
            assert not set(c.requires) & deck.BATTLE_REQUIREMENTS, c.name


def test_generals_are_the_13_of_the_setup_rule_4_0() -> None:
    used = {g for c in CARDS for g in c.generals}
    assert used <= deck.GENERALS and len(deck.GENERALS) == 13
    assert used == {"washington", "lafayette", "clinton", "cornwallis", "lee", "arnold", "howe"}


def test_colonies_are_the_13_and_canada_rule_10_0() -> None:
    assert set(deck.COLONIES) == set(THIRTEEN) | {"Canada"}
    for c in CARDS:
        assert set(c.colonies) <= set(deck.COLONIES), c.name


def test_places_are_spaces_the_seed_names() -> None:
    """Every place a card names is one of the seed's 35 named spaces (ids as in the map file)."""
    used = {p for c in CARDS for p in c.places}
    assert used == {"ticonderoga", "fort-detroit", "gilbert-town", "norfolk", "falmouth"}
    assert used <= SEED_SPACES


def test_places_exist_in_the_map_file() -> None:
    """Every place a card names is a space of the board (maps/washingtons_war.toml)."""
    from maps import washingtons_war

    ids = set(washingtons_war.load().locations)
    missing = {p for c in CARDS for p in c.places} - ids
    assert not missing, f"card places missing from the map: {sorted(missing)}"


def test_provenance_is_stated() -> None:
    for c in CARDS:
        assert c.confidence in ("seed", "partial", "reconstructed"), c.name
        if c.confidence in ("seed", "partial"):
            assert "seed" in c.source, c.name
        if c.confidence in ("partial", "reconstructed"):
            assert "reconstructed" in c.source, c.name


# --- lookups -----------------------------------------------------------------------------------


def test_lookups() -> None:
    assert card(deck.DECLARATION).title == "Declaration of Independence"
    assert card(1).name == "1 Minor Campaign"
    for bad in (0, 111):
        with pytest.raises(KeyError, match="no Washington's War card number"):
            card(bad)
    with pytest.raises(KeyError, match="no Washington's War card titled"):
        deck.by_title("Boston Tea Party")
    assert len(deck.by_title("1 OPS")) == 24
    assert card(deck.HORTALEZ).tags == ["American flag", "reshuffle when discarded"]
    assert "must play" in card(deck.FRANKLIN).tags
    assert card(60).tags == []


def test_cards_are_frozen() -> None:
    with pytest.raises(AttributeError):
        card(1).title = "x"  # type: ignore[misc]


# --- loader errors -----------------------------------------------------------------------------


@pytest.fixture
def raw() -> dict[str, Any]:
    return copy.deepcopy(tomllib.loads(deck.DECK_FILE.read_text(encoding="utf-8")))


def entry(raw: dict[str, Any], number: int) -> dict[str, Any]:
    return next(e for e in raw["card"] if e["number"] == number)


def test_the_file_loads_cleanly(raw: dict[str, Any]) -> None:
    assert deck.from_data(raw) == CARDS


def test_error_wrong_count(raw: dict[str, Any]) -> None:
    raw["card"].pop()
    with pytest.raises(DeckError, match=r"109 cards, the game has 110 \(2.0\); missing numbers: \[110\]"):
        deck.from_data(raw)


def test_error_duplicate_number(raw: dict[str, Any]) -> None:
    entry(raw, 61)["number"] = 60
    with pytest.raises(DeckError, match='card 60 "1 OPS": number 60 already used'):
        deck.from_data(raw)


@pytest.mark.parametrize(("number", "field", "value", "message"), [
    (14, "kind", "treaty", r'card 14 "Hortelez et Cie: Clandestine French Aid": .*kind'),
    (16, "flag", "french", r"card 16 .*flag"),
    (14, "ops", 2, r"card 14 .*no OPS value"),
    (60, "ops", 4, r'card 60 "1 OPS": an OPS card needs ops = 1, 2 or 3'),
    (60, "flag", "american", r"card 60 .*prints no flag"),
    (60, "reshuffle", "played", r"card 60 .*cannot set reshuffle"),
    (7, "must_play", False, r'card 7 "Benjamin Franklin: Minister to France": must_play'),
    (16, "must_play", True, r"card 16 .*must_play"),
    (16, "flag", "both", r"card 16 .*both flags"),
    (1, "flag", "british", r'card 1 "Minor Campaign": a Campaign has no flag'),
    (1, "activations", 3, r"card 1 .*activates up to 2 generals"),
    (39, "battle_effect", "", r"card 39 \"Morgan's Riflemen\": a Battle card needs its battle_effect"),
    (39, "flag", "none", r"card 39 .*belongs to one side"),
    (16, "battle", True, r"card 16 .*battle = true exactly"),
    (12, "war_end_year", 1784, r"card 12 .*1784 is not one of"),
    (16, "war_end_year", 1780, r"card 16 .*war_end_year is set exactly"),
    (16, "set_aside_until", 1777, r"card 16 .*set aside only until 1776"),
    (24, "places", ["Fort Detroit"], r"card 24 .*'Fort Detroit' is not a lowercase-hyphen map id"),
    (24, "places", ["fort-detroit", "fort-detroit"], r"card 24 .*places lists a space twice"),
    (30, "generals", ["tryon"], r"card 30 .*unknown generals \['tryon'\]"),
    (18, "colonies", ["NY", "Vermont"], r"card 18 .*unknown colonies \['Vermont'\]"),
    (20, "requires", ["navy-somewhere"], r"card 20 .*unknown requirement"),
    (20, "requires", ["american-attacking"], r"card 20 .*battle conditions"),
    (20, "text", "Short.", r"card 20 .*text missing"),
    (20, "source", " ", r"card 20 .*no source"),
    (20, "confidence", "certain", r"card 20 .*confidence"),
    (20, "colour", "red", r"card 20 .*colour"),
    (45, "play_in", ["battle"], r"card 45 \"Banastre Tarleton's Waxhaws Massacre\": must be a "
                                r"Battle card also playable in the Strategy Phase"),
    (40, "play_in", ["battle", "strategy"], r"card 40 .*must not be a Battle card also playable"),
    (46, "remove_after_play", False, r"card 46 .*must be a Battle card removed"),
    (13, "set_aside_until", None, r'card 13 "Baron von Steuben Trains the Continental Army": '
                                  r"must be set aside until 1776"),
    (21, "set_aside_until", 1776, r"card 21 .*must not be set aside"),
    (15, "reshuffle", "none", r'card 15 "William Pitt Urges Peace Negotiations": must be a '
                              r"reshuffle trigger when played"),
    (14, "reshuffle", "played", r"card 14 .*must not be a reshuffle trigger when played"),
    (16, "reshuffle", "discarded", r"card 16 .*must not be a reshuffle trigger when discarded"),
])
def test_error_names_the_bad_card(raw: dict[str, Any], number: int, field: str, value: Any,
                                  message: str) -> None:
    e = entry(raw, number)
    if value is None:
        del e[field]
    else:
        e[field] = value
    with pytest.raises(DeckError, match=message):
        deck.from_data(raw)


def test_error_missing_must_play_card(raw: dict[str, Any]) -> None:
    """6.34.C: Franklin must be in the deck."""
    entry(raw, deck.FRANKLIN)["title"] = "Silas Deane: Agent in Paris"
    with pytest.raises(DeckError, match="missing card 'Benjamin Franklin: Minister to France'"):
        deck.from_data(raw)


def test_error_duplicate_war_end_year(raw: dict[str, Any]) -> None:
    """6.34.C.iii: one War Ends card per year 1779..1783."""
    e = entry(raw, 12)
    e["war_end_year"] = 1782
    e["title"] = "North's Government Falls — The War Ends in 1782"
    with pytest.raises(DeckError, match=r"card 12 .*appears 2 times"):
        deck.from_data(raw)


def test_error_missing_campaign_type(raw: dict[str, Any]) -> None:
    for n in (4, 5):
        entry(raw, n).update(title="Minor Campaign", activations=2)
    with pytest.raises(DeckError, match="missing card 'Major Campaign'"):
        deck.from_data(raw)


def test_error_top_level_key(raw: dict[str, Any]) -> None:
    raw["cards"] = []
    with pytest.raises(DeckError, match=r"unknown top-level key\(s\) \['cards'\]"):
        deck.from_data(raw)


def test_error_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read the deck file"):
        deck.load(tmp_path / "absent.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[card]\nnumber = 1\n", encoding="utf-8")
    with pytest.raises(DeckError, match="bad.toml: cannot read the deck file"):
        deck.load(bad)
