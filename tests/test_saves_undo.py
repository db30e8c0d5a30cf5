"""Undo survives saving and loading (issue 17, bug 2): the save's optional `undo` field."""
from __future__ import annotations

import msgspec
import pytest

from core import registry
from core.engine import Match
from saves import load_match, save_match


def undoable_march(seed: int = 3) -> tuple[Match, object]:
    match = Match.new(registry.get_rules("a-house-divided"), seed=seed)
    before = match.state
    for choice in match.actions("Union"):
        match.act("Union", choice.action)
        if match.can_undo:
            return match, before
        match = Match.new(match.rules, seed=seed)
    pytest.fail("no undoable first action")


def test_the_undo_stack_is_saved_and_restored(tmp_path):
    match, before = undoable_march()
    second = match.actions("Union")[0]
    match.act("Union", second.action)
    depth = len(match.undoable_states)
    assert depth >= 1
    loaded = load_match(save_match(match, tmp_path / "g.muster"))
    assert len(loaded.undoable_states) == depth
    assert [msgspec.json.encode(s) for s in loaded.undoable_states] == \
        [msgspec.json.encode(s) for s in match.undoable_states]
    while loaded.can_undo:
        loaded.undo()
        match.undo()
        assert loaded.history == match.history
        assert msgspec.json.encode(loaded.state) == msgspec.json.encode(match.state)


def test_a_save_with_nothing_to_undo_has_no_undo_field(tmp_path):
    match = Match.new(registry.get_rules("a-house-divided"), seed=3)
    path = save_match(match, tmp_path / "g.muster")
    assert msgspec.json.decode(path.read_bytes())["undo"] is None
    assert not load_match(path).can_undo


@pytest.mark.parametrize("damage", ["start", "state", "other"])
def test_a_wrong_undo_field_loads_the_game_without_undo(tmp_path, damage):
    match, _ = undoable_march()
    path = save_match(match, tmp_path / "g.muster")
    document = msgspec.json.decode(path.read_bytes())
    if damage == "start":
        document["undo"]["start"] = 5
    elif damage == "state":
        document["undo"]["state"] = {"nonsense": 1}
    else:  # a base that does not lead to the saved state
        document["undo"]["state"] = msgspec.json.decode(msgspec.json.encode(match.state))
    path.write_bytes(msgspec.json.encode(document))
    loaded = load_match(path)
    assert loaded.history == match.history and not loaded.can_undo
    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(match.state)


def test_an_old_save_without_the_field_still_loads(tmp_path):
    match, _ = undoable_march()
    path = save_match(match, tmp_path / "g.muster")
    document = msgspec.json.decode(path.read_bytes())
    del document["undo"]
    path.write_bytes(msgspec.json.encode(document))
    loaded = load_match(path)
    assert loaded.history == match.history and not loaded.can_undo
