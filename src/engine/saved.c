/* A puzzle left unfinished, kept in the progress file to be resumed. */
#include "config.h"

#include "engine/saved.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"
#include "engine/store.h"

/* The setting's key of a puzzle's game: false when the name cannot be one. */
static bool game_key(const char *id, char *key, size_t len)
{
	return (size_t)snprintf(key, len, "%s%s", SAVED_PREFIX, id) < len;
}

/* The squares as hexadecimal digits, the highest first. */
static size_t put_bits(const bool *bits, int squares, char *buf, size_t len)
{
	int digits = (squares + 3) / 4;
	size_t at = 0;

	for (int d = digits - 1; d >= 0 && at + 1 < len; d--) {
		int v = 0;

		for (int b = 3; b >= 0; b--)
			v = v << 1 | (d * 4 + b < squares && bits[d * 4 + b]);
		buf[at++] = "0123456789abcdef"[v];
	}
	buf[at] = '\0';
	return at;
}

static bool get_bits(const char *hex, int squares, bool *bits)
{
	int digits = (squares + 3) / 4;

	if ((int)strlen(hex) != digits)
		return false;
	for (int d = 0; d < digits; d++) {
		const char *p = strchr("0123456789abcdef", hex[digits - 1 - d]);
		int v = p && *p ? (int)(p - "0123456789abcdef") : -1;

		if (v < 0)
			return false;
		for (int b = 0; b < 4; b++) {
			bool on = v >> b & 1;

			if (d * 4 + b < squares)
				bits[d * 4 + b] = on;
			else if (on)
				/* A square past the last: a line of another board's. */
				return false;
		}
	}
	return true;
}

void saved_format(const struct saved_game *g, char *buf, size_t len)
{
	int squares = g->n * g->n;
	size_t at = (size_t)snprintf(buf, len, "t %" PRIu64 " h %u v %d q ", g->ms,
	                             g->hints, g->verdict ? 1 : 0);

	if (at >= len)
		return;
	at += put_bits(g->queen, squares, buf + at, len - at);
	if (at + 3 < len) {
		memcpy(buf + at, " x ", 4);
		at += 3;
		put_bits(g->marked, squares, buf + at, len - at);
	}
}

int saved_parse(const char *text, int n, struct saved_game *g, char *why, size_t whylen)
{
	char q[128], x[128], extra[2];
	unsigned long long ms;
	unsigned hints;
	int v, squares = n * n;

	memset(g, 0, sizeof *g);
	if (!*text)
		return 0;
	if (n < 1 || n > SAVED_MAX_N) {
		errmsg_set(why, whylen, "no game of a %dx%d board is kept", n, n);
		return -1;
	}
	if (sscanf(text, "t %llu h %u v %d q %127s x %127s %1s", &ms, &hints, &v, q, x,
	           extra) != 5 ||
	    (v != 0 && v != 1)) {
		errmsg_set(why, whylen,
		           "not a saved game (t MS h HINTS v 0|1 q HEX x HEX)");
		return -1;
	}
	if (!get_bits(q, squares, g->queen) || !get_bits(x, squares, g->marked)) {
		errmsg_set(why, whylen, "its squares are not those of a %dx%d board", n,
		           n);
		return -1;
	}
	g->n = n;
	g->ms = ms;
	g->hints = hints;
	g->verdict = v == 1;
	return 1;
}

int saved_put(struct store *st, const char *id, const struct saved_game *g)
{
	char key[STORE_TEXT_MAX + 1], value[STORE_TEXT_MAX + 1];

	if (!game_key(id, key, sizeof key))
		return -1;
	saved_format(g, value, sizeof value);
	return store_set_setting(st, key, value);
}

int saved_drop(struct store *st, const char *id)
{
	char key[STORE_TEXT_MAX + 1];
	const char *was;

	if (!game_key(id, key, sizeof key))
		return 0;
	was = store_setting(st, key);
	/* Empty rather than gone: a merge then cannot bring the game back. */
	if (!was || !*was)
		return 0;
	return store_set_setting(st, key, "") < 0 ? -1 : 1;
}

int saved_get(const struct store *st, const char *id, int n, struct saved_game *g,
              char *why, size_t whylen)
{
	char key[STORE_TEXT_MAX + 1];
	const char *text;

	memset(g, 0, sizeof *g);
	if (!game_key(id, key, sizeof key) || !(text = store_setting(st, key)))
		return 0;
	return saved_parse(text, n, g, why, whylen);
}
