"""The engine contract of DESIGN.md: Match.new / view / act / undo / history / header / replay,
IllegalAction leaving the state untouched, undo barriers, options, the deterministic PRNG."""
from __future__ import annotations

import msgspec
import pytest

from core import rng
from core.engine import (Action, Choice, Header, IllegalAction, Match, State, clone,
                         normalize_options)
from core.registry import game_ids, get_rules
from tests.support.toygame import RULES as TOY
from tests.support.toygame import ToyRules, play


def encoded(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


@pytest.fixture
def rules():
    return get_rules("a-house-divided")


def test_registry_lists_playable_games_and_names_them_on_error() -> None:
    assert game_ids() == ["a-house-divided", "washingtons-war", "gettysburg-1863", "wellington"]
    with pytest.raises(KeyError, match="a-house-divided"):
        get_rules("no-such-game")


def test_match_new_fills_header_and_defaults(rules) -> None:
    match = Match.new(rules, seed=7, scenario=None, options={})
    defaults = {spec.key: spec.default for spec in rules.option_specs()}
    assert match.header == Header(game="a-house-divided", rules_version=rules.version,
                                  scenario="campaign", options=defaults, seed=7)
    assert defaults["short_game"] is False and defaults["inexperienced_union"] is False
    assert match.history == []
    assert match.active == ["Union"]
    assert rules.roles("campaign", {}) == ["Union", "Confederate"]


def test_view_lists_actions_only_for_the_active_role(rules) -> None:
    match = Match.new(rules, seed=1)
    assert match.view("Union").actions
    assert match.view("Confederate").actions == []
    assert match.view(None).actions == []
    assert match.view("Union").actions == match.actions("Union")


def test_illegal_action_leaves_state_untouched(rules) -> None:
    match = Match.new(rules, seed=1)
    before = encoded(match.state)
    for role, action in [("Union", Action("march", "richmond")),
                         ("Confederate", Action("end-movement", None)),
                         ("Union", Action("nonsense", 3))]:
        with pytest.raises(IllegalAction):
            match.act(role, action)
        assert encoded(match.state) == before
        assert match.history == []


def test_actions_accept_tuples_and_record_history(rules) -> None:
    match = Match.new(rules, seed=1)
    match.act("Union", ("march", "washington"))
    assert match.history == [("Union", Action("march", "washington"))]


def test_undo_takes_back_moves_but_not_dice_or_hand_over(rules) -> None:
    match = Match.new(rules, seed=1)
    start = encoded(match.state)
    match.act("Union", Action("march", "washington"))
    match.act("Union", Action("piece", "U-MF-01"))
    assert match.can_undo
    match.undo()
    match.undo()
    assert encoded(match.state) == start and match.history == []
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo()
    # ending the Union turn hands over to the Confederate player (and rolls dice): a barrier
    match.act("Union", Action("end-movement", None))
    while match.active == ["Union"]:
        match.act("Union", match.actions("Union")[-1].action)
    assert match.active == ["Confederate"]
    assert not match.can_undo


def test_replay_rebuilds_the_same_game(rules) -> None:
    match = Match.new(rules, seed=11, options={"short_game": "true"})
    for _ in range(60):
        role = match.active[0]
        match.act(role, match.actions(role)[0].action)
    again = Match.replay(rules, match.header, match.history)
    assert encoded(again.state) == encoded(match.state)
    assert again.history == match.history
    # histories decoded from a save come as lists
    raw = [(role, [a.verb, a.noun]) for role, a in match.history]
    assert encoded(Match.replay(rules, match.header, raw).state) == encoded(match.state)


def test_options_are_typed_and_unknown_ones_refused(rules) -> None:
    assert normalize_options(rules, {"short_game": "yes"})["short_game"] is True
    assert normalize_options(rules, {"short_game": "0"})["short_game"] is False
    with pytest.raises(ValueError, match="unknown option 'fog'"):
        normalize_options(rules, {"fog": True})
    with pytest.raises(ValueError, match="true or false"):
        normalize_options(rules, {"short_game": "maybe"})
    with pytest.raises(ValueError, match="unknown scenario"):
        Match.new(rules, scenario="1999")


def test_clone_is_deep_and_exact(rules) -> None:
    match = Match.new(rules, seed=3)
    copy = clone(match.state)
    assert encoded(copy) == encoded(match.state)
    copy.pieces[0] = msgspec.structs.replace(copy.pieces[0], loc="richmond")  # frozen pieces
    copy.owner["richmond"] = "Union"
    copy.log.append("x")
    assert match.state.pieces[0].loc != "richmond"
    assert match.state.owner["richmond"] == "Confederate"
    assert match.state.log[-1] != "x"


class _Army(msgspec.Struct):
    sp: int
    staff: list[str] = []


class _Holder(msgspec.Struct):
    by_duchy: dict[str, _Army] = {}
    rounds: list[dict[str, _Army]] = []
    maybe: dict[str, list[_Army]] | None = None
    losses: list[tuple[int, str]] = []


def test_clone_keeps_structs_inside_dicts_and_lists() -> None:
    """Structs held as a dict's values (at any depth) come back as Structs of their type,
    copied, not as plain dicts (the round trip decodes as the field's declared type)."""
    holder = _Holder(by_duchy={"burgos": _Army(3)}, rounds=[{"leon": _Army(2, ["soult"])}],
                     maybe={"vitoria": [_Army(1)]}, losses=[(2, "AdN")])
    copy = clone(holder)
    assert copy == holder
    assert type(copy.by_duchy["burgos"]) is _Army and type(copy.rounds[0]["leon"]) is _Army
    assert type(copy.maybe["vitoria"][0]) is _Army
    copy.by_duchy["burgos"].sp = 0
    copy.rounds[0]["leon"].staff.append("jourdan")
    copy.maybe["vitoria"][0].sp = 9
    copy.losses.append((1, "AdS"))
    assert holder == _Holder(by_duchy={"burgos": _Army(3)},
                             rounds=[{"leon": _Army(2, ["soult"])}],
                             maybe={"vitoria": [_Army(1)]}, losses=[(2, "AdN")])


class _Dice(msgspec.Struct):
    rng: int


def test_prng_is_deterministic_and_uniform() -> None:
    a, b = _Dice(rng.seed_state(5)), _Dice(rng.seed_state(5))
    rolls = [rng.roll(a) for _ in range(6000)]
    assert rolls == [rng.roll(b) for _ in range(6000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 800 < rolls.count(face) < 1200
    assert rng.seed_state(5) != rng.seed_state(6)
    items = list(range(10))
    rng.shuffle(a, items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_presets_are_option_sets_the_rules_accept(rules) -> None:
    """Issue #3: presets Basic, Advanced, Advanced with every optional rule."""
    from core.engine import preset_options, presets_of

    keys = [p.key for p in presets_of(rules)]
    assert keys == ["basic", "advanced", "advanced-all"]
    assert preset_options(rules, "basic") == {}
    advanced, everything = preset_options(rules, "advanced"), preset_options(rules, "advanced-all")
    assert set(advanced) < set(everything)
    for key in keys:
        normalize_options(rules, preset_options(rules, key))  # every key is a real option
    with pytest.raises(ValueError, match="unknown preset"):
        preset_options(rules, "expert")


def test_act_with_the_legal_list_still_refuses_what_is_not_in_it(rules) -> None:
    """Match.act(role, action, legal=...) skips re-listing, never the check itself."""
    match = Match.new(rules, seed=1)
    legal = match.actions("Union")
    before = encoded(match.state)
    with pytest.raises(IllegalAction):
        match.act("Union", Action("march", "richmond"), legal=legal)
    assert encoded(match.state) == before
    match.act("Union", legal[0].action, legal=legal)
    again = Match.new(rules, seed=1)
    again.act("Union", legal[0].action)
    assert encoded(again.state) == encoded(match.state)


# --- players: who plays each role (DESIGN "Roles and players") ----------------------------


def test_every_role_is_its_own_player_by_default(rules) -> None:
    match = Match.new(rules, seed=1)
    assert match.players == {"Union": "Union", "Confederate": "Confederate"}
    assert match.player_of("Union") == "Union"
    assert match.roles_of("Confederate") == ["Confederate"]
    assert match.roles_of("Alice") == []


def test_players_are_names_or_the_computer_and_may_hold_several_roles() -> None:
    match = Match.new(TOY, seed=1, players={"North": "Alice", "South": "Alice"})
    assert match.players == {"North": "Alice", "South": "Alice"}
    assert match.roles_of("Alice") == ["North", "South"]
    match = Match.new(TOY, seed=1, players={"South": Match.COMPUTER})
    assert match.players == {"North": "North", "South": "computer"}  # unnamed: the default
    assert match.player_of("South") == "computer" and match.roles_of("computer") == ["South"]


def test_unknown_roles_and_empty_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown role 'East'.*North, South"):
        Match.new(TOY, seed=1, players={"East": "Alice"})
    for empty in ("", "   "):
        with pytest.raises(ValueError, match="South needs a name"):
            Match.new(TOY, seed=1, players={"South": empty})
    with pytest.raises(ValueError, match="unknown role 'East'"):
        Match.new(TOY, seed=1).player_of("East")


def test_replay_keeps_the_players() -> None:
    match = Match.new(TOY, seed=4, players={"North": "Alice", "South": "Bob"})
    play(match, 5)
    again = Match.replay(TOY, match.header, match.history, players=match.players)
    assert again.players == {"North": "Alice", "South": "Bob"}
    assert Match.replay(TOY, match.header, match.history).players == {"North": "North",
                                                                        "South": "South"}


# --- the `legal` list: only Match's own listing is trusted --------------------------------


class TrustingToy(ToyRules):
    """Toy Race whose `act` trusts the `legal` list it is given, as A House Divided's does
    (it checks membership in that list instead of listing the legal actions again)."""

    def __init__(self) -> None:
        super().__init__(id="trusting-toy")
        self.given: list[list[Choice] | None] = []
        self._trusted: list[Choice] | None = None

    def actions(self, state: State, role: str) -> list[Choice]:
        if self._trusted is not None:
            return self._trusted
        return super().actions(state, role)

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State:
        self.given.append(legal)
        self._trusted = legal
        try:
            return super().act(state, role, action)
        finally:
            self._trusted = None


FORGED = Action("pick", 7)  # Toy Race picks 1, 2 or 3


def assert_refused(match: Match, role: str, action: Action, legal: list[Choice] | None) -> None:
    before, history = encoded(match.state), list(match.history)
    with pytest.raises(IllegalAction):
        match.act(role, action, legal=legal)
    assert encoded(match.state) == before and match.history == history


def test_a_forged_legal_list_is_ignored_and_the_action_refused() -> None:
    rules = TrustingToy()
    match = Match.new(rules, seed=1)
    assert_refused(match, "North", FORGED, [Choice(FORGED, "x")])
    assert rules.given == [None]  # the rules checked by themselves
    match.actions("North")  # even right after a listing: a different list is not vouched for
    assert_refused(match, "North", FORGED, [Choice(FORGED, "x")])


def test_the_listed_list_edited_afterwards_cannot_smuggle_an_action_in() -> None:
    match = Match.new(TrustingToy(), seed=1)
    legal = match.actions("North")
    legal.append(Choice(FORGED, "x"))
    assert_refused(match, "North", FORGED, legal)
    legal = match.actions("North")
    legal[0] = Choice(FORGED, "x")
    assert_refused(match, "North", FORGED, legal)
    with pytest.raises(AttributeError):  # a Choice itself cannot be changed (it may be shared)
        legal[1].action = FORGED


def test_the_listed_list_edited_afterwards_is_not_passed_on_even_for_a_legal_action() -> None:
    rules = TrustingToy()
    match = Match.new(rules, seed=1)
    legal = match.actions("North")
    chosen = legal[1].action
    del legal[0]  # still holds the chosen action, but is no longer the list as listed
    match.act("North", chosen, legal=legal)
    assert rules.given[-1] is None  # the rules checked by themselves
    assert match.history == [("North", chosen)]


def test_the_listed_list_is_passed_on_only_for_the_state_and_role_it_was_listed_for() -> None:
    rules = TrustingToy()
    match = Match.new(rules, seed=1)
    legal = match.actions("North")
    match.act("North", legal[1].action, legal=legal)
    assert rules.given[-1] is legal  # the rules were spared a second listing
    match.act("North", Action("change"), legal=legal)  # a list of another state: not passed
    assert rules.given[-1] is None
    assert_refused(match, "North", Action("change"), legal)
    assert match.history == [("North", Action("pick", 2)), ("North", Action("change"))]


def test_a_forged_legal_list_is_refused_in_a_house_divided(rules) -> None:
    match = Match.new(rules, seed=1)
    forged = Action("march", "richmond")
    assert_refused(match, "Union", forged, [Choice(forged, "x")])
    legal = match.actions("Union")
    assert_refused(match, "Union", forged, [*legal, Choice(forged, "x")])
    legal.append(Choice(forged, "x"))
    assert_refused(match, "Union", forged, legal)


@pytest.mark.parametrize("verb, noun", [("space", "richmond"), ("target", "C-MF-01"),
                                        ("recruit-infantry", "chicago"), ("nonsense", None)])
def test_a_verb_of_another_stop_is_an_illegal_action_not_a_crash(rules, verb, noun) -> None:
    """One legality path (core/stack.py): at the Union's movement stop, a verb another stop
    handles is refused with IllegalAction, and nothing changes."""
    match = Match.new(rules, seed=1)
    assert match.state.phase == "movement"
    assert_refused(match, "Union", Action(verb, noun), None)
