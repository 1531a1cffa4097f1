/* search.c: see search.h. */
#include "search.h"
#include "movegen.h"
#include "threads.h"
#include "ttable.h"

const Move PASS_MOVE = {0};

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* -- the search ----------------------------------------------------------------------------- */

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

void set_pv(S *s, int ply, const Move *m) {
    if (ply >= MAXPLY - 1) return;
    s->pv[ply][0] = *m;
    int length = s->pv_len[ply + 1];
    if (length > MAXPLY - ply - 1) length = MAXPLY - ply - 1;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)length * sizeof(Move));
    s->pv_len[ply] = length + 1;
}

int check_budget(S *s) {
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

int child_value(S *s, int ply, int depth, int alpha, int beta, int run, const Move *move, int pvs,
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

int answered_by_out(S *s, int ply, int run, const Move *m, int alpha, OutAnswer *answer, int *best,
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

#define EARLIER_TRIED 8 /* moves of the earlier list a node one turn from the limit weighs first */
#define SPLIT_PLY 3 /* the deepest node of the first line whose moves are shared (Split) */

int negamax(S *s, int ply, int depth, int alpha, int beta, int run, int *resolved_out) {
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

S *new_state(const EgInput *in, int *status) {
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

void free_state(S *s) {
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
