/* movelist.c: see movelist.h. */
#include "movelist.h"
#include "movegen.h"

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
    free(g->words);
    free(g->keys);
    free(g->spare);
    free(g);
}

/* The request laid into g's state (board, rules, word graph, first rack): 0, or -1 a bad one. */
static int mg_load(Mg *g, const EgInput *in) {
    if (!g || in->size < 2 || in->size > MAXN) return -1;
    S *s = &g->s;
    for (int t = 0; t < 27; t++)
        if (in->racks[t] < 0 || in->racks[t] >= MAXT) return -1;
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
    if (s->rack_size[0] >= MAXT) return -1;
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
    return 0;
}

int mg_generate(Mg *g, const EgInput *in) {
    int status = mg_load(g, in);
    if (status != 0) return status;
    S *s = &g->s;
    if (s->rack_size[0]) generate(s, 0, NULL);
    return s->failed ? -2 : 0;
}

/* mg_generate's placements in an order of their own (a move list puts them in its order). */
static int mg_generate_unordered(Mg *g, const EgInput *in) {
    int status = mg_load(g, in);
    if (status != 0) return status;
    S *s = &g->s;
    if (s->rack_size[0]) generate_unordered(s, 0);
    return s->failed ? -2 : 0;
}

int main_word(const S *s, const Move *m, int *start, uint8_t *letters) {
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

/* The lowest score among the best placements on the stack and their ties (best of them at
 * least; all of them when there are no more), counted by score. */
static int best_floor(Mg *g, int best) {
    const S *s = &g->s;
    if (best <= 0 || s->stack_top <= (size_t)best) return INT32_MIN;
    int top = 0;
    for (size_t j = 0; j < s->stack_top; j++) {
        int score = s->stack[j].score < 0 ? 0 : s->stack[j].score;
        g->by_score[score]++;
        if (score > top) top = score;
    }
    int floor = top, seen = 0;
    for (; floor > 0; floor--) {
        seen += g->by_score[floor];
        if (seen >= best) break;
    }
    memset(g->by_score, 0, (size_t)(top + 1) * sizeof(g->by_score[0]));
    return floor;
}

/* -- the best placements first ---------------------------------------------------------------
 * Branch and bound, as the Python search's best_moves: the generation cut into pieces (a line
 * and the square a word starts on), each with an upper bound on what its placements could
 * score, generated highest bound first until the bound falls below the best-th score found.
 * A placement from a start laying k tiles covers the first k squares free of tiles from there
 * and the tiles between and after them: its score is M (the product of their word factors)
 * times the board tiles' points and the laid tiles' (each its value times its letter factor),
 * plus the cross-words (their board tiles' points and the laid tile's, times the square's word
 * factor), plus the bingo; each laid tile's value so counts lm * (M + wm where a cross-word
 * forms) times, and pairing the largest such counts with the rack's largest values bounds it.
 * With two jokers on the rack, a few pieces of the thousand hold the best: 15,000 placements
 * generated, a few hundred kept. */

typedef struct {
    int bound;
    int line; /* direction x MAXN + row or column */
    int start;
} Piece;

static int by_bound(const void *a, const void *b) {
    const Piece *x = a, *y = b;
    return (y->bound > x->bound) - (y->bound < x->bound);
}

/* The most a placement starting at square start of the loaded line could score (-1: none fits). */
static int piece_bound(const S *s, int start, int tiles, const int *values, uint32_t fits) {
    int N = s->N, mult = 1, board_points = 0, crossed = 0, k = 0, anchored = 0, most = -1;
    int lm[MAXT], cross_wm[MAXT];
    int i = start;
    for (;;) {
        for (; i < N && s->g_cell[i] >= 0; i++) board_points += s->g_cell[i] < BLANK ? s->tv[s->g_cell[i]] : 0;
        if (k > 0 && anchored) {
            int count[MAXT];
            for (int t = 0; t < k; t++) { /* each value's count, largest first (insertion) */
                int c = lm[t] * (mult + cross_wm[t]), j = t;
                for (; j > 0 && count[j - 1] < c; j--) count[j] = count[j - 1];
                count[j] = c;
            }
            int bound = mult * board_points + crossed + (k >= s->in.bingo_size ? s->in.bingo_bonus : 0);
            for (int t = 0; t < k; t++) bound += count[t] * values[t];
            if (bound > most) most = bound;
        }
        if (i == N || k == tiles || !(s->g_xm[i] & fits)) return most;
        int q = s->g_sq[i];
        mult *= s->wm[q];
        lm[k] = s->lm[q];
        cross_wm[k] = s->g_xs[i] >= 0 ? s->wm[q] : 0;
        if (s->g_xs[i] >= 0) crossed += s->g_xs[i] * s->wm[q];
        anchored |= s->g_anchor[i];
        k++;
        i++;
    }
}

/* A min-heap of the best scores found so far (heap[0] the lowest of them). */
static void heap_push(int32_t *heap, int *count, int cap, int score) {
    int i;
    if (*count < cap) { /* a new leaf: sift up */
        for (i = (*count)++; i > 0 && heap[(i - 1) / 2] > score; i = (i - 1) / 2) heap[i] = heap[(i - 1) / 2];
        heap[i] = score;
        return;
    }
    if (score <= heap[0]) return;
    for (i = 0;;) { /* the lowest replaced: sift down */
        int low = i, l = 2 * i + 1, r = l + 1;
        int at = score;
        if (l < cap && heap[l] < at) { low = l; at = heap[l]; }
        if (r < cap && heap[r] < at) low = r;
        if (low == i) break;
        heap[i] = heap[low];
        i = low;
    }
    heap[i] = score;
}

static int generate_best(Mg *g, int best) {
    S *s = &g->s;
    int N = s->N, tiles = s->rack_size[0];
    int empty_board = is_empty_board(s);
    uint32_t fits = begin_generation(s, 0);
    int values[MAXT], n = 0; /* the rack's values, largest first (a joker 0) */
    for (int t = 0; t < 27; t++)
        for (int c = 0; c < s->rack[0][t] && n < MAXT; c++) {
            int v = t < BLANK ? s->tv[t] : 0, j = n++;
            for (; j > 0 && values[j - 1] < v; j--) values[j] = values[j - 1];
            values[j] = v;
        }
    Piece pieces[2 * MAXN * MAXN];
    int count = 0;
    for (int dir = 0; dir < 2; dir++)
        for (int line = 0; line < N; line++) {
            if (!load_line(s, dir, line, empty_board)) continue;
            int need[MAXN];
            reach(s, fits, need);
            for (int start = 0; start < N; start++) {
                if ((start > 0 && s->g_cell[start - 1] >= 0) || need[start] > tiles) continue;
                int bound = piece_bound(s, start, tiles, values, fits);
                if (bound >= 0) pieces[count++] = (Piece){bound, dir * MAXN + line, start};
            }
        }
    qsort(pieces, (size_t)count, sizeof(Piece), by_bound);
    int found = 0, loaded = -1;
    for (int p = 0; p < count; p++) {
        if (found == best && pieces[p].bound < g->heap[0]) break; /* no placement left could enter */
        if (pieces[p].line != loaded) {
            loaded = pieces[p].line;
            load_line(s, loaded / MAXN, loaded % MAXN, empty_board);
        }
        size_t first = s->stack_top;
        generate_from(s, pieces[p].start);
        if (s->failed) return -2;
        for (size_t j = first; j < s->stack_top; j++) heap_push(g->heap, &found, best, s->stack[j].score);
    }
    return 0;
}

/* A laid tile as a number that orders as Python orders its PlacedTile (row, col, letter, is_blank):
 * square (row-major) first, then the letter, a joker after the same letter shown by a tile. */
static int tile_key(int square, int code) {
    return square * 52 + (code < BLANK ? code * 2 : (code - BLANK) * 2 + 1);
}

/* The order of a move list: best score first, then by the tiles laid, compared as tuples (a
 * shorter one first where it is the other's beginning); the first square of the main word last,
 * so that the order never depends on the sort's. */
static int in_list_order(const void *a, const void *b) {
    const MgWord *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    int common = x->tiles < y->tiles ? x->tiles : y->tiles;
    for (int k = 0; k < common; k++) {
        int p = tile_key(x->square[k], x->code[k]), q = tile_key(y->square[k], y->code[k]);
        if (p != q) return p < q ? -1 : 1;
    }
    if (x->tiles != y->tiles) return x->tiles < y->tiles ? -1 : 1;
    return (x->start > y->start) - (x->start < y->start);
}

/* A placement's sort key: its score, highest first, then its first three tiles by tile_key (one
 * more, so that no tile, for a shorter placement, comes first); 15 and 3 x 14 bits. Placements
 * of the same key are put in order by in_list_order. */
static uint64_t list_key(const Move *m) {
    uint64_t key = (uint64_t)(MG_SCORES - 1 - m->score);
    for (int k = 0; k < 3; k++) key = key << 14 | (k < m->n ? (uint64_t)tile_key(m->sq[k], m->code[k]) + 1 : 0);
    return key;
}

/* The keys sorted by key, a byte at a time from the lowest (every byte counted in one reading;
 * a byte all keys share is skipped), stable; spare as long: returns where the sorted keys are
 * (keys or spare). */
static MgKey *radix_sort(MgKey *keys, MgKey *spare, size_t count) {
    size_t at[8][256];
    memset(at, 0, sizeof(at));
    for (size_t j = 0; j < count; j++)
        for (int b = 0; b < 8; b++) at[b][keys[j].key >> (8 * b) & 255]++;
    for (int b = 0; b < 8 && count > 0; b++) {
        int shift = 8 * b;
        if (at[b][keys[0].key >> shift & 255] == count) continue;
        size_t sum = 0;
        for (int v = 0; v < 256; v++) {
            size_t c = at[b][v];
            at[b][v] = sum;
            sum += c;
        }
        for (size_t j = 0; j < count; j++) spare[at[b][keys[j].key >> shift & 255]++] = keys[j];
        MgKey *swap = keys;
        keys = spare;
        spare = swap;
    }
    return keys;
}

/* Placement m written as a record into w. */
static void write_word(const S *s, const Move *m, MgWord *w) {
    int start;
    w->score = m->score;
    w->length = main_word(s, m, &start, w->letters);
    w->start = start;
    w->tiles = m->n; /* laid along the line: in board order, down lines too (a square a row) */
    memcpy(w->square, m->sq, (size_t)m->n);
    memcpy(w->code, m->code, (size_t)m->n);
}

int mg_moves(void *state, const EgInput *in, int best, int ordered, const MgWord **out) {
    Mg *g = state;
    int status;
    if (best > 0 && best <= MG_HEAP) {
        status = mg_load(g, in);
        if (status == 0 && g->s.rack_size[0]) status = generate_best(g, best);
    } else {
        status = ordered ? mg_generate_unordered(g, in) : mg_generate(g, in);
    }
    if (status != 0) return status;
    const S *s = &g->s;
    int floor = best_floor(g, best);
    size_t kept = 0;
    for (size_t j = 0; j < s->stack_top; j++) kept += s->stack[j].score >= floor;
    if (kept > (size_t)INT32_MAX) return -2;
    if (kept > g->words_cap) {
        size_t cap = kept;
        MgWord *words = malloc(cap * sizeof(MgWord));
        MgKey *keys = malloc(cap * sizeof(MgKey)), *spare = malloc(cap * sizeof(MgKey));
        if (!words || !keys || !spare) {
            free(words);
            free(keys);
            free(spare);
            return -2;
        }
        free(g->words);
        free(g->keys);
        free(g->spare);
        g->words = words;
        g->keys = keys;
        g->spare = spare;
        g->words_cap = cap;
    }
    size_t k = 0;
    for (size_t j = 0; j < s->stack_top; j++) {
        if (s->stack[j].score < floor) continue;
        if (ordered) { /* the list's order: by their keys, then each run of one key by in_list_order */
            g->keys[k].key = list_key(&s->stack[j]);
            g->keys[k].index = (uint32_t)j;
        } else {
            write_word(s, &s->stack[j], &g->words[k]);
        }
        k++;
    }
    if (ordered) {
        const MgKey *keys = radix_sort(g->keys, g->spare, kept);
        for (size_t j = 0; j < kept;) {
            size_t end = j + 1;
            while (end < kept && keys[end].key == keys[j].key) end++;
            for (size_t i = j; i < end; i++) write_word(s, &s->stack[keys[i].index], &g->words[i]);
            /* in_list_order is a total order: the result never depends on the sort's */
            if (end - j > 1) qsort(&g->words[j], end - j, sizeof(MgWord), in_list_order);
            j = end;
        }
    }
    *out = g->words;
    return (int)kept;
}
