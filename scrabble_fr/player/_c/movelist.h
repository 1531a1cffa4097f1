/* The move generation of movegen.c on one board for one rack, for Python's callers: every
 * placement of the rack with its score, or those of the best scores (mg_moves: the move lists,
 * hints, analyses, duplicate tops, computer levels), and the best placement of each set of the
 * rack's tiles (playouts.c: the Master's playouts). Python's player/movegen.py is the reference
 * implementation: the conformance suite (tests/player/test_conformance.py) holds the two to the
 * same moves and scores. */
#ifndef SCRABBLE_FR_MOVELIST_H
#define SCRABBLE_FR_MOVELIST_H

#include "state.h"

#define MG_SCORES (1 << 15) /* scores are int16: the best scores' floor is found by counting */
#define MG_HEAP 4096        /* the best placements searched best first, at most (more: every one) */

/* A placement's place in a move list's order, as a number (its score and first three tiles) and
 * its index among those found. */
typedef struct {
    uint64_t key;
    uint32_t index;
} MgKey;

/* The state a thread keeps from one request to the next (the search's state, its cross-check
 * cache warm): made by mg_new, given back by mg_free. */
typedef struct {
    S s;
    int64_t graph_id;
    int winner[MG_SUBSETS];
    int order[MG_SUBSETS], scratch[MG_SUBSETS];
    int32_t by_score[MG_SCORES]; /* placements found by score (mg_moves' best) */
    int32_t heap[MG_HEAP];       /* the best scores found so far, lowest on top (generate_best) */
    MgWord *words;               /* mg_moves' answer, grown as needed */
    size_t words_cap;
    MgKey *keys, *spare;         /* their sort keys, for a move list's order (words_cap each) */
} Mg;

/* The request's board, rules, word graph and first rack laid into g's state, and every placement
 * of that rack generated onto its move stack; 0, or -1 a bad request, -2 no memory. */
int mg_generate(Mg *g, const EgInput *in);

/* The main word of placement m (on the board of g's state): its first square on the Python
 * search's strip (a line of size + 1 squares each, the across lines then the down ones) and its
 * letters (a joker the move lays: 26 + its letter), as the Python search writes a move; returns
 * its length. */
int main_word(const S *s, const Move *m, int *start, uint8_t *letters);

#endif
