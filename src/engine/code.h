/* The search in real code: the listings of data/code/, their lit lines and variables. */
#ifndef NQ_CODE_H
#define NQ_CODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/search.h"

/* The languages of the listings. */
enum code_lang { CODE_PYTHON, CODE_C, CODE_JAVA, CODE_LANG_COUNT };

/* The largest board whose variables code_vars gives: the tree searches' largest. */
#define CODE_MAX_N 20

/* "python", "c", "java". */
const char *code_lang_name(enum code_lang l);

/* Parses a name as code_lang_name writes it; CODE_LANG_COUNT when none. */
enum code_lang code_lang_from_name(const char *name);

/* Whether data/code/ has listings of algorithm a (the tree searches). */
bool code_has(enum search_algo a);

/*
 * The listing's path under the data directory ("code/backtrack.py",
 * "code/Backtrack.java"), into buf; buf.
 */
const char *code_file(enum search_algo a, enum code_lang l, char *buf, size_t len);

/*
 * The names a listing gives its variables, so that a panel shows the names
 * of the listing on screen; NULL where the listing has no such variable.
 */
struct code_names {
	const char *call;  /* the recursive function: "solve" */
	const char *x;     /* the ranks by file (0-based); scan keeps its board instead */
	const char *board; /* scan: board[file][rank], true for a queen */
	const char
	        *taken[3];    /* the ranks taken, the rising diagonals (by file - rank + n
	                         - 1), the falling ones (by file + rank); bits: its masks */
	const char *file;     /* a call's file, from 0 */
	const char *rank;     /* its loop's rank, from 0 (not in bits) */
	const char *index[2]; /* the locals indexing taken[1] and taken[2] */
	const char *free;     /* bits: the free ranks left to pick */
	const char *bit;      /* bits: the pick */
	const char *count;    /* the solutions found */
};

/* One listing, its lines and the line each event lights, resolved from its text. */
struct code_listing;

/*
 * Reads the listing of algorithm a in language l from text, finding by
 * their text the line each event lights and the names of the variables
 * (path only names the file in messages).  NULL with one line in err
 * ("PATH: no line holds 'x[file] = rank', which a placement lights", or
 * "PATH:LINE: ...") when a line is missing or ambiguous, a name is not in
 * it, or memory is short.
 */
struct code_listing *code_parse(const char *text, const char *path, enum search_algo a,
                                enum code_lang l, char *err, size_t errlen);

/* The same, from the file at path. */
struct code_listing *code_load(const char *path, enum search_algo a, enum code_lang l,
                               char *err, size_t errlen);
void code_free(struct code_listing *c);

enum search_algo code_algo(const struct code_listing *c);
enum code_lang code_lang(const struct code_listing *c);

/* Its number of lines, and line i (from 1) without its newline ("" past the end). */
int code_count(const struct code_listing *c);
const char *code_text(const struct code_listing *c, int line);

/*
 * The line (from 1) that an event of this kind lights: a refusal's by its
 * reason (the line of the look that met the queen, in scan), a call by
 * whether it is the outermost one.  0 for a kind the algorithm has not.
 */
int code_kind_line(const struct code_listing *c, enum search_kind kind,
                   enum board_line reason, bool outermost);

/* The line that the last event of s lights (s of the listing's algorithm); 0 before. */
int code_line(const struct code_listing *c, const struct search *s);

const struct code_names *code_names(const struct code_listing *c);

/*
 * One active call of the listing's function, and its locals as the listing
 * holds them after the line lit: a local the listing has not set yet (or
 * whose declaration, in C and Java, is not in scope there) is -1, or false.
 */
struct code_frame {
	int file;
	int rank; /* the loop's rank, -1 before the loop; bits: its pick's */
	/*
	 * backtrack, permute: up and down (file - rank + n - 1, file + rank).
	 * Python's locals keep the values of the last loop pass that set them
	 * until the next sets them again; C's and Java's live in the loop's
	 * body, from their declaration on.
	 */
	int index[2];
	/*
	 * bits: its masks, free set and pick.  free is set once the call's
	 * first line has run (has_free); bit is 0 where the listing holds no
	 * pick (before the first; in C and Java also at the loop's head, out
	 * of the body that declares it).
	 */
	struct search_bits b;
	bool has_free;
};

/* Where the program is: before its first call, in it, or after it returned. */
enum code_when { CODE_BEFORE, CODE_RUNNING, CODE_RETURNED };

/*
 * The listing's variables after the line the last event lights, as the
 * program holds them: x with the ranks it last wrote, which stay when a
 * queen is taken off (held says which files hold a queen now); the three
 * arrays of taken lines indexed as the listing indexes them (backtrack,
 * permute; a placement's line writes x, the next line marks the arrays);
 * which of them the last test read; each active call, outermost first; the
 * solutions counted.
 */
struct code_vars {
	int n;
	enum code_when when;
	int x[CODE_MAX_N];
	bool held[CODE_MAX_N];
	bool taken[3][2 * CODE_MAX_N - 1];
	int len[3]; /* n, 2n - 1, 2n - 1 */
	/*
	 * The index of taken[k] that the last event's test read, -1 where it
	 * read nothing of taken[k]: the listings test rank, then up, then down,
	 * and or (||) stops at the first true one, so a refusal along the rank
	 * read rank_used alone, one along a falling diagonal all three; a
	 * placement read all three, and all were false.  permute tests the rank
	 * first on a line of its own: the same order.
	 */
	int read[3];
	int depth;
	struct code_frame frames[CODE_MAX_N];
	uint64_t count;
	/*
	 * bits: how many bits a mask holds, 0 for no limit (Python's ints
	 * grow: up keeps the bits its shifts carried past the board), 32 for
	 * C's unsigned and Java's int, which drop the bits past 31; whether
	 * the mask is signed (Java: bit 31 makes it negative).
	 */
	int mask_bits;
	bool mask_signed;
};

/*
 * Fills v from s as listing c holds its variables; false when s is not a
 * tree search of c's algorithm or its n passes CODE_MAX_N.
 */
bool code_vars(const struct code_listing *c, const struct search *s, struct code_vars *v);

/* A mask as the listing's type holds it: the value v->mask_bits keeps, signed or not. */
int64_t code_mask_value(const struct code_vars *v, uint64_t m);

#endif
