"""Reading a game's data files, once for every game: a TOML file into msgspec Structs with an
error naming the file and the entry, and a card game's deck (`[[card]]` tables, validated, looked
up by number).

    read_toml(path, error, what)          the parsed file; `error` naming the file if it cannot
                                          be read or parsed
    convert(raw, kind, fail)              one table as a Struct; `fail(message)` if it does not fit
    check_keys(data, keys, fname, error)  the top-level keys: none unknown, none missing
    convert_each(data, key, kind, ...)    an array of tables entry by entry, so that an error names
                                          the entry: "setup.toml: placement 'boston' (#4): ..."
    load_deck / deck_from_data            a deck file: read, every card converted (an error names
                                          the card), sorted by number, the game's validation run
    Catalogue                             the deck as a game looks it up: `card(number)`,
                                          `by_title(title)`, errors naming the game

Each game keeps its own error class (DeckError, ForcesError...) and its own checks of what its
rules fix; this module only reads, converts and looks up. Used by core/ww (deck.py, forces.py)
and core/wellington (deck.py, forces.py).
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

T = TypeVar("T")
C = TypeVar("C", bound=msgspec.Struct)

Naming = Callable[[Any, str], Exception]   # (a card's table, the problem) -> the game's error


# --- TOML into Structs -----------------------------------------------------------------------


def read_toml(path: Path, error: type[Exception], what: str = "") -> dict[str, Any]:
    """The parsed file. A missing, unreadable or invalid file raises `error` with one line that
    starts with the file's name ("setup.toml: invalid TOML: ..."; with `what`, "cards.toml:
    cannot read the deck file: ...")."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        problem = f"file not found ({path})"
    except (OSError, UnicodeDecodeError) as exc:
        problem = f"cannot read: {exc}"
    except tomllib.TOMLDecodeError as exc:
        problem = f"invalid TOML: {exc}"
    lead = f"cannot read the {what}: " if what else ""
    raise error(f"{path.name}: {lead}{problem}") from None


def convert(raw: object, kind: type[T], fail: Callable[[str], Exception]) -> T:
    """`raw` as a `kind` Struct; `fail(msgspec's message)` is raised if it does not fit."""
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as exc:
        raise fail(str(exc)) from None


def check_keys(data: Mapping[str, Any], keys: Collection[str], fname: str,
               error: type[Exception], optional: Collection[str] = (), expected: str = "") -> None:
    """The top-level keys of a file: every one of `keys` present, nothing but `keys` and
    `optional` (a typo is never ignored)."""
    unknown = sorted(set(data) - set(keys) - set(optional))
    if unknown:
        hint = f" (expected {expected})" if expected else ""
        raise error(f"{fname}: unknown top-level key(s) {', '.join(map(repr, unknown))}{hint}")
    missing = sorted(set(keys) - set(data))
    if missing:
        raise error(f"{fname}: missing {', '.join(map(repr, missing))}")


def entries(data: Mapping[str, Any], key: str, fname: str, error: type[Exception]) -> list[Any]:
    """The array of tables `[[key]]` (empty when absent)."""
    found = data.get(key, [])
    if not isinstance(found, list):
        raise error(f"{fname}: '{key}' must be an array of tables ([[{key}]])")
    return found


def convert_each(data: Mapping[str, Any], key: str, kind: type[T], fname: str,
                 error: type[Exception], label: Callable[[Mapping[str, Any]], str]) -> list[T]:
    """Every entry of `[[key]]` as a `kind`, converted one by one so that an error names its
    entry: "{fname}: {key} {label} (#{n}): {problem}" (`label(entry)`, e.g. its id)."""
    out: list[T] = []
    for index, raw in enumerate(entries(data, key, fname, error)):
        named = label(raw) if isinstance(raw, Mapping) else ""
        where = f"{key} {named} (#{index + 1})" if named else f"{key} (#{index + 1})"
        out.append(convert(raw, kind, lambda msg, where=where: error(f"{fname}: {where}: {msg}")))
    return out


# --- card decks ------------------------------------------------------------------------------


def card_tables(raw: Mapping[str, Any], kind: type[C], error: type[Exception],
                naming: Naming) -> tuple[C, ...]:
    """The `[[card]]` tables of a parsed deck file as `kind`, sorted by `number`. A file-level
    fault raises `error`; a card that does not convert raises `naming(entry, message)`, the
    game's error naming that card."""
    extra = sorted(set(raw) - {"card"})
    if extra:
        raise error(f"deck file: unknown top-level key(s) {extra}; only [[card]] tables")
    tables = raw.get("card")
    if not isinstance(tables, list):
        raise error("deck file: no [[card]] tables")
    cards: list[C] = []
    for entry in tables:
        if not isinstance(entry, Mapping):
            raise error(f"deck file: a [[card]] entry is not a table: {entry!r}")
        cards.append(convert(dict(entry), kind, lambda msg, entry=entry: naming(entry, msg)))
    return tuple(sorted(cards, key=lambda c: c.number))  # type: ignore[attr-defined]


def deck_from_data(raw: Mapping[str, Any], kind: type[C], error: type[Exception],
                   naming: Naming, validate: Callable[[Sequence[C]], None]) -> tuple[C, ...]:
    """A deck from a parsed file: its cards converted, then `validate` (the game's rules)."""
    deck = card_tables(raw, kind, error, naming)
    validate(deck)
    return deck


def load_deck(path: Path, kind: type[C], error: type[Exception], naming: Naming,
              validate: Callable[[Sequence[C]], None]) -> tuple[C, ...]:
    """Read, parse, convert and validate a deck file."""
    return deck_from_data(read_toml(path, error, "deck file"), kind, error, naming, validate)


@dataclass(frozen=True)
class Catalogue(Generic[C]):
    """A game's cards as its rules look them up: by number and by title."""

    game: str                        # "Washington's War": named in the errors
    cards: tuple[C, ...]             # sorted by number
    by_number: dict[int, C] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_number", {c.number: c for c in self.cards})  # type: ignore[attr-defined]

    def card(self, number: int) -> C:
        """The card with this number (KeyError naming the game and the numbers if none)."""
        try:
            return self.by_number[number]
        except KeyError:
            raise KeyError(f"no {self.game} card number {number!r} "
                           f"({min(self.by_number)}..{max(self.by_number)})") from None

    def by_title(self, title: str) -> tuple[C, ...]:
        """Every card with exactly this title (KeyError if none)."""
        found = tuple(c for c in self.cards if c.title == title)  # type: ignore[attr-defined]
        if not found:
            raise KeyError(f"no {self.game} card titled {title!r}")
        return found
