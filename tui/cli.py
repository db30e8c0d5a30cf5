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
only when a game is needed. Exit codes: 0 fine, 1 nothing to continue / a save that cannot be
loaded, 2 bad arguments (usage errors, unknown game, bad option or scenario).
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from tui import gc_pause, online_cli  # online_cli: argparse only, its work imported when run
from tui import session
from tui.computer import COMPUTER, DEFAULT_LEVEL, LEVEL_NAMES

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse, but errors print to our stderr (tests capture it) and exit 2 by exception."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise _UsageExit()


class _UsageExit(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:

    parser = _Parser(
        prog="muster",
        description="Complete board wargames in a terminal: hotseat on one keyboard or over "
                    "SSH, every rule enforced, any game resumable in one keystroke. "
                    "With no command: the title screen.",
        epilog="Saves live in $MUSTER_HOME/saves when MUSTER_HOME is set, else in the "
               "platform's user data folder. In a game press ? for every key.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.add_parser("continue", help="resume the most recent saved game",
                        description="Resume the most recent saved game.")
    new = commands.add_parser(
        "new", help="start a new game", description="Start a new game.",
        epilog="`muster games` lists the games with their scenarios and options.")
    new.add_argument("game", metavar="GAME", help="game id, e.g. a-house-divided")
    new.add_argument("--scenario", metavar="S", help="scenario (default: the game's first)")
    new.add_argument("--seed", metavar="N", type=int,
                     help="random seed (default: a fresh one, shown in the header)")
    new.add_argument("--preset", metavar="P",
                     help="a set of options, e.g. basic, advanced, advanced-all "
                          "(`muster games` lists them); --option overrides it")
    new.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                     help="a game option; repeat for several")
    new.add_argument("--player", metavar="ROLE=NAME", action="append", default=[],
                     help="who plays ROLE: a name, or computer; repeat for several (one "
                          "name may hold several roles; default: each role its own player)")
    new.add_argument("--computer", metavar="ROLE[=LEVEL]", action="append", default=[],
                     help="the computer plays ROLE (at LEVEL, else at --level); repeat for "
                          "several: computer against computer is a game to watch")
    new.add_argument("--level", metavar="LEVEL",
                     help=f"how hard the computer plays: {', '.join(LEVEL_NAMES)} "
                          f"(default: {DEFAULT_LEVEL})")
    load = commands.add_parser("load", help="open a saved game file",
                               description="Open a saved game file.")
    load.add_argument("path", metavar="PATH", help="a .muster save file")
    replay = commands.add_parser(
        "replay", help="step through a saved game, action by action",
        description="Step through every action of a saved game, the board as it was after "
                    "each one (left / right one action, pgup / pgdn ten, t the next turn, r "
                    "the next die roll; q quits). The save is not changed.",
        epilog="In a game with hidden information (Washington's War) the history shows the "
               "spectator's view, no hands, unless --role is given.")
    replay.add_argument("path", metavar="PATH", help="a .muster save file")
    replay.add_argument("--role", metavar="ROLE",
                        help="see the game as this role (its hand, in a game with hidden "
                             "information); default: the spectator's view")
    commands.add_parser("list", help="list saved games, newest first",
                        description="List saved games, newest first; damaged files are "
                                    "listed with what is wrong with them.")
    online_cli.add_parser(commands, _Parser)
    commands.add_parser("games", help="list the games and their scenarios and options",
                        description="List the games Muster can play, with their scenarios "
                                    "and options.")
    from online import command as serve_command  # words only: nothing heavy

    serve = commands.add_parser("serve", help=serve_command.HELP,
                                description=serve_command.DESCRIPTION,
                                epilog=serve_command.EPILOG)
    serve_command.add_arguments(serve)
    return parser


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
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except _UsageExit:
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version exit 0 through argparse
        return int(exc.code or 0)
    command = args.command
    if command is None:
        return _run_app(start="title")
    if command == "list":
        return cmd_list()
    if command == "games":
        return cmd_games()
    if command == "serve":
        gc_pause.resume()  # the server runs for days: it collects as any program does
        from online.server import run  # imported only now: the server is not the app
        return run(args.socket, args.db)
    if command == "continue":
        return cmd_continue()
    if command == "load":
        return cmd_load(args.path)
    if command == "replay":
        return cmd_replay(args.path, args.role)
    if command == "online":
        return online_cli.main(args, _run_app)
    if command == "new":
        return cmd_new(args.game, args.scenario, args.seed, args.option, args.preset,
                       args.player, args.computer, args.level)
    parser.print_usage(sys.stderr)  # pragma: no cover - argparse knows every command
    return EXIT_USAGE


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
        match, info, damaged = session.resume()
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
    from tui.app import MusterApp

    app = MusterApp(match=match, start=start, role=role, **online)
    app.run()
    return EXIT_OK if app.return_code in (None, 0) else int(app.return_code)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
