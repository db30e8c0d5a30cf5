"""Reading a card game's catalogue file: TOML `[[card]]` tables, one per card, each converted
to the game's own msgspec Struct (core/ww/deck.py, core/wellington/deck.py). The game's module
validates what its rules fix; this module only reads, converts and sorts, with errors that
name the file or the card."""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import msgspec

T = TypeVar("T", bound=msgspec.Struct)


def read(path: Path, error: type[Exception]) -> dict[str, Any]:
    """The parsed file; `error` (the game's deck error) when it cannot be read or parsed."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise error(f"{path}: cannot read the deck file: {exc}") from None


def card_tables(raw: Mapping[str, Any], kind: type[T], error: type[Exception],
                naming: Callable[[Any, str], Exception]) -> tuple[T, ...]:
    """The `[[card]]` tables of a parsed deck file as `kind`, sorted by `number`. A file-level
    fault raises `error`; a card that does not convert raises `naming(entry, message)`, the
    game's error naming that card."""
    extra = sorted(set(raw) - {"card"})
    if extra:
        raise error(f"deck file: unknown top-level key(s) {extra}; only [[card]] tables")
    entries = raw.get("card")
    if not isinstance(entries, list):
        raise error("deck file: no [[card]] tables")
    cards: list[T] = []
    for entry in entries:
        if not isinstance(entry, Mapping):
            raise error(f"deck file: a [[card]] entry is not a table: {entry!r}")
        try:
            cards.append(msgspec.convert(dict(entry), kind))
        except msgspec.ValidationError as exc:
            raise naming(entry, str(exc)) from None
    return tuple(sorted(cards, key=lambda c: c.number))  # type: ignore[attr-defined]
