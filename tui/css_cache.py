"""The parsed stylesheet kept in a file, so the app starts without parsing its TCSS again.

    primed = css_cache.prime(app.stylesheet)   # MusterApp.__init__, before Textual parses
    css_cache.store(app.stylesheet, primed)    # after the first frame: for the next start

Textual parses every source of the stylesheet at each start: tui/app.tcss and each widget's
DEFAULT_CSS; reading the parsed rules back instead takes `muster continue` ~6-8 ms less CPU to
its first frame (bench/startup.py, on top of tui/gc_pause.py). The file holds Textual's own parse results (`Stylesheet._parse_rules`,
kept in its `_parse_cache`), each under Textual's own key, which holds the CSS text itself: an
entry is used only for exactly the text it was parsed from. The file is named by a hash of
Textual's version, Python's and the CSS variables (the theme's colours, which parsing
substitutes), and lives in the board cache's folder (maps/cache.py), under the same rules: a
missing, unreadable, corrupt or foreign file, or one that cannot be written, only means the CSS
is parsed as without it; `MUSTER_BOARD_CACHE=0` turns it off. Nothing is stored once the
variables have changed since `prime` (a theme picked at start-up: Textual parses afresh then).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

import textual
from textual.css.model import RuleSet

from maps.cache import cache_dir, enabled

STEM = "stylesheet"
SUFFIX = ".csscache"


def cache_file(variables: dict[str, str]) -> Path:
    """The file of the stylesheets parsed with these CSS variables, by this Textual."""
    digest = hashlib.sha256()
    digest.update(sys.version.encode())
    digest.update(textual.__version__.encode())
    digest.update(repr(sorted(variables.items())).encode())
    return cache_dir() / f"{STEM}-{digest.hexdigest()[:32]}{SUFFIX}"


def _parse_cache(stylesheet: Any) -> Any:
    """Textual's cache of parsed sources on `stylesheet`, or None (a Textual without one, or
    without the other parts read here: then there is no file cache at all)."""
    found = getattr(stylesheet, "_parse_cache", None)
    parts = (hasattr(found, "keys") and hasattr(found, "set") and hasattr(found, "get"),
             isinstance(getattr(stylesheet, "_variables", None), dict),
             isinstance(getattr(stylesheet, "source", None), dict))
    return found if all(parts) else None


Primed = tuple[dict[str, str], set[tuple]]  # the variables primed with, the keys given


def prime(stylesheet: Any) -> Primed | None:
    """Give `stylesheet` the sources parsed before with its variables, if the file has them;
    what `store` needs to know of it (None: nothing to store, another Textual or no cache)."""
    parsed = _parse_cache(stylesheet)
    if parsed is None or not enabled():
        return None
    try:
        variables = dict(stylesheet._variables)
        entries = _read(cache_file(variables))
        for key, rules in entries.items():
            parsed.set(key, rules)
    except Exception:  # the cache never stops the app: Textual parses as without it
        return None
    return variables, set(entries)


def store(stylesheet: Any, primed: Primed | None) -> None:
    """Write what `stylesheet` has parsed, if it parsed a source the file lacked (a first
    start, a changed app.tcss, another widget), and only with the variables it was primed
    with (a theme picked since is parsed afresh, and not stored)."""
    parsed = _parse_cache(stylesheet)
    if parsed is None or primed is None:
        return
    variables, known = primed
    if dict(stylesheet._variables) != variables or set(parsed.keys()) <= known:
        return
    # Textual's key: (css, where it was read from, ...); a place whose text has changed keeps
    # only its new entry, one this start did not use (another screen's) is kept as it was
    try:
        current = {read_from: source[0] for read_from, source in stylesheet.source.items()}
        entries = {key: parsed.get(key) for key in parsed.keys()
                   if current.get(key[1], key[0]) == key[0]}
    except Exception:  # keys or sources not as this module knows them: store nothing
        return
    _write(cache_file(variables), {key: rules for key, rules in entries.items()
                                   if _is_rules(rules)})


def _is_rules(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(rule, RuleSet) for rule in value)


def _read(file: Path) -> dict[tuple, list[RuleSet]]:
    """The entries of the file; none if it is absent, unreadable or not such entries."""
    try:
        with open(file, "rb") as stream:
            entries = pickle.load(stream)
    except Exception:  # absent, unreadable, truncated, from another version: parse instead
        return {}
    if not isinstance(entries, dict) or not all(
            isinstance(key, tuple) and _is_rules(rules) for key, rules in entries.items()):
        return {}
    return entries


def _write(file: Path, entries: dict[tuple, list[RuleSet]]) -> None:
    """Write atomically (a reader never sees half a file); any failure leaves no file."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        data = pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL)
        fd, tmp = tempfile.mkstemp(prefix=file.stem, suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)
            os.replace(tmp, file)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:
        pass
