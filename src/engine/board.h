/* Positions on an n×n board: parsing, formatting, validity and conflicts. */
#ifndef NQ_BOARD_H
#define NQ_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest board a position may name: checking is linear, so this is big. */
#define BOARD_MAX_N 100000000

/*
 * The longest line a position of BOARD_MAX_N files needs, written as squares
 * with one blank between them: six letters for the file, nine digits for the
 * rank and the blank.  A longer line is refused before it is read whole.
 */
#define BOARD_LINE_MAX ((size_t)16 * BOARD_MAX_N)

/* A square, 0-based: file 0 is file a, rank 0 is rank 1. */
struct square {
	int file;
	int rank;
};

/*
 * A position: n and the squares holding queens, in the order given.  It may
 * hold two queens on one file, which the rank-by-file format cannot say; the
 * algebraic format can.
 */
struct position {
	int n;
	size_t count;
	struct square *sq;
};

enum board_line {
	BOARD_LINE_FILE,
	BOARD_LINE_RANK,
	BOARD_LINE_DIAGONAL,
	BOARD_LINE_ANTI
};

/* Two queens that attack each other along a line. */
struct board_conflict {
	struct square a, b;
	enum board_line line;
};

/*
 * Parses a position written as ranks by file ("2 4 6 8 3 1 7 5", with 0, "."
 * or "-" for an empty file; n is the number of files given) or as algebraic
 * squares ("a2 b4 c6"; n is the smallest board that holds the squares and has
 * a file for every queen).  Separators are blanks and commas.  Returns 0, or
 * -1 with a one-line reason in err.
 */
int board_parse(const char *text, struct position *out, char *err, size_t errlen);

/* Sets a position from 0-based ranks by file; ranks[f] < 0 leaves file f empty. */
int board_from_ranks(struct position *out, int n, const int *ranks);

void board_free(struct position *pos);

/*
 * A position read a word at a time, in a few bytes a queen: a checker can
 * take a line of millions of queens without holding its text.  Ranks by
 * file keep a bit a file and a rank a queen; squares a file and a rank.
 */
struct board_scan {
	int mode;        /* 0 before the first word, then 'r' or 's' */
	size_t files;    /* ranks by file: the files read, the empty ones too */
	uint64_t *held;  /* ranks by file: a bit for each file with a queen */
	size_t heldcap;  /* words held has room for */
	uint32_t *v;     /* a rank a queen, or a file and a rank for squares */
	size_t len, cap; /* numbers in v, and its room */
	size_t count;    /* queens */
	int n;           /* the board, once board_scan_end said yes */
};

void board_scan_start(struct board_scan *s);
void board_scan_free(struct board_scan *s);

/* Takes one word (a rank, '.', '-', or a square; no separators); -1 with a
 * one-line reason, as board_parse gives it. */
int board_scan_word(struct board_scan *s, const char *tok, size_t len, char *err,
                    size_t errlen);

/* Takes every word of text, separated by blanks and commas. */
int board_scan_text(struct board_scan *s, const char *text, char *err, size_t errlen);

/* After the last word: finds n and checks what only the whole position tells
 * (a rank off the board, a square given twice); -1 with a reason. */
int board_scan_end(struct board_scan *s, char *err, size_t errlen);

/* The position read, as board_parse makes it; -1 when out of memory. */
int board_scan_position(const struct board_scan *s, struct position *out);

/* board_conflicts of the position read, in a bit or so a line. */
size_t board_scan_conflicts(const struct board_scan *s, struct board_conflict *out,
                            size_t max);

/*
 * The conflicting pairs of pos, in linear time: each queen is paired with the
 * first queen found before it on each of its lines.  Writes at most max of
 * them to out (which may be NULL) and returns how many there are, or
 * (size_t)-1 when out of memory.
 */
size_t board_conflicts(const struct position *pos, struct board_conflict *out,
                       size_t max);

/*
 * A position being edited, as on the Play screen: queens are placed and
 * removed one at a time, on any square, and the attack state (how many
 * queens stand on each file, rank and diagonal) is kept up to date.
 */
struct board {
	struct position pos; /* the queens, in the order they were placed */
	uint8_t *queen;      /* n*n flags, file-major: a queen on the square */
	int *on_file, *on_rank, *on_diag, *on_anti; /* queens on each line */
};

/* Board sizes a struct board may have (it keeps n*n flags). */
#define BOARD_EDIT_MAX_N 1024

/* An empty n×n board; -1 when n is out of range or memory is short. */
int board_init(struct board *b, int n);
void board_destroy(struct board *b);

/* Empties the board without changing its size. */
void board_clear(struct board *b);

bool board_has(const struct board *b, struct square sq);

/* Places or removes a queen; false when the square is already so. */
bool board_place(struct board *b, struct square sq);
bool board_remove(struct board *b, struct square sq);

/*
 * How many queens attack sq along its four lines, not counting a queen on sq
 * itself.  A queen attacked by any other is in conflict.
 */
int board_attackers(const struct board *b, struct square sq);

/* True when pos has n queens and no conflict. */
bool board_is_solution(const struct position *pos);

/* The name of a file ("a".."z", "aa", ...) and of a square ("c6"). */
void board_file_name(int file, char *buf, size_t len);
void board_square_name(struct square sq, char *buf, size_t len);

/* The name of a line in a sentence: "file", "rank", "diagonal". */
const char *board_line_name(enum board_line line);

/* The line with its article, after "along": "the file", "the rank", "a diagonal". */
const char *board_line_phrase(enum board_line line);

/*
 * Whether two different squares share one of the four lines through a
 * square (file, rank, diagonal, anti-diagonal), and which.
 */
bool board_same_line(struct square a, struct square b, enum board_line *line);

/*
 * The squares strictly between a and b on the line they share, from a's
 * side: writes at most max of them to out and returns how many there are
 * (0 when a and b share no line or stand side by side).
 */
int board_between(struct square a, struct square b, struct square *out, int max);

/*
 * The queens of pos as 0-based ranks by file into ranks (pos->n of them),
 * -1 for an empty file.  False when two queens share a file: then *twice
 * (if not NULL) is the later of them, and ranks[twice->file] the earlier's.
 */
bool board_ranks(const struct position *pos, int *ranks, struct square *twice);

/*
 * Formats 0-based ranks by file (a permutation, one queen per file) as 1-based
 * ranks ("1 5 8 6 3 7 2 4"), as algebraic squares ("a1 b5 c8 ..."), or as a
 * picture of n lines plus a line of file letters.  Returns the length that the
 * whole text needs, as snprintf does.
 */
size_t board_format_ranks(int n, const int *ranks, char *buf, size_t len);
size_t board_format_squares(int n, const int *ranks, char *buf, size_t len);
size_t board_format_picture(int n, const int *ranks, char *buf, size_t len);

#endif
