/* threads.c: see threads.h. */
#include "threads.h"
#include "movegen.h"
#include "search.h"
#include "ttable.h"

static inline void split_lock(Split *r) { mutex_lock(&r->lock); }

static inline void split_unlock(Split *r) { mutex_unlock(&r->lock); }

Split *new_split(void) {
    Split *r = calloc(1, sizeof(Split));
    if (r && mutex_init(&r->lock) != 0) {
        free(r);
        return NULL;
    }
    return r;
}

void free_split(Split *r) {
    if (!r) return;
    free_split(r->inner);
    mutex_destroy(&r->lock);
    free(r);
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

void take_shared(S *s, Split *r) {
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

void start_helpers(S *s) {
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

void wake(S *s) {
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

void share_moves(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
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

int share_inner(S *s, Split *r, int ply, const Order *order, size_t ordered, size_t base, size_t count,
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
