/* SPDX-License-Identifier: MIT */
/* A test double of a Level Zero driver: it stands in for an Intel GPU with hardware
 * counters, which no machine of this project has, so that `profile --metrics` can be
 * tested end to end through the real Level Zero loader (Debian's libze1), which loads
 * it instead of Intel's driver when ZE_ENABLE_ALT_DRIVERS names this library (the
 * loader 1.8.12 reads that variable in source/loader/linux/driver_discovery_lin.cpp,
 * and then loads only the drivers it names).
 *
 * What it offers, and no more: one GPU device; the calls ze-slm's Level Zero backend
 * makes (src/backends/level_zero/backend_ze.c); and one metric group, "ComputeBasic", sampled
 * by queries, whose four metrics it counts itself around the launches a query
 * wraps: Launches (kernels between the query's begin and end), WorkItems (their
 * work-items), SlmAtomics (the SLM atomic operations their source code makes) and
 * GpuTime (ns from begin to end on the host clock).
 *
 * Kernels: a real driver runs the compiled SPIR-V; this double runs its own C
 * reimplementation of the one kernel the tests profile, hist_lanes of
 * kernels/hist.cl, so that ze-slm's check of the output against its host reference
 * passes or fails on what the double computed. Any other kernel name is refused at
 * zeKernelCreate, native binaries at zeModuleCreate (the device is of no generation a
 * bundled zebin targets). With ZESLM_DOUBLE_MISCOUNT=1 in the environment hist_lanes
 * counts one byte too many, as a broken kernel would, so a test can see that such a
 * launch is reported as an error and never shows counters. With
 * ZESLM_DOUBLE_NO_METRICS=1, zeInit fails as Intel's driver without its metrics library
 * does when ZET_ENABLE_METRICS=1 is set (ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE), so a
 * test can see which commands set it. Metrics are offered only when ZET_ENABLE_METRICS=1 was set
 * at zeInit, as Intel's driver does. Device memory is host memory; a command list
 * runs its commands in order when it is executed. Not thread-safe: ze-slm drives one
 * device from one thread. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <level_zero/ze_ddi.h>
#include <level_zero/zet_ddi.h>

#include "../zedriver/one_device.h"
#include "tables.h"

#define MAX_ARGS 8
#define MAX_COMMANDS 64
#define BINS 256

struct _ze_context_handle_t {
    int unused;
};
struct _ze_command_queue_handle_t {
    int unused;
};
struct _ze_module_handle_t {
    int unused;
};
struct _ze_event_pool_handle_t {
    uint32_t count;
};
struct _ze_event_handle_t {
    bool signalled;
    uint64_t start, end; /* ns, the host's monotonic clock: the double's timer runs at 1 GHz */
};

/* One kernel the double can run: its name, argument count, static SLM in bytes, and
 * its C reimplementation, which returns the SLM atomics its source makes. */
typedef uint64_t (*kernel_fn)(const uint64_t *args, uint64_t items);
struct kernel_impl {
    const char *name;
    uint32_t n_args;
    uint32_t slm;
    kernel_fn run;
};

struct _ze_kernel_handle_t {
    const struct kernel_impl *impl;
    uint64_t args[MAX_ARGS];
    uint32_t group[3];
};

/* The raw data of one query: what its launches did, as the double counted it. */
#define REPORT_MAGIC 0x7a65736du
struct report {
    uint32_t magic;
    uint32_t launches;
    uint64_t work_items, slm_atomics, gpu_ns;
};

struct _zet_metric_query_pool_handle_t {
    uint32_t count;
};
struct _zet_metric_query_handle_t {
    bool begun, ended;
    uint64_t start;
    struct report r;
};
struct _zet_metric_group_handle_t {
    int unused;
};
struct _zet_metric_handle_t {
    const char *name, *unit, *description;
    size_t offset; /* of its uint64_t or uint32_t in struct report */
    bool wide;
};

enum command_kind { COPY, LAUNCH, QUERY_BEGIN, QUERY_END };
struct command {
    enum command_kind kind;
    void *dst;
    const void *src;
    size_t bytes;
    struct _ze_kernel_handle_t kernel; /* LAUNCH: the kernel as it was when appended */
    ze_group_count_t groups;
    ze_event_handle_t event;
    zet_metric_query_handle_t query;
};
struct _ze_command_list_handle_t {
    struct command commands[MAX_COMMANDS];
    uint32_t n;
};

static struct _zet_metric_group_handle_t compute_basic;
static bool metrics_enabled;
/* zetContextActivateMetricGroups named ComputeBasic on the one device. */
static bool metrics_active;

static struct _zet_metric_handle_t metrics[] = {
    {"Launches", "kernels", "kernels launched between the query's begin and end", offsetof(struct report, launches),
     false},
    {"WorkItems", "work-items", "work-items of those kernels", offsetof(struct report, work_items), true},
    {"SlmAtomics", "atomics", "SLM atomic operations those kernels' source makes", offsetof(struct report, slm_atomics),
     true},
    {"GpuTime", "ns", "time from the query's begin to its end", offsetof(struct report, gpu_ns), true},
};
#define N_METRICS (sizeof metrics / sizeof metrics[0])

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* hist_lanes(in4, in2, n, bins): bins[b] += how many of the 8n bytes of the n 64-bit
 * words at in4 equal b; in kernels/hist.cl each byte is one SLM atomic_inc. */
static uint64_t hist_lanes(const uint64_t *args, uint64_t items)
{
    const uint8_t *in = (const uint8_t *)(uintptr_t)args[0];
    uint32_t n = (uint32_t)args[2];
    uint32_t *bins = (uint32_t *)(uintptr_t)args[3];
    for (uint64_t i = 0; i < (uint64_t)n * 8; i++)
        bins[in[i]]++;
    if (getenv("ZESLM_DOUBLE_MISCOUNT"))
        bins[0]++;
    return (uint64_t)n * 8;
}

/* NUM_BINS * LANES uints of __local in kernels/hist.cl. */
static const struct kernel_impl kernels[] = {{"hist_lanes", 4, BINS * 32 * 4, hist_lanes}};

static ze_result_t d_init(ze_init_flags_t flags)
{
    const char *e = getenv("ZET_ENABLE_METRICS");
    metrics_enabled = e && strcmp(e, "1") == 0;
    if (metrics_enabled && getenv("ZESLM_DOUBLE_NO_METRICS"))
        return ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_driver_properties(ze_driver_handle_t d, ze_driver_properties_t *p)
{
    memset(p->uuid.id, 0x5a, sizeof p->uuid.id);
    p->driverVersion = 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_device_properties(ze_device_handle_t d, ze_device_properties_t *p)
{
    p->type = ZE_DEVICE_TYPE_GPU;
    p->vendorId = 0x8086;
    p->deviceId = 0xffff; /* no Intel product: no bundled zebin claims it */
    p->coreClockRate = 1000;
    p->maxMemAllocSize = 1u << 30;
    p->numThreadsPerEU = 7;
    p->physicalEUSimdWidth = 8;
    p->numEUsPerSubslice = 8;
    p->numSubslicesPerSlice = 2;
    p->numSlices = 1;
    /* 1 GHz: 1 ns a tick, the _1_2 form in ticks per second. */
    p->timerResolution = p->stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2 ? 1000000000u : 1u;
    p->timestampValidBits = 64;
    p->kernelTimestampValidBits = 64;
    memset(p->uuid.id, 0xd0, sizeof p->uuid.id);
    strcpy(p->name, "ze-slm test double (an Intel GPU with counters)");
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_compute_properties(ze_device_handle_t d, ze_device_compute_properties_t *p)
{
    p->maxTotalGroupSize = 1024;
    p->maxGroupSizeX = p->maxGroupSizeY = p->maxGroupSizeZ = 1024;
    p->maxGroupCountX = p->maxGroupCountY = p->maxGroupCountZ = 1u << 20;
    p->maxSharedLocalMemory = 64 * 1024;
    p->numSubGroupSizes = 3;
    p->subGroupSizes[0] = 8;
    p->subGroupSizes[1] = 16;
    p->subGroupSizes[2] = 32;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_module_properties(ze_device_handle_t d, ze_device_module_properties_t *p)
{
    p->spirvVersionSupported = ZE_MAKE_VERSION(1, 2);
    p->flags = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_memory_properties(ze_device_handle_t d, uint32_t *count, ze_device_memory_properties_t *p)
{
    if (zedriver_fill_count(count, 1) && p)
        p[0].totalSize = 1u << 30;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_queue_groups(ze_device_handle_t d, uint32_t *count, ze_command_queue_group_properties_t *p)
{
    if (zedriver_fill_count(count, 1) && p) {
        p[0].flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
        p[0].numQueues = 1;
    }
    return ZE_RESULT_SUCCESS;
}

/* Objects that are only a handle: one allocation each, freed on destroy. */
#define NEW_HANDLE(out)                                           \
    do {                                                          \
        if (!(*(out) = calloc(1, sizeof **(out))))                \
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;            \
        return ZE_RESULT_SUCCESS;                                 \
    } while (0)

/* Destroying such an object is freeing it. */
#define DESTROY(name, type)          \
    static ze_result_t name(type h)  \
    {                                \
        free(h);                     \
        return ZE_RESULT_SUCCESS;    \
    }

static ze_result_t d_context_create(ze_driver_handle_t d, const ze_context_desc_t *desc, ze_context_handle_t *c)
{
    NEW_HANDLE(c);
}

DESTROY(d_context_destroy, ze_context_handle_t)
static ze_result_t d_queue_create(ze_context_handle_t c, ze_device_handle_t d, const ze_command_queue_desc_t *desc,
                                  ze_command_queue_handle_t *q)
{
    NEW_HANDLE(q);
}

DESTROY(d_queue_destroy, ze_command_queue_handle_t)
static ze_result_t d_list_create(ze_context_handle_t c, ze_device_handle_t d, const ze_command_list_desc_t *desc,
                                 ze_command_list_handle_t *l)
{
    NEW_HANDLE(l);
}

DESTROY(d_list_destroy, ze_command_list_handle_t)
static ze_result_t d_list_close(ze_command_list_handle_t l)
{
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_list_reset(ze_command_list_handle_t l)
{
    l->n = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t append(ze_command_list_handle_t l, const struct command *c)
{
    if (l->n == MAX_COMMANDS)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    l->commands[l->n++] = *c;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_append_copy(ze_command_list_handle_t l, void *dst, const void *src, size_t size,
                                 ze_event_handle_t signal, uint32_t n_wait, ze_event_handle_t *waits)
{
    if (signal || n_wait)
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    return append(l, &(struct command){.kind = COPY, .dst = dst, .src = src, .bytes = size});
}

static ze_result_t d_append_launch(ze_command_list_handle_t l, ze_kernel_handle_t k, const ze_group_count_t *groups,
                                   ze_event_handle_t signal, uint32_t n_wait, ze_event_handle_t *waits)
{
    if (n_wait)
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    return append(l, &(struct command){.kind = LAUNCH, .kernel = *k, .groups = *groups, .event = signal});
}

static void run_launch(const struct command *c, zet_metric_query_handle_t open)
{
    const struct _ze_kernel_handle_t *k = &c->kernel;
    uint64_t items = (uint64_t)c->groups.groupCountX * c->groups.groupCountY * c->groups.groupCountZ * k->group[0] *
                     k->group[1] * k->group[2];
    uint64_t start = now_ns();
    uint64_t atomics = k->impl->run(k->args, items);
    if (c->event) {
        c->event->start = start;
        c->event->end = now_ns();
        c->event->signalled = true;
    }
    if (open) {
        open->r.launches++;
        open->r.work_items += items;
        open->r.slm_atomics += atomics;
    }
}

/* Runs every command of the lists in order; a query counts the launches between its
 * begin and its end. */
static ze_result_t d_execute(ze_command_queue_handle_t q, uint32_t n, ze_command_list_handle_t *lists,
                             ze_fence_handle_t fence)
{
    if (fence)
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    zet_metric_query_handle_t open = NULL;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < lists[i]->n; j++) {
            const struct command *c = &lists[i]->commands[j];
            switch (c->kind) {
            case COPY: memmove(c->dst, c->src, c->bytes); break;
            case LAUNCH: run_launch(c, open); break;
            case QUERY_BEGIN:
                open = c->query;
                open->start = now_ns();
                open->begun = true;
                break;
            case QUERY_END:
                if (c->query == open) {
                    open->r.gpu_ns = now_ns() - open->start;
                    open->r.magic = REPORT_MAGIC;
                    open->ended = true;
                    open = NULL;
                }
                if (c->event)
                    c->event->signalled = true;
                break;
            }
        }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_synchronize(ze_command_queue_handle_t q, uint64_t timeout)
{
    return ZE_RESULT_SUCCESS; /* execute ran everything already */
}

static ze_result_t d_event_pool_create(ze_context_handle_t c, const ze_event_pool_desc_t *desc, uint32_t n,
                                       ze_device_handle_t *devices, ze_event_pool_handle_t *pool)
{
    if (!(*pool = calloc(1, sizeof **pool)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    (*pool)->count = desc->count;
    return ZE_RESULT_SUCCESS;
}

DESTROY(d_event_pool_destroy, ze_event_pool_handle_t)
static ze_result_t d_event_create(ze_event_pool_handle_t pool, const ze_event_desc_t *desc, ze_event_handle_t *e)
{
    if (desc->index >= pool->count)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    NEW_HANDLE(e);
}

DESTROY(d_event_destroy, ze_event_handle_t)
static ze_result_t d_event_reset(ze_event_handle_t e)
{
    e->signalled = false;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_status(ze_event_handle_t e)
{
    return e->signalled ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
}

static ze_result_t d_event_timestamp(ze_event_handle_t e, ze_kernel_timestamp_result_t *ts)
{
    if (!e->signalled)
        return ZE_RESULT_NOT_READY;
    ts->global.kernelStart = ts->context.kernelStart = e->start;
    ts->global.kernelEnd = ts->context.kernelEnd = e->end;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_module_create(ze_context_handle_t c, ze_device_handle_t d, const ze_module_desc_t *desc,
                                   ze_module_handle_t *m, ze_module_build_log_handle_t *log)
{
    static const uint32_t spirv_magic = 0x07230203;
    if (log)
        *log = NULL;
    if (desc->format != ZE_MODULE_FORMAT_IL_SPIRV)
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    if (desc->inputSize < 4 || memcmp(desc->pInputModule, &spirv_magic, 4) != 0)
        return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
    NEW_HANDLE(m);
}

DESTROY(d_module_destroy, ze_module_handle_t)
static ze_result_t d_kernel_create(ze_module_handle_t m, const ze_kernel_desc_t *desc, ze_kernel_handle_t *k)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].name, desc->pKernelName) == 0) {
            if (!(*k = calloc(1, sizeof **k)))
                return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
            (*k)->impl = &kernels[i];
            (*k)->group[0] = (*k)->group[1] = (*k)->group[2] = 1;
            return ZE_RESULT_SUCCESS;
        }
    return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
}

DESTROY(d_kernel_destroy, ze_kernel_handle_t)
static ze_result_t d_kernel_properties(ze_kernel_handle_t k, ze_kernel_properties_t *p)
{
    p->numKernelArgs = k->impl->n_args;
    p->localMemSize = k->impl->slm;
    p->maxSubgroupSize = 16;
    p->maxNumSubgroups = 64;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_kernel_group_size(ze_kernel_handle_t k, uint32_t x, uint32_t y, uint32_t z)
{
    if (!x || !y || !z || (uint64_t)x * y * z > 1024)
        return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    k->group[0] = x;
    k->group[1] = y;
    k->group[2] = z;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_kernel_suggest(ze_kernel_handle_t k, uint32_t gx, uint32_t gy, uint32_t gz, uint32_t *x,
                                    uint32_t *y, uint32_t *z)
{
    *x = 64;
    *y = *z = 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_kernel_arg(ze_kernel_handle_t k, uint32_t index, size_t size, const void *value)
{
    if (index >= k->impl->n_args)
        return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
    if (size == 0 || size > sizeof k->args[0])
        return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
    k->args[index] = 0;
    if (value)
        memcpy(&k->args[index], value, size);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_alloc_device(ze_context_handle_t c, const ze_device_mem_alloc_desc_t *desc, size_t size,
                                  size_t alignment, ze_device_handle_t d, void **ptr)
{
    size_t align = alignment > 64 ? alignment : 64;
    *ptr = aligned_alloc(align, (size + align - 1) / align * align);
    return *ptr ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
}

static ze_result_t d_mem_free(ze_context_handle_t c, void *ptr)
{
    free(ptr);
    return ZE_RESULT_SUCCESS;
}

/* zet: the metric group, its metrics, query pools and queries. */

static ze_result_t d_group_get(ze_device_handle_t d, uint32_t *count, zet_metric_group_handle_t *groups)
{
    if (zedriver_fill_count(count, metrics_enabled ? 1 : 0) && groups)
        groups[0] = &compute_basic;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_group_properties(zet_metric_group_handle_t g, zet_metric_group_properties_t *p)
{
    strcpy(p->name, "ComputeBasic");
    strcpy(p->description, "the test double's counters of the launches a query wraps");
    p->samplingType = ZET_METRIC_GROUP_SAMPLING_TYPE_FLAG_EVENT_BASED;
    p->domain = 0;
    p->metricCount = N_METRICS;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_metric_get(zet_metric_group_handle_t g, uint32_t *count, zet_metric_handle_t *out)
{
    uint32_t n = zedriver_fill_count(count, N_METRICS);
    for (uint32_t i = 0; out && i < n; i++)
        out[i] = &metrics[i];
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_metric_properties(zet_metric_handle_t m, zet_metric_properties_t *p)
{
    strcpy(p->name, m->name);
    strcpy(p->description, m->description);
    strcpy(p->component, "test double");
    p->tierNumber = 1;
    p->metricType = ZET_METRIC_TYPE_EVENT;
    p->resultType = m->wide ? ZET_VALUE_TYPE_UINT64 : ZET_VALUE_TYPE_UINT32;
    strcpy(p->resultUnits, m->unit);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_activate(zet_context_handle_t c, zet_device_handle_t d, uint32_t count,
                              zet_metric_group_handle_t *groups)
{
    if (count > 1 || (count && groups[0] != &compute_basic))
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    metrics_active = count == 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_pool_create(zet_context_handle_t c, zet_device_handle_t d, zet_metric_group_handle_t g,
                                 const zet_metric_query_pool_desc_t *desc, zet_metric_query_pool_handle_t *pool)
{
    if (g != &compute_basic || desc->type != ZET_METRIC_QUERY_POOL_TYPE_PERFORMANCE || desc->count == 0)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (!(*pool = calloc(1, sizeof **pool)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    (*pool)->count = desc->count;
    return ZE_RESULT_SUCCESS;
}

DESTROY(d_pool_destroy, zet_metric_query_pool_handle_t)
static ze_result_t d_query_create(zet_metric_query_pool_handle_t pool, uint32_t index, zet_metric_query_handle_t *q)
{
    if (index >= pool->count)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    NEW_HANDLE(q);
}

DESTROY(d_query_destroy, zet_metric_query_handle_t)
static ze_result_t d_query_reset(zet_metric_query_handle_t q)
{
    memset(q, 0, sizeof *q);
    return ZE_RESULT_SUCCESS;
}

/* As the specification requires, a query needs its group activated on the device. */
static ze_result_t d_query_begin(zet_command_list_handle_t l, zet_metric_query_handle_t q)
{
    if (!metrics_active)
        return ZE_RESULT_ERROR_NOT_AVAILABLE;
    return append(l, &(struct command){.kind = QUERY_BEGIN, .query = q});
}

static ze_result_t d_query_end(zet_command_list_handle_t l, zet_metric_query_handle_t q, ze_event_handle_t signal,
                               uint32_t n_wait, ze_event_handle_t *waits)
{
    if (n_wait)
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    return append(l, &(struct command){.kind = QUERY_END, .query = q, .event = signal});
}

static ze_result_t d_query_data(zet_metric_query_handle_t q, size_t *size, uint8_t *data)
{
    if (!q->ended)
        return ZE_RESULT_NOT_READY;
    if (*size == 0 || !data) {
        *size = sizeof q->r;
        return ZE_RESULT_SUCCESS;
    }
    if (*size < sizeof q->r)
        return ZE_RESULT_ERROR_INVALID_SIZE;
    memcpy(data, &q->r, sizeof q->r);
    *size = sizeof q->r;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_calculate(zet_metric_group_handle_t g, zet_metric_group_calculation_type_t type, size_t size,
                               const uint8_t *raw, uint32_t *count, zet_typed_value_t *values)
{
    struct report r;
    if (g != &compute_basic || type != ZET_METRIC_GROUP_CALCULATION_TYPE_METRIC_VALUES)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (size != sizeof r)
        return ZE_RESULT_ERROR_INVALID_SIZE;
    memcpy(&r, raw, sizeof r);
    if (r.magic != REPORT_MAGIC)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    uint32_t n = zedriver_fill_count(count, N_METRICS);
    for (uint32_t i = 0; values && i < n; i++) {
        const char *field = (const char *)&r + metrics[i].offset;
        values[i].type = metrics[i].wide ? ZET_VALUE_TYPE_UINT64 : ZET_VALUE_TYPE_UINT32;
        if (metrics[i].wide)
            memcpy(&values[i].value.ui64, field, sizeof(uint64_t));
        else
            memcpy(&values[i].value.ui32, field, sizeof(uint32_t));
    }
    return ZE_RESULT_SUCCESS;
}

ZEDRIVER_DEVICE_TABLES
TABLE(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t, .pfnCreate = d_queue_create,
      .pfnDestroy = d_queue_destroy, .pfnExecuteCommandLists = d_execute, .pfnSynchronize = d_synchronize)
TABLE(zeGetCommandListProcAddrTable, ze_command_list_dditable_t, .pfnCreate = d_list_create,
      .pfnDestroy = d_list_destroy, .pfnClose = d_list_close, .pfnReset = d_list_reset,
      .pfnAppendMemoryCopy = d_append_copy, .pfnAppendLaunchKernel = d_append_launch)
TABLE(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t, .pfnCreate = d_event_pool_create,
      .pfnDestroy = d_event_pool_destroy)
TABLE(zeGetEventProcAddrTable, ze_event_dditable_t, .pfnCreate = d_event_create, .pfnDestroy = d_event_destroy,
      .pfnHostReset = d_event_reset, .pfnQueryStatus = d_event_status, .pfnQueryKernelTimestamp = d_event_timestamp)
TABLE(zeGetModuleProcAddrTable, ze_module_dditable_t, .pfnCreate = d_module_create, .pfnDestroy = d_module_destroy)
TABLE(zeGetKernelProcAddrTable, ze_kernel_dditable_t, .pfnCreate = d_kernel_create, .pfnDestroy = d_kernel_destroy,
      .pfnGetProperties = d_kernel_properties, .pfnSetGroupSize = d_kernel_group_size,
      .pfnSuggestGroupSize = d_kernel_suggest, .pfnSetArgumentValue = d_kernel_arg)
TABLE(zeGetMemProcAddrTable, ze_mem_dditable_t, .pfnAllocDevice = d_alloc_device, .pfnFree = d_mem_free)
TABLE(zetGetContextProcAddrTable, zet_context_dditable_t, .pfnActivateMetricGroups = d_activate)
TABLE(zetGetCommandListProcAddrTable, zet_command_list_dditable_t, .pfnAppendMetricQueryBegin = d_query_begin,
      .pfnAppendMetricQueryEnd = d_query_end)
TABLE(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t, .pfnGet = d_group_get,
      .pfnGetProperties = d_group_properties, .pfnCalculateMetricValues = d_calculate)
TABLE(zetGetMetricProcAddrTable, zet_metric_dditable_t, .pfnGet = d_metric_get,
      .pfnGetProperties = d_metric_properties)
TABLE(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t, .pfnCreate = d_pool_create,
      .pfnDestroy = d_pool_destroy)
TABLE(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t, .pfnCreate = d_query_create,
      .pfnDestroy = d_query_destroy, .pfnReset = d_query_reset, .pfnGetData = d_query_data)
