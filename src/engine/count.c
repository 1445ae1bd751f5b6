/* Fast counting of n-queens solutions: border constellations, bitboards, threads. */
#include "config.h"

#include "engine/count.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine/halves.h"

/*
 * Every solution has exactly one queen on each border line (first and last
 * row, first and last column); those 3 or 4 queens are its constellation.
 * The 8 symmetries of the square permute the constellations, so we search
 * only the interior of one constellation per orbit and weight what we find
 * by the orbit's size.  The constellations are also the threads' tasks.
 */

/* Symmetries, numbered as in symmetry_apply(). */
enum {
	COUNT_ID,
	COUNT_ROT90,
	COUNT_ROT180,
	COUNT_ROT270,
	COUNT_FLIP_X,
	COUNT_FLIP_Y,
	COUNT_FLIP_DIAG,
	COUNT_FLIP_ANTI,
	COUNT_NSYM
};

/* More threads than this would only cost memory. */
#define COUNT_MAX_THREADS 256

/* Free rows searched when estimating a task's cost. */
#define COUNT_WEIGHT_DEPTH 3

/* One constellation, and what it costs to search its interior. */
struct task {
	uint64_t weight; /* estimated cost, at least 1 */
	uint8_t top;     /* column of the queen in the first row */
	uint8_t bottom;  /* column of the queen in the last row */
	uint8_t left;    /* row of the queen in the first column */
	uint8_t right;   /* row of the queen in the last column */
	uint8_t stab;    /* bit g: symmetry g maps the constellation to itself */
	/* Nonzero: a group of constellations that differ only in the bottom
	 * queen, whose allowed columns these bits are; the search finds it. */
	uint32_t bottoms;
};

/* A constellation's interior, laid out for the bitboard search. */
struct interior {
	int m;         /* rows still without a queen */
	uint32_t cols; /* columns the border queens hold */
	/* For the k-th free row: the squares the border queens attack, plus
	 * every bit at or above n so that no mask is needed afterwards. */
	uint32_t fix[COUNT_MAX_N];
	uint8_t shift[COUNT_MAX_N]; /* rows from the k-th free row to the next */
	uint8_t row[COUNT_MAX_N];   /* board row of the k-th free row */
};

/* Everything the workers share. */
struct shared {
	int n;
	const struct task *tasks;
	size_t ntasks;
	atomic_size_t next;   /* the next task to hand out */
	pthread_mutex_t lock; /* guards done and the progress calls */
	uint64_t done;
	uint64_t total_weight;
	count_progress_fn progress;
	void *ctx;
	const atomic_int *cancel; /* the caller's: stop when non-zero */
	atomic_bool cancelled;
	const struct count_pieces *pieces; /* a task a piece, or NULL */
	int err;                           /* what pieces->finished said, under lock */
};

struct worker {
	struct shared *sh;
	pthread_t thread;
	struct count_result sum;
};

/* Where symmetry g takes the square (r, c). */
static void symmetry_apply(int g, int n, int r, int c, int *pr, int *pc)
{
	int rr = n - 1 - r, rc = n - 1 - c;
	switch (g) {
	case COUNT_ID:
		*pr = r;
		*pc = c;
		break;
	case COUNT_ROT90:
		*pr = c;
		*pc = rr;
		break;
	case COUNT_ROT180:
		*pr = rr;
		*pc = rc;
		break;
	case COUNT_ROT270:
		*pr = rc;
		*pc = r;
		break;
	case COUNT_FLIP_X:
		*pr = r;
		*pc = rc;
		break;
	case COUNT_FLIP_Y:
		*pr = rr;
		*pc = c;
		break;
	case COUNT_FLIP_DIAG:
		*pr = c;
		*pc = r;
		break;
	default:
		*pr = rc;
		*pc = rr;
		break;
	}
}

/* The queens of a constellation, each corner queen once. */
static int constellation_queens(int n, const struct task *t, int qr[4], int qc[4])
{
	int q = 0;
	qr[q] = 0, qc[q++] = t->top;
	if (!t->bottoms)
		qr[q] = n - 1, qc[q++] = t->bottom;
	if (t->left != 0 && t->left != n - 1)
		qr[q] = t->left, qc[q++] = 0;
	if (t->right != 0 && t->right != n - 1)
		qr[q] = t->right, qc[q++] = n - 1;
	return q;
}

/* Orders constellations; the encoding compares like the tuple. */
static uint32_t constellation_key(int n, int top, int bottom, int left, int right)
{
	return (uint32_t)(((top * n + bottom) * n + left) * n + right);
}

/*
 * Returns the key of the image of the constellation under symmetry g.  The
 * border lines map to border lines, so the image is again a constellation.
 */
static uint32_t constellation_image(int n, const struct task *t, int g)
{
	int qr[4], qc[4], q = constellation_queens(n, t, qr, qc);
	int top = 0, bottom = 0, left = 0, right = 0;
	for (int i = 0; i < q; i++) {
		int r, c;
		symmetry_apply(g, n, qr[i], qc[i], &r, &c);
		if (r == 0)
			top = c;
		if (r == n - 1)
			bottom = c;
		if (c == 0)
			left = r;
		if (c == n - 1)
			right = r;
	}
	return constellation_key(n, top, bottom, left, right);
}

/* Whether the border queens are consistent and leave one another alone. */
static int constellation_valid(int n, const struct task *t)
{
	/* A corner queen stands on two lines at once. */
	if ((t->top == 0) != (t->left == 0) || (t->top == n - 1) != (t->right == 0) ||
	    (t->bottom == 0) != (t->left == n - 1) ||
	    (t->bottom == n - 1) != (t->right == n - 1))
		return 0;
	int qr[4], qc[4], q = constellation_queens(n, t, qr, qc);
	for (int i = 0; i < q; i++)
		for (int j = i + 1; j < q; j++)
			if (qr[i] == qr[j] || qc[i] == qc[j] ||
			    qr[i] - qc[i] == qr[j] - qc[j] ||
			    qr[i] + qc[i] == qr[j] + qc[j])
				return 0;
	return 1;
}

static void interior_init(int n, const struct task *t, struct interior *in)
{
	int qr[4], qc[4], q = constellation_queens(n, t, qr, qc);
	uint32_t above = ~(uint32_t)0 << (n - 1) << 1; /* bits n..31 */
	in->cols = 0;
	for (int i = 0; i < q; i++)
		in->cols |= (uint32_t)1 << qc[i];
	in->m = 0;
	int end = t->bottoms ? n : n - 1;
	for (int r = 1; r < end; r++) {
		if (r == t->left || r == t->right)
			continue;
		uint32_t fix = above;
		for (int i = 0; i < q; i++) {
			int dr = r > qr[i] ? r - qr[i] : qr[i] - r;
			if (qc[i] - dr >= 0 && qc[i] - dr < n)
				fix |= (uint32_t)1 << (qc[i] - dr);
			if (qc[i] + dr >= 0 && qc[i] + dr < n)
				fix |= (uint32_t)1 << (qc[i] + dr);
		}
		if (r == n - 1)
			fix |= ~t->bottoms;
		if (in->m > 0)
			in->shift[in->m - 1] = (uint8_t)(r - in->row[in->m - 1]);
		in->row[in->m] = (uint8_t)r;
		in->fix[in->m++] = fix;
	}
}

/* A search state: free row d is next, avail are its open squares. */
struct node {
	uint32_t avail, cols, ld, rd, d;
};

/* What the children of a state in free row d share. */
struct step {
	uint32_t fix, fix2;     /* border attacks on free rows d + 1 and d + 2 */
	uint32_t shift, shift2; /* rows from free row d to d + 1, and on to d + 2 */
};

/* Each row pushes fewer children than there are columns, plus one slot for
 * the dropped child written past the top. */
#define COUNT_STACK (COUNT_MAX_N * COUNT_MAX_N + 1)

/* The search stack, one array per field: the compiler then stores each
 * field straight from its register instead of packing vectors. */
struct stack {
	uint32_t avail[COUNT_STACK], cols[COUNT_STACK], ld[COUNT_STACK], rd[COUNT_STACK],
	        d[COUNT_STACK];
};

/*
 * Takes the lowest open square of *avail and returns the new stack height:
 * the child is pushed when both its row and the next still have an open
 * square.  No branch depends on the board, so a spent *avail yields a child
 * that is written past the top but not pushed.
 */
static inline size_t interior_child(uint32_t *avail, const struct node *p,
                                    const struct step *st, struct stack *stk, size_t sp)
{
	uint32_t bit = *avail & -*avail;
	*avail ^= bit;
	uint32_t c = p->cols | bit;
	uint32_t l = (p->ld | bit) << st->shift;
	uint32_t r = (p->rd | bit) >> st->shift;
	uint32_t a = ~(c | l | r | st->fix);
	uint32_t ahead = ~(c | l << st->shift2 | r >> st->shift2 | st->fix2);
	stk->avail[sp] = a;
	stk->cols[sp] = c;
	stk->ld[sp] = l;
	stk->rd[sp] = r;
	stk->d[sp] = p->d + 1;
	return sp + ((bit != 0) & (a != 0) & (ahead != 0));
}

/*
 * Counts the interior solutions: one queen per free row, depth first with
 * an explicit stack.  Branch mispredictions dominate the cost of a search
 * like this, so each step expands two squares without branching on them
 * (the loop then mostly runs once per state, which the predictor learns)
 * and looks one row ahead, which costs less than the states it saves.
 * ld and rd are the squares of the current row attacked along the two
 * diagonals by the queens placed so far; they shift as the rows advance.
 * The states whose children fill the last row are few: they only count,
 * which keeps the last-row cases out of the main loop.
 */
static uint64_t interior_count(const struct interior *in)
{
	struct stack stk;
	struct step steps[COUNT_MAX_N];
	if (in->m == 0)
		return 1;
	const uint32_t last = (uint32_t)in->m - 1;
	struct node s = {~(in->cols | in->fix[0]), in->cols, 0, 0, 0};
	if (last == 0)
		return s.avail != 0;
	for (uint32_t d = 0; d + 1 < last; d++)
		steps[d] = (struct step){in->fix[d + 1], in->fix[d + 2], in->shift[d],
		                         in->shift[d + 1]};
	const uint32_t lfix = in->fix[last], lshift = in->shift[last - 1];
	uint64_t count = 0;
	stk.avail[0] = s.avail;
	stk.cols[0] = s.cols;
	stk.ld[0] = stk.rd[0] = stk.d[0] = 0;
	size_t sp = s.avail != 0;
	while (sp) {
		--sp;
		s = (struct node){stk.avail[sp], stk.cols[sp], stk.ld[sp], stk.rd[sp],
		                  stk.d[sp]};
		uint32_t avail = s.avail;
		if (__builtin_expect(s.d + 1 == last, 0)) {
			do {
				uint32_t bit = avail & -avail;
				avail ^= bit;
				count += ~(s.cols | bit | (s.ld | bit) << lshift |
				           (s.rd | bit) >> lshift | lfix) != 0;
			} while (avail);
			continue;
		}
		const struct step *st = &steps[s.d];
		do {
			sp = interior_child(&avail, &s, st, &stk, sp);
			sp = interior_child(&avail, &s, st, &stk, sp);
		} while (avail);
	}
	return count;
}

/* Counts the placements of the first depth free rows: a task's cost. */
static uint64_t interior_weigh(const struct interior *in, int d, int depth, uint32_t cols,
                               uint32_t ld, uint32_t rd)
{
	if (d == depth || d == in->m)
		return 1;
	uint64_t count = 1;
	uint32_t avail = ~(cols | ld | rd | in->fix[d]);
	while (avail) {
		uint32_t bit = avail & -avail;
		avail ^= bit;
		int s = d + 1 < in->m ? in->shift[d] : 0;
		count += interior_weigh(in, d + 1, depth, cols | bit, (ld | bit) << s,
		                        (rd | bit) >> s);
	}
	return count;
}

/* Solutions of a symmetric constellation, and how many each rotation fixes. */
struct sym_count {
	uint64_t all, rot180, rot90;
};

/*
 * The slow search for constellations that some symmetry maps to themselves:
 * it keeps the board so that each solution can be checked against the
 * rotations.  Reflections never fix a solution for n > 1.
 */
static void interior_symmetric(int n, const struct interior *in, int d, uint32_t cols,
                               uint32_t ld, uint32_t rd, int col_of[],
                               struct sym_count *out)
{
	if (d == in->m) {
		int r180 = 1, r90 = 1;
		for (int r = 0; r < n; r++) {
			r180 &= col_of[n - 1 - r] == n - 1 - col_of[r];
			r90 &= col_of[col_of[r]] == n - 1 - r;
		}
		out->all++;
		out->rot180 += r180;
		out->rot90 += r90;
		return;
	}
	uint32_t avail = ~(cols | ld | rd | in->fix[d]);
	while (avail) {
		uint32_t bit = avail & -avail;
		avail ^= bit;
		int s = d + 1 < in->m ? in->shift[d] : 0;
		col_of[in->row[d]] = __builtin_ctz(bit);
		interior_symmetric(n, in, d + 1, cols | bit, (ld | bit) << s,
		                   (rd | bit) >> s, col_of, out);
	}
}

static int popcount8(unsigned x)
{
	int k = 0;
	for (; x; x &= x - 1)
		k++;
	return k;
}

/* Adds one constellation's share of both counts. */
static void task_run(int n, const struct task *t, struct count_result *sum)
{
	struct interior in;
	interior_init(n, t, &in);
	int order = popcount8(t->stab);
	/* The identity is always in the stabiliser: order is 1, 2, 4 or 8. */
	if (order <= 1) {
		uint64_t s = interior_count(&in);
		sum->total += 8 * s;
		sum->unique += s;
		return;
	}
	/* Burnside on the stabiliser: the classes met here are the
	 * stabiliser's orbits on this constellation's solutions. */
	int col_of[COUNT_MAX_N];
	col_of[0] = t->top;
	col_of[n - 1] = t->bottom;
	col_of[t->left] = 0;
	col_of[t->right] = n - 1;
	struct sym_count c = {0, 0, 0};
	interior_symmetric(n, &in, 0, in.cols, 0, 0, col_of, &c);
	uint64_t fixed = c.all;
	if (t->stab & (1u << COUNT_ROT180))
		fixed += c.rot180;
	if (t->stab & (1u << COUNT_ROT90))
		fixed += 2 * c.rot90; /* rot270 fixes the same ones */
	sum->total += 8 / order * c.all;
	sum->unique += fixed / order;
}

/* Heaviest first so the last tasks are short; the key breaks ties. */
static int task_compare(const void *pa, const void *pb)
{
	const struct task *a = pa, *b = pb;
	if (a->weight != b->weight)
		return a->weight < b->weight ? 1 : -1;
	uint32_t ka = (uint32_t)((a->top << 24) | (a->bottom << 16) | (a->left << 8) |
	                         a->right);
	uint32_t kb = (uint32_t)((b->top << 24) | (b->bottom << 16) | (b->left << 8) |
	                         b->right);
	return ka < kb ? -1 : ka > kb;
}

/* Sets t->stab and says whether t is the smallest of its orbit. */
static int constellation_canonical(int n, struct task *t)
{
	uint32_t key = constellation_key(n, t->top, t->bottom, t->left, t->right);
	t->stab = 0;
	for (int g = 0; g < COUNT_NSYM; g++) {
		uint32_t k = constellation_image(n, t, g);
		if (k < key)
			return 0;
		if (k == key)
			t->stab |= (uint8_t)(1u << g);
	}
	return 1;
}

struct task_list {
	struct task *v;
	size_t len, cap;
};

/* Appends t with its weight; -1 when out of memory. */
static int tasks_push(int n, struct task_list *l, struct task t)
{
	if (l->len == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		struct task *v = realloc(l->v, cap * sizeof *v);
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	struct interior in;
	interior_init(n, &t, &in);
	t.weight = interior_weigh(&in, 0, COUNT_WEIGHT_DEPTH, in.cols, 0, 0);
	l->v[l->len++] = t;
	return 0;
}

/*
 * Lists one constellation per orbit, heaviest first; NULL with errno.  The
 * plain ones that differ only in a non-corner bottom queen share one task:
 * placing that queen last is cheaper than fixing it first, as it then
 * prunes nothing but neither multiplies the work above it.
 */
static struct task *tasks_build(int n, size_t *count)
{
	struct task_list l = {NULL, 0, 0};
	for (int top = 0; top < n; top++)
		for (int left = 0; left < n; left++)
			for (int right = 0; right < n; right++) {
				struct task group = {0,
				                     (uint8_t)top,
				                     0,
				                     (uint8_t)left,
				                     (uint8_t)right,
				                     1,
				                     0};
				for (int bottom = 0; bottom < n; bottom++) {
					struct task t = group;
					t.bottom = (uint8_t)bottom;
					t.bottoms = 0;
					if (!constellation_valid(n, &t) ||
					    !constellation_canonical(n, &t))
						continue;
					if (t.stab == 1 && bottom != 0 && bottom != n - 1)
						group.bottoms |= (uint32_t)1 << bottom;
					else if (tasks_push(n, &l, t))
						goto fail;
				}
				if (group.bottoms && tasks_push(n, &l, group))
					goto fail;
			}
	*count = l.len;
	if (!l.v) {
		/* No task at all (n = 2, 3): still hand back something to free. */
		return malloc(sizeof *l.v);
	}
	if (l.len > 1)
		qsort(l.v, l.len, sizeof *l.v, task_compare);
	return l.v;
fail:
	free(l.v);
	return NULL;
}

static void *worker_run(void *arg)
{
	struct worker *w = arg;
	struct shared *sh = w->sh;
	for (;;) {
		if (sh->cancel &&
		    atomic_load_explicit(sh->cancel, memory_order_relaxed)) {
			atomic_store(&sh->cancelled, true);
			break;
		}
		size_t i = atomic_fetch_add(&sh->next, 1);
		if (i >= sh->ntasks)
			break;
		/* A task finished before (a journal's) is not searched again. */
		struct count_result part = {0, 0};
		const bool known =
		        sh->pieces && sh->pieces->done(sh->pieces->ctx, i, &part);
		if (!known)
			task_run(sh->n, &sh->tasks[i], &part);
		w->sum.total += part.total;
		w->sum.unique += part.unique;
		pthread_mutex_lock(&sh->lock);
		if (!known && sh->pieces && !sh->err)
			sh->err = sh->pieces->finished(sh->pieces->ctx, i, &part);
		if (sh->err)
			atomic_store(&sh->next, sh->ntasks); /* the others stop soon */
		sh->done += sh->tasks[i].weight;
		if (sh->progress)
			sh->progress(sh->ctx,
			             (double)sh->done / (double)sh->total_weight);
		pthread_mutex_unlock(&sh->lock);
	}
	return NULL;
}

int count_default_threads(void)
{
	long k = sysconf(_SC_NPROCESSORS_ONLN);
	if (k < 1)
		return 1;
	return k > COUNT_MAX_THREADS ? COUNT_MAX_THREADS : (int)k;
}

/* The lightest bin first, the lower number on a tie: a heap of bins. */
struct bin {
	uint64_t load;
	int id;
};

static int bin_less(const struct bin *a, const struct bin *b)
{
	return a->load != b->load ? a->load < b->load : a->id < b->id;
}

static void bin_down(struct bin *h, int len, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		if (l < len && bin_less(&h[l], &h[m]))
			m = l;
		if (r < len && bin_less(&h[r], &h[m]))
			m = r;
		if (m == i)
			return;
		struct bin t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/*
 * Deals the constellations, heaviest first, each to the lightest of nparts
 * parts: the split depends only on n and nparts, so every machine makes the
 * same one.  part[i] is the part of tasks[i]; -1 when out of memory.
 */
static int tasks_deal(const struct task *tasks, size_t ntasks, int nparts, int *part)
{
	struct bin *h = malloc((size_t)nparts * sizeof *h);
	if (!h)
		return -1;
	for (int i = 0; i < nparts; i++)
		h[i] = (struct bin){0, i};
	for (size_t i = 0; i < ntasks; i++) {
		part[i] = h[0].id;
		h[0].load += tasks[i].weight;
		bin_down(h, nparts, 0);
	}
	free(h);
	return 0;
}

int count_parts(int n, int nparts, struct count_part *parts)
{
	if (n < 1 || n > COUNT_MAX_N || nparts < 1 || nparts > COUNT_MAX_PARTS) {
		errno = EINVAL;
		return -1;
	}
	for (int i = 0; i < nparts; i++)
		parts[i] = (struct count_part){0, 0};
	if (n == 1) {
		parts[0] = (struct count_part){1, 1};
		return 0;
	}
	size_t ntasks;
	struct task *tasks = tasks_build(n, &ntasks);
	int *part = tasks ? malloc((ntasks ? ntasks : 1) * sizeof *part) : NULL;
	if (!part || tasks_deal(tasks, ntasks, nparts, part) < 0) {
		free(part);
		free(tasks);
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < ntasks; i++) {
		parts[part[i]].weight += tasks[i].weight;
		parts[part[i]].constellations++;
	}
	free(part);
	free(tasks);
	return 0;
}

/* Rows r and n - 1 - r at once: the solutions a half turn fixes. */
static uint64_t rot180_search(int n, int r, uint64_t cols, uint64_t a, uint64_t d)
{
	if (2 * r + 1 >= n) {
		if (2 * r + 1 > n)
			return 1;
		/* The middle row of odd n: its queen is its own image, the centre. */
		return !(cols >> r & 1) && !(a >> (2 * r) & 1) && !(d >> (n - 1) & 1);
	}
	uint64_t found = 0;
	int r2 = n - 1 - r;
	/* Not the column of either long diagonal: the pair would share it. */
	uint64_t free = ~cols & ((1ull << n) - 1) & ~(1ull << r) & ~(1ull << (n - 1 - r));
	for (; free; free &= free - 1) {
		int c = __builtin_ctzll(free), c2 = n - 1 - c;
		uint64_t cb = 1ull << c | 1ull << c2;
		uint64_t ab = 1ull << (r + c) | 1ull << (r2 + c2);
		uint64_t db = 1ull << (r - c + n - 1) | 1ull << (r2 - c2 + n - 1);
		if (c == c2 || (a & ab) || (d & db))
			continue;
		found += rot180_search(n, r + 1, cols | cb, a | ab, d | db);
	}
	return found;
}

/* Orbits of four squares under the quarter turn, placed a row at a time. */
static uint64_t rot90_search(int n, int r, int col_of[], uint64_t cols, uint64_t a,
                             uint64_t d)
{
	while (r < n && col_of[r] >= 0)
		r++;
	if (r == n)
		return 1;
	uint64_t found = 0;
	for (int c = 0; c < n; c++) {
		int sr[4] = {r, c, n - 1 - r, n - 1 - c},
		    sc[4] = {c, n - 1 - r, n - 1 - c, r};
		uint64_t nc = cols, na = a, nd = d;
		int k = 0;
		for (; k < 4; k++) {
			uint64_t cb = 1ull << sc[k], ab = 1ull << (sr[k] + sc[k]);
			uint64_t db = 1ull << (sr[k] - sc[k] + n - 1);
			if (col_of[sr[k]] >= 0 || (nc & cb) || (na & ab) || (nd & db))
				break;
			col_of[sr[k]] = sc[k];
			nc |= cb, na |= ab, nd |= db;
		}
		if (k == 4)
			found += rot90_search(n, r + 1, col_of, nc, na, nd);
		while (k-- > 0)
			col_of[sr[k]] = -1;
	}
	return found;
}

int count_rotational(int n, uint64_t *quarter, uint64_t *half)
{
	if (n < 1 || n > COUNT_MAX_N) {
		errno = EINVAL;
		return -1;
	}
	int col_of[COUNT_MAX_N];
	uint64_t cols = 0, a = 0, d = 0;
	for (int r = 0; r < n; r++)
		col_of[r] = -1;
	if (n % 2) {
		/* The centre is its own image: a queen must stand there. */
		int m = n / 2;
		col_of[m] = m;
		cols = 1ull << m, a = 1ull << (2 * m), d = 1ull << (n - 1);
	}
	*quarter = n % 4 < 2 ? rot90_search(n, 0, col_of, cols, a, d) : 0;
	*half = rot180_search(n, 0, 0, 0, 0);
	return 0;
}

bool count_method_works(enum count_method m, int n)
{
	if (n < 1 || n > COUNT_MAX_N)
		return false;
	return m != COUNT_HALVES || (n >= HALVES_MIN_N && n <= HALVES_MAX_N);
}

bool count_uses_halves(enum count_method m, int n)
{
	if (m == COUNT_BACKTRACK || !count_method_works(COUNT_HALVES, n))
		return false;
	return m == COUNT_HALVES || n <= COUNT_AUTO_HALVES_MAX_N;
}

int count_solutions_by(int n, enum count_method m, int threads,
                       count_progress_fn progress, void *ctx, const atomic_int *cancel,
                       struct count_result *out)
{
	if (!count_method_works(m, n) || threads < 0 || !out) {
		errno = EINVAL;
		return -1;
	}
	struct count_job job = {.n = n, .method = m, .threads = threads, .nparts = 1};
	return count_job_run(&job, progress, ctx, cancel, out);
}

/* The join's part of a job (halves.h). */
static int join_run(const struct count_job *job, count_progress_fn progress, void *ctx,
                    const atomic_int *cancel, struct count_result *out)
{
	const int n = job->n, nparts = job->nparts;
	int threads = job->threads;
	struct halves_opts opt = {job->memory,
	                          nparts,
	                          job->part,
	                          job->stats,
	                          HALVES_SEGMENTS_BY_SIZE,
	                          job->pieces,
	                          HALVES_BLOCKED_BY_SIZE,
	                          job->cache};
	uint64_t total;
	if (threads == 0)
		threads = count_default_threads();
	if (halves_count(n, threads, &opt, progress, ctx, cancel, &total, NULL) < 0)
		return -1;
	out->total = total;
	out->unique = 0;
	if (nparts == 1) {
		uint64_t quarter, half;
		if (count_rotational(n, &quarter, &half) < 0)
			return -1;
		/* Burnside: the reflections fix no solution for n > 1. */
		out->unique = (total + half + 2 * quarter) / 8;
	}
	return 0;
}

int count_solutions(int n, int threads, count_progress_fn progress, void *ctx,
                    const atomic_int *cancel, struct count_result *out)
{
	return count_solutions_by(n, COUNT_AUTO, threads, progress, ctx, cancel, out);
}

/* The backtracking search's part of a job: a constellation a piece. */
static int backtrack_run(const struct count_job *job, count_progress_fn progress,
                         void *ctx, const atomic_int *cancel, struct count_result *out)
{
	const int n = job->n, nparts = job->nparts, which = job->part;
	const struct count_pieces *pieces = job->pieces;
	int threads = job->threads;
	if (n == 1) {
		/* The lone queen is its own image under all 8 symmetries. */
		int err = pieces ? pieces->begin(pieces->ctx, 0) : 0;
		if (err) {
			errno = err;
			return -1;
		}
		out->total = which == 0;
		out->unique = which == 0;
		if (progress)
			progress(ctx, 1.0);
		return 0;
	}
	size_t ntasks;
	struct task *tasks = tasks_build(n, &ntasks);
	if (!tasks)
		return -1;
	if (nparts > 1) {
		/* Only this part's constellations, still heaviest first. */
		int *part = malloc((ntasks ? ntasks : 1) * sizeof *part);
		size_t kept = 0;
		if (!part || tasks_deal(tasks, ntasks, nparts, part) < 0) {
			free(part);
			free(tasks);
			errno = ENOMEM;
			return -1;
		}
		for (size_t i = 0; i < ntasks; i++)
			if (part[i] == which)
				tasks[kept++] = tasks[i];
		free(part);
		ntasks = kept;
	}
	struct shared sh = {.n = n,
	                    .tasks = tasks,
	                    .ntasks = ntasks,
	                    .progress = progress,
	                    .ctx = ctx,
	                    .cancel = cancel,
	                    .pieces = pieces};
	int err = pieces ? pieces->begin(pieces->ctx, ntasks) : 0;
	if (err) {
		free(tasks);
		errno = err;
		return -1;
	}
	atomic_init(&sh.next, 0);
	atomic_init(&sh.cancelled, false);
	for (size_t i = 0; i < ntasks; i++)
		sh.total_weight += tasks[i].weight;
	err = pthread_mutex_init(&sh.lock, NULL);
	if (err) {
		free(tasks);
		errno = err;
		return -1;
	}
	if (threads == 0)
		threads = count_default_threads();
	if (threads > COUNT_MAX_THREADS)
		threads = COUNT_MAX_THREADS;
	if ((size_t)threads > ntasks)
		threads = ntasks > 0 ? (int)ntasks : 1;
	struct worker *workers = calloc((size_t)threads, sizeof *workers);
	if (!workers) {
		pthread_mutex_destroy(&sh.lock);
		free(tasks);
		return -1;
	}
	/* The calling thread is worker 0. */
	int started = 1;
	for (; started < threads; started++) {
		workers[started].sh = &sh;
		err = pthread_create(&workers[started].thread, NULL, worker_run,
		                     &workers[started]);
		if (err) {
			/* Let the running workers finish their task and stop. */
			atomic_store(&sh.next, ntasks);
			break;
		}
	}
	workers[0].sh = &sh;
	if (!err)
		worker_run(&workers[0]);
	struct count_result sum = {0, 0};
	for (int i = 0; i < started; i++) {
		if (i > 0)
			pthread_join(workers[i].thread, NULL);
		sum.total += workers[i].sum.total;
		sum.unique += workers[i].sum.unique;
	}
	if (!err && ntasks == 0 && progress)
		progress(ctx, 1.0);
	free(workers);
	pthread_mutex_destroy(&sh.lock);
	free(tasks);
	if (!err)
		err = sh.err;
	if (!err && atomic_load(&sh.cancelled))
		err = ECANCELED;
	if (err) {
		errno = err;
		return -1;
	}
	*out = sum;
	return 0;
}

enum count_method count_job_method(const struct count_job *job)
{
	return count_uses_halves(job->method, job->n) ? COUNT_HALVES : COUNT_BACKTRACK;
}

int count_job_run(const struct count_job *job, count_progress_fn progress, void *ctx,
                  const atomic_int *cancel, struct count_result *out)
{
	if (!job || !count_method_works(job->method, job->n) || job->threads < 0 ||
	    !out || job->nparts < 1 || job->nparts > COUNT_MAX_PARTS || job->part < 0 ||
	    job->part >= job->nparts) {
		errno = EINVAL;
		return -1;
	}
	if (count_job_method(job) == COUNT_HALVES)
		return join_run(job, progress, ctx, cancel, out);
	return backtrack_run(job, progress, ctx, cancel, out);
}
