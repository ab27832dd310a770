/* SPDX-License-Identifier: MIT */
/* Which process of a parallel launch this is, from the launcher's environment (no MPI
 * needed): Open MPI, MVAPICH, MPICH's Hydra (and Intel MPI), HPE's PALS, Slurm's srun.
 * Also which device a rank takes, and the file name of its results. */
#ifndef ZESLM_RANK_H
#define ZESLM_RANK_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include <zeslm/device.h>

typedef char *(*rank_getenv)(const char *name);

typedef struct rank_info {
    const char *launcher;  /* "Open MPI", ...; NULL: not launched as a rank (then rank 0 of 1) */
    long rank;             /* global rank */
    long local_rank;       /* rank among this host's processes; -1 unknown */
    long size;             /* processes in all; 0 unknown */
    char host[256];        /* the node: Slurm's name of it under srun, else the host name */
    /* Why this device: "--device", the affinity variable that narrowed the devices
     * the runtime shows ("ZE_AFFINITY_MASK"), "local rank N of M devices", or "best". */
    char device_choice[96];
    /* The node's devices as the launcher and the driver see them (merge's inventory,
     * fleet/inventory.h): the devices like the one it takes that the driver shows this
     * process (-1: not listed yet), and those the launcher gave it (-1: it says
     * none) with the variable that said so ("SLURM_GPUS_ON_NODE", "CUDA_VISIBLE_DEVICES"). */
    long devices_seen, devices_expected;
    char expected_from[32];
    char job[64];          /* the batch system's job id (SLURM_JOB_ID, ...); "" none */
} rank_info;

/* Reads the launcher's variables through `env` (getenv; tests pass their own) and the
 * host name: Slurm's node name (SLURMD_NODENAME) where srun started the process, else
 * gethostname's. A variable that is set but is not a number in range, or a node name
 * that cannot name a file, is an error: returns false with the reason in `why`. */
bool rank_detect(rank_getenv env, rank_info *out, char *why, size_t why_len);

/* The affinity variable of `env` that already narrows the devices a process sees
 * (ZE_AFFINITY_MASK, ONEAPI_DEVICE_SELECTOR, CUDA_VISIBLE_DEVICES), or NULL. */
const char *rank_affinity(rank_getenv env);

/* The device a rank takes from `list`, as zeslm_select_device would name it: its
 * local rank modulo the devices like the best one (same backend, GPU or not), so the
 * ranks of a host spread over its GPUs. Sets r->device_choice. Returns the index. */
uint32_t rank_pick(const zeslm_device_list *list, uint32_t best, rank_info *r);

/* The devices like list->items[best] (same backend, GPU or not): those a rank's local
 * rank wraps over. */
uint32_t rank_devices_like(const zeslm_device_list *list, uint32_t best);

/* `--json DIR/` (a path ending in '/'): DIR/HOST-RANK.json into out. Returns false
 * (out untouched) for any other path; out holds len bytes. */
bool rank_json_path(const char *path, const rank_info *r, char *out, size_t len);

/* {launcher, rank, local_rank, size, host, device_choice, devices_seen,
 * devices_expected, expected_from, job} for a results document; unknown members are
 * null. */
json_t *rank_json(const rank_info *r);

#endif
