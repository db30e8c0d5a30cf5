"""Saves written before A House Divided moved to the decision stack still load and continue.

The files in tests/data/saves-v1/ were written by commit d8c3afc (save format 1, A House
Divided rules version "1"); tests/data/saves-v1/README.md says how each was made and
`expected.json` what the old code showed at each (prompt, active roles, turn, player, phase,
result, legal actions). Loading one goes through the format migration chain (1 -> 2: players
named) and, the rules version being another, rebuilds the game by replaying its history with
the installed rules (docs/saves.md, "Loading"). If the rules renamed an action or offered a
choice another way, the replay would stop early and these tests fail.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from core import registry, rng
from core.engine import Action, Match
from saves import autosave, format as save_format, load_match, save_match

DATA = Path(__file__).parent / "data" / "saves-v1"
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
RULES = registry.get_rules("a-house-divided")

# every action of these replays with the installed rules
REPLAYED = ["basic-campaign-battle.muster", "advanced-all-march.muster",
            "1863-leaders-battle-days-recruiting.muster", "short-game-finished.muster",
            "advanced-all-finished.muster"]
IN_PROGRESS = [name for name in REPLAYED if EXPECTED[name]["result"] is None]
FINISHED = [name for name in REPLAYED if EXPECTED[name]["result"] is not None]
# its action 656 is refused by rules version 2 (B5.2.5 read anew): it continues from there
RULES_CHANGED = "union-rail-bonus-rules-changed.muster"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path / "home"))


def saved(name: str) -> dict:
    """The file as written by the old code (format 1), decoded without migrating it."""
    return msgspec.json.decode((DATA / name).read_bytes())


def saved_history(name: str) -> list[tuple[str, Action]]:
    return [(role, Action(verb, noun)) for role, (verb, noun) in saved(name)["history"]]


def copy(name: str, tmp_path: Path) -> Path:
    """Load a copy, so nothing can touch the file in the repository."""
    return Path(shutil.copy(DATA / name, tmp_path / name))


def legal(match: Match, role: str) -> list[list]:
    return [[choice.action.verb, choice.action.noun] for choice in match.actions(role)]


def play_on(match: Match, seed: int, actions: int = 50) -> int:
    """Random legal actions (core/playout.py's policy) until `actions` or the end; how many."""
    chooser = type("Chooser", (), {"rng": rng.seed_state(seed ^ 0x5EED)})()
    taken = 0
    while taken < actions and match.result is None:
        role = next(role for role in match.active if match.actions(role))
        choices = match.actions(role)
        match.act(role, choices[rng.randbelow(chooser, len(choices))].action, legal=choices)
        taken += 1
    return taken


def test_the_files_are_format_1_saves_of_rules_version_1():
    for name in [*REPLAYED, RULES_CHANGED]:
        document = saved(name)
        assert (document["format"], document["game"], document["rules_version"]) == \
            (1, "a-house-divided", "1")
        assert len(document["history"]) == EXPECTED[name]["actions"]
    assert save_format.FORMAT_VERSION > 1 and RULES.version != "1"


@pytest.mark.parametrize("name", REPLAYED)
def test_old_save_replays_whole_with_the_new_rules(name, tmp_path):
    expected = EXPECTED[name]
    path = copy(name, tmp_path)
    match = load_match(path)
    assert match.header.rules_version == RULES.version
    assert (match.header.scenario, match.header.seed) == (expected["scenario"], expected["seed"])
    assert match.header.options == saved(name)["options"]
    assert len(match.history) == expected["actions"]
    assert match.history == saved_history(name)
    assert match.load_notice is None and match.save_path == path
    # format 1 -> 2: "human" became the role's own name, "computer" stayed
    assert match.players == {role: role if who == "human" else who
                             for role, who in (saved(name)["players"] or {}).items()} \
        | {role: role for role in match.roles if role not in saved(name)["players"]}


@pytest.mark.parametrize("name", IN_PROGRESS)
def test_old_save_is_at_the_same_stop(name, tmp_path):
    expected = EXPECTED[name]
    match = load_match(copy(name, tmp_path))
    view = match.view(None)
    assert view.prompt == expected["prompt"]
    assert match.active == expected["active"]
    assert (match.state.turn, match.state.player) == (expected["turn"], expected["player"])
    assert match.result is None
    assert match.state.phase == expected["phase"] or expected["phase"] == "battle"
    if expected["battle_box"]:
        assert match.state.battle is not None and match.state.battle.box == expected["battle_box"]
        assert view.focus is not None  # the battle panel is shown
    for role in match.active:  # the same choices, with the same verbs and nouns
        assert legal(match, role) == expected["legal"][role]


@pytest.mark.parametrize("name", IN_PROGRESS)
def test_old_save_continues(name, tmp_path):
    match = load_match(copy(name, tmp_path))
    role = match.active[0]
    match.act(role, match.actions(role)[0].action)  # the first legal action
    assert play_on(match, seed=EXPECTED[name]["seed"]) > 0
    assert len(match.history) > EXPECTED[name]["actions"]


@pytest.mark.parametrize("name", FINISHED)
def test_finished_old_save_keeps_its_result(name, tmp_path):
    expected = EXPECTED[name]
    match = load_match(copy(name, tmp_path))
    assert match.result == expected["result"]
    assert match.view(None).prompt == expected["prompt"]
    assert match.state.turn == expected["turn"]
    assert match.active == [] and all(match.actions(role) == [] for role in match.roles)


@pytest.mark.parametrize("name", REPLAYED)
def test_resaved_old_game_loads_fast_and_the_same(name, tmp_path, monkeypatch):
    match = load_match(copy(name, tmp_path))
    path = save_match(match, tmp_path / "again.muster")
    document = msgspec.json.decode(path.read_bytes())
    assert (document["format"], document["rules_version"]) == \
        (save_format.FORMAT_VERSION, RULES.version)
    monkeypatch.setattr(Match, "replay", None)  # now the snapshot is trusted
    again = load_match(path)
    assert msgspec.json.encode(again.state) == msgspec.json.encode(match.state)
    assert again.history == match.history


def test_a_renamed_verb_would_be_caught(tmp_path):
    """What these tests guard against: an action of the old history the rules do not know."""
    name = "basic-campaign-battle.muster"
    path = copy(name, tmp_path)
    text = path.read_text(encoding="utf-8")
    assert '["end-movement",null]' in text
    path.write_text(text.replace('["end-movement",null]', '["end-moving",null]'), "utf-8")
    match = load_match(path)
    assert len(match.history) < EXPECTED[name]["actions"]
    assert "end-moving" in match.load_notice


def test_history_the_new_rules_refuse_continues_from_before_the_refused_action(tmp_path):
    """Rules version 2 reads B5.2.5 anew (an enemy recruiting city is any shield the enemy
    holds): the old game's retreat into Union-held St. Louis is refused. The game is rebuilt up
    to that action, says so, and goes on; the file itself is left as it was."""
    path = copy(RULES_CHANGED, tmp_path)
    before = path.read_bytes()
    history = saved_history(RULES_CHANGED)
    match = load_match(path)
    refused = len(match.history)
    assert 0 < refused < len(history)
    assert match.history == history[:refused]
    assert match.header.rules_version == RULES.version
    role, action = history[refused]
    assert action not in [choice.action for choice in match.actions(role)]
    notice = match.load_notice
    assert notice and match.state.log[-1] == notice and match.view(None).log[-1] == notice
    assert f"action {refused + 1} ({role}: {action}" in notice
    assert f"last {len(history) - refused} actions" in notice
    assert match.save_path is None
    assert play_on(match, seed=3) == 50
    new_path = autosave(match)
    assert new_path != path and new_path.exists()
    assert path.read_bytes() == before
    assert load_match(new_path).history == match.history
