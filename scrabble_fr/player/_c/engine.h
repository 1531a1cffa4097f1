/* The compiled engine's interface: the endgame search (eg_solve), the move lists (mg_moves) and
 * the playouts' rack search (mg_best_by_tiles), these two with a thread's state (mg_new, mg_free),
 * as the Python binding (binding.c) calls them. */
#ifndef SCRABBLE_FR_ENGINE_H
#define SCRABBLE_FR_ENGINE_H

#include <stdint.h>

#define MAXN 16 /* squares are bytes: boards up to 16 x 16 (larger ones are searched in Python) */
#define MAXSQ (MAXN * MAXN)
#define MAXT 16 /* tiles a move may lay (racks up to 15) */
#define MAXLINE 64

typedef struct {
    int32_t size;
    const int8_t *board; /* size*size: -1 empty, 0-25 a letter, 26-51 a joker as a letter */
    const int8_t *letter_mul;
    const int8_t *word_mul;
    const int32_t *tile_value; /* 27: the letters, then the joker */
    const int32_t *racks;      /* 2 x 27 counts: the player to move's, then the other's */
    int32_t bingo_size;
    int32_t bingo_bonus;
    int32_t limit;            /* turns in a row that block the game (2 x blocked_count) */
    int32_t scoreless_counts; /* a scoreless placement counts toward it */
    int32_t pass_cost;        /* the depth a pass uses up */
    int32_t start_run;
    int32_t centre;           /* the centre square, for an empty board */
    const uint32_t *child_mask;
    const int32_t *first_edge;
    const int32_t *edges;
    const uint8_t *terminal;
    int32_t root;
    double seconds;
    int64_t max_nodes; /* < 0: none */
    int32_t cpu_clock; /* measure the budget in this process's processor time */
    int32_t table_bits; /* the table's buckets, 2^table_bits, once it has grown */
    int32_t max_depth; /* > 0: one round, cut at this depth, no budget (the tests' rounds) */
    int64_t graph_id;  /* names the word graph (mg_best_by_tiles keeps cross-checks for one) */
    int32_t check_lines; /* generate again each line whose kept moves are taken (line_key), and
                          * fail (-3) if they differ: the tests' check of the key */
    int32_t check_answers; /* lay each move the other's out answers and play the out after it, and
                            * fail (-4) if it is not playable with the same score: the tests'
                            * check of the zone (answered_by_out) */
    int32_t table_bits_first; /* the table's buckets at first, 2^table_bits_first (at most
                               * table_bits): it grows to 2^table_bits once the positions searched
                               * reach that many (grow_table) */
    int32_t threads;        /* > 1: the round to the end shares its first moves out among as many
                             * threads (Split), not under a budget of positions (max_nodes); a
                             * budget of processor time counts every thread's */
    int64_t helpers_after;  /* … once the search has searched that many positions (< 0: when the
                             * table grows, 2^table_bits_first) */
} EgInput;

typedef struct {
    int32_t value; /* relative to the current scores, for the player to move */
    int32_t proven;
    int32_t depth;
    int32_t line_length;
    int64_t nodes;
    double seconds;
    int64_t answered; /* moves weighed by the other's out without being searched */
    int64_t answered_later; /* … by an out other than the best scoring (a move in that one's zone) */
    int32_t table_bits;     /* the table's buckets at the end, 2^table_bits */
    int32_t helpers;        /* the helper threads that searched with this one (the most at once) */
    int32_t splits;         /* the nodes whose moves they shared: the root, nodes of the first line */
    int32_t inner_splits;   /* … and nodes below those, while the helpers had none of their moves left */
    int32_t restarts;       /* moves of a split searched again, its bound risen while they were searched */
    int8_t line_n[MAXLINE];
    uint8_t line_square[MAXLINE * MAXT];
    uint8_t line_code[MAXLINE * MAXT];
} EgOutput;

typedef struct {
    int32_t score;
    int32_t n;
    uint8_t sq[MAXT];
    uint8_t code[MAXT];
} MgMove;

/* A placement as Python's move generator writes one (movegen.py's Raw): its score, its main
 * word's first square on the strip (movelist.h: main_word) and the word's letters, a joker the
 * placement lays as 26 + its letter; and the tiles it lays, in board order (their board squares,
 * their codes as the letters'), from which the move lists build their Move objects. */
typedef struct {
    int32_t score;
    int32_t start;
    int32_t length;
    int32_t tiles;
    uint8_t letters[MAXN];
    uint8_t square[MAXT];
    uint8_t code[MAXT];
} MgWord;

#define MG_SUBSETS (1 << 15) /* the rack tiles a move may use, as a number (racks of 15 at most) */

/* The endgame search of in, its answer in out: 0, or -1 a bad request, -2 no memory, -3 and -4
 * the tests' checks failed (check_lines, check_answers). */
int eg_solve(const EgInput *in, EgOutput *out);

/* A thread's state for mg_best_by_tiles (NULL: no memory), given back by mg_free. */
void *mg_new(void);
void mg_free(void *state);

/* For each set of the first rack's tiles a placement may use, its best placement on the board, in
 * the Python search's order, written to out (cap of them at most); their count, or -1 a bad
 * request, -2 no memory. */
int mg_best_by_tiles(void *state, const EgInput *in, MgMove *out, int cap);

/* Every placement of the first rack on the board (best > 0: those of the best scores, best of
 * them at least, and their ties), in the state's memory at *out until its next request; their
 * count, or -1 a bad request, -2 no memory. With ordered, in the order of a move list (movegen.py's
 * MoveList): best score first, the ties by their tiles (as Python compares Move.tiles). */
int mg_moves(void *state, const EgInput *in, int best, int ordered, const MgWord **out);

#endif
