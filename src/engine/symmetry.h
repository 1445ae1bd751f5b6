/* The eight symmetries of the square acting on solutions; canonical forms. */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

/*
 * The dihedral group of the square.  Rotations turn the board clockwise as it
 * is drawn (rank 1 at the bottom, file a on the left).  flip-x mirrors the
 * files (a <-> h), flip-y mirrors the ranks (1 <-> 8), flip-diag mirrors in
 * the a1-h8 diagonal, flip-anti in the a8-h1 diagonal.
 */
enum sym {
	SYM_ID,
	SYM_ROT90,
	SYM_ROT180,
	SYM_ROT270,
	SYM_FLIP_X,
	SYM_FLIP_Y,
	SYM_FLIP_DIAG,
	SYM_FLIP_ANTI,
	SYM_COUNT
};

/* "id", "rot90", ..., "flip-anti". */
const char *sym_name(enum sym s);

/*
 * What a transform does, in plain words for the screens: "itself" (id),
 * "turned a quarter clockwise" (rot90), "turned half round", "turned a
 * quarter anticlockwise", "mirrored left to right" (flip-x), "mirrored top
 * to bottom", "mirrored in the rising diagonal" (a1-h8), "mirrored in the
 * falling diagonal" (a8-h1).
 */
const char *sym_words(enum sym s);

/* Parses a name as sym_name writes it; SYM_COUNT when it is none. */
enum sym sym_from_name(const char *name);

/* Moves the 0-based square (file, rank) of an n×n board. */
void sym_apply_square(enum sym s, int n, int *file, int *rank);

/*
 * Applies s to a position given as 0-based ranks by file with one queen on
 * every file (a solution), writing the image to out (not aliasing in).
 */
void sym_apply(enum sym s, int n, const int *in, int *out);

/* The transform that does a then b, and the one that undoes s. */
enum sym sym_compose(enum sym a, enum sym b);
enum sym sym_inverse(enum sym s);

/*
 * Finds the class representative of the solution p (its lexicographically
 * smallest image), writes it to canon, and the first transform in enum order
 * that maps the representative to p to *from_canon (either may be NULL).
 * Returns the orbit size: 8, 4, 2, or 1 (n = 1 only); 0, writing nothing,
 * for n outside 1 to ENUM_MAX_N, the boards whose solutions are listed.
 */
int sym_canonical(int n, const int *p, int *canon, enum sym *from_canon);

#endif
