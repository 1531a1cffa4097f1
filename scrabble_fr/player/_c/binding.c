/* The compiled engine as a CPython extension module, scrabble_fr.player._native, written against
 * the stable ABI (Python 3.11's limited API): one build serves every later Python (abi3).
 *
 * The request is given by keyword, each named as the field of EgInput it fills (the table
 * FIELDS below), so the Python side never mirrors the structure's layout: a misspelt or missing
 * name is a TypeError, an array too short a ValueError, never memory read out of bounds. The
 * searches run without the interpreter's lock (the buffers they read are held until they end).
 *
 *     solve(**request) -> (status, value, proven, depth, nodes, seconds, answered,
 *                          answered_later, table_bits, helpers, splits, inner_splits, restarts,
 *                          line: ((square, code) pairs a move))
 *     rack_state() -> a thread's state for best_by_tiles and moves
 *     moves(state, best, **request) -> [(score, start, end, letters: a tuple of codes)], every
 *                                      placement (best 0) or those of the best scores and ties
 *     bind_moves(Move, PlacedTile, MoveKind.PLACE) -> None, once before move_list
 *     move_list(state, laid, make, context[, best], **request) -> (found, moves): every
 *                                      placement (or the best, as moves()), as a Move, best score
 *                                      first, and found: their records, in one bytes object
 *     found_record(found, index) -> the index-th record of found, as moves() writes one
 *     found_records(found) -> [every record of found, as moves() writes them]
 *     best_by_tiles(state, subsets, **request) -> [(score, squares: bytes, codes: bytes)]
 */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include <stddef.h>
#include <string.h>

#include "engine.h"

typedef enum { INT32, INT64, DOUBLE, BUFFER } Kind;

typedef struct {
    const char *name;
    Kind kind;
    size_t offset;
    Py_ssize_t item; /* a buffer's item size, in bytes */
} Field;

#define FIELD(name, kind, item) {#name, kind, offsetof(EgInput, name), item}

static const Field FIELDS[] = {
    FIELD(size, INT32, 0),
    FIELD(board, BUFFER, 1),
    FIELD(letter_mul, BUFFER, 1),
    FIELD(word_mul, BUFFER, 1),
    FIELD(tile_value, BUFFER, 4),
    FIELD(racks, BUFFER, 4),
    FIELD(bingo_size, INT32, 0),
    FIELD(bingo_bonus, INT32, 0),
    FIELD(limit, INT32, 0),
    FIELD(scoreless_counts, INT32, 0),
    FIELD(pass_cost, INT32, 0),
    FIELD(start_run, INT32, 0),
    FIELD(centre, INT32, 0),
    FIELD(child_mask, BUFFER, 4),
    FIELD(first_edge, BUFFER, 4),
    FIELD(edges, BUFFER, 4),
    FIELD(terminal, BUFFER, 1),
    FIELD(root, INT32, 0),
    FIELD(seconds, DOUBLE, 0),
    FIELD(max_nodes, INT64, 0),
    FIELD(cpu_clock, INT32, 0),
    FIELD(table_bits, INT32, 0),
    FIELD(max_depth, INT32, 0),
    FIELD(graph_id, INT64, 0),
    FIELD(check_lines, INT32, 0),
    FIELD(check_answers, INT32, 0),
    FIELD(table_bits_first, INT32, 0),
    FIELD(threads, INT32, 0),
    FIELD(helpers_after, INT64, 0),
};

#define FIELD_COUNT ((int)(sizeof(FIELDS) / sizeof(FIELDS[0])))

/* The request read from the keywords into in; the buffers it points into are held in views
 * (released by release_request, also after a failure). The search for the playouts reads fewer
 * fields: those not given are zero. */
typedef struct {
    EgInput in;
    Py_buffer views[FIELD_COUNT];
    int held[FIELD_COUNT];
} Request;

static void release_request(Request *r) {
    for (int i = 0; i < FIELD_COUNT; i++)
        if (r->held[i]) PyBuffer_Release(&r->views[i]);
}

static Py_ssize_t buffer_length(const Request *r, const char *name) {
    for (int i = 0; i < FIELD_COUNT; i++)
        if (r->held[i] && strcmp(FIELDS[i].name, name) == 0) return r->views[i].len / FIELDS[i].item;
    return 0;
}

static int read_field(Request *r, int i, PyObject *value) {
    const Field *f = &FIELDS[i];
    char *at = (char *)&r->in + f->offset;
    switch (f->kind) {
    case INT32: {
        long v = PyLong_AsLong(value);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < INT32_MIN || v > INT32_MAX) {
            PyErr_Format(PyExc_OverflowError, "%s out of range", f->name);
            return -1;
        }
        *(int32_t *)at = (int32_t)v;
        return 0;
    }
    case INT64: {
        long long v = PyLong_AsLongLong(value);
        if (v == -1 && PyErr_Occurred()) return -1;
        *(int64_t *)at = (int64_t)v;
        return 0;
    }
    case DOUBLE: {
        double v = PyFloat_AsDouble(value);
        if (v == -1.0 && PyErr_Occurred()) return -1;
        *(double *)at = v;
        return 0;
    }
    case BUFFER:
        if (PyObject_GetBuffer(value, &r->views[i], PyBUF_SIMPLE) != 0) return -1;
        r->held[i] = 1;
        if (r->views[i].len % f->item != 0) {
            PyErr_Format(PyExc_ValueError, "%s: not a whole number of %zd-byte items", f->name, f->item);
            return -1;
        }
        *(const void **)at = r->views[i].buf;
        return 0;
    }
    return -1;
}

/* The arrays long enough for the board and the word graph they describe. */
static int check_lengths(const Request *r) {
    Py_ssize_t area = (Py_ssize_t)r->in.size * r->in.size;
    Py_ssize_t nodes = buffer_length(r, "terminal");
    struct {
        const char *name;
        Py_ssize_t least;
    } needs[] = {{"board", area},     {"letter_mul", area},  {"word_mul", area},   {"tile_value", 27},
                 {"racks", 54},       {"child_mask", nodes}, {"first_edge", nodes}, {"edges", 1},
                 {"terminal", 1}};
    if (r->in.size < 2 || r->in.size > MAXN) {
        PyErr_SetString(PyExc_ValueError, "size: a board of 2 to 16 squares a side");
        return -1;
    }
    for (size_t i = 0; i < sizeof(needs) / sizeof(needs[0]); i++) {
        if (buffer_length(r, needs[i].name) < needs[i].least) {
            PyErr_Format(PyExc_ValueError, "%s: shorter than the request needs", needs[i].name);
            return -1;
        }
    }
    if (r->in.root < 0 || r->in.root >= nodes) {
        PyErr_SetString(PyExc_ValueError, "root: not a node of the graph");
        return -1;
    }
    return 0;
}

/* The keywords read into r; -1 with an exception set (r released). */
static int read_request(PyObject *kwargs, Request *r) {
    memset(r, 0, sizeof(*r));
    Py_ssize_t given = kwargs ? PyDict_Size(kwargs) : 0, used = 0;
    for (int i = 0; i < FIELD_COUNT; i++) {
        PyObject *value = kwargs ? PyDict_GetItemString(kwargs, FIELDS[i].name) : NULL;
        if (!value) continue;
        used++;
        if (read_field(r, i, value) != 0) goto failed;
    }
    if (used != given) {
        PyErr_SetString(PyExc_TypeError, "an unknown keyword in the request");
        goto failed;
    }
    if (check_lengths(r) != 0) goto failed;
    return 0;
failed:
    release_request(r);
    return -1;
}

static PyObject *line_of(const EgOutput *out) {
    PyObject *line = PyTuple_New(out->line_length);
    if (!line) return NULL;
    for (int m = 0; m < out->line_length; m++) {
        int n = out->line_n[m];
        PyObject *tiles = PyTuple_New(n);
        if (!tiles) {
            Py_DECREF(line);
            return NULL;
        }
        PyTuple_SetItem(line, m, tiles);
        for (int t = 0; t < n; t++) {
            PyObject *tile = Py_BuildValue("(ii)", out->line_square[m * MAXT + t], out->line_code[m * MAXT + t]);
            if (!tile) {
                Py_DECREF(line);
                return NULL;
            }
            PyTuple_SetItem(tiles, t, tile);
        }
    }
    return line;
}

static PyObject *solve(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    if (PyTuple_Size(args) != 0) {
        PyErr_SetString(PyExc_TypeError, "solve() takes its request by keyword");
        return NULL;
    }
    Request request;
    if (read_request(kwargs, &request) != 0) return NULL;
    EgOutput *out = PyMem_Calloc(1, sizeof(EgOutput));
    if (!out) {
        release_request(&request);
        return PyErr_NoMemory();
    }
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = eg_solve(&request.in, out);
    Py_END_ALLOW_THREADS
    release_request(&request);
    PyObject *line = status == 0 ? line_of(out) : PyTuple_New(0);
    PyObject *answer = NULL;
    if (line)
        answer = Py_BuildValue("(iiiiLdLLiiiiiN)", status, out->value, out->proven, out->depth, (long long)out->nodes,
                               out->seconds, (long long)out->answered, (long long)out->answered_later,
                               out->table_bits, out->helpers, out->splits, out->inner_splits, out->restarts, line);
    PyMem_Free(out);
    return answer;
}

/* A thread's rack search: the engine's state, and room for its answer. */
typedef struct {
    void *state;
    MgMove *out;
} RackState;

static const char RACK_STATE[] = "scrabble_fr.player._native.RackState";

static void free_rack_state(PyObject *capsule) {
    RackState *r = PyCapsule_GetPointer(capsule, RACK_STATE);
    if (!r) return;
    mg_free(r->state);
    PyMem_Free(r->out);
    PyMem_Free(r);
}

static PyObject *rack_state(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    RackState *r = PyMem_Calloc(1, sizeof(RackState));
    if (r) {
        r->state = mg_new();
        r->out = PyMem_Malloc((size_t)MG_SUBSETS * sizeof(MgMove));
    }
    if (!r || !r->state || !r->out) {
        if (r) {
            mg_free(r->state);
            PyMem_Free(r->out);
            PyMem_Free(r);
        }
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(r, RACK_STATE, free_rack_state);
    if (!capsule) {
        mg_free(r->state);
        PyMem_Free(r->out);
        PyMem_Free(r);
    }
    return capsule;
}

/* A rack search's answer of ``found`` placements: -1 with the error a negative one means set. */
static int refused(int found) {
    if (found == -1) PyErr_SetString(PyExc_ValueError, "a rack of more than 15 tiles, or of more than 15 of one tile");
    else if (found < 0) PyErr_NoMemory();
    return found < 0 ? -1 : found;
}

/* The list for a rack search's ``found`` placements, or the error its negative answer means. */
static PyObject *placement_list(int found) {
    return refused(found) < 0 ? NULL : PyList_New(found);
}

/* The arguments (state, number) of a rack search, as format names them: the thread's state, or
 * NULL with an exception set. */
static RackState *state_and_number(PyObject *args, const char *format, int *value) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, format, &capsule, value)) return NULL;
    return PyCapsule_GetPointer(capsule, RACK_STATE);
}

static PyObject *best_by_tiles(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    int subsets;
    RackState *state = state_and_number(args, "Oi:best_by_tiles", &subsets);
    if (!state) return NULL;
    if (subsets < 1 || subsets > MG_SUBSETS) {
        PyErr_SetString(PyExc_ValueError, "a rack of more than 15 tiles");
        return NULL;
    }
    Request request;
    if (read_request(kwargs, &request) != 0) return NULL;
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = mg_best_by_tiles(state->state, &request.in, state->out, subsets);
    Py_END_ALLOW_THREADS
    release_request(&request);
    PyObject *placements = placement_list(found);
    if (!placements) return NULL;
    for (int i = 0; i < found; i++) {
        const MgMove *m = &state->out[i];
        PyObject *one = Py_BuildValue("(iy#y#)", m->score, (const char *)m->sq, (Py_ssize_t)m->n,
                                      (const char *)m->code, (Py_ssize_t)m->n);
        if (!one) {
            Py_DECREF(placements);
            return NULL;
        }
        PyList_SetItem(placements, i, one);
    }
    return placements;
}

/* The integers of the placements and moves made here (scores, strip squares, rows, columns, a
 * move's index in its list), each made once, when first needed: the interpreter keeps those up
 * to 256 only, and the strip squares of down words run to 480, a list's indices to its length (a
 * new object each time, for most of a list's thousands of moves). */
enum { NUMBERS = 1 << 16 };
static PyObject *numbers[NUMBERS];

static PyObject *number(long v) {
    if (v < 0 || v >= NUMBERS) return PyLong_FromLong(v);
    if (!numbers[v] && !(numbers[v] = PyLong_FromLong(v))) return NULL;
    Py_INCREF(numbers[v]);
    return numbers[v];
}

/* A placement as Python's generator writes one (movegen.py's Raw): (score, first strip square of
 * the main word, the square after it, its letters as a tuple of codes). */
static PyObject *raw_of(const MgWord *w) {
    PyObject *letters = PyTuple_New(w->length), *raw = NULL;
    if (!letters) return NULL;
    for (int i = 0; i < w->length; i++) {
        PyObject *code = number(w->letters[i]);
        if (!code) goto failed;
        PyTuple_SetItem(letters, i, code);
    }
    raw = PyTuple_New(4);
    if (!raw) goto failed;
    PyObject *items[3] = {number(w->score), number(w->start), number(w->start + w->length)};
    for (int i = 0; i < 3; i++) PyTuple_SetItem(raw, i, items[i]); /* a NULL one is seen below */
    PyTuple_SetItem(raw, 3, letters);
    if (!items[0] || !items[1] || !items[2]) {
        Py_DECREF(raw);
        return NULL;
    }
    return raw;
failed:
    Py_DECREF(letters);
    return NULL;
}

/* The placements of a request, searched without the interpreter's lock: their count (*words
 * the state's memory, until its next request), or -1 with an exception set. */
static int search_words(RackState *state, PyObject *kwargs, int best, int ordered, const MgWord **words) {
    Request request;
    if (read_request(kwargs, &request) != 0) return -1;
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = mg_moves(state->state, &request.in, best, ordered, words);
    Py_END_ALLOW_THREADS
    release_request(&request);
    return refused(found);
}

static PyObject *moves(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    int best;
    RackState *state = state_and_number(args, "Oi:moves", &best);
    if (!state) return NULL;
    const MgWord *words = NULL;
    int found = search_words(state, kwargs, best, 0, &words);
    if (found < 0) return NULL;
    PyObject *placements = PyList_New(found);
    if (!placements) return NULL;
    for (int i = 0; i < found; i++) {
        PyObject *one = raw_of(&words[i]);
        if (!one) {
            Py_DECREF(placements);
            return NULL;
        }
        PyList_SetItem(placements, i, one);
    }
    return placements;
}

/* -- the move lists' Move objects, built here -----------------------------------------------
 * A list holds thousands of moves, mostly read for their tiles and scores: each Move is made as
 * engine/move.py's Move.found_all makes one (allocated without its __init__, then its fields
 * written straight into its slots, past the frozen dataclass's __setattr__), its word and words
 * left for their first read (the _found_from slot: the maker and its context, one pair for the
 * list, the context holding the list's records; _found_source: the move's index in the list).
 * The PlacedTiles are shared, one per square and code, in the list the caller gives (movegen.py's
 * laid_tiles: the Python lists' tiles are the same objects). bind_moves gives the types once. */

enum { KIND, TILES, EXCHANGED, ROW, COL, ACROSS, SCORE, FOUND_FROM, FOUND_SOURCE, FIELD_NAMES };

static const char *const FIELD_NAME[FIELD_NAMES] = {"kind", "tiles", "exchanged", "row", "col",
                                                   "across", "score", "_found_from", "_found_source"};

static struct {
    PyObject *move_type, *tile_type, *place, *empty, *no_args;
    PyObject *names[FIELD_NAMES];
    PyObject *letters[26];
    newfunc new_object; /* object.__new__ */
    allocfunc alloc;    /* the Move type's own allocation, when its fields are slots */
    /* Where each field's slot lies in a Move (bytes from its start), found by bind_moves; none
     * (alloc NULL) when a field is not a slot there: then each is set by its name. */
    Py_ssize_t offset[FIELD_NAMES];
} bound;

/* Where move_type keeps each field, in bound.offset (bound.alloc NULL when not all in slots of
 * its own: a Move with an instance dictionary, say). Found by setting each field of a probe to an
 * object of its own (the field's name) and looking for that pointer in the probe's memory:
 * nothing of the interpreter's private layout is read, only the type's size. 0, or -1 with an
 * exception set. */
static int find_slots(PyObject *move_type) {
    bound.alloc = NULL;
    PyObject *size_object = PyObject_GetAttrString(move_type, "__basicsize__");
    if (!size_object) return -1;
    Py_ssize_t size = PyLong_AsSsize_t(size_object);
    Py_DECREF(size_object);
    if (size == -1 && PyErr_Occurred()) return -1;
    PyObject *probe = bound.new_object((PyTypeObject *)move_type, bound.no_args, NULL);
    if (!probe) return -1;
    int all = 1;
    for (int i = 0; i < FIELD_NAMES; i++)
        if (PyObject_GenericSetAttr(probe, bound.names[i], bound.names[i]) != 0) {
            Py_DECREF(probe);
            return -1;
        }
    for (int i = 0; i < FIELD_NAMES && all; i++) {
        bound.offset[i] = -1;
        for (Py_ssize_t at = (Py_ssize_t)sizeof(PyObject); at + (Py_ssize_t)sizeof(PyObject *) <= size;
             at += (Py_ssize_t)sizeof(PyObject *)) {
            PyObject *held;
            memcpy(&held, (const char *)probe + at, sizeof(held));
            if (held == bound.names[i]) bound.offset[i] = at;
        }
        all = bound.offset[i] >= 0;
    }
    Py_DECREF(probe);
    if (all) {
        void *slot = PyType_GetSlot((PyTypeObject *)move_type, Py_tp_alloc);
        if (!slot) return PyErr_Occurred() ? -1 : 0;
        memcpy(&bound.alloc, &slot, sizeof(slot));
    }
    return 0;
}

static PyObject *bind_moves(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *move_type, *tile_type, *place;
    if (!PyArg_ParseTuple(args, "O!O!O:bind_moves", &PyType_Type, &move_type, &PyType_Type, &tile_type, &place))
        return NULL;
    if (!bound.no_args) { /* the names and letters once: binding again only changes the types */
        bound.no_args = PyTuple_New(0);
        bound.empty = PyUnicode_FromStringAndSize("", 0);
        if (!bound.no_args || !bound.empty) return NULL;
        for (int i = 0; i < FIELD_NAMES; i++)
            if (!(bound.names[i] = PyUnicode_InternFromString(FIELD_NAME[i]))) return NULL;
        for (int i = 0; i < 26; i++)
            if (!(bound.letters[i] = PyUnicode_FromOrdinal('A' + i))) return NULL;
        /* A slot comes as a void pointer; copied, since ISO C casts no object pointer to a function's. */
        void *slot = PyType_GetSlot(&PyBaseObject_Type, Py_tp_new);
        if (!slot) return NULL;
        memcpy(&bound.new_object, &slot, sizeof(slot));
    }
    if (find_slots(move_type) != 0) return NULL;
    PyObject *before[3] = {bound.move_type, bound.tile_type, bound.place};
    Py_INCREF(move_type);
    Py_INCREF(tile_type);
    Py_INCREF(place);
    bound.move_type = move_type;
    bound.tile_type = tile_type;
    bound.place = place;
    for (int i = 0; i < 3; i++) Py_XDECREF(before[i]);
    Py_RETURN_NONE;
}

/* The tile of board square q and code (0-25 a letter, 26-51 a joker) from laid, made there the
 * first time (a borrowed reference, or NULL with an exception set). */
static PyObject *laid_tile(PyObject *laid, int size, int q, int code) {
    Py_ssize_t key = (Py_ssize_t)q * 52 + code;
    PyObject *tile = PyList_GetItem(laid, key);
    if (!tile || tile != Py_None) return tile;
    tile = PyObject_CallFunction(bound.tile_type, "iiOO", q / size, q % size, bound.letters[code % 26],
                                 code >= 26 ? Py_True : Py_False);
    if (!tile || PyList_SetItem(laid, key, tile) != 0) return NULL;
    return tile;
}

/* A list's objects kept out of the cyclic garbage collector's sight. They are made by the
 * thousand with the collector paused (player/movegen.py's collector_paused), and the first
 * collection after it (as soon as the list is returned) would walk every one of them, then again
 * in each older generation: for a list of a few hundred moves that cost more than the search;
 * the list of the moves too, which it would walk item by item. None of them can be part of a
 * cycle: a move's tiles are a tuple of shared PlacedTiles (tuples of numbers, a letter, a
 * flag); its _found_from (maker, context) holds nothing that holds a move (the context holds a
 * board, rules, a word graph and the list's records); the Move itself is frozen, its fields
 * numbers, strings and those tuples (its word and words, made later, strings and Words of the
 * same); the list holds moves alone, and only its MoveList holds it. */
static void out_of_collection(PyObject *object) {
    if (PyType_GetFlags(Py_TYPE(object)) & Py_TPFLAGS_HAVE_GC) PyObject_GC_UnTrack(object);
}

/* A new Move, its fields values (each a new reference, taken; NULL for one not made: then none is
 * set and the move is not made); a new reference, or NULL. */
static PyObject *new_move(PyObject *values[FIELD_NAMES]) {
    PyObject *move = NULL;
    for (int i = 0; i < FIELD_NAMES; i++)
        if (!values[i]) goto done;
    if (bound.alloc) { /* its slots, zeroed as allocated, take the references */
        move = bound.alloc((PyTypeObject *)bound.move_type, 0);
        if (!move) goto done;
        for (int i = 0; i < FIELD_NAMES; i++) {
            memcpy((char *)move + bound.offset[i], &values[i], sizeof(values[i]));
            values[i] = NULL;
        }
        return move;
    }
    /* object.__setattr__'s own path: the dataclass is frozen to its users, not to its maker. */
    move = bound.new_object((PyTypeObject *)bound.move_type, bound.no_args, NULL);
    for (int i = 0; move && i < FIELD_NAMES; i++)
        if (PyObject_GenericSetAttr(move, bound.names[i], values[i]) != 0) Py_CLEAR(move);
done:
    for (int i = 0; i < FIELD_NAMES; i++) Py_XDECREF(values[i]);
    return move;
}

static PyObject *new_reference(PyObject *object) {
    Py_INCREF(object);
    return object;
}

/* The Move of placement w on a board of size squares a side, the index-th of its list, made by
 * maker (make, context) (a new reference, or NULL). */
static PyObject *move_of(const MgWord *w, int size, PyObject *laid, PyObject *maker, int index) {
    PyObject *tiles = PyTuple_New(w->tiles), *values[FIELD_NAMES];
    if (!tiles) return NULL;
    for (int k = 0; k < w->tiles; k++) {
        PyObject *tile = laid_tile(laid, size, w->square[k], w->code[k]);
        if (!tile) {
            Py_DECREF(tiles);
            return NULL;
        }
        PyTuple_SetItem(tiles, k, new_reference(tile));
    }
    out_of_collection(tiles);
    int width = size + 1, half = size * width, across = w->start < half;
    int at = across ? w->start : w->start - half;
    values[KIND] = new_reference(bound.place);
    values[TILES] = tiles;
    values[EXCHANGED] = new_reference(bound.empty);
    values[ROW] = number(across ? at / width : at % width);
    values[COL] = number(across ? at % width : at / width);
    values[ACROSS] = new_reference(across ? Py_True : Py_False);
    values[SCORE] = number(w->score);
    values[FOUND_FROM] = new_reference(maker);
    values[FOUND_SOURCE] = number(index);
    PyObject *move = new_move(values);
    if (move) out_of_collection(move);
    return move;
}

/* move_list(state, laid, make, context[, best], **request) -> (found, moves): every placement
 * (best 0, the default), or those of the best highest scores and their ties, as Move objects in
 * the order of a move list, each's _found_from (make, context) and _found_source (its index in
 * the list); and their
 * records, as moves() writes them, in one bytes object that found_record reads (a record made
 * only when asked for: the moves' words, a list's records). */
static PyObject *move_list(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    PyObject *capsule, *laid, *make, *context;
    int best = 0;
    if (!PyArg_ParseTuple(args, "OO!OO|i:move_list", &capsule, &PyList_Type, &laid, &make, &context, &best))
        return NULL;
    if (!bound.move_type) {
        PyErr_SetString(PyExc_RuntimeError, "move_list() before bind_moves()");
        return NULL;
    }
    RackState *state = PyCapsule_GetPointer(capsule, RACK_STATE);
    if (!state) return NULL;
    PyObject *size_given = kwargs ? PyDict_GetItemString(kwargs, "size") : NULL;
    long size = size_given ? PyLong_AsLong(size_given) : 0;
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (PyList_Size(laid) != size * size * 52) {
        PyErr_SetString(PyExc_ValueError, "laid: not a tile for each square and code of the board");
        return NULL;
    }
    const MgWord *words = NULL;
    int found = search_words(state, kwargs, best, 1, &words);
    if (found < 0) return NULL;
    PyObject *records = PyBytes_FromStringAndSize((const char *)words, (Py_ssize_t)found * (Py_ssize_t)sizeof(MgWord));
    PyObject *built = PyList_New(found), *maker = PyTuple_Pack(2, make, context);
    if (!records || !built || !maker) goto failed;
    for (int i = 0; i < found; i++) {
        PyObject *move = move_of(&words[i], (int)size, laid, maker, i);
        if (!move) goto failed;
        PyList_SetItem(built, i, move);
    }
    Py_DECREF(maker);
    out_of_collection(built); /* its moves' list too: held by the MoveList alone, never changed */
    return Py_BuildValue("(NN)", records, built);
failed:
    Py_XDECREF(records);
    Py_XDECREF(built);
    Py_XDECREF(maker);
    return NULL;
}

/* The records of move_list's found: its placements, to be copied out one at a time (NULL with an
 * exception set: not such). */
static const void *found_words(PyObject *found, Py_ssize_t *count) {
    char *bytes;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(found, &bytes, &length) != 0) return NULL;
    if (length % (Py_ssize_t)sizeof(MgWord) != 0) {
        PyErr_SetString(PyExc_ValueError, "found: not the records of a move list");
        return NULL;
    }
    *count = length / (Py_ssize_t)sizeof(MgWord);
    return bytes;
}

/* The index-th record of found's words, as moves() writes one (a new reference, or NULL): copied
 * out, since a bytes object's data is not promised the alignment of the structure, and checked,
 * since the bytes come from the caller (a word longer than a line is read out of the record). */
static PyObject *record_at(const void *words, Py_ssize_t index) {
    MgWord word;
    memcpy(&word, (const char *)words + index * (Py_ssize_t)sizeof(MgWord), sizeof(MgWord));
    if (word.length < 0 || word.length > MAXN) {
        PyErr_SetString(PyExc_ValueError, "found: not the records of a move list");
        return NULL;
    }
    return raw_of(&word);
}

static PyObject *found_record(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *found;
    Py_ssize_t index, count;
    if (!PyArg_ParseTuple(args, "O!n:found_record", &PyBytes_Type, &found, &index)) return NULL;
    const void *words = found_words(found, &count);
    if (!words) return NULL;
    if (index < 0 || index >= count) {
        PyErr_SetString(PyExc_IndexError, "record index out of range");
        return NULL;
    }
    return record_at(words, index);
}

static PyObject *found_records(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *found;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "O!:found_records", &PyBytes_Type, &found)) return NULL;
    const void *words = found_words(found, &count);
    if (!words) return NULL;
    PyObject *records = PyList_New(count);
    if (!records) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *record = record_at(words, i);
        if (!record) {
            Py_DECREF(records);
            return NULL;
        }
        PyList_SetItem(records, i, record);
    }
    return records;
}

static PyMethodDef METHODS[] = {
    {"solve", (PyCFunction)(void (*)(void))solve, METH_VARARGS | METH_KEYWORDS, "The endgame search of a request."},
    {"rack_state", rack_state, METH_NOARGS, "A thread's state for best_by_tiles and moves."},
    {"best_by_tiles", (PyCFunction)(void (*)(void))best_by_tiles, METH_VARARGS | METH_KEYWORDS,
     "For each set of a rack's tiles, its best placement on a board."},
    {"moves", (PyCFunction)(void (*)(void))moves, METH_VARARGS | METH_KEYWORDS,
     "Every placement of a rack on a board, or those of the best scores."},
    {"bind_moves", bind_moves, METH_VARARGS, "The Move and PlacedTile types and MoveKind.PLACE, for move_list."},
    {"move_list", (PyCFunction)(void (*)(void))move_list, METH_VARARGS | METH_KEYWORDS,
     "Every placement of a rack on a board, as Move objects in a move list's order, and their records."},
    {"found_record", found_record, METH_VARARGS, "A record of a move list's found records."},
    {"found_records", found_records, METH_VARARGS, "Every record of a move list's found records."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_native", "The compiled engine: the endgame search, the move lists and the playouts' rack search.",
    -1, METHODS, NULL, NULL, NULL, NULL,
};

/* The version of the calls above as the Python side makes them (player/generator.py's INTERFACE):
 * one more at each change to what a call takes or gives, so that an extension built from older
 * sources is not used. */
#define INTERFACE 2

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *module = PyModule_Create(&MODULE);
    if (module && PyModule_AddIntConstant(module, "INTERFACE", INTERFACE) != 0) Py_CLEAR(module);
    return module;
}
