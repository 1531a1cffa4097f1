/* The endgame solver's search, compiled: the same search as scrabble_fr/player/endgame.py.
 *
 * Python's solver spends its time generating moves and keeping its tables; the same negamax
 * (alpha-beta, principal variation search, iterative deepening, a Zobrist transposition table,
 * going out first, then the hash move, two killers per depth, then score plus the value of the
 * tiles played, passing last), written here over flat arrays, searches thirteen times as many
 * positions a second (benchmarks/bench_finale.py). The Python module prepares the input (the
 * board, both racks, the rules, the word graph as arrays) and reads the answer back; the rules of
 * the end (going out, the blocked game by a run of passes or scoreless turns) are the same,
 * checked against the same exhaustive minimax in the tests.
 *
 * Before any move is generated, a node tries what may cut without them: the table's move, the
 * killers that go out, and one turn from the limit the best moves of the player's earlier list;
 * and a child's entry in the table is read before its move is laid. In the round to the end of
 * the game, a move that leaves alone an out the other player holds is weighed by that out played
 * after it, without being searched, where that is enough to show it no better than a move
 * already found (answered_by_out); the outs looked at are the last four that cut at the next
 * turn and its killers, so a move that blocks the best may still leave another alone. */
#ifndef SCRABBLE_FR_SEARCH_H
#define SCRABBLE_FR_SEARCH_H

#include "state.h"

/* -- a move answered by the other's out ---------------------------------------------------- */

/* Squares as bits: where a move may touch the other player's out. */
typedef struct {
    uint64_t bits[MAXSQ / 64];
} Zone;

#define OUTS_TRIED (OUT_KEPT + 2) /* the outs kept and the two killers */

/* A node's look for the other player's outs (answering_outs), made once, when a move first asks:
 * the best scoring first. Where one out answered only the moves outside its zone, a second out
 * elsewhere on the board answers a move that blocks the first (on the 40 hardest endgames of
 * benchmarks/bench_finale.py, two more solved within 10 s, 0.86 times the positions). */
typedef struct {
    int state; /* 0: not looked for yet; else how many found, plus one */
    Move outs[OUTS_TRIED];
    Zone zones[OUTS_TRIED];
} OutAnswer;

static inline void zone_add(Zone *z, int q) { z->bits[q >> 6] |= (uint64_t)1 << (q & 63); }
static inline int zone_has(const Zone *z, int q) { return z->bits[q >> 6] >> (q & 63) & 1; }

void set_pv(S *s, int ply, const Move *m);

int check_budget(S *s);

/* The value of move for the player to move at ply (laid, searched, taken back): ``pvs``, a
 * null window first (an earlier move set alpha). */
int child_value(S *s, int ply, int depth, int alpha, int beta, int run, const Move *move, int pvs,
                int *resolved);

/* Whether move m of the player to move at ply is answered by one of the other's outs: m lays no
 * tile in the out's zone and, the out played after it, is worth alpha at most (the outs tried
 * best scoring first: the first whose zone m leaves alone bounds it lowest); its value (at most
 * that) then counts toward *best and *best_move as a searched move's would. A move outside the
 * zone leaves the out's squares empty and its words as they were (a word changes only by a tile
 * laid in it or beside its ends), so the out stays playable with the same score and ends the
 * game: the other player's value after m is at least the out's (out_value). On the endgames of
 * benchmarks/bench_finale.py, most moves of the nodes where every move is tried: six turns down
 * on one of the hardest, 33 of 35 on average. */
int answered_by_out(S *s, int ply, int run, const Move *m, int alpha, OutAnswer *answer, int *best,
                    Move *best_move);

int negamax(S *s, int ply, int depth, int alpha, int beta, int run, int *resolved_out);

/* The state of a search of the request's position (its board, racks and their keys, the
 * cross-checks) with its own stacks and lines, the table not made yet; NULL if a rack is invalid
 * (*status -1) or the memory short (-2). The helper threads' are made so too (start_helpers). */
S *new_state(const EgInput *in, int *status);

void free_state(S *s);

#endif
