/* SPDX-License-Identifier: MIT */
/* compare's statistics on sets read from stdin, for a check by an independent
 * implementation (tests/cli/compare_scipy.py): each line "n m old[0..n) new[0..m)"
 * gives one line "ratio p ci_low ci_high" at compare's defaults. */
#include <stdio.h>
#include <stdlib.h>

#include "compare/compare_stats.h"

#define MOST 4096

int main(void)
{
    static double old[MOST], new_[MOST];
    size_t n, m;
    while (scanf("%zu %zu", &n, &m) == 2) {
        if (n > MOST || m > MOST) {
            fprintf(stderr, "compare_stats_io: at most %d times a side\n", MOST);
            return 2;
        }
        for (size_t i = 0; i < n; i++)
            if (scanf("%lf", &old[i]) != 1)
                return 2;
        for (size_t j = 0; j < m; j++)
            if (scanf("%lf", &new_[j]) != 1)
                return 2;
        compare_stats s;
        if (compare_samples(old, n, new_, m, COMPARE_ALPHA, COMPARE_THRESHOLD, COMPARE_SEPARATION, &s))
            return 2;
        if (printf("%.17g %.17g %.17g %.17g\n", s.ratio, s.p, s.ci_low, s.ci_high) < 0)
            return 2;
    }
    return ferror(stdin) || fflush(stdout) ? 2 : 0;
}
