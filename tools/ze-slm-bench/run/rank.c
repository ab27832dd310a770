/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/rank.h"

/* Each launcher's variables: the global rank (which says the launcher is there), the
 * local rank and the size. MPI launchers come before Slurm: mpirun inside an
 * allocation inherits the batch step's SLURM_PROCID (0 in every rank). SLURM_PROCID
 * is global; SLURM_LOCALID is the local one (as OSU micro-benchmarks read them).
 * `node`: the launcher's name of the node, where it gives one that can be trusted
 * (launcher_node); an MPI launcher inside an allocation passes on the batch step's
 * SLURMD_NODENAME to ranks on every node, so theirs is the host name. */
static const struct launcher {
    const char *name, *rank, *local_rank, *size, *node;
} launchers[] = {
    {"Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_SIZE", NULL},
    {"MVAPICH", "MV2_COMM_WORLD_RANK", "MV2_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_SIZE", NULL},
    {"MPICH (Hydra)", "PMI_RANK", "MPI_LOCALRANKID", "PMI_SIZE", NULL},
    {"PALS", "PALS_RANKID", "PALS_LOCAL_RANKID", "PALS_NRANKS", NULL},
    {"Slurm", "SLURM_PROCID", "SLURM_LOCALID", "SLURM_NTASKS", "SLURMD_NODENAME"},
};

static const char *const affinity_vars[] = {"ZE_AFFINITY_MASK", "ONEAPI_DEVICE_SELECTOR", "CUDA_VISIBLE_DEVICES"};

/* The items of a comma-separated list ("0,1,2": 3); -1 for an empty one. */
static long list_items(const char *s)
{
    long n = *s ? 1 : -1;
    for (; *s; s++)
        n += *s == ',';
    return n;
}

/* A whole decimal count in [1, 2^31); -1 for anything else ("four"). */
static long whole_count(const char *s)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    return end != s && !*end && !errno && n > 0 && n < 0x7fffffffL ? n : -1;
}

/* ONEAPI_DEVICE_SELECTOR's devices, where it names them: oneAPI's grammar (intel/llvm,
 * sycl/doc/EnvironmentVariables.md, "ONEAPI_DEVICE_SELECTOR") is terms apart by ';',
 * each BACKEND:DEVICE[,DEVICE...], a term led by '!' a discard filter; BACKEND is
 * level_zero, opencl, cuda, hip, native_cpu or *; a DEVICE is an index (0), a
 * sub-device (0.1) or sub-sub-device (0.1.2), each exposed as a root device, or a
 * wildcard (*, 0.*, *.*) or type (gpu, cpu, fpga). One accepting term of a named
 * backend and indices alone gives their count ("level_zero:0,1" and
 * "level_zero:0.0,0.1": 2); a wildcard, a type ("all of them": as many as there are),
 * a discard filter (what is left is not said), several terms or a malformed value give
 * none (-1). */
static long selector_devices(const char *s)
{
    const char *colon = strchr(s, ':');
    if (!colon || colon == s || strpbrk(s, ";!") || (colon - s == 1 && *s == '*'))
        return -1;
    long n = 0;
    for (const char *d = colon + 1;; d++) {
        /* One device: digits, with up to two ".digits" after them. */
        for (int parts = 1;; parts++, d++) {
            size_t digits = strspn(d, "0123456789");
            if (digits == 0)
                return -1;
            d += digits;
            if (parts == 3 || *d != '.')
                break;
        }
        n++;
        if (*d != ',')
            return *d ? -1 : n;
    }
}

/* The devices the launcher gave: first what this process may see (a list of devices,
 * as Slurm's GRES and the binding options set it, or oneAPI's selector where it names
 * devices: their count), then the node's share of the job (SLURM_GPUS_ON_NODE a count,
 * SLURM_JOB_GPUS a list). */
static const struct {
    const char *name;
    long (*count)(const char *value); /* its devices; -1 where it does not say */
} expect_vars[] = {
    {"ZE_AFFINITY_MASK", list_items},      {"ONEAPI_DEVICE_SELECTOR", selector_devices},
    {"CUDA_VISIBLE_DEVICES", list_items},  {"HIP_VISIBLE_DEVICES", list_items},
    {"SLURM_GPUS_ON_NODE", whole_count},   {"SLURM_JOB_GPUS", list_items},
};

/* The batch systems' job ids, the first set. */
static const char *const job_vars[] = {"SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "FLUX_JOB_ID", "JOB_ID"};

/* What the launcher says of the devices, and the job, into out. */
static void launcher_devices(rank_getenv env, rank_info *out)
{
    out->devices_seen = out->devices_expected = -1;
    for (size_t i = 0; i < sizeof expect_vars / sizeof expect_vars[0] && out->devices_expected < 0; i++) {
        const char *v = env(expect_vars[i].name);
        long n = v && *v ? expect_vars[i].count(v) : -1;
        if (n > 0) {
            out->devices_expected = n;
            snprintf(out->expected_from, sizeof out->expected_from, "%s", expect_vars[i].name);
        }
    }
    for (size_t i = 0; i < sizeof job_vars / sizeof job_vars[0] && !out->job[0]; i++) {
        const char *v = env(job_vars[i]);
        if (v && *v)
            snprintf(out->job, sizeof out->job, "%.63s", v);
    }
}

/* The variable as a whole decimal number in [0, 2^31), -1 when unset; false when it
 * is set to anything else. */
static bool number(rank_getenv env, const char *name, long *out, char *why, size_t why_len)
{
    const char *text = name ? env(name) : NULL;
    *out = -1;
    if (!text)
        return true;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < 0 || v > 0x7fffffffL || text[0] == '+' || text[0] == '-') {
        snprintf(why, why_len, "%s='%s' is not a rank or a count", name, text);
        return false;
    }
    *out = v;
    return true;
}

/* Launcher i's rank, local rank and size into out (rank -1: its variables are not
 * set). False, with the reason, for a value out of range. */
static bool launcher_read(rank_getenv env, size_t i, rank_info *out, char *why, size_t why_len)
{
    const struct launcher *l = &launchers[i];
    long rank, local = -1, size = -1;
    if (!number(env, l->rank, &rank, why, why_len))
        return false;
    out->rank = rank;
    if (rank < 0)
        return true;
    if (!number(env, l->local_rank, &local, why, why_len) || !number(env, l->size, &size, why, why_len))
        return false;
    if (size == 0 || (size > 0 && (rank >= size || local >= size))) {
        snprintf(why, why_len, "%s=%ld and %s=%ld: the rank is not below the size", l->rank, rank, l->size, size);
        return false;
    }
    out->launcher = l->name;
    out->local_rank = local;
    out->size = size > 0 ? size : 0;
    return true;
}

/* The launcher's name of the node (variable `var`, Slurm's SLURMD_NODENAME) in place
 * of the host name: it tells apart the nodes of several slurmd on one host (Slurm's
 * --enable-multiple-slurmd, as docs/slurm-two-nodes.conf runs) and is the name
 * scontrol and sinfo take where a NodeName is not the host name. It names the
 * results file: no '/'. */
static bool launcher_node(rank_getenv env, const char *var, rank_info *out, char *why, size_t why_len)
{
    const char *node = var ? env(var) : NULL;
    if (!node || !*node)
        return true;
    if (strchr(node, '/') || strlen(node) >= sizeof out->host) {
        snprintf(why, why_len, "%s='%.64s' is not a node name", var, node);
        return false;
    }
    snprintf(out->host, sizeof out->host, "%s", node);
    return true;
}

bool rank_detect(rank_getenv env, rank_info *out, char *why, size_t why_len)
{
    *out = (rank_info){.local_rank = -1};
    if (gethostname(out->host, sizeof out->host - 1) != 0 || !out->host[0])
        snprintf(out->host, sizeof out->host, "unknown-host");
    snprintf(out->device_choice, sizeof out->device_choice, "best");
    launcher_devices(env, out);
    const size_t n = sizeof launchers / sizeof launchers[0];
    for (size_t i = 0; i < n; i++) {
        if (!launcher_read(env, i, out, why, why_len))
            return false;
        if (out->rank < 0)
            continue;
        /* A PMI variable without its launcher's local rank, beside a later launcher's
         * same rank and size: that launcher serves PMI (srun --mpi=pmi2 sets PMI_RANK
         * and PMI_SIZE, not MPI_LOCALRANKID), and its local rank spreads the ranks of a
         * node over its GPUs. */
        size_t at = i;
        for (size_t j = i + 1; j < n && out->local_rank < 0; j++) {
            rank_info later = *out;
            if (launcher_read(env, j, &later, why, why_len) && later.rank == out->rank &&
                later.size == out->size && later.local_rank >= 0) {
                *out = later;
                at = j;
            }
        }
        if (why_len)
            why[0] = '\0';
        return launcher_node(env, launchers[at].node, out, why, why_len);
    }
    out->rank = 0;
    out->size = 1;
    out->local_rank = 0;
    return true;
}

const char *rank_affinity(rank_getenv env)
{
    for (size_t i = 0; i < sizeof affinity_vars / sizeof affinity_vars[0]; i++) {
        const char *v = env(affinity_vars[i]);
        if (v && *v)
            return affinity_vars[i];
    }
    return NULL;
}

uint32_t rank_devices_like(const zeslm_device_list *list, uint32_t best)
{
    const zeslm_device_info *b = &list->items[best];
    uint32_t n = 0;
    for (uint32_t i = 0; i < list->count; i++)
        n += list->items[i].backend == b->backend && list->items[i].is_gpu == b->is_gpu;
    return n;
}

uint32_t rank_pick(const zeslm_device_list *list, uint32_t best, rank_info *r)
{
    const zeslm_device_info *b = &list->items[best];
    uint32_t peers = rank_devices_like(list, best), pick = best;
    /* Without a local rank (a launcher that gives none) the best device it is. */
    if (r->local_rank < 0 || peers == 0)
        return best;
    uint32_t want = (uint32_t)(r->local_rank % peers);
    for (uint32_t i = 0, k = 0; i < list->count; i++) {
        if (list->items[i].backend != b->backend || list->items[i].is_gpu != b->is_gpu)
            continue;
        if (k++ == want)
            pick = i;
    }
    snprintf(r->device_choice, sizeof r->device_choice, "local rank %ld of %u device%s", r->local_rank, peers,
             peers == 1 ? "" : "s");
    return pick;
}

bool rank_json_path(const char *path, const rank_info *r, char *out, size_t len)
{
    size_t n = strlen(path);
    if (n == 0 || path[n - 1] != '/')
        return false;
    return (size_t)snprintf(out, len, "%s%s-%ld.json", path, r->host, r->rank) < len;
}

json_t *rank_json(const rank_info *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "launcher", r->launcher ? json_string(r->launcher) : json_null());
    json_object_set_new(o, "rank", json_integer(r->rank));
    json_object_set_new(o, "local_rank", r->local_rank >= 0 ? json_integer(r->local_rank) : json_null());
    json_object_set_new(o, "size", r->size > 0 ? json_integer(r->size) : json_null());
    json_object_set_new(o, "host", json_string(r->host));
    json_object_set_new(o, "device_choice", json_string(r->device_choice));
    json_object_set_new(o, "devices_seen", r->devices_seen >= 0 ? json_integer(r->devices_seen) : json_null());
    json_object_set_new(o, "devices_expected",
                        r->devices_expected >= 0 ? json_integer(r->devices_expected) : json_null());
    json_object_set_new(o, "expected_from", r->expected_from[0] ? json_string(r->expected_from) : json_null());
    json_object_set_new(o, "job", r->job[0] ? json_string(r->job) : json_null());
    return o;
}
