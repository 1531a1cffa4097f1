"""A duplicate's results as one self-contained web page, for the club's website: the ranking, and
per coup the draw, the top, how many found it, the best moves below it, the solo and the
warnings, and the board once the top is laid (its new tiles highlighted). Inline CSS, no script,
no external asset; one column on a phone (360 px), the board beside the coup's figures wider.

    >>> from scrabble_fr.table.store import open_store
    >>> from scrabble_fr.table.duplicate import DuplicateTable, DuplicateTableSettings, create_duplicate_table
    >>> from scrabble_fr.table.results import table_results
    >>> store = open_store(":memory:")
    >>> created = create_duplicate_table(store, DuplicateTableSettings(["<b>Al</b>"], seconds=None, seed=4))
    >>> page = results_page(table_results(DuplicateTable(store, created.table, None, spectator=True)))
    >>> "&lt;b&gt;Al&lt;/b&gt;" in page and "<b>Al" not in page
    True

Every name and word is escaped: a player's name is typed by the player.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from scrabble_fr.duplicate.export import percent_text
from scrabble_fr.duplicate.ranking import RankingLine
from scrabble_fr.engine.board import Board
from scrabble_fr.engine.notation import col_label, row_label
from scrabble_fr.i18n import _, colon, format_number, get_language, join_list, ngettext
from scrabble_fr.table.results import CoupResults, TableResults, found_text, spread_text
from scrabble_fr.table.series import SeriesResults

# The squares' classes by their marker (the terminal grid's: # centre, & double letter, % triple
# letter, @ double word, § triple word).
MARKER_CLASSES = {"#": "c", "&": "dl", "%": "tl", "@": "dw", "§": "tw"}

STYLE = """
*{box-sizing:border-box}
body{margin:0;padding:8px;font:15px/1.4 system-ui,sans-serif;color:#111;background:#fff}
h1{font-size:1.3em;margin:.2em 0 .6em}
h2{font-size:1.1em;margin:1.2em 0 .4em}
h3{font-size:1em;margin:1em 0 .3em}
table.rk{border-collapse:collapse;width:100%;max-width:40em;font-size:.93em}
table.rk th,table.rk td{padding:2px 4px;border-bottom:1px solid #ccc;text-align:right}
table.rk th.n,table.rk td.n{text-align:left;overflow-wrap:break-word;word-break:normal}
table.rk td.n{max-width:12em}
section.coup{border-top:2px solid #555;padding:.4em 0;display:flex;flex-wrap:wrap;gap:8px 16px}
section.coup>div.facts{flex:1 1 16em;min-width:0;overflow-wrap:anywhere}
section.coup h3{margin:0 0 .2em;font-size:1em}
section.coup p{margin:.15em 0}
.draw{font-family:monospace;font-size:1.1em;letter-spacing:.1em}
table.b{border-collapse:collapse;font:10px/1 monospace;flex:0 0 auto}
table.b td,table.b th{width:19px;height:19px;padding:0;text-align:center;border:1px solid #bbb}
table.b th{border:0;color:#666;font-weight:normal}
td.c{background:#f6c6c6}td.dl{background:#cfe6f7}td.tl{background:#6fa8dc}
td.dw{background:#f6c6c6}td.tw{background:#e06666}
td.t{background:#f3e2b3;font-weight:bold;font-size:11px}
td.t.j{color:#b00}
td.t.new{background:#ffd23f;outline:2px solid #c60}
.legend{font-size:.85em;color:#444}
"""


def _marker_cell(board: Board, row: int, col: int, placed: frozenset[tuple[int, int]]) -> str:
    tile = board[row, col]
    if tile is None:
        marker = board.marker(row, col)
        kind = MARKER_CLASSES.get(marker)
        return f'<td class="{kind}">{escape(marker)}</td>' if kind else "<td></td>"
    classes = ["t"] + (["j"] if tile.islower() else []) + (["new"] if (row, col) in placed else [])
    return f'<td class="{" ".join(classes)}">{escape(tile.upper())}</td>'


def board_html(board: Board, placed: frozenset[tuple[int, int]], notation: str) -> str:
    """The board as a small grid: the squares' markers, the tiles (a joker in red), the top's
    new tiles highlighted; the coordinates round it."""
    size = board.size
    head = "<tr><th></th>" + "".join(f"<th>{col_label(c, notation)}</th>" for c in range(size)) + "</tr>"
    rows = [f"<tr><th>{row_label(r, notation)}</th>" + "".join(_marker_cell(board, r, c, placed)
                                                            for c in range(size)) + "</tr>" for r in range(size)]
    return f'<table class="b" aria-hidden="true">{head}{"".join(rows)}</table>'


def _ranking_html(ranking: Sequence[RankingLine]) -> str:
    head = "".join(f"<th{attr}>{escape(text)}</th>" for attr, text in (
        ("", _("Rank")), (' class="n"', _("Name")), ("", _("Total")), ("", "%"), ("", _("Solos")),
        ("", _("Warn."))))
    rows = "".join(
        f'<tr><td>{line.rank}</td><td class="n">{escape(line.name)}</td><td>{format_number(line.total)}</td>'
        f"<td>{escape(percent_text(line.percent))}</td><td>{line.solos}</td><td>{line.warnings}</td></tr>"
        for line in ranking)
    return f'<table class="rk"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'


def _fact(label: str, html: str) -> str:
    """One line of a coup: its label, then what it says (``html``: escaped already)."""
    return f"<p><b>{escape(label)}{colon()}</b> {html}</p>"


def _coup_html(coup: CoupResults, notation: str) -> str:
    title = escape(_("Coup {n}").format(n=coup.number))
    facts = [f"<h3>{title}</h3>", _fact(_("Draw"), f'<span class="draw">{escape(coup.draw)}</span>')]
    if coup.top is None:
        waiting = escape(_("Results not in yet."))
        return f'<section class="coup"><div class="facts">{"".join(facts)}<p>{waiting}</p></div></section>'
    top = coup.top
    score = escape(ngettext("{n} point", "{n} points", top.score).format(n=top.score))
    facts.append(_fact(_("Top"), f"{escape(top.ref)} <b>{escape(top.word)}</b> {score}"))
    facts.append(f"<p>{escape(found_text(coup.found, coup.players))}</p>")
    if coup.spread is not None:
        facts.append(_fact(_("Scores"), escape(spread_text(coup.spread))))
    if coup.subtops:
        moves = "; ".join(f"{escape(m.ref)} {escape(m.word)} {m.score} ({escape(join_list(list(m.names)))})"
                          for m in coup.subtops)
        facts.append(_fact(_("Best below the top"), moves))
    if coup.solo:
        facts.append(_fact(_("Solo"), escape(coup.solo)))
    for name, warning in coup.warnings:
        facts.append(_fact(_("Warning"), f"{escape(name)} ({escape(warning)})"))
    for name, points, reason in coup.corrections:
        facts.append(_fact(_("Correction"), f"{escape(name)}, {points} ({escape(reason)})"))
    board = board_html(coup.board, coup.placed, notation)
    return f'<section class="coup"><div class="facts">{"".join(facts)}</div>{board}</section>'


def _page(heading: str, body: str) -> str:
    title = escape(heading)
    legend = escape(_("Squares: # centre, & double letter, % triple letter, @ double word, § triple word; "
                      "the top's tiles highlighted, a joker in red."))
    return (f'<!DOCTYPE html>\n<html lang="{get_language()}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title><style>{STYLE}</style></head><body><h1>{title}</h1>{body}"
            f'<p class="legend">{legend}</p></body></html>\n')


def _total_html(top_total: int, over: bool) -> str:
    total = _("Tops' total{colon} {total}").format(colon=colon(), total=format_number(top_total))
    if not over:
        total += " — " + _("game in progress")
    return f"<p>{escape(total)}</p>"


def _game_html(results: TableResults, level: int = 2) -> str:
    """A game's ranking and coups, under headings of ``level``."""
    ranking, coups_title = escape(_("Ranking")), escape(_("Coups"))
    coups = "".join(_coup_html(coup, results.notation) for coup in results.coups)
    return (f"<h{level}>{ranking}</h{level}>{_ranking_html(results.ranking)}"
            f"<h{level}>{coups_title}</h{level}>{coups}")


def results_page(results: TableResults) -> str:
    """A game's whole page."""
    heading = _("Duplicate table {table}: results").format(table=results.table)
    return _page(heading, _total_html(results.top_total, results.over) + _game_html(results))


def series_page(results: SeriesResults) -> str:
    """A series' page: the cumulative ranking, then each game as a game's page shows it."""
    heading = _("Series {series}: results").format(series=results.id)
    played = escape(ngettext("{n} of {games} games played", "{n} of {games} games played",
                             len(results.played)).format(n=len(results.played), games=results.games))
    cumulative = escape(_("Cumulative ranking"))
    body = [f"<p>{played}</p>", _total_html(results.top_total, results.over),
            f"<h2>{cumulative}</h2>", _ranking_html(results.ranking)]
    for number, game in enumerate(results.played, 1):
        title = escape(_("Game {n} — table {table}").format(n=number, table=game.table))
        body.append(f"<h2>{title}</h2>" + _total_html(game.top_total, game.over) + _game_html(game, 3))
    return _page(heading, "".join(body))
