/* Under a budget of time, the round to the end of the game shares the moves of the root and of
 * the first line's nodes out among threads (Split), and those of nodes below them with threads
 * that have none of those left (share_inner); the threads share the table (ttable). Threads and
 * their lock come from portable.h: POSIX's, or Windows' own. */
#ifndef SCRABBLE_FR_THREADS_H
#define SCRABBLE_FR_THREADS_H

#include "state.h"

#define NEST_PLIES 4 /* an inner split's node at most this many turns below the split's */

/* A split, empty, its lock made; NULL without them. */
Split *new_split(void);

/* A split given back, its inner split with it. */
void free_split(Split *r);

/* The split node's moves taken one by one, until none is left, each searched with the best value found
 * so far and its result given to the others (in each thread, the main search's too). A move whose
 * search the split's best overtakes (another thread's move did better, or cut) is stopped where it
 * is (check_budget) and searched again with the new bound, or left where the split cut: a search
 * to show a move better than a bound others have passed is wasted. On seed 16 of
 * benchmarks/bench_finale.py a helper spent 13 of 15 s on one root move searched with the bound of
 * 46 while the others had found 49 and then 53; searched again with 53 it failed low at once. */
void take_shared(S *s, Split *r);

/* The helpers made and started, by the main search between two positions (so late that a short
 * search pays nothing for them): each a state of the request's position, as the main search's
 * was made, the split node's position laid by its path from the root, with its moves on its
 * stack as the main search's are on its own; the table the main search's, grown to its budget's
 * size first (a table shared no longer grows). */
void start_helpers(S *s);

/* The work due once the positions searched reach wake_at: the table grown (at grow_at), the
 * helpers started (at the split's start_at, once its moves are ready for them; start_helpers);
 * wake_at set to when the next is due, so that a position pays one comparison for both. */
void wake(S *s);

/* The moves of the node at ply (the root, or a node of the first line, as fill_split takes them)
 * searched by the threads; the result in best, best_move and resolved. */
void share_moves(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
                 int depth, int alpha, int beta, int run, const Move *hash_move, int *best, Move *best_move,
                 int *resolved);

/* The moves of the node at ply below the split r's node (as in share_moves: its first searched,
 * the others from order on) shared with r's helpers that have no move of r's left, the main
 * search taking them too; whether shared (the result then in best, best_move and resolved). The
 * helpers that joined are waited for before the result is read. */
int share_inner(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
                int depth, int alpha, int beta, int run, const Move *hash_move, int *best, Move *best_move,
                int *resolved);

#endif
