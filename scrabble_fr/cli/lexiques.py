"""``scrabble-fr lexiques``: the known word lists, and the player's own added, chosen or removed.

    $ scrabble-fr lexiques
    $ scrabble-fr lexiques ajouter ods8.txt --nom ODS8 --defaut
    $ scrabble-fr lexiques choisir grammalecte
    $ scrabble-fr lexiques retirer ODS8

The lists are kept by :class:`~scrabble_fr.lexicon.catalogue.Catalogue`; every other command
takes its default list from there. A bad request (missing file, empty list, name taken, unknown
name) raises the lexicon's error: one line, exit status 2, nothing stored or changed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from scrabble_fr.i18n import _, format_number, get_language, ngettext

# Sub-command -> its aliases (the French name is the contract; the English ones are conveniences).
ACTIONS = {"ajouter": ["add"], "choisir": ["choose"], "retirer": ["remove"]}
ALIASES = {alias: name for name, aliases in ACTIONS.items() for alias in aliases}


def language_name(language: str) -> str:
    """``French`` or ``English``, in the reader's language."""
    return _("French") if language == "fr" else _("English")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    from scrabble_fr.cli import common

    parser = subparsers.add_parser(
        "lexiques", help=_("the word lists: list, add your own, choose the default, remove"),
        add_help=False,
        description=_("Without an action, lists the known word lists: name, word count, source "
                      "file and the default list of each language."),
    )
    parser.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    actions = parser.add_subparsers(dest="action", title=_("actions"), metavar=_("ACTION"))
    add = actions.add_parser(
        "ajouter", aliases=ACTIONS["ajouter"], add_help=False,
        help=_("store your own word list under a name"),
        description=_("Reads a file of words (one a line, any case, accents allowed, .gz accepted), "
                      "a list with a definition after each word (Zyzzyva, Collins) or a Quackle word "
                      "graph (.dawg: ods5, csw, nwl, twl…), recognised from its content; stores it "
                      "compressed under NAME; --langue gives its language."),
    )
    add.add_argument("fichier", metavar=_("FILE"),
                     help=_("the word list: text (one word per line, or a word and its definition) or a Quackle .dawg"))
    add.add_argument("--nom", required=True, metavar=_("NAME"), help=_("the name to give the list"))
    add.add_argument("--defaut", action="store_true",
                     help=_("make it the default list for its language"))
    choose = actions.add_parser(
        "choisir", aliases=ACTIONS["choisir"], add_help=False,
        help=_("make a list the default for its language"),
        description=_("Makes the list NAME the default for its language (grammalecte or scowl: the "
                      "shipped lists)."),
    )
    choose.add_argument("nom", metavar=_("NAME"), help=_("the list's name"))
    remove = actions.add_parser(
        "retirer", aliases=ACTIONS["retirer"], add_help=False,
        help=_("remove one of your lists"),
        description=_("Removes your list NAME; if it was the default, the shipped list becomes the default again."),
    )
    remove.add_argument("nom", metavar=_("NAME"), help=_("the list's name"))
    for sub in (add, choose, remove):
        common.add_common_options(sub, top_level=False)
        common.translate_groups(sub)
    return parser


def run(args: argparse.Namespace, out: TextIO) -> int:
    from scrabble_fr.lexicon.catalogue import Catalogue

    catalogue = Catalogue()
    action = ALIASES.get(args.action, args.action)
    if action == "ajouter":
        return _add(args, catalogue, out)
    if action == "choisir":
        info = catalogue.choose(args.nom)
        out.write(_("{name} is now the default word list for {language}.").format(
            name=info.name, language=language_name(info.language)) + "\n")
        return 0
    if action == "retirer":
        info = catalogue.remove(args.nom)
        out.write(_("Word list {name} removed.").format(name=info.name) + "\n")
        out.write(_("Default word list for {language}: {name}").format(
            language=language_name(info.language), name=catalogue.default_name(info.language)) + "\n")
        return 0
    return _list(catalogue, args.json, out)


def _add(args: argparse.Namespace, catalogue: Any, out: TextIO) -> int:
    from scrabble_fr.lexicon.wordfile import ListFormat

    # --langue names the list's language (and, like everywhere, the language of the messages).
    language = (getattr(args, "langue", None) or get_language()).lower()
    report = catalogue.add(Path(args.fichier), args.nom, language, make_default=args.defaut)
    info = report.info
    if report.format is ListFormat.QUACKLE:
        out.write(_("Read as a Quackle word graph (.dawg).") + "\n")
    elif report.format is ListFormat.GLOSSED:
        out.write(_("Read as a list with definitions: the first word of each line is kept.") + "\n")
    out.write(
        ngettext("Word list {name} added ({language}): {count} word.",
                 "Word list {name} added ({language}): {count} words.", info.words)
        .format(name=info.name, language=language_name(info.language), count=format_number(info.words))
        + "\n"
    )
    if report.skipped:
        examples = ", ".join(f"«\u00a0{line}\u00a0»" if get_language() == "fr" else f"“{line}”"
                             for line in report.skipped_examples)
        if report.format is ListFormat.QUACKLE:
            said = ngettext(
                "{count} graph word was not 2 to 15 letters A to Z and was skipped, for example: {examples}",
                "{count} graph words were not 2 to 15 letters A to Z and were skipped, for example: {examples}",
                report.skipped)
        else:
            said = ngettext(
                "{count} line was not a word of 2 to 15 letters A to Z and was skipped, for example: {examples}",
                "{count} lines were not words of 2 to 15 letters A to Z and were skipped, for example: {examples}",
                report.skipped)
        out.write(said.format(count=format_number(report.skipped), examples=examples) + "\n")
    if report.made_default:
        out.write(_("{name} is now the default word list for {language}.").format(
            name=info.name, language=language_name(info.language)) + "\n")
    _prepare(catalogue, info, out)
    return 0


def _prepare(catalogue: Any, info: Any, out: TextIO) -> None:
    """Build the new list's word graphs now, once, so the first game does not wait for them
    (a large list only: a small one is built in an instant whenever it is used). A build that
    lasts more than a second gets a line when it starts and one when the list is ready."""
    import threading
    import time

    from scrabble_fr.words import DISK_CACHE_MIN_WORDS, BuildNotice, announce_slow_builds, cache_dir

    if info.words < DISK_CACHE_MIN_WORDS or cache_dir() is None:  # nowhere to keep what is built
        return
    started = time.monotonic()
    told = threading.Event()

    def tell(notice: BuildNotice) -> None:
        if not notice.finished and not told.is_set():
            told.set()
            out.write(_("Preparing the list for play (once)…") + "\n")
            out.flush()

    announce_slow_builds(tell)
    try:
        catalogue.load(info).word_graph().anagram_keys()
    finally:
        announce_slow_builds(None)
    if told.is_set():
        seconds = format_number(round(time.monotonic() - started, 1))
        out.write(_("List ready ({seconds} s).").format(seconds=seconds) + "\n")


def _list(catalogue: Any, as_json: bool, out: TextIO) -> int:
    lists = catalogue.lists()
    defaults = {language: catalogue.default_name(language) for language in ("fr", "en")}

    def is_default(info: Any) -> bool:
        return defaults.get(info.language, "").casefold() == info.name.casefold()

    if as_json:
        payload = [
            {"name": info.name, "language": info.language, "words": info.words, "source": info.source,
             "builtin": info.builtin, "default": is_default(info)}
            for info in lists
        ]
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return 0
    out.write(_("Word lists:") + "\n")
    width = max(len(info.name) for info in lists)
    for info in lists:
        count = ngettext("{count} word", "{count} words", info.words).format(count=format_number(info.words))
        line = f"  {info.name:<{width}}  {info.language}  {count:>14}  {info.source}"
        if is_default(info):
            line += "  " + _("(default for {language})").format(language=language_name(info.language))
        out.write(line + "\n")
    out.write(_("Folder of your lists: {path}").format(path=catalogue.directory) + "\n")
    return 0
