"""core.ai: the computer player (issue 11): deterministic, legal, honest, and saved with the
game."""
from __future__ import annotations

import re

import pytest

import core.ai as ai
from core import rng
from core.ai.search import Game, search
from core.engine import IllegalAction, Match
from core.registry import get_rules
from tests.support.guessgame import KEEPER, NUMBERS, SEEKER
from tests.support.guessgame import RULES as GUESS
from tests.support.toygame import ToyRules

AHD = get_rules("a-house-divided")


def mid_game(seed: int = 4, actions: int = 60) -> Match:
    """A House Divided after some random actions, at a decision with several choices."""
    match = Match.new(AHD, seed=seed, options={"short_game": True})
    chooser = type("Chooser", (), {"rng": rng.seed_state(seed)})()
    while len(match.history) < actions or len(match.actions(match.active[0])) < 2:
        role = match.active[0]
        choices = match.actions(role)
        match.act(role, choices[rng.randbelow(chooser, len(choices))].action)
    return match


def test_same_seed_same_move():
    match = mid_game()
    role = match.active[0]
    moves = {ai.choose(match, role, "easy", seed=11) for _ in range(3)}
    assert len(moves) == 1
    assert next(iter(moves)) in [c.action for c in match.actions(role)]


def test_a_search_without_its_cap_makes_its_iterations(monkeypatch):
    """`searched_tree(capped=False)` (bench/step_cost.py fits the cap's cost model on it): a
    cap of two steps (a step costing the whole think time) stops normal after its first line,
    the search without it makes normal's 1,000."""
    from core.ai import levels
    monkeypatch.setitem(levels.STEP_COST, "a-house-divided", (1.0, 0.0))
    match = mid_game()
    role = match.active[0]
    _, capped = ai.searched_tree(match, role, "normal", seed=3)
    _, whole = ai.searched_tree(match, role, "normal", seed=3, capped=False)
    assert capped is not None and whole is not None
    assert capped.visits == 1
    assert whole.visits == levels.LEVELS["normal"].iterations_for("a-house-divided") == 1000


def test_without_a_seed_the_move_depends_on_the_position_only():
    first, second = mid_game(), mid_game()
    role = first.active[0]
    assert ai.choose(first, role, "easy") == ai.choose(second, role, "easy")


def test_choose_does_not_change_the_match():
    match = mid_game()
    before = (match.state, len(match.history), match.state.rng)
    ai.choose(match, match.active[0], "easy", seed=3)
    assert (match.state, len(match.history), match.state.rng) == before


def test_a_forced_move_is_taken_without_search():
    match = Match.new(AHD, seed=1, options={"short_game": True})
    chooser = type("Chooser", (), {"rng": rng.seed_state(1)})()
    while len(match.actions(match.active[0])) != 1:
        choices = match.actions(match.active[0])
        match.act(match.active[0], choices[rng.randbelow(chooser, len(choices))].action)
    role = match.active[0]
    searched: list[int] = []
    chosen = ai.choose(match, role, "hard", progress=lambda i, n: searched.append(i))
    assert chosen == match.actions(role)[0].action and not searched


def test_refusals():
    match = mid_game()
    idle = "Union" if match.active[0] != "Union" else "Confederate"
    with pytest.raises(IllegalAction, match="no decision"):
        ai.choose(match, idle)
    with pytest.raises(ValueError, match="unknown level 'brilliant'"):
        ai.choose(match, match.active[0], "brilliant")


def test_progress_is_reported_per_iteration():
    match = mid_game()
    seen: list[tuple[int, int]] = []
    ai.choose(match, match.active[0], "easy", seed=1, progress=lambda i, n: seen.append((i, n)))
    total = ai.LEVELS["easy"].iterations
    assert seen[0] == (1, total) and seen[-1] == (total, total)


@pytest.mark.parametrize("scenario", AHD.scenarios())
def test_the_computer_only_plays_legal_actions(scenario):
    """Computer (easy) against random play in every scenario: Match.act would refuse an
    illegal action (no `legal=` shortcut for the computer's moves)."""
    match = Match.new(AHD, seed=5, scenario=scenario)
    chooser = type("Chooser", (), {"rng": rng.seed_state(5)})()
    decided = 0
    while match.result is None and len(match.history) < 250:
        role = match.active[0]
        if role == "Union":
            action = ai.choose(match, role, "easy", seed=len(match.history))
            assert action in [c.action for c in match.actions(role)]
            match.act(role, action)
            decided += 1
        else:
            choices = match.actions(role)
            match.act(role, choices[rng.randbelow(chooser, len(choices))].action)
    assert decided >= 20                                    # the computer really played
    assert match.result is not None or len(match.history) == 250


def test_the_computer_finishes_a_short_game_on_both_sides():
    """B13.0: the short game ends by its own rule (or a sudden death of B11.0: Washington
    fallen, the MAS, every city) with the computer playing both sides, within a bound on
    actions."""
    match = Match.new(AHD, seed=2, options={"short_game": True})
    played: set[str] = set()
    while match.result is None and len(match.history) < 2000:
        role = match.active[0]
        played.add(role)
        match.act(role, ai.choose(match, role, "easy", seed=len(match.history)))
    assert match.result is not None, f"no result after {len(match.history)} actions"
    assert played == {"Union", "Confederate"}
    assert re.match(r"(Union|Confederate) victory", match.result)
    assert "(B13.0)" in match.result or "(B11.0)" in match.result or \
        "sudden death" in match.result.lower()


# --- honest play (hidden information) ----------------------------------------------------


def guess_positions() -> list[Match]:
    """The same Guess position with each possible hidden card: the Seeker's view is the same."""
    base = Match.new(GUESS, seed=1)
    matches = []
    for card in NUMBERS:
        match = Match.new(GUESS, seed=1)
        match.state = GUESS.with_card(base.state, card)
        matches.append(match)
    return matches


def test_positions_differing_only_in_hidden_cards_give_the_same_view_and_decision():
    matches = guess_positions()
    views = {repr(m.view(SEEKER)) for m in matches}
    assert len(views) == 1
    for level in ai.LEVELS:
        assert len({ai.choose(m, SEEKER, level, seed=9) for m in matches}) == 1
        assert len({ai.choose(m, SEEKER, level) for m in matches}) == 1


def test_a_search_that_read_the_hidden_card_would_be_caught():
    """The check above can fail: without dealing the unseen card anew the search finds the
    card every time, so its decision follows the hidden card."""
    cheating = Game(GUESS, GUESS.evaluate, determinize=None)
    picks = {search(cheating, m.state, SEEKER, [SEEKER, KEEPER], 60, 0.6, 0, seed=9)
             for m in guess_positions()}
    assert len(picks) == len(NUMBERS)


def test_a_hidden_information_game_needs_a_way_to_deal_unseen_cards():
    class NoDealing(type(GUESS)):
        determinize = None
    with pytest.raises(ValueError, match="cannot deal unseen cards"):
        ai.game_of(NoDealing())


# --- saved with the game --------------------------------------------------------------------


def test_a_saved_game_against_the_computer_keeps_the_computer(tmp_path, monkeypatch):
    import saves
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    match = Match.new(AHD, seed=3, players={"Confederate": Match.COMPUTER})
    for _ in range(5):
        role = match.active[0]
        match.act(role, ai.choose(match, role, "easy", seed=1))
    path = tmp_path / "game.muster"
    saves.save_match(match, path)
    loaded = saves.load_match(path)
    assert loaded.player_of("Confederate") == Match.COMPUTER
    assert loaded.roles_of(Match.COMPUTER) == ["Confederate"]
    assert loaded.state == match.state


# --- honest play in Washington's War (hidden hands) --------------------------------------------

WW = get_rules("washingtons-war")


def ww_position_with_other_british_cards(seed: int, swap: bool) -> Match:
    """A Washington's War position where the American must play a card; with `swap`, the
    British hand is exchanged for cards of the deck (same sizes: the American's view is the
    same)."""
    match = Match.new(WW, seed=seed)
    chooser = type("Chooser", (), {"rng": rng.seed_state(seed)})()
    while not (match.active == ["American"] and match.state.stack
               and type(match.state.stack[-1]).__name__ == "PlayCard"
               and len(match.actions("American")) > 1):
        role = match.active[0]
        choices = match.actions(role)
        match.act(role, choices[rng.randbelow(chooser, len(choices))].action)
    if swap:
        piles = match.state.piles
        british, deck_cards = piles.hands["British"], piles.deck
        count = min(len(british), len(deck_cards))
        british[:count], deck_cards[:count] = deck_cards[:count], british[:count]
    return match


def test_ww_the_computer_decides_only_from_its_own_view():
    """Issue 11 part 2: two positions differing only in the British hidden cards give the same
    American view and the same decision for the same seed."""
    plain = ww_position_with_other_british_cards(3, swap=False)
    other = ww_position_with_other_british_cards(3, swap=True)
    assert plain.state.piles.hands["British"] != other.state.piles.hands["British"]
    assert repr(plain.view("American")) == repr(other.view("American"))
    assert ai.choose(plain, "American", "easy", seed=5) == ai.choose(other, "American", "easy",
                                                                      seed=5)
    assert ai.choose(plain, "American", "easy") == ai.choose(other, "American", "easy")


@pytest.mark.parametrize("side", ["American", "British"])
def test_ww_the_computer_only_plays_legal_actions(side):
    match = Match.new(WW, seed=7)
    chooser = type("Chooser", (), {"rng": rng.seed_state(7)})()
    decided = 0
    while match.result is None and len(match.history) < 300:
        role = match.active[0]
        if role == side:
            action = ai.choose(match, role, "easy", seed=len(match.history))
            assert action in [c.action for c in match.actions(role)]
            match.act(role, action)
            decided += 1
        else:
            choices = match.actions(role)
            match.act(role, choices[rng.randbelow(chooser, len(choices))].action)
    assert decided >= 20                                    # the computer really played
    assert match.result is not None or len(match.history) == 300


def test_the_computer_never_picks_a_step_back_to_a_position_it_left():
    """'Choose another piece' brings back the march it came from: offering it to the search
    let the computer pick and cancel for ever (seen in a campaign)."""
    match = Match.new(AHD, seed=3)
    chooser = type("Chooser", (), {"rng": rng.seed_state(3)})()
    while not (match.state.phase == "march-to"
               and any(c.action.verb == "cancel" for c in match.actions(match.active[0]))
               and len(match.actions(match.active[0])) > 2):
        role = match.active[0]
        choices = match.actions(role)
        match.act(role, choices[rng.randbelow(chooser, len(choices))].action)
    role = match.active[0]
    kept = ai.without_going_back(match, role, match.actions(role))
    assert "cancel" not in [c.action.verb for c in kept] and kept
    assert ai.choose(match, role, "easy", seed=1).verb != "cancel"


# --- Gettysburg 1863: every scenario, both sides ----------------------------------------------

GB = get_rules("gettysburg-1863")


@pytest.mark.parametrize("scenario", GB.scenarios())
@pytest.mark.parametrize("side", ["Union", "Confederate"])
def test_gettysburg_the_computer_only_plays_legal_actions(scenario, side):
    """Computer (easy) against random play, the first 150 actions of every scenario from each
    side: Match.act would refuse an illegal action (no `legal=` shortcut for the computer)."""
    assert side in GB.roles(scenario, {})
    match = Match.new(GB, seed=5, scenario=scenario)
    chooser = type("Chooser", (), {"rng": rng.seed_state(5)})()
    chosen = 0
    while match.result is None and len(match.history) < 150:
        role = match.active[0]
        if role == side:
            match.act(role, ai.choose(match, role, "easy", seed=len(match.history)))
            chosen += 1
        else:
            choices = match.actions(role)
            match.act(role, choices[rng.randbelow(chooser, len(choices))].action)
    assert chosen > 20


@pytest.mark.parametrize("game", ["a-house-divided", "washingtons-war", "gettysburg-1863"])
def test_warming_up_changes_nothing(game):
    """ai.warm_up (run when a game with a computer player opens) searches a little and throws
    the result away: the match, its dice and the next decision are as without it."""
    rules = get_rules(game)
    match, other = Match.new(rules, seed=6), Match.new(rules, seed=6)
    before = (match.state, len(match.history), match.state.rng)
    ai.warm_up(match)
    assert (match.state, len(match.history), match.state.rng) == before
    role = match.active[0]
    assert ai.choose(match, role, "easy", seed=2) == ai.choose(other, role, "easy", seed=2)


def test_the_computer_refuses_a_game_whose_options_hide_what_it_cannot_deal():
    """Gettysburg's fog of war (AMB-31) hides the backs of enemy counters; the game has no way
    to deal them anew for a search, so the computer refuses rather than read them."""
    rules = get_rules("gettysburg-1863")
    fog = Match.new(rules, seed=1, scenario="day-3", options={"fog_of_war": True})
    role = fog.active[0]
    with pytest.raises(ValueError, match="hides information with these options and cannot deal unseen cards"):
        ai.choose(fog, role, "easy", seed=1)
    open_game = Match.new(rules, seed=1, scenario="day-3")
    assert ai.choose(open_game, open_game.active[0], "easy", seed=1) in [
        c.action for c in open_game.actions(open_game.active[0])]


def test_the_search_leaves_shortcuts_out_unless_nothing_else_is_left():
    from core.ai.search import searched
    from core.engine import Action, Choice

    plain, short = Choice(Action("march", "a"), "March"), Choice(Action("pick"), "Pick",
                                                                  shortcut=True)
    assert searched([short, plain]) == [plain]
    assert searched([short]) == [short]


# --- the search's reasons (analyse) ------------------------------------------------------------


def test_analyse_gives_every_move_weighed_with_its_tries_and_value():
    """core.ai.analyse: the move `choose` takes comes first, every root action the search
    weighed with its visits (adding up to the budget) and its mean value for the role."""
    match = Match.new(AHD, seed=5, options={"short_game": True})
    role = match.active[0]
    considered = ai.analyse(match, role, "easy", seed=3)
    assert considered[0].choice.action == ai.choose(match, role, "easy", seed=3)
    assert sum(c.visits for c in considered) == ai.LEVELS["easy"].iterations
    assert [c.visits for c in considered] == sorted((c.visits for c in considered),
                                                    reverse=True)
    legal = {c.action for c in match.actions(role)}
    assert all(c.choice.action in legal and 0.0 <= c.value <= 1.0 for c in considered)


def test_analyse_of_a_forced_move_is_that_move_unsearched():
    match = Match.new(AHD, seed=5, options={"short_game": True})
    while True:
        role = match.active[0]
        choices = match.actions(role)
        if len(choices) == 1:
            break
        match.act(role, choices[0].action)
    assert ai.analyse(match, role, "normal", seed=1) == [ai.Considered(choices[0], 0, None)]


class DitherRules(ToyRules):
    """Toy Race where changing one's mind leaves a mark (a 0 among the rolls) that the
    evaluation rewards North for: every change makes a new position, so no position of the
    stretch comes back, and a search as North would change its mind for ever (as Wellington's
    computer joined and left a move being formed, core.ai.without_going_back)."""

    def __init__(self) -> None:
        super().__init__(id="dither", title="Dither")

    def act(self, state, role, action, legal=None):
        new = super().act(state, role, action, legal)
        if action.verb == "change":
            new.rolls = state.rolls + [0]
        return new

    def evaluate(self, state, role: str) -> float:
        marks = state.rolls.count(0)
        north = 0.5 + 0.4 * marks / (marks + 10)
        return north if role == "North" else 1.0 - north


def test_a_stretch_that_never_repeats_a_position_still_ends():
    rules = DitherRules()
    match = Match.new(rules, seed=1, scenario="short")
    decisions = 0
    while match.state.active == ["North"] and decisions < 3 * ai.LONG_STRETCH:
        match.act("North", ai.choose(match, "North", "easy", seed=decisions))
        decisions += 1
    assert match.state.active == ["South"], "North never rolled"
    assert ai.LONG_STRETCH <= decisions <= ai.LONG_STRETCH + 2
