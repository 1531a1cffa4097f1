"""Hostile input: random and malformed text fed to every reader. Only the typed errors come out,
and nothing changes when something is refused."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scrabble_fr.cli import main
from scrabble_fr.engine.errors import ScrabbleError
from scrabble_fr.engine.game import Game
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import Rules
from scrabble_fr.records.gcg import parse_gcg
from scrabble_fr.records.replay import replay
from scrabble_fr.records.save import SavedGame

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text that looks like what players and files contain, with control characters and odd letters.
alphabet = st.characters(codec="utf-8", exclude_categories=("Cs",))
move_like = st.one_of(
    st.text(alphabet, max_size=40),
    st.from_regex(r"\A[A-Oa-o1-9]{1,3} [A-Za-z.?()éÉœ]{0,16}\Z"),
    st.from_regex(r"\A(PLACE|place) [-|x] -?\d{1,3} -?\d{1,3} [A-Za-z?]{0,10}\Z"),
    st.from_regex(r"\A(changer|EXCHANGE|passer|PASS|-)[ A-Za-z?]{0,9}\Z"),
)


@FAST
@given(text=move_like)
def test_move_text_gives_a_move_or_a_typed_error_and_changes_nothing(text):
    game = Game(["Alice", "Bruno"], seed=5)
    before = (game.position.to_cgp(), game.bag, list(game.history))
    try:
        game.play(text)
    except ScrabbleError:
        assert (game.position.to_cgp(), game.bag, list(game.history)) == before
    assert game.tiles_conserved()


cgp_like = st.one_of(
    st.text(alphabet, max_size=200),
    st.builds(
        lambda rows, racks, scores, turns: f"{'/'.join(rows)} {racks} {scores} {turns}",
        st.lists(st.from_regex(r"\A[0-9A-Za-z]{0,6}\Z"), min_size=13, max_size=16),
        st.from_regex(r"\A[A-Z?]{0,8}(/[A-Z?]{0,8}){0,3}\Z"),
        st.from_regex(r"\A-?\d{0,4}/-?\d{0,4}\Z"),
        st.from_regex(r"\A\d{0,3}\Z"),
    ),
)


@FAST
@given(text=cgp_like)
def test_cgp_gives_a_position_or_a_typed_error(text):
    try:
        position = Position.from_cgp(text)
    except ScrabbleError:
        return
    assert Position.from_cgp(position.to_cgp()).to_cgp() == position.to_cgp()


gcg_like = st.lists(
    st.one_of(
        st.text(alphabet, max_size=60),
        st.from_regex(r"\A>[a-z]{1,5}: [A-Z?]{0,7} [0-9a-oA-O]{2,3} [A-Za-z.]{1,15} [+-]\d{1,3} -?\d{1,4}\Z"),
        st.from_regex(r"\A#(player1|player2|lexicon|note|tile-distribution) .{0,20}\Z"),
    ),
    max_size=30,
)


@FAST
@given(lines=gcg_like)
def test_gcg_reader_and_replay_never_crash(lines):
    record = parse_gcg("\n".join(lines))
    report = replay(record)
    assert report.matched + len(report.mismatches) == report.placements


toml_like = st.one_of(
    st.text(alphabet, max_size=120),
    st.builds(
        lambda key, value: f"{key} = {value}",
        st.sampled_from(["base", "rack_size", "bingo_bonus", "board", "tiles", "notation", "players", "nope"]),
        st.sampled_from(['"ffsc"', "7", "-1", "true", "[1, 2]", '["a"]', "{}", '"xx"', "1e9", "[]"]),
    ),
)


@FAST
@given(text=toml_like)
def test_rules_files_give_rules_or_a_typed_error(text):
    try:
        rules, _extra = Rules.from_toml(text)
    except ScrabbleError:
        return
    assert rules.rack_size >= 1 and rules.tile_set.total_tiles >= 2 * rules.rack_size


@FAST
@given(data=st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
))
def test_saved_game_reader_gives_a_game_or_a_typed_error(data):
    base = json.loads(SavedGame.new(Game(["A", "B"], seed=1), [("A", None), ("B", None)]).to_json())
    for key in ("players", "actions", "rules", "seed", "events", "settings"):
        tampered = dict(base)
        tampered[key] = data
        try:
            SavedGame.from_json(json.dumps(tampered)).rebuild()
        except ScrabbleError:
            pass


@settings(max_examples=60, deadline=None)
@given(argv=st.lists(st.one_of(
    st.sampled_from(["score", "rejouer", "verifier", "tirage", "parties", "exporter", "--json", "--langue",
                     "en", "fr", "xx", "--regles", "hasbro", "--position", "-h", "H8", "MOT", "--graine"]),
    st.text(alphabet, max_size=12),
), max_size=5))
def test_command_line_never_shows_a_traceback(argv):
    # Commands that open the full-screen game are refused with no terminal (tested below), so
    # any argv may be tried here: none can start the real app and hang the suite.
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    assert status in (0, 1, 2)
    assert "Traceback" not in err.getvalue() + out.getvalue()
    if status == 2 and err.getvalue():
        assert err.getvalue().count("\n") <= 2  # one clear line


def test_a_path_holding_a_nul_byte_is_refused_in_one_line():
    # Found by the property test above: the system refuses such a path with a ValueError.
    for argv in (["rejouer", "\x00"], ["importer", "a\x00.gcg"], ["verifier", "--lexique", "\x00", "mot"],
                 ["revoir", "a\x00.gcg"], ["revoir", "\x00"]):
        out, err = io.StringIO(), io.StringIO()
        assert main(argv, out=out, err=err) == 2
        assert "Traceback" not in out.getvalue() + err.getvalue()


@pytest.mark.parametrize("argv", [[], ["--langue", "en"], ["jouer"], ["jouer", "--joueurs", "Alice,Bruno"],
                                  ["jouer", "--reprendre"], ["importer", "x.gcg"]])
def test_a_full_screen_command_without_a_terminal_says_so_in_one_line(argv, tmp_path):
    # Under pytest, standard input and output are not a terminal.
    (tmp_path / "x.gcg").write_text("#player1 a A\n#player2 b B\n>a: AB 8G AB +4 4\n", encoding="utf-8")
    argv = [str(tmp_path / a) if a.endswith(".gcg") else a for a in argv]
    if argv[-1:] == ["--reprendre"]:
        from scrabble_fr.engine.game import Game
        from scrabble_fr.records.save import SavedGame
        from scrabble_fr.records.store import RecordStore

        RecordStore().save(SavedGame.new(Game(["A", "B"], seed=1), [("A", None), ("B", None)]))
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out=out, err=err) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and "scrabble-fr --help" in lines[0] and "terminal" in lines[0]


@pytest.mark.parametrize("players, expected", [
    ("Alice,ordi:9", "ordi:N"), ("Alice,ordi:abc", "ordi:N"), ("Alice,,Bruno", "virgule"),
    ("Alice,Alice", "Alice"), ("", "1 à 8"),
])
def test_bad_players_are_refused_before_any_screen(players, expected):
    out, err = io.StringIO(), io.StringIO()
    assert main(["jouer", "--joueurs", players], out=out, err=err) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and expected in lines[0], lines
