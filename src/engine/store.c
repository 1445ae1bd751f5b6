/* Saved progress and settings in memory: what was found and timed, as text. */
#include "config.h"

#include "store.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "known.h"

/* The first line of the file; a later format would change the number. */
#define STORE_MAGIC "nqueens progress 1"

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
	st->dir = st->path = NULL;
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

static struct store_best *find_best(const struct store *st, const char *puzzle)
{
	for (size_t i = 0; i < st->nbest; i++)
		if (strcmp(st->best[i].puzzle, puzzle) == 0)
			return &st->best[i];
	return NULL;
}

int store_record_time(struct store *st, const char *puzzle, uint64_t ms)
{
	struct store_best *b;

	if (!good_name(puzzle))
		return -1;
	b = find_best(st, puzzle);
	if (b) {
		if (ms >= b->ms)
			return 0;
		b->ms = ms;
		return 1;
	}
	if (st->nbest == st->capbest) {
		size_t cap = st->capbest ? st->capbest * 2 : 16;
		struct store_best *v = realloc(st->best, cap * sizeof *v);

		if (!v)
			return -1;
		st->best = v;
		st->capbest = cap;
	}
	b = &st->best[st->nbest];
	b->puzzle = strdup(puzzle);
	if (!b->puzzle)
		return -1;
	b->ms = ms;
	st->nbest++;
	return 1;
}

bool store_best_time(const struct store *st, const char *puzzle, uint64_t *ms)
{
	const struct store_best *b = find_best(st, puzzle);

	if (b && ms)
		*ms = b->ms;
	return b != NULL;
}

const char *store_setting(const struct store *st, const char *key)
{
	for (size_t i = 0; i < st->nsettings; i++)
		if (strcmp(st->settings[i].key, key) == 0)
			return st->settings[i].value;
	return NULL;
}

int store_set_setting(struct store *st, const char *key, const char *value)
{
	char *copy;

	if (!good_key(key) || !good_value(value))
		return -1;
	copy = strdup(value);
	if (!copy)
		return -1;
	for (size_t i = 0; i < st->nsettings; i++) {
		if (strcmp(st->settings[i].key, key) == 0) {
			free(st->settings[i].value);
			st->settings[i].value = copy;
			return 0;
		}
	}
	if (st->nsettings == st->capsettings) {
		size_t cap = st->capsettings ? st->capsettings * 2 : 8;
		struct store_setting *v = realloc(st->settings, cap * sizeof *v);

		if (!v) {
			free(copy);
			return -1;
		}
		st->settings = v;
		st->capsettings = cap;
	}
	st->settings[st->nsettings].key = strdup(key);
	if (!st->settings[st->nsettings].key) {
		free(copy);
		return -1;
	}
	st->settings[st->nsettings++].value = copy;
	return 0;
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

/* Parses line lineno of the file; fills why on error. */
static int parse_line(struct store *st, char *line, int lineno, struct dropped *drop,
                      char *why, size_t whylen)
{
	const char *w;
	size_t len;
	char *s = line;
	uint64_t v;

	if (!next_word(&s, &w, &len))
		return 0;
	if ((len == 9 && memcmp(w, "solutions", 9) == 0) ||
	    (len == 7 && memcmp(w, "classes", 7) == 0)) {
		enum store_kind kind = w[0] == 'c' ? STORE_CLASSES : STORE_SOLUTIONS;
		const char *what = kind == STORE_CLASSES ? "class" : "solution";
		uint64_t total = 0, unique = 0, last;
		struct store_set *set;
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
				errmsg_set(why, whylen,
				           "'%.*s' is not an index (1, 2, ...)", (int)len,
				           w);
				return -1;
			}
			if (known && v > last) {
				if (drop->count++ > 0)
					continue;
				drop->line = lineno;
				if (last > 0)
					snprintf(drop->first, sizeof drop->first,
					         "%s %llu of n = %d is past the last, "
					         "%llu",
					         what, (unsigned long long)v, n,
					         (unsigned long long)last);
				else
					snprintf(drop->first, sizeof drop->first,
					         "%s %llu of n = %d: there are none",
					         what, (unsigned long long)v, n);
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
	if (len == 4 && memcmp(w, "best", 4) == 0) {
		char name[STORE_TEXT_MAX + 1];

		if (!next_word(&s, &w, &len) || len > STORE_TEXT_MAX) {
			errmsg_set(why, whylen, "a puzzle name should follow 'best'");
			return -1;
		}
		memcpy(name, w, len);
		name[len] = '\0';
		if (!next_word(&s, &w, &len) || !parse_u64(w, len, &v)) {
			errmsg_set(why, whylen,
			           "a time in milliseconds should follow '%s'", name);
			return -1;
		}
		if (next_word(&s, &w, &len)) {
			errmsg_set(why, whylen, "'%.*s' after the time", (int)len, w);
			return -1;
		}
		if (!good_name(name)) {
			errmsg_set(why, whylen,
			           "'%s' is not a puzzle name (no control bytes)", name);
			return -1;
		}
		if (store_record_time(st, name, v) < 0) {
			errmsg_set(why, whylen, "out of memory");
			return -1;
		}
		return 0;
	}
	if (len == 3 && memcmp(w, "set", 3) == 0) {
		char key[STORE_TEXT_MAX + 1];
		char *value, *end;

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
			errmsg_set(why, whylen,
			           "'%s' is not a setting name ([a-z0-9_.-])", key);
			return -1;
		}
		if (!good_value(value)) {
			errmsg_set(
			        why, whylen,
			        "the value of '%s' is not one line of at most %d bytes",
			        key, STORE_TEXT_MAX);
			return -1;
		}
		if (store_set_setting(st, key, value) < 0) {
			errmsg_set(why, whylen, "out of memory");
			return -1;
		}
		return 0;
	}
	errmsg_set(why, whylen,
	           "unknown line '%.*s' (lines are solutions, classes, best and set)",
	           (int)len, w);
	return -1;
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
	char *copy, *line, *end, *nl, why[512];
	struct dropped drop = {0};
	int lineno = 0;

	store_clear(st);
	if (len == 0)
		return 0;
	copy = malloc(len + 1);
	if (!copy) {
		errmsg_set(err, errlen, "%s: out of memory", name);
		return -1;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	end = copy + len;
	for (line = copy; line < end; line = nl + 1) {
		char *s = line;

		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			nl = end;
		*nl = '\0';
		lineno++;
		if (strlen(line) != (size_t)(nl - line)) {
			errmsg_set(why, sizeof why, "a NUL byte: not a text file");
			goto damaged;
		}
		line[strcspn(line, "\r")] = '\0';
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
	store_clear(st);
	errmsg_set(err, errlen, "%s:%d: %s", name, lineno, why);
	return -1;
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
