"""``scrabble-fr rejouer``: replay GCG records and re-score every placement.

    $ scrabble-fr rejouer partie.gcg
    partie.gcg : 24 coups posés, 24 identiques

Exit status 1 when a recorded score differs from the computed one, 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.i18n import _, colon, format_number, ngettext
from scrabble_fr.messages import describe
from scrabble_fr.records.gcg import read_gcg_file
from scrabble_fr.records.replay import Mismatch, replay


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "rejouer",
        help=_("replay GCG game records and check every score"),
        description=_(
            "Replays each game, re-scores every placement and reports each score that differs "
            "from the record. No word list is needed. Exit status 1 when a score differs."
        ),
        add_help=False,
    )
    parser.add_argument("fichiers", nargs="+", metavar=_("FILE.gcg"), help=_("GCG files (or folders of them)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object with the totals"))
    return parser


def _expand(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix.lower() == ".gcg"))
        else:
            files.append(path)
    return files


def run(args: argparse.Namespace, out: TextIO) -> int:
    sep = colon()
    files = _expand(args.fichiers)
    placements = matched = 0
    mismatches: list[Mismatch] = []
    unreadable: list[tuple[str, str]] = []
    lines: list[str] = []
    for path in files:
        try:
            game = read_gcg_file(path)
        except ScrabbleError as exc:
            unreadable.append((str(path), describe(exc)))
            continue
        report = replay(game, str(path))
        placements += report.placements
        matched += report.matched
        mismatches.extend(report.mismatches)
        if report.skipped:
            lines.append(f"{path}{sep} " + _("not replayed ({reason})").format(reason=describe(report.skipped)))
            continue
        lines.append(
            f"{path}{sep} "
            + ngettext("{n} placement", "{n} placements", report.placements).format(n=format_number(report.placements))
            + ", "
            + _("{n} matching").format(n=format_number(report.matched))
        )
        for mismatch in report.mismatches:
            lines.append("  " + _describe_mismatch(mismatch))

    if args.json:
        payload = {
            "files": len(files),
            "placements": placements,
            "matched": matched,
            "mismatches": [
                {"file": m.file, "line": m.line, "recorded": m.recorded, "computed": m.computed} for m in mismatches
            ],
        }
        if unreadable:
            payload["unreadable"] = [{"file": f, "error": e} for f, e in unreadable]
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
    else:
        for line in lines:
            out.write(line + "\n")
        for name, error in unreadable:
            out.write(f"{name}{sep} {error}\n")
        out.write(
            _("Total: {files}, {placements}, {matched} matching, {mismatches} differing").format(
                files=ngettext("{n} file", "{n} files", len(files)).format(n=format_number(len(files))),
                placements=ngettext("{n} placement", "{n} placements", placements).format(n=format_number(placements)),
                matched=format_number(matched),
                mismatches=format_number(len(mismatches)),
            )
            + "\n"
        )
    if unreadable:
        return 2
    return 1 if mismatches else 0


def _describe_mismatch(m: Mismatch) -> str:
    if m.computed is None:
        return _("line {line}: recorded {recorded}, cannot be laid: {reason}").format(
            line=m.line, recorded=m.recorded, reason=describe(m.error) if m.error else ""
        )
    return _("line {line}: recorded {recorded}, computed {computed}").format(
        line=m.line, recorded=m.recorded, computed=m.computed
    )
