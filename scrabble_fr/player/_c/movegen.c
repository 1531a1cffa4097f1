/* movegen.c: see movegen.h. */
#include "movegen.h"

void set_size(S *s, int size) {
    s->N = size;
    s->area = size * size;
    for (int q = 0; q < s->area; q++) {
        s->row_of[q] = (uint8_t)(q / size);
        s->col_of[q] = (uint8_t)(q % size);
    }
}

void cross(S *s, int dir, int q) {
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

static inline uint64_t rack_tile_key(const S *s, int player, int role, int tile, int copy) {
    return s->z_rack[player][role][tile][copy];
}

size_t lay(S *s, int player, const Move *m) {
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

void take_back(S *s, int player, const Move *m, size_t mark) {
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

uint64_t rack_key(const S *s, int player, int role) {
    uint64_t key = 0;
    for (int t = 0; t < 27; t++)
        for (int k = 0; k < s->rack[player][t] && k < MAXT; k++) key ^= rack_tile_key(s, player, role, t, k);
    return key;
}

uint64_t position_key(const S *s, int me, int run) {
    return s->board_key ^ s->rack_keys[me][0] ^ s->rack_keys[1 - me][1] ^ s->z_run[run];
}

uint64_t key_after(const S *s, int me, const Move *m, int run) {
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

void init_line_sums(S *s) {
    for (int q = 0; q < s->area; q++) retouch(s, q);
}

static inline void near_step(S *s, int q, int step) {
    s->near[q] += step;
    /* an empty square becomes an anchor, or no longer is one */
    if (s->lines && s->board[q] < 0 && s->near[q] == (step > 0)) retouch(s, q);
}

void count_near(S *s, int q, int step) {
    int N = s->N, r = s->row_of[q], c = s->col_of[q];
    if (r > 0) near_step(s, q - N, step);
    if (r < N - 1) near_step(s, q + N, step);
    if (c > 0) near_step(s, q - 1, step);
    if (c < N - 1) near_step(s, q + 1, step);
}

/* Whether the generation stops on move m of player's (see stop_on). */
static inline int ends_at_beta(const S *s, int player, const Move *m) {
    int ends;
    int value = frontier_value(s, player, m, s->stop_scoreless_end, &ends);
    return ends && value >= s->stop_beta;
}

/* The letters of allowed that player's rack can lay (every one with a joker). */
static inline uint32_t layable(const S *s, int player, uint32_t allowed) {
    return s->rack[player][BLANK] ? allowed : allowed & s->g_held;
}

/* A tile of player's rack (a letter's own, or a joker, laid as letter) taken for a placement, and
 * given back; g_held follows. */
static inline void take_tile(S *s, int player, int tile, int letter) {
    if (!--s->rack[player][tile] && tile != BLANK) s->g_held &= ~(1u << letter);
}

static inline void give_tile(S *s, int player, int tile, int letter) {
    if (!s->rack[player][tile]++ && tile != BLANK) s->g_held |= 1u << letter;
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
            int score = placement_score(s, main_sum, word_mul, cross_total, n);
            m->n = (int8_t)n;
            m->line = (uint8_t)(s->gen_dir * MAXN + s->gen_line);
            m->score = (int16_t)score;
            m->worth = (int16_t)(score + tile_sum);
            /* whole (the squares past n unread): a copy of constant size, made in place */
            memcpy(m->sq, s->g_placed_sq, MAXT);
            memcpy(m->code, s->g_placed_code, MAXT);
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
    uint32_t allowed = layable(s, player, s->in.child_mask[node] & s->g_xm[i]);
    int q = s->g_sq[i];
    int wm = s->wm[q];
    int xs = s->g_xs[i];
    int now_anchored = anchored || s->g_anchor[i];
    while (allowed) {
        int letter = lowest_bit(allowed);
        allowed &= allowed - 1;
        int child = child_of(s, node, letter);
        for (int as_blank = 0; as_blank < 2; as_blank++) {
            int tile = as_blank ? BLANK : letter;
            if (!s->rack[player][tile]) continue;
            int code = as_blank ? BLANK + letter : letter;
            int points = tile_points(s, code, q);
            take_tile(s, player, tile, letter);
            s->g_placed_sq[n] = (uint8_t)q;
            s->g_placed_code[n] = (uint8_t)code;
            extend(s, i + 1, child, n + 1, now_anchored, main_sum + points, word_mul * wm,
                   cross_total + cross_points(s, xs, points, q), tile_sum + (as_blank ? 0 : s->tv[letter]));
            give_tile(s, player, tile, letter);
            if (s->stopped_gen) return;
        }
    }
}

int load_line(S *s, int dir, int line, int empty_board) {
    int N = s->N, any_anchor = 0;
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
    return any_anchor;
}

void reach(const S *s, uint32_t fits, int *need) {
    int ahead = INF;
    for (int i = s->N - 1; i >= 0; i--) {
        if (s->g_cell[i] < 0) {
            if (!(s->g_xm[i] & fits)) ahead = INF;
            else if (s->g_anchor[i]) ahead = 1;
            else if (ahead < INF) ahead++;
        }
        need[i] = ahead;
    }
}

void generate_from(S *s, int start) { extend(s, start, s->in.root, 0, 0, 0, 1, 0, 0); }

/* The placements of the player's rack in a line (direction dir, row or column line), pushed on
 * the move stack: the line's squares into the generation's scratch (load_line), then the word
 * graph followed from each square that may start a word within reach of an anchor (reach). */
static void generate_line(S *s, int player, uint32_t fits, int dir, int line, int empty_board) {
    int N = s->N, tiles = s->rack_size[player];
    if (!load_line(s, dir, line, empty_board)) return;
    int need[MAXN];
    reach(s, fits, need);
    for (int start = 0; start < N; start++) {
        if (start > 0 && s->g_cell[start - 1] >= 0) continue;
        if (need[start] > tiles) continue; /* no anchor within reach */
        generate_from(s, start);
        if (s->failed || s->stopped_gen) return;
    }
}

/* The left parts before anchor a of the loaded line: every word graph path of at most limit
 * of the rack's tiles from node (depth tiles laid so far, their codes in codes), laid on the
 * squares just before a (empty squares beside no tile: no cross-word, every letter fits), then
 * followed through a by extend. One walk for every length: a start square's placements are
 * those that begin with a path of its distance to a. */
static void left_parts(S *s, int a, int node, int depth, int limit, uint8_t *codes) {
    int player = s->gen_player;
    int main_sum = 0, word_mul = 1, cross_total = 0, tile_sum = 0;
    /* through a, when a letter the rack can lay there follows the path (else extend finds none) */
    int through = depth < s->rack_size[player] && layable(s, player, s->in.child_mask[node] & s->g_xm[a]);
    for (int j = 0; through && j < depth; j++) {
        int i = a - depth + j, q = s->g_sq[i], code = codes[j];
        int points = tile_points(s, code, q);
        main_sum += points;
        word_mul *= s->wm[q];
        cross_total += cross_points(s, s->g_xs[i], points, q);
        tile_sum += code < BLANK ? s->tv[code] : 0;
        s->g_placed_sq[j] = (uint8_t)q;
        s->g_placed_code[j] = (uint8_t)code;
    }
    if (through) extend(s, a, node, depth, 0, main_sum, word_mul, cross_total, tile_sum);
    if (depth == limit || s->failed) return;
    for (uint32_t letters = layable(s, player, s->in.child_mask[node]); letters; letters &= letters - 1) {
        int letter = lowest_bit(letters), child = child_of(s, node, letter);
        const int tiles[2] = {letter, BLANK}; /* its own tile, then a joker */
        for (int k = 0; k < 2 && !s->failed; k++) {
            if (!s->rack[player][tiles[k]]) continue;
            take_tile(s, player, tiles[k], letter);
            codes[depth] = (uint8_t)(k ? BLANK + letter : letter);
            left_parts(s, a, child, depth + 1, limit, codes);
            give_tile(s, player, tiles[k], letter);
        }
    }
}

/* generate_line's placements in another order: those that start on a tile as there, the others
 * from the anchor they reach first, their left parts walked once for every start square. */
static void generate_line_by_anchor(S *s, int player, uint32_t fits, int dir, int line, int empty_board) {
    int N = s->N, tiles = s->rack_size[player];
    if (!load_line(s, dir, line, empty_board)) return;
    int need[MAXN];
    reach(s, fits, need);
    uint8_t codes[MAXT];
    for (int i = 0; i < N; i++) {
        if (i > 0 && s->g_cell[i - 1] >= 0) continue;
        if (s->g_cell[i] >= 0) {
            if (need[i] <= tiles) generate_from(s, i);
        } else if (s->g_anchor[i] && need[i] <= tiles) {
            int limit = 0; /* the empty squares beside no tile just before the anchor */
            while (limit < tiles - 1 && i - limit - 1 >= 0 && s->g_cell[i - limit - 1] < 0 &&
                   !s->g_anchor[i - limit - 1])
                limit++;
            left_parts(s, i, s->in.root, 0, limit, codes);
        }
        if (s->failed) return;
    }
}

void generate_unordered(S *s, int player) {
    int N = s->N;
    int empty_board = is_empty_board(s);
    uint32_t fits = begin_generation(s, player);
    for (int l = 0; l < 2 * N && !s->failed; l++) {
        int dir = l >= N;
        generate_line_by_anchor(s, player, fits, dir, l - dir * N, empty_board);
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

static int board_empty(const S *s) {
    for (int q = 0; q < s->area; q++)
        if (s->board[q] >= 0) return 0;
    return 1;
}

int is_empty_board(const S *s) {
    /* The centre the one anchor of an empty board only: a board whose centre is empty but which
     * has tiles (a position set up so) anchors beside them, as in Python. */
    return s->board[s->in.centre] < 0 && board_empty(s);
}

uint32_t begin_generation(S *s, int player) {
    const int *rack = s->rack[player];
    s->gen_player = player;
    s->g_held = 0;
    for (int t = 0; t < 26; t++)
        if (rack[t]) s->g_held |= 1u << t;
    return rack[BLANK] ? ALL26 : s->g_held;
}

void generate(S *s, int player, const uint8_t *dirty) {
    int N = s->N;
    int empty_board = is_empty_board(s);
    uint32_t fits = begin_generation(s, player);
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

void generate_at(S *s, int ply, int player) {
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

int covers_anchor(const S *s, const Move *m) {
    for (int i = 0; i < m->n; i++)
        if (is_anchor(s, m->sq[i])) return 1;
    return 0;
}

int rescore(S *s, int player, const Move *m, int *score_out) {
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
        int code = s->board[q];
        if (code >= 0) {
            main_sum += code < BLANK ? s->tv[code] : 0; /* a board tile: no premium */
        } else {
            /* one of the move's squares (the span between its tiles is all filled) */
            int i = 0;
            while (i < m->n && m->sq[i] != q) i++;
            if (i == m->n) return 0;
            code = m->code[i];
            int letter = letter_of(code);
            if (!(s->xmask[dir][q] >> letter & 1)) return 0;
            int points = tile_points(s, code, q);
            main_sum += points;
            word_mul *= s->wm[q];
            cross_total += cross_points(s, s->xscore[dir][q], points, q);
            k++;
        }
        node = child_of(s, node, letter_of(code));
        if (node < 0) return 0;
    }
    if (k != m->n || !s->in.terminal[node]) return 0;
    *score_out = placement_score(s, main_sum, word_mul, cross_total, m->n);
    return 1;
}

int rescore_move(S *s, int player, Move *m) {
    int score;
    if (!rescore(s, player, m, &score)) return 0;
    int tiles = 0;
    for (int i = 0; i < m->n; i++)
        if (m->code[i] < BLANK) tiles += s->tv[m->code[i]];
    m->score = (int16_t)score;
    m->worth = (int16_t)(score + tiles);
    return 1;
}
