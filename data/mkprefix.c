/* Writes data/prefix-counts.tsv: solutions counted by their first ranks. */
#include "config.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/enumerate.h"

/* Up to this n the table holds counts by the first two ranks, above by one. */
#define TWO_LEVEL_MIN 11
#define TWO_LEVEL_MAX 18
#define FIRST_MIN 9
#define FIRST_MAX 18

struct job {
	int n;
	uint64_t counts[ENUM_MAX_N * ENUM_MAX_N];
	int next; /* next prefix to count, taken under the lock */
	pthread_mutex_t lock;
};

/* Counts prefixes (r1, r2) with r1 in the lower half; the rest mirror them. */
static void *worker(void *arg)
{
	struct job *j = arg;
	int n = j->n;

	for (;;) {
		int at, p[2];

		pthread_mutex_lock(&j->lock);
		at = j->next++;
		pthread_mutex_unlock(&j->lock);
		if (at >= ((n + 1) / 2) * n)
			return NULL;
		p[0] = at / n;
		p[1] = at % n;
		j->counts[p[0] * n + p[1]] = enum_completions(n, p, 2, NULL);
	}
}

int main(void)
{
	puts("# nqueens prefix counts, made by data/mkprefix (make prefix-counts).");
	puts("# 'n r1 count': solutions of the n-queens puzzle whose queen on file a");
	puts("# stands on rank r1; 'n r1 r2 count': and whose queen on file b stands");
	puts("# on rank r2.  They let nqueens find solution #k without a full search.");
	for (int n = FIRST_MIN; n <= FIRST_MAX; n++) {
		struct job *j = calloc(1, sizeof *j);
		pthread_t t[2];

		if (!j)
			return 1;
		j->n = n;
		pthread_mutex_init(&j->lock, NULL);
		for (int i = 0; i < 2; i++)
			pthread_create(&t[i], NULL, worker, j);
		for (int i = 0; i < 2; i++)
			pthread_join(t[i], NULL);
		/* Mirroring the ranks maps prefix (a, b) to (n-1-a, n-1-b). */
		for (int a = (n + 1) / 2; a < n; a++)
			for (int b = 0; b < n; b++)
				j->counts[a * n + b] =
				        j->counts[(n - 1 - a) * n + (n - 1 - b)];
		for (int a = 0; a < n; a++) {
			uint64_t sum = 0;

			for (int b = 0; b < n; b++)
				sum += j->counts[a * n + b];
			printf("%d %d %" PRIu64 "\n", n, a + 1, sum);
		}
		if (n >= TWO_LEVEL_MIN && n <= TWO_LEVEL_MAX)
			for (int a = 0; a < n; a++)
				for (int b = 0; b < n; b++)
					printf("%d %d %d %" PRIu64 "\n", n, a + 1, b + 1,
					       j->counts[a * n + b]);
		fflush(stdout);
		pthread_mutex_destroy(&j->lock);
		free(j);
	}
	return 0;
}
