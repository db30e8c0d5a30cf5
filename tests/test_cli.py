"""The `muster` command line, run in-process (tui.cli.main) with the app patched out."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.engine import Match
from tests.support.toygame import registered
from tests.support.tui_toy import RULES
from tui import cli

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def toy():
    with registered(RULES):
        yield RULES


@pytest.fixture
def launched(monkeypatch):
    """Replace the app with a recorder: what would have been opened, and how."""
    calls = []

    def fake_run(match=None, start="title", role=None):
        calls.append((match, start) if role is None else (match, start, role))
        return 0

    monkeypatch.setattr(cli, "_run_app", fake_run)
    return calls


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_exits_zero_and_names_every_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("continue", "new", "load", "list"):
        assert command in out


def test_games_lists_every_game_with_its_options(capsys):
    """`muster games` names every registered game, its scenarios and each option with its
    choices (Wellington's #5 option has numbers for choices)."""
    from core.registry import game_ids, get_rules

    code, out, _ = run(capsys, "games")
    assert code == 0
    for game_id in game_ids():
        rules = get_rules(game_id)
        assert f"{game_id}: {rules.title}" in out
        for spec in rules.option_specs():
            assert f"--option {spec.key}={spec.default}" in out
            if spec.choices:
                assert "|".join(str(c) for c in spec.choices) in out


def test_subcommand_help(capsys):
    code, out, _ = run(capsys, "new", "--help")
    assert code == 0
    assert "--scenario" in out and "--seed" in out and "--option" in out


@pytest.mark.parametrize("argv", [["bogus"], ["new"], ["load"], ["new", "x", "--seed", "abc"],
                                  ["list", "extra"], ["--nope"]])
def test_usage_errors_exit_2_with_a_usage_line(capsys, argv, launched):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "usage:" in err
    assert launched == []


def test_unknown_game_names_the_known_ones(capsys, toy, launched):
    code, _, err = run(capsys, "new", "no-such-game")
    assert code == 2
    assert "no-such-game" in err
    assert "tui-toy" in err and "a-house-divided" in err
    assert launched == []


def test_bad_option_is_one_line_and_exit_2(capsys, toy, launched):
    code, _, err = run(capsys, "new", "tui-toy", "--option", "nonsense=1")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "nonsense" in err
    code, _, err = run(capsys, "new", "tui-toy", "--option", "marches")
    assert code == 2 and "KEY=VALUE" in err
    code, _, err = run(capsys, "new", "tui-toy", "--option", "marches=many")
    assert code == 2 and "marches" in err
    code, _, err = run(capsys, "new", "tui-toy", "--scenario", "epic")
    assert code == 2 and "epic" in err
    assert launched == []


def test_new_opens_the_game_with_seed_scenario_and_options(capsys, toy, launched):
    code, _, _ = run(capsys, "new", "tui-toy", "--scenario", "short", "--seed", "42",
                     "--option", "marches=3", "--option", "weather=rain")
    assert code == 0
    (match, _), = launched
    assert match.header.seed == 42 and match.header.scenario == "short"
    assert match.header.options["marches"] == 3 and match.header.options["weather"] == "rain"


def test_new_without_seed_draws_one(capsys, toy, launched):
    run(capsys, "new", "tui-toy")
    run(capsys, "new", "tui-toy")
    seeds = {match.header.seed for match, _ in launched}
    assert all(isinstance(seed, int) for seed in seeds)
    assert len(seeds) == 2  # fresh from os.urandom each time (1 in a million to collide)


def test_list_with_no_saves(capsys, home):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "No saved games" in out


def test_list_shows_saves_newest_first_and_damaged_ones(capsys, toy, home):
    import os

    import saves

    older = Match.new(RULES, seed=1)
    older_path = saves.autosave(older)
    newer = Match.new(RULES, seed=2)
    newer.act("Red", ("end", None))
    newer_path = saves.autosave(newer)
    os.utime(older_path, (1, 1))
    broken = saves.saves_dir() / "broken.muster"
    broken.write_bytes(b"\x00not a save")
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(lines) == 3
    ok = [line for line in lines if "DAMAGED" not in line]
    assert newer_path.name in ok[0] and older_path.name in ok[1]
    damaged, = [line for line in lines if "DAMAGED" in line]
    assert "broken.muster" in damaged


def test_continue_without_saves_is_a_clear_message_and_exit_1(capsys, launched):
    code, _, err = run(capsys, "continue")
    assert code == 1
    assert "no saved game" in err.lower()
    assert launched == []


def test_continue_opens_the_latest_save(capsys, toy, launched):
    import saves

    match = Match.new(RULES, seed=9)
    match.act("Red", ("march", "mill"))
    saves.autosave(match)
    code, _, _ = run(capsys, "continue")
    assert code == 0
    (loaded, _), = launched
    assert loaded.history == match.history
    assert loaded.view("Red") == match.view("Red")


def test_continue_past_a_damaged_newest_save_says_so_on_stderr(capsys, toy, launched):
    """Issue 7.7: Continue names the damaged newest save and what it opens instead."""
    import os
    import time

    import saves

    match = Match.new(RULES, seed=9)
    match.act("Red", ("march", "mill"))
    path = saves.autosave(match)
    broken = saves.saves_dir() / "broken.muster"
    broken.write_bytes(b"{ truncated")
    later = time.time() + 60
    os.utime(broken, (later, later))
    code, _, err = run(capsys, "continue")
    assert code == 0
    (loaded, _), = launched
    assert loaded.history == match.history
    line, = err.strip().splitlines()
    assert line.startswith("muster: the newest save broken.muster is damaged (")
    assert "truncated, corrupted" in line and "continuing" in line and "instead" in line
    assert saves.list_saves()[1].summary in line
    assert broken.exists() and path.exists()  # nothing is deleted or repaired


def test_continue_with_only_damaged_saves_names_them_and_exits_1(capsys, home, launched):
    import saves

    (saves.saves_dir() / "broken.muster").write_bytes(b"junk")
    code, _, err = run(capsys, "continue")
    assert code == 1 and launched == []
    assert "broken.muster is damaged" in err and "no saved game" in err.lower()


def test_load_a_damaged_file_prints_its_sentence_and_exits_1(capsys, home, launched):
    bad = home / "bad.muster"
    bad.write_text("not a save at all")
    code, _, err = run(capsys, "load", str(bad))
    assert code == 1
    assert "bad.muster" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "load", str(home / "missing.muster"))
    assert code == 1 and "missing.muster" in err
    assert launched == []


def test_load_opens_the_game(capsys, toy, home, launched):
    import saves

    match = Match.new(RULES, seed=5)
    path = saves.save_match(match, home / "mine.muster")
    code, _, _ = run(capsys, "load", str(path))
    assert code == 0
    (loaded, _), = launched
    assert loaded.header == match.header


def test_no_arguments_opens_the_title_screen(capsys, launched):
    assert cli.main([]) == 0
    assert launched == [(None, "title")]


def test_help_and_list_do_not_import_textual_or_games(home):
    code = ("import sys; from tui.cli import main; main(['list']); main(['--help']); "
            "bad = [m for m in sys.modules if m.startswith(('textual', 'core.ahd', 'maps'))]; "
            "print('BAD', bad)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, env={"MUSTER_HOME": str(home), "PATH": ""}, timeout=60)
    assert "BAD []" in out.stdout, out.stdout + out.stderr


def test_new_with_a_preset_and_an_override(capsys, launched):
    """Issue: presets Basic / Advanced / Advanced with every optional rule at New Game."""
    assert cli.main(["new", "a-house-divided", "--seed", "4", "--preset", "advanced",
                     "--option", "supply=false"]) == 0
    match, _ = launched[-1]
    options = match.header.options
    assert options["battle_days"] is True and options["supply"] is False
    assert cli.main(["new", "a-house-divided", "--preset", "nope"]) == 2
    assert "known: basic, advanced, advanced-all" in capsys.readouterr().err


def test_continue_path_does_not_import_networkx(home):
    """Start-up speed: networkx (the slowest import) is loaded only when a graph query needs
    it, not to open the app, load a game and draw its view (bench.startup)."""
    code = ("import sys; from core.registry import get_rules; from core.engine import Match; "
            "import saves, tui.app; m = Match.new(get_rules('a-house-divided'), seed=1); "
            "m.view('Union'); m.rules.board(); print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_new_with_players(capsys, toy, launched):
    """`--player ROLE=NAME` (repeatable) sets Match.players; unnamed roles keep their own."""
    code, _, _ = run(capsys, "new", "tui-toy", "--seed", "1", "--player", "Red=Alice")
    assert code == 0
    match, _ = launched[-1]
    assert match.players == {"Red": "Alice", "Blue": "Blue"}
    code, _, _ = run(capsys, "new", "tui-toy", "--player", "Red=Alice", "--player",
                     "Blue = Alice ")
    assert code == 0
    assert launched[-1][0].roles_of("Alice") == ["Red", "Blue"]
    run(capsys, "new", "tui-toy", "--player", "Blue=computer")
    assert launched[-1][0].player_of("Blue") == "computer"


@pytest.mark.parametrize("player, words", [("Green=Alice", ["unknown role 'Green'", "Red, Blue"]),
                                           ("Red", ["ROLE=NAME"]), ("=Alice", ["ROLE=NAME"]),
                                           ("Red=", ["Red needs a name"])])
def test_a_bad_player_is_one_line_and_exit_2(capsys, toy, launched, player, words):
    code, _, err = run(capsys, "new", "tui-toy", "--player", player)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("muster: ")
    for word in words:
        assert word in err
    assert launched == []


def test_new_help_shows_the_player_flag(capsys):
    code, out, _ = run(capsys, "new", "--help")
    assert code == 0 and "--player ROLE=NAME" in out


# -- playing against the computer (issue 11, part 3) -----------------------------------------


def test_new_with_the_computer_playing_a_role(capsys, toy, launched):
    """`--computer ROLE` (repeatable) gives ROLE to the computer at `--level` (default
    normal); `ROLE=LEVEL` sets one role's level. The levels go with the match (and its saves)."""
    from tui.computer import level_of

    code, _, _ = run(capsys, "new", "tui-toy", "--computer", "Blue")
    assert code == 0
    match, _ = launched[-1]
    assert match.players == {"Red": "Red", "Blue": "computer"}
    assert match.computer_levels == {"Blue": "normal"}
    run(capsys, "new", "tui-toy", "--computer", "Blue", "--level", "hard")
    assert launched[-1][0].computer_levels == {"Blue": "hard"}
    # computer against computer, one level each (watching)
    code, _, _ = run(capsys, "new", "tui-toy", "--computer", "Red=easy", "--computer", "Blue",
                     "--level", "hard")
    assert code == 0
    match = launched[-1][0]
    assert match.roles_of("computer") == ["Red", "Blue"]
    assert (level_of(match, "Red"), level_of(match, "Blue")) == ("easy", "hard")
    # --player ROLE=computer plays at --level too; --player names the other role's person
    run(capsys, "new", "tui-toy", "--player", "Blue=computer", "--player", "Red=Alice",
        "--level", "easy")
    match = launched[-1][0]
    assert match.players == {"Red": "Alice", "Blue": "computer"}
    assert match.computer_levels == {"Blue": "easy"}


@pytest.mark.parametrize("argv, words", [
    (["--computer", "Green"], ["unknown role 'Green'"]),
    (["--computer", "Blue", "--level", "genius"], ["unknown level 'genius'", "easy, normal, hard"]),
    (["--computer", "Blue=genius"], ["unknown level 'genius'"]),
    (["--computer", "Blue="], ["ROLE or ROLE=LEVEL"]),
    (["--computer", "=hard"], ["ROLE or ROLE=LEVEL"]),
    (["--player", "Blue=Bob", "--computer", "Blue"], ["Blue", "Bob", "computer"]),
    (["--level", "hard"], ["--computer ROLE"]),
])
def test_a_bad_computer_option_is_one_line_and_exit_2(capsys, toy, launched, argv, words):
    code, _, err = run(capsys, "new", "tui-toy", *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("muster: ")
    for word in words:
        assert word in err
    assert launched == []


def test_new_help_shows_the_computer_options(capsys):
    from core.ai import LEVELS

    code, out, _ = run(capsys, "new", "--help")
    assert code == 0 and "--computer ROLE[=LEVEL]" in out and "--level LEVEL" in out
    for level in LEVELS:
        assert level in out


def test_continue_keeps_the_computer_and_its_level(capsys, toy, launched):
    import saves
    from tui.computer import level_of

    assert cli.main(["new", "tui-toy", "--seed", "4", "--computer", "Blue=hard"]) == 0
    saves.autosave(launched[-1][0])
    assert cli.main(["continue"]) == 0
    resumed, _ = launched[-1]
    assert resumed.player_of("Blue") == "computer" and level_of(resumed, "Blue") == "hard"


# -- muster replay PATH (issue 7 part 6: history) ---------------------------------------------


def test_replay_opens_the_history_of_a_save_as_the_spectator(capsys, toy, home, launched):
    import saves

    match = Match.new(RULES, seed=5)
    role = match.active[0]
    match.act(role, match.actions(role)[-1].action)
    path = saves.save_match(match, home / "mine.muster")
    before = path.read_bytes()
    code, _, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    (loaded, start), = launched
    assert start == "replay" and loaded.history == match.history
    assert path.read_bytes() == before  # read, never written


def test_replay_with_a_role(capsys, toy, home, launched):
    import saves

    path = saves.save_match(Match.new(RULES, seed=5), home / "mine.muster")
    code, _, _ = run(capsys, "replay", str(path), "--role", "Blue")
    assert code == 0
    (_, start, role), = launched
    assert (start, role) == ("replay", "Blue")


def test_replay_with_an_unknown_role_names_the_roles_and_exits_2(capsys, toy, home, launched):
    import saves

    path = saves.save_match(Match.new(RULES, seed=5), home / "mine.muster")
    code, _, err = run(capsys, "replay", str(path), "--role", "Green")
    assert code == 2 and launched == []
    assert "Green" in err and "Red, Blue" in err and len(err.strip().splitlines()) == 1


def test_replay_of_a_damaged_or_missing_file_exits_1(capsys, home, launched):
    bad = home / "bad.muster"
    bad.write_text("not a save at all")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1 and "bad.muster" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "replay", str(home / "missing.muster"))
    assert code == 1 and "missing.muster" in err
    assert launched == []


def test_replay_usage_and_help(capsys, launched):
    code, _, err = run(capsys, "replay")
    assert code == 2 and "usage:" in err
    code, out, _ = run(capsys, "replay", "--help")
    assert code == 0 and "--role" in out and "spectator" in out
    code, out, _ = run(capsys, "--help")
    assert "replay" in out
    assert launched == []


@pytest.mark.parametrize("missing", ["input", "output"])
def test_the_app_refuses_to_start_without_a_terminal(home, missing):
    """Input from /dev/null (a job started without a terminal) made Textual read end-of-file
    for ever at 100% CPU, drawing for no one; now `muster` says so in one line and ends.
    The other stream is a terminal, so only the one missing is to blame."""
    import os
    import pty

    master, slave = pty.openpty()
    streams = {"stdin": subprocess.DEVNULL, "stderr": slave} if missing == "input" \
        else {"stdin": slave, "stderr": subprocess.PIPE}
    try:
        proc = subprocess.run([sys.executable, "-m", "tui"], cwd=ROOT, timeout=60,
                              stdout=subprocess.PIPE, **streams)
        said = os.read(master, 4096).decode() if missing == "input" else proc.stderr.decode()
    finally:
        os.close(master)
        os.close(slave)
    assert proc.returncode == cli.EXIT_FAIL
    assert f"the game needs a terminal, and its {missing} is not one" in said
    assert said.count("\n") <= 1
