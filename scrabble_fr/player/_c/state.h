/* The compiled engine's state and the types its parts share: a move, a node's order of its
 * moves, the transposition table's entry, the lines kept, the search's state (S) and a split of a
 * node's moves among threads (Split). The engine's parts, each with its header:
 *
 *   movegen   the move generation: cross-checks, laying and taking back, keys, each line's moves
 *   movelist  a rack's every placement on a board, for Python's move lists: mg_moves
 *   ttable    the transposition table, shared by the threads without a lock
 *   search    the negamax (endgame.py's search, compiled) and its answer: eg_solve
 *   threads   a node's moves shared out among threads (Split)
 *   playouts  a rack's best placements, for the Master's playouts: mg_best_by_tiles
 *   binding   the Python extension module (scrabble_fr.player._native)
 *
 * Built by the package's build (setup.py); a game never compiles it: without a compiler the
 * Python search does the same work, slower. */
#ifndef SCRABBLE_FR_STATE_H
#define SCRABBLE_FR_STATE_H

#include "portable.h"
#include "engine.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BLANK 26
#define ALL26 ((1u << 26) - 1)
#define INF 1000000
#define RESOLVED 10000
#define MAXPLY 128
#define EXACT 0
#define LOWER 1
#define UPPER 2

typedef struct {
    int8_t n; /* tiles laid; 0: a pass */
    uint8_t line; /* the line it was generated in: direction x MAXN + row or column */
    int16_t score;
    int16_t worth; /* score plus the value of the tiles laid */
    uint8_t sq[MAXT];
    uint8_t code[MAXT]; /* 0-25 a letter, 26-51 a joker as a letter */
} Move;

extern const Move PASS_MOVE; /* a pass: no tiles, no score (search.c) */

typedef struct {
    int key;
    int tie; /* equal keys in the order moves are generated in (direction, line, first square) */
    int index;
} Order;

#define OUT_KEPT 4 /* the outs that cut kept at each ply (answered_by_out) */
#define TT_TILES 8 /* a move of more tiles is kept in the table without its move */

/* 32 bytes: two entries (a bucket) to a cache line, one memory read a probe. Kept as four words
 * whose first is the key mixed with the other three (load_entry, put_entry): threads sharing the
 * table write entries while others read them, and an entry read half old, half new does not
 * match its key (the lockless table of chess programs). */
typedef struct {
    uint64_t key;
    int16_t value;
    int16_t depth;
    int8_t flag; /* EXACT, LOWER or UPPER, plus one: 0 is an empty entry */
    int8_t n;    /* the move's tiles; 0 a pass; -1 no move */
    uint8_t work; /* the positions its search took, as their count's bits (store keeps the costlier) */
    uint8_t sq[TT_TILES];
    uint8_t code[TT_TILES];
} Entry;

/* An entry in the table: its four words, each read and written whole (load_entry, put_entry). */
typedef struct {
    _Atomic uint64_t word[4];
} Slot;

#define XCACHE_BITS 16
typedef struct {
    uint64_t key;   /* 0: empty (the line's key, rack and squares: line_key) */
    uint64_t start; /* where its moves begin in the ring of kept moves, counted from the start */
    uint32_t count;
} LineEntry;

/* Lines kept: 2^bits, by the search's budget like the table, 2^16 at least (a search of a few
 * thousand positions maps no more than it did) and 2^18 at most (10 s searches: 6 % faster on the
 * 40 hardest endgames of benchmarks/bench_finale.py than with 2^16, the same positions; 44 MB);
 * and four moves a line, in a ring, the oldest written over first. */
#define LINE_BITS_LEAST 16
#define LINE_BITS_MOST 18

typedef struct {
    uint64_t key; /* 0: empty (a key always has its leading 1) */
    uint32_t mask;
} XEntry;

struct Split;
#define TAKINGS_MOST 4

typedef struct {
    int saved_dir, saved_sq;
    uint32_t mask;
    int32_t score;
} Undo;

typedef struct {
    int N, area;
    uint8_t row_of[MAXSQ], col_of[MAXSQ]; /* each square's row and column (q / N, q % N: a
                                            * division by a size known only at run time is slow) */
    int8_t board[MAXSQ];
    int8_t near[MAXSQ]; /* tiles beside each square (up, down, left, right) */
    int8_t lm[MAXSQ], wm[MAXSQ];
    int tv[27];
    int rack[2][27];
    int rack_size[2], rack_value[2];
    uint32_t xmask[2][MAXSQ];
    int32_t xscore[2][MAXSQ];
    EgInput in; /* the request as given: the word graph, the rules of the end, the budget */
    uint64_t z_sq[MAXSQ][52];
    uint64_t z_rack[2][2][27][MAXT];
    uint64_t z_run[64];
    uint64_t board_key;
    uint64_t rack_keys[2][2]; /* each player's rack as the side to move (0) and the other (1) */
    /* Each line's key (line_key) kept up to date as tiles are laid and taken back, rather than
     * worked out square by square at each generation (a fifth of the search's time): each
     * square's part of its line's key in each direction (its tile, or its cross-check, points
     * and anchoring), their sum (exclusive or) by line, and the anchors each line has. Kept
     * where the lines are (lines). */
    uint64_t z_part[2][MAXSQ];
    uint64_t part[2][MAXSQ];
    uint64_t line_sum[2][MAXN];
    uint64_t sums_at[MAXPLY][2][MAXN]; /* the lines' sums when each ply's node generated its moves */
    int8_t anchored[MAXSQ];
    int8_t line_anchors[2][MAXN];
    XEntry xcache[1 << XCACHE_BITS];
    /* Each line's moves for a rack, kept by the line's key (line_key): most positions of a
     * search meet a line, with the same rack, that another position had (moves elsewhere on the
     * board); NULL where not kept (the Master's playouts). */
    LineEntry *lines;
    Move *line_moves;
    uint64_t line_head; /* where the next line's moves go in the ring, counted from the start */
    int line_bits;      /* 2^line_bits lines kept (LINE_BITS_LEAST) */
    uint64_t line_moves_count; /* and 4 x 2^line_bits moves */
    int lines_differ;   /* check_lines found a line whose kept moves are not its moves */
    int answers_differ; /* check_answers found an answered move after which the out differs */
    int64_t answered, answered_later;
    Slot *table;
    void *table_memory;
    uint64_t table_mask; /* the table's buckets less one */
    int64_t grow_at;     /* the positions searched at which it grows to 2^in.table_bits */
    int64_t wake_at;     /* … at which wake() has work: the table to grow, the helpers to start */
    Move killers[MAXPLY][2];
    int killer_count[MAXPLY];
    Move out_killer[MAXPLY][OUT_KEPT]; /* the last outs that cut at each ply, the latest first */
    int out_killer_count[MAXPLY];
    /* The round to the end of the game, not under a budget of positions (whose count the
     * Master's games replay by): a move the other player's out answers is weighed without being
     * searched (answered_by_out), and a bucket's deeper slot keeps, of two entries as deep, the
     * one whose search took more positions (store: there every proven entry is as deep). */
    int full_round;
    int64_t entry_nodes[MAXPLY]; /* the positions searched when each ply's node was entered */
    Move pv[MAXPLY][MAXPLY];
    const Order *order_of[MAXPLY]; /* each node's order of its moves while its children are searched */
    int order_count[MAXPLY];
    size_t list_base[MAXPLY], list_count[MAXPLY]; /* each node's moves on the stack */
    int pv_len[MAXPLY];
    Move *stack;
    size_t stack_cap, stack_top;
    Undo *undo;
    size_t undo_cap, undo_top;
    int64_t nodes, next_check;
    double deadline;
    int budgeted, stopped, failed;
    int pass_answers_end; /* a pass answering a pass may be counted as the blocked end (passes_end) */
    /* move generation's scratch */
    int gen_player, gen_dir, gen_line;
    /* The generation stops at the first move that reaches stop_beta and ends the game (going
     * out, or scoreless at the end of the run: stop_scoreless_end): the node cuts on it,
     * resolved, and the rest of its moves are never made. (Stopping at any move that reaches
     * beta left the cut unresolved where an out would have proven it: a search of 20 million
     * positions without a proof where 0.3 million had been one.) First one turn from the limit
     * only; at every depth since the search goes to the end of the game in one round, where
     * no node is one turn from the limit (1.6 times faster on the 98 endgames of 200 solved in
     * more than a second or not at all, the same positions searched). */
    int stop_on, stopped_gen, stop_beta, stop_scoreless_end;
    Move laid[MAXPLY]; /* the move searched at each ply (a pass: no tiles): a split's path */
    int g_cell[MAXN], g_sq[MAXN], g_anchor[MAXN];
    uint32_t g_xm[MAXN];
    int32_t g_xs[MAXN];
    uint32_t g_held; /* the letters (not jokers) on the rack while generating */
    uint8_t g_placed_sq[MAXT], g_placed_code[MAXT];
    struct Split *split; /* the round's moves shared out among threads (NULL: this one alone) */
    struct Split *taking[TAKINGS_MOST]; /* the splits whose moves it is searching, outermost first */
    int taking_alpha[TAKINGS_MOST];      /* … with these bounds */
    int takings;
    struct Split *restart; /* stopped to search its move there again: that split's bound rose */
    int64_t restarts;
    int joined;        /* a helper's: the serial of the inner split it last joined */
    int helper;        /* a helper thread's state: the table is the main search's */
} S;

#define MOST_HELPERS 7

/* The moves of a node of the round to the end of the game, shared out among threads (a split).
 * Nearly all of a hard endgame's positions lie under the root's moves after its first (on seeds
 * 104 and 123 of benchmarks/bench_finale.py, 99.9 % of them, the costliest move 15 % and 5 %),
 * each to be proven no better than the best found: a thread takes the next move not yet taken,
 * searches it with the best value found so far by any thread, and the table, shared, gives each
 * what the others proved. The root's first move is searched before the others, by the main
 * search alone, and on some endgames it is most of the work (seeds 24, 153 and 171: the helpers
 * never started in 30 s): so the nodes of its line are split too, each once its own first move
 * is searched (PV splitting: the nodes of the first line down to SPLIT_PLY, the deepest first,
 * one split at a time). The helpers start once the search has lasted (helpers_after; wake,
 * start_helpers), each with its own state, moves, lines and stacks, the split node's position
 * laid from the root by its path; they end with the split. A helper with none of the split's
 * moves left, while the main search is still on one, waits for it to share a node below (an
 * inner split: share_inner, join_inner) rather than ending: on the 45 hardest endgames of
 * benchmarks/bench_finale.py, 0.89 times the time. The fields after lock are read and written
 * under it. */
typedef struct Split {
    S *helper[MOST_HELPERS];
    int ready, started;    /* a split under way, its moves here; the helpers started (made, running) */
    int made, running;     /* helpers made; whose thread runs */
    int most_running;      /* the most that ran at once, over the round's splits */
    int splits;            /* the splits so far */
    int ply;               /* the node whose moves are shared: the root, or a node of the first line */
    Move path[MAXPLY];     /* the moves from the root to it (ply of them, passes without tiles) */
    int64_t start_at;      /* the positions the search has searched when they start */
    Move *list;            /* the split node's moves as generated (list_count), which a helper's */
    size_t list_count;     /* positions two turns down take theirs from (generate_at) */
    Order *order;          /* their order, the pass among them (count) */
    int count;
    int depth, run, beta;
    int hash_tried;        /* the table's move, searched before the others, is not taken again */
    Move hash_move;
    atomic_int next;       /* the next move to take */
    atomic_int stop;       /* a thread ran out of budget: the round is not finished */
    Thread thread[MOST_HELPERS];
    Mutex lock;
    atomic_int alpha;      /* read by the threads without the lock (check_budget) */
    int best, resolved;
    atomic_int cut;
    int alpha_first; /* alpha when the split was made (alpha then rises: search_once, becomes_best) */
    Move best_move;
    int pv_len;
    Move pv[MAXPLY];
    /* An inner split: while the main search is still on a move of this one and the helpers have
     * none left (idle), a node below it shares its moves (share_inner, join_inner). */
    struct Split *inner;   /* made once, when first needed */
    atomic_int idle;       /* helpers waiting for an inner split */
    atomic_int inner_open; /* the inner split takes helpers */
    int inner_busy;        /* the main search is in the inner split (its own field) */
    atomic_int done;       /* this split is over: waiting helpers end */
    int open, inside;      /* an inner split's: helpers may join; how many are in it (under lock) */
    int serial;            /* an inner split's: which one it is (a helper joins each once) */
    int inner_splits;      /* the inner splits made */
} Split;

static inline int letter_of(int code) { return code >= BLANK ? code - BLANK : code; }

/* Bits set in a 32-bit mask, without the library call a compiler makes for a processor it may
 * not assume has the instruction. */
static inline int ones(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline int child_of(const S *s, int node, int letter) {
    uint32_t mask = s->in.child_mask[node];
    if (!(mask >> letter & 1)) return -1;
    return s->in.edges[s->in.first_edge[node] + ones(mask & ((1u << letter) - 1))];
}

static inline int tile_index(int code) { return code >= BLANK ? BLANK : code; }

static inline int same_move(const Move *a, const Move *b) {
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (a->sq[i] != b->sq[i] || a->code[i] != b->code[i]) return 0;
    return 1;
}

#endif
