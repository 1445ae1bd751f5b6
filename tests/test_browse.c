/* Unit tests of the Browse model without a terminal: ends, jumps, Escape, classes,
 * their pages and members, exports and the handout, threads. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "tui/browse_model.h"
#include "engine/classes.h"
#include "engine/enumerate.h"
#include "engine/store.h"

/* ---- news from the model's threads, waited for as the screen's loop does ---- */

static pthread_mutex_t news_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t news_cond = PTHREAD_COND_INITIALIZER;
static unsigned long news_count;

/* The model's notify: what term_post is to the screen. */
static void on_news(void *ctx)
{
	(void)ctx;
	pthread_mutex_lock(&news_lock);
	news_count++;
	pthread_cond_broadcast(&news_cond);
	pthread_mutex_unlock(&news_lock);
}

static unsigned long news_seen(void)
{
	unsigned long k;

	pthread_mutex_lock(&news_lock);
	k = news_count;
	pthread_mutex_unlock(&news_lock);
	return k;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Waits for news after the seen-th, until the monotonic time deadline. */
static void wait_news(unsigned long seen, double deadline)
{
	struct timespec until;
	double left = deadline - now_s();

	if (left <= 0)
		return;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += (time_t)left;
	until.tv_nsec += (long)((left - (double)(time_t)left) * 1e9);
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&news_lock);
	while (news_count == seen &&
	       pthread_cond_timedwait(&news_cond, &news_lock, &until) != ETIMEDOUT)
		;
	pthread_mutex_unlock(&news_lock);
}

/* Under valgrind (NQ_WRAP) everything takes some twenty times as long. */
static double patience(double secs)
{
	return getenv("NQ_WRAP") ? secs * 20 : secs;
}

/*
 * Takes in the model's news on each notify, as the screen does on each
 * wake, until done(m, arg) holds; false after secs (a bound, never a sleep).
 */
static bool news_until(struct browse_model *m,
                       bool (*done)(const struct browse_model *m, const void *arg),
                       const void *arg, double secs)
{
	double deadline = now_s() + patience(secs);

	for (;;) {
		unsigned long seen = news_seen();

		browse_model_news(m);
		if (done(m, arg))
			return true;
		if (now_s() >= deadline)
			return false;
		wait_news(seen, deadline);
	}
}

static bool shows_index(const struct browse_model *m, const void *arg)
{
	return m->index == *(const uint64_t *)arg;
}

static bool class_known(const struct browse_model *m, const void *arg)
{
	(void)arg;
	return m->class_index != 0;
}

/* The notices up to the arg-th have come, and their news has been taken in. */
static bool after_news(const struct browse_model *m, const void *arg)
{
	(void)m;
	return news_seen() >= *(const unsigned long *)arg;
}

/* ---- helpers ---- */

static struct enum_table table;
static bool table_loaded;

/* data/prefix-counts.tsv from $NQUEENS_DATADIR (or data), once. */
static const struct enum_table *prefix_table(void)
{
	const char *dir = getenv("NQUEENS_DATADIR");
	char path[4096], err[512];

	if (!table_loaded) {
		snprintf(path, sizeof path, "%s/prefix-counts.tsv", dir ? dir : "data");
		if (enum_table_load(&table, path, err, sizeof err) != 0)
			fail_msg("cannot load the prefix table: %s", err);
		table_loaded = true;
	}
	return &table;
}

static struct browse_model *model(int n, const struct enum_table *t)
{
	struct browse_model *m = browse_model_new(n, 0, t, on_news, NULL);

	assert_non_null(m);
	assert_int_equal(m->index, 1);
	return m;
}

static void assert_ranks(int n, const int *got, const int *want)
{
	for (int f = 0; f < n; f++)
		if (got[f] != want[f])
			fail_msg("file %c: rank %d, wanted %d", 'a' + f, got[f] + 1,
			         want[f] + 1);
}

/* The model shows solution #k, by the engine's count of the solutions before it. */
static void assert_shows(const struct browse_model *m, uint64_t k,
                         const struct enum_table *t)
{
	int want[ENUM_MAX_N];

	assert_int_equal(m->index, k);
	assert_int_equal(m->pending_k, 0);
	assert_true(enum_unrank(m->n, k, t, want));
	assert_ranks(m->n, m->ranks, want);
}

/* How many threads the process has, from /proc/self/task. */
static int threads(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;
	int k = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			k++;
	closedir(d);
	return k;
}

/* ---- End ---- */

/* End shows the last solution: its number is the total, its board the engine's last. */
static void end_at(int n, const struct enum_table *t, uint64_t total)
{
	struct browse_model *m = model(n, t);
	int last[ENUM_MAX_N];

	assert_int_equal(m->total, total);
	browse_model_end(m, true);
	assert_int_equal(m->index, total);
	assert_true(enum_last(n, last));
	assert_ranks(n, m->ranks, last);
	if (t || n <= 12)
		assert_shows(m, total, t);
	browse_model_hush(m);
	browse_model_step(m, 1);
	assert_int_equal(m->index, total);
	assert_string_equal(m->message, "This is the last solution.");
	browse_model_end(m, false);
	assert_int_equal(m->index, 1);
	assert_true(enum_first(n, last));
	assert_ranks(n, m->ranks, last);
	browse_model_free(m);
}

static void test_end(void **state)
{
	(void)state;
	end_at(12, NULL, 14200);
	end_at(16, prefix_table(), 14772512);
	end_at(16, NULL, 14772512); /* the total published, the last board at once */
}

/* ---- jumps ---- */

/* g k Enter, and the news taken in until solution #k shows. */
static void jump(struct browse_model *m, uint64_t k)
{
	char typed[32];

	snprintf(typed, sizeof typed, "%" PRIu64, k);
	browse_model_go(m, typed);
	assert_true(news_until(m, shows_index, &k, 120));
	assert_shows(m, k, prefix_table());
}

static void test_far_jump(void **state)
{
	static const int want[] = {7, 11, 6, 3, 15, 10, 12, 2, 5, 1, 4, 0, 14, 9, 13, 8};
	struct browse_model *m;
	uint64_t k = 7000000;

	(void)state;
	/* With the table: counted at once up to 16... */
	m = model(16, prefix_table());
	browse_model_go(m, "7000000");
	assert_shows(m, k, prefix_table());
	assert_ranks(16, m->ranks, want);
	browse_model_free(m);
	/* ...and in the background above. */
	m = model(17, prefix_table());
	browse_model_go(m, "50000000");
	assert_int_equal(m->index, 1);
	assert_int_equal(m->pending_k, 50000000);
	jump(m, 50000000);
	browse_model_free(m);
	/*
	 * Without it, walked to in the background.  A walk takes about 2 µs a
	 * solution at n = 16 (16 s to #7000000), so the walks here are shorter.
	 */
	m = model(16, NULL);
	jump(m, 200000);
	browse_model_free(m);
	m = model(14, NULL);
	jump(m, 300000);
	browse_model_free(m);
}

/* ---- Escape ---- */

/*
 * A jump asked for and stopped: the board stays, and no late answer moves
 * it through the next notices of the background (the count of the totals
 * sends one every 100 ms or so while it runs; two seconds at most).
 */
static void stop_jump(int n, const struct enum_table *t, const char *typed,
                      unsigned long notices)
{
	struct browse_model *m = model(n, t);
	int first[ENUM_MAX_N];
	unsigned long later;

	browse_model_step(m, 1);
	memcpy(first, m->ranks, sizeof first);
	browse_model_go(m, typed);
	assert_int_not_equal(m->pending_k, 0);
	assert_int_equal(m->index, 2);
	browse_model_hush(m);
	browse_model_cancel(m);
	assert_string_equal(m->message, "Search stopped.");
	assert_int_equal(m->pending_k, 0);
	assert_int_equal(m->index, 2);
	assert_ranks(n, m->ranks, first);
	later = news_seen() + notices;
	news_until(m, after_news, &later, 2);
	assert_int_equal(m->pending_k, 0);
	assert_int_equal(m->index, 2);
	assert_ranks(n, m->ranks, first);
	/* And the keys answer. */
	browse_model_step(m, 1);
	assert_int_equal(m->index, 3);
	browse_model_free(m);
}

static void test_escape(void **state)
{
	(void)state;
	/* Counted with the table (half a second), and walked to (for ever). */
	stop_jump(17, prefix_table(), "50000000", 5);
	stop_jump(20, NULL, "2000000000", 0);
}

/* ---- classes ---- */

static void class_of(int n, const struct enum_table *t, uint64_t k, uint64_t want)
{
	struct browse_model *m = model(n, t);
	char typed[32];
	uint64_t c;

	snprintf(typed, sizeof typed, "%" PRIu64, k);
	browse_model_go(m, typed);
	assert_int_equal(m->index, k);
	assert_true(news_until(m, class_known, NULL, 120));
	assert_int_equal(classes_index(n, m->ranks, NULL, &c), 0);
	assert_int_equal(m->class_index, c);
	assert_int_equal(m->class_index, want);
	browse_model_free(m);
}

static void test_class(void **state)
{
	(void)state;
	class_of(8, NULL, 38, 10);                   /* at once */
	class_of(14, prefix_table(), 300000, 29761); /* by a walk in the background */
}

/* ---- export ---- */

/* What the program exported before the model was split out of the screen. */
static const char solution_8_38[] = "nqueens: solution #38 of 92 on the 8x8 board\n"
                                    "\n"
                                    "8 . . Q . . . . .\n"
                                    "7 . . . . Q . . .\n"
                                    "6 . Q . . . . . .\n"
                                    "5 . . . . . . . Q\n"
                                    "4 Q . . . . . . .\n"
                                    "3 . . . . . . Q .\n"
                                    "2 . . . Q . . . .\n"
                                    "1 . . . . . Q . .\n"
                                    "  a b c d e f g h\n"
                                    "\n"
                                    "ranks:   4 6 8 2 7 1 3 5\n"
                                    "squares: a4 b6 c8 d2 e7 f1 g3 h5\n";

static const char class_8_10[] =
        "nqueens: class 10 of the 8x8 board, 4 members, symmetry: own 180\xc2\xb0 turn\n"
        "\n"
        "id, solution #14 (the representative):\n"
        "8 . . . Q . . . .\n"
        "7 . . . . . Q . .\n"
        "6 . . . . . . . Q\n"
        "5 . Q . . . . . .\n"
        "4 . . . . . . Q .\n"
        "3 Q . . . . . . .\n"
        "2 . . Q . . . . .\n"
        "1 . . . . Q . . .\n"
        "  a b c d e f g h\n"
        "\n"
        "ranks:   3 5 2 8 1 7 4 6\n"
        "squares: a3 b5 c2 d8 e1 f7 g4 h6\n"
        "\n"
        "rot90, solution #38:\n"
        "8 . . Q . . . . .\n"
        "7 . . . . Q . . .\n"
        "6 . Q . . . . . .\n"
        "5 . . . . . . . Q\n"
        "4 Q . . . . . . .\n"
        "3 . . . . . . Q .\n"
        "2 . . . Q . . . .\n"
        "1 . . . . . Q . .\n"
        "  a b c d e f g h\n"
        "\n"
        "ranks:   4 6 8 2 7 1 3 5\n"
        "squares: a4 b6 c8 d2 e7 f1 g3 h5\n"
        "\n"
        "flip-x, solution #79:\n"
        "8 . . . . Q . . .\n"
        "7 . . Q . . . . .\n"
        "6 Q . . . . . . .\n"
        "5 . . . . . . Q .\n"
        "4 . Q . . . . . .\n"
        "3 . . . . . . . Q\n"
        "2 . . . . . Q . .\n"
        "1 . . . Q . . . .\n"
        "  a b c d e f g h\n"
        "\n"
        "ranks:   6 4 7 1 8 2 5 3\n"
        "squares: a6 b4 c7 d1 e8 f2 g5 h3\n"
        "\n"
        "flip-diag, solution #55:\n"
        "8 . . . . . Q . .\n"
        "7 . . . Q . . . .\n"
        "6 . . . . . . Q .\n"
        "5 Q . . . . . . .\n"
        "4 . . . . . . . Q\n"
        "3 . Q . . . . . .\n"
        "2 . . . . Q . . .\n"
        "1 . . Q . . . . .\n"
        "  a b c d e f g h\n"
        "\n"
        "ranks:   5 3 1 7 2 8 6 4\n"
        "squares: a5 b3 c1 d7 e2 f8 g6 h4\n"
        "\n";

static const char solution_16_7000000[] =
        "nqueens: solution #7000000 of 14772512 on the 16x16 board\n"
        "\n"
        "16 . . . . Q . . . . . . . . . . .\n"
        "15 . . . . . . . . . . . . Q . . .\n"
        "14 . . . . . . . . . . . . . . Q .\n"
        "13 . . . . . . Q . . . . . . . . .\n"
        "12 . Q . . . . . . . . . . . . . .\n"
        "11 . . . . . Q . . . . . . . . . .\n"
        "10 . . . . . . . . . . . . . Q . .\n"
        " 9 . . . . . . . . . . . . . . . Q\n"
        " 8 Q . . . . . . . . . . . . . . .\n"
        " 7 . . Q . . . . . . . . . . . . .\n"
        " 6 . . . . . . . . Q . . . . . . .\n"
        " 5 . . . . . . . . . . Q . . . . .\n"
        " 4 . . . Q . . . . . . . . . . . .\n"
        " 3 . . . . . . . Q . . . . . . . .\n"
        " 2 . . . . . . . . . Q . . . . . .\n"
        " 1 . . . . . . . . . . . Q . . . .\n"
        "   a b c d e f g h i j k l m n o p\n"
        "\n"
        "ranks:   8 12 7 4 16 11 13 3 6 2 5 1 15 10 14 9\n"
        "squares: a8 b12 c7 d4 e16 f11 g13 h3 i6 j2 k5 l1 m15 n10 o14 p9\n";

static void assert_export(struct browse_model *m, const char *stem, const char *text)
{
	char got_stem[128], got[32768];

	assert_int_equal(
	        browse_model_export_text(m, got_stem, sizeof got_stem, got, sizeof got),
	        0);
	assert_string_equal(got_stem, stem);
	assert_string_equal(got, text);
}

static void test_export(void **state)
{
	struct browse_model *m;

	(void)state;
	m = model(8, NULL);
	browse_model_go(m, "38");
	assert_export(m, "nqueens-8x8-solution-38", solution_8_38);
	/* Tab: the classes, at the class of the solution shown; Enter: its members. */
	browse_model_classes(m);
	assert_int_equal(m->view, BROWSE_VIEW_CLASSES);
	assert_int_equal(m->csel, 9);
	browse_model_open(m);
	assert_int_equal(m->view, BROWSE_VIEW_MEMBERS);
	assert_export(m, "nqueens-8x8-class-10", class_8_10);
	browse_model_free(m);
	m = model(16, prefix_table());
	browse_model_go(m, "7000000");
	assert_export(m, "nqueens-16x16-solution-7000000", solution_16_7000000);
	browse_model_free(m);
}

/* ---- the handout of every class ---- */

/* A file of the source tree, whole, into buf. */
static void read_source(const char *name, char *buf, size_t len)
{
	const char *dir = getenv("srcdir");
	char path[4096];
	size_t got;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", name);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	got = fread(buf, 1, len - 1, f);
	buf[got] = '\0';
	fclose(f);
}

/* x on the classes of n: the handout, as the file in tests/ has it byte for byte. */
static void handout_of(int n, const char *stem, const char *file)
{
	static char want[65536];
	struct browse_model *m = model(n, NULL);

	read_source(file, want, sizeof want);
	browse_model_classes(m);
	assert_export(m, stem, want);
	/* The view stays, whether the classes show as boards or as the table. */
	assert_int_equal(m->view, BROWSE_VIEW_CLASSES);
	browse_model_gallery(m);
	assert_true(m->ctable);
	assert_export(m, stem, want);
	browse_model_free(m);
}

static void test_handout(void **state)
{
	struct browse_model *m;
	char stem[128], text[256];

	(void)state;
	handout_of(6, "nqueens-6x6-classes", "tests/browse-classes-6.txt");
	handout_of(8, "nqueens-8x8-classes", "tests/browse-classes-8.txt");
	/* Past 12x12 a handout would be thousands of boards: refused, and why. */
	m = model(13, prefix_table());
	browse_model_classes(m);
	assert_int_equal(
	        browse_model_export_text(m, stem, sizeof stem, text, sizeof text), -1);
	assert_string_equal(m->message,
	                    "Not exported: a handout of every class is made up to 12x12; "
	                    "Enter on a class, then x, writes that class.");
	browse_model_free(m);
}

/* ---- the classes, page by page ---- */

static void test_class_pages(void **state)
{
	int reps[BROWSE_PAGE_MAX][ENUM_MAX_N], orbits[BROWSE_PAGE_MAX], want[ENUM_MAX_N];
	struct browse_model *m = model(8, NULL);
	struct class_iter ci;
	uint64_t first;
	bool more;
	int count;

	(void)state;
	browse_model_classes(m);
	assert_false(m->ctable); /* boards first */
	/* All twelve on a page of 4 x 3, in order. */
	browse_model_classes_grid(m, 4, 3);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(count, 12);
	assert_int_equal(first, 0);
	assert_false(more);
	classes_start(&ci, 8);
	for (int i = 0; i < count; i++) {
		assert_true(classes_next(&ci, want));
		assert_ranks(8, reps[i], want);
		assert_int_equal(orbits[i], i == 9 ? 4 : 8);
	}
	/* Down: a row of boards on; Right: the next. */
	browse_model_row(m, 1);
	assert_int_equal(m->csel, 4);
	browse_model_step(m, 1);
	assert_int_equal(m->csel, 5);
	/* A page of 3 x 2: the page holds the class chosen; PgDn the next page. */
	browse_model_classes_grid(m, 3, 2);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(count, 6);
	assert_int_equal(first, 0);
	browse_model_page(m, 1);
	assert_int_equal(m->csel, 11);
	browse_model_classes_grid(m, 3, 2);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(first, 6);
	assert_int_equal(count, 6);
	/* A click on the third board of that page opens class 9's members. */
	browse_model_open_at(m, 2);
	assert_int_equal(m->view, BROWSE_VIEW_MEMBERS);
	assert_int_equal(m->var_class, 9);
	/* v in the classes: the table, one class a row, and back. */
	browse_model_cancel(m);
	assert_int_equal(m->view, BROWSE_VIEW_CLASSES);
	browse_model_gallery(m);
	assert_true(m->ctable);
	assert_int_equal(m->view, BROWSE_VIEW_CLASSES);
	browse_model_classes_grid(m, 1, 5);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(first, 5);
	assert_int_equal(count, 5);
	browse_model_row(m, 1);
	assert_int_equal(m->csel, 9);
	browse_model_gallery(m);
	assert_false(m->ctable);
	browse_model_free(m);
}

/*
 * The last page ends at the last class or solution, as full as the others:
 * with 8 a page, classes 5-12 of 12 and solutions 85-92 of 92, not 9-12
 * and 89-92; a click on its last board opens the last.  A page that holds
 * them all starts at the first.
 */
static void test_last_page(void **state)
{
	int reps[BROWSE_PAGE_MAX][ENUM_MAX_N], orbits[BROWSE_PAGE_MAX];
	struct browse_model *m = model(8, NULL);
	uint64_t first;
	bool more;
	int count;

	(void)state;
	browse_model_classes(m);
	browse_model_classes_grid(m, 4, 2);
	browse_model_go(m, "10");
	assert_int_equal(m->csel, 9);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(first, 4);
	assert_int_equal(count, 8);
	assert_int_equal(orbits[9 - first], 4); /* class 10 on it */
	/* The pages before it keep their bounds: class 4 on 1-8. */
	browse_model_go(m, "4");
	assert_int_equal(browse_model_classes_first(m), 0);
	browse_model_page(m, 1);
	assert_int_equal(m->csel, 11);
	assert_int_equal(browse_model_classes_first(m), 4);
	browse_model_open_at(m, 7);
	assert_int_equal(m->view, BROWSE_VIEW_MEMBERS);
	assert_int_equal(m->var_class, 12);
	browse_model_cancel(m);
	/* 5 a page: 8-12 at the end. */
	browse_model_classes_grid(m, 5, 1);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(first, 7);
	assert_int_equal(count, 5);
	/* All on a page: from the first. */
	browse_model_classes_grid(m, 4, 4);
	count = browse_model_classes_page(m, reps, orbits, &first, &more);
	assert_int_equal(first, 0);
	assert_int_equal(count, 12);
	/* The solutions' gallery: 85-92 with #92 shown. */
	browse_model_classes(m); /* back to the one board */
	browse_model_end(m, true);
	assert_int_equal(m->index, 92);
	assert_int_equal(browse_model_gallery_page(m, 4, 2), 8);
	assert_int_equal(m->gfirst, 85);
	browse_model_free(m);
}

/* ---- a class's members as the group acts ---- */

/* Class c's members view, opened from the classes view: orbit members. */
static void open_members(struct browse_model *m, uint64_t c, int orbit)
{
	char typed[32];

	browse_model_classes(m);
	snprintf(typed, sizeof typed, "%" PRIu64, c);
	browse_model_go(m, typed);
	browse_model_open(m);
	assert_int_equal(m->view, BROWSE_VIEW_MEMBERS);
	assert_int_equal(m->nvar, orbit);
}

/*
 * The members of class c of 8x8 on a page that holds them all: each where
 * the transforms that make it put it (the turns on the first row, in the
 * order id rot90 rot180 rot270; the mirrors on the second, flip-x flip-y
 * flip-diag flip-anti; a member that several make in the place of the
 * first of them), and each the image of the representative under all.
 */
static void members_of(struct browse_model *m, uint64_t c, int orbit)
{
	unsigned all = 0;

	open_members(m, c, orbit);
	assert_int_equal(m->mcols, orbit / 2);
	assert_int_equal(m->mrows, 2);
	assert_int_equal(browse_model_members_page(m, 4, 2), orbit);
	for (int i = 0; i < m->nvar; i++) {
		int place = browse_model_member_place(m, i), first = -1, before = 0;

		for (int s = SYM_COUNT - 1; s >= 0; s--) {
			int img[ENUM_MAX_N];

			if (!(m->var[i].syms & (1u << s)))
				continue;
			first = s;
			sym_apply((enum sym)s, 8, m->var[0].ranks, img);
			assert_ranks(8, m->var[i].ranks, img);
			assert_false(all & (1u << s));
			all |= 1u << s;
		}
		/* Its row: turns or mirrors; its column: after those of its row
		 * that an earlier transform makes. */
		for (int j = 0; j < m->nvar; j++) {
			int other = (int)m->var[j].from_rep;

			before += (other >= SYM_FLIP_X) == (first >= SYM_FLIP_X) &&
			          other < first;
		}
		assert_int_equal(m->var[i].from_rep, first);
		assert_int_equal(place / m->vcols, first >= SYM_FLIP_X);
		assert_int_equal(place % m->vcols, before);
	}
	assert_int_equal(all, (1u << SYM_COUNT) - 1);
}

static void test_members(void **state)
{
	struct browse_model *m = model(8, NULL);

	(void)state;
	members_of(m, 1, 8);
	/* Down: from a turn to the mirror under it; Up back. */
	browse_model_step(m, 1);
	browse_model_row(m, 1);
	assert_int_equal(m->vsel, 5);
	assert_int_equal(m->var[5].from_rep, SYM_FLIP_Y);
	browse_model_row(m, -1);
	assert_int_equal(m->vsel, 1);
	/*
	 * Three boards a page, one row: a block of the grid at a time, the turns
	 * (three, then one), then the mirrors.
	 */
	assert_int_equal(browse_model_members_page(m, 3, 1), 3);
	assert_int_equal(browse_model_member_place(m, 2), 2);
	assert_int_equal(browse_model_member_place(m, 3), -1);
	browse_model_page(m, 1);
	assert_int_equal(m->vsel, 3);
	assert_int_equal(browse_model_member_place(m, 3), 0);
	assert_int_equal(browse_model_member_place(m, 2), -1);
	browse_model_page(m, 1);
	assert_int_equal(m->vsel, 4);
	assert_int_equal(browse_model_member_place(m, 6), 2);
	browse_model_page(m, 1);
	assert_int_equal(m->vsel, 7);
	browse_model_page(m, 1);
	assert_int_equal(m->vsel, 7);
	browse_model_page(m, -4);
	assert_int_equal(m->vsel, 0);
	/* A click on the second board opens rot90, solution #89. */
	browse_model_open_at(m, 1);
	assert_int_equal(m->view, BROWSE_VIEW_ONE);
	assert_int_equal(m->index, 89);
	/* The class a half turn maps onto itself: four members, each made twice. */
	members_of(m, 10, 4);
	assert_int_equal(m->var[0].syms, 1u << SYM_ID | 1u << SYM_ROT180);
	assert_int_equal(m->var[3].syms, 1u << SYM_FLIP_DIAG | 1u << SYM_FLIP_ANTI);
	browse_model_free(m);
}

/*
 * Class number and representative of the first class of n with orbit
 * members, found by the engine's own walk of the representatives (not the
 * model's catalog); its members, as the engine lists them, into want.
 */
static uint64_t class_of_orbit(int n, int orbit, int *rep,
                               struct class_variant want[SYM_COUNT])
{
	struct class_iter ci;
	uint64_t c = 0;

	classes_start(&ci, n);
	while (classes_next(&ci, rep)) {
		c++;
		if (classes_variants(n, rep, want) == orbit)
			return c;
	}
	fail_msg("n = %d has no class of %d members", n, orbit);
	return 0;
}

/* The member chosen is want[i], the engine's i-th of the class. */
static void assert_chosen(const struct browse_model *m, int i,
                          const struct class_variant *want)
{
	assert_int_equal(m->vsel, i);
	assert_int_equal(m->var[m->vsel].from_rep, want[i].from_rep);
	assert_int_equal(m->var[m->vsel].syms, want[i].syms);
	assert_ranks(m->n, m->var[m->vsel].ranks, want[i].ranks);
}

/*
 * End in the members view of a class of orbit members chooses the last of
 * them, and no move past it (PgDn, Down, Right, End again) goes further,
 * whatever the page holds; Enter then opens that member.
 */
static void members_end(int n, int orbit)
{
	/* Zeroed: the analyzer does not know a failed search of them ends the test. */
	struct class_variant want[SYM_COUNT] = {{0}};
	int rep[ENUM_MAX_N], cols = orbit > 1 ? orbit / 2 : 1;
	struct browse_model *m = model(n, NULL);
	uint64_t c = class_of_orbit(n, orbit, rep, want), k;

	open_members(m, c, orbit);
	assert_ranks(n, m->var[0].ranks, rep);
	/* The whole group on a page, then one board a page. */
	for (int per = 0; per < 2; per++) {
		if (per == 0)
			browse_model_members_page(m, cols, orbit > 1 ? 2 : 1);
		else
			browse_model_members_page(m, 1, 1);
		browse_model_end(m, false);
		assert_chosen(m, 0, want);
		browse_model_end(m, true);
		assert_chosen(m, orbit - 1, want);
		browse_model_end(m, true);
		assert_chosen(m, orbit - 1, want);
		browse_model_page(m, 1);
		assert_chosen(m, orbit - 1, want);
		browse_model_row(m, 1);
		assert_chosen(m, orbit - 1, want);
		browse_model_step(m, 1);
		assert_chosen(m, orbit - 1, want);
		assert_true(browse_model_member_place(m, orbit - 1) >= 0);
	}
	/* Enter: the last member, as its own solution number. */
	browse_model_open(m);
	assert_int_equal(m->view, BROWSE_VIEW_ONE);
	assert_ranks(n, m->ranks, want[orbit - 1].ranks);
	assert_true(enum_rank(n, want[orbit - 1].ranks, NULL, &k));
	assert_int_equal(m->index, k);
	browse_model_free(m);
}

static void test_members_end(void **state)
{
	(void)state;
	members_end(8, 8);
	members_end(8, 4);
	members_end(5, 2);
	members_end(1, 1);
}

/* ---- no thread outlives the model ---- */

static void test_threads(void **state)
{
	struct browse_model *m;
	char note[128];
	double t0, took;
	int left;

	(void)state;
	assert_int_equal(threads(), 1);
	m = model(17, prefix_table());
	browse_model_totals_note(m, note, sizeof note);
	assert_true(strncmp(note, "counting them here: ", 20) == 0);
	assert_true(threads() >= 3); /* the count and the worker */
	/* Leaving may wait for the threads to stop, but not for the count to end. */
	t0 = now_s();
	browse_model_free(m);
	while ((left = threads()) > 1 && now_s() - t0 < patience(0.5))
		nanosleep(&(struct timespec){0, 1000000}, NULL);
	took = now_s() - t0;
	if (left != 1 || took > patience(0.5))
		fail_msg("%d thread%s %.3f s after leaving while counting (wanted 1 "
		         "within 0.5 s)",
		         left, left == 1 ? "" : "s", took);
	print_message("leaving Browse while counting: one thread again after %.3f s\n",
	              took);
}

/* The panel's line that starts with start, or NULL. */
static const struct browse_line *panel_line(const struct browse_line *l, int count,
                                            const char *start)
{
	for (int i = 0; i < count; i++)
		if (strncmp(l[i].text, start, strlen(start)) == 0)
			return &l[i];
	return NULL;
}

/*
 * The colours of Browse as roles the model decides: the panel's class,
 * found or not, the small board chosen, a class a symmetry maps onto
 * itself.
 */
static void test_roles(void **state)
{
	struct browse_line l[BROWSE_PANEL_MAX];
	struct browse_model *m = model(8, NULL);
	enum theme_item role[2];
	int count;

	(void)state;
	assert_true(news_until(m, class_known, NULL, 60));
	count = browse_model_panel(m, l);
	assert_string_equal(l[0].text, "Solution 1 / 92");
	assert_int_equal(l[0].role, THEME_TITLE);
	assert_non_null(panel_line(l, count, "class 1 of 12"));
	assert_int_equal(panel_line(l, count, "class ")->role, THEME_KEY);
	assert_true(panel_line(l, count, "class ")->gap);
	assert_int_equal(panel_line(l, count, "8 members")->role, THEME_NORMAL);
	assert_null(panel_line(l, count, "(finding"));
	/* The gallery: the solution shown is the one chosen. */
	browse_model_gallery(m);
	browse_model_caption_roles(m, 1, 0, role);
	assert_int_equal(role[0], THEME_SELECTED);
	browse_model_caption_roles(m, 2, 0, role);
	assert_int_equal(role[0], THEME_LABEL);
	/* The classes: class 10, which a half turn maps onto itself, stands out. */
	browse_model_classes(m);
	browse_model_classes_grid(m, 4, 3);
	browse_model_caption_roles(m, 0, 8, role);
	assert_int_equal(role[0], THEME_SELECTED);
	assert_int_equal(role[1], THEME_SELECTED);
	browse_model_caption_roles(m, 1, 8, role);
	assert_int_equal(role[0], THEME_LABEL);
	assert_int_equal(role[1], THEME_DIMMED);
	browse_model_caption_roles(m, 9, 4, role);
	assert_int_equal(role[0], THEME_LABEL);
	assert_int_equal(role[1], THEME_KEY);
	assert_int_equal(browse_model_row_role(m, 0), THEME_SELECTED);
	assert_int_equal(browse_model_row_role(m, 1), THEME_NORMAL);
	/* A class's members: the one chosen, and each transform's words dimmed. */
	browse_model_classes(m); /* Tab back to the solutions */
	open_members(m, 10, 4);
	browse_model_step(m, 1);
	browse_model_caption_roles(m, 1, 0, role);
	assert_int_equal(role[0], THEME_SELECTED);
	assert_int_equal(role[1], THEME_DIMMED);
	browse_model_caption_roles(m, 0, 0, role);
	assert_int_equal(role[0], THEME_LABEL);
	assert_int_equal(role[1], THEME_DIMMED);
	browse_model_free(m);

	/* A class not known yet: "class ?", and how far its number is found. */
	m = model(14, prefix_table());
	browse_model_go(m, "300000");
	assert_int_equal(m->class_index, 0);
	count = browse_model_panel(m, l);
	assert_int_equal(panel_line(l, count, "class ? of ")->role, THEME_KEY);
	assert_non_null(panel_line(l, count, "(finding its number: "));
	assert_int_equal(panel_line(l, count, "(finding its number: ")->role,
	                 THEME_DIMMED);
	browse_model_free(m);
}

/*
 * What the player found in Play is marked, as a role the model decides: the
 * panel says so, and the small boards and table rows of solutions and
 * classes found are GOOD.
 */
static void test_found_roles(void **state)
{
	struct browse_line l[BROWSE_PANEL_MAX];
	struct browse_model *m = model(8, NULL);
	enum theme_item role[2];
	struct store st;
	char err[256];
	int count;

	(void)state;
	assert_int_equal(store_init(&st, "/nonexistent-nq-browse", err, sizeof err), 0);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 1), 1);
	assert_int_equal(store_add(&st, STORE_SOLUTIONS, 8, 37), 1);
	assert_int_equal(store_add(&st, STORE_CLASSES, 8, 4), 1);
	/* With no store nothing is marked. */
	assert_false(browse_model_found(m, 1));
	assert_false(browse_model_found_any(m));
	m->store = &st;
	assert_true(news_until(m, class_known, NULL, 60));
	count = browse_model_panel(m, l);
	assert_non_null(panel_line(l, count, "You found this solution"));
	assert_int_equal(panel_line(l, count, "You found this solution")->role,
	                 THEME_GOOD);
	browse_model_step(m, 1);
	assert_true(news_until(m, class_known, NULL, 60));
	count = browse_model_panel(m, l);
	assert_null(panel_line(l, count, "You found"));
	assert_int_equal(store_add(&st, STORE_CLASSES, 8, m->class_index), 1);
	count = browse_model_panel(m, l);
	assert_int_equal(panel_line(l, count, "You found its class")->role, THEME_KEY);
	browse_model_step(m, -1);
	/* The gallery: #37 found, #2 not, #1 chosen. */
	browse_model_gallery(m);
	assert_true(browse_model_found_any(m));
	assert_int_equal(browse_model_found_count(m), 2);
	browse_model_caption_roles(m, 37, 0, role);
	assert_int_equal(role[0], THEME_GOOD);
	browse_model_caption_roles(m, 2, 0, role);
	assert_int_equal(role[0], THEME_LABEL);
	browse_model_caption_roles(m, 1, 0, role);
	assert_int_equal(role[0], THEME_SELECTED);
	/* The classes: class 4 (from 0: 3) found, as a board and as a row. */
	browse_model_classes(m);
	browse_model_classes_grid(m, 4, 3);
	assert_int_equal(browse_model_found_count(m), 2);
	browse_model_caption_roles(m, 3, 8, role);
	assert_int_equal(role[0], THEME_GOOD);
	browse_model_caption_roles(m, 4, 8, role);
	assert_int_equal(role[0], THEME_LABEL);
	assert_int_equal(browse_model_row_role(m, 3), THEME_GOOD);
	assert_int_equal(browse_model_row_role(m, 4), THEME_NORMAL);
	browse_model_free(m);
	store_free(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_threads),     cmocka_unit_test(test_end),
	        cmocka_unit_test(test_far_jump),    cmocka_unit_test(test_escape),
	        cmocka_unit_test(test_class),       cmocka_unit_test(test_export),
	        cmocka_unit_test(test_handout),     cmocka_unit_test(test_class_pages),
	        cmocka_unit_test(test_last_page),   cmocka_unit_test(test_members),
	        cmocka_unit_test(test_members_end), cmocka_unit_test(test_roles),
	        cmocka_unit_test(test_found_roles),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	if (table_loaded)
		enum_table_free(&table);
	return rc;
}
