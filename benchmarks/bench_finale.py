"""The endgame and pre-endgame solvers on positions from the Champion's self-play.

    python benchmarks/bench_finale.py --games 200 --part 0/2 > part0.jsonl
    python benchmarks/bench_finale.py --games 200 --part 1/2 > part1.jsonl
    python benchmarks/bench_finale.py --report part0.jsonl part1.jsonl
    python benchmarks/bench_finale.py --positions part0.jsonl part1.jsonl --what endgame --part 0/2 > again0.jsonl
    python benchmarks/bench_finale.py --positions part0.jsonl part1.jsonl --python --part 0/2 > python0.jsonl

Game ``g`` is the Champion (level 5) against itself from seed ``g``. Two positions are taken
from it: the one where the bag has just become empty (the player to move then knows both racks)
and, if the game has one, the first with exactly one tile left in the bag. The first is solved by
the exact endgame solver, the second by the pre-endgame solver, each with ``--seconds`` (10 by
default) of this process's processor time (the machine may be shared). Each game is one JSON
line; ``--report`` prints the share of endgames solved exactly (proven) within the budget, the
median time, the nodes searched per second, and the share of pre-endgames whose every endgame was
solved within the budget. ``--positions`` solves again the positions of earlier lines without
playing the games (the runs below after the first are read that way); ``--python`` uses the
Python search where the compiled one is there (the baseline). Numbers are printed, never asserted.

Measured on 25 November 2026 (FFSc, 10 s of processor time each, two cores shared with other
work). First, 200 games with the first solver (each position's moves generated afresh, about
10 ms a full rack): 38 of 200 endgames solved exactly (19 %); about 5,200 positions a second.

Then the first 64 games (the same 64 positions), before and after the solver's rework the same
day, by tiles on the two racks:

    tiles on the racks          8     9    10    11    12    13    14    all
    before: solved exactly    3/3   4/4   4/6   1/5  3/14  1/19  0/13  16/64 = 25 %
    after:  solved exactly    3/3   4/4   6/6   3/5  5/14  1/19  0/13  22/64 = 34 %

Before: median time 12.4 s (2.5 s for those solved; the garbage collector's walk over the tables
after the search counted), about 6,600 positions a second; pre-endgames: 0 of 18 finished within
10 s. After: median 10.05 s (0.58 s for those solved), about 33,700 positions a second (5.1 times
as many); pre-endgames: 1 of 18 (up to 8 candidates × every tile the bag may hold, 48 endgames
each, the 10 s shared among them). The values of the endgames both runs solved are the same.
What changed: each player's moves are generated once for the whole rack and kept down the line
while the tiles laid since leave them alone, only the moves through the ends of the new tiles'
lines being generated afresh, from the few anchors that can reach them, on a patched board view;
moves are tried by score plus the value of the tiles played. Move generation (mostly patching the
board view) is still about three quarters of the time. The target of 95 % is far off: half the
endgames have 13 or 14 tiles on the racks (7 against 6 or 7), whose trees the pure-Python search
cannot finish in 10 s.

Measured on 26 November 2026, all 200 games (the same positions, ``--what both``, two cores
shared with another benchmark), after three more changes: a node first tries the moves of its
player's earlier list still playable (going out, the hash move, the killers, the best by worth)
and generates the new tiles' moves only if none of them cuts; a node one turn from the depth
limit is weighed without laying its moves; each player's first list is kept in order of worth.

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 16/17  22/24  24/39  22/53  13/46  116/200 = 58.0 %

Median time 4.80 s (0.47 s for those solved); 41,300 positions a second (a node one turn from
the limit counts once, its moves no longer laid). On the 169 games the run before measured
(70 of 169 solved, 41.4 %; median 10.04 s, 35,600 positions a second): 97 of 169 solved now, the
same value on the 69 both solved, in 36.6 s against 118.8 s (3.2 times faster); one lost
(solved in 4.7 s before, not within 10 s now: another order of moves). Pre-endgames: every
endgame solved within 10 s in 3 of 53 (56 endgames each, the 10 s shared). The 95 % is still
far: 13 and 14 tiles on the racks are half the endgames, and 35 of those 99 are solved.

Measured again the same day (the same 200 positions, two cores shared with another benchmark)
after one more change: one turn from the depth limit, an out that reaches beta cuts at once,
resolved, before a better move that does not end the game is looked for.

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 16/17  22/24  27/39  23/53  13/46  120/200 = 60.0 %

Median time 3.59 s (0.42 s for those solved); 48,300 positions a second. Against the run above:
4 more solved, none lost, the same value on the 116 both solved, in 146.5 s against 190.5 s
(1.3 times faster). Pre-endgames: still 3 of 53.

Measured on 26 November 2026, the same 200 positions (their CGPs read back from the run above),
10 s of processor time each, two cores, after the search was compiled (``_endgame.c``, loaded by
``scrabble_fr/player/native.py``; the same search, which also tries the table's move before
generating any, and one turn from the depth limit the best moves of the player's list two turns
up, rescored):

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 17/17  22/24  33/39  27/53  19/46  137/200 = 68.5 %

Median time 0.99 s (0.39 s for those solved); 406,600 positions a second, 8.4 times the Python
search's 48,300. Against the run above: 17 more solved, none lost, the same value on all 120
both solved. The 95 % is still not reached: at 13 and 14 tiles, 46 of 99. Eight times the speed
is one or two turns more of depth, and the 7-against-7 endgames need more than that.

Measured again the same day after three changes to the compiled search: a position's moves are
those of the player's list two turns up in the lines the two moves since left alone (the other
lines generated), table entries of 32 bytes (two to a cache line), each line's reach to an
anchor in one pass:

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 17/17  22/24  33/39  28/53  21/46  140/200 = 70.0 %

Median time 0.77 s (0.33 s for those solved); 578,500 positions a second (12 times the Python
search). Against the run above: 3 more solved, none lost, the same value on the 137 both
solved, in 103.3 s against 126.9 s (1.23 times faster). Tried and left out, measured on 70
endgames solved in 0.3 to 8 s (values the same each time): a second search on the other core
sharing the table (1.2 times slower in all: the two searches mostly did the same work), a
history of the moves that cut placed before the rest (46 % more positions), moves ordered by
worth plus the tiles laid or by score plus twice the tiles' value (3 % and 7 % more positions),
a table twice as large (3 % fewer positions, 3 % slower) or eight times smaller (3.5 times the
positions). The pre-endgames (53, 10 s shared by their 56 endgames or so): every endgame solved
in 3 of 53, as with the Python search (the same expected values on those 3).

Then rounds of 1, 2, 4, 6… turns instead of one more each time (12 % fewer positions on the 70):

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 17/17  22/24  33/39  31/53  22/46  144/200 = 72.0 %

Median time 0.77 s (0.31 s for those solved); 629,300 positions a second. Against the run above:
4 more solved, none lost, the same value on the 140 both solved (and on the 120 the Python
search solved), 1.10 times faster on them. But stopped at a budget the search answers from the
deepest round finished, and without the third the Master's (30,000 positions a move) stopped
at two turns where the Python search finished three: -1.14 points a game over 1,000 seeds
(``bench_maitre.py``). So the rounds are of one more turn up to four, then of two (1, 2, 3, 4,
6, 8…; 3 % fewer positions than the above on the 70), read with ``--positions``:

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 17/17  22/24  33/39  29/53  23/46  143/200 = 71.5 %

Median time 0.75 s (0.33 s for those solved); 673,900 positions a second, 14 times the Python
search's. Against the run above: 1 more solved, 2 lost (both near the 10 s), the same value on
the 142 both solved, 1.06 times faster on them.

Measured on 26 November 2026 on another machine of the same kind, about half as fast (319,500
positions a second for the same search; the 200 positions played again from their seeds, the
same games), after one change to both searches: a position that fails high is proven by the
move that cut alone (the moves tried before it, below beta whatever their depth, no longer have
to be proven too). The search as it stood, then with the change, beside nothing else:

    tiles on the racks          8     9    10     11     12     13     14    all
    before the change         6/6 13/15 17/17  22/24  32/39  28/53  19/46  137/200 = 68.5 %
    with it                   6/6 13/15 17/17  22/24  32/39  28/53  20/46  138/200 = 69.0 %

On 75 endgames solved in 0.3 to 8 s (read with a budget of positions, so the counts do not
depend on the machine): the same values, 5 proven one round sooner (seed 89, 7 tiles against
7: in the round of six turns, not eight), 31,329,022 positions against 31,331,544. Tried the same
day on those 75 and left out: a look in the table at every child before searching any
(enhanced transposition cutoff) from three turns from the limit, 6 % fewer positions but 12 %
more time (from two: 1 % fewer, 19 % more time); the rounds going from the sixth straight to the
game's longest, 11 % fewer positions and 5 % less time, but a search stopped by its budget would
then answer from six turns where it now finishes eight or ten (the Master's and the hint's
answers when not proven; the trap of the rounds of two above); the processor's bit-count
instruction in the word graph's walk (asked at run time), no faster side by side on the two
cores (148 s against 141 s): the walk waits on memory, not on counting.

Then, the same day and machine, one turn from the limit the move generation stops at the first
move that reaches beta and ends the game (going out, or scoreless at the end of the run): the
node cuts on it, resolved, and its other moves are never made (most of those nodes cut on an
out, and the generation was seven tenths of the time). On the 75: 80.5 s against 125.2 s side
by side (1.6 times faster), 31,333,572 positions against 31,329,022, the same values. On the 200:

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 17/17  22/24  32/39  28/53  22/46  140/200 = 70.0 %

Median time 0.64 s (0.23 s for those solved; 1.28 s and 0.46 s before); 498,100 positions a
second (363,800 before). Against the run before it: 2 more solved (both at 14 tiles), none lost,
the same value on the 138 both solved, in 95.6 s against 151.6 s (1.59 times faster). Left out:
stopping at any move that reaches beta (a cut left unresolved where an out proves it: one
endgame of the 75 searched 20 million positions without a proof), and stopping the same way at
the nodes further from the limit (one of the 75 no longer proven, no faster). Pre-endgames (the
53, ``--what pre``, 10 s shared by their 56 endgames or so): every endgame solved in 5 of 53
(3 of 53 at every earlier measure, on the faster machine too).

Measured on 27 November 2026 on a third machine of the kind (the 200 games played again from
their seeds, ``--what endgame``, two processes on the two cores), the search as it stands:

    tiles on the racks          8     9    10     11     12     13     14    all
    solved exactly            6/6 13/15 17/17  22/24  32/39  28/53  21/46  139/200 = 69.5 %

Median time 0.71 s (0.29 s for those solved); 410,700 positions a second. How far the other 61
are: every third of them (21; 7 tiles against 5 to 7) given 60 s each instead of 10, 5 were
proven (in 11.4, 12.9, 20.5, 34.7 and 40.4 s; 5 to 35 million positions, proofs 18 to 26 turns
deep), the 16 others not, their deepest finished round 6 to 16 turns. Six times the time would
thus solve about 76 % of the 200, not 95 %: the endgames left are 7 tiles against 6 or 7 whose
proof trees hold hundreds of millions of positions, and what would reach them is a search that
visits far fewer, not one that visits them faster. Built with ``-O3`` rather than ``-O2``: the
same 43,355,171 positions on the 69 endgames solved in 0.3 to 8 s, 108.8 s against 109.3 s side
by side; ``-O2`` stays.

Measured on 27 November 2026 on that machine (the 200 positions read back with ``--positions``,
side by side on the two cores, the search before in one process and the one after in the
other), after one change to both searches: a pass that answers a pass counts as the blocked end.
After two passes the board and the racks are those of two turns before and each side's
placements are worth what they were (a placement starts the run again), so passing on only
brings the blocked end nearer: worked out, the first pass is worth max(M, min(-m, B)) whoever
passes last (M and m each side's best placement, B the blocked end), which is what it is worth
when the answering pass ends the game at once. Tested against the exhaustive minimax with the
rules' own runs of six turns.

    tiles on the racks          8     9    10     11     12     13     14    all
    before                    6/6 13/15 17/17  22/24  32/39  28/53  21/46  139/200 = 69.5 %
    with it                   6/6 13/15 17/17  22/24  33/39  30/53  22/46  143/200 = 71.5 %

None lost, the same values on the 139 both solved, in 118.9 s against 134.8 s (1.13 times
faster), 33.3 million positions against 42.0 (21 % fewer); the proofs finish at shallower
rounds (1,017 turns in all against 1,135). Run again beside a variant, 143 again. The
pre-endgames (the 53, ``--what pre``, each search in turn on a busy machine, processor time):
every endgame solved in the same 4 of 53 before and after, with the same expected values. Tried
the same day and left out:

- passes using up no depth (rounds counted in placements, a line of passes being short now):
  143 of 200 as well (3 more, 3 fewer), 3.5 % fewer positions, no faster;
- two searches on the two cores sharing the table (each leaves the positions the other is in
  for later, ABDADA; the main search reads the other's bounds only when proven, since an
  unproven bound found first stood for a proof: one endgame went from 2 s to unproven in
  60 s), measured alone on the machine on the wall clock: 136 of 200, against 139 for one
  search, 1.09 times faster on those both solved, twice the positions a second;
- a table entry that keeps the bounds proven to the end when a later search of the position
  with another window writes over it: the same positions within 0.2 %;
- a window of 3 points around the round before's value at the root (searched again in full
  when the value falls outside): 0.2 % more positions on 25 endgames solved in 1 to 6 s.

Of the 57 endgames left (53 of them 7 tiles against 5 to 7), 33 do not finish the round of
eight turns in 10 s, 9 not that of six: hundreds of moves a position, with or without a joker.
Their proofs hold far more positions than a tenfold faster search would reach.

Measured on 27 November 2026 again (the 200 positions read back, two processes on the two
cores, processor time), after one change to the compiled search's rounds: 1, 2, 3 and 4 turns,
then one round to the end of the game, instead of 6, 8, 10… turns. A round cut short of the end
weighs its last turns by the game counted blocked there, a guess; its cuts do not hold a round
deeper, and each round of 6, 8, 10… searched again much of the one before. The round to the end
weighs ends of the game only: each value it keeps in the table is proven, and each cut holds.
Tried on the 75 solved endgames on 26 November, this looked like little (5 % less time) and was
left out; on the 57 endgames not solved, rounds to the end after four turns solved 12, after six
turns 10 (and after three, on the 36 solved in more than a second, it lost 2 of them).

    tiles on the racks          8     9    10     11     12     13     14    all
    rounds of 6, 8, 10…       6/6 13/15 17/17  22/24  33/39  30/53  22/46  143/200 = 71.5 %
    to the end after four     6/6 13/15 17/17  23/24  35/39  33/53  26/46  153/200 = 76.5 %

11 more solved within 10 s (a twelfth in 10.008 s, counted out), one lost (seed 24, 7 tiles against 7, solved in
3.4 s before), the same values on the 142 both solved, 25 % fewer positions on them (33.3
million against 44.4) but 7 % more time (150.8 s against 140.8 s: nodes deeper in the tree,
every move laid), median 0.39 s for those solved. Under the Master's budget (30,000 positions a
move), on the same 200: 58 proven against 57, 9 answers from the round of four turns where
the round of six finished before, the first move the same in 199 of 200. Pre-endgames: every
endgame solved in the same 4 of 53, the same expected values, 8 % fewer positions. The 46 left
are 7 tiles against 5 to 7 (43 of them) and none finishes its round to the end within 10 s.
Tried the same day on the 57 not solved before and left out (12 of them solved with the change
alone):

- the cuts counted by move (a table of 65,536 counts, the moves laying the same tiles on the
  same squares), each count's bit length four points on the worth the moves are tried by: 9;
- a table of 2^22 buckets instead of 2^20 at most, and a table keeping, of two entries, the
  one with more positions searched under it: 11 each (seed 100, solved in 9.7 s, lost);
- the same rounds in the Python search: 41 of the first 80 endgames solved either way, 8 %
  fewer positions, no faster; it keeps its rounds of one more turn;
- a look in the table at every child before searching any (enhanced transposition cutoff; in
  the round to the end every entry is proven), side by side with the search without it: 12
  against 10, 3 % fewer positions but 14 % more time on those both solved. The two more
  (seeds 100 and 189) are solved in 8 to 10 s or not at all from one run to the next: the
  search without it solved them in its first run on the 57 (12 then, 10 now);
- the killers tried before any move is generated, as the table's move is (a cut on one spares
  the generation; a killer comes from another position, so it must touch the board's tiles
  here: without that check a killer hooked on a tile of another line gave a wrong proven value
  on the cut test's endgame, which the small random endgames of the minimax tests never
  showed): 11 of the 57 either way (2 more, 2 fewer), 14 % less time on those both solved,
  half as many positions again. Not kept without a run on all 200 and a test of a killer
  hanging in the air.

Measured on 27 November 2026 in the evening on a fourth machine of the kind (the 200 games played
again from their seeds, the same positions; the search as it stood solved 154 of them here),
after three changes to the compiled search, each read first on the 98 endgames solved in more
than a second or not at all, side by side with the search before it:

- the generation stops at an out (or a scoreless end) that reaches beta at every depth, not only
  one turn from the limit: since the search goes to the end of the game in one round, almost no
  node is one turn from the limit, and the cut nodes generated all their moves before trying
  the out. 61 of the 98 solved against 53, none lost but one at the edge (9.9 s before, 10.01 s
  after), the same values, 1.64 times faster on those both solved, 0.6 % more positions;
- a killer that goes out, still playable and reaching beta, cuts before any move is generated
  (its value is exact; it must touch the board's tiles, which the cut test's endgame checks: a
  killer hooked on a tile of another line gave a wrong value there): 62 against 59, 1.18 times
  faster, 3 % fewer positions;
- a child's entry in the table is read before its move is laid (half the positions searched are
  answered by the table, and laying a move, its cross-checks, cost more than the read), the keys
  kept move by move and worked out for a move not laid, the next move's entry fetched from
  memory while this one is searched: 64 against 63, 1.15 times faster, the same positions
  (checked: the key worked out before laying is the key after it, at every move of the tests).

All 200, the search before and after side by side on the two cores:

    tiles on the racks          8     9    10     11     12     13     14    all
    before                    6/6 13/15 17/17  23/24  35/39  34/53  26/46  154/200 = 77.0 %
    after                     6/6 13/15 17/17  23/24  36/39  40/53  32/46  167/200 = 83.5 %

13 more solved, none lost, the same values on the 154 both solved, in 84.5 s against 184.5 s
(2.18 times faster), 0.7 % fewer positions; median time 0.38 s (0.25 s for those solved);
716,900 positions a second against 367,200. Under the Master's budget (30,000 positions a move)
on the same 200: the same first move and the same value in all 200, 59 proven against 58, in
26.9 s against 34.4 s. Pre-endgames (the 53, ``--what pre``, side by side): every endgame
solved within 10 s in 5 of 53 against 4, the same expected values on the 4, 1.9 times the
positions searched in the same time. Tried and left out: the outs that cut kept apart from the killers (four
a depth, all tried before generating): 4 % fewer positions and 3 % less time on six endgames
solved in 2 to 9 s, but the cut test's endgame was no longer proven by the round of six turns
alone (its order of moves changed); the first move picked by one pass over the list and the
rest sorted only when it does not cut (the same order, the same positions): no faster on six
endgames run three times each. The 33 left are 7 tiles against 6 or 7 (27 of them), 4 or 5
(four), and two of 7 against 2, a Q among the 2 (OQ, SQ): the 7 tiles then play on over many
turns, every order of their moves a line (a joker among them in one). Given 30 s each instead of
10, 4 of the 33 are proven (in 14 to 23 s; 171 of 200 in all); the 29 others do not finish
their round to the end of the game.

Measured on 28 November 2026 (the same 200 positions read back, the search before and after side
by side on the two cores, processor time), after one change to the compiled search's move
generation: each line's moves are kept the first time they are generated, by a key of the
player's rack and the line's squares (tiles, and the empty squares' cross-checks, cross-word
points and anchoring), and a position that meets the same line with the same rack takes them
from there. Counted first: of the lines the search generated, 93 to 95 in a hundred had been met
before with the same rack (two 7-against-6-or-7 endgames, 10 s each): moves laid elsewhere on
the board leave most lines alone, and the list two turns up only serves the lines the last two
moves did not touch. Kept: 65,536 lines, 262,144 moves in a ring (10 MB), the oldest written over.

    tiles on the racks          8     9    10     11     12     13     14    all
    before                    6/6 13/15 17/17  23/24  36/39  40/53  32/46  167/200 = 83.5 %
    after                     6/6 13/15 17/17  23/24  36/39  41/53  32/46  168/200 = 84.0 %

The same positions searched on every endgame (117,751,176 on the 167 both solved), the same
values, 1.45 times faster on those (129.9 s against 188.2 s; 1.47 times on the 65 of the 98
hardest both solved); 967,900 positions a second against 627,700; median 0.34 s (0.23 s for
those solved). One more solved (seed 168, 7 tiles against 6). Under the Master's budget
(30,000 positions a move) on the 200: the same first move and value in all 200, in 13.8 s
against 28.6 s. Pre-endgames (the 53, ``--what pre``, side by side): every endgame solved within
10 s in 6 of 53 against 5 (seed 68 the one more), the same expected values on the 5, 1.79 times
the positions searched in the same time. The move generation was half the search's time and is now a quarter; the
reads of the table now come first (a fifth: the next move's entry, 64 MB read at random).
Tried the same day and left out: a child that the other's killer out answers (an out still
playable after the move: it lays no tile on or beside the out's words) weighed without laying
the move, as the child would have answered: the same positions, 4 % less time on three
endgames, within the machine's noise (and read before the table, without the table's entry
written: seed 84 searched 8.6 million positions where it had 4.7); the table in pages of 2 MB,
which this machine's system does not give; the library's qsort replaced by a quicksort written
for the order: no faster; the children's entries fetched three moves ahead instead of one: 1.2
times faster on 25 endgames solved in 1.5 to 8 s, but on the 98 hardest no faster (1.02 times
the time on the 65 both solved, one lost at the edge); the first move picked by one pass and the
others left unsorted in a null window (all fail low whatever their order, but the order feeds
the table and the killers below): 32 % more positions on the 62 of the 98 both solved, 2 fewer
solved.

Where the positions of a 7-against-7 endgame not solved go (seed 12, the round to the end, 10
s): 90 % are answers of the other by an out, a killer, at the ninth and the seventh turns; the
positions whose moves must all be tried (all fail low) are at the eighth turn (310,000, 28 moves
each, the player to move holding 1 or 2 tiles), the sixth (192,000, 36 moves), the fourth (7,700,
69 moves), and the root has 409 moves, some of whose proofs hold 8 million positions (a one-tile
move there, the game going on for long after it). The search visits them at a million positions
a second; what would solve these is a proof that visits fewer.

Measured on 28 November 2026 (the same 200 positions read back, before and after side by side on
the two cores, processor time), after a change that visits fewer: in the round to the end of
the game, a move that lays no tile on or beside the words of an out the other player holds (the
best of the next turn's killers that goes out and is playable now) leaves that out playable
with the same score, so the other's value after it is at least the out's; where the move's
score less the out's value (the out's score and twice the tiles the move leaves) is no better
than the best move found, the move is weighed so, without being searched. On seed 12, six turns
down, 28 of a node's 34 moves are answered so.

    tiles on the racks          8     9    10     11     12     13     14    all
    before                    6/6 13/15 17/17  23/24  36/39  41/53  32/46  168/200 = 84.0 %
    after                     6/6 13/15 17/17  23/24  36/39  41/53  33/46  169/200 = 84.5 %

The same values; on the 168 both solved, 0.58 times the positions searched (75,221,917 against
128,738,288: the answered moves are not counted) in 0.93 times the time (123.1 s against
132.7 s), median 0.25 s (0.19 s for those solved); one more solved (seed 58, 7 tiles against 7,
in 2.1 s where it took 9.9 s in a run on the 33 left before, which also proved 168 and 176 at
the 10 s edge). The gain is in the middle: on the 19 that took 2 s or more, 0.99 times the time,
from 0.54 times (seed 155) to 1.78 (seed 84: the positions searched the same, the moves left
unsearched change what the table and the killers tell the search elsewhere). Pre-endgames
(``--what pre``, side by side): 6 of 53 against 5 (seed 68 again), the same expected values,
0.67 times the positions. Under the Master's budget of positions the answers are off (its games
replay by that count): the same first move, value and depth on all 200.
Tried the same day and left out: the answers in the rounds cut short of the end too (there the
bounds change which moves the table keeps as best, and the round to the end is ordered worse:
seed 187 searched 5.8 million positions instead of 1.9); the killers that do not go out tried
before any move is generated (on seed 12, 978,000 nodes cut so without generating; on the 25
endgames solved in 1.5 to 8 s, 1.13 times the time and 3 lost, four of them 4 to 10 times
slower); only those whose child's table entry cuts (22,000 of 570,000 cuts); the other's out
looked for by generating its moves where no killer gives one (seed 146: 6.6 s instead of 4.8);
the child's table entry written for each answered move (1.15 times the time on the 25).

Measured on 28 November 2026 on a faster machine of the kind (the 200 positions played again
from their seeds, the same games; the search as it stood solved 173 here), before and after side
by side on the two cores, processor time, after two changes. First, the other's outs looked at
for the answers are the last four outs that cut at the next turn (kept apart from the two
killers, which a move that does not go out pushes aside) and its killers that go out, the best
scoring first, so a move that blocks the best may be answered by another it leaves alone
(counted: ``NativeAnswer.answered_later``). On seed 12, the 1.4 million nodes six turns down then
search 2.2 of their 35.5 moves on average, the pass counted. Alone: 175 of 200, 0.87 times the
positions and 0.93 times the time on the 173 both solved. Then, the lines kept sized by the
budget as the table is, 2^16 to 2^18 (a 10 s search: 2^18 lines and 2^20 moves, 44 MB instead of
11): on the 40 endgames solved in 1.5 s or more or not at all, 0.94 times the time, the same
positions. Both:

    tiles on the racks      8     9    10     11     12     13     14    all
    before                6/6 13/15 17/17  23/24  36/39  43/53  35/46  173/200 = 86.5 %
    after                 6/6 13/15 17/17  23/24  36/39  43/53  37/46  175/200 = 87.5 %

The same values; on the 173 both solved, 0.87 times the positions (88,385,833 against
101,898,776) in 0.90 times the time (78.2 s against 86.4 s); median 0.13 s (0.10 s for those
solved). Two more solved (seeds 12 and 29, 7 tiles against 7, in 8.8 and 6.9 s); on the 13 both
solved that took 1.5 s or more, 0.88 times the time (0.70 for seed 155 to 1.06 for seed 168).
Under the Master's budget (30,000 positions a move), where the answers are off: the same first
move, value, depth and positions on all 200, in the same time (6.8 s). The 25 left are 7 tiles
against 6 (10), 7 (9), 5 (3), 4 (1) or 2 (2). Tried the same day on the 40, side by side, and
left out: eight outs kept instead of four (the same solved, the same time, 1.4 % fewer
positions); the other's outs also looked for in its list a turn up (its rack then held these
tiles and more): 1.17 times the time, one fewer solved; the killers that do not go out tried
before any move is generated, again (five turns down every node that cuts does so on its first
move, a killer, and 1.5 million of those nodes generate about ten moves each): 4 fewer solved,
1.11 times the positions (a killer tried before an out the generation would stop on searches a
tree where the out was a leaf), and tried only where no out of the player's shows in its list
two turns up: one more solved (seed 123), but 1.16 times the positions and 1.05 times the time on
the 15 both solved (seeds 29 and 168 1.4 and 1.5 times slower); a node taking its moves from the
nearest of its player's lists up the line when the one two turns up cut before generating: the
same positions, 0.99 times the time; each line's key worked out square by square without each
square waiting on the one before (the squares mixed apart and combined as a Zobrist key is),
and the moves kept for a line copied to the stack in one piece: each 1.00 times the time, the
same positions (the generation waits on memory, not on the arithmetic).

Measured on 28 November 2026 (the same 200 positions, before and after side by side on the two
cores, processor time), after one change: the table grows. It starts at 2^20 buckets (64 MB) at
most, as before, and once the positions searched reach 2^20 (about 0.8 s) its entries move to a
table of the budget's size, 2^22 buckets (256 MB) for 10 s. A table of 2^22 from the start,
tried first: 177 of 200 and 0.85 times the positions on the 175 both solved, but the searches of
a tenth of a second took 1.28 to 1.5 times as long (mapping the pages their reads touch; median
0.21 s against 0.13 s). Grown:

    tiles on the racks      8     9    10     11     12     13     14    all
    before                6/6 13/15 17/17  23/24  36/39  43/53  36/46  174/200 = 87.0 %
    after                 6/6 13/15 17/17  23/24  36/39  45/53  37/46  177/200 = 88.5 %

The same values; on the 174 both solved 0.88 times the positions (86,572,869 against 98,580,457)
in 0.99 times the time (97.2 s against 98.2 s): on the 16 that took 1.5 s or more, 0.83 times the
positions and 0.96 times the time (0.51 for seed 29 to 1.74 for seed 84: another table, another
order); below 1.5 s the same positions, 1.01 to 1.07 times the time. Median 0.14 s both. Three
more solved (seeds 12, 104 and 123, in 8.6, 9.9 and 9.0 s); the search before solved 175, 174
and 174 in three runs on these positions (seed 12 at the edge), the search after 177 in each of
its first three and 178 in a fourth (seed 172, 7 tiles against 5, at the edge in 9.6 s). Against
the table of 2^22 from the start, side by side: the same 177, 1.03 times the positions, 0.93
times the time. Under the Master's budget of positions the table is sized for 30,000 and never
grows: its games replay unchanged (the same value, depth, positions and first move on all 200
under 30,000 positions). Pre-endgames
(``--what pre``, side by side): every endgame solved within 10 s in the same 8 of 53, the same
expected values, 1.00 times the positions (a pre-endgame's endgames share the 10 s, few last
long enough for the table to grow). The memory of a search that grows: seed 29 in
``scrabble-fr analyser --finale --reflexion 10``, 412 MB at most for the process against 171 MB
before (3.8 s against 7.6 s).
Tried the same day and left out: a table of 2^23 buckets (512 MB) from the start: the same
positions as 2^22, more time (1.02 times the search before on the 14 of the 40 hardest both
solved); 2^21 from the start: 0.85 times the positions but seed 84 lost (3.8 s before, not
within 10 s); the table grown at 2^21 positions instead of 2^20: against the table of 2^22 from
the start, 1.08 times the positions on the 176 both solved, 1.06 times the time on the 20 of
them that took 1.5 s or more; each entry keeping the bit length of the
positions searched under it, and of two the costlier kept (in the round to the end every entry
is proven, so the one written last always took the place): the same with 2^22 (0.99 times the
time), and with 2^20 one more solved at the edge, 1.01 times the positions; the other's outs
kept a turn down also tried before any move is generated, as the killers that go out are: 0.997
times the time, the same 175; in the round to the end a window of 10 points around the value of
the round of four turns, widened four times on the side it fails: the same 14 of the 40 hardest
solved, 0.96 times the time (seed 3 0.41 times, the others the same); the lines kept sized by
the table's size once grown (2^20 lines and 2^22 moves for 10 s instead of 2^18 and 2^20): the
same positions, 0.98 times the time on the 17 of the 40 hardest both solved, none more, for
about 190 MB more; the table grown at 2^19 positions instead of 2^20: 0.99 times the positions
and the same time on the 177 both solved, but 1.14 times the time on those taking 0.5 to 1.5 s.

The 23 left are 7 tiles against 6 (8), 7 (9), 5 (3), 4 (1) or 2 (2). Run again with 40 s each
(the search before): 10 of the 25 then left were solved, in 10.9 to 40 s (seeds 123, 104, 48,
88, 45, 169, 33, 16, 122 and 6); 7 against 2, 4 or 5 (seeds 120, 157, 117, 43, 172) not one: there
the other player is stuck with a tile it cannot play (a Q, say) and passes, and the player with
seven tiles may play them out over as many turns, a tree of its own moves alone that the outs
do not cut. What would solve these is a search of that player's moves alone, once it is known
that the other can never play again; and for the 7 against 6 or 7 about four times the speed.

Measured on 28 November 2026, after the round to the end of the game was shared out among
threads: each takes the next of the root's moves not yet taken and searches it with the best
value any has found; the table is shared (its entries written and read as four words, the key
mixed with the other three, so that an entry read while another thread writes it does not
match: no lock). Counted first, on seeds 104 and 123 (the search before, 40 s): 99.9 % of the
positions lie under the root's moves after its first, the costliest of them 15 % and 5 %. The
helpers start once the search has searched 2^20 positions (where the table grows, which it does
first: a shared table no longer grows), each made from the request as the search's own state
was, so a short search pays nothing for them. A search under a budget of positions (the
Master's) keeps to one thread, its games replaying by the count; under ``--threads N`` the budget
is the wall clock, and the machine must be left to the benchmark.

One thread, processor time, side by side with the search before (``--what endgame``): the same
176 solved, the same positions on each, 1.01 times the time (the entries read as words).
Then each alone on the machine's two cores, wall clock (``--threads 1``, ``--threads 2``):

    tiles on the racks      8     9    10     11     12     13     14    all
    one thread            6/6 13/15 17/17  23/24  36/39  45/53  37/46  177/200 = 88.5 %
    two threads           6/6 13/15 17/17  23/24  37/39  48/53  41/46  185/200 = 92.5 %

The same values; on the 177 both solved, 1.02 times the positions in 0.76 times the time (94.4 s
against 124.9 s); on the 22 of them that took 1.5 s or more, 0.69 times the time (0.53 for seed
104 to 1.22 for seed 113, whose proof lies under few of the root's moves); below 1.5 s 0.94 to
0.98 times. Median 0.14 s against 0.15 s. Eight more solved (seeds 6, 33, 48, 88, 122, 169, 172
and 173, in 4.8 to 10.0 s): three of them (6, 172, 173) not solved in 40 s by one thread, the
other thread's first moves giving a better bound sooner. A first run of the threads, their states
then copied from the search's at the root, solved 184 (seed 122 at 10.02 s), and cost the
searches of a tenth of a second 1.1 times their time; made from the request when they start,
nothing. Under the Master's budget of positions: the same value, depth, positions and first
move on all 200 (30,000 positions each). Pre-endgames (the 53, ``--what pre --threads 2``, alone,
wall clock): every endgame solved within 10 s in 10 of 53 (seeds 22 and 60 more than the 8 of one
thread on processor time), the same expected values on the 8. Tried and left out: a thread with no root move left
searching one that another thread searches, its replies taken from the middle of the order on,
the first to finish stopping the other: on the 45 that took 1.5 s or more or were not solved,
the same 30 solved, 1.07 times the positions and 1.03 times the time; the helpers taking the
root's moves from the end of the order (the one-tile moves and the pass, whose games last
longest) while the main search takes them from the front: 2 fewer of the 45, 1.03 times the
time; each thread looking again for the other's outs at each root move it takes (its killers
grow as it searches), not once: the same 29 of the 45 in that run (one more, one fewer, both
at the edge), the same time; the root's moves of the round to the end ordered by the bound the
round of four turns left on each (its child's entry), the least refuted first: with one thread
2 more of the 45 (seeds 45 and 48, at 8.4 and 9.8 s) but 1.04 times the time on the 22 both
solved (seed 113 1.48 times), with two threads 28 against 29 and 30 (seeds 169 and 173 lost).

Then the line answered for a proven value is completed where the table no longer holds a move of
it: it is followed through the table's moves after its last searched one, and the other threads
may have written over those entries (the tests' endgame of 7 tiles against 5, in a table of 2^12
with three threads, stopped two moves in on every run). Such a position is searched again to
the end of the game, the table warm, within 500,000 positions; an unproven answer still stops
where its search stopped. Run again on the 200 with two threads: 184 (seed 172, 4.8 s in the run
above, not within 10 s in this one: the threads' order of work varies from run to run; 184 in
the first run too), the same values, 0.72 times the time of one thread on the 177 both solved
(0.66 on the 22 that took 1.5 s or more), median 0.14 s. The Master's searches: the same output
on all 200.

The 15 or 16 left are 7 tiles against 6 (5), 7 (5), 5 (2 or 3), 4 (1) or 2 (2: the other holding a
Q). Two cores give 0.5 to 0.7 times the time on the hard ones; these need more than four times
the speed of one thread.

Measured on 28 November 2026, later. First, where the hard searches go, counted by turn (seeds
104 and 173, one thread, 40 s): every node that cut did so on the first move it tried, at every
depth, and every other node searched all its moves (10 to 27, the others answered by an out or
found in the table): a tree as small as alpha-beta makes it for these moves, which no better
order of moves can shrink. On seed 104 the other player has one tile it cannot play and passes
at every other turn. The 16 left, run again with 30 s each (two threads): seeds 138, 45, 172, 16
and 117 solved in 10.5, 12.8, 12.5, 15.3 and 26.5 s, the other 11 not; and on seeds 24, 153 and
171 the helper never started: the root's first move, searched before the others are shared, had
not been proven in 30 s.

So the nodes of the first move's line are shared too (PV splitting): a node of the first line,
down to three turns, once its own first move is searched (its line split first, the deepest node
first), shares its other moves out as the root does, the helpers laying the node's path from the
root; one split at a time; the root's moves, too, after its first only (before, without a move
from the table, they were shared before any bound was known). Seed 171 then solved in 19.6 s (not in
30 s before); seeds 153 and 24 still not in 30 s, but searched by both threads (61 and 107 million
positions against 33 and 54). And a node's moves ordered by insertion where they are fewer than 48
(most nodes of a hard endgame have 10 to 30): one thread, processor time, the same positions in
0.89 to 0.95 times the time (seeds 104, 173, 3, 29). On the 45 that took 1.5 s or more or were not
solved, two threads: 30 solved against 29 (seed 172 in 5.1 s), 0.93 and 0.97 times the time in
two runs. On the 200, two threads, wall clock, two runs:

    tiles on the racks      8     9    10     11     12     13     14    all
    first run             6/6 13/15 17/17  23/24  36/39  48/53  41/46  184/200 = 92.0 %
    second run            6/6 13/15 17/17  23/24  37/39  48/53  42/46  186/200 = 93.0 %

The same values; the second against one thread (the run above): 0.69 times the time on the 177
both solved; against the first run 0.96 times the time, seeds 138 and 172 solved (8.5 and 5.3 s)
where they were not. Median 0.14 s. The Master's searches (a budget of positions, one thread): the
same output on all 200. Pre-endgames (``--what pre --threads 2``): the same 10 of 53, the same
expected values, median 6.98 s against 7.03 s.

Then the table's buckets in the round to the end: each keeps in its first slot the deeper of two
entries, and every proven entry there is as deep, so a position that took a few positions to
prove pushed out one that took millions. Of two as deep, the costlier now stays (the count of
positions each search took, kept as its bits in the entry's spare byte). One thread, processor
time, on the 45 that took 1.5 s or more or were not solved, side by side with the search before:
24 solved against 23 (seed 138 in 8.7 s: 6.0 million positions, where 21 million in 30 s had
not proven it), 0.99 times the positions and the time on the 23 both solved (seed 173 0.89, seed
45 0.84). Two threads on the 200: 186 (the same as the second run above; seeds 138 and 172 at
6.1 and 5.3 s), 0.93 times the positions and 0.99 times the time on the 186 both solved. Not in
the rounds cut short (there depths differ) nor under a budget of positions: the Master's
searches give the same output on all 200.

Then a helper with none of the split's moves left, while the main search is still on one of them
(on seed 45, two threads searched 2.1 times the positions of one thread in 1.09 times its time),
no longer ends: it waits (20 microseconds at a time) for the main search to reach a node within
four turns below the split's whose first move has failed low, which then shares its other moves
(an inner split, the helper laying its position by its path from the split's node). On the 45:
31 solved against 30 (seed 172 at 4.9 s), the same positions in 0.89 times the time on the 30
both solved. On the 200: 186 (the same 14 left), 0.95 times the time on the 186 both solved, 0.68
times one thread's on the 177 both solved; median 0.135 s. Tried beside it and left out: a table
of the positions the threads are searching (those with 8 tiles or more on the racks), a move
whose position another thread is searching put off to the end of its node's moves (ABDADA): on
seed 45 0.96 times the positions, the same time.

Then a move of a split whose bound another thread passes while it is searched (a better move
found elsewhere, or a cut) is stopped and searched again with the new bound (or left, where the
split cut): on seed 16 a helper had spent 13 of 15 s on one root move with the bound of 46, while
the others had found 49 and then 53; searched again with 53, it failed low at once (seed 16: 15.0
s to 10.1 s, two threads, 30 s budget). The threads' search of a split's move is its principal
variation search written out, so that its search again with the full window (from the null
window's bound up) is stale only if the split's best passes that bound. On the 200, two threads:
187 solved against 186 (seed 16 in 9.3 s), none lost, 0.94 times the positions and 0.95 times
the time on the 186 both solved; median 0.13 s; run again, 186 (seed 16 at 10.0 s; the machine
slower in that run: 0.97 times the positions, 1.10 times the time). ``NativeAnswer.restarts``
counts them.

Measured beside it and left out, on the 200 with two threads: the table in pages of 2 MB again
(madvise on the grown table and the kept lines): 188 (seed 45 in 9.4 s), 0.996 times the time of
the search above on the 187 both solved, the noise of a run; the table of 2^24 buckets (1 GB)
instead of 2^22: on seed 21 each run then searched 31.6 million positions where 2^22 gave 39 to 86
million from one run to the next (the threads' order of work changing which entries the smaller
table loses), but its pages cost this machine's system 1.3 s to map (4 KB pages; 186 solved, 1.2
times the time) or 0.3 to 2.7 s (2 MB pages: 189 solved, seeds 21 and 172 at 9.5 s, but 1.07
times the time on the 186 both solved, 0.7 to 1.0 s more on each search long enough to grow its
table); the same table grown in two steps (2^22, then 2^24 once the positions reach four times
its buckets, the helpers stopped while it grows): the mapping then fell on the long searches,
2.4 to 3.4 s of system time, and seeds 16, 45 and 117 were not solved; a table keeping both
bounds of a position (a null window from another path asks the other side): the same positions
to a few in a million (seed 3: 5,499,327 against 5,499,383); each move taken from a split
starting from the killers its previous move left (as the next move of one thread's search
would): seed 21 from 13.0 to 25.1 s over five runs, as before; the helpers started at 2^17
positions instead of 2^20: on seeds 16 and 21, no change beyond the runs' noise; the bucket's
second slot kept where its entry took eight times the positions of the new one or more (the new
one dropped): seed 29 with one thread 0.87 times the positions, seeds 3 and 104 the same, and on
two threads no change on seeds 16, 21 and 45; the helpers taking a split's moves from the end of
its order while the main search takes them from the start: seed 21 in 37.8 million positions
each run (12.7 to 13.6 s), but seed 16 in 12.2 s against 9.6, and on the 200, 185 solved (seed
172 lost: 4.4 s before), 1.06 times the positions.

Tried the same day and left out: the tables in pages of 2 MB (madvise, where the system allows
it): 0.85 to 0.93 times the search's own processor time, but this machine's system zeroed those
pages at a cost (0.8 s of system time for a search against 0.24 s), the same time or more in
all (seed 3: 3.6 s against 3.2 s); the killers that do not go out tried before the node's moves
are generated (as the table's move is): seed 173 searched 1.9 times the positions (moves the
other's out would have answered searched first); the best move of the player's list two turns
up tried before generating: it cut in 3,000 of 2.9 million nodes; the children of four moves
ahead fetched from memory instead of one: 0.97 times the time, within the runs' noise; each
line's key worked out twice (a test of what it costs): no time measurable, the search waiting on
memory (the table, the kept lines), not on its arithmetic; a window of 10 or 30 points around
the value of the round of four turns for the round to the end: the same positions on seeds 104
and 173, whose value that was; on seed 171 (-7 there, -23 proven) the window failed low in half
a million positions and the full search after it did not finish in 30 s.
Measured on 29 November 2026, after one change to the threads' splits: a move of a split whose
null window fails high raises the split's bound to that window's value at once, before its exact
value is searched, so the threads on the split's other moves search theirs with it (those
searched with less start again); the split's best stays an exact value. Traced on seed 45 first
(root moves worth -27, -11, -26 and 4 in the order searched): two threads searched 42.1 million
positions where one searched 20.5, a helper taking 7 s to find the -11 while the other thread
searched the move worth -26 with the bound of -27 (8.1 million positions; 28,000 with -11). The
search before and after in turn on nine endgames of 4.5 to 17 s, 30 s each, two threads, two
rounds: seed 45 in 33.4 and 34.8 million positions against 40.6 and 41.0 (10.7 and 9.6 s against
11.3 and 11.2 s), the eight others within the runs' noise (seeds 16, 21, 88, 117, 122, 171, 172
and 173), the same values. On the 200, two threads: 186, the same 14 left as in the second run
above (seeds 16 and 45 at 10.0 s), the machine slower this day (1.12 times the time of the first
run above for 0.99 times the positions on the 186 both solved; against the second, 0.96 times
the positions and 0.97 times the time); the same values. A first run, its build tracing the
splits' moves, solved 187 (seed 45 in 9.5 s, seed 16 at 10.0 s). Kept for seed 45; the count of
the 200 is the same 186 to 187.

Measured again on 29 November 2026, after four changes. One thread and processor time first,
where a search is the same positions run to run, each change against the one before:
- each line's key (line_key) kept up to date as tiles are laid and taken back: each square's part
  in each direction, their sum by line and the line's anchors, where the key was worked out
  square by square at every generation (a fifth of the search's time); the same positions, seed
  171 in 0.87 times the time, 117 in 0.92, 45 in 0.84, 16 in 0.89;
- each square's row and column read from a table rather than divided out by the board's size,
  known only at run time: 0.94 times the time again (seeds 171 and 45);
- a line taken again from the list two turns up where its sum is what it was (exact, where the
  lines were marked around the two moves' tiles: one marked line in five was as it was): the
  time within the runs' noise, kept as the simpler rule;
- a pass that ends the game (the other passed before it and the run of passes is complete) is
  worth the racks as they are: where that reaches beta, the node cuts on it before any move is
  generated or searched. It was tried last, after moves whose subtrees were searched for
  nothing (most often a killer, searched whole where the pass would have cut at once): seed
  171 in 16.5 million positions instead of 36.3, seed 45 in 6.9 instead of 20.5, seed 117 in
  38.0 instead of 54.5, the same values.
On the 200 with two threads, side by side with the search before on the same day (the machine
faster than on the days above): 190 solved against 188 (95.0 %; seeds 21 and 171 in 7.5 and
5.9 s, none lost), the same values, 0.77 times the positions and 0.78 times the time on the 188
both solved; median 0.12 s. A first run of the same search: 191 (95.5 %; seed 117 at 10.0 s, the
one on the edge); a third, once merged: 190 again. The 10 left: seeds 117 (10.0 s; 17 s with one
thread), 8 (17.6 s), 24 (23.6 s) and seven not proven in 25 to 30 s (43, 76, 120, 143, 153, 157,
163), 7 tiles against 3 to 7. The Master's searches (a budget of
30,000 positions) choose the same move with the same value on all 200 endgames and 53
pre-endgames (two more proven within it), and its first 40 games against the Champion
(``bench_maitre.py --games 40``) are the same games. Pre-endgames (``--what pre --threads 2``):
every endgame solved within 10 s in 12 of 53 against 10 (the run before these changes), the same
expected values, median 6.43 s against 6.98. Tried the same day and left out: the lines
known to have no move for a rack kept apart, in a table of 2^16 that the processor's cache holds
(nine in ten of the lines found kept have none, and that table answers 94 % of them): no time
saved, the kept lines' entries being fetched ahead already; racks of one to three tiles
generated afresh rather than taken from the kept lines: 1.2 to 1.9 times the time; the table in
pages of 2 MB again: 0.96 times the search's own time, 0.5 s more of the system's; a pass tried
first where the last cut at that depth was a pass: seed 171 in half the positions, seed 8 in
13.5 s against 17.6, but seed 117 in 15.4 s against 9.5 (the pass searched first where a
placement cuts).

Measured on 2 December 2026 after the engine's build changed (a stable-ABI extension built by
setuptools instead of a library loaded with ctypes; the C split into movegen, ttable, search,
threads and playouts, built with link-time optimisation; C11 atomics): the first 40 games'
endgames, two threads, 10 s of wall clock each, the search before and after run side by side
(two cores shared with other work): 28 of 40 solved before, 29 after (seed 3 gained, none lost),
the same value on the 28 both solved, in 39.8 s against 43.4 s there (the machine's noise: 103,500
and 102,700 positions a second). Counted by callgrind on the same 40 endgames, one thread, 20,000
positions each (the same positions and values): 9.79 billion instructions in the search before,
9.67 after.

Measured on 2 December 2026 once the compiled engine served the move lists too (one boundary,
``player/generator.py``; the C generator's scoring shared with the endgame's rescore), on an idle
machine: the 200, ``--threads 2``: 190 solved (95.0 %), the same ten left as above (8, 24, 43, 76,
117, 120, 143, 153, 157, 163), median 0.16 s, about 1.9 million positions a second; one thread
each, two processes side by side: 181 (90.5 %), median 0.15 s. The values are the same on the 181
both runs solved. The first 40 again, one thread, against the run of the same morning kept
beside it: 35 solved against 29 (seeds 7, 12, 28, 29, 32 and 33 gained, none lost), the same
values on the 29, median 0.19 s against 2.22 s (that morning's machine was shared).

Measured again later on 2 December 2026, once the compiled engine built the move lists' ``Move``
objects and the best moves on its C side: the 200, ``--threads 2``, 187 solved (93.5 %), median
0.20 s, 1.38 million positions a second. The code of the morning (03710bb), run just after on
the same machine, also solved 187 (median 0.18 s, 1.44 million a second), and six positions of
one to three seconds took 14.2 and 13.6 s in all with the morning's code against 14.4 and 12.3 s
with the new, taking turns: the engine's endgame speed is unchanged; the machine ran about a
quarter slower than for the 190 above (the same positions, the same nodes, 1.28 times the time),
and the three lost (16, 21, 122) had taken 6.9 to 8.4 s then.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(os.environ.get("BENCH_CODE") or ROOT))

from scrabble_fr.engine.position import Position  # noqa: E402
from scrabble_fr.lexicon import Lexicon  # noqa: E402
from scrabble_fr.player.endgame import solve, solve_pre_endgame  # noqa: E402
from scrabble_fr.player.selfplay import new_computer_game  # noqa: E402

CHAMPION = 5
# The budget is this process's own processor time: the machine may be shared with other work,
# which would otherwise eat into it.
CLOCK = time.process_time


def positions(seed: int, lexicon: Lexicon, rules: str) -> tuple[Position | None, Position | None]:
    """The first position with one tile in the bag, and the one where the bag just emptied."""
    match = new_computer_game(["A", "B"], rules, seed, lexicon, [CHAMPION, CHAMPION])
    game = match.game
    one: Position | None = None
    while not game.is_over:
        if game.pending is not None:
            game.accept()
            continue
        bag = len(game.bag)
        if bag == 1 and one is None:
            one = game.position.copy(lexicon=lexicon)
        if bag == 0:
            return one, game.position.copy(lexicon=lexicon)
        game.play(match.players[game.to_move].choose(game.position.copy(lexicon=lexicon), bag))
    return one, None


def measure(seed: int, lexicon: Lexicon, rules: str, seconds: float, what: str,
            stored: dict[str, Any] | None = None, native: bool | None = None,
            threads: int | None = None) -> dict[str, Any]:
    """One game's line: its positions played out from ``seed``, or read from a line of an earlier
    run (``stored``); solved by the compiled search when it is there (``native`` None), else
    by the Python one; with ``threads``, the endgames by that many threads on the wall clock."""
    clock = CLOCK if threads is None else time.perf_counter
    if stored is None:
        one, empty = positions(seed, lexicon, rules)
    else:
        one = Position.from_cgp(stored["pre_endgame"]["cgp"], lexicon=lexicon) if "pre_endgame" in stored else None
        empty = Position.from_cgp(stored["endgame"]["cgp"], lexicon=lexicon) if "endgame" in stored else None
    row: dict[str, Any] = {"seed": seed}
    if empty is not None and what in ("both", "endgame"):
        result = solve(empty, seconds=seconds, clock=clock, native=native, threads=threads)
        row["endgame"] = {"cgp": empty.to_cgp(), "tiles": [len(r) for r in empty.racks],
                          "proven": result.proven, "value": result.value, "depth": result.depth,
                          "nodes": result.nodes, "seconds": round(result.seconds, 3)}
    if one is not None and what in ("both", "pre"):
        pre = solve_pre_endgame(one, seconds=seconds, clock=clock, native=native)
        if pre is not None:
            row["pre_endgame"] = {"cgp": one.to_cgp(), "proven": pre.proven, "expected": round(pre.expected, 2),
                                  "endgames": pre.endgames, "nodes": pre.nodes, "seconds": round(pre.seconds, 3)}
    return row


def report(files: list[str], seconds: float) -> None:
    rows = [json.loads(line) for name in files for line in Path(name).read_text().splitlines() if line.strip()]
    ends = [r["endgame"] for r in rows if "endgame" in r]
    solved = [e for e in ends if e["proven"] and e["seconds"] <= seconds]
    times = [e["seconds"] for e in ends]
    print(f"{len(rows)} games, {len(ends)} endgames (bag just emptied)")
    if ends:
        share = 100 * len(solved) / len(ends)
        print(f"  solved exactly within {seconds:g} s: {len(solved)}/{len(ends)} = {share:.1f} %")
        print(f"  median time {statistics.median(times):.2f} s (solved ones: "
              f"{statistics.median([e['seconds'] for e in solved]) if solved else 0:.2f} s); "
              f"{sum(e['nodes'] for e in ends) / max(sum(times), 1e-9):,.0f} nodes/s")
        for tiles in sorted({sum(e["tiles"]) for e in ends}):
            part = [e for e in ends if sum(e["tiles"]) == tiles]
            won = sum(1 for e in part if e["proven"] and e["seconds"] <= seconds)
            print(f"    {tiles:>2} tiles on the racks: {won}/{len(part)} solved")
    pres = [r["pre_endgame"] for r in rows if "pre_endgame" in r]
    if pres:
        done = [p for p in pres if p["proven"] and p["seconds"] <= seconds]
        print(f"{len(pres)} pre-endgames (one tile in the bag): every endgame solved within {seconds:g} s in "
              f"{len(done)}/{len(pres)} = {100 * len(done) / len(pres):.1f} %; median "
              f"{statistics.median(p['seconds'] for p in pres):.2f} s, "
              f"{statistics.median(p['endgames'] for p in pres):.0f} endgames each")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per position (default 10)")
    parser.add_argument("--part", default="0/1", help="i/n: play the games g with g %% n == i")
    parser.add_argument("--rules", default="ffsc")
    parser.add_argument("--what", choices=("both", "endgame", "pre"), default="both",
                        help="solve the endgames, the pre-endgames, or both (default)")
    parser.add_argument("--report", nargs="+", metavar="FILE", help="read game lines and print the figures")
    parser.add_argument("--positions", nargs="+", metavar="FILE",
                        help="solve again the positions of an earlier run's lines (no game played)")
    parser.add_argument("--threads", type=int, metavar="N",
                        help="the endgames searched by N threads, on the wall clock (the machine to itself)")
    parser.add_argument("--python", action="store_true",
                        help="the Python search, not the compiled one (the baseline)")
    args = parser.parse_args()
    if args.report:
        report(args.report, args.seconds)
        return
    index, count = (int(x) for x in args.part.split("/"))
    lexicon = Lexicon.builtin("fr" if args.rules == "ffsc" else "en")
    native = False if args.python else None
    if args.positions:
        stored = sorted((json.loads(line) for name in args.positions for line in Path(name).read_text().splitlines()
                         if line.strip()), key=lambda row: row["seed"])
        for at, row in enumerate(stored):
            if at % count == index:
                print(json.dumps(measure(row["seed"], lexicon, args.rules, args.seconds, args.what, row, native,
                                         args.threads)), flush=True)
        return
    for seed in range(index, args.games, count):
        print(json.dumps(measure(seed, lexicon, args.rules, args.seconds, args.what, native=native,
                                 threads=args.threads)), flush=True)


if __name__ == "__main__":
    main()
