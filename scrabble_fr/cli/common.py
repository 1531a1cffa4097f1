"""What every sub-command shares: the common options, the rule set and configuration lookup."""

from __future__ import annotations

import argparse
import importlib
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from scrabble_fr.engine.errors import RulesError
from scrabble_fr.engine.rules import PRESETS, Rules, rules_for_language
from scrabble_fr.i18n import _, get_language

CONFIG_ENV = "SCRABBLE_FR_CONFIG"


def require_terminal() -> None:
    """Refuse to open the full-screen game with no terminal to draw on (input or output piped,
    a test, a CI job): one line, exit 2, instead of an app waiting for keys that never come.
    A driver named in ``TEXTUAL_DRIVER`` needs no terminal: textual-serve runs each browser's app
    that way (``scrabble-fr serveur``), its input and output piped to the web page."""
    import os
    import sys

    from scrabble_fr.cli import UsageError

    if os.environ.get("TEXTUAL_DRIVER"):
        return
    streams = (sys.stdin, sys.stdout)
    if not all(stream is not None and stream.isatty() for stream in streams):
        raise UsageError(_("this command opens the full-screen game and needs a terminal (input and output "
                           "not redirected)") + " — " + _("see {command} --help").format(command="scrabble-fr"))


def _checked_number(check: Any, code: str) -> Any:
    """An argparse type: a whole number that ``check`` accepts, else the check's one line."""

    def parse(text: str) -> Any:
        from scrabble_fr.match.errors import MatchError
        from scrabble_fr.messages import describe

        try:
            return check(int(text.strip()))
        except MatchError as exc:
            raise argparse.ArgumentTypeError(describe(exc)) from None
        except ValueError:
            raise argparse.ArgumentTypeError(describe(MatchError(code, text=text, maximum=_maximum(code)))) from None

    return parse


def _maximum(code: str) -> int:
    from scrabble_fr.match.config import MAX_CLOCK_MINUTES, MAX_SEED

    return MAX_CLOCK_MINUTES if code == "bad_clock" else MAX_SEED


def seed_option() -> Any:
    """The type of ``--graine``: a whole number from 0 to the largest seed kept exactly."""
    from scrabble_fr.match.config import check_seed

    return _checked_number(check_seed, "bad_seed")


def clock_option() -> Any:
    """The type of ``--pendule``: minutes per player, from 1 to 600 (0: no clock)."""
    from scrabble_fr.match.config import check_clock_minutes

    return _checked_number(check_clock_minutes, "bad_clock")


def add_variant_option(parser: argparse.ArgumentParser, more: str = "") -> None:
    """``--variante``: the duplicate's variant, by the same name and values wherever a duplicate is
    made (``duplicate``, ``table creer --duplicate``); read by
    :meth:`~scrabble_fr.duplicate.variant.Variant.parse`. ``more``: what the command adds."""
    text = _("classique (default), joker (a joker in every draw, swapped on the board for its letter "
             "before the next draw) or 7sur8 (eight tiles drawn, seven played at most)")
    if more:
        text = _("{text}; {more}").format(text=text, more=more)
    parser.add_argument("--variante", metavar=_("VARIANT"), help=text)


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"scrabble_fr.cli.{name}")


def add_common_options(parser: argparse.ArgumentParser, top_level: bool) -> None:
    """``-h``, ``--langue`` and ``--regles``, on the main parser and on every sub-command."""
    # On sub-commands the defaults are SUPPRESS so a value given before the sub-command survives.
    default: Any = None if top_level else argparse.SUPPRESS
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    parser.add_argument("--langue", metavar="fr|en", default=default,
                        help=_("language of messages (and of the default rules and word list)"))
    parser.add_argument("--regles", metavar=_("RULES"), default=default,
                        help=_("rule set: {presets}, or a TOML rules file (default: ffsc in French, hasbro in English)")
                        .format(presets=", ".join(PRESETS)))


def translate_groups(parser: argparse.ArgumentParser) -> None:
    parser._positionals.title = _("arguments")
    parser._optionals.title = _("options")


def config_path() -> Path:
    import os

    explicit = os.environ.get(CONFIG_ENV)
    if explicit:
        return Path(explicit)
    from platformdirs import user_config_dir

    return Path(user_config_dir("scrabble_fr")) / "config.toml"


def read_config() -> dict[str, Any]:
    """The configuration file's settings; an unreadable or invalid file counts as empty."""
    try:
        with open(config_path(), "rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def configured_language() -> str | None:
    value = read_config().get("langue")
    return value if isinstance(value, str) else None


def resolve_rules(name_or_path: str | None) -> Rules:
    """The rule set named on the command line, or the language's default (locale = rules)."""
    return resolve_rules_file(name_or_path)[0]


def resolve_rules_file(name_or_path: str | None) -> tuple[Rules, dict[str, Any]]:
    """The rule set and, for a TOML file, its other settings (players, lexicon)."""
    if not name_or_path:
        return rules_for_language(get_language()), {}
    if name_or_path.lower() in PRESETS:
        return Rules.preset(name_or_path), {}
    path = Path(name_or_path)
    if path.suffix.lower() == ".toml" or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RulesError("rules_field", field=str(path), detail=_("file not found")) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesError("rules_field", field=str(path), detail=str(exc)) from None
        return Rules.from_toml(text)
    raise RulesError("rules_unknown", name=name_or_path, known=", ".join(PRESETS))


def lexicon_source(explicit: str | None, wanted: str) -> str:
    """Which word list to load: ``--lexique``, then the environment, then the configuration, then
    for the rule set's language its default list (``scrabble-fr lexiques choisir``), or the rule
    set's own path. Each of them may be a list's name or a file's path."""
    import os

    if explicit:
        return explicit
    from_env = os.environ.get("SCRABBLE_FR_LEXIQUE")
    if from_env:
        return from_env
    configured = read_config().get("lexique")
    if isinstance(configured, str) and configured:
        return configured
    if wanted in ("fr", "en"):
        from scrabble_fr.lexicon.catalogue import default_source

        return default_source(wanted)
    return wanted


def load_lexicon(source: str, extra: str | None = None) -> Any:
    """Load a word list by name or path (raises the lexicon's error with the path and how to fix it)."""
    from scrabble_fr.lexicon.catalogue import load_source

    lexicon = load_source(source)
    if extra:
        lexicon = lexicon.with_extra(extra)
    return lexicon


def lexicon_for_args(args: Any, rules: Rules | None = None) -> Any:
    """The word list a command's options ask for: ``--lexique`` and ``--mots-en-plus`` over the
    rule set's own list."""
    rules = rules or resolve_rules(getattr(args, "regles", None))
    source = lexicon_source(getattr(args, "lexique", None), rules.lexicon)
    return load_lexicon(source, getattr(args, "mots_en_plus", None))


def lexicon_loader(explicit: str | None, extra: str | None) -> Any:
    """A function ``wanted -> (lexicon or None, error text or None)`` for the app, with a cache."""
    from scrabble_fr.engine.errors import ScrabbleError
    from scrabble_fr.messages import describe

    cache: dict[tuple[str, str | None], Any] = {}

    def load(wanted: str, shipped: bool = False) -> tuple[Any, str | None]:
        # shipped=True: the rule set's own list, whatever the options say (the fallback).
        source = wanted if shipped else lexicon_source(explicit, wanted)
        key = (source, extra)
        if key not in cache:
            try:
                cache[key] = load_lexicon(source, extra)
            except ScrabbleError as exc:
                return None, describe(exc)
            except ImportError:
                return None, _("no word list is available")
        return cache[key], None

    return load


def resume_saved(args: argparse.Namespace, kind: type) -> int:
    """Open the saved game ``--reprendre [ID]`` of ``kind`` (a duplicate, a topping: the commands
    ``duplicate`` and ``topping`` share it) on its screen; a save of another kind, damaged, or
    open elsewhere is said before the screen opens."""
    from scrabble_fr import resume
    from scrabble_fr.records.errors import RecordError
    from scrabble_fr.records.store import RecordStore

    store = RecordStore()
    record = resume.find(store, args.reprendre or None, kind=kind)
    if not isinstance(record, kind):
        raise RecordError("save_kind", id=record.id)
    explicit = getattr(args, "lexique", None)
    lexicon = lexicon_for_args(args) if explicit else load_lexicon(resume.lexicon_source(record))
    resume.check(record, store, lexicon)
    require_terminal()
    from scrabble_fr.tui.app import ScrabbleApp

    ScrabbleApp(lexicon=lexicon, resume=record, store=store).run()
    return 0


def write_output(text: str, path: str | None, out: Any) -> None:
    """A command's output: to the file ``path`` (``-o``/``--sortie``), saying so, else on the
    screen. A file that cannot be written is one line (nothing else written)."""
    if not path:
        out.write(text)
        return
    from scrabble_fr.i18n import colon
    from scrabble_fr.messages import system_error_detail
    from scrabble_fr.records.errors import RecordError

    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise RecordError("file_unreadable", path=path, detail=system_error_detail(exc)) from None
    out.write(_("Written{colon} {path}").format(colon=colon(), path=path) + "\n")
