/* SPDX-License-Identifier: MIT */
/* A fleet's inventory, as NHC's check_nv_gpu_count judges a node's: the devices each
 * host should have against those its ranks found, and the ranks that measured one
 * device between them (a GPU lost, so that the local ranks wrapped onto the others,
 * or a wrong binding). */
#ifndef ZESLM_INVENTORY_H
#define ZESLM_INVENTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "fleet/fleet.h"
#include "fleet/fleet_verdict.h"

/* The most ranks that may measure one device by default: a rank a device. */
#define INVENTORY_RANKS_PER_DEVICE 1

/* Judges f's inventory into out, whose first f->n_devices entries are its devices':
 * a device that more ranks than o->ranks_per_device measured is ERROR
 * (ZESLM_FR_SHARED_DEVICE) in each rank's entry, unless that is an ERROR already; a
 * host with fewer devices than o->expect_gpus (else than its ranks' launcher gave
 * them, rank.h's devices_expected) gets one entry of its own (ZESLM_FR_GPU_COUNT),
 * appended through add. A device is one by its UUID, else its PCI address, else (its
 * rank's view not narrowed by an affinity variable) its host, name and index. False
 * when out of memory. */
bool inventory_judge(const fleet *f, const verdict_opts *o, verdicts *out,
                     verdict_entry *(*add)(verdicts *v, size_t *cap), size_t *cap);

#endif
