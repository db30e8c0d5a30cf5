"""The data-file plumbing every game reads through (core/catalogue.py, issue 18 part 2): a bad
file or a bad entry gives one line naming the file and the entry; a deck is converted card by
card, validated by the game and looked up by number; and the games' own loaders (Washington's
War and Wellington decks and forces) say the same through it. Also the test seam (core/seam.py).
"""
from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from core import catalogue
from core.seam import Seam
from core.wellington import deck as wellington_deck
from core.wellington import forces as wellington_forces
from core.ww import deck as ww_deck
from core.ww import forces as ww_forces


class DataError(ValueError):
    pass


class Piece(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    strength: int


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int
    title: str


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _one_line(exc: BaseException) -> str:
    message = str(exc)
    assert "\n" not in message.strip(), message
    return message


# --- reading TOML into Structs ---------------------------------------------------------------


def test_a_missing_or_broken_file_is_one_line_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        catalogue.read_toml(tmp_path / "pieces.toml", DataError)
    assert _one_line(err.value).startswith("pieces.toml: file not found (")
    broken = _write(tmp_path, "pieces.toml", "[[piece]\nid = 1\n")
    with pytest.raises(DataError) as err:
        catalogue.read_toml(broken, DataError)
    assert _one_line(err.value).startswith("pieces.toml: invalid TOML: ")
    with pytest.raises(DataError) as err:
        catalogue.read_toml(broken, DataError, "deck file")
    assert _one_line(err.value).startswith("pieces.toml: cannot read the deck file: invalid TOML")


def test_a_bad_entry_is_one_line_naming_the_file_and_the_entry(tmp_path: Path) -> None:
    path = _write(tmp_path, "pieces.toml", '[[piece]]\nid = "a"\nstrength = 2\n'
                                           '[[piece]]\nid = "b"\nstrength = "two"\n')
    data = catalogue.read_toml(path, DataError)
    with pytest.raises(DataError) as err:
        catalogue.convert_each(data, "piece", Piece, path.name, DataError,
                               lambda raw: repr(raw.get("id")))
    assert _one_line(err.value) == ("pieces.toml: piece 'b' (#2): Expected `int`, got `str` - "
                                    "at `$.strength`")


def test_good_entries_convert_in_file_order(tmp_path: Path) -> None:
    path = _write(tmp_path, "pieces.toml", '[[piece]]\nid = "a"\nstrength = 2\n'
                                           '[[piece]]\nid = "b"\nstrength = 1\n')
    data = catalogue.read_toml(path, DataError)
    assert catalogue.convert_each(data, "piece", Piece, path.name, DataError,
                                  lambda raw: "") == [Piece("a", 2), Piece("b", 1)]


def test_an_entry_without_a_label_is_named_by_its_place() -> None:
    with pytest.raises(DataError, match=r"^x.toml: piece \(#1\): Object contains unknown "
                                        r"field `colour`"):
        catalogue.convert_each({"piece": [{"id": "a", "strength": 1, "colour": "red"}]}, "piece",
                               Piece, "x.toml", DataError, lambda raw: "")


def test_top_level_keys_unknown_missing_and_not_an_array() -> None:
    with pytest.raises(DataError, match=r"^x.toml: unknown top-level key\(s\) 'peice' "
                                        r"\(expected \[\[piece\]\]\)$"):
        catalogue.check_keys({"peice": []}, (), "x.toml", DataError, optional=("piece",),
                             expected="[[piece]]")
    with pytest.raises(DataError, match=r"^x.toml: missing 'piece'$"):
        catalogue.check_keys({}, ("piece",), "x.toml", DataError)
    with pytest.raises(DataError, match=r"'piece' must be an array of tables"):
        catalogue.entries({"piece": {"id": "a"}}, "piece", "x.toml", DataError)
    catalogue.check_keys({"piece": []}, ("piece",), "x.toml", DataError)


# --- card decks ------------------------------------------------------------------------------


def _naming(entry: object, problem: str) -> DataError:
    number = entry.get("number", "?") if isinstance(entry, dict) else "?"
    return DataError(f"card {number}: {problem}")


def _no_check(cards: object) -> None:
    return None


def test_a_deck_is_read_card_by_card_sorted_and_validated(tmp_path: Path) -> None:
    path = _write(tmp_path, "cards.toml", '[[card]]\nnumber = 2\ntitle = "Two"\n'
                                          '[[card]]\nnumber = 1\ntitle = "One"\n')
    seen: list[tuple[int, ...]] = []
    deck = catalogue.load_deck(path, Card, DataError, _naming,
                               lambda cards: seen.append(tuple(c.number for c in cards)))
    assert deck == (Card(1, "One"), Card(2, "Two")) and seen == [(1, 2)]


def test_a_bad_card_is_one_line_naming_the_card(tmp_path: Path) -> None:
    path = _write(tmp_path, "cards.toml", '[[card]]\nnumber = 1\ntitle = "One"\n'
                                          '[[card]]\nnumber = 7\ntitle = 7\n')
    with pytest.raises(DataError) as err:
        catalogue.load_deck(path, Card, DataError, _naming, _no_check)
    assert _one_line(err.value) == "card 7: Expected `str`, got `int` - at `$.title`"
    with pytest.raises(DataError, match=r"unknown top-level key\(s\) \['cards'\]"):
        catalogue.deck_from_data({"cards": []}, Card, DataError, _naming, _no_check)


def test_the_catalogue_looks_cards_up_by_number_and_title() -> None:
    cards = catalogue.Catalogue("Toy", (Card(1, "One"), Card(2, "Two"), Card(3, "Two")))
    assert cards.card(2) == Card(2, "Two") and cards.by_number[1].title == "One"
    assert cards.by_title("Two") == (Card(2, "Two"), Card(3, "Two"))
    with pytest.raises(KeyError, match=r"no Toy card number 4 \(1\.\.3\)"):
        cards.card(4)
    with pytest.raises(KeyError, match="no Toy card titled 'Three'"):
        cards.by_title("Three")


# --- every game's loaders go through it -------------------------------------------------------


def test_both_card_games_look_up_their_decks_through_the_catalogue() -> None:
    for deck in (ww_deck, wellington_deck):
        assert isinstance(deck.CATALOGUE, catalogue.Catalogue)
        assert deck.CARDS == deck.CATALOGUE.cards and deck.BY_NUMBER is deck.CATALOGUE.by_number
        assert deck.card(17) is deck.CATALOGUE.card(17)
        with pytest.raises(KeyError, match=f"no {deck.CATALOGUE.game} card number 111"):
            deck.card(111)


@pytest.mark.parametrize("load, error, name", [
    (ww_deck.load, ww_deck.DeckError, "cards.toml"),
    (wellington_deck.load, wellington_deck.DeckError, "cards.toml"),
    (ww_forces.load_generals, ww_forces.ForcesError, "generals.toml"),
    (wellington_forces.load_forces, wellington_forces.ForcesError, "forces.toml"),
    (wellington_forces.load_charts, wellington_forces.ForcesError, "reinforcements.toml"),
])
def test_every_loader_names_the_broken_file_in_one_line(tmp_path: Path, load, error,
                                                       name: str) -> None:
    broken = _write(tmp_path, name, "[[card]\n")
    with pytest.raises(error) as err:
        load(broken)
    assert _one_line(err.value).startswith(f"{name}: ")
    assert "invalid TOML" in str(err.value)


def test_a_bad_forces_entry_names_the_file_and_the_entry(tmp_path: Path) -> None:
    text = wellington_forces.FORCES_PATH.read_text(encoding="utf-8")
    old = 'power = "GB"\ninfantry = 14'
    assert old in text
    path = _write(tmp_path, "forces.toml", text.replace(old, 'power = "GB"\ninfantry = "many"'))
    with pytest.raises(wellington_forces.ForcesError) as err:
        wellington_forces.load_forces(path)
    assert _one_line(err.value).startswith("forces.toml: counter_mix GB (#")
    assert "Expected `int`, got `str` - at `$.infantry`" in str(err.value)


# --- the test seam ---------------------------------------------------------------------------


def test_a_seam_gives_its_default_and_a_stand_in_only_within_the_block() -> None:
    seam: Seam[str] = Seam("test_seam", "real")
    assert seam.get() == "real"
    with seam.standing_in("stand-in") as got:
        assert got == "stand-in" and seam.get() == "stand-in"
    assert seam.get() == "real"
    with pytest.raises(RuntimeError), seam.standing_in("stand-in"):
        raise RuntimeError
    assert seam.get() == "real"
