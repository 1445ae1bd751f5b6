/* The search in real code: the listings of data/code/, their lit lines and variables. */
#ifndef NQ_CODE_H
#define NQ_CODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "search.h"

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

/* One active call of the listing's function, and its locals now. */
struct code_frame {
	int file;
	int rank;     /* the loop's rank, -1 before the loop; bits: its pick's */
	int index[2]; /* backtrack, permute: file - rank + n - 1 and file + rank */
	struct search_bits b; /* bits: its masks, free set and pick */
};

/*
 * The listing's variables after the line the last event lights: x (-1 on a
 * file without a queen: the listing's own x keeps there whatever rank it
 * last held, which nothing reads), the three arrays of taken lines indexed
 * as the listing indexes them (backtrack, permute), and each active call,
 * outermost first.
 */
struct code_vars {
	int n;
	int x[CODE_MAX_N];
	bool taken[3][2 * CODE_MAX_N - 1];
	int len[3]; /* n, 2n - 1, 2n - 1 */
	int depth;
	struct code_frame frames[CODE_MAX_N];
	uint64_t count;
};

/* Fills v from s; false when s is not a tree search or its n passes CODE_MAX_N. */
bool code_vars(const struct search *s, struct code_vars *v);

#endif
