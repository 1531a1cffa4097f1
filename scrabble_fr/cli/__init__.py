"""The ``scrabble-fr`` command: French help by default, one clear line and status 2 on bad input.

    $ scrabble-fr score --langue en CABBAGE
    CABBAGE: 14 points

Each sub-command lives in its own module with ``add_parser(subparsers)`` and ``run(args, out)``.
The language is chosen before the parser is built (``--langue`` is accepted before or after the
sub-command), so that ``--help`` and every error speak it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from scrabble_fr import __version__
from scrabble_fr.cli import argparse_texts, common
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import LANGUAGES, _, choose_language, format_number, printable, set_language
from scrabble_fr.messages import describe, system_error_detail
from scrabble_fr.records.errors import RecordError

# The commands that may open the full-screen interface: a line printed there would spoil it.
_SCREEN_COMMANDS = frozenset({None, "jouer", "duplicate", "table", "tables", "parties", "importer", "exporter",
                              "topping", "mots"})
# Sub-command -> (module, parser builder, runner), in the order --help lists them.
_COMMANDS: dict[str, tuple[str, str, str]] = {
    "jouer": ("play", "add_parser", "run"),
    "score": ("score", "add_parser", "run"),
    "verifier": ("verifier", "add_parser", "run"),
    "tirage": ("tirage", "add_parser", "run"),
    "rejouer": ("rejouer", "add_parser", "run"),
    "analyser": ("analyse", "add_analyser_parser", "run_analyser"),
    "autojeu": ("analyse", "add_autojeu_parser", "run_autojeu"),
    "parties": ("parties", "add_parties_parser", "run_parties"),
    "exporter": ("parties", "add_exporter_parser", "run_exporter"),
    "importer": ("parties", "add_importer_parser", "run_importer"),
    "revoir": ("revoir", "add_parser", "run"),
    "mots": ("mots", "add_parser", "run"),
    "lexiques": ("lexiques", "add_parser", "run"),
    "duplicate": ("duplicate", "add_parser", "run"),
    "topping": ("topping", "add_parser", "run"),
    "table": ("table", "add_parser", "run"),
    "tables": ("table", "add_tables_parser", "run_tables"),
    "serveur": ("serveur", "add_parser", "run"),
}


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse's message is already in the player's language (argparse_texts.bind).
        hint = _("see {command} --help").format(command=self.prog)
        raise UsageError(message + " — " + hint)


def _one_line(text: str) -> str:
    """An error on one line, even when it quotes what the player typed with line breaks in it;
    any control character left in it shown escaped, never sent to the terminal; no password of a
    store's address it quotes."""
    from scrabble_fr.table.address import without_passwords  # only when an error is said

    return printable(without_passwords(" ".join(text.splitlines())))


def _language_from_argv(argv: Sequence[str]) -> str | None:
    for index, arg in enumerate(argv):
        if arg == "--langue" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--langue="):
            return arg.split("=", 1)[1]
    return None


class _Version(argparse.Action):
    """``--version``: the version and the engine in use (compiled, or Python where the install
    could not build it), asked only when shown: every other command starts without loading it."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from scrabble_fr.player import generator

        engine = _("compiled engine") if generator.compiled() is not None else _("Python engine")
        sys.stdout.write(f"scrabble-fr {__version__} ({engine})\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    argparse_texts.bind()
    parser = _Parser(
        prog="scrabble-fr",
        description=_("Classic Scrabble under the French federation's rules, at the terminal."),
        add_help=False,
    )
    common.add_common_options(parser, top_level=True)
    parser.add_argument("--version", action=_Version, help=_("show the version and exit"))
    subparsers = parser.add_subparsers(dest="command", title=_("commands"), metavar=_("COMMAND"),
                                       parser_class=_Parser)
    for module_name, builder, _runner in _COMMANDS.values():
        sub = getattr(common.command_module(module_name), builder)(subparsers)
        common.add_common_options(sub, top_level=False)
        common.translate_groups(sub)
    common.translate_groups(parser)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (also the console script's entry point)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    wanted = _language_from_argv(args_list)
    if wanted is not None and wanted.lower() not in LANGUAGES:
        set_language(choose_language(None))
        command = next((arg for arg in args_list if arg in _COMMANDS), None)
        prefix = f"scrabble-fr {command}" if command else "scrabble-fr"
        err.write(f"{prefix}: " + _("unknown language {language!r}: choose fr or en").format(language=wanted) + "\n")
        return 2
    set_language(choose_language(wanted, common.configured_language()))
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except UsageError as exc:
        err.write(f"scrabble-fr: {_one_line(str(exc))}\n")
        return 2
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0)
    if args.command is None:
        from scrabble_fr.cli import play

        def run() -> int:
            return play.run_default(args, out, err)

        name = "scrabble-fr"
    else:
        module_name, _builder, runner = _COMMANDS[args.command]

        def run() -> int:
            return int(getattr(common.command_module(module_name), runner)(args, out))

        name = f"scrabble-fr {args.command}"
    try:
        if args.command not in _SCREEN_COMMANDS:
            _announce_builds(err)
        return run()
    except UsageError as exc:
        err.write(f"{name}: {_one_line(str(exc))}\n")
        return 2
    except ScrabbleError as exc:
        err.write(f"{name}: {_one_line(describe(exc))}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (head, less) went away: nothing more to say.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        # A folder that cannot be listed or written (saved games, caches): said, not a traceback.
        failure = RecordError("file_unreadable", path=exc.filename or "?", detail=system_error_detail(exc))
        err.write(f"{name}: {_one_line(describe(failure))}\n")
        return 2
    finally:
        from scrabble_fr.words import announce_slow_builds

        announce_slow_builds(None)


def _announce_builds(err: TextIO) -> None:
    """A word list built for the first time (a player's own, after the cache was emptied) takes a
    few seconds: say so on the error stream, so the wait is explained and the output stays clean."""
    from scrabble_fr.words import BuildNotice, GraphKind, announce_slow_builds

    def tell(notice: BuildNotice) -> None:
        if notice.finished or notice.kind is not GraphKind.WORDS:
            return
        err.write(_("Preparing the word list ({count} words), once: a few seconds…").format(
            count=format_number(notice.words)) + "\n")
        err.flush()

    announce_slow_builds(tell)

if __name__ == "__main__":
    raise SystemExit(main())
