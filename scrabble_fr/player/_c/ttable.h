/* The transposition table: buckets of two entries of 32 bytes (a cache line), the deeper or
 * costlier entry kept in the first slot. The threads share it without a lock: an entry is four
 * words, each read and written whole, the first mixed with the other three, so that an entry read
 * half old, half new does not match its key. It starts at the size a short search needs and grows
 * to the budget's once the positions searched reach its buckets (grow_table). */
#ifndef SCRABBLE_FR_TTABLE_H
#define SCRABBLE_FR_TTABLE_H

#include "state.h"

/* The position's entry, copied into *found: found, or NULL. */
Entry *probe(S *s, uint64_t key, Entry *found);

/* The entry's move (its score to be worked out again: the table does not keep it); 0 if none. */
int entry_move(const Entry *e, Move *m);

/* Whether the table's entry (NULL: none) answers a search to depth in (alpha, beta): its value in
 * *value, whether proven in *resolved, its move as the line at ply. */
int table_answers(S *s, const Entry *entry, int ply, int depth, int alpha, int beta, int *value,
                  int *resolved);

/* The position's entry written: its bucket's first slot keeps the deeper of its entry and the new
 * one (the costlier of two as deep, in the full round), the second slot whichever came last; its
 * cost the positions its node at ply has searched since it was entered (kept as their count's
 * bits; a position searched again keeps the most any of its searches took). In the round to the end every proven entry is as deep, and a
 * cheap one used to push out a costly one: on seed 138 of benchmarks/bench_finale.py, one
 * thread, proven in 6.0 million positions (8.8 s) where 21 million had not proven it. */
void store(S *s, int ply, uint64_t key, int depth, int flag, int value, const Move *move);

/* A table of 2^bits buckets, empty, its memory (to free) in *memory; NULL without it. calloc's
 * pages are zeroed only when first touched (a short search touches few); the buckets aligned on
 * cache lines by hand, 64 bytes past the start at most. */
Slot *new_table(int bits, void **memory);

/* The table made larger (2^in.table_bits buckets), its entries moved over. A search that lasts
 * outgrows the table its start needed (the hard endgames search fewer positions in a table four
 * times as large: benchmarks/bench_finale.py), and a table that large from the start costs a
 * short search more to map than the search itself. A new bucket takes the entries of one old
 * bucket only (its index read on more bits), two at most: every entry is kept, in its slot's
 * order. Called between two nodes, where no entry is held. Without the memory, the search goes
 * on in the table it has. */
void grow_table(S *s);

#endif
