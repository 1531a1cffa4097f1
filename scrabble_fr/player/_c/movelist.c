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
    free(g);
}

int mg_generate(Mg *g, const EgInput *in) {
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
    if (s->rack_size[0]) generate(s, 0, NULL);
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

int mg_moves(void *state, const EgInput *in, int best, const MgWord **out) {
    Mg *g = state;
    int status = mg_generate(g, in);
    if (status != 0) return status;
    const S *s = &g->s;
    int floor = best_floor(g, best);
    size_t kept = 0;
    for (size_t j = 0; j < s->stack_top; j++) kept += s->stack[j].score >= floor;
    if (kept > (size_t)INT32_MAX) return -2;
    if (kept > g->words_cap) {
        MgWord *grown = realloc(g->words, kept * sizeof(MgWord));
        if (!grown) return -2;
        g->words = grown;
        g->words_cap = kept;
    }
    size_t k = 0;
    for (size_t j = 0; j < s->stack_top; j++) {
        const Move *m = &s->stack[j];
        if (m->score < floor) continue;
        MgWord *w = &g->words[k++];
        int start;
        w->score = m->score;
        w->length = main_word(s, m, &start, w->letters);
        w->start = start;
    }
    *out = g->words;
    return (int)kept;
}
