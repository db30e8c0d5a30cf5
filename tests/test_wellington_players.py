"""2.1: the players of a Wellington match sit as its `players` split says (Rules.check_players,
called by Match.new; `muster new` reports a refusal in one line)."""
from __future__ import annotations

import pytest

from core.engine import Match
from core.wellington import powers
from core.wellington.rules import RULES
from core.wellington.state import ADN, ADS, GB, SPAIN
from tui import cli


def new(split: str, players: dict[str, str]) -> Match:
    return Match.new(RULES, seed=1, scenario="1812", options={"players": split}, players=players)


def test_two_enemies_held_by_one_player_are_refused():
    with pytest.raises(ValueError, match="ann cannot hold both GB and AdN: they are enemies"):
        new("2", {GB: "ann", SPAIN: "ann", ADS: "bob", ADN: "ann"})
    with pytest.raises(ValueError, match="enemies"):
        new("4", {GB: "ann", ADN: "ann"})


def test_the_right_seating_is_accepted():
    for split, names in (("2", ["ann", "bob"]), ("3-allies", ["ann", "bob", "cy"]),
                         ("3-french", ["ann", "bob", "cy"]), ("4", ["ann", "bob", "cy", "di"])):
        players = powers.players_for(split, names)
        assert new(split, players).players == players


def test_a_seat_split_between_two_players_is_refused():
    with pytest.raises(ValueError, match="one player holds GB and Spain, not ann and bob"):
        new("2", {GB: "ann", SPAIN: "bob"})


def test_two_powers_of_one_side_share_a_player_only_when_the_split_says_so():
    with pytest.raises(ValueError, match="with players=4 they are two players' Powers"):
        new("4", {GB: "ann", SPAIN: "ann"})
    with pytest.raises(ValueError, match="AdS and AdN"):
        new("3-allies", {ADS: "ann", ADN: "ann"})
    assert new("3-french", {ADS: "ann", ADN: "ann"}).roles_of("ann") == [ADS, ADN]


def test_unnamed_and_computer_powers_are_no_ones_seat_mates():
    assert new("2", {}).players == {p: p for p in (GB, ADS, SPAIN, ADN)}
    # the hotseat app seats them: one player per seat, named after it (issue 17, bug 9)
    seated = Match.seated(new("2", {}).rules, "1812", {"players": "2"}, new("2", {}).players)
    assert seated == {GB: "GB+Spain", SPAIN: "GB+Spain", ADS: "AdS+AdN", ADN: "AdS+AdN"}
    everyone = {p: Match.COMPUTER for p in (GB, ADS, SPAIN, ADN)}
    assert new("2", everyone).players == everyone
    assert new("2", {GB: "ann", SPAIN: Match.COMPUTER}).player_of(GB) == "ann"


def test_muster_new_refuses_in_one_line(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path))
    opened = []
    monkeypatch.setattr(cli, "_run_app", lambda **kw: opened.append(kw) or 0)
    code = cli.main(["new", "wellington", "--option", "players=2",
                     "--player", "GB=ann", "--player", "AdN=ann"])
    _, err = capsys.readouterr()
    assert code == 2 and opened == []
    assert err.strip().splitlines() == ["muster: ann cannot hold both GB and AdN: they are "
                                        "enemies (2.1)"]
    code = cli.main(["new", "wellington", "--option", "players=2", "--player", "GB=ann",
                     "--player", "Spain=ann", "--player", "AdS=bob", "--player", "AdN=bob"])
    assert code == 0 and opened[0]["match"].roles_of("bob") == [ADS, ADN]
