/* Saved progress and settings in memory: what was found and timed, as text. */
#include "config.h"

#include "engine/store.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"
#include "engine/known.h"

/* How many indices the writer puts on one line. */
#define PER_LINE 16

int store_init(struct store *st, const char *dir, char *err, size_t errlen)
{
	char buf[4096];
	size_t len;

	memset(st, 0, sizeof *st);
	if (!dir) {
		if (store_default_dir(buf, sizeof buf, err, errlen) < 0)
			return -1;
		dir = buf;
		/* The directories from it down are checked before each write. */
		st->base = strdup(fileio_base("XDG_DATA_HOME"));
		if (!st->base) {
			errmsg_set(err, errlen, "out of memory");
			return -1;
		}
	}
	len = strlen(dir) + sizeof "/" STORE_FILE;
	st->dir = strdup(dir);
	st->path = malloc(len);
	if (!st->dir || !st->path) {
		store_free(st);
		errmsg_set(err, errlen, "out of memory");
		return -1;
	}
	snprintf(st->path, len, "%s/%s", dir, STORE_FILE);
	return 0;
}

void store_clear(struct store *st)
{
	for (int n = 0; n <= STORE_MAX_N; n++) {
		free(st->solutions[n].v);
		free(st->classes[n].v);
		st->solutions[n] = (struct store_set){0};
		st->classes[n] = (struct store_set){0};
	}
	for (size_t i = 0; i < st->nbest; i++)
		free(st->best[i].puzzle);
	for (size_t i = 0; i < st->nsettings; i++) {
		free(st->settings[i].key);
		free(st->settings[i].value);
	}
	free(st->best);
	free(st->settings);
	st->best = NULL;
	st->settings = NULL;
	st->nbest = st->capbest = st->nsettings = st->capsettings = 0;
}

void store_free(struct store *st)
{
	store_clear(st);
	free(st->dir);
	free(st->path);
	free(st->base);
	st->dir = st->path = st->base = NULL;
}

static struct store_set *set_of(struct store *st, enum store_kind kind, int n)
{
	return kind == STORE_CLASSES ? &st->classes[n] : &st->solutions[n];
}

/* Where index is in the set, or where it would go. */
static size_t set_find(const struct store_set *s, uint64_t index)
{
	size_t lo = 0, hi = s->len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid] < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Room for one more index; false when out of memory. */
static bool set_grow(struct store_set *s)
{
	if (s->len == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		uint64_t *v = realloc(s->v, cap * sizeof *v);

		if (!v)
			return false;
		s->v = v;
		s->cap = cap;
	}
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

int store_add(struct store *st, enum store_kind kind, int n, uint64_t index)
{
	struct store_set *s;
	size_t at;

	if (n < 1 || n > STORE_MAX_N || index == 0)
		return -1;
	s = set_of(st, kind, n);
	at = set_find(s, index);
	if (at < s->len && s->v[at] == index)
		return 0;
	if (!set_grow(s))
		return -1;
	memmove(s->v + at + 1, s->v + at, (s->len - at) * sizeof *s->v);
	s->v[at] = index;
	s->len++;
	return 1;
}

bool store_has(const struct store *st, enum store_kind kind, int n, uint64_t index)
{
	const struct store_set *s;
	size_t at;

	if (n < 1 || n > STORE_MAX_N)
		return false;
	s = kind == STORE_CLASSES ? &st->classes[n] : &st->solutions[n];
	at = set_find(s, index);
	return at < s->len && s->v[at] == index;
}

size_t store_found(const struct store *st, enum store_kind kind, int n)
{
	if (n < 1 || n > STORE_MAX_N)
		return 0;
	return kind == STORE_CLASSES ? st->classes[n].len : st->solutions[n].len;
}

/* A puzzle name is one word of printable bytes, as the file writes it. */
static bool good_name(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len > STORE_TEXT_MAX)
		return false;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			return false;
	return true;
}

static bool good_key(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len > STORE_TEXT_MAX)
		return false;
	for (const char *p = s; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) &&
		    !strchr("_.-", *p))
			return false;
	return true;
}

/* A value is one line with no blanks at its ends, which the reader trims. */
static bool good_value(const char *s)
{
	size_t len = strlen(s);

	if (len > STORE_TEXT_MAX || (len > 0 && (isspace((unsigned char)s[0]) ||
	                                         isspace((unsigned char)s[len - 1]))))
		return false;
	for (const char *p = s; *p; p++)
		if (*p == '\n' || *p == '\r')
			return false;
	return true;
}

/* Where the best time of puzzle is in the sorted list, or where it would go. */
static size_t best_find(const struct store *st, const char *puzzle)
{
	size_t lo = 0, hi = st->nbest;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(st->best[mid].puzzle, puzzle) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static struct store_best *find_best(const struct store *st, const char *puzzle)
{
	size_t at = best_find(st, puzzle);

	return at < st->nbest && strcmp(st->best[at].puzzle, puzzle) == 0 ? &st->best[at]
	                                                                  : NULL;
}

/* Room for one more best time; false when out of memory. */
static bool best_grow(struct store *st)
{
	if (st->nbest == st->capbest) {
		size_t cap = st->capbest ? st->capbest * 2 : 16;
		struct store_best *v = realloc(st->best, cap * sizeof *v);

		if (!v)
			return false;
		st->best = v;
		st->capbest = cap;
	}
	return true;
}

int store_record_time(struct store *st, const char *puzzle, uint64_t ms)
{
	struct store_best *b;
	char *copy;
	size_t at;

	if (!good_name(puzzle))
		return -1;
	b = find_best(st, puzzle);
	if (b) {
		if (ms >= b->ms)
			return 0;
		b->ms = ms;
		return 1;
	}
	copy = strdup(puzzle);
	if (!copy || !best_grow(st)) {
		free(copy);
		return -1;
	}
	at = best_find(st, puzzle);
	memmove(st->best + at + 1, st->best + at, (st->nbest - at) * sizeof *st->best);
	st->best[at] = (struct store_best){copy, ms};
	st->nbest++;
	return 1;
}

/* The name an assisted solve's time is kept under; false when too long. */
static bool assisted_name(const char *puzzle, char *buf, size_t len)
{
	return (size_t)snprintf(buf, len, "%s%s", puzzle, STORE_ASSISTED) < len;
}

int store_record_best(struct store *st, const char *puzzle, bool clean, uint64_t ms)
{
	char name[STORE_TEXT_MAX + 1];

	if (clean)
		return store_record_time(st, puzzle, ms);
	return assisted_name(puzzle, name, sizeof name) ? store_record_time(st, name, ms)
	                                                : -1;
}

bool store_best(const struct store *st, const char *puzzle, bool clean, uint64_t *ms)
{
	char name[STORE_TEXT_MAX + 1];

	if (clean)
		return store_best_time(st, puzzle, ms);
	return assisted_name(puzzle, name, sizeof name) && store_best_time(st, name, ms);
}

bool store_best_time(const struct store *st, const char *puzzle, uint64_t *ms)
{
	const struct store_best *b = find_best(st, puzzle);

	if (b && ms)
		*ms = b->ms;
	return b != NULL;
}

/* Where key is in the sorted settings, or where it would go. */
static size_t setting_find(const struct store *st, const char *key)
{
	size_t lo = 0, hi = st->nsettings;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(st->settings[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const char *store_setting(const struct store *st, const char *key)
{
	size_t at = setting_find(st, key);

	return at < st->nsettings && strcmp(st->settings[at].key, key) == 0
	               ? st->settings[at].value
	               : NULL;
}

/* Room for one more setting; false when out of memory. */
static bool setting_grow(struct store *st)
{
	if (st->nsettings == st->capsettings) {
		size_t cap = st->capsettings ? st->capsettings * 2 : 8;
		struct store_setting *v = realloc(st->settings, cap * sizeof *v);

		if (!v)
			return false;
		st->settings = v;
		st->capsettings = cap;
	}
	return true;
}

/* Sets key to value, marked as changed in this session or not. */
static int set_setting(struct store *st, const char *key, const char *value, bool changed)
{
	size_t at = setting_find(st, key);
	char *copy, *kcopy;

	if (!good_key(key) || !good_value(value))
		return -1;
	copy = strdup(value);
	if (!copy)
		return -1;
	if (at < st->nsettings && strcmp(st->settings[at].key, key) == 0) {
		free(st->settings[at].value);
		st->settings[at].value = copy;
		st->settings[at].changed |= changed;
		return 0;
	}
	kcopy = strdup(key);
	if (!kcopy || !setting_grow(st)) {
		free(kcopy);
		free(copy);
		return -1;
	}
	memmove(st->settings + at + 1, st->settings + at,
	        (st->nsettings - at) * sizeof *st->settings);
	st->settings[at] = (struct store_setting){kcopy, copy, changed};
	st->nsettings++;
	return 0;
}

int store_set_setting(struct store *st, const char *key, const char *value)
{
	return set_setting(st, key, value, true);
}

/* Reads a whole decimal number of 64 bits; false for anything else. */
static bool parse_u64(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]) ||
		    v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*out = v;
	return true;
}

/* Cuts the next blank-separated word off *s. */
static bool next_word(char **s, const char **word, size_t *len)
{
	char *p = *s;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return false;
	*word = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	*len = (size_t)(p - *word);
	*s = p;
	return true;
}

/* Numbers past the last of their n, which are dropped: how many, the first. */
struct dropped {
	size_t count;
	int line;
	char first[128];
};

/* Notes index v of n, past the last there is: dropped, the first one told. */
static void drop_index(struct dropped *drop, int lineno, const char *what, uint64_t v,
                       int n, uint64_t last)
{
	if (drop->count++ > 0)
		return;
	drop->line = lineno;
	if (last > 0)
		snprintf(drop->first, sizeof drop->first,
		         "%s %llu of n = %d is past the last, "
		         "%llu",
		         what, (unsigned long long)v, n, (unsigned long long)last);
	else
		snprintf(drop->first, sizeof drop->first,
		         "%s %llu of n = %d: there are none", what, (unsigned long long)v,
		         n);
}

/* The rest of a solutions or classes line: the board size, then indices. */
static int parse_indices(struct store *st, enum store_kind kind, char *s, int lineno,
                         struct dropped *drop, char *why, size_t whylen)
{
	const char *what = kind == STORE_CLASSES ? "class" : "solution", *w;
	uint64_t total = 0, unique = 0, last, v;
	struct store_set *set;
	size_t len;
	bool known;
	int n;

	if (!next_word(&s, &w, &len) || !parse_u64(w, len, &v) || v < 1 ||
	    v > STORE_MAX_N) {
		errmsg_set(why, whylen, "a board size from 1 to %d should follow",
		           STORE_MAX_N);
		return -1;
	}
	n = (int)v;
	set = set_of(st, kind, n);
	/* Beyond the counts the literature has, nothing can be checked. */
	known = known_counts(n, &total, &unique);
	last = kind == STORE_CLASSES ? unique : total;
	while (next_word(&s, &w, &len)) {
		if (!parse_u64(w, len, &v) || v == 0) {
			errmsg_set(why, whylen, "'%.*s' is not an index (1, 2, ...)",
			           (int)len, w);
			return -1;
		}
		if (known && v > last) {
			drop_index(drop, lineno, what, v, n, last);
			continue;
		}
		/* Kept in the order read; store_parse sorts once at the end. */
		if (!set_grow(set)) {
			errmsg_set(why, whylen, "out of memory");
			return -1;
		}
		set->v[set->len++] = v;
	}
	return 0;
}

/* The rest of a best line: a puzzle's name and a time in milliseconds. */
static int parse_best(struct store *st, char *s, char *why, size_t whylen)
{
	char name[STORE_TEXT_MAX + 1];
	const char *w;
	size_t len;
	uint64_t v;

	if (!next_word(&s, &w, &len) || len > STORE_TEXT_MAX) {
		errmsg_set(why, whylen, "a puzzle name should follow 'best'");
		return -1;
	}
	memcpy(name, w, len);
	name[len] = '\0';
	if (!next_word(&s, &w, &len) || !parse_u64(w, len, &v)) {
		errmsg_set(why, whylen, "a time in milliseconds should follow '%s'",
		           name);
		return -1;
	}
	if (next_word(&s, &w, &len)) {
		errmsg_set(why, whylen, "'%.*s' after the time", (int)len, w);
		return -1;
	}
	if (!good_name(name)) {
		errmsg_set(why, whylen, "'%s' is not a puzzle name (no control bytes)",
		           name);
		return -1;
	}
	/* Kept in the order read; store_parse sorts once at the end. */
	if (!best_grow(st) || !(st->best[st->nbest].puzzle = strdup(name))) {
		errmsg_set(why, whylen, "out of memory");
		return -1;
	}
	st->best[st->nbest++].ms = v;
	return 0;
}

/* The rest of a set line: a setting's name, and its value to the line's end. */
static int parse_setting(struct store *st, char *s, char *why, size_t whylen)
{
	char key[STORE_TEXT_MAX + 1];
	char *value, *end;
	const char *w;
	size_t len;

	if (!next_word(&s, &w, &len) || len > STORE_TEXT_MAX) {
		errmsg_set(why, whylen, "a setting name should follow 'set'");
		return -1;
	}
	memcpy(key, w, len);
	key[len] = '\0';
	value = s;
	while (*value == ' ' || *value == '\t')
		value++;
	end = value + strlen(value);
	while (end > value && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (!good_key(key)) {
		errmsg_set(why, whylen, "'%s' is not a setting name ([a-z0-9_.-])", key);
		return -1;
	}
	if (!good_value(value)) {
		errmsg_set(why, whylen,
		           "the value of '%s' is not one line of at most %d bytes", key,
		           STORE_TEXT_MAX);
		return -1;
	}
	/* Kept in the order read; store_parse sorts once at the end. */
	if (!setting_grow(st) || !(st->settings[st->nsettings].key = strdup(key))) {
		errmsg_set(why, whylen, "out of memory");
		return -1;
	}
	st->settings[st->nsettings].changed = false;
	if (!(st->settings[st->nsettings].value = strdup(value))) {
		free(st->settings[st->nsettings].key);
		errmsg_set(why, whylen, "out of memory");
		return -1;
	}
	st->nsettings++;
	return 0;
}

/* Parses line lineno of the file; fills why on error. */
static int parse_line(struct store *st, char *line, int lineno, struct dropped *drop,
                      char *why, size_t whylen)
{
	const char *w;
	size_t len;
	char *s = line;

	if (!next_word(&s, &w, &len))
		return 0;
	if (len == 9 && memcmp(w, "solutions", 9) == 0)
		return parse_indices(st, STORE_SOLUTIONS, s, lineno, drop, why, whylen);
	if (len == 7 && memcmp(w, "classes", 7) == 0)
		return parse_indices(st, STORE_CLASSES, s, lineno, drop, why, whylen);
	if (len == 4 && memcmp(w, "best", 4) == 0)
		return parse_best(st, s, why, whylen);
	if (len == 3 && memcmp(w, "set", 3) == 0)
		return parse_setting(st, s, why, whylen);
	errmsg_set(why, whylen,
	           "unknown line '%.*s' (lines are solutions, classes, best and set)",
	           (int)len, w);
	return -1;
}

static int cmp_best(const void *a, const void *b)
{
	const struct store_best *x = a, *y = b;
	int c = strcmp(x->puzzle, y->puzzle);

	return c ? c : (x->ms > y->ms) - (x->ms < y->ms);
}

/* A setting with the place it was read in, so that the last of a key wins. */
struct placed_setting {
	struct store_setting s;
	size_t at;
};

static int cmp_placed(const void *a, const void *b)
{
	const struct placed_setting *x = a, *y = b;
	int c = strcmp(x->s.key, y->s.key);

	return c ? c : (x->at > y->at) - (x->at < y->at);
}

/*
 * Puts the best times and settings read in order of their names, keeping a
 * puzzle's least time and a key's last value: a sort, not a search for each
 * line read, so that a long file loads in n log n.  False when out of memory.
 */
static bool sort_lists(struct store *st)
{
	struct placed_setting *p;
	size_t out = 0;

	if (st->nbest > 1) {
		qsort(st->best, st->nbest, sizeof *st->best, cmp_best);
		for (size_t i = 0; i < st->nbest; i++) {
			if (out > 0 &&
			    strcmp(st->best[i].puzzle, st->best[out - 1].puzzle) == 0) {
				free(st->best[i].puzzle);
				continue;
			}
			st->best[out++] = st->best[i];
		}
		st->nbest = out;
	}
	if (st->nsettings < 2)
		return true;
	p = malloc(st->nsettings * sizeof *p);
	if (!p)
		return false;
	for (size_t i = 0; i < st->nsettings; i++)
		p[i] = (struct placed_setting){st->settings[i], i};
	qsort(p, st->nsettings, sizeof *p, cmp_placed);
	out = 0;
	for (size_t i = 0; i < st->nsettings; i++) {
		if (i + 1 < st->nsettings && strcmp(p[i].s.key, p[i + 1].s.key) == 0) {
			free(p[i].s.key);
			free(p[i].s.value);
			continue;
		}
		st->settings[out++] = p[i].s;
	}
	st->nsettings = out;
	free(p);
	return true;
}

/* Puts the sets in order and drops repeats, once after a whole text is read. */
static void sort_sets(struct store *st)
{
	for (int n = 1; n <= STORE_MAX_N; n++) {
		struct store_set *sets[] = {&st->solutions[n], &st->classes[n]};

		for (int k = 0; k < 2; k++) {
			struct store_set *s = sets[k];
			size_t out = 0;

			if (s->len < 2)
				continue;
			qsort(s->v, s->len, sizeof *s->v, cmp_u64);
			for (size_t i = 0; i < s->len; i++)
				if (out == 0 || s->v[i] != s->v[out - 1])
					s->v[out++] = s->v[i];
			s->len = out;
		}
	}
}

int store_parse(struct store *st, const char *text, size_t len, const char *name,
                char *err, size_t errlen)
{
	char *copy, why[512];
	struct dropped drop = {0};
	int lineno = 0;
	size_t bom, next;

	store_clear(st);
	/* A byte-order mark (as Notepad writes) is not part of the first line. */
	bom = fileio_bom(text, len);
	text += bom;
	len -= bom;
	if (len == 0)
		return 0;
	copy = malloc(len + 1);
	if (!copy) {
		errmsg_set(err, errlen, "%s: out of memory", name);
		return -1;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	for (size_t at = 0; at < len; at += next) {
		char *line = copy + at, *s = line;
		size_t n = fileio_line(line, len - at, &next);

		line[n] = '\0';
		lineno++;
		if (strlen(line) != n) {
			errmsg_set(why, sizeof why, "a NUL byte: not a text file");
			goto damaged;
		}
		while (*s == ' ' || *s == '\t')
			s++;
		if (lineno == 1) {
			/* The first line says what the file is, before anything else. */
			if (strcmp(s, STORE_MAGIC) != 0) {
				errmsg_set(why, sizeof why,
				           "the first line should be '%s'", STORE_MAGIC);
				goto damaged;
			}
			continue;
		}
		if (*s == '#' || *s == '\0')
			continue;
		if (parse_line(st, s, lineno, &drop, why, sizeof why) < 0)
			goto damaged;
	}
	free(copy);
	sort_sets(st);
	if (!sort_lists(st)) {
		errmsg_set(why, sizeof why, "out of memory");
		lineno = 1;
		goto cleared;
	}
	if (drop.count == 0)
		return 0;
	if (drop.count == 1)
		errmsg_set(err, errlen, "%s:%d: %s; dropped", name, drop.line,
		           drop.first);
	else
		errmsg_set(err, errlen, "%s:%d: %s; dropped, and %zu more like it", name,
		           drop.line, drop.first, drop.count - 1);
	return 1;
damaged:
	free(copy);
cleared:
	store_clear(st);
	errmsg_set(err, errlen, "%s:%d: %s", name, lineno, why);
	return -1;
}

bool store_is_progress(const char *text, size_t len)
{
	size_t at = fileio_bom(text, len), end;

	while (at < len && (text[at] == ' ' || text[at] == '\t'))
		at++;
	if (at == len)
		return true;
	end = at;
	while (end < len && text[end] != '\n' && text[end] != '\r')
		end++;
	return end - at == strlen(STORE_MAGIC) &&
	       memcmp(text + at, STORE_MAGIC, end - at) == 0;
}

/* Adds the indices of b to a, both sorted; false when out of memory. */
static bool set_union(struct store_set *a, const struct store_set *b)
{
	size_t i = a->len, j = b->len, k, extra = 0;
	uint64_t *v;

	for (size_t x = 0, y = 0; y < b->len; y++) {
		while (x < a->len && a->v[x] < b->v[y])
			x++;
		extra += x == a->len || a->v[x] != b->v[y];
	}
	if (extra == 0)
		return true;
	if (a->len + extra > a->cap) {
		v = realloc(a->v, (a->len + extra) * sizeof *v);
		if (!v)
			return false;
		a->v = v;
		a->cap = a->len + extra;
	}
	/* Merged from the end, so that no index is moved twice. */
	k = a->len + extra;
	while (j > 0) {
		if (i > 0 && a->v[i - 1] > b->v[j - 1])
			a->v[--k] = a->v[--i];
		else if (i > 0 && a->v[i - 1] == b->v[j - 1])
			a->v[--k] = a->v[--i], j--;
		else
			a->v[--k] = b->v[--j];
	}
	a->len += extra;
	return true;
}

int store_merge(struct store *st, const struct store *other)
{
	for (int n = 1; n <= STORE_MAX_N; n++)
		if (!set_union(&st->solutions[n], &other->solutions[n]) ||
		    !set_union(&st->classes[n], &other->classes[n]))
			return -1;
	for (size_t i = 0; i < other->nbest; i++)
		if (store_record_time(st, other->best[i].puzzle, other->best[i].ms) < 0)
			return -1;
	for (size_t i = 0; i < other->nsettings; i++) {
		const struct store_setting *o = &other->settings[i];
		size_t at = setting_find(st, o->key);

		/* What this session set wins; the rest is as the file has it now. */
		if (at < st->nsettings && strcmp(st->settings[at].key, o->key) == 0 &&
		    st->settings[at].changed)
			continue;
		if (set_setting(st, o->key, o->value, false) < 0)
			return -1;
	}
	return 0;
}

static void write_set(FILE *fp, const char *word, int n, const struct store_set *s)
{
	for (size_t i = 0; i < s->len; i++) {
		if (i % PER_LINE == 0)
			fprintf(fp, "%s%s %d", i ? "\n" : "", word, n);
		fprintf(fp, " %llu", (unsigned long long)s->v[i]);
	}
	if (s->len)
		fputc('\n', fp);
}

char *store_format(const struct store *st, size_t *len)
{
	char *text = NULL;
	FILE *fp = open_memstream(&text, len);

	if (!fp)
		return NULL;
	fprintf(fp, "%s\n", STORE_MAGIC);
	fputs("# Written by nqueens; see nqueens(6).  Solutions and classes are\n"
	      "# numbered from 1 in lexicographic order; times are milliseconds.\n",
	      fp);
	for (int n = 1; n <= STORE_MAX_N; n++) {
		write_set(fp, "solutions", n, &st->solutions[n]);
		write_set(fp, "classes", n, &st->classes[n]);
	}
	for (size_t i = 0; i < st->nbest; i++)
		fprintf(fp, "best %s %llu\n", st->best[i].puzzle,
		        (unsigned long long)st->best[i].ms);
	for (size_t i = 0; i < st->nsettings; i++)
		fprintf(fp, "set %s %s\n", st->settings[i].key, st->settings[i].value);
	if (ferror(fp)) {
		fclose(fp);
		free(text);
		return NULL;
	}
	if (fclose(fp) != 0) {
		free(text);
		return NULL;
	}
	return text;
}
