/* The Play screen's drawing: the board, the status, the framed column, the banner. */
#include "config.h"

#include "tui/play_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tui/boardview.h"
#include "engine/classes.h"
#include "engine/store.h"
#include "tui/text.h"
#include "tui/theme.h"

/* The status's columns: the fewest it is drawn in, and what it wants. */
#define STATUS_MIN_W 18
#define STATUS_W 32
/* The status's lines kept for it, what a solved board shows. */
#define STATUS_LINES 6
/*
 * The columns beside the board the block is centred for, whatever the
 * status says now, so that a solve never moves the board: between an empty
 * board's widest line ("found 0 of 92, 0 of 12 classes") and a solved
 * one's ("class 1 of 12, its representative"), so that both stand in the
 * middle; in a puzzle, its lines ("daily streak: 1 day in a row, today's
 * to do").  The status has the rest of the width and of the height, for a
 * longer line.
 */
#define STATUS_BESIDE_W 31
#define STATUS_PUZZLE_W 44

bool play_view_banner_up(const struct play *p)
{
	return p->banner && p->m.env.clock_ms() - p->banner_ms < PLAY_BANNER_MS;
}

/* Marks each square for the renderer from the position and the cursor. */
static void fill_cells(const struct play *p, uint16_t *cells)
{
	const struct play_model *m = &p->m;
	struct board_conflict c[64];
	size_t nc, n = (size_t)m->n;

	memset(cells, 0, n * n * sizeof *cells);
	/*
	 * A solved board is its queens alone, every one in the accent of a
	 * solve; the solution s showed is its queens alone too, unlit.
	 */
	if (m->solved_shown || (m->gave_up && m->judged && m->st.solved)) {
		for (size_t i = 0; i < m->b.pos.count; i++) {
			struct square sq = m->b.pos.sq[i];

			cells[sq.file * m->n + sq.rank] |=
			        BV_QUEEN | (m->gave_up ? 0 : BV_SOLVED) |
			        (play_model_is_given(m, sq) ? BV_LOCKED : 0);
		}
		return;
	}
	for (int f = 0; f < m->n; f++) {
		for (int r = 0; r < m->n; r++) {
			struct square sq = {f, r};
			uint16_t *cell = &cells[f * m->n + r];

			if (board_has(&m->b, sq)) {
				*cell |= BV_QUEEN;
				if (board_attackers(&m->b, sq) > 0)
					*cell |= BV_CONFLICT;
				if (play_model_is_given(m, sq))
					*cell |= BV_LOCKED;
			} else if (play_model_dots(m) && board_attackers(&m->b, sq) > 0) {
				*cell |= BV_ATTACKED;
			}
			/* The four lines through the cursor, as a preview. */
			if ((f == m->cursor.file && r == m->cursor.rank) ||
			    board_same_line(sq, m->cursor, NULL))
				*cell |= BV_PREVIEW;
		}
	}
	/* The squares between two queens in conflict show the line they share. */
	nc = board_conflicts(&m->b.pos, c, sizeof c / sizeof c[0]);
	for (size_t i = 0; i < nc && i < sizeof c / sizeof c[0]; i++)
		boardview_mark_between(cells, m->n, c[i].a, c[i].b);
	if (m->hint_shown)
		cells[m->hint.file * m->n + m->hint.rank] |= BV_HINT;
}

/*
 * Where the status goes: drawn from (y, x) in w columns, each line wrapped
 * at words, or only counted, for the layout.  In h lines (0: as many as it
 * takes) what does not fit is left out from the end, so that a small window
 * keeps the lines that matter most; core counts those (the queens, the
 * conflicts, whether it is solvable).
 */
struct status_out {
	int y, x, w;
	bool draw;
	int lines;
	int h;
	int core;
};

static void status_line(struct status_out *o, int attr, const char *text)
{
	int h = text_wrap_height(o->w, 2, text);

	if (o->h && o->lines + h > o->h)
		o->h = o->lines; /* nothing after a line left out */
	else if (o->draw)
		text_wrap(&(int){o->y + o->lines}, o->x, o->w, 2, attr, "%s", text);
	o->lines += h;
}

/* The model's lines of the status, each in its role's colours. */
static void draw_status(const struct play_model *p, struct status_out *o)
{
	struct play_status s;

	play_model_status(p, &s);
	for (int i = 0; i < s.count; i++) {
		if (s.line[i].gap)
			o->lines++;
		status_line(o, theme_role(s.line[i].role), s.line[i].text);
		if (i + 1 == s.core)
			o->core = o->lines;
	}
}

/* The status's lines in a column of that width: as they are, and room for more. */
static void status_measure(const void *ctx, int width, int *min, int *pref)
{
	struct status_out o = {.w = width};

	draw_status(ctx, &o);
	*min = o.core;
	/* A solved board says two lines more: room kept, so that the board stays. */
	*pref = o.lines < STATUS_LINES ? STATUS_LINES : o.lines;
}

static int board_fit(void *ctx, int h, int w, struct layout_size *got)
{
	return boardview_fit(ctx, h, w, &got->h, &got->w);
}

/* A narrow window drops the program's name from the title first. */
static void draw_title(const struct play_model *p, struct layout_rect r)
{
	/* A puzzle made now (puzzle_made's name) shows its seed, to be shared. */
	const char *seed = p->is_puzzle ? strstr(p->puzzle_id, "-seed-") : NULL;
	char title[160], what[64];

	if (seed)
		snprintf(what, sizeof what, " puzzle, seed %s", seed + 6);
	else
		snprintf(what, sizeof what, "%s", p->is_puzzle ? " puzzle" : "");
	snprintf(title, sizeof title, "nqueens - Play %dx%d%s", p->n, p->n, what);
	if (text_width(title) > r.w)
		snprintf(title, sizeof title, "Play %dx%d%s", p->n, p->n, what);
	text_cut(title, r.w);
	text_put_in(r.y, r.x, r.w, theme_attr(THEME_TITLE), title);
}

/* Where Play's parts go in a rectangle. */
struct place {
	struct boardview bv;
	struct layout_panel status;
	/* A large window: the status in a framed column, the classes found under it. */
	bool framed;
	struct layout_rect frame, found;
};

/* The size of a small board of n, as the classes found are drawn. */
static void small_board(int n, int *h, int *w)
{
	boardview_min_size(n, h, w);
}

/*
 * The framed column beside the board, when the window is tall enough and
 * has the room: as wide as the status wants, or two small boards side by
 * side; false when it has not.
 */
static bool frame_fits(const struct play_model *m, struct layout_rect area, int avail,
                       int *width)
{
	int sh, sw, inner = STATUS_W;

	if (!m->env.store || m->n > FOUND_MAX_N || area.h < FRAME_MIN_LINES)
		return false;
	small_board(m->n, &sh, &sw);
	if (avail - 4 >= 2 * sw + 2 && 2 * sw + 2 > inner)
		inner = 2 * sw + 2;
	else if (sw > inner)
		inner = sw;
	*width = inner + 4;
	return avail >= *width;
}

/*
 * The board and the status beside it or under it, by the layout: the board
 * whole first, then the status, then the board readable (squares two
 * lines tall and two thirds of the height), and the rest to the board.
 * The board and what is beside it stand together in the middle of the
 * window; in a large one the status is a framed column, with the classes
 * found under it.  A tall rectangle keeps the line above the key line for
 * messages.  Returns whether the board has a place.
 */
static bool place(const struct play *p, struct layout_rect r, struct place *pl)
{
	static const struct layout_arrangement where[] = {{{1}}, {{0}}};
	const struct play_model *m = &p->m;
	struct layout_rect area = {r.y + 1, r.x, r.h - 2 - (r.h >= 24), r.w};
	struct layout_panel *status = &pl->status;
	struct boardview *bv = &pl->bv;
	struct layout_board b;
	int gap = r.w < 60 ? 1 : 2, shift, fw = 0;

	pl->framed = false;
	*status = (struct layout_panel){.present = true,
	                                .prio = 1,
	                                .min_w = STATUS_MIN_W,
	                                .pref_w = STATUS_W,
	                                .measure = status_measure,
	                                .ctx = m};
	/* A solved board is its queens alone: the marks have done their work. */
	*bv = (struct boardview){.n = m->n,
	                         .marked = m->solved_shown ? NULL : m->marked,
	                         .cursor = m->cursor,
	                         .show_cursor = !p->cursor_hidden,
	                         .first_file = p->scroll_n == m->n ? p->first_file : 0,
	                         .first_rank = p->scroll_n == m->n ? p->first_rank : 0};
	bv->top = area.y;
	bv->left = area.x;
	layout_board_sizes(&b, area.h, area.w, board_fit, bv);
	/*
	 * Play is the board: it reads well with squares two lines tall, taking
	 * two thirds of the height at least (a small board does not leave the
	 * window to its status).
	 */
	b.readable = b.nsizes;
	for (int i = b.whole; i < b.nsizes; i++) {
		if (b.sizes[i].h >= 2 * m->n + 1 && b.sizes[i].w >= 2 * m->n + 1 &&
		    (b.sizes[i].h >= 2 * area.h / 3 || i == b.nsizes - 1)) {
			b.readable = i;
			break;
		}
	}
	/* A board that scrolls at every size reads best with all its files shown. */
	if (b.whole == b.nsizes) {
		int bh, bw;

		boardview_min_size(m->n, &bh, &bw);
		for (int i = 0; i < b.nsizes; i++) {
			if (b.sizes[i].w >= bw) {
				b.readable = i;
				break;
			}
		}
	}
	if (layout_board(&b, status, 1, where, 2, area, gap) < 0)
		return false;
	/* Beside each other, the two sit level in the middle of the height. */
	int spare = area.y + area.h - (b.at.y + b.at.h);

	if (status->shown && status->at.x > b.at.x && spare > 1) {
		b.at.y += spare / 2;
		status->at.y += spare / 2;
		if (status->at.y + status->at.h > area.y + area.h)
			status->at.h = area.y + area.h - status->at.y;
	}
	if (status->shown && status->at.x > b.at.x) {
		/* Beside: the two as one block in the middle of the width. */
		int avail = area.x + area.w - (b.at.x + b.at.w + gap), colw;

		pl->framed = frame_fits(m, area, avail, &fw);
		colw = pl->framed ? fw : m->is_puzzle ? STATUS_PUZZLE_W : STATUS_BESIDE_W;
		colw = colw < status->at.w || pl->framed ? colw : status->at.w;
		shift = (area.w - (b.at.w + gap + colw)) / 2;
		b.at.x += shift > 0 ? shift : 0;
		status->at.x = b.at.x + b.at.w + gap;
		status->at.w = pl->framed ? colw : area.x + area.w - status->at.x;
		status->at.h = area.y + area.h - status->at.y;
		if (pl->framed) {
			struct status_out o = {.w = fw - 4};
			int top = b.at.y < status->at.y ? b.at.y : status->at.y;

			draw_status(m, &o);
			pl->frame = (struct layout_rect){top, status->at.x, b.at.h, fw};
			status->at = (struct layout_rect){
			        top + 1, status->at.x + 2,
			        o.lines < b.at.h - 2 ? o.lines : b.at.h - 2, fw - 4};
			pl->found = (struct layout_rect){
			        status->at.y + status->at.h + 1, status->at.x,
			        top + b.at.h - 1 - (status->at.y + status->at.h + 1),
			        fw - 4};
		}
	} else {
		/* Alone, or the status under it: the board in the middle. */
		shift = (area.w - b.at.w) / 2;
		b.at.x += shift > 0 ? shift : 0;
		if (status->shown) {
			status->at.x = b.at.x;
			status->at.w = area.x + area.w - b.at.x;
		}
	}
	bv->top = b.at.y;
	bv->left = b.at.x;
	bv->height = b.at.h;
	bv->width = b.at.w;
	return boardview_layout(bv) == 0;
}

/*
 * The classes of this size found so far, for the framed column: their
 * representatives by the class iterator, the one just solved first, then
 * the others in their order, FOUND_MAX at most.
 */
static void found_update(struct play *p)
{
	const struct play_model *m = &p->m;
	struct found *f = &p->found;
	uint64_t want[FOUND_MAX],
	        last = 0, cur = m->solved_shown && !m->gave_up ? m->class_index : 0;
	const struct store_set *set;
	struct class_iter ci;
	int nwant = 0, rep[ENUM_MAX_N];
	size_t known;

	if (!m->env.store || m->n > FOUND_MAX_N) {
		f->n = m->n;
		f->count = 0;
		return;
	}
	known = store_found(m->env.store, STORE_CLASSES, m->n);
	if (f->n == m->n && f->known == known && f->current == cur)
		return;
	f->n = m->n;
	f->known = known;
	f->current = cur;
	set = &m->env.store->classes[m->n];
	if (cur && store_has(m->env.store, STORE_CLASSES, m->n, cur))
		want[nwant++] = cur;
	for (size_t i = 0; i < set->len && nwant < FOUND_MAX; i++)
		if (set->v[i] != cur)
			want[nwant++] = set->v[i];
	for (int i = 0; i < nwant; i++)
		last = want[i] > last ? want[i] : last;
	f->count = 0;
	classes_start(&ci, m->n);
	for (uint64_t k = 1; k <= last && classes_next(&ci, rep); k++) {
		for (int i = 0; i < nwant; i++) {
			if (want[i] != k)
				continue;
			f->index[i] = k;
			memcpy(f->ranks[i], rep, sizeof *rep * (size_t)m->n);
			f->count = f->count > i + 1 ? f->count : i + 1;
		}
	}
}

/*
 * The framed column: its border, and under the status the classes found
 * as small boards under their numbers, the one just solved marked, as
 * many as there is room for, and how many more.
 */
static void draw_frame(const struct play *p, const struct place *pl)
{
	const struct play_model *m = &p->m;
	const struct found *f = &p->found;
	struct layout_rect a = pl->found;
	int sh, sw, per, rows, shown, y = a.y;
	uint16_t cells[FOUND_MAX_N * FOUND_MAX_N];

	text_frame(pl->frame, theme_attr(THEME_DIMMED));
	if (a.h < 2 || f->n != m->n)
		return;
	text_line(&y, a.x, a.w, theme_attr(THEME_TITLE), "Classes found: %zu of %" PRIu64,
	          f->known, m->classes);
	if (f->count == 0) {
		text_line(&y, a.x, a.w, theme_attr(THEME_DIMMED),
		          "none yet: solve a board");
		return;
	}
	small_board(m->n, &sh, &sw);
	per = (a.w + 2) / (sw + 2);
	per = per < 1 ? 1 : per;
	/* A row of boards: the board, its number, a blank line. */
	rows = (a.y + a.h - y + 1) / (sh + 2);
	shown = per * rows < f->count ? per * rows : f->count;
	/* Room kept for the line that says how many more there are. */
	if ((size_t)shown < f->known && shown == per * rows && shown > 0 &&
	    y + rows * (sh + 2) - 1 >= a.y + a.h)
		shown--;
	for (int i = 0; i < shown; i++) {
		int x = a.x + i % per * (sw + 2), top = y + i / per * (sh + 2);
		struct boardview bv = {.n = m->n, .cells = cells};
		char cap[32];

		memset(cells, 0, sizeof cells);
		for (int fl = 0; fl < m->n; fl++)
			cells[fl * m->n + f->ranks[i][fl]] = BV_QUEEN;
		bv.top = top;
		bv.left = x;
		bv.height = sh;
		bv.width = sw;
		if (boardview_layout(&bv) == 0)
			boardview_draw(&bv);
		snprintf(cap, sizeof cap, "class %" PRIu64, f->index[i]);
		text_put_in(top + sh, x, sw,
		            f->index[i] == f->current ? theme_attr(THEME_GOOD)
		                                      : theme_attr(THEME_LABEL),
		            cap);
	}
	if ((size_t)shown < f->known) {
		int at = y + (shown + per - 1) / per * (sh + 2);

		if (at < a.y + a.h)
			text_line(&at, a.x, a.w, theme_attr(THEME_DIMMED), "and %zu more",
			          f->known - (size_t)shown);
	}
}

/*
 * The lines from y0 to y1 that nothing is drawn on, for the banner: the
 * free lines under what the board and the status take, down to the foot's
 * lines (the key line and a message), else over it; false when the board
 * fills the height.
 */
static bool banner_room(const struct place *pl, struct layout_rect r, int foot, int *y0,
                        int *y1)
{
	int bh, bw, top = pl->bv.org_y, bottom;

	boardview_extent(&pl->bv, &bh, &bw);
	bottom = top + bh;
	if (pl->framed && pl->frame.y + pl->frame.h > bottom)
		bottom = pl->frame.y + pl->frame.h;
	/* The status under the board takes lines there too. */
	if (pl->status.shown && pl->status.at.x <= pl->bv.left &&
	    pl->status.at.y + pl->status.at.h > bottom)
		bottom = pl->status.at.y + pl->status.at.h;
	if (pl->framed && pl->frame.y < top)
		top = pl->frame.y;
	if (bottom <= r.y + r.h - 1 - foot) {
		*y0 = bottom;
		*y1 = r.y + r.h - 1 - foot;
		return true;
	}
	if (top > r.y + 1) {
		*y0 = r.y + 1;
		*y1 = top - 1;
		return true;
	}
	return false;
}

/*
 * The banner of a solve, never across the board, whose queens stay in
 * sight: in the free lines under the board (or over it), centred under
 * it, as wide as the board or its words; where the board fills the
 * height, on the title line.  The first line breaks only after its dash
 * and its commas but the last ("#37 of 92," whole, the time with the
 * class); the second shows where there is a line for it.
 */
static void draw_banner(const struct play *p, const struct place *pl,
                        struct layout_rect r)
{
	const struct boardview *bv = &pl->bv;
	char text[2][400], lines[8][400], *last = NULL;
	int count = 0, w, h, y, x, bw, bh, room, pad, y0, y1, foot;

	play_model_banner(&p->m, theme_is_ascii() ? "-" : "\u2014", text[0],
	                  sizeof text[0], text[1], sizeof text[1]);
	boardview_extent(bv, &bh, &bw);
	/* The key line, and the message's lines where one is said. */
	foot = 1;
	if (p->m.message[0])
		foot += text_wrap_height(r.w - 1, 0, p->m.message) < 3
		                ? text_wrap_height(r.w - 1, 0, p->m.message)
		                : 3;
	if (!banner_room(pl, r, foot, &y0, &y1))
		y0 = y1 = r.y;
	/* The blanks it must not break at are held by a stand-in while it is wrapped. */
	for (char *c = text[0] + 1; *c; c++) {
		if (*c == ' ' && c[-1] == ',')
			last = c;
		if (*c == ' ' && c[-1] != ',' && c[-1] != '-' &&
		    (unsigned char)c[-1] != 0x94)
			*c = '~';
	}
	/* The time goes with what is before it. */
	if (last)
		*last = '~';
	/* As wide as the board, or as its first line whole, up to the window. */
	w = text_width(text[0]) + 4 > bw ? text_width(text[0]) + 4 : bw;
	w = w > r.w ? r.w : w;
	room = w - 2 > 1 ? w - 2 : 1;
	for (int k = 0; k < 2; k++) {
		const char *t = text[k];

		while (*t && count < 8) {
			size_t cut = text_wrap_cut(t, room);

			snprintf(lines[count], sizeof lines[0], "%.*s", (int)cut, t);
			for (char *c = lines[count]; *c; c++)
				*c = *c == '~' ? ' ' : *c;
			count++;
			t += cut;
			while (*t == ' ')
				t++;
		}
	}
	/* As many lines as there is room for; a blank line round them if more. */
	count = count > y1 - y0 + 1 ? y1 - y0 + 1 : count;
	pad = y1 - y0 + 1 >= count + 2 ? 1 : 0;
	h = count + 2 * pad;
	y = y0 + (y1 - y0 + 1 - h) / 2;
	x = bv->org_x - bv->label_w + (bw - w) / 2;
	x = x + w > r.x + r.w ? r.x + r.w - w : x;
	x = x < r.x ? r.x : x;
	attrset(theme_attr(THEME_BANNER));
	for (int k = 0; k < h; k++)
		mvhline(y + k, x, ' ', w);
	for (int k = 0; k < count; k++)
		text_put_in(y + pad + k, x + (w - text_width(lines[k])) / 2, w,
		            theme_attr(THEME_BANNER), lines[k]);
	attrset(A_NORMAL);
}

void play_view_follow(struct play *p, struct layout_rect r)
{
	struct place pl;

	if (!place(p, r, &pl))
		return;
	p->first_file = pl.bv.first_file;
	p->first_rank = pl.bv.first_rank;
	p->scroll_n = p->m.n;
	if (pl.framed)
		found_update(p);
}

void play_view_draw(const struct play *p, struct layout_rect r, const struct keymap *keys)
{
	const struct play_model *m = &p->m;
	uint16_t cells[PUZZLE_MAX_N * PUZZLE_MAX_N];
	const char *hints[32];
	struct place pl;
	bool placed;

	fill_cells(p, cells);
	draw_title(m, r);
	placed = place(p, r, &pl);
	if (placed) {
		pl.bv.cells = cells;
		boardview_draw(&pl.bv);
	}
	if (pl.status.shown) {
		struct status_out o = {pl.status.at.y,
		                       pl.status.at.x,
		                       pl.status.at.w,
		                       true,
		                       0,
		                       pl.status.at.h,
		                       0};

		draw_status(m, &o);
	}
	if (placed && pl.framed)
		draw_frame(p, &pl);
	/* Beside the board, never over it, for its moment. */
	if (placed && play_view_banner_up(p))
		draw_banner(p, &pl, r);
	if (m->message[0])
		text_message(r, m->message, theme_role(play_model_message_role(m)), 3);
	text_keys(r, hints, keymap_hints(keys, 0, hints, 32), "? help  q quit");
}

bool play_view_board_at(const struct play *p, struct layout_rect r, int line, int col,
                        struct square *sq)
{
	struct place pl;

	return place(p, r, &pl) && boardview_hit(&pl.bv, line, col, sq);
}
