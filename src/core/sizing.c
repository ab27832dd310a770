/* Default sizes that fit the device: one short probe per device measures how fast it
 * reads memory, and every workload's full-run size (chosen for a discrete GPU) is
 * scaled by that speed over the reference GPU's, as Google Benchmark and hyperfine
 * choose iterations from a first timed run. A CPU gets sizes that finish in seconds;
 * a GPU as fast as the reference keeps the full ones. */
#include <stdlib.h>

#include "backend.h"
#include "bench_internal.h"

/* The probe grows from 1 MiB, 4x a step, until one launch takes SIZING_PROBE_NS or it
 * reads SIZING_PROBE_MAX bytes: long enough that the launch's fixed cost is small. */
#define SIZING_PROBE_MIN (1u << 20)
#define SIZING_PROBE_MAX (64u << 20)
#define SIZING_PROBE_NS 2e6
#define PROBE_GROUP 256u

/* One probe: the roofline's read kernel over growing prefixes of one buffer. Its sum is
 * not checked: it reports no figure, it only chooses sizes. *bytes_per_s is 0 when the
 * device executes nothing (it writes no timestamp). */
static zeslm_status probe(zeslm_device *dev, double timeout_s, double *bytes_per_s)
{
    zeslm_status st = ZESLM_OK;
    zeslm_kernel *k = NULL;
    zeslm_buffer *in = NULL, *sums = NULL;
    zeslm_kernel_props props;
    *bytes_per_s = 0;
    TRY(zeslm_kernel_create(dev, "roofline", "peak_read", &k));
    TRY(zeslm_kernel_props_get(k, &props));
    uint32_t group = props.max_group_size && props.max_group_size < PROBE_GROUP ? props.max_group_size : PROBE_GROUP;
    uint32_t groups = bench_fill_groups(dev, 4);
    uint64_t mem = zeslm_device_get_info(dev)->global_mem;
    size_t top = SIZING_PROBE_MAX;
    while (mem && top > SIZING_PROBE_MIN && top > mem / 8)
        top /= 2;
    TRY(bench_buffer(dev, NULL, top, &in));
    TRY(bench_buffer(dev, NULL, (size_t)groups * 4, &sums));
    TRY(zeslm_kernel_arg_buffer(k, 0, in));
    TRY(zeslm_kernel_arg_buffer(k, 2, sums));
    TRY(zeslm_kernel_arg_local(k, 3, (size_t)group * 4));
    for (size_t bytes = SIZING_PROBE_MIN;; bytes = bytes * 4 < top ? bytes * 4 : top) {
        uint64_t ns = 0;
        TRY(zeslm_kernel_arg_u32(k, 1, (uint32_t)(bytes / 16)));
        /* The first launch of a size warms it; the second is timed. */
        for (int rep = 0; rep < 2; rep++) {
            st = zeslm_kernel_launch(k, groups, group, timeout_s, &ns);
            if (st == ZESLM_ERR_NO_TIMING) {
                st = ZESLM_OK;
                goto out;
            }
            if (st != ZESLM_OK)
                goto out;
        }
        if (ns == 0)
            goto out;
        *bytes_per_s = (double)bytes / (1e-9 * (double)ns);
        if ((double)ns >= SIZING_PROBE_NS || bytes == top)
            break;
    }
out:
    zeslm_buffer_free(in);
    zeslm_buffer_free(sums);
    zeslm_kernel_free(k);
    return st;
}

double zeslm_default_size_scale(const zeslm_device *dev, double *probe_bytes_per_s)
{
    if (probe_bytes_per_s)
        *probe_bytes_per_s = dev->probed ? dev->probe_bytes_per_s : 0;
    if (!dev->probed || dev->probe_bytes_per_s <= 0 || dev->probe_bytes_per_s >= ZESLM_SIZING_REFERENCE_BPS)
        return 1;
    return dev->probe_bytes_per_s / ZESLM_SIZING_REFERENCE_BPS;
}

uint64_t bench_fit_size(double scale, uint64_t quick, uint64_t full)
{
    if (scale >= 1 || full <= quick)
        return full;
    uint64_t want = (uint64_t)((double)full * scale);
    /* A full size of a power of two stays one (the kernels' strides and trees like it). */
    if ((full & (full - 1)) == 0)
        for (uint64_t p = full; p > 1; p /= 2)
            if (p <= want) {
                want = p;
                break;
            }
    return want > quick ? want : quick;
}

zeslm_status bench_default_size(zeslm_device *dev, const zeslm_run_opts *o, uint64_t given, uint64_t quick,
                                uint64_t full, uint64_t *out)
{
    if (given || o->quick) {
        *out = given ? given : quick;
        return ZESLM_OK;
    }
    if (!dev->probed) {
        zeslm_status st = probe(dev, o->timeout_s, &dev->probe_bytes_per_s);
        if (st != ZESLM_OK)
            return st;
        dev->probed = true;
    }
    *out = bench_fit_size(zeslm_default_size_scale(dev, NULL), quick, full);
    return ZESLM_OK;
}
