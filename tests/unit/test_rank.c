/* SPDX-License-Identifier: MIT */
/* Rank detection from each launcher's variables (simulated: no launcher runs here),
 * the device a rank takes, and the file it writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "run/rank.h"

/* The simulated environment: NAME=VALUE strings, NULL-terminated. */
static const char *const *env_now;

static char *fake_getenv(const char *name)
{
    size_t n = strlen(name);
    for (const char *const *e = env_now; e && *e; e++)
        if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
            return (char *)*e + n + 1; /* getenv's type; never written */
    return NULL;
}

static rank_info detect_ok(const char *const *env)
{
    rank_info r;
    char why[256] = "";
    env_now = env;
    assert_true(rank_detect(fake_getenv, &r, why, sizeof why));
    assert_string_equal(why, "");
    return r;
}

static void expect(const char *const *env, const char *launcher, long rank, long local, long size)
{
    rank_info r = detect_ok(env);
    assert_non_null(r.launcher);
    assert_string_equal(r.launcher, launcher);
    assert_int_equal(r.rank, rank);
    assert_int_equal(r.local_rank, local);
    assert_int_equal(r.size, size);
    assert_true(r.host[0] != '\0');
}

static void no_launcher(void **state)
{
    (void)state;
    static const char *const env[] = {"HOME=/root", NULL};
    rank_info r = detect_ok(env);
    assert_null(r.launcher);
    assert_int_equal(r.rank, 0);
    assert_int_equal(r.local_rank, 0);
    assert_int_equal(r.size, 1);
}

static void launchers(void **state)
{
    (void)state;
    /* SLURM_PROCID is the global rank, SLURM_LOCALID the local one. */
    static const char *const slurm[] = {"SLURM_PROCID=5", "SLURM_LOCALID=1", "SLURM_NTASKS=8", NULL};
    expect(slurm, "Slurm", 5, 1, 8);
    static const char *const ompi[] = {"OMPI_COMM_WORLD_RANK=3", "OMPI_COMM_WORLD_LOCAL_RANK=3",
                                       "OMPI_COMM_WORLD_SIZE=4", NULL};
    expect(ompi, "Open MPI", 3, 3, 4);
    static const char *const mpich[] = {"PMI_RANK=2", "MPI_LOCALRANKID=0", "PMI_SIZE=4", NULL};
    expect(mpich, "MPICH (Hydra)", 2, 0, 4);
    static const char *const mv2[] = {"MV2_COMM_WORLD_RANK=7", "MV2_COMM_WORLD_LOCAL_RANK=3",
                                      "MV2_COMM_WORLD_SIZE=8", NULL};
    expect(mv2, "MVAPICH", 7, 3, 8);
    static const char *const pals[] = {"PALS_RANKID=9", "PALS_LOCAL_RANKID=1", "PALS_NRANKS=12", NULL};
    expect(pals, "PALS", 9, 1, 12);
    /* PALS without a size: unknown, not an error. */
    static const char *const pals_nosize[] = {"PALS_RANKID=9", "PALS_LOCAL_RANKID=1", NULL};
    expect(pals_nosize, "PALS", 9, 1, 0);
}

/* mpirun inside a Slurm allocation: the batch step's SLURM_PROCID=0 is in every rank. */
static void mpi_before_slurm(void **state)
{
    (void)state;
    static const char *const env[] = {"SLURM_PROCID=0", "SLURM_LOCALID=0", "SLURM_NTASKS=1", "PMI_RANK=3",
                                      "MPI_LOCALRANKID=1", "PMI_SIZE=4", NULL};
    expect(env, "MPICH (Hydra)", 3, 1, 4);
}

/* srun --mpi=pmi2 sets PMI_RANK and PMI_SIZE but no MPI_LOCALRANKID: Slurm it is,
 * with its local rank (else every rank of a node took the same GPU). */
static void srun_pmi2(void **state)
{
    (void)state;
    static const char *const env[] = {"PMI_FD=11",       "PMI_JOBID=8.0",  "PMI_RANK=3",     "PMI_SIZE=4",
                                      "SLURM_PROCID=3",  "SLURM_LOCALID=1", "SLURM_NTASKS=4", NULL};
    expect(env, "Slurm", 3, 1, 4);
    /* A PMI rank of another launch beside the batch step's Slurm variables: not Slurm's. */
    static const char *const other[] = {"PMI_RANK=0", "PMI_SIZE=4", "SLURM_PROCID=0", "SLURM_LOCALID=0",
                                        "SLURM_NTASKS=1", NULL};
    expect(other, "MPICH (Hydra)", 0, -1, 4);
}

/* Two slurmd on one host (docs/slurm-two-nodes.conf): the nodes differ only in Slurm's
 * name of them, which names the rank's node and file. An MPI launcher's ranks inherit
 * the batch node's name (sbatch, then mpirun: all four ranks of two nodes said n1):
 * theirs is the host name. */
static void slurm_node_name(void **state)
{
    (void)state;
    static const char *const env[] = {"SLURM_PROCID=2", "SLURM_LOCALID=0", "SLURM_NTASKS=4", "SLURMD_NODENAME=n2",
                                      NULL};
    rank_info r = detect_ok(env);
    assert_string_equal(r.host, "n2");
    char out[64];
    assert_true(rank_json_path("fleet/", &r, out, sizeof out));
    assert_string_equal(out, "fleet/n2-2.json");
    static const char *const pmi2[] = {"PMI_RANK=2", "PMI_SIZE=4", "SLURM_PROCID=2", "SLURM_LOCALID=0",
                                       "SLURM_NTASKS=4", "SLURMD_NODENAME=n2", NULL};
    assert_string_equal(detect_ok(pmi2).host, "n2");
    static const char *const mpirun[] = {"PMI_RANK=3", "MPI_LOCALRANKID=1", "PMI_SIZE=4", "SLURM_PROCID=0",
                                         "SLURMD_NODENAME=batchnode", NULL};
    assert_string_not_equal(detect_ok(mpirun).host, "batchnode");
    static const char *const bad[][5] = {
        {"SLURM_PROCID=0", "SLURM_NTASKS=1", "SLURMD_NODENAME=../n1", NULL},
        {"SLURM_PROCID=0", "SLURM_NTASKS=1", "SLURMD_NODENAME=a/b", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rank_info r2;
        char why[256] = "";
        env_now = bad[i];
        assert_false(rank_detect(fake_getenv, &r2, why, sizeof why));
        assert_non_null(strstr(why, "SLURMD_NODENAME"));
    }
}

static void bad_values(void **state)
{
    (void)state;
    const char *const *const bad[] = {
        (const char *const[]){"SLURM_PROCID=x", NULL},
        (const char *const[]){"SLURM_PROCID=-1", NULL},
        (const char *const[]){"SLURM_PROCID=", NULL},
        (const char *const[]){"SLURM_PROCID=1", "SLURM_LOCALID=1x", NULL},
        (const char *const[]){"PMI_RANK=4", "PMI_SIZE=4", NULL},
        (const char *const[]){"PMI_RANK=0", "PMI_SIZE=0", NULL},
        (const char *const[]){"OMPI_COMM_WORLD_RANK=99999999999", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rank_info r;
        char why[256] = "";
        env_now = bad[i];
        assert_false(rank_detect(fake_getenv, &r, why, sizeof why));
        assert_true(why[0] != '\0');
    }
}

static void affinity(void **state)
{
    (void)state;
    static const char *const none[] = {"PMI_RANK=0", NULL};
    env_now = none;
    assert_null(rank_affinity(fake_getenv));
    static const char *const ze[] = {"ZE_AFFINITY_MASK=0.1", NULL};
    env_now = ze;
    assert_string_equal(rank_affinity(fake_getenv), "ZE_AFFINITY_MASK");
    static const char *const cuda[] = {"CUDA_VISIBLE_DEVICES=2", NULL};
    env_now = cuda;
    assert_string_equal(rank_affinity(fake_getenv), "CUDA_VISIBLE_DEVICES");
    static const char *const empty[] = {"CUDA_VISIBLE_DEVICES=", NULL};
    env_now = empty;
    assert_null(rank_affinity(fake_getenv));
}

/* Local ranks spread over the devices like the best (same backend, GPU or not). */
static void pick(void **state)
{
    (void)state;
    zeslm_device_info items[4] = {{.backend = 0, .is_gpu = true}, {.backend = 1, .is_gpu = false},
                                  {.backend = 1, .is_gpu = true}, {.backend = 0, .is_gpu = true}};
    zeslm_device_list list = {.items = items, .count = 4};
    static const uint32_t want[] = {0, 3, 0, 3};
    for (long local = 0; local < 4; local++) {
        rank_info r = {.local_rank = local};
        assert_int_equal(rank_pick(&list, 0, &r), want[local]);
        assert_non_null(strstr(r.device_choice, "of 2 devices"));
    }
    rank_info unknown = {.local_rank = -1};
    assert_int_equal(rank_pick(&list, 2, &unknown), 2);
}

static void json_path(void **state)
{
    (void)state;
    rank_info r = {.rank = 12};
    snprintf(r.host, sizeof r.host, "node7");
    char out[64];
    assert_true(rank_json_path("fleet/", &r, out, sizeof out));
    assert_string_equal(out, "fleet/node7-12.json");
    assert_false(rank_json_path("fleet.json", &r, out, sizeof out));
    assert_false(rank_json_path("a-very-long-folder-name-that-does-not-fit-at-all/", &r, out, 16));
}

/* What the launcher gave a rank: what the process may see first (a list's items), then
 * the node's share of the job; and the job's id. */
static void devices_expected(void **state)
{
    (void)state;
    static const char *const none[] = {"PMI_RANK=0", NULL};
    rank_info r = detect_ok(none);
    assert_int_equal(r.devices_expected, -1);
    assert_int_equal(r.devices_seen, -1);
    assert_string_equal(r.job, "");
    static const char *const slurm[] = {"SLURM_PROCID=1", "SLURM_GPUS_ON_NODE=4", "SLURM_JOB_GPUS=0,1,2,3",
                                        "SLURM_JOB_ID=4121", NULL};
    r = detect_ok(slurm);
    assert_int_equal(r.devices_expected, 4);
    assert_string_equal(r.expected_from, "SLURM_GPUS_ON_NODE");
    assert_string_equal(r.job, "4121");
    static const char *const list[] = {"SLURM_PROCID=1", "SLURM_JOB_GPUS=0,2,3", NULL};
    r = detect_ok(list);
    assert_int_equal(r.devices_expected, 3);
    assert_string_equal(r.expected_from, "SLURM_JOB_GPUS");
    static const char *const cuda[] = {"SLURM_GPUS_ON_NODE=4", "CUDA_VISIBLE_DEVICES=2,3", "PBS_JOBID=7.pbs", NULL};
    r = detect_ok(cuda);
    assert_int_equal(r.devices_expected, 2);
    assert_string_equal(r.expected_from, "CUDA_VISIBLE_DEVICES");
    assert_string_equal(r.job, "7.pbs");
    /* oneAPI's selector: a count where it names devices (a sub-device each a device),
     * none where it says "all" (a wildcard, a type) or what to leave out. */
    static const struct {
        const char *value;
        long devices;
    } selectors[] = {
        {"level_zero:0,1", 2}, {"level_zero:3", 1}, {"opencl:0.0,0.1,1.0", 3}, {"LEVEL_ZERO:0.1.2", 1},
        {"level_zero:*", -1}, {"opencl:gpu", -1}, {"level_zero:0.*", -1}, {"*:0", -1},
        {"level_zero:*;!level_zero:1", -1}, {"!opencl:0", -1}, {"level_zero:0;opencl:0", -1},
        {"level_zero", -1}, {"level_zero:", -1}, {":0", -1}, {"level_zero:0,", -1}, {"level_zero:0.1.2.3", -1},
        {"level_zero:0..1", -1},
    };
    for (size_t i = 0; i < sizeof selectors / sizeof selectors[0]; i++) {
        const char *env[] = {"SLURM_PROCID=0", NULL, NULL};
        char var[64];
        snprintf(var, sizeof var, "ONEAPI_DEVICE_SELECTOR=%s", selectors[i].value);
        env[1] = var;
        r = detect_ok(env);
        if (r.devices_expected != selectors[i].devices)
            fail_msg("ONEAPI_DEVICE_SELECTOR=%s: %ld devices, not %ld", selectors[i].value, r.devices_expected,
                     selectors[i].devices);
        assert_string_equal(r.expected_from, selectors[i].devices > 0 ? "ONEAPI_DEVICE_SELECTOR" : "");
    }
    /* Beside Slurm's count, the process's own view comes first. */
    static const char *const oneapi[] = {"SLURM_GPUS_ON_NODE=4", "ONEAPI_DEVICE_SELECTOR=level_zero:2,3", NULL};
    r = detect_ok(oneapi);
    assert_int_equal(r.devices_expected, 2);
    assert_string_equal(r.expected_from, "ONEAPI_DEVICE_SELECTOR");
    /* A count that is not one is not believed. */
    static const char *const bad[] = {"SLURM_GPUS_ON_NODE=four", NULL};
    r = detect_ok(bad);
    assert_int_equal(r.devices_expected, -1);
    json_t *o = rank_json(&r);
    assert_true(json_is_null(json_object_get(o, "devices_expected")) && json_is_null(json_object_get(o, "job")));
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_launcher),  cmocka_unit_test(launchers), cmocka_unit_test(mpi_before_slurm),
        cmocka_unit_test(bad_values),   cmocka_unit_test(affinity),  cmocka_unit_test(pick),
        cmocka_unit_test(json_path),    cmocka_unit_test(srun_pmi2), cmocka_unit_test(slurm_node_name),
        cmocka_unit_test(devices_expected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
