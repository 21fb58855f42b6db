/* COCO's side of docs/perf/trace.md: random search on bbob f1 (instance 1) through COCO's own
 * bbob observer, RUNS runs of BUDGET evaluations at dimension D, the logs written to
 * exdata/NAME. Built from a scratch folder against COCO's amalgamated C (coco_amal.c and
 * coco.h of a snapshot of numbbo/coco-experiment; ver.c holds the line
 * `const char *coco_version = "scratch";` that COCO's build script would generate), never by
 * bobench's build:
 *   gcc -O2 -I COCO bench/peers/coco_logger_random_search.c COCO/coco_amal.c ver.c -lm -o coco_rs
 *   ./coco_rs RUNS BUDGET D NAME
 * Points: uniform in [-5, 5]^D from xorshift64*, so the evaluation work is comparable to
 * bobench's random search (a different stream: only times and sizes are compared). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "coco.h"

static uint64_t state = 0x9e3779b97f4a7c15ULL;

static double uniform(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (double)((state * 0x2545f4914f6cdd1dULL) >> 11) * 0x1.0p-53;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s RUNS BUDGET D NAME\n", argv[0]);
        return 2;
    }
    const long runs = atol(argv[1]), budget = atol(argv[2]);
    const size_t d = (size_t)atol(argv[3]);
    char suite_options[128], observer_options[512];
    snprintf(suite_options, sizeof suite_options, "dimensions: %zu function_indices: 1 instance_indices: 1", d);
    snprintf(observer_options, sizeof observer_options, "result_folder: %s algorithm_name: random-search", argv[4]);
    coco_set_log_level("error");
    coco_suite_t *suite = coco_suite("bbob", "", suite_options);
    coco_observer_t *observer = coco_observer("bbob", observer_options);
    double *x = malloc(d * sizeof *x), y = 0, checksum = 0;
    for (long r = 0; r < runs; ++r) {
        coco_problem_t *problem = coco_problem_add_observer(coco_suite_get_problem_by_function_dimension_instance(suite, 1, d, 1), observer);
        for (long i = 0; i < budget; ++i) {
            for (size_t j = 0; j < d; ++j) x[j] = -5 + 10 * uniform();
            coco_evaluate_function(problem, x, &y);
            checksum += y;
        }
        coco_problem_free(problem);
    }
    printf("%ld runs of %ld evaluations, mean f %.6g\n", runs, budget, checksum / (double)(runs * budget));
    free(x);
    coco_observer_free(observer);
    coco_suite_free(suite);
    return 0;
}
