/* Move generation, line by line: from each square that may start a word within reach of an
 * anchor (an empty square beside a tile), the word graph is followed through the board's tiles
 * and the rack's, under the cross-checks (kept up to date as tiles are laid and taken back). A
 * position takes the moves of its player's list two turns up in the lines the two moves since
 * left alone, and generates the other lines only, unless the search met the line before with
 * the same rack (its tiles, cross-checks and anchors the same): each line's moves are kept from
 * the first time. The keys of positions and lines are kept move by move, and worked out for a
 * move not laid (key_after). A move kept from elsewhere is scored again on the board as it is
 * (rescore). */
#ifndef SCRABBLE_FR_MOVEGEN_H
#define SCRABBLE_FR_MOVEGEN_H

#include "state.h"

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

/* A placement's score, written once for the engine (extend, which sums it tile by tile as the
 * word graph is followed, and rescore, which sums it on the board as it is): a laid tile's points
 * (its value times the square's letter factor, a joker 0), what the cross-word through its
 * square adds (the cross-word's board tiles' points xs plus the tile's, times the square's word
 * factor; nothing where xs is -1, no cross-word), and the total: the main word's points times
 * its word factors, the cross-words, and the bingo for laying bingo_size tiles or more. The
 * conformance suite (tests/player/test_conformance.py) holds it to engine/scoring.py. */
static inline int tile_points(const S *s, int code, int q) { return code < BLANK ? s->tv[code] * s->lm[q] : 0; }

static inline int cross_points(const S *s, int xs, int points, int q) { return xs >= 0 ? (xs + points) * s->wm[q] : 0; }

static inline int placement_score(const S *s, int main_sum, int word_mul, int cross_total, int n) {
    return main_sum * word_mul + cross_total + (n >= s->in.bingo_size ? s->in.bingo_bonus : 0);
}

/* The board's size, and each square's row and column. */
void set_size(S *s, int size);

/* The cross-check of empty square q for moves in direction dir (0 across, 1 down): the letters
 * that make a word with the tiles in line with q the other way, and those tiles' points (-1:
 * no tile there, no cross-word). */
void cross(S *s, int dir, int q);

/* Lay a placement for player: the board, the rack, the keys, the cross-checks (undo marks where
 * the undo stack stood). */
size_t lay(S *s, int player, const Move *m);

void take_back(S *s, int player, const Move *m, size_t mark);

uint64_t rack_key(const S *s, int player, int role);

uint64_t position_key(const S *s, int me, int run);

/* The key of the position after move m of me's, without laying it (a pass: m->n == 0). */
uint64_t key_after(const S *s, int me, const Move *m, int run);

/* Every square's part and every line's sum and anchors, from the board as it is (the state is
 * calloc'd: each square's part and anchoring counted from none). */
void init_line_sums(S *s);

void count_near(S *s, int q, int step);

/* Whether the board is empty (its centre the one anchor). */
int is_empty_board(const S *s);

/* A generation for player's rack begins: the letters it holds (g_held), and those of its tiles
 * may go where (all with a joker), returned. */
uint32_t begin_generation(S *s, int player);

/* The line (direction dir, row or column line) into the generation's scratch (g_): its squares,
 * tiles, cross-checks and anchors; whether it has an anchor. */
int load_line(S *s, int dir, int line, int empty_board);

/* For each square of the loaded line, the empty squares a move starting there fills up to the
 * nearest anchor (INF: none within reach, or a square where none of the tiles that fits may go). */
void reach(const S *s, uint32_t fits, int *need);

/* The placements that start at square start of the loaded line, pushed on the move stack. */
void generate_from(S *s, int start);

/* Every placement of player's rack on the board in the lines dirty marks (all if NULL), pushed
 * on the move stack. A line met before with the same rack (line_key) gives the moves kept then:
 * most positions of a search meet a line another position had, moves elsewhere on the board
 * between them (nine lines in ten on the endgames of benchmarks/bench_finale.py). */
void generate(S *s, int player, const uint8_t *dirty);

/* Every placement of player's rack on the board, pushed on the move stack in an order of its own
 * (for callers that put them in order: fewer word graph steps than generate's). */
void generate_unordered(S *s, int player);

/* Every placement of player's rack at ply: the moves of the player's list two turns up in the
 * lines the two moves since left alone (a line whose squares, cross-checks and anchors are as
 * they were, its sum the same, gives the same moves, those the rack still holds), and the other
 * lines generated. A line's sum tells it exactly: of the lines around the two moves' tiles, one in
 * five is as it was (their squares' tiles or cross-checks unchanged). */
void generate_at(S *s, int ply, int player);

/* Whether placement m covers an anchor (an empty square beside a tile), as every move generated
 * here does: else it hangs in the air. */
int covers_anchor(const S *s, const Move *m);

/* Whether placement m is playable now by player (its squares empty, its tiles on the rack, its
 * words words), and its score now (tiles laid since it was generated may have changed it). */
int rescore(S *s, int player, const Move *m, int *score_out);

/* Whether placement m is playable now by player (rescore), its score and worth set to what they
 * are now (a move kept from another position, or from the table, which keeps neither). */
int rescore_move(S *s, int player, Move *m);

#endif
