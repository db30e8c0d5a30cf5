"""saves/: the file format, atomic writes, listings, autosave, migration and damaged files.

Every test runs with MUSTER_HOME in a temporary folder and the toy game (tests/support/toygame)
registered as "toy", so nothing here depends on a real game or touches the player's saves.
"""
from __future__ import annotations

import errno
import os
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec
import pytest

import saves
from core.engine import Action, IllegalAction, Match
from saves import (SaveError, autosave, latest_save, list_saves, load_match, new_save_path,
                   save_match, saves_dir)
from saves import clock, format as save_format, store
from tests.support.toygame import RULES, ToyRules, play, registered

T0 = datetime(2026, 11, 20, 15, 30, 12, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("MUSTER_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def toy():
    with registered(RULES):
        yield RULES


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def now(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(clock, "utc_now", fake)
    return fake


def new_match(seed: int = 7, scenario: str = "long", steps: int = 9, **options) -> Match:
    match = Match.new(RULES, seed=seed, scenario=scenario, options=options,
                      players={"North": "Alice", "South": "computer"})
    play(match, steps, seed=seed)
    return match


def encoded(state) -> bytes:
    return msgspec.json.encode(state)


def assert_one_sentence(error: SaveError, path: Path) -> str:
    message = str(error)
    assert message.startswith(f"{path.name}: "), message
    assert message.endswith(".") and "\n" not in message and ". " not in message, message
    return message


def edit_json(path: Path, change) -> None:
    document = msgspec.json.decode(path.read_bytes())
    change(document)
    path.write_bytes(msgspec.json.encode(document))


# --- the toy game itself (so a failure below is not a toy bug) --------------------------


def test_toy_game_plays_to_the_end_and_replays_exactly():
    match = new_match(steps=None)
    assert match.result and not match.active
    again = Match.replay(RULES, match.header, match.history)
    assert encoded(again.state) == encoded(match.state)
    fresh = Match.new(RULES, seed=1)
    fresh.act("North", ("pick", 2))
    assert fresh.can_undo  # picking is undoable, rolling is not
    fresh.undo()
    assert fresh.history == []


# --- round trip ------------------------------------------------------------------------


def test_round_trip_gives_the_same_game_and_play_continues_identically(tmp_path):
    match = new_match(sides=8, first="South")
    path = save_match(match, tmp_path / "game.muster")
    assert path == tmp_path / "game.muster" and match.save_path == path

    loaded = load_match(path)
    assert loaded.header == match.header
    assert loaded.history == match.history
    assert encoded(loaded.state) == encoded(match.state)
    assert loaded.players == {"North": "Alice", "South": "computer"}
    assert loaded.save_path == path
    for role in (None, "North", "South"):
        assert loaded.view(role) == match.view(role)

    play(match, None, seed=3)
    play(loaded, None, seed=3)
    assert loaded.history == match.history and loaded.result == match.result
    assert encoded(loaded.state) == encoded(match.state)


@pytest.mark.parametrize("steps", [0, None])
def test_round_trip_of_a_new_and_of_a_finished_game(tmp_path, steps):
    match = new_match(scenario="short", steps=steps)
    loaded = load_match(save_match(match, tmp_path / "g.muster"))
    assert loaded.history == match.history
    assert encoded(loaded.state) == encoded(match.state)
    assert loaded.result == match.result


def test_the_file_is_readable_json_with_the_documented_fields(tmp_path):
    match = new_match()
    document = msgspec.json.decode(save_match(match, tmp_path / "g.muster").read_bytes())
    assert document["magic"] == "muster-save" and document["format"] == 2
    assert (document["game"], document["rules_version"]) == ("toy", "1.0")
    assert (document["scenario"], document["seed"]) == ("long", 7)
    assert document["options"] == {"sides": 6, "first": "North"}
    assert document["players"] == {"North": "Alice", "South": "computer"}
    assert document["history"][0] == ["North", [match.history[0][1].verb,
                                                match.history[0][1].noun]]
    assert len(document["history"]) == len(match.history) == 9
    assert document["state"]["scores"] == match.state.scores
    assert document["summary"].startswith("Toy Race — long — turn ")
    for stamp in (document["created"], document["updated"]):
        assert datetime.fromisoformat(stamp).utcoffset() == timedelta(0)


def test_summary_says_who_is_to_play_or_how_it_ended(tmp_path, now):
    match = new_match(steps=0)
    save_match(match, tmp_path / "a.muster")
    play(match, None)
    save_match(match, tmp_path / "b.muster")
    summaries = {info.path.name: info.summary for info in list_saves(tmp_path)}
    assert summaries["a.muster"] == "Toy Race — long — turn 1, phase pick, North to play"
    assert summaries["b.muster"] == f"Toy Race — long — over: {match.result}"


# --- rules versions: snapshot (fast) or replay -----------------------------------------


def tamper_snapshot(path: Path) -> None:
    edit_json(path, lambda doc: doc["state"]["scores"].update(North=99))


def test_same_rules_version_trusts_the_snapshot(tmp_path, monkeypatch):
    path = save_match(new_match(), tmp_path / "g.muster")
    tamper_snapshot(path)

    def no_replay(*args, **kwargs):
        raise AssertionError("replayed although the rules version is the same")

    monkeypatch.setattr(Match, "replay", no_replay)
    assert load_match(path).state.scores["North"] == 99


def test_other_rules_version_replays_the_history(tmp_path, monkeypatch):
    match = new_match()
    path = save_match(match, tmp_path / "g.muster")
    tamper_snapshot(path)  # the replay must not look at it
    newer = ToyRules(version="2.0")
    with registered(newer):
        loaded = load_match(path)
        assert loaded.rules is newer
        assert loaded.state.scores == match.state.scores and loaded.state.scores["North"] != 99
        assert loaded.history == match.history
        assert loaded.header.rules_version == "2.0"
        assert loaded.players == match.players and loaded.save_path == path

        save_match(loaded, path)  # now written by 2.0: the next load is the fast one
        monkeypatch.setattr(Match, "replay", None)
        assert encoded(load_match(path).state) == encoded(match.state)


def test_history_the_new_rules_refuse_continues_from_before_the_refused_action(tmp_path):
    """Another rules version refusing an old action: the game is rebuilt up to it, says what
    was dropped, and autosaves to a new file (the old one is never overwritten)."""
    match = Match.new(RULES, seed=7)
    match.act("North", ("pick", 2))
    match.act("North", ("roll", None))
    match.act("South", ("pick", 3))
    match.act("South", ("roll", None))
    path = save_match(match, tmp_path / "g.muster")
    before = path.read_bytes()
    with registered(ToyRules(version="2.0", picks=(1, 2))):
        loaded = load_match(path)
        assert loaded.history == match.history[:2]
        assert loaded.header.rules_version == "2.0"
        assert encoded(loaded.state.scores) == encoded(
            Match.replay(loaded.rules, loaded.header, match.history[:2]).state.scores)
        notice = loaded.load_notice
        assert notice.startswith("g.muster was saved with rules version 1.0; ")
        assert "action 3 (South: pick 3: pick 3 is not a legal action now" in notice
        assert "its last 2 actions were not replayed" in notice
        assert loaded.state.log[-1] == notice
        assert loaded.save_path is None
        loaded.act("South", ("pick", 2))
        new_path = autosave(loaded)
        assert new_path != path and path.read_bytes() == before
        assert load_match(new_path).history == loaded.history


def test_history_the_same_rules_refuse_is_a_save_error(tmp_path):
    """Same rules version and a damaged snapshot: the history is the authority, and an action
    it refuses means the file was tampered with, not that the rules changed."""
    match = Match.new(RULES, seed=7)
    match.act("North", ("pick", 3))
    path = save_match(match, tmp_path / "g.muster")
    edit_json(path, lambda doc: doc.update(state={"game": "toy", "turn": "many"},
                                           history=[["North", ["pick", 9]]]))
    with pytest.raises(SaveError) as caught:
        load_match(path)
    message = str(caught.value)
    assert message.startswith("g.muster: ")
    assert "its history cannot be replayed" in message
    assert "pick 9 is not a legal action now" in message
    assert not isinstance(caught.value, IllegalAction)


def test_setup_refusing_the_header_under_new_rules_is_a_save_error(tmp_path):
    path = save_match(new_match(), tmp_path / "g.muster")
    edit_json(path, lambda doc: doc.update(scenario="no-such-scenario"))
    with registered(ToyRules(version="2.0")):
        with pytest.raises(SaveError) as caught:
            load_match(path)
    assert "cannot be replayed with these rules" in str(caught.value)


def test_damaged_snapshot_is_rebuilt_from_the_history(tmp_path):
    match = new_match()
    path = save_match(match, tmp_path / "g.muster")
    edit_json(path, lambda doc: doc.update(state={"game": "toy", "turn": "many"}))
    assert encoded(load_match(path).state) == encoded(match.state)


def test_unknown_game_is_a_save_error_naming_it(tmp_path):
    path = save_match(new_match(), tmp_path / "g.muster")
    edit_json(path, lambda doc: doc.update(game="chess-2099"))
    with pytest.raises(SaveError) as caught:
        load_match(path)
    assert "'chess-2099'" in assert_one_sentence(caught.value, path)
    [info] = list_saves(tmp_path)
    assert info.error and "chess-2099" in info.error and info.summary is None


# --- damaged, foreign and future files -------------------------------------------------


def good_save_bytes(tmp_path: Path) -> bytes:
    return save_match(new_match(), tmp_path / "source.muster").read_bytes()


def _set(**fields):
    def change(data: bytes) -> bytes:
        document = msgspec.json.decode(data)
        document.update(fields)
        return msgspec.json.encode(document)
    return change


def _drop(field):
    def change(data: bytes) -> bytes:
        document = msgspec.json.decode(data)
        del document[field]
        return msgspec.json.encode(document)
    return change


BAD_FILES = {
    "truncated": (lambda data: data[: len(data) // 2], "truncated"),
    "truncated-at-the-end": (lambda data: data.rstrip()[:-1], "truncated"),
    "random-bytes": (lambda data: bytes((i * 97 + 13) % 256 for i in range(700)), "truncated"),
    "png": (lambda data: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(40), "truncated"),
    "empty": (lambda data: b"", "empty"),
    "blank": (lambda data: b"  \n\n", "empty"),
    "foreign-object": (lambda data: b'{"name": "my notes", "items": [1, 2]}', "not a Muster save"),
    "foreign-array": (lambda data: b"[1, 2, 3]", "not a Muster save"),
    "foreign-number": (lambda data: b"42", "not a Muster save"),
    "wrong-magic": (_set(magic="muster-sav"), "not a Muster save"),
    "future-format": (_set(format=3), "written by a newer Muster (format 3); "
                                      "this one reads up to format 2"),
    "bad-format": (_set(format="one"), "format version"),
    "missing-field": (_drop("seed"), "damaged"),
    "wrong-type": (_set(history=[["North", "pick"]]), "damaged"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_is_one_sentence_naming_the_file(tmp_path, name):
    spoil, expected = BAD_FILES[name]
    path = tmp_path / f"{name}.muster"
    path.write_bytes(spoil(good_save_bytes(tmp_path)))
    with pytest.raises(SaveError) as caught:
        load_match(path)
    message = assert_one_sentence(caught.value, path)
    assert expected in message
    assert caught.value.path == path


def test_missing_file_and_folder_are_save_errors(tmp_path):
    with pytest.raises(SaveError, match=r"^nothing\.muster: there is no such file\.$"):
        load_match(tmp_path / "nothing.muster")
    (tmp_path / "folder.muster").mkdir()
    with pytest.raises(SaveError, match="folder"):
        load_match(tmp_path / "folder.muster")


def test_any_damage_gives_a_save_error_or_a_game(tmp_path):
    data = good_save_bytes(tmp_path)
    path = tmp_path / "g.muster"
    for cut in range(0, len(data), max(1, len(data) // 97)):
        for spoiled in (data[:cut], data[:cut] + b"\xff" + data[cut + 1:],
                        data[:cut] + b"}" + data[cut + 1:]):
            path.write_bytes(spoiled)
            try:
                load_match(path)
            except SaveError as error:
                assert_one_sentence(error, path)


# --- migrations ------------------------------------------------------------------------


def old_format_file(tmp_path: Path) -> tuple[Path, Match]:
    """A save as an imaginary format 0 would have written it: `sides` instead of `players`."""
    match = new_match()
    path = save_match(match, tmp_path / "old.muster")

    def to_format_0(doc):
        doc["format"] = 0
        doc["sides"] = doc.pop("players")
    edit_json(path, to_format_0)
    return path, match


def test_older_format_goes_through_the_migration_chain(tmp_path, monkeypatch):
    path, match = old_format_file(tmp_path)
    seen = []

    def from_0(doc):
        seen.append(doc["format"])
        doc["players"] = doc.pop("sides")
        return doc

    monkeypatch.setitem(save_format.MIGRATIONS, 0, from_0)
    loaded = load_match(path)
    assert seen == [0]
    assert loaded.players == match.players and loaded.history == match.history
    assert [info.summary for info in list_saves(tmp_path)] == [
        save_format.decode(path.read_bytes(), path, save_format.SaveHeader).summary]


def test_migrations_run_in_order_up_to_the_current_format(tmp_path, monkeypatch):
    path, match = old_format_file(tmp_path)
    seen = []

    def from_0(doc):
        seen.append((0, doc["format"]))
        doc["players"] = doc.pop("sides")
        return doc

    def from_2(doc):  # an imaginary format 3: after the real step 1 -> 2
        seen.append((2, doc["format"], dict(doc["players"])))
        doc["players"] = {role: "Bob" for role in doc["players"]}
        return doc

    monkeypatch.setattr(save_format, "FORMAT_VERSION", 3)
    monkeypatch.setitem(save_format.MIGRATIONS, 0, from_0)
    monkeypatch.setitem(save_format.MIGRATIONS, 2, from_2)
    loaded = load_match(path)
    assert seen == [(0, 0), (2, 2, {"North": "Alice", "South": "computer"})]
    assert loaded.players == {"North": "Bob", "South": "Bob"}
    resaved = msgspec.json.decode(save_match(loaded, path).read_bytes())
    assert resaved["format"] == 3


# A real format-1 file, as Muster wrote it before players had names (toy, seed 7, short).
FORMAT_1 = """{
  "magic": "muster-save",
  "format": 1,
  "game": "toy",
  "rules_version": "1.0",
  "scenario": "short",
  "options": {"sides":6,"first":"North"},
  "seed": 7,
  "players": {"North":"human","South":"computer"},
  "summary": "Toy Race — short — turn 1, phase pick, South to play",
  "created": "2026-11-24T13:44:14.246262Z",
  "updated": "2026-11-24T13:44:14.246262Z",
  "history": [
    ["North",["pick",2]],
    ["North",["roll",null]]
  ],
  "state": {"game":"toy","scenario":"short","options":{"sides":6,"first":"North"},\
"rng":15511297055138107906,"active":["South"],"log":["Toy Race, short: North plays first.",\
"North picks 2.","North rolls 5 and scores 2."],"result":null,"reveals":0,"turn":1,"turns":3,\
"sides":6,"first":"North","phase":"pick","pick":0,"scores":{"North":2,"South":0},"rolls":[5]}
}
"""


def test_format_1_humans_become_players_named_after_their_role(tmp_path):
    """Format 1 -> 2: "human" becomes the role's default name, "computer" stays."""
    path = tmp_path / "format1.muster"
    path.write_text(FORMAT_1, encoding="utf-8")
    loaded = load_match(path)
    assert loaded.players == {"North": "North", "South": "computer"}
    assert loaded.player_of("North") != loaded.player_of("South")  # two players: a hand-over
    assert loaded.history == [("North", Action("pick", 2)), ("North", Action("roll"))]
    again = Match.replay(RULES, loaded.header, loaded.history)
    assert encoded(loaded.state) == encoded(again.state)
    header = save_format.decode(path.read_bytes(), path, save_format.SaveHeader)
    assert header.format == 2 and header.players == loaded.players
    resaved = msgspec.json.decode(save_match(loaded, path).read_bytes())
    assert resaved["format"] == 2 and resaved["players"] == loaded.players


def test_format_1_without_players_gets_every_role_its_default(tmp_path):
    path = tmp_path / "format1.muster"
    path.write_text(FORMAT_1.replace('{"North":"human","South":"computer"}', "{}"),
                    encoding="utf-8")
    assert load_match(path).players == {"North": "North", "South": "South"}


def test_players_round_trip_with_one_player_holding_both_roles(tmp_path):
    match = Match.new(RULES, seed=2, players={"North": "Alice", "South": "Alice"})
    loaded = load_match(save_match(match, tmp_path / "g.muster"))
    assert loaded.players == {"North": "Alice", "South": "Alice"}
    assert loaded.roles_of("Alice") == ["North", "South"]


def test_a_save_naming_a_role_the_game_lacks_is_a_save_error(tmp_path):
    path = save_match(new_match(), tmp_path / "g.muster")
    edit_json(path, lambda doc: doc["players"].update({"East": "Carol"}))
    with pytest.raises(SaveError, match="players are wrong .*unknown role 'East'") as caught:
        load_match(path)
    assert_one_sentence(caught.value, path)


def test_unconvertible_old_format_is_a_save_error(tmp_path, monkeypatch):
    path, _ = old_format_file(tmp_path)
    with pytest.raises(SaveError, match=r"old format \(0\)"):
        load_match(path)

    def broken(doc):
        raise KeyError("sides")

    monkeypatch.setitem(save_format.MIGRATIONS, 0, broken)
    with pytest.raises(SaveError, match="could not be converted from format 0") as caught:
        load_match(path)
    assert_one_sentence(caught.value, path)


# --- listing ---------------------------------------------------------------------------


def test_list_saves_newest_first_with_damaged_files_listed(now, home):
    folder = saves_dir()
    for name, hour in (("a", 10), ("b", 12), ("c", 11)):
        now.now = T0.replace(hour=hour)
        save_match(new_match(seed=hour), folder / f"{name}.muster")
    damaged = folder / "d.muster"
    damaged.write_bytes(b'{"magic": "muster-save", "format": 1, "game": "to')
    stamp = T0.replace(hour=11, minute=45).timestamp()
    os.utime(damaged, (stamp, stamp))
    (folder / "notes.txt").write_text("not a save")
    (folder / ".a.muster.x1y2.tmp").write_bytes(b"{")  # a temporary left by a killed write
    (folder / "sub.muster").mkdir()

    infos = list_saves()
    assert [info.path.name for info in infos] == ["b.muster", "d.muster", "c.muster", "a.muster"]
    assert [info.updated.hour for info in infos] == [12, 11, 11, 10]
    bad = infos[1]
    assert bad.summary is None and not bad.ok
    assert bad.error.startswith("d.muster: ") and "truncated" in bad.error
    for info in infos[:1] + infos[2:]:
        assert info.ok and info.error is None and info.game == "toy"
        assert info.summary.startswith("Toy Race — long")
        assert load_match(info.path).header.seed == info.updated.hour


def test_latest_save_skips_damaged_files(now):
    assert latest_save() is None
    folder = saves_dir()
    now.now = T0
    older = save_match(new_match(), folder / "older.muster")
    now.now = T0 + timedelta(hours=1)
    newest = save_match(new_match(), folder / "newest.muster")
    assert latest_save() == newest
    newest.write_bytes(newest.read_bytes()[:100])
    future = os.path.getmtime(older) + 3600
    os.utime(newest, (future, future))
    assert list_saves()[0].path == newest and not list_saves()[0].ok
    assert latest_save() == older
    load_match(latest_save())


# --- where saves live ------------------------------------------------------------------


def test_muster_home_is_respected(home, monkeypatch, tmp_path):
    assert saves_dir() == home / "saves" and saves_dir().is_dir()
    path = autosave(new_match())
    assert path.parent == home / "saves"
    assert [info.path for info in list_saves()] == [path]

    monkeypatch.delenv("MUSTER_HOME")
    monkeypatch.setattr("platformdirs.user_data_dir", lambda app: str(tmp_path / "data" / app))
    assert saves_dir() == tmp_path / "data" / "muster" / "saves"
    assert saves_dir().is_dir() and list_saves() == []


# --- atomic writes ---------------------------------------------------------------------


@pytest.mark.parametrize("failure", ["half-written", "replace", "interrupted"])
def test_failed_write_leaves_the_old_save_intact(tmp_path, monkeypatch, failure):
    match = new_match()
    path = save_match(match, tmp_path / "g.muster")
    before = path.read_bytes()
    play(match, 4)

    if failure == "half-written":
        def write_half(handle, data):
            handle.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr(store, "_write", write_half)
        expected = SaveError
    elif failure == "replace":
        def refuse(src, dst):
            raise PermissionError(errno.EACCES, "Permission denied")
        monkeypatch.setattr(store.os, "replace", refuse)
        expected = SaveError
    else:
        def interrupted(handle, data):
            handle.write(data[:10])
            raise KeyboardInterrupt
        monkeypatch.setattr(store, "_write", interrupted)
        expected = KeyboardInterrupt

    with pytest.raises(expected) as caught:
        save_match(match, path)
    monkeypatch.undo()
    if expected is SaveError:
        message = assert_one_sentence(caught.value, path)
        assert "could not be written" in message
        assert failure != "half-written" or "disk is full" in message
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["g.muster"]
    assert len(load_match(path).history) == 9


def test_write_goes_through_a_temporary_file_and_replace(tmp_path, monkeypatch):
    calls = []
    real_replace, real_fsync = os.replace, os.fsync
    monkeypatch.setattr(store.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(store.os, "replace",
                        lambda src, dst: (calls.append(("replace", Path(src).parent,
                                                        Path(dst))), real_replace(src, dst)))
    path = save_match(new_match(), tmp_path / "g.muster")
    assert calls[0] == "fsync"
    assert calls[1] == ("replace", tmp_path, path)
    assert os.listdir(tmp_path) == ["g.muster"]


def test_unwritable_destination_is_a_save_error(tmp_path):
    (tmp_path / "taken.muster").mkdir()
    (tmp_path / "taken.muster" / "x").write_text("keep me")
    with pytest.raises(SaveError, match="could not be written"):
        save_match(new_match(), tmp_path / "taken.muster")
    assert (tmp_path / "taken.muster" / "x").read_text() == "keep me"


# --- autosave, names, timestamps -------------------------------------------------------


def test_autosave_names_a_new_file_then_reuses_it(now):
    match = new_match(seed=7)
    assert getattr(match, "save_path", None) is None
    path = autosave(match)
    stamp = T0.astimezone().strftime("%Y%m%d-%H%M%S")
    assert path == saves_dir() / f"toy-{stamp}-s7.muster"
    assert re.fullmatch(r"toy-\d{8}-\d{6}-s7\.muster", path.name)
    assert match.save_path == path

    play(match, 3)
    assert autosave(match) == path
    assert load_match(path).history == match.history

    other = new_match(seed=7)  # same game, same seed, same second
    second = autosave(other)
    assert second != path and second.name == f"toy-{stamp}-s7-2.muster"
    assert new_save_path("toy", 7) != new_save_path("toy", 7)  # even before anything is written
    assert len(list_saves()) == 2


def test_explicit_save_redirects_later_autosaves(tmp_path):
    match = new_match()
    autosave(match)
    target = save_match(match, tmp_path / "mine.muster")
    play(match, 2)
    assert autosave(match) == target
    assert load_match(target).history == match.history


def test_created_is_kept_and_updated_moves(tmp_path, now):
    match = new_match()
    path = tmp_path / "g.muster"
    save_match(match, path)
    now.now = T0 + timedelta(minutes=5)
    play(match, 2)
    save_match(match, path)
    header = save_format.decode(path.read_bytes(), path, save_format.SaveHeader)
    assert (header.created, header.updated) == (T0, T0 + timedelta(minutes=5))

    loaded = load_match(path)
    now.now = T0 + timedelta(hours=2)
    play(loaded, 1)
    autosave(loaded)
    [info] = list_saves(tmp_path)
    assert (info.created, info.updated) == (T0, T0 + timedelta(hours=2))


def test_public_api_is_exported():
    for name in ("save_match", "load_match", "SaveError", "saves_dir", "list_saves",
                 "latest_save", "autosave", "new_save_path", "SaveInfo"):
        assert hasattr(saves, name), name
    assert issubclass(SaveError, Exception)
