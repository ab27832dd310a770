/* SPDX-License-Identifier: MIT */
/* Every registered workload (zeslm_workloads[], written from src/workloads/.../wl_*.c)
 * has what it needs beside its variants: its cost, each variant's kernel among the
 * bundled ones (kernels/FILE.cl defining it), its extra columns named and headed, its
 * headline figures each naming its own variant or finding, a name a result holds, and
 * its ceilings measured before it. Its test is checked when
 * the tree is configured (src/workloads/registry.cmake). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/bench.h>
#include <zeslm/kernels.h>

static void every_workload_has_a_cost(void **state)
{
    (void)state;
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        const zeslm_workload_cost *c = wl->cost;
        if (!c)
            fail_msg("workload %s has no cost (zeslm_workload.cost)", wl->name);
        if (!(c->weight > 0 && c->results >= 1 && c->results_gpu >= 1 && c->spend > 0 && c->spend_gpu > 0))
            fail_msg("workload %s: a cost of weight %g, %g and %g results, spends %g and %g: each must be "
                     "positive, and the results at least 1", wl->name, c->weight, c->results, c->results_gpu,
                     c->spend, c->spend_gpu);
    }
}

static bool defines(const struct zeslm_kernel_file *f, const char *kernel)
{
    for (size_t k = 0; k < f->n_kernels; k++)
        if (strcmp(f->kernels[k], kernel) == 0)
            return true;
    return false;
}

static void every_variant_has_its_kernel(void **state)
{
    (void)state;
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        if (wl->n_variants == 0)
            fail_msg("workload %s has no variants", wl->name);
        for (size_t v = 0; v < wl->n_variants; v++) {
            const zeslm_variant *x = &wl->variants[v];
            const struct zeslm_kernel_file *f = zeslm_kernel_file_find(x->file);
            if (!f)
                fail_msg("%s/%s: no kernel file kernels/%s.cl is bundled", wl->name, x->name, x->file);
            if (!defines(f, x->kernel))
                fail_msg("%s/%s: kernels/%s.cl defines no kernel %s", wl->name, x->name, x->file, x->kernel);
        }
    }
}

static void extra_columns_are_named_once_with_a_head(void **state)
{
    (void)state;
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        for (size_t e = 0; e < wl->n_extras; e++) {
            const zeslm_extra_column *x = &wl->extras[e];
            if (!x->name || !*x->name || !x->head || !*x->head || x->keep < 0 || x->keep > 100)
                fail_msg("workload %s: extra column %zu lacks a name or a head, or its keep is not 0 to 100",
                         wl->name, e);
            for (size_t k = 0; k < e; k++)
                if (strcmp(wl->extras[k].name, x->name) == 0)
                    fail_msg("workload %s: extra column \"%s\" twice", wl->name, x->name);
        }
    }
}

/* A headline is one variant's figure or one finding's, labelled and in a unit, its key
 * no other workload's (the expected-values table and the documents know it by its key). */
static void headlines_name_their_own_variant_or_finding(void **state)
{
    (void)state;
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        for (size_t h = 0; h < wl->n_headlines; h++) {
            const zeslm_headline *x = &wl->headlines[h];
            if (!x->key || !*x->key || !x->label || !*x->label || !x->unit || !*x->unit)
                fail_msg("workload %s: headline %zu lacks a key, a label or a unit", wl->name, h);
            if (!x->variant == !x->finding)
                fail_msg("headline %s (%s): a variant or a finding, one of them", x->key, wl->name);
            if (x->variant && !zeslm_variant_find(wl, x->variant))
                fail_msg("headline %s: workload %s has no variant %s", x->key, wl->name, x->variant);
            if (x->extra && (!x->variant || !wl->n_extras))
                fail_msg("headline %s: a second number of a workload (%s) without extra columns", x->key, wl->name);
            if (x->finding && (x->finding[0] == ' ' || strstr(x->finding, "  ")))
                fail_msg("headline %s: findings \"%s\" are keys one space apart", x->key, x->finding);
            if (x->better != ZESLM_BETTER_HIGHER && x->better != ZESLM_BETTER_LOWER && x->better != ZESLM_BETTER_EXACT)
                fail_msg("headline %s: better is %d", x->key, (int)x->better);
            for (size_t j = 0; j <= i; j++)
                for (size_t k = 0; k < (j == i ? h : zeslm_workloads[j]->n_headlines); k++)
                    if (strcmp(zeslm_workloads[j]->headlines[k].key, x->key) == 0)
                        fail_msg("headline %s: %s's and %s's", x->key, zeslm_workloads[j]->name, wl->name);
        }
    }
}

static void names_are_unique_and_fit_a_result(void **state)
{
    (void)state;
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const char *name = zeslm_workloads[i]->name;
        if (!name || !*name || strlen(name) >= sizeof ((zeslm_result *)0)->workload)
            fail_msg("workload %zu: name \"%s\" is empty or longer than a result holds", i, name ? name : "");
        for (size_t k = 0; k < i; k++)
            if (strcmp(zeslm_workloads[k]->name, name) == 0)
                fail_msg("workload %s registered twice", name);
        assert_ptr_equal(zeslm_workload_find(name), zeslm_workloads[i]);
    }
}

/* A variant's fraction is of a roofline result measured earlier in the run. */
static void ceilings_are_measured_before_their_fractions(void **state)
{
    (void)state;
    const zeslm_workload *roofline = zeslm_workload_find("roofline");
    assert_non_null(roofline);
    bool before = true;
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        before &= wl != roofline;
        for (size_t v = 0; v < wl->n_variants && wl != roofline; v++) {
            const char *c = wl->variants[v].ceiling;
            if (c && (before || !zeslm_variant_find(roofline, c)))
                fail_msg("%s/%s: its ceiling roofline/%s is not a roofline variant measured before it", wl->name,
                         wl->variants[v].name, c);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_workload_has_a_cost),
        cmocka_unit_test(every_variant_has_its_kernel),
        cmocka_unit_test(extra_columns_are_named_once_with_a_head),
        cmocka_unit_test(headlines_name_their_own_variant_or_finding),
        cmocka_unit_test(names_are_unique_and_fit_a_result),
        cmocka_unit_test(ceilings_are_measured_before_their_fractions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
