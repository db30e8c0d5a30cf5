"""Saves: one JSON file per game (msgspec), atomic writes, autosave, migration of old formats.

    from saves import save_match, load_match, list_saves, latest_save, autosave, SaveError
    path = autosave(match)            # new file in saves_dir(), then match.save_path
    match = load_match(path)          # SaveError: one sentence naming the file and the problem
    for info in list_saves():         # newest first; damaged files listed with .error
        print(info.path.name, info.summary or info.error)

See docs/saves.md for the file format, versioning and where saves live.
"""
from saves.errors import SaveError
from saves.format import FORMAT_VERSION, MAGIC
from saves.listing import SaveInfo, latest_save, list_saves
from saves.locations import new_save_path, saves_dir
from saves.match_io import autosave, load_match, save_match

__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "SaveError",
    "SaveInfo",
    "autosave",
    "latest_save",
    "list_saves",
    "load_match",
    "new_save_path",
    "save_match",
    "saves_dir",
]
