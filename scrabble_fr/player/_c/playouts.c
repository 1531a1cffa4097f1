/* playouts.c: see playouts.h. */
#include "playouts.h"

/* -- a rack's best placements, for the Master's playouts ------------------------------------- */

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
    int status = mg_generate(g, in);
    if (status != 0) return status;
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
