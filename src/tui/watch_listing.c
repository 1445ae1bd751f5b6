/* Watch's listings: the pseudocode and the program in the language chosen, read from
 * data/, and the line the last event lights in each. */
#include "config.h"

#include "tui/watch_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "datadir.h"
#include "engine/fileio.h"

static void say(struct watch_model *w, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void say(struct watch_model *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->message, sizeof w->message, fmt, ap);
	va_end(ap);
}

/* Reads data/pseudocode/NAME.txt; a missing file leaves a line saying so. */
static void load_pseudo(struct watch_model *w)
{
	char name[64], path[4096];
	FILE *f;

	w->npseudo = 0;
	snprintf(name, sizeof name, "pseudocode/%s.txt", search_algo_name(w->algo));
	f = datadir_find(name, path, sizeof path) ? fileio_open_regular(path, NULL, 0)
	                                          : NULL;
	if (!f) {
		snprintf(w->pseudo[0], sizeof w->pseudo[0], "(%s not found)", name);
		w->npseudo = 1;
		return;
	}
	while (w->npseudo < PSEUDO_MAX_LINES &&
	       fgets(w->pseudo[w->npseudo], sizeof w->pseudo[0], f)) {
		char *line = w->pseudo[w->npseudo];

		line[strcspn(line, "\n")] = '\0';
		w->npseudo++;
	}
	fclose(f);
	/* Blank lines at the end would only take room. */
	while (w->npseudo > 0 && w->pseudo[w->npseudo - 1][0] == '\0')
		w->npseudo--;
}

/*
 * Loads the listing of the algorithm in the language chosen (Python under
 * the pseudocode, for the variables' names); repair and construct have
 * none, and listing_why says so.
 */
static void load_listing(struct watch_model *w)
{
	enum code_lang l = w->lang < CODE_LANG_COUNT ? w->lang : CODE_PYTHON;
	char name[64], path[4096], err[300];

	code_free(w->listing);
	w->listing = NULL;
	w->listing_why[0] = '\0';
	if (!code_has(w->algo)) {
		snprintf(w->listing_why, sizeof w->listing_why,
		         "%s has no %s listing: it is not a tree search",
		         search_algo_name(w->algo), watch_lang_title(l));
		return;
	}
	code_file(w->algo, l, name, sizeof name);
	if (!datadir_find(name, path, sizeof path)) {
		snprintf(w->listing_why, sizeof w->listing_why, "%s not found", name);
		return;
	}
	w->listing = code_load(path, w->algo, l, err, sizeof err);
	if (!w->listing)
		snprintf(w->listing_why, sizeof w->listing_why, "%s", err);
}

/*
 * The listing's outside call, "solve(a)", names the file the search starts
 * in, which given queens move on (the engine's first event says which).
 */
static void name_first_call(struct watch_model *w)
{
	const struct search_event *ev;
	char file[16];

	if (!search_is_tree(w->algo) || !search_step(w->s))
		return;
	ev = search_last(w->s);
	if (ev->kind == SEARCH_EV_ENTER) {
		board_file_name(ev->file, file, sizeof file);
		for (int i = 0; i < w->npseudo; i++)
			if (strcmp(w->pseudo[i], "solve(a)") == 0)
				snprintf(w->pseudo[i], sizeof w->pseudo[i], "solve(%s)",
				         file);
	}
	search_restart(w->s);
}

void watch_listing_load(struct watch_model *w)
{
	load_pseudo(w);
	name_first_call(w);
	load_listing(w);
}

const char *watch_lang_title(enum code_lang l)
{
	static const char *const titles[CODE_LANG_COUNT] = {"Python", "C", "Java"};

	return l < CODE_LANG_COUNT ? titles[l] : "Pseudocode";
}

void watch_model_set_lang(struct watch_model *w, enum code_lang l)
{
	w->lang = l < CODE_LANG_COUNT ? l : CODE_LANG_COUNT;
	load_listing(w);
}

void watch_model_next_lang(struct watch_model *w)
{
	watch_model_set_lang(w, w->lang == CODE_LANG_COUNT ? CODE_PYTHON : w->lang + 1);
	if (w->lang < CODE_LANG_COUNT && !w->listing)
		say(w, "%s: %s; the pseudocode shows.", watch_lang_title(w->lang),
		    w->listing_why);
	else
		say(w, "The listing in %s (c for the next language).",
		    w->lang < CODE_LANG_COUNT ? watch_lang_title(w->lang) : "pseudocode");
}

bool watch_model_code_shown(const struct watch_model *w)
{
	return w->lang < CODE_LANG_COUNT && w->listing &&
	       code_algo(w->listing) == search_algo(w->s);
}

int watch_model_lit(const struct watch_model *w)
{
	return watch_model_code_shown(w) ? code_line(w->listing, w->s)
	                                 : search_line(w->s);
}

enum theme_item watch_model_line_role(const struct watch_model *w, bool code, int i)
{
	int lit = code ? watch_model_lit(w) : search_line(w->s);

	return i + 1 == lit ? THEME_SELECTED : THEME_NORMAL;
}

/* Whether line i (from 1) of listing c holds a phrase the step's words quote. */
static bool quotes_line(const struct watch_model *w, const struct code_listing *c, int i)
{
	for (int k = 0; k < w->nnamed; k++)
		if (strstr(code_text(c, i), w->named[k]))
			return true;
	return false;
}

/*
 * The events that light a quoted line in any language's listing of the
 * algorithm: the line "for rank in range(n):" names is the loop of C and
 * Java too.
 */
static void name_slots(struct watch_model *w)
{
	memset(w->named_slot, 0, sizeof w->named_slot);
	if (!w->nnamed || !code_has(w->algo))
		return;
	for (int l = 0; l < CODE_LANG_COUNT; l++) {
		char name[64], path[4096], err[300];
		struct code_listing *c;

		code_file(w->algo, (enum code_lang)l, name, sizeof name);
		if (!datadir_find(name, path, sizeof path))
			continue;
		c = code_load(path, w->algo, (enum code_lang)l, err, sizeof err);
		for (int kind = 1; c && kind <= SEARCH_EV_DONE; kind++)
			for (int why = 0; why < 4; why++)
				for (int outer = 0; outer < 2; outer++) {
					int line = code_kind_line(
					        c, (enum search_kind)kind,
					        (enum board_line)why, outer);

					if (line > 0 && quotes_line(w, c, line))
						w->named_slot[WATCH_SLOT(kind, why,
						                         outer)] = true;
				}
		code_free(c);
	}
}

void watch_model_name_lines(struct watch_model *w, const char *words)
{
	w->nnamed = 0;
	for (const char *p = words; p && (p = strchr(p, '"')) != NULL;) {
		const char *end = strchr(p + 1, '"');
		size_t len;

		if (!end)
			break;
		len = (size_t)(end - p - 1);
		/* A quoted letter or two ("a") names no line; one too long, none. */
		if (len >= 3 && len < sizeof w->named[0] && w->nnamed < WATCH_NAMED_MAX)
			snprintf(w->named[w->nnamed++], sizeof w->named[0], "%.*s",
			         (int)len, p + 1);
		p = end + 1;
	}
	name_slots(w);
}

bool watch_model_line_named(const struct watch_model *w, bool code, int i)
{
	const char *line;

	if (code ? !w->listing || i >= code_count(w->listing) : i >= w->npseudo)
		return false;
	line = code ? code_text(w->listing, i + 1) : w->pseudo[i];
	for (int k = 0; k < w->nnamed; k++)
		if (strstr(line, w->named[k]))
			return true;
	/* The line that the events of a line quoted in another language light. */
	for (int k = 0; code && k < WATCH_SLOTS; k++)
		if (w->named_slot[k] &&
		    code_kind_line(w->listing, (enum search_kind)(k / 8),
		                   (enum board_line)(k / 2 % 4), k % 2) == i + 1)
			return true;
	return false;
}
