"""The endgame solver against a plain exhaustive minimax, and its budgets and edge cases.

The reference below knows nothing of the solver: it plays every legal placement and the pass
through :func:`generate_moves` and :class:`Position` (``push``), to the end of the game, and scores the
end by the rules as the game engine does. The positions are small random endgames: a few words
on the board, racks of one to four tiles (jokers included), French (FFSc) and English (NASPA,
Hasbro) rules, a word list of a few hundred short words so that the full tree stays small.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

import pytest
from conftest import full_lexicon

from scrabble_fr.engine.move import Move, MoveKind
from scrabble_fr.engine.position import Position
from scrabble_fr.engine.rules import BlockedRule, EndRule, Rules
from scrabble_fr.player import generator, native
from scrabble_fr.player.endgame import EndgameSolver, judge_move, solve, solve_pre_endgame
from scrabble_fr.player.movegen import generate_moves, placement_of
from scrabble_fr.words import WordSet

_small: dict[str, WordSet] = {}


def small_lexicon(lang: str) -> WordSet:
    if lang not in _small:
        words = sorted(w for w in full_lexicon(lang).words() if 2 <= len(w) <= 4)
        rng = random.Random(5)
        _small[lang] = WordSet(rng.sample(words, 300), name=f"small-{lang}")
    return _small[lang]


def reference(position: Position, run: int, memo: dict[tuple[str, int], int] | None = None,
              depth: int | None = None, ply: int = 0) -> int:
    """The final spread for the player to move (from here on), by trying every line to the end;
    or, with ``depth``, of a minimax cut at that many turns, where the game is counted blocked
    (each player loses their rack; a pass uses up a turn), as it is, in the searches' rounds, by
    a pass answering a pass after the first turn (where a placement always starts the run
    again: no tile worth 0 on a rack, or rules that count passes only).

    ``memo`` keeps the exact values of positions already met (a cache, no pruning)."""
    rules = position.rules
    me, other = position.to_move, 1 - position.to_move
    values = rules.tile_set
    if depth == 0:
        return values.rack_value(position.racks[other]) - values.rack_value(position.racks[me])
    memo = {} if memo is None else memo
    key = (position.to_cgp(), run)
    if depth is None and key in memo:
        return memo[key]
    limit = rules.blocked_count * 2
    # Where a placement always starts the run again (see the docstring): no tile worth 0 on a rack,
    # or rules that count passes only.
    placements_restart = rules.blocked is not BlockedRule.SCORELESS or all(
        values.values.get(tile, 0) > 0 for rack in position.racks for tile in rack)
    best = None
    for move in [*generate_moves(position), Move.pass_()]:
        child = position.copy()
        child.push(move)
        score = move.score or 0
        if move.kind is MoveKind.PLACE and not child.racks[me]:
            left = values.rack_value(child.racks[other])
            if rules.end_rule is EndRule.DOUBLE:
                value = score + 2 * left  # out: twice the rack left for me, nothing lost by the other
            else:
                value = score + left + left  # out: the rack left added to me, taken from the other
        else:
            if move.kind is MoveKind.PASS or (rules.blocked is BlockedRule.SCORELESS and not score):
                next_run = run + 1
            else:
                next_run = 0
            if depth is not None and move.kind is MoveKind.PASS and ply >= 1 and run >= 1 and placements_restart:
                next_run = limit
            if next_run >= limit:
                value = score - values.rack_value(child.racks[me]) + values.rack_value(child.racks[other])
            else:
                value = score - reference(child, next_run, memo, None if depth is None else depth - 1, ply + 1)
        if best is None or value > best:
            best = value
    assert best is not None
    if depth is None:
        memo[key] = best
    return best


def random_endgame(rng: random.Random, rules: Rules, lexicon: WordSet) -> tuple[Position, int]:
    """A board of a few words played from a shuffled bag, then two small racks from what is left."""
    bag = rules.tile_set.full_bag()
    rng.shuffle(bag)
    position = Position(rules, racks=["", ""], lexicon=lexicon)
    for _turn in range(rng.randint(2, 5)):
        rack = "".join(bag[:7])
        position.racks = [rack, ""]
        position.to_move = 0
        moves = generate_moves(position)
        if not len(moves):
            continue
        move = moves[rng.randrange(min(len(moves), 5))]
        position.push(move)
        for letter in move.rack_letters:
            bag.remove(letter)
    jokers = rng.random() < 0.4
    pool = [t for t in bag if t != "?"]
    racks = []
    for _player in range(2):
        size = rng.randint(1, 4)
        rack = [pool.pop() for _ in range(size)]
        if jokers and "?" in bag and rng.random() < 0.5:
            bag.remove("?")
            rack[0] = "?"
        racks.append("".join(rack))
    position.racks = racks
    position.to_move = rng.randrange(2)
    position.scores = [rng.randint(200, 400), rng.randint(200, 400)]
    run = rng.randrange(rules.blocked_count * 2)
    position.scoreless_turns = run
    return position, run


CASES = [("fr", "ffsc"), ("en", "naspa"), ("en", "hasbro")]


def endgames(lang: str, preset: str, seed: int, count: int,
             keep: Callable[[Position], bool]) -> Iterator[tuple[Position, int]]:
    """``count`` random endgames that ``keep`` accepts, with their runs toward a blocked game;
    one or two passes each end it, which keeps the full tree small."""
    lexicon = small_lexicon(lang)
    base = Rules.preset(preset)
    rng = random.Random(seed)
    checked = 0
    while checked < count:
        rules = replace(base, blocked_count=1 + (checked % 3 == 0))
        position, run = random_endgame(rng, rules, lexicon)
        if keep(position):
            yield position, run
            checked += 1


def spread(position: Position) -> int:
    return position.scores[position.to_move] - position.scores[1 - position.to_move]


def searches() -> list[bool]:
    """The searches to check: Python's, and the compiled one when it is there (it must be under
    CI, whose install builds it)."""
    if generator.compiled() is None:
        return [False]
    return [False, True]


def test_the_compiled_search_is_there_under_ci(compiled_engine: object) -> None:
    assert generator.compiled() is compiled_engine


@pytest.mark.parametrize(("lang", "preset"), CASES)
def test_solver_matches_exhaustive_minimax(lang: str, preset: str) -> None:
    with_jokers = 0
    small = endgames(lang, preset, len(preset) * 7 + len(lang), 70, lambda p: sum(len(r) for r in p.racks) <= 6)
    for position, run in small:
        expected = reference(position.copy(), run) + spread(position)
        for compiled in searches():
            result = solve(position, seconds=60, native=compiled)
            assert result.proven
            assert result.value == expected, (position.to_cgp(), compiled)
        with_jokers += "?" in "".join(position.racks)
    assert with_jokers >= 10


@pytest.mark.parametrize(("lang", "preset"), CASES)
def test_long_runs_of_passes_match_exhaustive_minimax(lang: str, preset: str) -> None:
    """The rules' own run (three turns each without a word, six scoreless turns): a pass that
    answers a pass is counted the blocked end by the searches, which the minimax plays out pass
    by pass. Tiny racks, so that the full tree of six-pass runs stays small."""
    lexicon = small_lexicon(lang)
    rules = Rules.preset(preset)
    rng = random.Random(len(preset) * 11 + len(lang))
    checked = 0
    while checked < 25:
        position, _run = random_endgame(rng, rules, lexicon)
        position.racks = [rack[:rng.randint(1, 2)] for rack in position.racks]
        run = rng.randrange(rules.blocked_count * 2)
        position.scoreless_turns = run
        expected = reference(position.copy(), run) + spread(position)
        for compiled in searches():
            result = solve(position, seconds=60, native=compiled)
            assert (result.value, result.proven) == (expected, True), (position.to_cgp(), run, compiled)
        checked += 1


@pytest.mark.parametrize("compiled", [False, True])
def test_sequence_replays_to_its_value(compiled: bool) -> None:
    if compiled not in searches():
        pytest.skip("no compiled endgame search here")
    lexicon = small_lexicon("fr")
    rules = Rules.preset("ffsc")
    rng = random.Random(3)
    for _case in range(20):
        position, _run = random_endgame(rng, rules, lexicon)
        result = solve(position, seconds=60, native=compiled)
        assert final_spread(position, result.moves) == result.value, position.to_cgp()


def final_spread(position: Position, moves: Sequence[Move]) -> int:
    """The spread for the player to move at the end of the line ``moves`` (which ends the game:
    out, or blocked by passes), its end scored by the rules (FFSc's transfer of the rack)."""
    replay = position.copy()
    first = replay.to_move
    for move in moves:
        replay.push(move)
    out = [p for p in (0, 1) if not replay.racks[p]]
    values = position.rules.tile_set
    if out:
        gain = values.rack_value(replay.racks[1 - out[0]])
        replay.scores[out[0]] += gain
        replay.scores[1 - out[0]] -= gain
    else:
        for player in (0, 1):
            replay.scores[player] -= values.rack_value(replay.racks[player])
    return replay.scores[first] - replay.scores[1 - first]


def reaches_its_value(position: Position, answer: native.NativeAnswer) -> bool:
    """Whether the compiled search's line, played from ``position``, ends the game at its value
    (relative to the current scores)."""
    me = position.to_move
    size = position.board.size
    moves = [placement_of(tiles, size) if tiles else Move.pass_() for tiles in answer.line]
    return final_spread(position, moves) == position.scores[me] - position.scores[1 - me] + answer.value


@pytest.mark.parametrize("compiled", [False, True])
def test_node_budget_stops_unproven_with_a_move(compiled: bool) -> None:
    if compiled not in searches():
        pytest.skip("no compiled endgame search here")
    lexicon = full_lexicon("fr")
    position = Position.from_cgp(
        "L6V6P/O6A1BITTER/U1N2N1N6O/FRASQUES2V3F/E1P2E2G1E3E/1WATER2R1T3S/2L2I1JOLI1e1S/2M1MOXAS1LOCHE/"
        "2E2N4L1A2/2Z2S3BA1N2/9RI1G2/9E1DUT1/9A2A2/9KYRIE1/3DEMUNIs5 CUEIAIO/TEDUHE 363/509 0",
        lexicon=lexicon,
    )
    result = solve(position, max_nodes=200, native=compiled)
    assert not result.proven
    assert result.moves and result.moves[0].kind is MoveKind.PLACE
    assert result.depth >= 1


def test_game_already_over() -> None:
    position = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 KA/ 100/90 0",
                                 lexicon=WordSet(["OS"]))
    result = solve(position)
    # The other player went out: they gain the rack left (K 10 + A 1), the player to move loses it.
    assert (result.value, result.proven, result.moves) == (100 - 90 - 22, True, ())


def test_judge_move_gives_the_spread_a_move_cost() -> None:
    # T beside OS (row H): H8 OST scores 3 and goes out (+2 × N = 2): 5. 8G TO (down, T above
    # the O) scores 2 and goes out too: 4, a mistake of one point.
    position = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0",
                                 lexicon=WordSet(["OS", "OST", "ON", "TO", "NO", "OT"]))
    verdict = judge_move(position, position.parse_move("8G TO"))
    assert (verdict.best.notation(), verdict.best_value, verdict.played_value, verdict.cost, verdict.proven) == (
        "H8 OST", 5, 4, 1, True)
    best = judge_move(position, position.parse_move("H8 OST"))
    assert best.cost == 0 and best.best_value == 5


def test_the_master_plays_the_solvers_move_with_the_bag_empty(mini_rules) -> None:
    from scrabble_fr.player.computer import ComputerPlayer

    position = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0",
                                 mini_rules("ffsc", "OSTN"), lexicon=WordSet(["OS", "OST", "ON", "TO", "NO", "OT"]))
    master = ComputerPlayer(6)
    assert master.choose(position, bag_count=0).notation() == "H8 OST"
    move, value, proven = master.solve_end(position, 0)
    assert (move.notation(), value, proven) == ("H8 OST", 5.0, True)


def test_pre_endgame_weighs_each_draw_by_the_exact_endgame(mini_rules) -> None:
    # Tiles: O S on the board, T on the rack, N and E unseen (one on the opponent's rack, one in
    # the bag, each as likely).
    lexicon = WordSet(["OS", "OST", "ON", "TO", "NO", "OT", "NE", "EN", "TE", "ES", "OSE", "NOTE", "TON"])
    rules = mini_rules("ffsc", "OSTNE")
    position = Position.from_cgp("15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 T/N 10/10 0", rules,
                                 lexicon=lexicon)
    pre = solve_pre_endgame(position, seconds=60)
    assert pre is not None and pre.proven
    assert pre.endgames == len(pre.candidates) * 2
    for move, expected in pre.candidates:
        values = []
        for drawn, other in (("N", "E"), ("E", "N")):
            child = position.copy()
            child.board.place(move.tiles)
            child.racks = [drawn, other]
            child.to_move = 1
            child.scoreless_turns = 0
            values.append((move.score or 0) - reference(child, 0))
        assert expected == sum(values) / 2, move
    assert pre.expected == max(expected for _move, expected in pre.candidates)


@pytest.mark.parametrize(("lang", "preset"), CASES)
def test_rounds_cut_at_one_two_and_three_turns_match_a_cut_minimax(lang: str, preset: str) -> None:
    # The turns next to the limit are weighed without laying their moves, and moves of earlier
    # lists are tried before the new tiles' moves are generated: the values must not move.
    # The compiled search tries the table's move before generating any, and one turn from the
    # limit the best moves of the player's list two turns up, rescored: a third round checks them.
    for position, run in endgames(lang, preset, len(preset) * 11 + len(lang), 30, lambda p: all(p.racks)):
        for depth in (1, 2, 3):
            expected = reference(position.copy(), run, depth=depth) + spread(position)
            for compiled in searches():
                value = EndgameSolver(position, blocked_run=run, native=compiled).limited(depth)
                assert value == expected, (position.to_cgp(), depth, compiled)


# Endgames of the Champion's self-play (benchmarks/bench_finale.py), with the value the Python
# search proved: the compiled one must prove the same, jokers included.
REAL_ENDGAMES = [
    ("7F4B2/KHOL3A1G2R2/2HA3R1AY1I2/2MIL2T1ZIPS2/3CA2E1AN1I2/V2AI1NE1G2E2/O2R2O1VE2z2/L2DILUEES5/"
     "OTEE2E1U2D3/N5M1F2R3/T1JABLE4O3/E1U3N4S3/2P3TWEEDS3/ChEMINS4A3/11TOUX QSURNIA/ETUR 309/481 0", -176),
    ("1P5O2LOBAT/1I5V1HE4/1R2B1HELIuMS2/WARGAMES7/1Y2D10/KA2G10/A3E1CLAN4N/N2FANEUSES3I/J3I5U3D/"
     "I3T1REFORMEES/SOU7I4/7QUINZE1D/10E3O/9CREPON/5VELTE1XI1T RTAUT?U/ELA 433/478 0", -37),
    ("7R3G3/6FOIROLES1/4T2M2MAX2/2NEW2P3N2J/4I2UN1EDITA/1ZIPS3A1CE2U/G3TEK1V1H3N/O2BAHAIE1A3E/D2R4L1U4/"
     "RIBOULES2M4/O2Q6E4/N2U5DE4/2CAVET2R5/FOLS5Y5/IRE2EThUSES3 LETNIA?/A 479/410 0", 150),
    ("2BRASSEES3LI/2I9JAN/2F9A1V/PROTO2D4Q1I/2CANA1EVeRTUAT/2A2L1B4E1E/2L2I1L7/3HUTUE4M2/2DETENU3RI2/"
     "5Z1I1CRAN2/7TWEEDS2/8O2I3/GYMNOtE1K2A3/6R2HOU3/6EPIEUX3 EOGFSNE/LSM 389/498 0", -78),
]


@pytest.mark.parametrize(("cgp", "value"), REAL_ENDGAMES, ids=[cgp.split()[1] for cgp, _value in REAL_ENDGAMES])
def test_both_searches_prove_the_same_value_on_real_endgames(cgp: str, value: int) -> None:
    position = Position.from_cgp(cgp, lexicon=full_lexicon("fr"))
    for compiled in searches():
        result = solve(position, seconds=60, native=compiled)
        assert (result.value, result.proven) == (value, True), compiled
        replay = position.copy()
        for move in result.moves:
            replay.push(move)  # every move of the line is legal where it is played


@pytest.mark.parametrize("cgp", [cgp for cgp, _value in REAL_ENDGAMES[:3]],
                         ids=[cgp.split()[1] for cgp, _value in REAL_ENDGAMES[:3]])
@pytest.mark.usefixtures("compiled_engine")
def test_the_moves_kept_for_a_line_are_its_moves(cgp: str) -> None:
    """The compiled search keeps each line's moves, by a key of the rack and the line's squares,
    and takes them from there when it meets the line again (nine lines in ten). Checked here:
    every line taken so is generated again and compared, move by move, on real endgames (a
    joker on a rack in two of them); and the search is the same with the check or without."""
    position = Position.from_cgp(cgp, lexicon=full_lexicon("fr"))
    plain = native.search(position, start_run=0, max_nodes=60_000)
    checked = native.search(position, start_run=0, max_nodes=60_000, check_lines=True)
    assert plain is not None and checked is not None
    assert (checked.value, checked.nodes, checked.line) == (plain.value, plain.nodes, plain.line)


# A real endgame (7 tiles against 5) where most moves of the nodes where every move is tried
# are answered by the other's out: with REAL_ENDGAMES[0], the check below.
ANSWERED_ENDGAME = ("7P1ENFUME/7O3L2V/5DEGIVRAT1A/JUBILE1O3N2D/5g4CA2A/5U3KOTO1S/5E4L3S/3I1U1REDOX1ME/"
                    "3N1L4N1WUS/1RIFLERAI1N2C1/3E1E1R2E2H1/3S3QATS2A1/3T3U5I1/1EPARGNE5s1/3S3Z7 "
                    "ETBIEAM/YHOIT 381/496 0")


@pytest.mark.usefixtures("compiled_engine")
@pytest.mark.parametrize("cgp", [REAL_ENDGAMES[0][0], ANSWERED_ENDGAME], ids=["QSURNIA", "ETBIEAM"])
def test_the_table_grows_with_the_search_and_keeps_its_entries(cgp: str) -> None:
    """The compiled search's table starts small and grows once the positions searched reach its
    buckets, so that a short search does not pay for mapping a large one. Checked here with a
    table of 2^10 buckets at first, grown to 2^14: the same value proven as in tables of either
    size kept from the start, and the positions searched within one in a hundred of those in the
    table of 2^14 from the start (its entries kept as it grew: dropped, 1.23 and 1.10 times as
    many), fewer than in the table left at 2^10."""
    position = Position.from_cgp(cgp, lexicon=full_lexicon("fr"))
    small = native.search(position, start_run=0, seconds=60, table_bits=(10, 10), threads=1)
    large = native.search(position, start_run=0, seconds=60, table_bits=(14, 14), threads=1)
    grown = native.search(position, start_run=0, seconds=60, table_bits=(10, 14), threads=1)
    assert small is not None and large is not None and grown is not None
    assert (small.table_bits, large.table_bits, grown.table_bits) == (10, 14, 14)
    assert small.proven and large.proven and grown.proven
    assert grown.value == small.value == large.value
    assert abs(grown.nodes - large.nodes) * 100 <= large.nodes
    assert grown.nodes < small.nodes
    replay = position.copy()
    for tiles in grown.line:  # every move of the line is legal where it is played
        replay.push(placement_of(tiles, position.board.size) if tiles else Move.pass_())


def test_the_table_is_no_more_than_an_eighth_of_the_machines_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search's table, sized for the positions its budget allows, is at most 2^22 buckets of 64
    bytes (256 MB) and never more than an eighth of the machine's memory: 2^21 on a machine of 1
    GB, 2^19 on one of 256 MB; where the system does not tell its memory, the most."""
    for megabytes, bits in [(64 << 10, 22), (2 << 10, 22), (1 << 10, 21), (256, 19)]:
        monkeypatch.setattr(os, "sysconf", lambda name, mb=megabytes: {"SC_PHYS_PAGES": mb << 8,
                                                                       "SC_PAGE_SIZE": 4096}[name])
        native.table_bits_most.cache_clear()  # the machine's memory is asked once a process
        assert native.table_bits_most() == bits
    monkeypatch.delattr(os, "sysconf")
    native.table_bits_most.cache_clear()
    assert native.table_bits_most() == native.TABLE_BITS[1]
    monkeypatch.undo()
    native.table_bits_most.cache_clear()  # this machine's again, for the tests after


@pytest.mark.usefixtures("compiled_engine")
@pytest.mark.parametrize("cgp", [REAL_ENDGAMES[0][0], ANSWERED_ENDGAME], ids=["QSURNIA", "ETBIEAM"])
def test_a_move_the_others_out_answers_leaves_the_out_alone(cgp: str) -> None:
    """Where the other player holds an out, a move that lays no tile on or beside the out's
    words is weighed by the out played after it, without being searched. Checked here: each
    move answered so is laid and the out played after it, which must be playable with the same
    score (a tile beside the out's word changes it: with the squares beside left out of the
    zone, both endgames fail); the search is the same with the check or without, and proves the
    value the search without answers proves, with fewer positions searched. The other's outs
    are the next turn's last outs that cut and its killers that go out: a move touching the
    best scoring one is weighed by another it leaves alone (the check plays that one after it)."""
    position = Position.from_cgp(cgp, lexicon=full_lexicon("fr"))
    plain = native.search(position, start_run=0, seconds=60)
    checked = native.search(position, start_run=0, seconds=60, check_answers=True)
    # A budget of positions turns the answers off (the Master's games replay by the count).
    without = native.search(position, start_run=0, max_nodes=10**12)
    assert plain is not None and checked is not None and without is not None
    assert plain.proven and without.proven
    assert (checked.value, checked.nodes, checked.answered, checked.answered_later, checked.line) == (
        plain.value, plain.nodes, plain.answered, plain.answered_later, plain.line)
    assert plain.value == without.value
    assert plain.answered > plain.answered_later > 0 and without.answered == 0
    assert plain.nodes < without.nodes


CUT_ENDGAME = ("14Q/13LA/12ROT/11NEWS/4DOCU4U2/5HA2BUGS2/6MAIE1LI2/5BEY2VAN1G/5I2K1UNE1R/5S2OH1DEME/"
               "4RECITAT3F/3PEAU2L1PROF/4MULTIVoIE1E/5T3A3JE/4ZEND1SIXTES SEERARO/N?LINOA 398/430 0")


@pytest.mark.usefixtures("compiled_engine")
def test_a_cut_is_proven_by_its_move_alone() -> None:
    """A real endgame (7 tiles against 7) whose refutations come after moves that fail low short
    of the end: the cutting move's proof is enough, so a round of six turns of the compiled
    search proves it (it took eight when every move tried before the cut had to be proven
    too). Its lines also meet killers that go out hooked on tiles of another line: tried before
    any move is generated, such a killer must touch this board's tiles, or the value proven is
    wrong here (the small random endgames of the minimax tests never showed it)."""
    position = Position.from_cgp(CUT_ENDGAME, lexicon=full_lexicon("fr"))
    result = solve(position, seconds=60, native=True)
    assert (result.value, result.proven) == (-26, True)
    # Proven by the round after the round of four turns: the one to the end of the game.
    assert result.depth == 2 * (7 + 7) + 2 * 2 * position.rules.blocked_count + 2
    me = position.to_move
    spread = position.scores[me] - position.scores[1 - me]
    for depth, proven in ((4, False), (6, True)):
        answer = native.search(position, start_run=0, max_depth=depth)
        assert answer is not None and answer.proven is proven, depth
        if proven:
            assert spread + answer.value == -26
    assert [move.notation() for move in result.moves][:1] == ["I4 RAIE"]


# A real endgame (7 tiles against 5, seed 73 of benchmarks/bench_finale.py) where passing often
# ends the game at beta.
PASSING_ENDGAME = ("SPECK2HELAT3/1U1U5AVANIE/1Y1I6I4/3L1G4LUT2/3ARA4IRA2/4EN5ES2/4F1DOM2ES2/3HONOREZ2E1R/"
                   "4N4ON1E1E/4D4BEES1T/4A5WU2a/3MIJOLAIS3B/4TAC2V4L/9R3FI/8DEMUNIR TESOPTQ/?UEXG 335/375 0")


@pytest.mark.usefixtures("compiled_engine")
def test_a_pass_that_ends_the_game_cuts_before_any_move_is_searched() -> None:
    """Where the other has just passed and passing ends the game, the pass is worth the racks as
    they are, known without a search: reaching beta, the node cuts on it before its moves are
    generated. Tried last, after moves whose subtrees were searched for nothing, one thread
    proved this endgame in 832,860 positions; with the cut, in about 300,000 (one thread, the
    same count each run)."""
    position = Position.from_cgp(PASSING_ENDGAME, lexicon=full_lexicon("fr"))
    answer = native.search(position, start_run=0, seconds=60, threads=1)
    assert answer is not None and answer.proven and answer.value == -20
    assert answer.nodes < 500_000
    assert reaches_its_value(position, answer)


def test_a_pass_answering_a_pass_counts_as_the_end_only_where_placements_restart_the_run() -> None:
    """Under rules that count scoreless turns, a joker on a rack may make a placement worth 0
    that counts toward the run: placements then depend on the run, and the searches play the
    passes out. FFSc counts turns without a word: a placement always starts the run again."""
    lexicon = WordSet(["OS", "SO"])
    board = "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15"
    for preset, racks, counts in [("ffsc", "?A/EE", True), ("naspa", "EA/EE", True), ("naspa", "?A/EE", False),
                                  ("hasbro", "EA/?E", False)]:
        position = Position.from_cgp(f"{board} {racks} 100/90 0", rules=preset, lexicon=lexicon)
        assert EndgameSolver(position).pass_answers_end is counts, (preset, racks)


@pytest.mark.usefixtures("compiled_engine")
@pytest.mark.parametrize(("lang", "preset"), CASES)
def test_threads_sharing_the_first_moves_match_a_cut_minimax(lang: str, preset: str) -> None:
    """The last round shares the root's moves out among threads, which share the table: each
    takes the next move, searches it with the best value any has found, and gives its own to
    the others; and before them the moves of the first line's nodes, each position laid by its
    path from the root. Started here at once, in rounds cut at two and three turns (the small
    random endgames of the minimax are proven before their round to the end, too short for the
    threads to start by default): the values of the cut minimax."""
    helped = searched = below = 0
    for position, run in endgames(lang, preset, len(preset) * 13 + len(lang), 25, lambda p: all(p.racks)):
        for depth in (2, 3):
            expected = reference(position.copy(), run, depth=depth)
            answer = native.search(position, start_run=run, max_depth=depth, threads=2, helpers_after=0)
            assert answer is not None and answer.value == expected, (position.to_cgp(), depth)
            helped += answer.helpers
            searched += 1
            below += answer.splits > 1
    # A node shares its moves once its first is searched: a root that cuts on its first move
    # (or before its moves are ordered) shares nothing.
    assert helped >= searched // 3
    assert below > 0  # the first line's nodes shared too, with the helpers laying their paths


@pytest.mark.usefixtures("compiled_engine")
def test_idle_threads_join_a_node_below_the_main_search() -> None:
    """A helper with none of the split's moves left, while the main search is still on one of
    them, joins a node below it (an inner split, its position laid from the split's node by its
    path) rather than ending: on the endgame of 7 tiles against 4 they do so dozens of times in
    most searches (in about one in four, the threads' timing leaves them none), and the value and
    the line are still one thread's."""
    position = Position.from_cgp(REAL_ENDGAMES[0][0], lexicon=full_lexicon("fr"))
    alone = native.search(position, start_run=0, seconds=60, threads=1)
    assert alone is not None and alone.proven and alone.inner_splits == 0
    joined = 0
    for _ in range(10):
        shared = native.search(position, start_run=0, seconds=60, threads=3, helpers_after=0)
        assert shared is not None and shared.proven and shared.value == alone.value
        joined += shared.inner_splits > 0
        assert reaches_its_value(position, shared)
    assert joined >= 1


# A real endgame (7 tiles against 5) whose root's best rises while threads search its other moves.
RISING_ENDGAME = ("K14/E14/U5T8/FRAPPER4B3/4H1I3CINQ1/1WATERS4COIT/4N3JAMS3/3DIIODES5/3EX8E1/3N1FUMEZ3N1/"
                  "3OUAtINEE2G1/MOLY5B3L1/3A2VALUT2U1/VANISEE6E1/EH4SOUTAGES1 LIRROEA/?DTRL 485/447 0")


@pytest.mark.usefixtures("compiled_engine")
def test_a_shared_move_whose_bound_another_thread_passes_is_searched_again() -> None:
    """A thread searching one of a split's moves with the best value found when it took it stops
    when another thread's move does better (or cuts), and searches its move again with the new
    bound: on this endgame three threads started at once on an idle machine do so once or more in
    most searches (on a busy one the threads' timing rarely lets them), and the value and the
    line are still one thread's. A move whose null window fails high raises the split's bound at
    once, before its exact value is searched: a version that then took that exact value, when
    no higher than the raised bound, for an upper bound proved 26 here for 18, in every run."""
    position = Position.from_cgp(RISING_ENDGAME, lexicon=full_lexicon("fr"))
    alone = native.search(position, start_run=0, seconds=60, threads=1)
    assert alone is not None and alone.proven and alone.restarts == 0
    for _ in range(6):
        shared = native.search(position, start_run=0, seconds=60, threads=3, helpers_after=0)
        assert shared is not None and shared.proven and shared.value == alone.value
        assert reaches_its_value(position, shared)


# Real endgames (7 tiles against 3 to 7) whose proofs go to the round to the end of the game.
LONG_ENDGAMES = [REAL_ENDGAMES[0][0], ANSWERED_ENDGAME, CUT_ENDGAME]


@pytest.mark.usefixtures("compiled_engine")
@pytest.mark.parametrize("cgp", LONG_ENDGAMES, ids=[cgp.split()[1] for cgp in LONG_ENDGAMES])
def test_threads_prove_the_value_and_a_line_that_reaches_it(cgp: str) -> None:
    """On real endgames, three threads started at once (the table grown to its size as they
    start) prove the value one thread proves, and the line answered, gathered from the thread
    that searched its first move, is legal and ends the game at that value. The table is small
    here, so that the other threads write over the entries of the line's later positions: the
    line must search those again (without that, it stopped two moves in on ETBIEAM every time).
    A budget of positions is searched by one thread whatever is asked (the Master's games replay
    by the count)."""
    position = Position.from_cgp(cgp, lexicon=full_lexicon("fr"))
    alone = native.search(position, start_run=0, seconds=60, threads=1)
    shared = native.search(position, start_run=0, seconds=60, threads=3, helpers_after=0, table_bits=(10, 12))
    assert alone is not None and shared is not None
    assert (shared.helpers, shared.table_bits, alone.helpers, alone.splits) == (2, 12, 0, 0)
    assert shared.splits >= 1  # the root (and nodes of its first move's line, where that lasts)
    assert alone.proven and shared.proven and shared.value == alone.value
    assert reaches_its_value(position, shared)
    one = native.search(position, start_run=0, max_nodes=20_000, threads=1)
    budgeted = native.search(position, start_run=0, max_nodes=20_000, threads=3, helpers_after=0)
    assert one is not None and budgeted is not None and budgeted.helpers == 0
    assert (budgeted.value, budgeted.nodes, budgeted.line) == (one.value, one.nodes, one.line)
