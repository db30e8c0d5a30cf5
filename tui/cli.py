"""The `muster` command.

    muster                                  title screen
    muster continue                         the most recent save
    muster new GAME [--scenario S] [--seed N] [--preset P] [--option KEY=VALUE]...
                    [--player ROLE=NAME]...   who plays a role: a name or "computer"
                    [--computer ROLE[=LEVEL]]... [--level LEVEL]   the computer plays ROLE
    muster load PATH
    muster replay PATH [--role ROLE]        step through a saved game's history
    muster list                             saves, newest first (damaged ones with their error)
    muster online ...                       play on this host's server (tui/online_cli.py)
    muster serve [--socket PATH] [--db PATH]  the server for online play (docs/online.md)

Start-up stays fast: Textual and the app are imported only when a screen opens, game modules
only when a game is needed, argparse (tui/cli_parser.py) only for a command given arguments
or options. Exit codes: 0 fine, 1 nothing to continue / a save that cannot be loaded, 2 bad
arguments (usage errors, unknown game, bad option or scenario).
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tui import gc_pause, session
from tui.computer import COMPUTER, DEFAULT_LEVEL, LEVEL_NAMES

if TYPE_CHECKING:
    import argparse

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command (tui/cli_parser.py: argparse is imported only for it)."""
    from tui.cli_parser import build_parser as build

    return build()


def main(argv: Sequence[str] | None = None) -> int:
    # no garbage collection passes while Muster starts: the app turns the collector on again
    # once its first screen is drawn, and every other command when it is done (tui/gc_pause.py)
    gc_pause.pause()
    try:
        return run_command(argv)
    finally:
        gc_pause.resume()


def run_command(argv: Sequence[str] | None = None) -> int:
    """`main`'s work: parse the arguments and run the command."""
    words = list(sys.argv[1:] if argv is None else argv)
    bare = _bare_command(words)
    if bare is not None:
        return bare()
    from tui.cli_parser import UsageExit

    parser = build_parser()
    try:
        args = parser.parse_args(words)
    except UsageExit:
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version exit 0 through argparse
        return int(exc.code or 0)
    command = args.command
    if command is None:
        return _run_app(start="title")
    if command in NO_ARGUMENTS:
        return NO_ARGUMENTS[command]()
    if command == "serve":
        gc_pause.resume()  # the server runs for days: it collects as any program does
        from online.server import run  # imported only now: the server is not the app
        return run(args.socket, args.db)
    if command == "load":
        return cmd_load(args.path)
    if command == "replay":
        return cmd_replay(args.path, args.role)
    if command == "online":
        from tui import online_cli

        return online_cli.main(args, _run_app)
    if command == "new":
        return cmd_new(args.game, args.scenario, args.seed, args.option, args.preset,
                       args.player, args.computer, args.level)
    parser.print_usage(sys.stderr)  # pragma: no cover - argparse knows every command
    return EXIT_USAGE


def _bare_command(words: list[str]) -> Callable[[], int] | None:
    """The command for `muster` alone or a command that takes no arguments, given without
    any (`muster continue`, the usual start): argparse would parse it to the same command,
    and building its parser of every command is ~5-8 ms of the start (bench/startup.py).
    None for anything else, `--help` included: the parser handles it."""
    if not words:
        return lambda: _run_app(start="title")
    if len(words) == 1:
        return NO_ARGUMENTS.get(words[0])
    return None


# -- commands ---------------------------------------------------------------------------


def cmd_list() -> int:

    try:
        infos = session.listing()
        folder = session.saves_dir()
    except Exception as exc:
        print(f"muster: saves cannot be listed: {exc}", file=sys.stderr)
        return EXIT_FAIL
    if not infos:
        print(f"No saved games in {folder}.")
        return EXIT_OK
    print(f"Saved games in {folder}, newest first:")
    for info in infos:
        stamp = _when(info)
        if info.error is None:
            print(f"  {stamp}  {info.path.name}  {info.summary or ''}".rstrip())
        else:
            # the error sentence already names the file
            name = "" if info.path.name in info.error else f"{info.path.name}  "
            print(f"  {stamp}  {name}DAMAGED: {info.error}")
    return EXIT_OK


def cmd_games() -> int:

    for game_id in session.game_ids():
        try:
            rules = session.get_rules(game_id)
        except Exception as exc:
            print(f"{game_id}: cannot be loaded ({exc})")
            continue
        print(f"{game_id}: {rules.title}")
        print(f"  scenarios: {', '.join(rules.scenarios())}")
        for preset in session.presets_of(rules):
            print(f"  --preset {preset.key}  {preset.label}: {preset.help}")
        for spec in rules.option_specs():
            extra = f" [{spec.balance}]" if spec.balance else ""
            choices = f" ({'|'.join(map(str, spec.choices))})" if spec.choices else ""
            print(f"  --option {spec.key}={spec.default}{choices}  {spec.label}{extra}"
                  + (f": {spec.help}" if spec.help else ""))
    return EXIT_OK


def cmd_continue() -> int:

    try:
        match, info, damaged = session.resume(preview=True)
    except Exception as exc:
        print(f"muster: saves cannot be listed: {exc}", file=sys.stderr)
        return EXIT_FAIL
    notice = session.damaged_notice(damaged, info)
    if match is None:
        if notice:
            print(f"muster: {notice}", file=sys.stderr)
        print(f"muster: no saved game to continue (saves live in {session.saves_dir()}); "
              "start one with: muster new GAME", file=sys.stderr)
        return EXIT_FAIL
    if notice:  # one line, before the app takes the screen
        print(f"muster: {notice}", file=sys.stderr)
    return _run_app(match=match)


def cmd_load(path: Any) -> int:

    try:
        match = session.load(path)
    except Exception as exc:  # SaveError: its message is one sentence naming file and problem
        print(f"muster: {exc}", file=sys.stderr)
        return EXIT_FAIL
    return _run_app(match=match)


def cmd_replay(path: Any, role: str | None = None) -> int:
    """The history of a save, alone (the save is read, never written)."""

    try:
        match = session.load(path)
    except Exception as exc:  # SaveError: its message is one sentence naming file and problem
        print(f"muster: {exc}", file=sys.stderr)
        return EXIT_FAIL
    if role is not None and role not in match.roles:
        print(f"muster: unknown role {role!r} for {match.rules.id} "
              f"(roles: {', '.join(match.roles)})", file=sys.stderr)
        return EXIT_USAGE
    return _run_app(match=match, start="replay", role=role)


def cmd_new(game: str, scenario: str | None, seed: int | None, raw_options: list[str],
            preset: str | None = None, raw_players: list[str] | None = None,
            raw_computers: list[str] | None = None, level: str | None = None) -> int:

    known = session.game_ids()
    if game not in known:
        print(f"muster: unknown game {game!r}; known games: {', '.join(known) or 'none'}",
              file=sys.stderr)
        return EXIT_USAGE
    options = _pairs(raw_options, "option", "KEY=VALUE")
    if options is None:
        return EXIT_USAGE
    players = _pairs(raw_players or [], "player", "ROLE=NAME")
    if players is None:
        return EXIT_USAGE
    chosen = _computers(players, raw_computers or [], level)
    if chosen is None:
        return EXIT_USAGE
    players, levels = chosen
    try:
        match = session.new_match(game, scenario, seed, options, preset, players, levels)
    except (KeyError, ValueError) as exc:
        message = exc.args[0] if exc.args else str(exc)
        print(f"muster: {message}", file=sys.stderr)
        return EXIT_USAGE
    return _run_app(match=match)


def _computers(players: dict[str, str], items: list[str], level: str | None
               ) -> tuple[dict[str, str], dict[str, str]] | None:
    """`--computer ROLE[=LEVEL]` and `--level` folded into (players, levels); None (after
    one line saying what is wrong) for a bad level, or a role given to a person too."""

    players = dict(players)
    levels: dict[str, str] = {}
    default = DEFAULT_LEVEL if level is None else level.strip()
    for item in items:
        role, sep, own = item.partition("=")
        role, own = role.strip(), own.strip()
        if not role or (sep and not own):
            print(f"muster: bad computer {item!r}: write it as ROLE or ROLE=LEVEL",
                  file=sys.stderr)
            return None
        if players.get(role, COMPUTER) != COMPUTER:
            print(f"muster: {role} cannot be played both by {players[role]} and by the "
                  "computer", file=sys.stderr)
            return None
        players[role] = COMPUTER
        levels[role] = own or default
    for role, name in players.items():  # --player ROLE=computer plays at --level
        if name == COMPUTER:
            levels.setdefault(role, default)
    if level is not None and not levels:
        print(f"muster: --level {level} needs a role for the computer: add --computer ROLE",
              file=sys.stderr)
        return None
    for name in levels.values():
        if name not in LEVEL_NAMES:
            print(f"muster: unknown level {name!r} (levels: {', '.join(LEVEL_NAMES)})",
                  file=sys.stderr)
            return None
    return players, levels


def _pairs(items: list[str], what: str, form: str) -> dict[str, str] | None:
    """`KEY=VALUE` arguments as a dict; None (after saying which one is bad) if one is not."""
    pairs: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            print(f"muster: bad {what} {item!r}: write it as {form}", file=sys.stderr)
            return None
        pairs[key.strip()] = value.strip()
    return pairs


# -- the app ----------------------------------------------------------------------------


def _when(info: Any) -> str:
    try:
        return info.updated.astimezone().strftime("%Y-%m-%d %H:%M")
    except Exception:
        return "????-??-?? ??:??"


def _run_app(match: Any = None, start: str = "title", role: str | None = None,
             **online: Any) -> int:
    """Open the app (imported only now) and block until it quits. `start="replay"`: the
    history of `match` alone, as `role` sees it (None: the spectator); `start="online"`:
    the Online screen (`online`: MusterApp's online_server, online_game)."""
    missing = not_a_terminal()
    if missing:
        print(f"muster: the game needs a terminal, and its {missing} is not one (run it in a "
              "terminal; over SSH with `ssh -t`)", file=sys.stderr)
        return EXIT_FAIL
    from tui.app import MusterApp

    app = MusterApp(match=match, start=start, role=role, **online)
    app.run()
    return EXIT_OK if app.return_code in (None, 0) else int(app.return_code)


def not_a_terminal() -> str | None:
    """Which of the app's streams is not a terminal ("input" or "output"), or None: the app
    reads keys from stdin and Textual draws on stderr. Without the check, an app whose input
    is /dev/null or a closed pipe read end-of-file for ever at 100% CPU, drawing for no one."""
    for name, stream in (("input", sys.__stdin__), ("output", sys.__stderr__)):
        try:
            if stream is None or not stream.isatty():
                return name
        except ValueError:  # closed
            return name
    return None


# the commands that take no arguments, by name (`run_command` and `_bare_command`)
NO_ARGUMENTS: dict[str, Callable[[], int]] = {
    "continue": cmd_continue, "list": cmd_list, "games": cmd_games}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
