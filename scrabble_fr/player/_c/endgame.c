/* The endgame solver's search, compiled: the same search as scrabble_fr/player/endgame.py.
 *
 * Python's solver spends its time generating moves and keeping its tables; the same negamax
 * (alpha-beta, principal variation search, iterative deepening, a Zobrist transposition table,
 * going out first, then the hash move, two killers per depth, then score plus the value of the
 * tiles played, passing last), written here over flat arrays, searches thirteen times as many
 * positions a second (benchmarks/bench_finale.py). The Python module prepares the input (the board, both racks, the rules,
 * the word graph as arrays) and reads the answer back; the rules of the end (going out, the
 * blocked game by a run of passes or scoreless turns) are the same, checked against the same
 * exhaustive minimax in the tests.
 *
 * Moves are generated line by line: from each square that may start a word within reach of an
 * anchor (an empty square beside a tile), the word graph is followed through the board's tiles
 * and the rack's, under the cross-checks (kept up to date as tiles are laid and taken back). A
 * position takes the moves of its player's list two turns up in the lines the two moves since
 * left alone, and generates the other lines only, unless the search met the line before with
 * the same rack (its tiles, cross-checks and anchors the same): each line's moves are kept from
 * the first time. Before any move is generated, a node tries what may cut without them: the
 * table's move, the killers that go out, and one turn from the limit the best moves of that
 * earlier list; and a child's entry in the table is read before its move is laid (the keys are
 * kept move by move, and worked out for a move not laid). In the round to the end of the game, a
 * move that leaves alone an out the other player holds is weighed by that out played after it,
 * without being searched, where that is enough to show it no better than a move already found
 * (answered_by_out); the outs looked at are the last four that cut at the next turn and its
 * killers, so a move that blocks the best may still leave another alone. The table starts at the
 * size a short search needs and grows to the budget's once the positions searched reach its
 * buckets (grow_table).
 *
 * Under a budget of time, the round to the end of the game shares the moves of the root and of
 * the first line's nodes out among threads (Split), and those of nodes below them with threads
 * that have none of those left (share_inner); the threads share the table, its entries written
 * and read whole without a lock (load_entry).
 *
 * The same move generation serves the Master's playouts (mg_best_by_tiles): a rack on a board,
 * and for each set of the rack's tiles the best placement using them, in the Python search's
 * order; the best by score plus the worth of the tiles kept is among them.
 *
 * Built with the package (hatch_build.py) or, from a checkout, when first used
 * (scrabble_fr/player/native.py); nothing else depends on it: without a compiler the Python
 * search does the same work, slower.
 */

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

static const Move PASS_MOVE; /* a pass: no tiles, no score */

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

/* The board's size, and each square's row and column. */
static void set_size(S *s, int size) {
    s->N = size;
    s->area = size * size;
    for (int q = 0; q < s->area; q++) {
        s->row_of[q] = (uint8_t)(q / size);
        s->col_of[q] = (uint8_t)(q % size);
    }
}

static inline void split_lock(Split *r) { mutex_lock(&r->lock); }

static inline void split_unlock(Split *r) { mutex_unlock(&r->lock); }

/* A split, empty, its lock made; NULL without them. */
static Split *new_split(void) {
    Split *r = calloc(1, sizeof(Split));
    if (r && mutex_init(&r->lock) != 0) {
        free(r);
        return NULL;
    }
    return r;
}

/* A split given back, its inner split with it. */
static void free_split(Split *r) {
    if (!r) return;
    free_split(r->inner);
    mutex_destroy(&r->lock);
    free(r);
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

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

/* The cross-check of empty square q for moves in direction dir (0 across, 1 down): the letters
 * that make a word with the tiles in line with q the other way, and those tiles' points (-1:
 * no tile there, no cross-word). */
static void cross(S *s, int dir, int q) {
    int N = s->N;
    int r = s->row_of[q], c = s->col_of[q];
    int step = dir == 0 ? N : 1;
    int pos = dir == 0 ? r : c;
    int first = pos, last = pos;
    while (first > 0 && s->board[q - (pos - first + 1) * step] >= 0) first--;
    while (last < N - 1 && s->board[q + (last - pos + 1) * step] >= 0) last++;
    if (first == pos && last == pos) {
        s->xmask[dir][q] = ALL26;
        s->xscore[dir][q] = -1;
        return;
    }
    int points = 0;
    /* The letters around the gap as a number in base 27 (the gap is a 0): the key of the
     * cross-checks already worked out (the same few cross-words come back again and again). */
    uint64_t key = 1;
    int keyed = last - first <= 12;
    for (int p = first; p <= last; p++) {
        if (p == pos) { key *= 27; continue; }
        int code = s->board[q + (p - pos) * step];
        if (code < BLANK) points += s->tv[code];
        key = key * 27 + (uint64_t)(letter_of(code) + 1);
    }
    s->xscore[dir][q] = points;
    XEntry *cached = NULL;
    if (keyed) {
        cached = &s->xcache[(key ^ (key >> 29)) * 0x9E3779B97F4A7C15ULL >> (64 - XCACHE_BITS)];
        if (cached->key == key) {
            s->xmask[dir][q] = cached->mask;
            return;
        }
    }
    int node = s->in.root;
    for (int p = first; p < pos && node >= 0; p++) node = child_of(s, node, letter_of(s->board[q + (p - pos) * step]));
    uint32_t mask = 0;
    if (node >= 0) {
        uint32_t children = s->in.child_mask[node];
        while (children) {
            int letter = lowest_bit(children);
            children &= children - 1;
            int n = child_of(s, node, letter);
            for (int p = pos + 1; p <= last && n >= 0; p++) n = child_of(s, n, letter_of(s->board[q + (p - pos) * step]));
            if (n >= 0 && s->in.terminal[n]) mask |= 1u << letter;
        }
    }
    s->xmask[dir][q] = mask;
    if (cached) {
        cached->key = key;
        cached->mask = mask;
    }
}

static inline void retouch_dir(S *s, int dir, int q);
static inline void retouch(S *s, int q);

static int push_undo(S *s, int dir, int q) {
    if (s->undo_top == s->undo_cap) {
        size_t cap = s->undo_cap * 2;
        Undo *grown = realloc(s->undo, cap * sizeof(Undo));
        if (!grown) { s->failed = 1; return 0; }
        s->undo = grown;
        s->undo_cap = cap;
    }
    Undo *u = &s->undo[s->undo_top++];
    u->saved_dir = dir;
    u->saved_sq = q;
    u->mask = s->xmask[dir][q];
    u->score = s->xscore[dir][q];
    return 1;
}

/* Recompute the cross-checks at the ends of the lines through the squares just laid. */
static void refresh(S *s, int dir, int q, int *done, int *count) {
    int key = q * 2 + dir;
    for (int i = 0; i < *count; i++)
        if (done[i] == key) return; /* the end of a line two tiles of the move share */
    done[(*count)++] = key;
    if (push_undo(s, dir, q)) {
        cross(s, dir, q);
        retouch_dir(s, dir, q);
    }
}

static void refresh_around(S *s, const Move *m) {
    int N = s->N;
    int done[4 * MAXT];
    int count = 0;
    for (int i = 0; i < m->n; i++) {
        int q0 = m->sq[i];
        int r = s->row_of[q0], c = s->col_of[q0];
        /* down the column: the squares above and below the run (across moves' cross-words) */
        int rr = r;
        while (rr > 0 && s->board[(rr - 1) * N + c] >= 0) rr--;
        if (rr > 0) { int q = (rr - 1) * N + c; refresh(s, 0, q, done, &count); }
        rr = r;
        while (rr < N - 1 && s->board[(rr + 1) * N + c] >= 0) rr++;
        if (rr < N - 1) { int q = (rr + 1) * N + c; refresh(s, 0, q, done, &count); }
        int cc = c;
        while (cc > 0 && s->board[r * N + cc - 1] >= 0) cc--;
        if (cc > 0) { int q = r * N + cc - 1; refresh(s, 1, q, done, &count); }
        cc = c;
        while (cc < N - 1 && s->board[r * N + cc + 1] >= 0) cc++;
        if (cc < N - 1) { int q = r * N + cc + 1; refresh(s, 1, q, done, &count); }
    }
}

static inline int tile_index(int code) { return code >= BLANK ? BLANK : code; }

static inline uint64_t rack_tile_key(const S *s, int player, int role, int tile, int copy) {
    return s->z_rack[player][role][tile][copy];
}

static void count_near(S *s, int q, int step);

/* Lay a placement for player: the board, the rack, the keys, the cross-checks (undo marks where
 * the undo stack stood). */
static size_t lay(S *s, int player, const Move *m) {
    size_t mark = s->undo_top;
    for (int i = 0; i < m->n; i++) {
        int code = m->code[i];
        s->board[m->sq[i]] = (int8_t)code;
        retouch(s, m->sq[i]);
        count_near(s, m->sq[i], 1);
        s->board_key ^= s->z_sq[m->sq[i]][code];
        int t = tile_index(code);
        int copy = --s->rack[player][t];
        s->rack_keys[player][0] ^= s->z_rack[player][0][t][copy];
        s->rack_keys[player][1] ^= s->z_rack[player][1][t][copy];
        s->rack_value[player] -= s->tv[t];
    }
    s->rack_size[player] -= m->n;
    refresh_around(s, m);
    return mark;
}

static void take_back(S *s, int player, const Move *m, size_t mark) {
    while (s->undo_top > mark) {
        Undo *u = &s->undo[--s->undo_top];
        s->xmask[u->saved_dir][u->saved_sq] = u->mask;
        s->xscore[u->saved_dir][u->saved_sq] = u->score;
        retouch_dir(s, u->saved_dir, u->saved_sq);
    }
    for (int i = 0; i < m->n; i++) {
        int code = m->code[i];
        s->board[m->sq[i]] = -1;
        retouch(s, m->sq[i]);
        count_near(s, m->sq[i], -1);
        s->board_key ^= s->z_sq[m->sq[i]][code];
        int t = tile_index(code);
        int copy = s->rack[player][t]++;
        s->rack_keys[player][0] ^= s->z_rack[player][0][t][copy];
        s->rack_keys[player][1] ^= s->z_rack[player][1][t][copy];
        s->rack_value[player] += s->tv[t];
    }
    s->rack_size[player] += m->n;
}

static uint64_t rack_key(const S *s, int player, int role) {
    uint64_t key = 0;
    for (int t = 0; t < 27; t++)
        for (int k = 0; k < s->rack[player][t] && k < MAXT; k++) key ^= rack_tile_key(s, player, role, t, k);
    return key;
}

static uint64_t position_key(const S *s, int me, int run) {
    return s->board_key ^ s->rack_keys[me][0] ^ s->rack_keys[1 - me][1] ^ s->z_run[run];
}

/* The key of the position after move m of me's, without laying it (a pass: m->n == 0). */
static uint64_t key_after(const S *s, int me, const Move *m, int run) {
    uint64_t key = s->board_key ^ s->rack_keys[1 - me][0] ^ s->rack_keys[me][1];
    int left[27];
    if (m->n > 0) memcpy(left, s->rack[me], sizeof(left));
    for (int i = 0; i < m->n; i++) {
        int t = tile_index(m->code[i]);
        key ^= s->z_sq[m->sq[i]][m->code[i]] ^ s->z_rack[me][1][t][--left[t]];
    }
    int next_run = m->n == 0 || (s->in.scoreless_counts && m->score == 0) ? run + 1 : 0;
    return key ^ s->z_run[next_run];
}

/* -- move generation ------------------------------------------------------------------------ */

static Move *new_move(S *s) {
    if (s->stack_top == s->stack_cap) {
        size_t cap = s->stack_cap * 2;
        Move *grown = realloc(s->stack, cap * sizeof(Move));
        if (!grown) { s->failed = 1; return NULL; }
        s->stack = grown;
        s->stack_cap = cap;
    }
    return &s->stack[s->stack_top++];
}

static inline int is_anchor(const S *s, int q) { return s->board[q] < 0 && s->near[q] > 0; }

/* The i-th square of line (a row across, dir 0; a column down, dir 1). */
static inline int square_of_line(const S *s, int dir, int line, int i) {
    return dir == 0 ? line * s->N + i : i * s->N + line;
}

/* Square q's part of its line's key in direction dir (line_key): its tile, or its cross-check,
 * cross-word points and anchoring when empty, mixed with the square's own salt. */
static inline uint64_t line_part(const S *s, int dir, int q) {
    uint64_t v = s->board[q] >= 0 ? (uint64_t)(s->board[q] + 1) << 8
                                  : (uint64_t)s->xmask[dir][q] << 32 ^ (uint64_t)(uint16_t)s->xscore[dir][q] << 16 ^
                                        (uint64_t)(s->near[q] > 0);
    uint64_t h = v ^ s->z_part[dir][q];
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ h >> 33;
}

/* Square q's part in direction dir worked out again, its line's sum with it (square q changed). */
static inline void retouch_dir(S *s, int dir, int q) {
    if (!s->lines) return;
    uint64_t part = line_part(s, dir, q);
    s->line_sum[dir][dir == 0 ? s->row_of[q] : s->col_of[q]] ^= s->part[dir][q] ^ part;
    s->part[dir][q] = part;
}

/* … in both directions, and its anchoring (its tile or its neighbours changed). */
static inline void retouch(S *s, int q) {
    if (!s->lines) return;
    int anchored = is_anchor(s, q);
    if (anchored != s->anchored[q]) {
        s->line_anchors[0][s->row_of[q]] += (int8_t)(anchored - s->anchored[q]);
        s->line_anchors[1][s->col_of[q]] += (int8_t)(anchored - s->anchored[q]);
        s->anchored[q] = (int8_t)anchored;
    }
    retouch_dir(s, 0, q);
    retouch_dir(s, 1, q);
}

/* Every square's part and every line's sum and anchors, from the board as it is (the state is
 * calloc'd: each square's part and anchoring counted from none). */
static void init_line_sums(S *s) {
    for (int q = 0; q < s->area; q++) retouch(s, q);
}

static inline void near_step(S *s, int q, int step) {
    s->near[q] += step;
    /* an empty square becomes an anchor, or no longer is one */
    if (s->lines && s->board[q] < 0 && s->near[q] == (step > 0)) retouch(s, q);
}

static void count_near(S *s, int q, int step) {
    int N = s->N, r = s->row_of[q], c = s->col_of[q];
    if (r > 0) near_step(s, q - N, step);
    if (r < N - 1) near_step(s, q + N, step);
    if (c > 0) near_step(s, q - 1, step);
    if (c < N - 1) near_step(s, q + 1, step);
}

/* Placement m by player me weighed one turn from the depth limit, without laying it: going out,
 * its score plus twice the other's rack; else the game counted blocked after it, its score plus
 * the value of its tiles, less me's rack, plus the other's. *ends: whether the game ends on it
 * (going out, or scoreless where scoreless_end: the value is then exact, not the limit's). */
/* Going out with a move of score points, the other left holding tiles worth rack_left: the move's
 * score, plus the other's rack, which the other also loses. */
static inline int out_value(int score, int rack_left) { return score + 2 * rack_left; }

static inline int frontier_value(const S *s, int me, const Move *m, int scoreless_end, int *ends) {
    if (m->n == s->rack_size[me]) {
        *ends = 1;
        return out_value(m->score, s->rack_value[1 - me]);
    }
    *ends = scoreless_end && m->score == 0;
    return m->worth - s->rack_value[me] + s->rack_value[1 - me];
}

/* Whether the generation stops on move m of player's (see stop_on). */
static inline int ends_at_beta(const S *s, int player, const Move *m) {
    int ends;
    int value = frontier_value(s, player, m, s->stop_scoreless_end, &ends);
    return ends && value >= s->stop_beta;
}

static void extend(S *s, int i, int node, int n, int anchored, int main_sum, int word_mul, int cross_total,
                   int tile_sum) {
    if (s->stopped_gen) return;
    int N = s->N;
    int player = s->gen_player;
    if (n > 0 && anchored && s->in.terminal[node] && (i == N || s->g_cell[i] < 0)) {
        /* A single tile that also makes a word across is the across half's (as in Python). */
        int keep = 1;
        if (n == 1 && s->gen_dir == 1) {
            int q = s->g_placed_sq[0], c = s->col_of[q];
            if ((c > 0 && s->board[q - 1] >= 0) || (c < N - 1 && s->board[q + 1] >= 0)) keep = 0;
        }
        if (keep) {
            Move *m = new_move(s);
            if (!m) return;
            int score = main_sum * word_mul + cross_total + (n >= s->in.bingo_size ? s->in.bingo_bonus : 0);
            m->n = (int8_t)n;
            m->line = (uint8_t)(s->gen_dir * MAXN + s->gen_line);
            m->score = (int16_t)score;
            m->worth = (int16_t)(score + tile_sum);
            memcpy(m->sq, s->g_placed_sq, (size_t)n);
            memcpy(m->code, s->g_placed_code, (size_t)n);
            if (s->stop_on && ends_at_beta(s, player, m)) { s->stopped_gen = 1; return; }
        }
    }
    if (i == N) return;
    int cell = s->g_cell[i];
    if (cell >= 0) {
        int child = child_of(s, node, letter_of(cell));
        if (child < 0) return;
        extend(s, i + 1, child, n, anchored, main_sum + (cell < BLANK ? s->tv[cell] : 0), word_mul, cross_total,
               tile_sum);
        return;
    }
    if (n >= s->rack_size[player]) return;
    uint32_t allowed = s->in.child_mask[node] & s->g_xm[i];
    if (!s->rack[player][BLANK]) allowed &= s->g_held;
    int q = s->g_sq[i];
    int lm = s->lm[q], wm = s->wm[q];
    int xs = s->g_xs[i];
    int now_anchored = anchored || s->g_anchor[i];
    while (allowed) {
        int letter = lowest_bit(allowed);
        allowed &= allowed - 1;
        int child = child_of(s, node, letter);
        for (int as_blank = 0; as_blank < 2; as_blank++) {
            int tile = as_blank ? BLANK : letter;
            if (!s->rack[player][tile]) continue;
            int v = as_blank ? 0 : s->tv[letter];
            if (!--s->rack[player][tile] && !as_blank) s->g_held &= ~(1u << letter);
            s->g_placed_sq[n] = (uint8_t)q;
            s->g_placed_code[n] = (uint8_t)(as_blank ? BLANK + letter : letter);
            int cross_add = xs >= 0 ? (xs + v * lm) * wm : 0;
            extend(s, i + 1, child, n + 1, now_anchored, main_sum + v * lm, word_mul * wm, cross_total + cross_add,
                   tile_sum + v);
            if (!s->rack[player][tile]++ && !as_blank) s->g_held |= 1u << letter;
            if (s->stopped_gen) return;
        }
    }
}

/* The placements of the player's rack in a line (direction dir, row or column line), pushed on
 * the move stack: the line's squares into the generation's scratch (g_), then the word graph
 * followed from each square that may start a word within reach of an anchor. */
static void generate_line(S *s, int player, uint32_t fits, int dir, int line, int empty_board) {
    int N = s->N, tiles = s->rack_size[player], any_anchor = 0;
    s->gen_dir = dir;
    s->gen_line = line;
    for (int i = 0; i < N; i++) {
        int q = square_of_line(s, dir, line, i);
        s->g_sq[i] = q;
        s->g_cell[i] = s->board[q];
        s->g_anchor[i] = empty_board ? q == s->in.centre : is_anchor(s, q);
        s->g_xm[i] = s->xmask[dir][q];
        s->g_xs[i] = s->xscore[dir][q];
        any_anchor |= s->g_anchor[i];
    }
    if (!any_anchor) return;
    /* From each square, the empty squares to fill up to the nearest anchor (none where no tile
     * of the rack may go), worked out backwards in one pass. */
    int need[MAXN];
    int ahead = INF;
    for (int i = N - 1; i >= 0; i--) {
        if (s->g_cell[i] < 0) {
            if (!(s->g_xm[i] & fits)) ahead = INF;
            else if (s->g_anchor[i]) ahead = 1;
            else if (ahead < INF) ahead++;
        }
        need[i] = ahead;
    }
    for (int start = 0; start < N; start++) {
        if (start > 0 && s->g_cell[start - 1] >= 0) continue;
        if (need[start] > tiles) continue; /* no anchor within reach */
        extend(s, start, s->in.root, 0, 0, 0, 1, 0, 0);
        if (s->failed || s->stopped_gen) return;
    }
}

/* Push a copy of move m of player's, made elsewhere (a list two turns up, the kept lines), on the
 * move stack; 0 when the generation stops there (out of memory, or it ends the game at beta:
 * stop_on). */
static int push_copy(S *s, int player, const Move *m) {
    Move *copy = new_move(s);
    if (!copy) return 0;
    *copy = *m;
    if (s->stop_on && ends_at_beta(s, player, copy)) {
        s->stopped_gen = 1;
        return 0;
    }
    return 1;
}

/* Keep the moves pushed from stack index first on as those of the line of key, in one piece of
 * the ring (a line too long for it is not kept). */
static void keep_line(S *s, LineEntry *kept, uint64_t key, size_t first) {
    uint32_t count = (uint32_t)(s->stack_top - first);
    if (count > s->line_moves_count / 4) return;
    uint64_t at = s->line_head & (s->line_moves_count - 1);
    if (at + count > s->line_moves_count) { /* the piece starts the ring again */
        s->line_head += s->line_moves_count - at;
        at = 0;
    }
    kept->key = key;
    kept->start = s->line_head;
    kept->count = count;
    memcpy(&s->line_moves[at], &s->stack[first], count * sizeof(Move));
    s->line_head += count;
}

/* What a line's moves depend on, as a key: the player's rack, the line, and each of its
 * squares' tile, or its cross-check, cross-word points and anchoring when empty (a single
 * tile's word across, which a down move leaves to the across moves, shows in its cross-word
 * points: -1, none): the line's sum, kept up to date as tiles are laid and taken back
 * (line_part, retouch). On the empty board the one anchor is the centre.
 * Never 0 (an empty entry); 0 for a line without an anchor (no move). */
static uint64_t line_key(const S *s, int player, int dir, int line, int empty_board) {
    if (empty_board ? line != (dir == 0 ? s->row_of[s->in.centre] : s->col_of[s->in.centre])
                    : !s->line_anchors[dir][line])
        return 0;
    uint64_t h = (s->rack_keys[player][0] ^ s->line_sum[dir][line] ^ (uint64_t)(dir * MAXN + line + 1) ^
                  (uint64_t)empty_board << 40) *
                 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 29;
    return h ? h : 1;
}

/* Whether a line's sum and anchors, kept up to date move by move, are those of its squares now
 * (check_lines). */
static int same_line_sum(const S *s, int dir, int line) {
    uint64_t sum = 0;
    int anchors = 0;
    for (int i = 0; i < s->N; i++) {
        int q = square_of_line(s, dir, line, i);
        sum ^= line_part(s, dir, q);
        anchors += is_anchor(s, q);
    }
    return sum == s->line_sum[dir][line] && anchors == s->line_anchors[dir][line];
}

/* Whether the moves kept for a line are those generated again now (check_lines): the same
 * moves, scores and order. */
static int same_line_moves(S *s, int player, uint32_t fits, int empty_board, int dir, int line,
                           const LineEntry *kept) {
    size_t first = s->stack_top;
    int stop_on = s->stop_on;
    s->stop_on = 0; /* the whole line */
    generate_line(s, player, fits, dir, line, empty_board);
    s->stop_on = stop_on;
    int same = !s->failed && s->stack_top - first == kept->count;
    for (uint32_t k = 0; same && k < kept->count; k++) {
        const Move *a = &s->stack[first + k];
        const Move *b = &s->line_moves[(kept->start + k) & (s->line_moves_count - 1)];
        same = a->n == b->n && a->line == b->line && a->score == b->score && a->worth == b->worth &&
               !memcmp(a->sq, b->sq, (size_t)a->n) && !memcmp(a->code, b->code, (size_t)a->n);
    }
    s->stack_top = first;
    return same;
}

/* Every placement of player's rack on the board in the lines dirty marks (all if NULL), pushed
 * on the move stack. A line met before with the same rack (line_key) gives the moves kept then:
 * most positions of a search meet a line another position had, moves elsewhere on the board
 * between them (nine lines in ten on the endgames of benchmarks/bench_finale.py). */
static void generate(S *s, int player, const uint8_t *dirty) {
    int N = s->N;
    int empty_board = s->board[s->in.centre] < 0;
    const int *rack = s->rack[player];
    s->gen_player = player;
    s->g_held = 0;
    for (int t = 0; t < 26; t++)
        if (rack[t]) s->g_held |= 1u << t;
    uint32_t fits = rack[BLANK] ? ALL26 : s->g_held;
    uint64_t keys[2 * MAXN];
    if (s->lines)
        /* the keys first, each line's entry fetched from memory while the next is worked out */
        for (int dir = 0; dir < 2; dir++)
            for (int line = 0; line < N; line++) {
                int l = dir * N + line;
                keys[l] = dirty && !dirty[dir * MAXN + line] ? 0 : line_key(s, player, dir, line, empty_board);
                if (s->in.check_lines && !same_line_sum(s, dir, line)) {
                    s->lines_differ = s->failed = 1;
                    return;
                }
                if (keys[l]) prefetch(&s->lines[keys[l] >> (64 - s->line_bits)]);
            }
    for (int l = 0; l < 2 * N; l++) {
        int dir = l >= N, line = l - dir * N;
        if (dirty && !dirty[dir * MAXN + line]) continue;
        LineEntry *kept = NULL;
        if (s->lines) {
            if (!keys[l]) continue; /* no anchor */
            kept = &s->lines[keys[l] >> (64 - s->line_bits)];
            if (kept->key == keys[l] && s->line_head - kept->start <= s->line_moves_count) {
                if (s->in.check_lines && !same_line_moves(s, player, fits, empty_board, dir, line, kept)) {
                    s->lines_differ = s->failed = 1;
                    return;
                }
                uint64_t ring = s->line_moves_count - 1;
                for (uint32_t k = 0; k < kept->count; k++)
                    if (!push_copy(s, player, &s->line_moves[(kept->start + k) & ring])) return;
                continue;
            }
        }
        size_t first = s->stack_top;
        generate_line(s, player, fits, dir, line, empty_board);
        if (s->failed || s->stopped_gen) return;
        if (kept) keep_line(s, kept, keys[l], first); /* whole: the generation did not stop in it */
    }
}

/* Every placement of player's rack at ply: the moves of the player's list two turns up in the
 * lines the two moves since left alone (a line whose squares, cross-checks and anchors are as
 * they were, its sum the same, gives the same moves, those the rack still holds), and the other
 * lines generated. A line's sum tells it exactly: of the lines around the two moves' tiles, one in
 * five is as it was (their squares' tiles or cross-checks unchanged). */
static void generate_at(S *s, int ply, int player) {
    if (ply < MAXPLY) memcpy(s->sums_at[ply], s->line_sum, sizeof(s->line_sum));
    if (ply < 2 || ply >= MAXPLY || !s->order_of[ply - 2]) {
        generate(s, player, NULL);
        return;
    }
    int N = s->N;
    uint8_t dirty[2 * MAXN];
    memset(dirty, 0, sizeof(dirty));
    for (int dir = 0; dir < 2; dir++)
        for (int line = 0; line < N; line++)
            dirty[dir * MAXN + line] = s->sums_at[ply - 2][dir][line] != s->line_sum[dir][line];
    const int *rack = s->rack[player];
    int size = s->rack_size[player];
    size_t base = s->list_base[ply - 2];
    size_t count = s->list_count[ply - 2];
    int left[27]; /* the rack, each move's tiles taken from it and given back */
    memcpy(left, rack, sizeof(left));
    for (size_t j = 0; j < count; j++) {
        const Move *m = &s->stack[base + j];
        if (dirty[m->line] || m->n > size) continue;
        int i = 0;
        while (i < m->n && --left[tile_index(m->code[i])] >= 0) i++;
        int held = i == m->n;
        if (!held) left[tile_index(m->code[i])]++;
        while (i > 0) { i--; left[tile_index(m->code[i])]++; }
        if (!held) continue;
        Move kept = *m; /* the stack may move as the copy is pushed */
        if (!push_copy(s, player, &kept)) return;
    }
    generate(s, player, dirty);
}

/* -- the search ----------------------------------------------------------------------------- */

static inline int same_move(const Move *a, const Move *b) {
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (a->sq[i] != b->sq[i] || a->code[i] != b->code[i]) return 0;
    return 1;
}

static int by_key(const void *a, const void *b) {
    const Order *x = a, *y = b;
    if (x->key != y->key) return y->key - x->key;
    if (x->tie != y->tie) return x->tie - y->tie;
    return x->index - y->index;
}

/* A node's moves in order (by_key): by insertion where they are few, as they are in most of a
 * hard endgame's positions (the library's sort's calls through a pointer cost more there). */
static void sort_order(Order *order, size_t count) {
    if (count > 48) {
        qsort(order, count, sizeof(Order), by_key);
        return;
    }
    for (size_t i = 1; i < count; i++) {
        Order x = order[i];
        size_t j = i;
        while (j > 0 && by_key(&order[j - 1], &x) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = x;
    }
}

#define ORDER_NEAR 64 /* a node of fewer moves orders them on the C stack */

typedef char entry_is_four_words[sizeof(Entry) == sizeof(Slot) ? 1 : -1];

/* The entry in slot, its key unmixed, into *e: whether it is one (flag set). The table's memory
 * is only ever read and written as words, here and in put_entry; an entry is copied whole. */
static inline int load_entry(Slot *slot, Entry *e) {
    uint64_t words[4];
    for (int i = 0; i < 4; i++) words[i] = LOAD(&slot->word[i]);
    words[0] ^= words[1] ^ words[2] ^ words[3];
    memcpy(e, words, sizeof(words));
    return e->flag != 0;
}

static inline void put_entry(Slot *slot, const Entry *e) {
    uint64_t words[4];
    memcpy(words, e, sizeof(words));
    for (int i = 1; i < 4; i++) STORE(&slot->word[i], words[i]);
    STORE(&slot->word[0], words[0] ^ words[1] ^ words[2] ^ words[3]);
}

/* The position's entry, copied into *found: found, or NULL. */
static Entry *probe(S *s, uint64_t key, Entry *found) {
    Slot *bucket = &s->table[(key & s->table_mask) * 2];
    for (int slot = 0; slot < 2; slot++)
        if (load_entry(&bucket[slot], found) && found->key == key) return found;
    return NULL;
}

/* The entry's move (its score to be worked out again: the table does not keep it); 0 if none. */
static int entry_move(const Entry *e, Move *m) {
    if (e->n < 0) return 0;
    memset(m, 0, sizeof(*m));
    m->n = e->n;
    memcpy(m->sq, e->sq, (size_t)e->n);
    memcpy(m->code, e->code, (size_t)e->n);
    return 1;
}

/* Whether the table's entry (NULL: none) answers a search to depth in (alpha, beta): its value in
 * *value, whether proven in *resolved, its move as the line at ply. */
static int table_answers(S *s, const Entry *entry, int ply, int depth, int alpha, int beta, int *value,
                         int *resolved) {
    if (!entry) return 0;
    int flag = entry->flag - 1;
    if (entry->depth < depth ||
        !(flag == EXACT || (flag == LOWER && entry->value >= beta) || (flag == UPPER && entry->value <= alpha)))
        return 0;
    Move move;
    if (entry_move(entry, &move) && ply < MAXPLY) { s->pv[ply][0] = move; s->pv_len[ply] = 1; }
    else if (ply < MAXPLY) s->pv_len[ply] = 0;
    *value = entry->value;
    *resolved = entry->depth == RESOLVED;
    return 1;
}

/* The position's entry written: its bucket's first slot keeps the deeper of its entry and the new
 * one (the costlier of two as deep, in the full round), the second slot whichever came last; its
 * cost the positions its node at ply has searched since it was entered (kept as their count's
 * bits; a position searched again keeps the most any of its searches took). In the round to the end every proven entry is as deep, and a
 * cheap one used to push out a costly one: on seed 138 of benchmarks/bench_finale.py, one
 * thread, proven in 6.0 million positions (8.8 s) where 21 million had not proven it. */
static void store(S *s, int ply, uint64_t key, int depth, int flag, int value, const Move *move) {
    int64_t spent = ply < MAXPLY ? s->nodes - s->entry_nodes[ply] : 0;
    int work = spent > 0 ? bit_length((uint64_t)spent) : 0;
    Slot *bucket = &s->table[(key & s->table_mask) * 2];
    Entry first, second;
    int has_first = load_entry(&bucket[0], &first), has_second = load_entry(&bucket[1], &second);
    Slot *slot;
    if (has_first && first.key == key) {
        slot = &bucket[0];
        if (first.work > work) work = first.work;
    } else if (has_second && second.key == key) {
        slot = &bucket[1];
        if (second.work > work) work = second.work;
    } else if (!has_first || first.depth < depth ||
             (first.depth == depth && (!s->full_round || first.work <= work))) {
        if (has_first) put_entry(&bucket[1], &first); /* the deeper slot's old entry moves to the one always replaced */
        slot = &bucket[0];
    } else slot = &bucket[1];
    Entry e;
    memset(&e, 0, sizeof(e));
    e.key = key;
    e.value = (int16_t)value;
    e.depth = (int16_t)depth;
    e.flag = (int8_t)(flag + 1);
    e.work = (uint8_t)work;
    if (move && move->n <= TT_TILES) {
        e.n = move->n;
        memcpy(e.sq, move->sq, (size_t)move->n);
        memcpy(e.code, move->code, (size_t)move->n);
    } else e.n = -1;
    put_entry(slot, &e);
}

static void add_killer(S *s, int ply, const Move *m) {
    if (m->n <= 0 || ply >= MAXPLY) return;
    if (m->n == s->rack_size[ply & 1]) {
        Move *outs = s->out_killer[ply];
        int at = 0, count = s->out_killer_count[ply];
        while (at < count && !same_move(&outs[at], m)) at++;
        if (at == count && count < OUT_KEPT) s->out_killer_count[ply] = ++count;
        if (at == OUT_KEPT) at = OUT_KEPT - 1;
        memmove(&outs[1], &outs[0], (size_t)at * sizeof(Move));
        outs[0] = *m;
    }
    Move *k = s->killers[ply];
    if (s->killer_count[ply] > 0 && same_move(&k[0], m)) return;
    if (s->killer_count[ply] > 1 && same_move(&k[1], m)) { Move t = k[0]; k[0] = k[1]; k[1] = t; return; }
    k[1] = k[0];
    k[0] = *m;
    if (s->killer_count[ply] < 2) s->killer_count[ply]++;
}

static void set_pv(S *s, int ply, const Move *m) {
    if (ply >= MAXPLY - 1) return;
    s->pv[ply][0] = *m;
    int length = s->pv_len[ply + 1];
    if (length > MAXPLY - ply - 1) length = MAXPLY - ply - 1;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)length * sizeof(Move));
    s->pv_len[ply] = length + 1;
}

/* A table of 2^bits buckets, empty, its memory (to free) in *memory; NULL without it. calloc's
 * pages are zeroed only when first touched (a short search touches few); the buckets aligned on
 * cache lines by hand, 64 bytes past the start at most. */
static Slot *new_table(int bits, void **memory) {
    *memory = calloc(((size_t)1 << bits) * 2 * sizeof(Slot) + 64, 1);
    return *memory ? (Slot *)(((uintptr_t)*memory + 63) & ~(uintptr_t)63) : NULL;
}

/* The table made larger (2^in.table_bits buckets), its entries moved over. A search that lasts
 * outgrows the table its start needed (the hard endgames search fewer positions in a table four
 * times as large: benchmarks/bench_finale.py), and a table that large from the start costs a
 * short search more to map than the search itself. A new bucket takes the entries of one old
 * bucket only (its index read on more bits), two at most: every entry is kept, in its slot's
 * order. Called between two nodes, where no entry is held. Without the memory, the search goes
 * on in the table it has. */
static void grow_table(S *s) {
    s->grow_at = INT64_MAX;
    void *memory;
    Slot *table = new_table(s->in.table_bits, &memory);
    if (!table) return;
    uint64_t mask = ((uint64_t)1 << s->in.table_bits) - 1;
    for (uint64_t b = 0; b <= s->table_mask; b++)
        for (int slot = 0; slot < 2; slot++) {
            Entry e, taken;
            if (!load_entry(&s->table[b * 2 + slot], &e)) continue;
            Slot *bucket = &table[(e.key & mask) * 2];
            put_entry(&bucket[load_entry(&bucket[0], &taken) ? 1 : 0], &e);
        }
    free(s->table_memory);
    s->table_memory = memory;
    s->table = table;
    s->table_mask = mask;
}

static int check_budget(S *s) {
    if (!s->budgeted) return 0;
    if (s->in.max_nodes >= 0 && s->nodes > s->in.max_nodes) s->stopped = 1;
    else if (s->nodes >= s->next_check) { /* the clock every 1,024 positions: reading it is a system call */
        s->next_check = s->nodes + 1024;
        if (now(s->in.cpu_clock) > s->deadline) s->stopped = 1;
        if (s->split && LOAD(&s->split->stop)) s->stopped = 1;
        /* the split moves it is searching, whose bound another thread has passed (take_shared) */
        for (int i = 0; i < s->takings && !s->stopped; i++) {
            struct Split *t = s->taking[i];
            if (LOAD(&t->stop) || LOAD(&t->cut) ||
                LOAD(&t->alpha) > s->taking_alpha[i]) {
                s->stopped = 1;
                s->restart = t;
            }
        }
    }
    return s->stopped;
}

static int negamax(S *s, int ply, int depth, int alpha, int beta, int run, int *resolved_out);

/* Whether placement m covers an anchor (an empty square beside a tile), as every move generated
 * here does: else it hangs in the air. */
static int covers_anchor(const S *s, const Move *m) {
    for (int i = 0; i < m->n; i++)
        if (is_anchor(s, m->sq[i])) return 1;
    return 0;
}

/* Whether placement m is playable now by player (its squares empty, its tiles on the rack, its
 * words words), and its score now (tiles laid since it was generated may have changed it). */
static int rescore(S *s, int player, const Move *m, int *score_out) {
    int N = s->N;
    int need[27] = {0};
    for (int i = 0; i < m->n; i++) {
        if (s->board[m->sq[i]] >= 0) return 0;
        int t = tile_index(m->code[i]);
        if (++need[t] > s->rack[player][t]) return 0;
    }
    int dir;
    if (m->n > 1) dir = s->row_of[m->sq[0]] == s->row_of[m->sq[1]] ? 0 : 1;
    else {
        int q = m->sq[0], c = s->col_of[q];
        dir = (c > 0 && s->board[q - 1] >= 0) || (c < N - 1 && s->board[q + 1] >= 0) ? 0 : 1;
    }
    int step = dir == 0 ? 1 : N;
    int first = m->sq[0], last = m->sq[m->n - 1];
    for (int i = 1; i < m->n; i++) {
        if (m->sq[i] < first) first = m->sq[i];
        if (m->sq[i] > last) last = m->sq[i];
    }
    /* the word's ends, through the board's tiles */
    while ((dir == 0 ? s->col_of[first] > 0 : first >= N) && s->board[first - step] >= 0) first -= step;
    while ((dir == 0 ? s->col_of[last] < N - 1 : last < N * (N - 1)) && s->board[last + step] >= 0) last += step;
    int node = s->in.root, main_sum = 0, word_mul = 1, cross_total = 0, k = 0;
    for (int q = first; q <= last; q += step) {
        int code = s->board[q], v;
        if (code >= 0) {
            v = code < BLANK ? s->tv[code] : 0;
            main_sum += v;
        } else {
            /* one of the move's squares (the span between its tiles is all filled) */
            int i = 0;
            while (i < m->n && m->sq[i] != q) i++;
            if (i == m->n) return 0;
            code = m->code[i];
            int letter = letter_of(code);
            if (!(s->xmask[dir][q] >> letter & 1)) return 0;
            v = code < BLANK ? s->tv[code] : 0;
            main_sum += v * s->lm[q];
            word_mul *= s->wm[q];
            if (s->xscore[dir][q] >= 0) cross_total += (s->xscore[dir][q] + v * s->lm[q]) * s->wm[q];
            k++;
        }
        node = child_of(s, node, letter_of(code));
        if (node < 0) return 0;
    }
    if (k != m->n || !s->in.terminal[node]) return 0;
    *score_out = main_sum * word_mul + cross_total + (m->n >= s->in.bingo_size ? s->in.bingo_bonus : 0);
    return 1;
}

/* Whether placement m is playable now by player (rescore), its score and worth set to what they
 * are now (a move kept from another position, or from the table, which keeps neither). */
static int rescore_move(S *s, int player, Move *m) {
    int score;
    if (!rescore(s, player, m, &score)) return 0;
    int tiles = 0;
    for (int i = 0; i < m->n; i++)
        if (m->code[i] < BLANK) tiles += s->tv[m->code[i]];
    m->score = (int16_t)score;
    m->worth = (int16_t)(score + tiles);
    return 1;
}

/* Whether a pass at ply ends the game, or may be counted as ending it: a pass that answers a
 * pass may. After two passes the board and the racks are those of two turns before, with the
 * same placements to each side, worth the same (a placement starts the run again), so the
 * passes that follow only bring the blocked end nearer. Worked out, the player who passed first
 * gets the best of their best placement M and the lesser of the blocked end B and what the
 * other's best placement m leaves them, max(M, min(-m, B)), whoever passes last; and that is
 * what the first pass is worth when the answering pass ends the game at once. The answering
 * node is then not worth what the rules make it: its value serves the pass before it only (the
 * run in the key tells it from any other position), and its pass is proven at once instead of
 * by a line of passes to the end of the run. After the root, a run under way means the turn
 * before was a pass. Not where a placement may score nothing and count toward the run (a tile
 * worth 0 on a rack, under rules that count scoreless turns): placements then depend on the
 * run. */
static inline int passes_end(const S *s, int ply, int run) {
    if (run + 1 >= s->in.limit) return 1;
    return s->pass_answers_end && ply >= 1 && run >= 1;
}

/* The value of move for the player to move at ply (laid, searched, taken back): ``pvs``, a
 * null window first (an earlier move set alpha). */
static int child_value(S *s, int ply, int depth, int alpha, int beta, int run, const Move *move, int pvs,
                       int *resolved) {
    int me = ply & 1, other = 1 - me;
    int value;
    if (ply < MAXPLY) s->laid[ply] = *move;
    if (move->n == 0) {
        if (passes_end(s, ply, run)) {
            *resolved = 1;
            if (ply + 1 < MAXPLY) s->pv_len[ply + 1] = 0;
            return s->rack_value[other] - s->rack_value[me];
        }
        return -negamax(s, ply + 1, depth - s->in.pass_cost, -beta, -alpha, run + 1, resolved);
    }
    int score = move->score;
    int goes_out = move->n == s->rack_size[me];
    int next_run = s->in.scoreless_counts && score == 0 ? run + 1 : 0;
    if (goes_out || next_run >= s->in.limit) {
        /* The game ends on it (going out, or the run of scoreless turns complete): its value is
         * the frontier's, exact, with nothing laid. */
        *resolved = 1;
        if (ply + 1 < MAXPLY) s->pv_len[ply + 1] = 0;
        int ends;
        return frontier_value(s, me, move, 1, &ends);
    }
    /* The child's entry in the table read before the move is laid: half the positions searched
     * are answered there, and laying a move (its cross-checks) costs more than reading the
     * table. Counted as a position searched, as the child's own look would be. With pvs, an
     * answer to the null window that the move does better leaves the full window to search. */
    int child;
    int null_answered = 0;
    Entry found;
    Entry *entry = probe(s, key_after(s, me, move, run), &found);
    if (table_answers(s, entry, ply + 1, depth - 1, pvs ? -alpha - 1 + score : -beta + score, -alpha + score,
                      &child, resolved)) {
        s->nodes++;
        value = score - child;
        if (!pvs || !(alpha < value && value < beta)) return value;
        null_answered = 1;
    }
    size_t mark = lay(s, me, move);
    if (s->failed) {
        take_back(s, me, move, mark);
        s->stopped = 1;
        *resolved = 0;
        return 0;
    }
    if (pvs) {
        /* Principal variation search: a null window shows whether this move does better; only
         * then the full window. */
        if (!null_answered)
            value = score - negamax(s, ply + 1, depth - 1, -alpha - 1 + score, -alpha + score, next_run, resolved);
        if (!s->stopped && alpha < value && value < beta)
            value = score - negamax(s, ply + 1, depth - 1, -beta + score, -value + score, next_run, resolved);
    } else {
        value = score - negamax(s, ply + 1, depth - 1, -beta + score, -alpha + score, next_run, resolved);
    }
    take_back(s, me, move, mark);
    return value;
}

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

/* The squares of the word through q in direction dir (q and the tiles in line with it), and the
 * squares beside them, into z. */
static void zone_add_word(const S *s, Zone *z, int q, int dir) {
    int N = s->N, step = dir == 0 ? 1 : N;
    int first = q, last = q;
    while ((dir == 0 ? s->col_of[first] > 0 : first >= N) && s->board[first - step] >= 0) first -= step;
    while ((dir == 0 ? s->col_of[last] < N - 1 : last < N * (N - 1)) && s->board[last + step] >= 0) last += step;
    for (int x = first; x <= last; x += step) {
        int r = s->row_of[x], c = s->col_of[x];
        zone_add(z, x);
        if (r > 0) zone_add(z, x - N);
        if (r < N - 1) zone_add(z, x + N);
        if (c > 0) zone_add(z, x - 1);
        if (c < N - 1) zone_add(z, x + 1);
    }
}

/* The outs of the other player's (the one to move at ply + 1) that may answer the moves of this
 * node: the next ply's outs that cut and its killers that go out, playable now, the best scoring
 * first; each one's zone, the squares of its words both ways from each of its tiles and the
 * squares beside them. How many. */
static int answering_outs(S *s, int ply, OutAnswer *answer) {
    int other = 1 - (ply & 1), found = 0;
    if (ply + 1 >= MAXPLY) return 0;
    int kept = s->out_killer_count[ply + 1];
    for (int k = 0; k < kept + s->killer_count[ply + 1]; k++) {
        Move m = k < kept ? s->out_killer[ply + 1][k] : s->killers[ply + 1][k - kept];
        if (m.n == 0 || m.n != s->rack_size[other]) continue;
        int again = 0;
        for (int i = 0; i < found && !again; i++) again = same_move(&answer->outs[i], &m);
        if (again || !covers_anchor(s, &m) || !rescore_move(s, other, &m)) continue;
        int at = found++;
        while (at > 0 && answer->outs[at - 1].score < m.score) {
            answer->outs[at] = answer->outs[at - 1];
            at--;
        }
        answer->outs[at] = m;
    }
    for (int o = 0; o < found; o++) {
        const Move *out = &answer->outs[o];
        Zone *zone = &answer->zones[o];
        memset(zone, 0, sizeof(*zone));
        for (int i = 0; i < out->n; i++) {
            zone_add_word(s, zone, out->sq[i], 0);
            zone_add_word(s, zone, out->sq[i], 1);
        }
    }
    return found;
}

/* Whether move m of the player to move at ply is answered by one of the other's outs: m lays no
 * tile in the out's zone and, the out played after it, is worth alpha at most (the outs tried
 * best scoring first: the first whose zone m leaves alone bounds it lowest); its value (at most
 * that) then counts toward *best and *best_move as a searched move's would. A move outside the
 * zone leaves the out's squares empty and its words as they were (a word changes only by a tile
 * laid in it or beside its ends), so the out stays playable with the same score and ends the
 * game: the other player's value after m is at least the out's (out_value). On the endgames of
 * benchmarks/bench_finale.py, most moves of the nodes where every move is tried: six turns down
 * on one of the hardest, 33 of 35 on average. */
static int answered_by_out(S *s, int ply, int run, const Move *m, int alpha, OutAnswer *answer, int *best,
                           Move *best_move) {
    int me = ply & 1;
    if (!s->full_round || m->n <= 0 || m->n >= s->rack_size[me] ||
        (s->in.scoreless_counts && m->score == 0 && run + 1 >= s->in.limit))
        return 0; /* a pass, or a move that ends the game: weighed as it is */
    if (!answer->state) answer->state = answering_outs(s, ply, answer) + 1;
    /* the tiles m lays are no longer on me's rack when the other goes out */
    int rack_left = s->rack_value[me] - (m->worth - m->score);
    const Move *out = NULL;
    int bound = 0;
    for (int o = 0; o < answer->state - 1 && !out; o++) {
        bound = m->score - out_value(answer->outs[o].score, rack_left);
        if (bound > alpha) return 0; /* the outs after it score less */
        int clear = 1;
        for (int i = 0; i < m->n && clear; i++) clear = !zone_has(&answer->zones[o], m->sq[i]);
        if (clear) out = &answer->outs[o];
    }
    if (!out) return 0;
    if (s->in.check_answers) {
        Move after = *out;
        size_t mark = lay(s, me, m);
        int same = !s->failed && covers_anchor(s, &after) && rescore_move(s, 1 - me, &after) &&
                   after.score == out->score;
        take_back(s, me, m, mark);
        if (!same) {
            s->answers_differ = s->failed = s->stopped = 1;
            return 0;
        }
    }
    s->answered++;
    if (out != &answer->outs[0]) s->answered_later++;
    if (bound > *best) {
        *best = bound;
        *best_move = *m;
    }
    return 1;
}

static int cut_here(S *s, int ply, uint64_t key, int value, const Move *move, int resolved, int depth,
                    int *resolved_out) {
    add_killer(s, ply, move);
    store(s, ply, key, resolved ? RESOLVED : depth, LOWER, value, move);
    if (ply < MAXPLY) { s->pv[ply][0] = *move; s->pv_len[ply] = 1; }
    *resolved_out = resolved;
    return value;
}

/* -- a node's moves shared among threads (Split) -------------------------------------------- */

/* What became of a split's move a thread took (search_shared_move). */
enum { MOVE_SEARCHED, MOVE_ANSWERED, SPLIT_OVER };

/* Split r's bound raised to value, if higher (under its lock). Written whole: the threads on the
 * split's other moves read it without the lock (check_budget). */
static inline void raise_alpha(Split *r, int value) {
    if (value > LOAD(&r->alpha)) STORE(&r->alpha, value);
}

/* Whether value, a move's from a search with the bound searched, becomes split r's best (under its
 * lock). The split's bound is its best value or higher (search_once), and its best stays an exact
 * value: a value no higher than its search's bound is an upper bound, the best only where every
 * move fails low (no higher than the split's first alpha, as in negamax); else the move whose null
 * window raised the bound brings its exact value. */
static inline int becomes_best(const Split *r, int value, int searched) {
    return value > r->best && (value > searched || value <= r->alpha_first);
}

/* Move of split r searched once by thread s with the split's bound alpha (best: the split's best
 * value, -INF for none yet; level: where r is in s's taking, -1 if not kept there): the principal
 * variation search of child_value, written out. Where its null window fails high, the split's
 * bound rises at once to that window's value, which the move is known to reach, before its exact
 * value is searched from there (check_budget stops that search only if another thread passes the
 * bound): the threads on the split's other moves search theirs with it, those searched with less
 * starting again. On seed 45 of benchmarks/bench_finale.py the root's best rises four times (-27,
 * -26, -11, 4); a helper's search of the move worth -11 took 7 s, while the other thread searched
 * a move worth -26 with the bound of -27 (8 million positions; 28,000 with -11), and the two
 * threads searched twice the positions of one. Its value, whether proven in *resolved. */
static int search_once(S *s, Split *r, int level, const Move *move, int alpha, int best, int *resolved) {
    if (best == -INF || r->beta - alpha <= 1)
        return child_value(s, r->ply, r->depth, alpha, r->beta, r->run, move, 0, resolved);
    int value = child_value(s, r->ply, r->depth, alpha, alpha + 1, r->run, move, 0, resolved);
    if (s->stopped || value <= alpha || value >= r->beta) return value;
    int lower = value, lower_resolved = *resolved;
    if (level >= 0) s->taking_alpha[level] = lower;
    split_lock(r);
    raise_alpha(r, lower);
    split_unlock(r);
    value = child_value(s, r->ply, r->depth, lower, r->beta, r->run, move, 0, resolved);
    if (s->stopped || value > lower) return value;
    /* no higher than the bound it is known to reach: it is that bound, proven by both */
    *resolved = *resolved && lower_resolved;
    return lower;
}

/* Move of split r searched by thread s with the split's bound as its own (level: where r is in s's
 * taking, -1 if not kept there; search_once), and searched again while another thread passes that
 * bound meanwhile (check_budget); its value and whether proven in *value and *resolved, the bound of
 * its last search in *searched (becomes_best). MOVE_ANSWERED: the other player's out answered it,
 * its bound counted in the split; SPLIT_OVER: the split cut or stopped while it was searched. */
static int search_shared_move(S *s, Split *r, int level, const Move *move, OutAnswer *out_answer, int *value,
                              int *resolved, int *searched) {
    for (;;) {
        split_lock(r);
        int alpha = LOAD(&r->alpha), best = r->best;
        Move best_move = r->best_move;
        split_unlock(r);
        if (answered_by_out(s, r->ply, r->run, move, alpha, out_answer, &best, &best_move)) {
            split_lock(r);
            if (becomes_best(r, best, alpha)) { /* an upper bound: no higher than alpha */
                r->best = best;
                r->best_move = r->pv[0] = best_move;
                r->pv_len = 1;
            }
            split_unlock(r);
            return MOVE_ANSWERED;
        }
        *resolved = 0;
        if (level >= 0) s->taking_alpha[level] = alpha;
        *value = s->stopped ? 0 : search_once(s, r, level, move, alpha, best, resolved);
        *searched = alpha;
        if (!s->stopped || s->restart != r) return MOVE_SEARCHED;
        /* the split's best rose past the bound (or it cut, or ended) while the move was searched */
        s->stopped = 0;
        s->restart = NULL;
        s->restarts++;
        if (LOAD(&r->stop) || LOAD(&r->cut))
            return SPLIT_OVER;
    }
}

/* The split node's moves taken one by one, until none is left, each searched with the best value found
 * so far and its result given to the others (in each thread, the main search's too). A move whose
 * search the split's best overtakes (another thread's move did better, or cut) is stopped where it
 * is (check_budget) and searched again with the new bound, or left where the split cut: a search
 * to show a move better than a bound others have passed is wasted. On seed 16 of
 * benchmarks/bench_finale.py a helper spent 13 of 15 s on one root move searched with the bound of
 * 46 while the others had found 49 and then 53; searched again with 53 it failed low at once. */
static void take_shared(S *s, Split *r) {
    OutAnswer out_answer;
    out_answer.state = 0;
    int level = s->takings < TAKINGS_MOST ? s->takings++ : -1;
    if (level >= 0) s->taking[level] = r;
    for (;;) {
        if (LOAD(&r->stop)) break;
        int o = FETCH_ADD(&r->next, 1);
        if (o >= r->count) break;
        Move move;
        if (r->order[o].index >= 0) move = r->list[r->order[o].index];
        else move = PASS_MOVE;
        if (r->hash_tried && same_move(&move, &r->hash_move)) continue;
        int value, child_resolved, searched;
        int outcome = search_shared_move(s, r, level, &move, &out_answer, &value, &child_resolved, &searched);
        if (outcome == SPLIT_OVER) break;
        if (outcome == MOVE_ANSWERED) continue;
        if (s->stopped) {
            STORE(&r->stop, 1);
            break;
        }
        split_lock(r);
        if (!LOAD(&r->cut) && becomes_best(r, value, searched)) {
            r->best = value;
            r->best_move = move;
            set_pv(s, r->ply, &move);
            r->pv_len = s->pv_len[r->ply];
            memcpy(r->pv, s->pv[r->ply], (size_t)r->pv_len * sizeof(Move));
            raise_alpha(r, value);
            if (value >= r->beta) { /* the cut's proof is its move's alone (see negamax) */
                STORE(&r->cut, 1);
                r->resolved = child_resolved;
                STORE(&r->next, r->count);
            }
        }
        if (!LOAD(&r->cut)) r->resolved = r->resolved && child_resolved;
        split_unlock(r);
    }
    if (level >= 0) s->takings--;
}

static S *new_state(const EgInput *in, int *status);
static void free_state(S *s);

/* Helper h's position taken from ply from to ply to along path (the moves laid, passes without
 * tiles; where the undo stack stood before each in marks, if given). */
static void lay_path(S *h, const Move *path, int from, int to, size_t *marks) {
    for (int k = from; k < to; k++) {
        h->laid[k] = path[k];
        h->order_of[k] = NULL;
        size_t mark = path[k].n > 0 ? lay(h, k & 1, &path[k]) : h->undo_top;
        if (marks) marks[k] = mark;
    }
}

/* Split r's moves on helper h's stack, as the moves of its node (those two turns down take theirs
 * from them: generate_at); where they begin, or -1 where the stack cannot hold them. */
static long put_split_moves(S *h, const Split *r) {
    size_t base = h->stack_top;
    if (base + r->list_count > h->stack_cap) return -1;
    memcpy(&h->stack[base], r->list, r->list_count * sizeof(Move));
    h->stack_top = base + r->list_count;
    h->list_base[r->ply] = base;
    h->list_count[r->ply] = r->list_count;
    h->order_of[r->ply] = r->order; /* read only, as long as the helper is in the split */
    memcpy(h->sums_at[r->ply], h->line_sum, sizeof(h->line_sum)); /* its position's, laid */
    h->order_count[r->ply] = r->count;
    return (long)base;
}

/* A helper in the inner split n of r (the main search's, below r's node): n's position laid from
 * r's node by n's path, n's moves taken as r's were, the position taken back. Whether it joined. */
static int join_inner(S *h, Split *r) {
    Split *n = r->inner;
    split_lock(n);
    int joins = n->open && n->serial != h->joined;
    if (joins) {
        n->inside++;
        h->joined = n->serial;
    }
    split_unlock(n);
    if (!joins) return 0;
    size_t marks[MAXPLY];
    lay_path(h, n->path, r->ply, n->ply, marks);
    long base = h->failed ? -1 : put_split_moves(h, n);
    if (base >= 0) {
        take_shared(h, n);
        h->order_of[n->ply] = NULL;
        h->stack_top = (size_t)base;
    }
    for (int k = n->ply - 1; k >= r->ply; k--)
        if (n->path[k].n > 0) take_back(h, k & 1, &n->path[k], marks[k]);
    split_lock(n);
    n->inside--;
    split_unlock(n);
    return 1;
}

static void *helper_run(void *state) {
    S *h = state;
    Split *r = h->split;
    take_shared(h, r);
    /* No move of r's left: the main search may still be on one, and shares a node below it. */
    FETCH_ADD(&r->idle, 1);
    while (!h->stopped && !LOAD_ACQUIRE(&r->done) &&
           !LOAD(&r->stop) && now(h->in.cpu_clock) <= h->deadline) {
        if (LOAD_ACQUIRE(&r->inner_open)) {
            FETCH_ADD(&r->idle, -1);
            int joined = join_inner(h, r);
            FETCH_ADD(&r->idle, 1);
            if (joined) continue;
        }
        pause_briefly(20000);
    }
    FETCH_ADD(&r->idle, -1);
    return NULL;
}

/* The helpers made and started, by the main search between two positions (so late that a short
 * search pays nothing for them): each a state of the request's position, as the main search's
 * was made, the split node's position laid by its path from the root, with its moves on its
 * stack as the main search's are on its own; the table the main search's, grown to its budget's
 * size first (a table shared no longer grows). */
static void start_helpers(S *s) {
    Split *r = s->split;
    r->started = 1;
    if (s->grow_at != INT64_MAX) grow_table(s);
    for (int i = 0; i < s->in.threads - 1 && i < MOST_HELPERS; i++) {
        int status;
        S *h = new_state(&s->in, &status);
        if (!h) break;
        lay_path(h, r->path, 0, r->ply, NULL);
        if (h->failed || put_split_moves(h, r) < 0) {
            free_state(h);
            break;
        }
        h->helper = 1;
        h->split = r;
        h->table = s->table;
        h->table_mask = s->table_mask;
        h->grow_at = h->wake_at = INT64_MAX;
        h->deadline = s->deadline;
        h->budgeted = s->budgeted;
        h->full_round = s->full_round;
        r->helper[r->made++] = h;
        if (thread_start(&r->thread[i], helper_run, h) != 0) break;
        r->running++;
    }
    if (r->running > r->most_running) r->most_running = r->running;
}

/* The work due once the positions searched reach wake_at: the table grown (at grow_at), the
 * helpers started (at the split's start_at, once its moves are ready for them; start_helpers);
 * wake_at set to when the next is due, so that a position pays one comparison for both. */
static void wake(S *s) {
    Split *r = s->split;
    if (s->nodes >= s->grow_at) grow_table(s);
    if (r && r->ready && !r->started && s->nodes >= r->start_at) start_helpers(s);
    s->wake_at = s->grow_at;
    if (r && r->ready && !r->started && r->start_at < s->wake_at) s->wake_at = r->start_at;
}

/* The helpers waited for, their positions counted in the search's, their states given back. */
static void finish_helpers(S *s, Split *r) {
    for (int i = 0; i < r->running; i++) thread_join(r->thread[i]);
    for (int i = 0; i < r->made; i++) {
        S *h = r->helper[i];
        s->nodes += h->nodes;
        s->answered += h->answered;
        s->answered_later += h->answered_later;
        s->restarts += h->restarts;
        s->failed |= h->failed;
        s->lines_differ |= h->lines_differ;
        s->answers_differ |= h->answers_differ;
        free_state(h);
    }
    r->made = r->running = r->started = 0;
}

/* Split r made the node at ply's (count of its moves from base on the stack, ordered in order:
 * ordered of them and the pass; the best so far, its first move's, in best, best_move and
 * resolved); 0 without the memory for its moves. */
static int fill_split(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
                      int depth, int alpha, int beta, int run, const Move *hash_move, int best,
                      const Move *best_move, int resolved) {
    r->list = malloc((count + 1) * sizeof(Move));
    r->order = malloc((ordered + 1) * sizeof(Order));
    if (!r->list || !r->order) {
        free(r->list);
        free(r->order);
        r->list = NULL;
        r->order = NULL;
        return 0;
    }
    memcpy(r->list, &s->stack[base], count * sizeof(Move));
    memcpy(r->order, order, (ordered + 1) * sizeof(Order));
    r->list_count = count;
    r->count = (int)ordered + 1;
    r->ply = ply;
    memcpy(r->path, s->laid, (size_t)ply * sizeof(Move));
    r->depth = depth;
    r->run = run;
    r->beta = beta;
    r->hash_tried = hash_move != NULL;
    if (hash_move) r->hash_move = *hash_move;
    STORE(&r->next, 0);
    STORE(&r->stop, 0);
    STORE(&r->cut, 0);
    STORE(&r->alpha, alpha);
    r->alpha_first = alpha;
    r->best = best;
    r->best_move = *best_move;
    r->resolved = resolved;
    r->pv_len = s->pv_len[ply];
    memcpy(r->pv, s->pv[ply], (size_t)r->pv_len * sizeof(Move));
    return 1;
}

/* The result of split r (its threads done with it) into best, best_move, resolved and the node's
 * line; its moves given back. */
static void read_split(S *s, Split *r, int *best, Move *best_move, int *resolved) {
    free(r->list);
    free(r->order);
    r->list = NULL;
    r->order = NULL;
    if (LOAD(&r->stop)) s->stopped = 1;
    *best = r->best;
    *best_move = r->best_move;
    *resolved = r->resolved;
    s->pv_len[r->ply] = r->pv_len;
    memcpy(s->pv[r->ply], r->pv, (size_t)r->pv_len * sizeof(Move));
}

/* The moves of the node at ply (the root, or a node of the first line, as fill_split takes them)
 * searched by the threads; the result in best, best_move and resolved. */
static void share_moves(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
                        int depth, int alpha, int beta, int run, const Move *hash_move, int *best, Move *best_move,
                        int *resolved) {
    if (!fill_split(s, r, ply, order, ordered, base, count, depth, alpha, beta, run, hash_move, *best, best_move,
                    *resolved)) {
        s->failed = s->stopped = 1;
        return;
    }
    r->splits++;
    STORE(&r->done, 0);
    STORE(&r->idle, 0);
    STORE(&r->inner_open, 0);
    r->inner_busy = 0;
    r->ready = 1;
    wake(s); /* the helpers, if it is time */
    take_shared(s, r);
    STORE_RELEASE(&r->done, 1);
    finish_helpers(s, r);
    r->ready = 0;
    read_split(s, r, best, best_move, resolved);
}

#define NEST_PLIES 4 /* an inner split's node at most this many turns below the split's */

/* The moves of the node at ply below the split r's node (as in share_moves: its first searched,
 * the others from order on) shared with r's helpers that have no move of r's left, the main
 * search taking them too; whether shared (the result then in best, best_move and resolved). The
 * helpers that joined are waited for before the result is read. */
static int share_inner(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
                       int depth, int alpha, int beta, int run, const Move *hash_move, int *best, Move *best_move,
                       int *resolved) {
    if (!r->inner && !(r->inner = new_split())) return 0;
    Split *n = r->inner;
    if (!fill_split(s, n, ply, order, ordered, base, count, depth, alpha, beta, run, hash_move, *best, best_move,
                    *resolved))
        return 0;
    r->inner_busy = 1;
    r->inner_splits++;
    split_lock(n);
    n->serial++;
    n->open = 1;
    split_unlock(n);
    STORE_RELEASE(&r->inner_open, 1);
    take_shared(s, n);
    STORE_RELEASE(&r->inner_open, 0);
    split_lock(n);
    n->open = 0;
    int inside = n->inside;
    split_unlock(n);
    while (inside > 0) {
        pause_briefly(10000);
        split_lock(n);
        inside = n->inside;
        split_unlock(n);
    }
    r->inner_busy = 0;
    read_split(s, n, best, best_move, resolved);
    return 1;
}

#define EARLIER_TRIED 8 /* moves of the earlier list a node one turn from the limit weighs first */
#define SPLIT_PLY 3 /* the deepest node of the first line whose moves are shared (Split) */

static int negamax(S *s, int ply, int depth, int alpha, int beta, int run, int *resolved_out) {
    if (++s->nodes >= s->wake_at) wake(s);
    if (ply < MAXPLY) {
        s->pv_len[ply] = 0;
        s->order_of[ply] = NULL;
        s->entry_nodes[ply] = s->nodes;
    }
    if (check_budget(s)) { *resolved_out = 0; return 0; }
    int me = ply & 1, other = 1 - me;
    uint64_t key = position_key(s, me, run);
    Entry found;
    Entry *entry = probe(s, key, &found);
    Move hash_move;
    int has_hash = 0;
    int answer;
    if (table_answers(s, entry, ply, depth, alpha, beta, &answer, resolved_out)) return answer;
    if (entry) has_hash = entry_move(entry, &hash_move);
    int values_me = s->rack_value[me], values_other = s->rack_value[other];
    if (depth == 0) {
        *resolved_out = 0;
        return values_other - values_me;
    }
    int size = s->rack_size[me];
    int scoreless_end = s->in.scoreless_counts && run + 1 >= s->in.limit; /* a scoreless move ends the game */
    int ends_on_pass = passes_end(s, ply, run);
    if (depth == 1 && ply >= 2 && ply < MAXPLY && s->order_of[ply - 2]) {
        /* The best moves of this player's list two turns up, still playable (rescored): if one
         * cuts, no move is generated here. */
        const Order *earlier = s->order_of[ply - 2];
        const Move *list = &s->stack[s->list_base[ply - 2]];
        int tried = 0;
        for (int o = 0; o < s->order_count[ply - 2] && tried < EARLIER_TRIED; o++) {
            if (earlier[o].index < 0) continue;
            Move m = list[earlier[o].index];
            if (m.n > size || !rescore_move(s, me, &m)) continue;
            tried++;
            int ends;
            int value = frontier_value(s, me, &m, scoreless_end, &ends);
            if (value >= beta) return cut_here(s, ply, key, value, &m, ends, 1, resolved_out);
        }
    }
    /* A killer that goes out, still playable here and reaching beta: the node cuts on it at
     * once, its value exact, no move generated. A killer comes from another position: it must
     * cover an anchor of this board (its words are checked by rescore). */
    for (int k = 0; ply < MAXPLY && k < s->killer_count[ply]; k++) {
        Move m = s->killers[ply][k];
        if (m.n != size || !covers_anchor(s, &m) || !rescore_move(s, me, &m)) continue;
        int ends;
        int value = frontier_value(s, me, &m, scoreless_end, &ends);
        if (value >= beta) return cut_here(s, ply, key, value, &m, 1, depth, resolved_out);
    }
    /* A pass that ends the game (the other passed before it, and the run of passes is complete)
     * is worth the racks as they are, known without a move generated or searched: reaching beta,
     * the node cuts on it, its value exact. Passing is otherwise tried last, and the moves tried
     * before it were searched for nothing (on seed 171 of benchmarks/bench_finale.py, 16.5 million
     * positions instead of 36.3; seed 45, 6.9 instead of 20.5). */
    if (ends_on_pass && values_other - values_me >= beta)
        return cut_here(s, ply, key, values_other - values_me, &PASS_MOVE, 1, depth, resolved_out);
    int alpha_start = alpha;
    int best = -INF;
    int resolved = 1;
    Move best_move;
    best_move.n = -1;
    int hash_tried = 0;
    if (depth > 1 && has_hash) {
        /* The table's move first, before any move is generated: it often cuts. */
        if (hash_move.n == 0 || rescore_move(s, me, &hash_move)) {
            int child_resolved;
            int value = child_value(s, ply, depth, alpha, beta, run, &hash_move, 0, &child_resolved);
            if (s->stopped) { *resolved_out = 0; return 0; }
            hash_tried = 1;
            resolved = child_resolved;
            best = value;
            best_move = hash_move;
            set_pv(s, ply, &hash_move);
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) return cut_here(s, ply, key, value, &hash_move, resolved, depth, resolved_out);
            }
        }
    }
    size_t base = s->stack_top;
    /* The generation stops at an out (or a scoreless end) that reaches beta: see stop_on. */
    s->stop_on = 1;
    s->stop_beta = beta;
    s->stop_scoreless_end = scoreless_end;
    generate_at(s, ply, me);
    int stopped_gen = s->stopped_gen;
    s->stop_on = s->stopped_gen = 0;
    if (s->failed) { s->stopped = 1; *resolved_out = 0; return 0; }
    size_t count = s->stack_top - base;
    if (stopped_gen) {
        /* Its last move ends the game at beta: the node cuts on it, proven. */
        Move chosen = s->stack[s->stack_top - 1];
        int ends;
        int value = frontier_value(s, me, &chosen, scoreless_end, &ends);
        s->stack_top = base;
        return cut_here(s, ply, key, value, &chosen, 1, depth, resolved_out);
    }

    if (depth == 1) {
        /* One turn from the limit: a move is weighed without laying it (the game counted
         * blocked after it unless it ends the game), the outs first (none reaches beta: the
         * generation would have stopped on it). */
        int best_index = -2; /* -1: the pass */
        for (size_t j = 0; j < count; j++) {
            const Move *m = &s->stack[base + j];
            int ends;
            if (m->n != size) continue;
            int value = frontier_value(s, me, m, scoreless_end, &ends);
            if (value > best) { best = value; best_index = (int)j; }
        }
        int all_end = ends_on_pass;
        int best_ends = 0;
        {
            int value = values_other - values_me; /* the pass */
            if (value > best) { best = value; best_index = -1; best_ends = ends_on_pass; }
        }
        for (size_t j = 0; j < count; j++) {
            int ends;
            int value = frontier_value(s, me, &s->stack[base + j], scoreless_end, &ends);
            all_end = all_end && ends;
            if (value > best) { best = value; best_index = (int)j; best_ends = ends; }
        }
        Move chosen;
        if (best_index >= 0) chosen = s->stack[base + best_index];
        else chosen.n = 0;
        s->stack_top = base;
        int flag = best <= alpha ? UPPER : best >= beta ? LOWER : EXACT;
        resolved = flag == LOWER ? best_ends : all_end;
        if (flag == LOWER) add_killer(s, ply, &chosen);
        store(s, ply, key, resolved ? RESOLVED : 1, flag, best, &chosen);
        if (ply < MAXPLY) { s->pv[ply][0] = chosen; s->pv_len[ply] = 1; }
        *resolved_out = resolved;
        return best;
    }

    /* The order: outs by score, the hash move, the killers, the rest by worth, the pass last
     * (first when it is the hash move); the moves the other's out answers left out. */
    Order near_order[ORDER_NEAR];
    Order *order = count < ORDER_NEAR ? near_order : malloc((count + 1) * sizeof(Order));
    if (!order) { s->failed = s->stopped = 1; s->stack_top = base; *resolved_out = 0; return 0; }
    int pass_key = has_hash && hash_move.n == 0 ? 3000000 : -1;
    OutAnswer out_answer;
    out_answer.state = 0;
    int ordered_alpha = alpha;
    size_t ordered = 0; /* the moves to search: those the other's out does not answer */
    for (size_t j = 0; j < count; j++) {
        Move *m = &s->stack[base + j];
        if (answered_by_out(s, ply, run, m, alpha, &out_answer, &best, &best_move)) continue;
        int k;
        if (m->n == size) k = 4000000 + m->score;
        else if (has_hash && same_move(m, &hash_move)) k = 3000000;
        else if (ply < MAXPLY && s->killer_count[ply] > 0 && same_move(m, &s->killers[ply][0])) k = 2000001;
        else if (ply < MAXPLY && s->killer_count[ply] > 1 && same_move(m, &s->killers[ply][1])) k = 2000000;
        else k = m->worth;
        order[ordered].key = k;
        order[ordered].tie = m->line << 8 | m->sq[0];
        order[ordered].index = (int)j;
        ordered++;
    }
    order[ordered].key = pass_key;
    order[ordered].tie = 0;
    order[ordered].index = -1;
    sort_order(order, ordered + 1);
    if (ply < MAXPLY) {
        s->order_of[ply] = order;
        s->order_count[ply] = (int)ordered + 1;
        s->list_base[ply] = base;
        s->list_count[ply] = count;
    }

    /* A split: the root and the first line's nodes (a full window: the first line, or a
     * move searched again as the new best), once their first move is searched (its value the
     * bound the others are searched with; its line split first), one split at a time, by the
     * main search. */
    int splits_here = s->split && !s->helper && (ply == 0 || (ply <= SPLIT_PLY && beta - alpha > 1));
    Split *outer = s->split;
    int nests_here = outer && !s->helper && outer->ready && beta - alpha == 1 && ply > outer->ply &&
                     ply <= outer->ply + NEST_PLIES;
    for (size_t o = 0; o <= ordered; o++) {
        if (splits_here && best > -INF && !s->split->ready) {
            share_moves(s, s->split, ply, order + o, ordered - o, base, count, depth, alpha, beta, run,
                        hash_tried ? &hash_move : NULL, &best, &best_move, &resolved);
            break;
        }
        if (nests_here && best > -INF && o < ordered && !outer->inner_busy &&
            LOAD(&outer->idle) > 0 &&
            share_inner(s, outer, ply, order + o, ordered - o, base, count, depth, alpha, beta, run,
                        hash_tried ? &hash_move : NULL, &best, &best_move, &resolved))
            break;
        int j = order[o].index;
        Move move = j >= 0 ? s->stack[base + j] : PASS_MOVE;
        if (hash_tried && same_move(&move, &hash_move)) continue;
        /* alpha risen since the moves were ordered: more of them may be answered */
        if (alpha > ordered_alpha && answered_by_out(s, ply, run, &move, alpha, &out_answer, &best, &best_move))
            continue;
        if (o < ordered) {
            /* The next move's child in the table, fetched while this one is searched. */
            int next = order[o + 1].index;
            uint64_t ahead = key_after(s, me, next >= 0 ? &s->stack[base + next] : &PASS_MOVE, run);
            prefetch(&s->table[(ahead & s->table_mask) * 2]);
        }
        int child_resolved;
        int value = child_value(s, ply, depth, alpha, beta, run, &move, best > -INF && beta - alpha > 1,
                                &child_resolved);
        if (s->stopped) break;
        if (value > best) {
            best = value;
            best_move = move;
            if (ply < MAXPLY) set_pv(s, ply, &move);
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) {
                    /* A cut is proven by its move alone: the moves tried before it, below beta
                     * whatever their depth, take no part in it. */
                    resolved = child_resolved;
                    add_killer(s, ply, &move);
                    break;
                }
            }
        }
        resolved = resolved && child_resolved;
    }
    if (ply < MAXPLY) s->order_of[ply] = NULL;
    if (order != near_order) free(order);
    s->stack_top = base;
    if (s->stopped) { *resolved_out = 0; return 0; }
    int flag = best <= alpha_start ? UPPER : best >= beta ? LOWER : EXACT;
    store(s, ply, key, resolved ? RESOLVED : depth, flag, best, best_move.n >= 0 ? &best_move : NULL);
    *resolved_out = resolved;
    return best;
}

/* -- the answer ----------------------------------------------------------------------------- */

#define AGAIN_NODES 500000 /* the positions a search for a move of the line no longer in the table may use */

/* The move at ply (the board and racks as the line left them) when the table no longer holds it:
 * a later position wrote over its entry (another thread's, or this one's in a small table), and
 * the line would stop short of the end of the game. The position searched again to the end, the
 * table warm with the proofs of the positions after it, within AGAIN_NODES positions (a budget
 * already spent or not); whether found. */
static int searched_again(S *s, int ply, int run, Move *m) {
    if (ply >= MAXPLY) return 0;
    s->stopped = 0;
    s->split = NULL;
    s->budgeted = 1;
    s->in.max_nodes = s->nodes + AGAIN_NODES;
    s->deadline = now(s->in.cpu_clock) + 3600; /* the count of positions bounds it */
    int most = 2 * (s->rack_size[0] + s->rack_size[1]) + 2 * s->in.limit + 2;
    int resolved;
    negamax(s, ply, most, -INF, INF, run, &resolved);
    if (s->stopped || s->pv_len[ply] == 0) return 0;
    *m = s->pv[ply][0];
    return 1;
}

/* The line followed to the end of the game through the table's moves (searched again where a
 * proven line's are no longer there: an unproven one stops where the search stopped); written to
 * out. */
static void complete(S *s, const Move *line, int length, int start_run, int proven, EgOutput *out) {
    Move played[MAXLINE];
    size_t marks[MAXLINE];
    int count = 0, run = start_run, over = 0, player = 0;
    while (count < MAXLINE && !over) {
        Move m;
        if (count < length) m = line[count];
        else {
            Entry found;
            Entry *e = probe(s, position_key(s, player, run), &found);
            if ((!e || !entry_move(e, &m)) && !(proven && searched_again(s, count, run, &m))) break;
        }
        if (m.n > 0) {
            int score;
            if (!rescore(s, player, &m, &score)) break;
            m.score = (int16_t)score; /* a move from the table comes without it */
        }
        marks[count] = m.n > 0 ? lay(s, player, &m) : s->undo_top;
        played[count++] = m;
        if (m.n > 0 && s->rack_size[player] == 0) over = 1;
        else {
            run = m.n == 0 || (s->in.scoreless_counts && m.score == 0) ? run + 1 : 0;
            over = run >= s->in.limit;
            /* A pass answering a pass: the search counted the game blocked there, and passing
             * on to the end of the run is as good for both (passes_end). */
            if (!over && count >= 2 && m.n == 0 && played[count - 2].n == 0 && s->pass_answers_end) {
                Move pass;
                memset(&pass, 0, sizeof(pass));
                while (run < s->in.limit && count < MAXLINE) {
                    marks[count] = s->undo_top;
                    played[count++] = pass;
                    run++;
                }
                over = 1;
            }
        }
        player = 1 - player;
    }
    for (int i = count - 1; i >= 0; i--)
        if (played[i].n > 0) take_back(s, i & 1, &played[i], marks[i]);
    out->line_length = count;
    for (int i = 0; i < count; i++) {
        out->line_n[i] = played[i].n;
        memcpy(&out->line_square[i * MAXT], played[i].sq, MAXT);
        memcpy(&out->line_code[i * MAXT], played[i].code, MAXT);
    }
}

/* -- a search's state ---------------------------------------------------------------------- */

/* The state of a search of the request's position (its board, racks and their keys, the
 * cross-checks) with its own stacks and lines, the table not made yet; NULL if a rack is invalid
 * (*status -1) or the memory short (-2). The helper threads' are made so too (start_helpers). */
static S *new_state(const EgInput *in, int *status) {
    S *s = calloc(1, sizeof(S));
    *status = -2;
    if (!s) return NULL;
    set_size(s, in->size);
    for (int q = 0; q < s->area; q++) {
        s->board[q] = in->board[q];
        s->lm[q] = in->letter_mul[q];
        s->wm[q] = in->word_mul[q];
    }
    for (int t = 0; t < 27; t++) s->tv[t] = in->tile_value[t];
    for (int p = 0; p < 2; p++) {
        s->rack_size[p] = s->rack_value[p] = 0;
        for (int t = 0; t < 27; t++) {
            int count = in->racks[p * 27 + t];
            if (count < 0 || count >= MAXT) {
                free(s);
                *status = -1;
                return NULL;
            }
            s->rack[p][t] = count;
            s->rack_size[p] += count;
            s->rack_value[p] += count * s->tv[t];
        }
    }
    s->in = *in;
    int scoreless_tile = 0;
    for (int p = 0; p < 2; p++)
        for (int t = 0; t < 27; t++)
            if (s->rack[p][t] > 0 && s->tv[t] == 0) scoreless_tile = 1;
    s->pass_answers_end = !in->scoreless_counts || !scoreless_tile;
    uint64_t seed = 20231123;
    for (int q = 0; q < s->area; q++)
        for (int c = 0; c < 52; c++) s->z_sq[q][c] = splitmix(&seed);
    for (int p = 0; p < 2; p++)
        for (int r = 0; r < 2; r++)
            for (int t = 0; t < 27; t++)
                for (int k = 0; k < MAXT; k++) s->z_rack[p][r][t][k] = splitmix(&seed);
    for (int i = 0; i < 64; i++) s->z_run[i] = splitmix(&seed);
    for (int p = 0; p < 2; p++)
        for (int r = 0; r < 2; r++) s->rack_keys[p][r] = rack_key(s, p, r);
    s->board_key = 0;
    for (int q = 0; q < s->area; q++)
        if (s->board[q] >= 0) {
            s->board_key ^= s->z_sq[q][s->board[q]];
            count_near(s, q, 1);
        }
    for (int dir = 0; dir < 2; dir++)
        for (int q = 0; q < s->area; q++)
            if (s->board[q] < 0) cross(s, dir, q);
    int bits = in->table_bits_first;
    s->stack_cap = 1 << 16;
    s->stack = malloc(s->stack_cap * sizeof(Move));
    s->undo_cap = 1 << 12;
    s->undo = malloc(s->undo_cap * sizeof(Undo));
    s->line_bits = bits - 2;
    if (s->line_bits < LINE_BITS_LEAST) s->line_bits = LINE_BITS_LEAST;
    if (s->line_bits > LINE_BITS_MOST) s->line_bits = LINE_BITS_MOST;
    s->line_moves_count = (uint64_t)4 << s->line_bits;
    s->lines = calloc((size_t)1 << s->line_bits, sizeof(LineEntry));
    s->line_moves = malloc(s->line_moves_count * sizeof(Move));
    if (!s->stack || !s->undo || !s->lines || !s->line_moves) {
        free_state(s);
        return NULL;
    }
    for (int dir = 0; dir < 2; dir++)
        for (int q = 0; q < s->area; q++) s->z_part[dir][q] = splitmix(&seed);
    init_line_sums(s);
    *status = 0;
    return s;
}

static void free_state(S *s) {
    free(s->table_memory);
    free(s->stack);
    free(s->undo);
    free(s->lines);
    free(s->line_moves);
    free(s);
}

/* The depth of the round after one of depth turns: one more up to four, then the last (the
 * game's longest: every line to its end); past the last, none. */
static int next_round(int depth, int last) {
    if (depth >= last) return last + 1;
    return depth >= 4 ? last : depth + 1;
}

int eg_solve(const EgInput *in, EgOutput *out) {
    double start = now(in->cpu_clock);
    if (in->size < 2 || in->size > MAXN || in->limit < 1 || in->limit > 60) return -1;
    if (in->table_bits_first < 10 || in->table_bits_first > in->table_bits || in->table_bits > 26) return -1;
    if (in->threads < 1) return -1;
    int status;
    S *s = new_state(in, &status);
    if (!s) return status;
    int bits = in->table_bits_first;
    s->table = new_table(bits, &s->table_memory);
    if (!s->table) {
        free_state(s);
        return -2;
    }
    s->table_mask = ((uint64_t)1 << bits) - 1;
    s->grow_at = s->wake_at = in->table_bits > bits ? (int64_t)1 << bits : INT64_MAX;
    s->deadline = start + in->seconds;
    int run = in->start_run < in->limit ? in->start_run : in->limit;

    Move best_line[MAXPLY];
    int best_length = 0, best_value = 0, proven = 0, finished = 0;
    int most = 2 * (s->rack_size[0] + s->rack_size[1]) + 2 * s->in.limit + 2;
    int first = 1, last = most;
    if (in->max_depth > 0) first = last = in->max_depth;
    /* Threads for the round to the end, under a budget of time only: a budget of positions is
     * replayed by its count (the Master's games), which threads would make vary. */
    Split *split = in->threads > 1 && in->max_nodes < 0 ? new_split() : NULL;
    if (split) split->start_at = in->helpers_after >= 0 ? in->helpers_after : (int64_t)1 << bits;
    /* Rounds of 1, 2, 3 and 4 turns, then one to the end of the game. A round cut short of the
     * end weighs its last turns by the game counted blocked there, a guess: its cuts do not
     * hold a round deeper, and each of the rounds of 6, 8, 10… turns searched again much of
     * what the one before had. The round to the end weighs only ends of the game, and every
     * value it keeps in the table is proven: 153 endgames of 200 proven within 10 s against 143
     * with rounds of 6, 8… (benchmarks/bench_finale.py). The first four stay: a search stopped
     * early (the Master's budget of positions) answers from the deepest round finished, and
     * three turns choose better than two. */
    for (int depth = first; depth <= last; depth = next_round(depth, last)) {
        memset(s->killer_count, 0, sizeof(s->killer_count));
        memset(s->out_killer_count, 0, sizeof(s->out_killer_count));
        s->budgeted = in->max_depth <= 0 && depth > 1;
        /* Not in the rounds cut short: there the bounds, tighter or looser than the searched
         * values, change which moves the table keeps as best and the round to the end orders its
         * moves worse (one endgame searched 5.8 million positions instead of 1.9). */
        s->full_round = depth == last && in->max_nodes < 0;
        s->split = depth == last ? split : NULL;
        s->next_check = 0;
        int resolved;
        int value = negamax(s, 0, depth, -INF, INF, run, &resolved);
        if (s->stopped) break;
        best_value = value;
        best_length = s->pv_len[0];
        memcpy(best_line, s->pv[0], (size_t)best_length * sizeof(Move));
        finished = depth;
        if (resolved) { proven = 1; break; }
    }
    int failed = s->failed, lines_differ = s->lines_differ, answers_differ = s->answers_differ;
    if (!failed) complete(s, best_line, best_length, run, proven, out);
    out->value = best_value;
    out->proven = proven;
    out->depth = finished;
    out->nodes = s->nodes;
    out->answered = s->answered;
    out->answered_later = s->answered_later;
    out->table_bits = bit_length(s->table_mask);
    out->helpers = split ? split->most_running : 0;
    out->splits = split ? split->splits : 0;
    out->inner_splits = split ? split->inner_splits : 0;
    out->restarts = (int32_t)s->restarts;
    free_split(split);
    out->seconds = now(in->cpu_clock) - start;
    free_state(s);
    return lines_differ ? -3 : answers_differ ? -4 : failed ? -2 : 0;
}

/* -- a rack's best placements, for the Master's playouts ------------------------------------- */



/* The state a thread keeps from one request to the next (the search's state, its cross-check
 * cache warm): made by mg_new, given back by mg_free. */
typedef struct {
    S s;
    int64_t graph_id;
    int winner[MG_SUBSETS];
    int order[MG_SUBSETS], scratch[MG_SUBSETS];
} Mg;

void *mg_new(void) {
    Mg *g = calloc(1, sizeof(Mg));
    if (!g) return NULL;
    g->graph_id = -1;
    g->s.stack_cap = 1 << 12;
    g->s.stack = malloc(g->s.stack_cap * sizeof(Move));
    if (!g->s.stack) { free(g); return NULL; }
    return g;
}

void mg_free(void *state) {
    Mg *g = state;
    if (!g) return;
    free(g->s.stack);
    free(g);
}

/* The main word of placement m: its first square on the Python search's strip (a line of
 * size + 1 squares each, the across lines then the down ones) and its letters (a joker the move
 * lays: 26 + its letter), as the Python search writes a move. */
static int main_word(const S *s, const Move *m, int *start, uint8_t *letters) {
    int N = s->N, dir = m->line / MAXN;
    int step = dir == 0 ? 1 : N;
    int q = m->sq[0];
    int pos = dir == 0 ? q % N : q / N;
    while (pos > 0 && s->board[q - step] >= 0) { q -= step; pos--; }
    int r = q / N, c = q % N;
    *start = dir == 0 ? r * (N + 1) + c : N * (N + 1) + c * (N + 1) + r;
    int length = 0, k = 0;
    while (pos < N) {
        int cell = s->board[q];
        if (cell >= 0) letters[length++] = (uint8_t)letter_of(cell);
        else if (k < m->n && m->sq[k] == q) letters[length++] = m->code[k++];
        else break;
        q += step;
        pos++;
    }
    return length;
}

/* Whether a comes before b in the Python search's order: best score, then the main word's first
 * square, then its letters. */
static int comes_before(const S *s, const Move *a, const Move *b) {
    if (a->score != b->score) return a->score > b->score;
    uint8_t la[MAXN], lb[MAXN];
    int sa, sb;
    int na = main_word(s, a, &sa, la), nb = main_word(s, b, &sb, lb);
    if (sa != sb) return sa < sb;
    for (int i = 0; i < na && i < nb; i++)
        if (la[i] != lb[i]) return la[i] < lb[i];
    return na < nb;
}

/* Every placement of the rack (the request's first), and for each set of rack tiles a placement
 * may use, the first of them in the Python search's order (the best score): written to out in
 * that order, their count returned (-1: a bad request, -2: no memory). A leave's worth depends on
 * the tiles kept alone, so the best placement by score plus leave is among these. Of the request
 * it reads the board, the scoring, the word graph and its graph_id, and the first rack. */
int mg_best_by_tiles(void *state, const EgInput *in, MgMove *out, int cap) {
    Mg *g = state;
    if (!g || in->size < 2 || in->size > MAXN) return -1;
    S *s = &g->s;
    int subsets = 1, radix[27];
    for (int t = 0; t < 27; t++) {
        if (in->racks[t] < 0 || in->racks[t] >= MAXT) return -1;
        radix[t] = subsets;
        subsets *= in->racks[t] + 1;
        if (subsets > MG_SUBSETS) return -1;
    }
    if (g->graph_id != in->graph_id) {
        memset(s->xcache, 0, sizeof(s->xcache));
        g->graph_id = in->graph_id;
    }
    set_size(s, in->size);
    s->in.child_mask = in->child_mask;
    s->in.first_edge = in->first_edge;
    s->in.edges = in->edges;
    s->in.terminal = in->terminal;
    s->in.root = in->root;
    s->in.bingo_size = in->bingo_size;
    s->in.bingo_bonus = in->bingo_bonus;
    s->in.centre = in->centre;
    s->stop_on = s->stopped_gen = s->failed = 0;
    for (int t = 0; t < 27; t++) s->tv[t] = in->tile_value[t];
    s->rack_size[0] = 0;
    for (int t = 0; t < 27; t++) {
        s->rack[0][t] = in->racks[t];
        s->rack_size[0] += in->racks[t];
    }
    memset(s->near, 0, (size_t)s->area);
    for (int q = 0; q < s->area; q++) {
        s->board[q] = in->board[q];
        s->lm[q] = in->letter_mul[q];
        s->wm[q] = in->word_mul[q];
    }
    for (int q = 0; q < s->area; q++)
        if (s->board[q] >= 0) count_near(s, q, 1);
    for (int dir = 0; dir < 2; dir++)
        for (int q = 0; q < s->area; q++)
            if (s->board[q] < 0) cross(s, dir, q);
    s->stack_top = 0;
    if (s->rack_size[0]) generate(s, 0, NULL);
    if (s->failed) return -2;
    for (int k = 0; k < subsets; k++) g->winner[k] = -1;
    int found = 0;
    for (size_t j = 0; j < s->stack_top; j++) {
        const Move *m = &s->stack[j];
        int index = 0;
        for (int i = 0; i < m->n; i++) index += radix[tile_index(m->code[i])];
        int held = g->winner[index];
        if (held < 0) {
            g->order[found++] = index;
            g->winner[index] = (int)j;
        } else if (comes_before(s, m, &s->stack[held])) {
            g->winner[index] = (int)j;
        }
    }
    if (found > cap) return -1;
    /* The winners in order: a merge sort, bottom up (a rack of many tiles has thousands). */
    int *from = g->order, *to = g->scratch;
    for (int width = 1; width < found; width *= 2) {
        for (int low = 0; low < found; low += 2 * width) {
            int mid = low + width < found ? low + width : found;
            int high = low + 2 * width < found ? low + 2 * width : found;
            int a = low, b = mid, k = low;
            while (a < mid && b < high) {
                const Move *x = &s->stack[g->winner[from[a]]], *y = &s->stack[g->winner[from[b]]];
                to[k++] = comes_before(s, y, x) ? from[b++] : from[a++];
            }
            while (a < mid) to[k++] = from[a++];
            while (b < high) to[k++] = from[b++];
        }
        int *swap = from; from = to; to = swap;
    }
    for (int k = 0; k < found; k++) {
        const Move *m = &s->stack[g->winner[from[k]]];
        out[k].score = m->score;
        out[k].n = m->n;
        memcpy(out[k].sq, m->sq, (size_t)m->n);
        memcpy(out[k].code, m->code, (size_t)m->n);
    }
    return found;
}
