"""The save file: its msgspec Structs, the format version and the migration chain.

A save is one JSON object (encoded by msgspec; pretty enough for a player to read):

    {
      "magic": "muster-save",           always this string: "is this a Muster save?"
      "format": 2,                      FORMAT_VERSION when written
      "game": "a-house-divided",        the rules' id
      "rules_version": "1.0",           the rules' version when the snapshot was taken
      "scenario": "...", "options": {...}, "seed": 7,
      "players": {"Union": "Alice", "Confederate": "computer"},    role -> name or "computer"
      "computer_levels": {"Confederate": "hard"},   role -> level of the computer's roles
      "summary": "A House Divided — 1861 — turn 3, Union to play",
      "created": "2026-11-20T15:30:12.123456Z", "updated": "...",   (UTC)
      "history": [["Union", ["space", "boston"]], ...],              one action per line
      "state": {...},                   snapshot of the current State (game-specific Struct)
      "undo": {"start": 12, "state": {...}}   optional: the state undo may go back to
      "preview": {"title": ..., "views": {"": {...}, "Union": {...}}, ...}
                                        optional: what `muster continue` draws first
    }

Every function here works on bytes and knows nothing about rules: the listing decodes
`SaveHeader` (history and state skipped), loading decodes `SaveFile` with the state left as
`msgspec.Raw` for the game's own `state_type` to decode, and `muster continue` first decodes
`SaveStart` (the header and the preview: saves/preview.py).
"""
from __future__ import annotations

import os
from datetime import datetime
from typing import Any, Callable, TypeVar

import msgspec

from core.engine import Action, Card, View
from saves.errors import SaveError

MAGIC = "muster-save"
FORMAT_VERSION = 2

# The migration chain: MIGRATIONS[n] turns the decoded dict of a format-n save into format n+1
# (it may rewrite any field, the state included). load applies them in order up to
# FORMAT_VERSION and sets "format" after each step. Keep every step forever.
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def players_named(document: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2: `players` held "human" or "computer"; now a player's name or "computer".

    A human role gets its default name, the role itself (so two humans still hand over).
    """
    players = document.get("players") or {}
    if not isinstance(players, dict):
        raise TypeError(f"players is {type(players).__name__}, not an object")
    document["players"] = {role: role if who == "human" else who
                           for role, who in players.items()}
    return document


MIGRATIONS: dict[int, Migration] = {1: players_named}


class SaveHeader(msgspec.Struct, kw_only=True):
    """The fields a listing needs: decodable without the game's rules."""

    magic: str
    format: int
    game: str
    rules_version: str
    scenario: str
    options: dict[str, Any] = {}
    seed: int
    players: dict[str, str] = {}
    # role -> level (easy / normal / hard) of each role the computer plays; optional (older
    # saves have none: the computer plays them at normal), so no new format version
    computer_levels: dict[str, str] = {}
    summary: str = ""
    created: datetime
    updated: datetime


class UndoBase(msgspec.Struct):
    """Where undo may go back to (`Match.undo_base`): the state before action `start` of the
    history; every action from there on could still be taken back when the game was saved."""

    start: int
    state: msgspec.Raw


class Preview(msgspec.Struct, kw_only=True):
    """What the game screen draws first when the game is continued, written with the save
    (saves/preview.py) so that the first frame needs no rules: the rules' title, the view of
    the spectator (key "") and of every role (each log cut to its newest lines), the roles to
    act, the result, whether the game hides information, and the last action (the map opens
    where it was played). A log or a set of face-up piles that every view shares is kept once,
    in `log` / `piles`, and left empty in the views."""

    title: str
    views: dict[str, View]
    log: list[str] | None = None
    piles: dict[str, list[Card]] | None = None
    active: list[str] = []
    result: str | None = None
    hidden_info: bool = False
    last: tuple[str, Action] | None = None


NO_PREVIEW = msgspec.Raw(b"null")  # a save without a preview (older ones, or none made)


class SaveFile(SaveHeader, kw_only=True):
    """The whole file. `state` stays raw JSON until the game's `state_type` decodes it.
    `undo` and `preview`: optional (older saves, and games with nothing to undo, have none),
    so no new format version; an older Muster ignores them."""

    history: list[tuple[str, Action]] = []
    state: msgspec.Raw
    undo: UndoBase | None = None
    # a Preview (or null), decoded only by saves/preview.py: a damaged preview costs the fast
    # first frame, never the game
    preview: msgspec.Raw = NO_PREVIEW


class SaveStart(SaveHeader, kw_only=True):
    """The header and the preview (history and state skipped): decodable without rules."""

    preview: msgspec.Raw = NO_PREVIEW


class _Envelope(msgspec.Struct):
    """Just enough to tell what a JSON object is: a Muster save, and which format."""

    magic: Any = None
    format: Any = None


_encoder = msgspec.json.Encoder()
_decoders: dict[type, msgspec.json.Decoder] = {}
T = TypeVar("T", SaveHeader, SaveFile, SaveStart)


def encode(save: SaveFile) -> bytes:
    """The file's bytes: one field per line, one action per line, the state on one line."""
    lines = []
    for name in save.__struct_fields__:
        value = getattr(save, name)
        if name == "history" and value:
            items = b",\n    ".join(_encoder.encode(item) for item in value)
            text = b"[\n    " + items + b"\n  ]"
        else:
            text = _encoder.encode(value)
        lines.append(b"  " + _encoder.encode(name) + b": " + text)
    return b"{\n" + b",\n".join(lines) + b"\n}\n"


def decode(data: bytes, path: str | os.PathLike[str], kind: type[T] = SaveFile) -> T:
    """Decode a save's bytes into `kind` (SaveFile, SaveHeader or SaveStart), migrating old
    formats.

    Raises SaveError naming `path` for anything that is not a readable Muster save.
    """
    decoder = _decoders.get(kind)
    if decoder is None:
        decoder = _decoders[kind] = msgspec.json.Decoder(kind)
    try:  # the common case first: a current save, parsed once
        save = decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        save, failure = None, exc
    else:
        if save.magic == MAGIC and save.format == FORMAT_VERSION:
            return save
        failure = None
    version = check_envelope(data, path)
    if version < FORMAT_VERSION:
        return _decode_migrated(data, version, path, decoder)
    raise SaveError(path, f"the save is damaged ({failure})")


def check_envelope(data: bytes, path: str | os.PathLike[str]) -> int:
    """The format version of a Muster save, or the SaveError saying what the bytes are."""
    if not data.strip():
        raise SaveError(path, "the file is empty, so it is not a Muster save")
    try:
        envelope = msgspec.json.decode(data, type=_Envelope)
    except msgspec.ValidationError:
        raise SaveError(path, f'this is not a Muster save (no "{MAGIC}" marker)') from None
    except msgspec.DecodeError:
        raise SaveError(path, "the file is truncated, corrupted or not a Muster save") from None
    if envelope.magic != MAGIC:
        raise SaveError(path, f'this is not a Muster save (no "{MAGIC}" marker)')
    version = envelope.format
    if type(version) is not int or version < 0:
        raise SaveError(path, f"the save's format version ({version!r}) is missing or invalid")
    if version > FORMAT_VERSION:
        raise SaveError(path, f"the save was written by a newer Muster (format {version}); "
                              f"this one reads up to format {FORMAT_VERSION}")
    return version


def migrate(document: dict[str, Any], version: int,
            path: str | os.PathLike[str]) -> dict[str, Any]:
    """Run the migration chain on a decoded format-`version` save up to FORMAT_VERSION."""
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(path, f"the save is in an old format ({version}) that this Muster "
                                  f"cannot convert to format {FORMAT_VERSION}")
        try:
            document = step(document)
        except Exception as exc:  # a migration meeting a damaged old save
            raise SaveError(path, f"the save could not be converted from format {version} "
                                  f"({type(exc).__name__}: {exc})") from None
        if not isinstance(document, dict):
            raise SaveError(path, f"the migration from format {version} did not give a save")
        version += 1
        document["format"] = version
    return document


def _decode_migrated(data: bytes, version: int, path: str | os.PathLike[str],
                     decoder: msgspec.json.Decoder) -> Any:
    try:
        document = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise SaveError(path, "the file is truncated, corrupted or not a Muster save") from None
    document = migrate(document, version, path)
    try:
        return decoder.decode(_encoder.encode(document))
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError) as exc:
        raise SaveError(path, f"the save is damaged after converting it from format "
                              f"{version} ({exc})") from None
