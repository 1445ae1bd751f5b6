/* The settings a user writes once: the config file, parsed, kept line by line, saved. */
#include "config.h"

#include "engine/settings.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/errmsg.h"
#include "engine/fileio.h"

static const char *const theme_names[SETTINGS_THEMES] = {
        [SETTINGS_THEME_CALM] = "calm",
        [SETTINGS_THEME_WOOD] = "wood",
        [SETTINGS_THEME_NIGHT] = "night",
        [SETTINGS_THEME_CONTRAST] = "contrast",
};

static const char *const bell_names[] = {"off", "on"};

static const char *const background_names[] = {
        [SETTINGS_BACKGROUND_THEME] = "theme",
        [SETTINGS_BACKGROUND_TERMINAL] = "terminal",
};

static const char *const code_names[SETTINGS_CODES] = {
        [SETTINGS_CODE_PSEUDOCODE] = "pseudocode",
        [SETTINGS_CODE_PYTHON] = "python",
        [SETTINGS_CODE_C] = "c",
        [SETTINGS_CODE_JAVA] = "java",
};

static const char *const assist_names[SETTINGS_ASSISTS] = {
        [SETTINGS_ASSIST_NONE] = "none",
        [SETTINGS_ASSIST_SOME] = "some",
        [SETTINGS_ASSIST_ALL] = "all",
};

/* The settings there are: their names and the values each takes. */
static const struct {
	const char *name;
	const char *const *values;
	int nvalues;
	const char *allowed; /* the values, for a message */
} keys[SETTINGS_KEYS] = {
        [SETTINGS_KEY_THEME] = {"theme", theme_names, SETTINGS_THEMES,
                                "calm, wood, night or contrast"},
        [SETTINGS_KEY_BELL] = {"bell", bell_names, 2, "on or off"},
        [SETTINGS_KEY_BACKGROUND] = {"background", background_names, 2,
                                     "theme or terminal"},
        [SETTINGS_KEY_CODE] = {"code", code_names, SETTINGS_CODES,
                               "pseudocode, python, c or java"},
        [SETTINGS_KEY_ASSIST] = {"assist", assist_names, SETTINGS_ASSISTS,
                                 "none, some or all"},
};

const char *settings_code_name(enum settings_code c)
{
	return (unsigned)c < SETTINGS_CODES ? code_names[c] : "?";
}

const char *settings_theme_name(enum settings_theme t)
{
	return (unsigned)t < SETTINGS_THEMES ? theme_names[t] : "?";
}

int settings_theme_from_name(const char *name)
{
	for (int t = 0; t < SETTINGS_THEMES; t++)
		if (strcmp(name, theme_names[t]) == 0)
			return t;
	return -1;
}

const char *settings_theme_names(void)
{
	return keys[SETTINGS_KEY_THEME].allowed;
}

int settings_default_path(char *buf, size_t len, char *err, size_t errlen)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"),
	           *base = fileio_base("XDG_CONFIG_HOME");
	int w;

	if (base && base == xdg)
		w = snprintf(buf, len, "%s/nqueens/%s", xdg, SETTINGS_FILE);
	else if (base)
		w = snprintf(buf, len, "%s/.config/nqueens/%s", base, SETTINGS_FILE);
	else {
		errmsg_set(err, errlen,
		           "neither XDG_CONFIG_HOME nor HOME is set: settings are not "
		           "saved");
		return -1;
	}
	if (w < 0 || (size_t)w >= len) {
		errmsg_set(err, errlen, "the config file's path is too long");
		return -1;
	}
	return 0;
}

static void forget(struct settings *s)
{
	for (size_t i = 0; i < s->nlines; i++)
		free(s->linev[i].text);
	s->nlines = 0;
	for (int k = 0; k < SETTINGS_KEYS; k++) {
		s->value[k] = -1;
		s->line[k] = -1;
	}
}

int settings_init(struct settings *s, const char *path)
{
	char buf[4096];

	memset(s, 0, sizeof *s);
	forget(s);
	for (int k = 0; k < SETTINGS_KEYS; k++)
		s->set[k] = -1;
	if (!path) {
		if (settings_default_path(buf, sizeof buf, s->refusal,
		                          sizeof s->refusal) < 0)
			return 0;
		path = buf;
		/* The directories from it down are checked before each write. */
		s->base = strdup(fileio_base("XDG_CONFIG_HOME"));
		if (!s->base)
			return -1;
	}
	const char *slash = strrchr(path, '/');

	s->path = strdup(path);
	s->dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path))
	               : strdup(".");
	if (!s->path || !s->dir) {
		settings_free(s);
		return -1;
	}
	return 0;
}

void settings_free(struct settings *s)
{
	forget(s);
	free(s->linev);
	free(s->path);
	free(s->dir);
	free(s->base);
	s->linev = NULL;
	s->caplines = 0;
	s->path = s->dir = s->base = NULL;
}

/* Appends a copy of len bytes of text as a line; -1 when out of memory. */
static int add_line(struct settings *s, const char *text, size_t len)
{
	char *copy = malloc(len + 1);

	if (!copy)
		return -1;
	if (s->nlines == s->caplines || !s->linev) {
		size_t cap = s->caplines ? s->caplines * 2 : 16;
		struct settings_line *v = realloc(s->linev, cap * sizeof *v);

		if (!v) {
			free(copy);
			return -1;
		}
		/* Slots not yet written read as empty. */
		memset(v + s->caplines, 0, (cap - s->caplines) * sizeof *v);
		s->linev = v;
		s->caplines = cap;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	s->linev[s->nlines++] = (struct settings_line){copy, len, '\n'};
	return 0;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Up to 40 bytes of text for a message, anything but printable ASCII as '?'. */
static void quote(const char *text, size_t len, char *out, size_t outlen)
{
	size_t k = 0, max = outlen > 44 ? 40 : outlen - 4;

	for (size_t i = 0; i < len && k < max; i++)
		out[k++] = text[i] >= ' ' && text[i] < 127 ? text[i] : '?';
	if (len > max)
		for (int d = 0; d < 3; d++)
			out[k++] = '.';
	out[k] = '\0';
}

/* Where the setting of a line starts and ends, once blanks and its comment are off. */
struct parsed {
	size_t key_at, key_len, value_at, value_len;
	size_t comment_at; /* the blanks and the # that end the line, or len */
};

/*
 * Reads one line: returns the key (enum settings_key) and value it sets, -1 for a
 * blank line or a comment, -2 for a bad line with the reason in why.
 */
static int parse_line(const char *t, size_t len, struct parsed *p, int *value, char *why,
                      size_t whylen)
{
	size_t i = 0, end, eq;
	char q[64];

	if (memchr(t, '\0', len)) {
		errmsg_set(why, whylen, "a NUL byte");
		return -2;
	}
	/* The comment, with the blanks before it, is not part of the setting. */
	const char *hash = memchr(t, '#', len);

	end = hash ? (size_t)(hash - t) : len;
	p->comment_at = end;
	while (end > 0 && blank(t[end - 1]))
		end--;
	if (hash)
		p->comment_at = end;
	while (i < end && blank(t[i]))
		i++;
	if (i == end)
		return -1;
	p->key_at = i;
	while (i < end && t[i] != '=' && !blank(t[i]))
		i++;
	p->key_len = i - p->key_at;
	while (i < end && blank(t[i]))
		i++;
	eq = i;
	if (eq == end || t[eq] != '=') {
		quote(t + p->key_at, end - p->key_at, q, sizeof q);
		errmsg_set(why, whylen, "'%s' is not a setting: write key = value", q);
		return -2;
	}
	if (p->key_len == 0) {
		errmsg_set(why, whylen, "no setting name before the =");
		return -2;
	}
	i = eq + 1;
	while (i < end && blank(t[i]))
		i++;
	p->value_at = i;
	p->value_len = end - i;
	for (int k = 0; k < SETTINGS_KEYS; k++) {
		if (strlen(keys[k].name) != p->key_len ||
		    memcmp(keys[k].name, t + p->key_at, p->key_len) != 0)
			continue;
		for (int v = 0; v < keys[k].nvalues; v++) {
			if (strlen(keys[k].values[v]) == p->value_len &&
			    memcmp(keys[k].values[v], t + p->value_at, p->value_len) ==
			            0) {
				*value = v;
				return k;
			}
		}
		quote(t + p->value_at, p->value_len, q, sizeof q);
		if (p->value_len == 0)
			errmsg_set(why, whylen, "%s has no value: it is %s", keys[k].name,
			           keys[k].allowed);
		else
			errmsg_set(why, whylen, "%s is %s, not '%s'", keys[k].name,
			           keys[k].allowed, q);
		return -2;
	}
	quote(t + p->key_at, p->key_len, q, sizeof q);
	errmsg_set(why, whylen,
	           "unknown setting '%s' (the settings are theme, bell, background, "
	           "code and assist)",
	           q);
	return -2;
}

/* Takes what line i sets, if anything; returns whether it is bad. */
static bool take_line(struct settings *s, size_t i, char *why, size_t whylen)
{
	struct parsed p;
	int value = 0;
	/* A byte-order mark is kept in the line, and read past. */
	size_t bom = i == 0 ? fileio_bom(s->linev[i].text, s->linev[i].len) : 0;
	int k = parse_line(s->linev[i].text + bom, s->linev[i].len - bom, &p, &value, why,
	                   whylen);

	if (k >= 0) {
		s->value[k] = value;
		s->line[k] = (long)i;
	}
	return k == -2;
}

int settings_parse(struct settings *s, const char *text, size_t len, const char *name,
                   char *err, size_t errlen)
{
	char why[256], first[512] = "";
	size_t at = 0;
	int bad = 0;

	forget(s);
	while (at < len) {
		size_t next, n = fileio_line(text + at, len - at, &next);

		/* Written back with the end it had: a CRLF line keeps its CR (a
		 * blank), a line that a CR alone ended ends so again. */
		bool cr = next == n + 1 && text[at + n] == '\r';

		if (next == n + 2)
			n++;
		if (add_line(s, text + at, n) < 0) {
			forget(s);
			return -1;
		}
		if (cr)
			s->linev[s->nlines - 1].end = '\r';
		if (take_line(s, s->nlines - 1, why, sizeof why) && bad++ == 0)
			snprintf(first, sizeof first, "%s:%zu: %s; ignored", name,
			         s->nlines, why);
		at += next;
	}
	if (bad == 1)
		errmsg_set(err, errlen, "%s", first);
	else if (bad > 1)
		errmsg_set(err, errlen, "%s (and %d more bad line%s)", first, bad - 1,
		           bad > 2 ? "s" : "");
	return bad;
}

char *settings_format(const struct settings *s, size_t *len)
{
	size_t total = 0, at = 0;
	char *out;

	for (size_t i = 0; i < s->nlines; i++)
		total += s->linev[i].len + 1;
	out = malloc(total + 1);
	if (!out)
		return NULL;
	for (size_t i = 0; i < s->nlines; i++) {
		memcpy(out + at, s->linev[i].text, s->linev[i].len);
		at += s->linev[i].len;
		out[at++] = s->linev[i].end;
	}
	out[at] = '\0';
	*len = at;
	return out;
}

bool settings_is_config(const char *text, size_t len)
{
	size_t at = fileio_bom(text, len);

	if (at == len)
		return true;
	while (at < len) {
		size_t next, end = at + fileio_line(text + at, len - at, &next), i = at;

		while (i < end && blank(text[i]))
			i++;
		/* Blank, or a comment. */
		if (i == end || text[i] == '#')
			return true;
		/* A word, then an =. */
		if (text[i] != '=' && !memchr(text + at, '\0', end - at)) {
			while (i < end && text[i] != '=' && !blank(text[i]))
				i++;
			while (i < end && blank(text[i]))
				i++;
			if (i < end && text[i] == '=')
				return true;
		}
		at += next;
	}
	return false;
}

int settings_set(struct settings *s, const char *key, const char *value, char *err,
                 size_t errlen)
{
	char line[512], why[256];
	struct parsed p;
	int k, v;

	snprintf(line, sizeof line, "%s = %s", key, value);
	k = parse_line(line, strlen(line), &p, &v, why, sizeof why);
	if (k < 0 || strchr(line, '\n') || p.comment_at != strlen(line)) {
		errmsg_set(err, errlen, "%s", k == -2 ? why : "not a setting");
		return -1;
	}
	long at = s->line[k];

	if (at < 0 || (size_t)at >= s->nlines || !s->linev || !s->linev[at].text) {
		if (add_line(s, line, strlen(line)) < 0) {
			errmsg_set(err, errlen, "out of memory");
			return -1;
		}
		at = (long)s->nlines - 1;
	} else {
		/* The line's own comment stays after the new value. */
		struct settings_line *l = &s->linev[at];
		int old_value;

		parse_line(l->text, l->len, &p, &old_value, why, sizeof why);
		size_t keep = l->len - p.comment_at, n = strlen(line);
		char *text = malloc(n + keep + 1);

		if (!text) {
			errmsg_set(err, errlen, "out of memory");
			return -1;
		}
		memcpy(text, line, n);
		memcpy(text + n, l->text + p.comment_at, keep);
		text[n + keep] = '\0';
		free(l->text);
		*l = (struct settings_line){text, n + keep, l->end};
	}
	take_line(s, (size_t)at, why, sizeof why);
	s->set[k] = v;
	return 0;
}

int settings_theme(const struct settings *s)
{
	return s->value[SETTINGS_KEY_THEME];
}

bool settings_bell(const struct settings *s)
{
	return s->value[SETTINGS_KEY_BELL] != 0;
}

int settings_code(const struct settings *s)
{
	return s->value[SETTINGS_KEY_CODE];
}

int settings_assist(const struct settings *s)
{
	return s->value[SETTINGS_KEY_ASSIST];
}

const char *settings_assist_name(enum settings_assist a)
{
	return (unsigned)a < SETTINGS_ASSISTS ? assist_names[a] : "?";
}

int settings_assist_from_name(const char *name)
{
	for (int i = 0; i < SETTINGS_ASSISTS; i++)
		if (strcmp(name, assist_names[i]) == 0)
			return i;
	return -1;
}

int settings_background(const struct settings *s)
{
	return s->value[SETTINGS_KEY_BACKGROUND] == SETTINGS_BACKGROUND_TERMINAL
	               ? SETTINGS_BACKGROUND_TERMINAL
	               : SETTINGS_BACKGROUND_THEME;
}

/* Refuses the file for as long as s lives: fills refusal and err from why. */
static int refuse(struct settings *s, const char *why, char *err, size_t errlen)
{
	errmsg_set(s->refusal, sizeof s->refusal, "%s, so it is left as it is", why);
	errmsg_set(err, errlen, "%s; settings are not saved, the file is left as it is",
	           why);
	return -1;
}

/* Why the file is not a config file, naming the file a link leads to. */
static void not_config(const struct settings *s, const char *target, char *buf,
                       size_t len)
{
	static const char what[] = "no line of it is a setting (key = value), a "
	                           "comment or blank";

	if (strcmp(target, s->path) != 0)
		errmsg_set(buf, len, "%s leads to %s, which is not a config file (%s)",
		           s->path, target, what);
	else
		errmsg_set(buf, len, "%s is not a config file (%s)", s->path, what);
}

int settings_load(struct settings *s, char *err, size_t errlen)
{
	char why[4600], owner[4600] = "", unread[512], *text, *target;
	size_t len = 0;
	int bad;

	forget(s);
	if (!s->path)
		return 0;
	s->refusal[0] = '\0';
	/* A directory that is not the user's alone: nothing is read or written
	 * there, nor removed. */
	if (s->base && fileio_check_tree(s->base, s->dir, why, sizeof why) < 0)
		return refuse(s, why, err, errlen);
	target = fileio_target(s->path, why, sizeof why);
	if (!target) {
		/* A link that leads nowhere, or a path that cannot be followed. */
		errmsg_set(s->refusal, sizeof s->refusal, "%s", why);
		errmsg_set(err, errlen, "%s; settings are not saved, it is left as it is",
		           why);
		return -1;
	}
	/* Another user's file is read, never written; nor is what is beside it. */
	if (fileio_check_owner(s->path, target, owner, sizeof owner) == 0)
		fileio_remove_stale(target);
	text = fileio_read(target, SETTINGS_MAX_BYTES, &len, unread, sizeof unread);
	if (!text && errno == EFBIG)
		snprintf(unread + strlen(unread), sizeof unread - strlen(unread),
		         ", not a config file");
	if (!text && !unread[0]) {
		free(target);
		return 0;
	}
	if (!text) {
		free(target);
		errmsg_set(s->refusal, sizeof s->refusal,
		           "%s could not be read (%s), so it is left as it is", s->path,
		           unread);
		errmsg_set(err, errlen,
		           "%s: %s; settings are not saved, the file is left as it is",
		           s->path, unread);
		return -1;
	}
	if (!settings_is_config(text, len)) {
		if (!owner[0])
			not_config(s, target, owner, sizeof owner);
		free(text);
		free(target);
		return refuse(s, owner, err, errlen);
	}
	free(target);
	bad = settings_parse(s, text, len, s->path, err, errlen);
	free(text);
	if (bad < 0) {
		errmsg_set(s->refusal, sizeof s->refusal, "%s", strerror(ENOMEM));
		errmsg_set(err, errlen, "%s: %s", s->path, strerror(ENOMEM));
		return bad;
	}
	/* Its settings are taken; its bad lines are said another time. */
	if (owner[0])
		return refuse(s, owner, err, errlen);
	/* Said before the first save parts it from its other names. */
	if (bad == 0 && fileio_other_names(s->path, err, errlen))
		return 1;
	return bad;
}

/* Sets in disk what this session set in s; -1 when out of memory. */
static int set_again(struct settings *disk, const struct settings *s, char *err,
                     size_t errlen)
{
	for (int k = 0; k < SETTINGS_KEYS; k++)
		if (s->set[k] >= 0 &&
		    settings_set(disk, keys[k].name, keys[k].values[s->set[k]], err,
		                 errlen) < 0)
			return -1;
	return 0;
}

int settings_save(struct settings *s, char *err, size_t errlen)
{
	char why[4600], ignored[8];
	struct fileio_update u;
	struct settings disk;
	char *text;
	size_t len;
	int rc = -1;

	if (s->refusal[0]) {
		errmsg_set(err, errlen, "%s", s->refusal);
		return -1;
	}
	if (!s->path) {
		errmsg_set(err, errlen, "settings are kept in memory only");
		return -1;
	}
	if (settings_init(&disk, s->path) < 0) {
		errmsg_set(err, errlen, "out of memory");
		return -1;
	}
	if (fileio_update_begin(s->path, s->base, SETTINGS_MAX_BYTES, &u, &text, &len,
	                        err, errlen) < 0) {
		settings_free(&disk);
		return -1;
	}
	/* The file as it is now, with what this session set put in it: a line
	 * another copy or a person added meanwhile stays. */
	if (!settings_is_config(text, len)) {
		not_config(s, u.target, why, sizeof why);
		errmsg_set(err, errlen, "%s now, so it is left as it is", why);
	} else if (settings_parse(&disk, text, len, s->path, ignored, sizeof ignored) <
	                   0 ||
	           set_again(&disk, s, err, errlen) < 0) {
		errmsg_set(err, errlen, "out of memory");
	} else {
		free(text);
		text = settings_format(&disk, &len);
		if (!text)
			errmsg_set(err, errlen, "out of memory");
		else
			rc = fileio_update_write(&u, text, len, err, errlen);
	}
	free(text);
	fileio_update_end(&u);
	if (rc == 0) {
		/* What was written is what s holds now. */
		forget(s);
		free(s->linev);
		s->linev = disk.linev;
		s->nlines = disk.nlines;
		s->caplines = disk.caplines;
		memcpy(s->value, disk.value, sizeof s->value);
		memcpy(s->line, disk.line, sizeof s->line);
		disk.linev = NULL;
		disk.nlines = disk.caplines = 0;
	}
	settings_free(&disk);
	return rc;
}
