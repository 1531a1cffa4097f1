/* ttable.c: see ttable.h. */
#include "ttable.h"

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

Entry *probe(S *s, uint64_t key, Entry *found) {
    Slot *bucket = &s->table[(key & s->table_mask) * 2];
    for (int slot = 0; slot < 2; slot++)
        if (load_entry(&bucket[slot], found) && found->key == key) return found;
    return NULL;
}

int entry_move(const Entry *e, Move *m) {
    if (e->n < 0) return 0;
    memset(m, 0, sizeof(*m));
    m->n = e->n;
    memcpy(m->sq, e->sq, (size_t)e->n);
    memcpy(m->code, e->code, (size_t)e->n);
    return 1;
}

int table_answers(S *s, const Entry *entry, int ply, int depth, int alpha, int beta, int *value,
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

void store(S *s, int ply, uint64_t key, int depth, int flag, int value, const Move *move) {
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

Slot *new_table(int bits, void **memory) {
    *memory = calloc(((size_t)1 << bits) * 2 * sizeof(Slot) + 64, 1);
    return *memory ? (Slot *)(((uintptr_t)*memory + 63) & ~(uintptr_t)63) : NULL;
}

void grow_table(S *s) {
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
