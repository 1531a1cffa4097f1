/* The same move generation serves the Master's playouts (mg_best_by_tiles): a rack on a board,
 * and for each set of the rack's tiles the best placement using them, in the Python search's
 * order; the best by score plus the worth of the tiles kept is among them. */
#ifndef SCRABBLE_FR_PLAYOUTS_H
#define SCRABBLE_FR_PLAYOUTS_H

#include "movelist.h"

#endif
