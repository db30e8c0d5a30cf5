"""A Match to a save file and back: `save_match`, `load_match`, `autosave`."""
from __future__ import annotations

import os
from pathlib import Path

import msgspec

from core import registry
from core.engine import Header, IllegalAction, Match, Rules, as_action
from saves import clock, format, preview, store
from saves.errors import SaveError
from saves.locations import new_save_path
from saves.summary import summarize

_state_decoders: dict[type, msgspec.json.Decoder] = {}
_state_encoder = msgspec.json.Encoder()


def save_match(match: Match, path: str | os.PathLike[str]) -> Path:
    """Write `match` to `path` atomically and return the path.

    Sets `match.save_path` (later autosaves go there) and keeps `match.created`, the time the
    game was first saved, across re-saves. Raises SaveError if the file cannot be written.
    """
    path = Path(path)
    now = clock.utc_now()
    created = getattr(match, "created", None) or now
    header = match.header
    try:  # encoding fails only on a rules bug (a state field msgspec cannot encode)
        state = msgspec.Raw(_state_encoder.encode(match.state))
        data = format.encode(format.SaveFile(
            magic=format.MAGIC,
            format=format.FORMAT_VERSION,
            game=header.game,
            rules_version=header.rules_version,
            scenario=header.scenario,
            options=dict(header.options),
            seed=header.seed,
            players=dict(getattr(match, "players", None) or {}),
            computer_levels=_levels(match),
            summary=summarize(match.rules, match.state),
            created=created,
            updated=now,
            history=[(role, action) for role, action in match.history],
            state=state,
            undo=_undo_base(match),
            preview=preview.preview_of(match),
        ))
    except (msgspec.EncodeError, TypeError, ValueError) as exc:
        raise SaveError(path, f"the game could not be encoded ({exc})") from exc
    store.write_atomic(path, data)
    match.created = created
    match.save_path = path
    return path


def _levels(match: Match) -> dict[str, str]:
    """The levels of the roles the computer plays (`match.computer_levels`, set by the UI)."""
    players = getattr(match, "players", None) or {}
    return {role: str(level) for role, level in
            (getattr(match, "computer_levels", None) or {}).items()
            if players.get(role) == Match.COMPUTER}


def _undo_base(match: Match) -> format.UndoBase | None:
    """The state undo may go back to, so undo survives quitting (None: nothing to undo)."""
    base = getattr(match, "undo_base", None)
    if base is None:
        return None
    state, start = base
    return format.UndoBase(start=start, state=msgspec.Raw(_state_encoder.encode(state)))


def _restore_undo(rules: Rules, match: Match, save: format.SaveFile) -> None:
    """The undo stack of the saved game (what undo could take back when it was saved);
    a base that does not decode or does not lead to the saved state is dropped silently:
    the game itself is whole without it."""
    undo = save.undo
    if undo is None:
        return
    kind = rules.state_type
    try:
        base = _state_decoder(kind).decode(undo.state)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return
    try:
        match.restore_undo(base, undo.start)
    except Exception:  # a rules bug replaying the tail: the game loads, without undo
        return


def autosave(match: Match) -> Path:
    """Save to `match.save_path`, or to a new file in saves_dir() (and remember it)."""
    path = getattr(match, "save_path", None)
    if path is None:
        path = new_save_path(match.header.game, seed=match.header.seed)
    return save_match(match, path)


def load_match(path: str | os.PathLike[str]) -> Match:
    """The game saved in `path`, ready to play; SaveError (one sentence) for any problem.

    Same rules version as the save: the snapshot is decoded (fast). Another version: the game
    is rebuilt by replaying its history with the installed rules, and its header then carries
    the installed version (so the next save of it is fast to load again). If the installed rules
    refuse one of its actions (a rule read differently since), the game is rebuilt up to that
    action and continues from there: `match.load_notice` (also the last line of its log) says
    what was dropped, and `match.save_path` is None, so the file itself is never overwritten
    (the next autosave writes a new one).
    """
    try:
        return _load(Path(path))
    except SaveError:
        raise
    except Exception as exc:  # the promise: nothing but SaveError leaves load_match
        raise SaveError(path, f"the save could not be opened ({type(exc).__name__}: {exc})") \
            from exc


def _load(path: Path) -> Match:
    save = format.decode(store.read_bytes(path), path, format.SaveFile)
    rules = rules_for(save.game, path)
    header = Header(game=save.game, rules_version=save.rules_version, scenario=save.scenario,
                    options=dict(save.options), seed=save.seed)
    history = list(save.history)
    players = _players(rules, header, save.players, path)
    refused = None
    if save.rules_version == rules.version:
        state = _decode_state(rules, save)
        if state is not None:
            match = Match(rules, header, state, history, players=players)
            _restore_undo(rules, match, save)
        else:  # the snapshot is damaged but the history is the authority: rebuild from it
            match = _replay(rules, header, history, players, path,
                            "its saved state is damaged and its history cannot be replayed")
    else:
        match, refused = _replay_prefix(rules, header, history, players, path,
                                        f"the game cannot be replayed with these rules "
                                        f"(version {rules.version}; saved with "
                                        f"{save.rules_version})")
        match.header = msgspec.structs.replace(header, rules_version=rules.version)
    match.created = save.created
    match.save_path = path
    match.load_notice = None
    match.computer_levels = {role: level for role, level in save.computer_levels.items()
                             if match.players.get(role) == Match.COMPUTER}
    if refused is not None:
        _continue_before(match, refused, history, save.rules_version, path)
    return match


def rules_for(game: str, path: str | os.PathLike[str]) -> Rules:
    """The installed rules of `game`, or SaveError naming the game."""
    try:
        return registry.get_rules(game)
    except KeyError as exc:
        reason = exc.args[0] if exc.args else f"unknown game {game!r}"
        raise SaveError(path, f"the save is a game of {game!r}, which this Muster cannot play "
                              f"({reason})") from None
    except Exception as exc:
        raise SaveError(path, f"the rules of {game!r} could not be loaded "
                              f"({type(exc).__name__}: {exc})") from exc


def _players(rules: Rules, header: Header, saved: dict[str, str],
             path: Path) -> dict[str, str]:
    """Every role's player (roles the save does not name get their default), or SaveError."""
    try:
        roles = rules.roles(header.scenario, dict(header.options))
    except Exception:  # a header the rules refuse: building the match says what is wrong
        return dict(saved)
    try:
        players = Match.players_for(roles, saved)
    except ValueError as exc:
        raise SaveError(path, f"the save's players are wrong ({exc})") from None
    try:  # a seat's roles left to their own names are one player (older saves: two)
        return Match.seated(rules, header.scenario, dict(header.options), players)
    except Exception:
        return players


def _state_decoder(kind: type) -> msgspec.json.Decoder:
    decoder = _state_decoders.get(kind)
    if decoder is None:
        decoder = _state_decoders[kind] = msgspec.json.Decoder(kind)
    return decoder


def _decode_state(rules: Rules, save: format.SaveFile):
    try:
        state = _state_decoder(rules.state_type).decode(save.state)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    if state.game != save.game or state.scenario != save.scenario:
        return None
    return state


def _replay_prefix(rules: Rules, header: Header, history: list, players: dict[str, str],
                   path: Path, failure: str) -> tuple[Match, tuple[int, IllegalAction] | None]:
    """Replay `history` as far as `rules` accept it (saves of another rules version).

    Returns the rebuilt match (empty undo stack) and None, or (index, refusal) of the first
    action the rules refuse; the match then stands just before it. A failure that is not a
    refusal (setup rejecting the scenario or options, a rules bug) is SaveError("<failure>: ...").
    """
    try:
        match = Match(rules, header,
                      rules.setup(header.seed, header.scenario, dict(header.options)),
                      players=players)
        refused = None
        for index, (role, action) in enumerate(history):
            try:
                match.act(role, as_action(action))
            except IllegalAction as exc:  # act changed nothing: the game stands before it
                refused = (index, exc)
                break
    except Exception as exc:
        raise SaveError(path, f"{failure}: {type(exc).__name__}: {exc}") from exc
    return Match(rules, header, match.state, match.history, players=players), refused


def _continue_before(match: Match, refused: tuple[int, IllegalAction], history: list,
                     saved_version: str, path: Path) -> None:
    """The game goes on from the first refused action: say so, and keep the file as it is."""
    index, reason = refused
    role, action = history[index]
    dropped = len(history) - index
    notice = (f"{path.name} was saved with rules version {saved_version}; these rules "
              f"(version {match.rules.version}) refuse its action {index + 1} "
              f"({role}: {as_action(action)}: {reason}), so the game continues from just "
              f"before it and its last {dropped} action{'s' if dropped != 1 else ''} "
              f"{'were' if dropped != 1 else 'was'} not replayed. The file is left "
              f"unchanged; this game is saved to a new one.")
    match.state.log.append(notice)
    match.load_notice = notice
    match.save_path = None


def _replay(rules: Rules, header: Header, history: list, players: dict[str, str], path: Path,
            failure: str) -> Match:
    """Rebuild the game from its history, or SaveError("<failure>: <reason>")."""
    try:
        return Match.replay(rules, header, history, players=players)
    except IllegalAction as exc:
        reason = exc
    except Exception as exc:  # setup refusing the scenario or options, a rules bug...
        reason = f"{type(exc).__name__}: {exc}"
    raise SaveError(path, f"{failure}: {reason}")
