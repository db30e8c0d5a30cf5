"""The parser of the `muster` command's arguments (tui/cli.py runs what it parses). Its own
module so that argparse is imported only for a command with arguments or options: `muster
continue`, `muster` alone and the other commands without arguments need no parser."""
from __future__ import annotations

import argparse
import sys

from tui import online_cli  # argparse only, its work imported when run
from tui.computer import DEFAULT_LEVEL, LEVEL_NAMES


class Parser(argparse.ArgumentParser):
    """argparse, but errors print to our stderr (tests capture it) and exit 2 by exception."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise UsageExit()


class UsageExit(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, `muster --help` and each command's `--help`."""

    parser = Parser(
        prog="muster",
        description="Complete board wargames in a terminal: hotseat on one keyboard or over "
                    "SSH, every rule enforced, any game resumable in one keystroke. "
                    "With no command: the title screen.",
        epilog="Saves live in $MUSTER_HOME/saves when MUSTER_HOME is set, else in the "
               "platform's user data folder. In a game press ? for every key.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
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
    online_cli.add_parser(commands, Parser)
    commands.add_parser("games", help="list the games and their scenarios and options",
                        description="List the games Muster can play, with their scenarios "
                                    "and options.")
    from online import command as serve_command  # words only: nothing heavy

    serve = commands.add_parser("serve", help=serve_command.HELP,
                                description=serve_command.DESCRIPTION,
                                epilog=serve_command.EPILOG)
    serve_command.add_arguments(serve)
    return parser
