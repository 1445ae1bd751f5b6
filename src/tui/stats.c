/* The Stats screen: the daily puzzles' calendar, the streak, best times, what was found.
 */
#include "config.h"

#include "tui/stats.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/daily.h"
#include "tui/input.h"
#include "tui/keymap.h"
#include "engine/puzzle.h"
#include "engine/stats.h"
#include "tui/stats_model.h"
#include "engine/store.h"
#include "tui/text.h"
#include "tui/theme.h"

/* A day's cell: its number in three columns and its mark. */
#define CELL_W 4
#define CAL_W (7 * CELL_W)
/* The calendar's lines: the month, the weekdays, six weeks at most, the legend. */
#define CAL_H 9
/* The widest of the streak's lines beside it. */
#define DAILY_W 27

/* The found table's width, and its free game column's. */
#define FOUND_W 23
#define FREE_W 11

/* Rows of best times and of sizes found shown at most. */
#define ROWS_MAX 64

enum stats_action {
	STATS_PREV,
	STATS_NEXT,
	STATS_DAY_BACK,
	STATS_DAY_ON,
	STATS_TODAY,
	STATS_PLAY,
	STATS_CLOSE,
	STATS_QUIT,
};

static const struct keymap_row key_rows[] = {
        {STATS_PREV,
         {KEY(LEFT), KCHAR('h'), KEY(PAGEUP)},
         "the month before or after",
         {{0, "Left/Right month"}}},
        {STATS_NEXT, {KEY(RIGHT), KCHAR('l'), KEY(PAGEDOWN)}, NULL, {}},
        {STATS_DAY_BACK,
         {KEY(UP), KCHAR('k'), KMOUSE(WHEEL_UP)},
         "the day before or after",
         {{0, "Up/Down day"}}},
        {STATS_DAY_ON, {KEY(DOWN), KCHAR('j'), KMOUSE(WHEEL_DOWN)}, NULL, {}},
        {STATS_TODAY,
         {KCHAR('t'), KEY(HOME)},
         "back to today",
         {{KEYMAP_MORE, "t today"}}},
        {STATS_PLAY,
         {KEY(ENTER), KCHAR(' ')},
         "play the daily puzzle of the day chosen (a past one is timed late: no "
         "day of the streak)",
         {{0, "Enter play"}}},
        {STATS_CLOSE, {KEY(ESCAPE), KEY(BACKSPACE)}, "back", {}},
        {STATS_QUIT, {KCHAR('q')}, "quit", {}},
};
static const struct keymap keys = KEYMAP(key_rows);

struct stats_screen {
	struct stats_model m;
	struct puzzle daily; /* the puzzle Enter opened, until Play has a copy */
	char daily_id[DAILY_ID_MAX];
	char message[300];
};

static void draw_calendar(const struct stats_model *m, int y, int x)
{
	static const char *const head[7] = {"Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"};
	char name[32], cell[16];
	int col = m->month.lead, row = 0;

	stats_month_name(m->month.year, m->month.month, name, sizeof name);
	text_put(y, x, theme_attr(THEME_TITLE), name);
	for (int i = 0; i < 7; i++)
		text_put(y + 1, x + i * CELL_W, theme_attr(THEME_LABEL), head[i]);
	for (int d = 0; d < m->month.days; d++) {
		snprintf(cell, sizeof cell, "%2d%s", d + 1, stats_model_day_mark(m, d));
		text_put(y + 2 + row, x + col * CELL_W,
		         theme_role(stats_model_day_role(m, d)), cell);
		if (++col == 7) {
			col = 0;
			row++;
		}
	}
	text_put(y + 8, x, theme_attr(THEME_DIMMED), "* on its day + later ? today");
}

/* The streak and the daily's best: the lines beside or under the calendar. */
static int daily_lines(const struct stats_model *m, char lines[][120])
{
	const struct store *st = m->store;
	struct daily_streak s;
	char t[32], date[16];
	uint64_t ms;
	long day;
	int count = 0;

	if (!st)
		return 0;
	if (m->has_today) {
		stats_streak(st, m->today, &s);
		snprintf(lines[count++], 120, "Streak: %d day%s, longest %d", s.current,
		         s.current == 1 ? "" : "s", s.longest);
		snprintf(lines[count++], 120, "%d on the day, %d later", s.days,
		         stats_late_days(st, m->today));
		snprintf(lines[count++], 120, "Today's: %s",
		         s.done_today ? "solved" : "to do");
	}
	if (stats_daily_best(st, &ms, &day)) {
		stats_format_ms(ms, t, sizeof t);
		daily_format_date(day, date, sizeof date);
		snprintf(lines[count++], 120, "Best daily: %s", t);
		snprintf(lines[count++], 120, "  on %s", date);
	}
	return count;
}

/* The best times by size and grade; returns the lines drawn. */
static int draw_bests(const struct store *st, int y, int x, int w, int room)
{
	struct stats_grade g[ROWS_MAX];
	size_t count = st ? stats_grades(st, g, ROWS_MAX) : 0;
	char t[32], line[120];
	int used = 0;

	if (room < 2)
		return 0;
	text_put_in(y, x, w, theme_attr(THEME_TITLE), "Best times");
	if (count == 0) {
		text_put_in(y + 1, x, w, theme_attr(THEME_DIMMED),
		            "no puzzle solved yet");
		return 2;
	}
	for (size_t i = 0; i < count && used + 1 < room; i++, used++) {
		stats_format_ms(g[i].ms, t, sizeof t);
		snprintf(line, sizeof line, "%2d %-6s %8s", g[i].n,
		         puzzle_grade_name(g[i].grade), t);
		text_put_in(y + 1 + used, x, w, A_NORMAL, line);
	}
	return used + 1;
}

/* Solutions and classes found per n, and the free games' best where it fits. */
static int draw_found(const struct store *st, int y, int x, int w, int room)
{
	struct stats_found f[STORE_MAX_N];
	size_t count = st ? stats_found(st, f, STORE_MAX_N) : 0;
	char sol[40], cls[40], t[32], line[120];
	bool free_col = w >= FOUND_W + FREE_W;
	int used = 0;

	if (room < 2 || w < FOUND_W)
		return 0;
	text_put_in(y, x, w, theme_attr(THEME_TITLE), "Found in Play");
	if (count == 0) {
		text_put_in(y + 1, x, w, theme_attr(THEME_DIMMED), "nothing yet");
		return 2;
	}
	if (room < 3)
		return 1;
	text_put_in(y + 1, x, w, theme_attr(THEME_LABEL),
	            free_col ? "size solutions  classes  free game"
	                     : "size solutions  classes");
	for (size_t i = 0; i < count && used + 2 < room; i++, used++) {
		snprintf(sol, sizeof sol, "%zu of %llu", f[i].solutions,
		         (unsigned long long)f[i].total);
		snprintf(cls, sizeof cls, "%zu of %llu", f[i].classes,
		         (unsigned long long)f[i].unique);
		if (f[i].has_free)
			stats_format_ms(f[i].free_ms, t, sizeof t);
		else
			snprintf(t, sizeof t, "-");
		snprintf(line, sizeof line, "%2dx%-2d %9s %8s%s%9s", f[i].n, f[i].n,
		         f[i].total ? sol : "-", f[i].unique ? cls : "-",
		         free_col ? "  " : "", free_col ? t : "");
		text_put_in(y + 2 + used, x, w, A_NORMAL, line);
	}
	return used + 2;
}

/*
 * Wide: the calendar and the daily's lines side by side, the best times and
 * what was found side by side under them.  Narrow: each under the other,
 * as many as fit whole.
 */
static void stats_draw(const void *self, struct layout_rect r)
{
	const struct stats_screen *s = self;
	const struct stats_model *m = &s->m;
	char lines[8][120];
	const char *hints[8];
	int margin = r.w >= 70 ? 2 : 1;
	int n = daily_lines(m, lines), y = r.y + 2, x = r.x + margin,
	    w = r.w - 2 * margin;
	int last = r.y + r.h - 2; /* the message's line, above the keys */
	bool wide = w >= CAL_W + 3 + DAILY_W;

	attrset(A_NORMAL);
	for (int i = r.y; i < r.y + r.h; i++)
		mvhline(i, r.x, ' ', r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), "nqueens - Stats");
	if (y + CAL_H <= last)
		draw_calendar(m, y, x);
	if (wide) {
		for (int i = 0; i < n; i++)
			text_put_in(y + 2 + i, x + CAL_W + 3, w - CAL_W - 3,
			            i == 0 ? theme_attr(THEME_KEY) : (int)A_NORMAL,
			            lines[i]);
		y += CAL_H + 1;
		/* In the columns of the calendar and of the streak. */
		draw_bests(m->store, y, x, CAL_W, last - y);
		draw_found(m->store, y, x + CAL_W + 3, w - CAL_W - 3, last - y);
	} else {
		y += CAL_H + 1;
		for (int i = 0; i < n && y < last; i++, y++)
			text_put_in(y, x, w,
			            i == 0 ? theme_attr(THEME_KEY) : (int)A_NORMAL,
			            lines[i]);
		y += n > 0;
		y += draw_bests(m->store, y, x, w, last - y) + 1;
		draw_found(m->store, y, x, w, last - y);
	}
	if (s->message[0])
		text_message(r, s->message, A_NORMAL, 1);
	text_keys(r, hints, keymap_hints(&keys, 0, hints, 8), "? help  q quit");
}

static void stats_resize(void *self, struct layout_rect r)
{
	struct stats_screen *s = self;

	(void)r;
	/* A game played since may have solved a day. */
	stats_model_refresh(&s->m);
}

/* The daily puzzle of the day chosen, in Play. */
static enum screen_reply play_chosen(struct stats_screen *s, struct screen_open *open)
{
	long day;

	if (!stats_model_playable(&s->m, &day)) {
		snprintf(s->message, sizeof s->message,
		         "That day's puzzle is still to come.");
		return SCREEN_STAY;
	}
	if (daily_puzzle(day, &s->daily, s->daily_id, sizeof s->daily_id) < 0) {
		snprintf(s->message, sizeof s->message,
		         "No puzzle could be made for that day.");
		return SCREEN_STAY;
	}
	*open = (struct screen_open){
	        .kind = SCREEN_PLAY,
	        .play = {.n = s->daily.n, .puzzle = &s->daily, .puzzle_id = s->daily_id}};
	return SCREEN_OPEN;
}

static enum screen_reply stats_key(void *self, const struct input_event *ev,
                                   struct screen_open *open)
{
	struct stats_screen *s = self;

	s->message[0] = '\0';
	switch (keymap_action(&keys, ev)) {
	case STATS_PREV:
		stats_model_move(&s->m, -1);
		break;
	case STATS_NEXT:
		stats_model_move(&s->m, 1);
		break;
	case STATS_DAY_BACK:
		stats_model_choose(&s->m, -1);
		break;
	case STATS_DAY_ON:
		stats_model_choose(&s->m, 1);
		break;
	case STATS_TODAY:
		stats_model_today(&s->m);
		break;
	case STATS_PLAY:
		return play_chosen(s, open);
	case STATS_CLOSE:
		return SCREEN_CLOSE;
	case STATS_QUIT:
		return SCREEN_QUIT;
	default:
		break;
	}
	return SCREEN_STAY;
}

static void stats_min_size(const void *self, int *lines, int *cols)
{
	(void)self;
	*lines = CAL_H + 4;
	*cols = CAL_W + 4;
}

static const struct keymap *stats_keys(const void *self)
{
	(void)self;
	return &keys;
}

static void stats_free(void *self)
{
	free(self);
}

static const struct screen_ops stats_ops = {
        .title = "Stats",
        .free = stats_free,
        .resize = stats_resize,
        .draw = stats_draw,
        .key = stats_key,
        .min_size = stats_min_size,
        .keys = stats_keys,
};

int stats_open(struct screen *out, const struct screen_open *o,
               const struct screen_env *env, char *err, size_t errlen)
{
	struct stats_screen *s = calloc(1, sizeof *s);
	char why[256];
	long today = 0;
	bool has_today;

	(void)o;
	if (!s) {
		snprintf(err, errlen, "Out of memory.");
		return -1;
	}
	has_today = daily_today(&today, why, sizeof why) == 0;
	stats_model_init(&s->m, env->store, today, has_today);
	/* A clock before 1970 leaves no today: said, and the rest shown. */
	if (!has_today)
		snprintf(s->message, sizeof s->message, "No streak: %s.", why);
	*out = (struct screen){&stats_ops, s};
	return 0;
}
