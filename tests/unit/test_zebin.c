/* SPDX-License-Identifier: MIT */
/* Reading zebins and fitting their kernels to Intel targets, without a GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/targets.h>
#include <zeslm/zebin.h>

#include <zeslm/kernels.h>
#include "rng.h"

static void every_bundled_binary_parses_with_its_kernels(void **state)
{
    (void)state;
    size_t parsed = 0;
    for (size_t f = 0; f < zeslm_kernel_file_count; f++) {
        const struct zeslm_kernel_file *kf = &zeslm_kernel_files[f];
        assert_true(kf->n_natives >= 4);
        for (size_t t = 0; t < kf->n_natives; t++) {
            zeslm_zebin z;
            if (zeslm_zebin_parse(kf->natives[t].data, kf->natives[t].size, &z) != ZESLM_OK)
                fail_msg("%s for %s: %s", kf->name, kf->natives[t].target, zeslm_last_error());
            /* Every kernel of the file once, in the compiler's order (not the file's). */
            assert_int_equal(z.count, kf->n_kernels);
            for (size_t k = 0; k < z.count; k++) {
                size_t named = 0;
                for (size_t j = 0; j < z.count; j++)
                    named += strcmp(z.kernels[j].name, kf->kernels[k]) == 0;
                if (named != 1)
                    fail_msg("%s for %s: kernel %s appears %zu times", kf->name, kf->natives[t].target,
                             kf->kernels[k], named);
                assert_true(z.kernels[k].grf_count >= 128);
            }
            /* The note names the family of the target it was compiled for. */
            const zeslm_intel_target *target = zeslm_intel_target_by_family(z.product_family);
            assert_non_null(target);
            assert_string_equal(target->generation, zeslm_intel_target_find(kf->natives[t].target)->generation);
            zeslm_zebin_free(&z);
            parsed++;
        }
    }
    assert_true(parsed >= 28);
}

/* hist_copies declares 8 copies of 256 4-byte bins; the compiler must keep them. */
static void static_slm_is_read_from_ze_info(void **state)
{
    (void)state;
    const struct zeslm_kernel_file *kf = zeslm_kernel_file_find("hist");
    for (size_t t = 0; t < kf->n_natives; t++) {
        zeslm_zebin z;
        assert_int_equal(zeslm_zebin_parse(kf->natives[t].data, kf->natives[t].size, &z), ZESLM_OK);
        bool seen = false;
        for (size_t k = 0; k < z.count; k++) {
            if (strcmp(z.kernels[k].name, "hist_copies") == 0) {
                assert_int_equal(z.kernels[k].slm_size, 8 * 256 * 4);
                assert_true(z.kernels[k].barrier_count >= 1);
                assert_true(z.kernels[k].has_global_atomics);
                seen = true;
            }
            if (strcmp(z.kernels[k].name, "hist_doc_private") == 0)
                assert_true(z.kernels[k].scratch_size >= 1024); /* 256 private counters */
        }
        assert_true(seen);
        zeslm_zebin_free(&z);
    }
}

/* The kernel named `name` of a bundled file's zebin for `target`, with its SLM atomics
 * read from the file's SPIR-V. */
static zeslm_zebin_kernel kernel_with_atomics(const char *file, const char *target, const char *name)
{
    const struct zeslm_kernel_file *kf = zeslm_kernel_file_find(file);
    assert_non_null(kf);
    zeslm_zebin_kernel found = {0};
    for (size_t t = 0; t < kf->n_natives; t++) {
        if (strcmp(kf->natives[t].target, target) != 0)
            continue;
        zeslm_zebin z;
        assert_int_equal(zeslm_zebin_parse(kf->natives[t].data, kf->natives[t].size, &z), ZESLM_OK);
        assert_int_equal(zeslm_zebin_local_atomics(&z, kf->spirv, kf->spirv_size), ZESLM_OK);
        for (size_t k = 0; k < z.count; k++)
            if (strcmp(z.kernels[k].name, name) == 0)
                found = z.kernels[k];
        zeslm_zebin_free(&z);
    }
    assert_true(found.local_atomics_known);
    return found;
}

/* .ze_info never says has_local_atomics; the SPIR-V does: atomic_add on __local words
 * (the SLM atomics, SLM histograms, the atomic chain) against global atomics alone and
 * none at all. */
static void slm_atomics_are_read_from_the_spirv(void **state)
{
    (void)state;
    static const struct {
        const char *file, *kernel;
        bool local, global;
    } want[] = {
        {"atomics", "atomics_slm_i32", true, false},     {"atomics", "atomics_global_i32", false, true},
        {"atomics_int64", "atomics_slm_i64", true, false}, {"roofline", "peak_slm_atomic", true, false},
        {"hist", "hist_copies", true, true},             {"hist", "hist_doc_private", false, true},
        {"latency", "chase_slm_atomic", true, false},    {"reduce", "reduce_doc_tree", false, false},
    };
    const char *targets[] = {"tgllp", "pvc"};
    for (size_t t = 0; t < 2; t++)
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
            zeslm_zebin_kernel k = kernel_with_atomics(want[i].file, targets[t], want[i].kernel);
            if (k.has_local_atomics != want[i].local || k.has_global_atomics != want[i].global)
                fail_msg("%s on %s: local %d global %d", want[i].kernel, targets[t], k.has_local_atomics,
                         k.has_global_atomics);
        }
}

/* Anything but a SPIR-V module is refused, and a zebin alone leaves SLM atomics unknown. */
static void slm_atomics_need_a_spirv_module(void **state)
{
    (void)state;
    const struct zeslm_kernel_file *kf = zeslm_kernel_file_find("atomics");
    zeslm_zebin z;
    assert_int_equal(zeslm_zebin_parse(kf->natives[0].data, kf->natives[0].size, &z), ZESLM_OK);
    for (size_t k = 0; k < z.count; k++)
        assert_false(z.kernels[k].local_atomics_known);
    assert_int_equal(zeslm_zebin_local_atomics(&z, kf->natives[0].data, kf->natives[0].size), ZESLM_ERR_INVALID_ARG);
    /* Every truncation of the module is refused or read without reading past it. */
    for (size_t len = 0; len < kf->spirv_size; len += 4 + len / 8) {
        void *copy = malloc(len ? len : 1);
        memcpy(copy, kf->spirv, len);
        zeslm_status st = zeslm_zebin_local_atomics(&z, copy, len);
        assert_true(st == ZESLM_OK || st == ZESLM_ERR_INVALID_ARG);
        free(copy);
    }
    zeslm_zebin_free(&z);
}

static const struct zeslm_native *some_binary(void)
{
    return &zeslm_kernel_file_find("bank")->natives[0];
}

static void every_truncation_is_rejected(void **state)
{
    (void)state;
    const struct zeslm_native *n = some_binary();
    for (size_t len = 0; len < n->size; len += 7) {
        zeslm_zebin z;
        assert_int_equal(zeslm_zebin_parse(n->data, len, &z), ZESLM_ERR_INVALID_ARG);
        assert_null(z.kernels);
    }
}

static void corrupted_bytes_never_crash(void **state)
{
    (void)state;
    const struct zeslm_native *n = some_binary();
    unsigned char *copy = malloc(n->size);
    assert_non_null(copy);
    zeslm_rng rng = {42};
    for (int round = 0; round < 3000; round++) {
        memcpy(copy, n->data, n->size);
        for (int flips = 1 + round % 8; flips > 0; flips--)
            copy[zeslm_rng_below(&rng, n->size)] ^= (unsigned char)(1 + zeslm_rng_below(&rng, 255));
        zeslm_zebin z;
        if (zeslm_zebin_parse(copy, n->size, &z) == ZESLM_OK)
            zeslm_zebin_free(&z);
    }
    free(copy);
}

static void other_files_are_rejected_with_a_reason(void **state)
{
    (void)state;
    zeslm_zebin z;
    const char text[] = "not an ELF file at all";
    assert_int_equal(zeslm_zebin_parse(text, sizeof text, &z), ZESLM_ERR_INVALID_ARG);
    assert_non_null(strstr(zeslm_last_error(), "not an ELF file"));
    /* An ELF for the host CPU, not for an Intel GPU. */
    unsigned char elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
    elf[16] = 1;  /* ET_REL */
    elf[18] = 62; /* EM_X86_64 */
    elf[20] = 1;  /* EV_CURRENT */
    elf[52] = 64; /* e_ehsize */
    assert_int_equal(zeslm_zebin_parse(elf, sizeof elf, &z), ZESLM_ERR_INVALID_ARG);
    assert_non_null(strstr(zeslm_last_error(), "not an Intel GPU ELF"));
}

static zeslm_zebin_kernel kernel(uint32_t simd, uint32_t grf, uint32_t slm, uint32_t barriers)
{
    zeslm_zebin_kernel k = {.simd_size = simd, .grf_count = grf, .slm_size = slm, .barrier_count = barriers};
    return k;
}

static void slm_limits_groups_on_xe_lp(void **state)
{
    (void)state;
    zeslm_zebin_kernel k = kernel(16, 128, 32768, 1);
    zeslm_target_fit fit;
    zeslm_target_fit_kernel(zeslm_intel_target_find("tgllp"), &k, 256, &fit);
    assert_int_equal(fit.threads_per_group, 16);
    assert_int_equal(fit.groups, 2); /* 64 KiB / 32 KiB, though 112 threads would hold 7 */
    assert_string_equal(fit.limited_by, "SLM");
    assert_int_equal(fit.max_group_size, 512);
}

static void slm_is_allocated_in_steps(void **state)
{
    (void)state;
    /* 33 KiB takes a 64 KiB step on Xe-HPG (1 group of 128 KiB) but 48 KiB on Xe-HPC. */
    zeslm_zebin_kernel k = kernel(16, 128, 33 * 1024, 0);
    zeslm_target_fit fit;
    zeslm_target_fit_kernel(zeslm_intel_target_find("dg2"), &k, 64, &fit);
    assert_int_equal(fit.slm_allocated, 65536);
    assert_int_equal(fit.groups, 2);
    zeslm_target_fit_kernel(zeslm_intel_target_find("pvc"), &k, 64, &fit);
    assert_int_equal(fit.slm_allocated, 48 * 1024);
    assert_int_equal(fit.groups, 2);
}

static void large_grf_halves_the_threads(void **state)
{
    (void)state;
    zeslm_zebin_kernel small = kernel(16, 128, 0, 0), large = kernel(16, 256, 0, 0);
    zeslm_target_fit a, b;
    zeslm_target_fit_kernel(zeslm_intel_target_find("pvc"), &small, 256, &a);
    zeslm_target_fit_kernel(zeslm_intel_target_find("pvc"), &large, 256, &b);
    assert_int_equal(a.groups, 4); /* 64 threads / 16 */
    assert_int_equal(b.groups, 2);
    assert_int_equal(b.max_group_size, 512); /* 32 threads x SIMD16 */
}

static void barriers_cap_small_groups(void **state)
{
    (void)state;
    zeslm_zebin_kernel k = kernel(32, 128, 0, 1);
    zeslm_target_fit fit;
    zeslm_target_fit_kernel(zeslm_intel_target_find("tgllp"), &k, 32, &fit);
    assert_int_equal(fit.groups, 64); /* the calculator's 64 barrier registers, under 112 threads */
    assert_string_equal(fit.limited_by, "barriers");
    zeslm_target_fit_kernel(zeslm_intel_target_find("acm-g10"), &k, 32, &fit);
    assert_int_equal(fit.groups, 128); /* 128 registers: the 128 threads and slots come first */
    assert_string_equal(fit.limited_by, "hardware threads");
}

/* Xe2 is in the table without this compiler: its figures, their source, and the note
 * that says which are assumed; every target cites where its figures come from. */
static void every_target_cites_its_source_and_xe2_is_known(void **state)
{
    (void)state;
    for (size_t i = 0; i < zeslm_intel_target_count; i++) {
        assert_non_null(zeslm_intel_targets[i].source);
        assert_true(zeslm_intel_targets[i].barrier_registers || !zeslm_intel_targets[i].compilable);
    }
    for (const char *const *n = (const char *const[]){"lnl", "bmg", NULL}; *n; n++) {
        const zeslm_intel_target *t = zeslm_intel_target_find(*n);
        assert_non_null(t);
        assert_false(t->compilable);
        assert_int_equal(t->slm_per_group, 131072);
        assert_int_equal(t->eus_per_subslice * t->threads_per_eu, 64);
        assert_non_null(strstr(t->source, "hw_info_"));
        assert_non_null(t->note);
    }
    assert_non_null(strstr(zeslm_intel_target_find("tgllp")->note, "optimization guide"));
    assert_ptr_equal(zeslm_intel_target_by_family(1275), zeslm_intel_target_find("lnl"));
    /* A kernel with no barrier count is not capped where the registers are unknown. */
    zeslm_zebin_kernel k = kernel(16, 128, 0, 1);
    zeslm_target_fit fit;
    zeslm_target_fit_kernel(zeslm_intel_target_find("bmg"), &k, 16, &fit);
    assert_int_equal(fit.groups, 64);
    assert_string_equal(fit.limited_by, "hardware threads");
}

static void too_much_slm_or_too_large_a_group_fit_nothing(void **state)
{
    (void)state;
    zeslm_zebin_kernel k = kernel(16, 128, 65537, 0);
    zeslm_target_fit fit;
    zeslm_target_fit_kernel(zeslm_intel_target_find("tgllp"), &k, 64, &fit);
    assert_int_equal(fit.max_group_size, 0);
    assert_int_equal(fit.groups, 0);
    k.slm_size = 0;
    zeslm_target_fit_kernel(zeslm_intel_target_find("skl"), &k, 512, &fit);
    assert_int_equal(fit.max_group_size, 256);
    assert_int_equal(fit.groups, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_bundled_binary_parses_with_its_kernels),
        cmocka_unit_test(static_slm_is_read_from_ze_info),
        cmocka_unit_test(slm_atomics_are_read_from_the_spirv),
        cmocka_unit_test(slm_atomics_need_a_spirv_module),
        cmocka_unit_test(every_truncation_is_rejected),
        cmocka_unit_test(corrupted_bytes_never_crash),
        cmocka_unit_test(other_files_are_rejected_with_a_reason),
        cmocka_unit_test(slm_limits_groups_on_xe_lp),
        cmocka_unit_test(slm_is_allocated_in_steps),
        cmocka_unit_test(large_grf_halves_the_threads),
        cmocka_unit_test(barriers_cap_small_groups),
        cmocka_unit_test(every_target_cites_its_source_and_xe2_is_known),
        cmocka_unit_test(too_much_slm_or_too_large_a_group_fit_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
