/* SPDX-License-Identifier: MIT */
/* Command lists, queues, events with kernel timestamps, and fences. A command list
 * records its commands (a launch with its kernel's arguments and group size as they
 * were when it was appended, as Level Zero defines); executing it enqueues them in
 * order on the queue's in-order OpenCL queue, with profiling, so an event's kernel
 * timestamp is what OpenCL measured of the command that signalled it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel.h"

struct _ze_command_queue_handle_t {
    cl_command_queue queue;
    cl_event last; /* the last command enqueued; NULL: none */
};

struct _ze_event_pool_handle_t {
    ze_event_pool_flags_t flags;
    uint32_t count;
};

struct _ze_event_handle_t {
    ze_event_pool_handle_t pool;
    cl_event signalled_by; /* the command that signals it; NULL: none yet */
    bool host_signalled;
    struct zecl_launch_record launch; /* when a launch signals it */
};

struct _ze_fence_handle_t {
    ze_command_queue_handle_t queue;
    cl_event last; /* the execution it follows; NULL: not yet submitted */
};

enum command_kind { COPY, FILL, LAUNCH, BARRIER };
struct command {
    enum command_kind kind;
    void *dst;
    const void *src;
    size_t bytes;
    unsigned char pattern[128];
    size_t pattern_size;
    ze_kernel_handle_t kernel;
    struct zecl_arg *args; /* LAUNCH: the kernel's arguments when appended */
    uint32_t group[3];
    ze_group_count_t groups;
    ze_event_handle_t signal;
    uint32_t n_wait;
    ze_event_handle_t *waits;
};

struct _ze_command_list_handle_t {
    struct command *commands;
    uint32_t n, cap;
    bool closed;
};

static struct zecl_launch_record last_launch;

const struct zecl_launch_record *zecl_test_last_launch(void)
{
    return &last_launch;
}

/* The OpenCL events of the latest launches enqueued, newest at recent[n_recent - 1
 * modulo ZECL_RECENT], each retained until a newer one takes its place. */
static cl_event recent[ZECL_RECENT];
static unsigned n_recent;

static void keep_recent(cl_event done)
{
    cl_event *slot = &recent[n_recent++ % ZECL_RECENT];
    if (*slot)
        clReleaseEvent(*slot);
    clRetainEvent(done);
    *slot = done;
}

bool zecl_test_recent_launch(unsigned back, struct zecl_launch_record *out)
{
    if (back >= ZECL_RECENT || back >= n_recent)
        return false;
    cl_event e = recent[(n_recent - 1 - back) % ZECL_RECENT];
    cl_ulong start, end;
    if (clWaitForEvents(1, &e) != CL_SUCCESS ||
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL) != CL_SUCCESS ||
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL) != CL_SUCCESS)
        return false;
    memset(out, 0, sizeof *out);
    out->start_ns = start;
    out->end_ns = end;
    out->start_ticks = zecl_timer_ticks(start);
    out->end_ticks = zecl_timer_ticks(end);
    return true;
}

static ze_result_t d_queue_create(ze_context_handle_t c, ze_device_handle_t d, const ze_command_queue_desc_t *desc,
                                  ze_command_queue_handle_t *out)
{
    if (desc->ordinal != 0 || desc->index != 0)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeCommandQueueCreate",
                         "ordinal %u index %u: the device has one group of one queue", desc->ordinal, desc->index);
    ze_command_queue_handle_t q = calloc(1, sizeof *q);
    if (!q)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_int err;
    q->queue = clCreateCommandQueueWithProperties(zecl.context, zecl.device, props, &err);
    if (!q->queue) {
        free(q);
        return zecl_from_cl(err, "zeCommandQueueCreate", "clCreateCommandQueueWithProperties");
    }
    *out = q;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_queue_destroy(ze_command_queue_handle_t q)
{
    clFinish(q->queue);
    if (q->last)
        clReleaseEvent(q->last);
    clReleaseCommandQueue(q->queue);
    free(q);
    return ZE_RESULT_SUCCESS;
}

/* Waits up to `timeout` ns (UINT64_MAX: for ever) for `e` to complete:
 * ZE_RESULT_NOT_READY when it has not. */
static ze_result_t wait_event(cl_event e, uint64_t timeout)
{
    if (!e)
        return ZE_RESULT_SUCCESS;
    if (timeout == UINT64_MAX)
        return clWaitForEvents(1, &e) == CL_SUCCESS ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_DEVICE_LOST;
    struct timespec t0, now, nap = {0, 20000};
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        cl_int status;
        if (clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) != CL_SUCCESS ||
            status < 0)
            return ZE_RESULT_ERROR_DEVICE_LOST;
        if (status == CL_COMPLETE)
            return ZE_RESULT_SUCCESS;
        clock_gettime(CLOCK_MONOTONIC, &now);
        uint64_t spent = (uint64_t)(now.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)now.tv_nsec - (uint64_t)t0.tv_nsec;
        if (spent >= timeout)
            return ZE_RESULT_NOT_READY;
        nanosleep(&nap, NULL);
    }
}

static ze_result_t d_synchronize(ze_command_queue_handle_t q, uint64_t timeout)
{
    clFlush(q->queue);
    return wait_event(q->last, timeout);
}

static ze_result_t d_list_create(ze_context_handle_t c, ze_device_handle_t d, const ze_command_list_desc_t *desc,
                                 ze_command_list_handle_t *out)
{
    if (desc->commandQueueGroupOrdinal != 0)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeCommandListCreate",
                         "ordinal %u: the device has one queue group", desc->commandQueueGroupOrdinal);
    if (!(*out = calloc(1, sizeof **out)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_list_reset(ze_command_list_handle_t l)
{
    for (uint32_t i = 0; i < l->n; i++) {
        free(l->commands[i].args);
        free(l->commands[i].waits);
    }
    l->n = 0;
    l->closed = false;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_list_destroy(ze_command_list_handle_t l)
{
    d_list_reset(l);
    free(l->commands);
    free(l);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_list_close(ze_command_list_handle_t l)
{
    l->closed = true;
    return ZE_RESULT_SUCCESS;
}

/* Appends `c` with its wait list; a closed list takes no more commands. */
static ze_result_t append(ze_command_list_handle_t l, struct command *c, const char *call, uint32_t n_wait,
                          const ze_event_handle_t *waits)
{
    if (l->closed)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call, "the command list is closed");
    if (n_wait && !waits)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_SIZE, call, "%u events to wait for and no list of them", n_wait);
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? 2 * l->cap : 16;
        struct command *grown = realloc(l->commands, cap * sizeof *grown);
        if (!grown)
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        l->commands = grown;
        l->cap = cap;
    }
    if (n_wait) {
        if (!(c->waits = malloc(n_wait * sizeof *waits)))
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        memcpy(c->waits, waits, n_wait * sizeof *waits);
        c->n_wait = n_wait;
    }
    l->commands[l->n++] = *c;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_append_copy(ze_command_list_handle_t l, void *dst, const void *src, size_t size,
                                 ze_event_handle_t signal, uint32_t n_wait, ze_event_handle_t *waits)
{
    struct command c = {.kind = COPY, .dst = dst, .src = src, .bytes = size, .signal = signal};
    return append(l, &c, "zeCommandListAppendMemoryCopy", n_wait, waits);
}

static ze_result_t d_append_fill(ze_command_list_handle_t l, void *ptr, const void *pattern, size_t pattern_size,
                                 size_t size, ze_event_handle_t signal, uint32_t n_wait, ze_event_handle_t *waits)
{
    static const char call[] = "zeCommandListAppendMemoryFill";
    /* The pattern's size: a power of two up to maxMemoryFillPatternSize (128). */
    if (pattern_size == 0 || pattern_size > 128 || (pattern_size & (pattern_size - 1)) || size % pattern_size)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_SIZE, call, "a pattern of %zu bytes over %zu bytes", pattern_size,
                         size);
    struct command c = {.kind = FILL, .dst = ptr, .bytes = size, .pattern_size = pattern_size, .signal = signal};
    memcpy(c.pattern, pattern, pattern_size);
    return append(l, &c, call, n_wait, waits);
}

static ze_result_t d_append_barrier(ze_command_list_handle_t l, ze_event_handle_t signal, uint32_t n_wait,
                                    ze_event_handle_t *waits)
{
    struct command c = {.kind = BARRIER, .signal = signal};
    return append(l, &c, "zeCommandListAppendBarrier", n_wait, waits);
}

/* A launch takes the kernel's arguments and group size as they are now; every
 * argument must have been set, and each group count be within the device's limit. */
static ze_result_t d_append_launch(ze_command_list_handle_t l, ze_kernel_handle_t k, const ze_group_count_t *groups,
                                   ze_event_handle_t signal, uint32_t n_wait, ze_event_handle_t *waits)
{
    static const char call[] = "zeCommandListAppendLaunchKernel";
    uint32_t g[3] = {groups->groupCountX, groups->groupCountY, groups->groupCountZ};
    for (int i = 0; i < 3; i++)
        if (g[i] > zecl_limits.max_group_count)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call, "%s: %u groups in dimension %d, above %u",
                             k->name, g[i], i, zecl_limits.max_group_count);
    for (uint32_t i = 0; i < k->n_args; i++)
        if (!k->args[i].set)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call, "%s: argument %u was never set", k->name, i);
    struct command c = {.kind = LAUNCH, .kernel = k, .groups = *groups, .signal = signal};
    memcpy(c.group, k->group, sizeof c.group);
    if (k->n_args && !(c.args = malloc(k->n_args * sizeof *c.args)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    memcpy(c.args, k->args, k->n_args * sizeof *c.args);
    ze_result_t r = append(l, &c, call, n_wait, waits);
    if (r != ZE_RESULT_SUCCESS)
        free(c.args);
    return r;
}

/* The launch's arguments on the OpenCL kernel, then the launch. */
static cl_int enqueue_launch(cl_command_queue q, const struct command *c, cl_uint n_wait, const cl_event *waits,
                             cl_event *done)
{
    const ze_kernel_handle_t k = c->kernel;
    cl_int err = CL_SUCCESS;
    for (uint32_t i = 0; i < k->n_args && err == CL_SUCCESS; i++) {
        const struct zecl_arg *a = &c->args[i];
        switch (k->types[i].kind) {
        case ZECL_ARG_LOCAL: err = clSetKernelArg(k->kernel, i, a->size, NULL); break;
        case ZECL_ARG_POINTER: err = zecl.arg_pointer(k->kernel, i, *(void *const *)a->value); break;
        case ZECL_ARG_VALUE: err = clSetKernelArg(k->kernel, i, a->size, a->value); break;
        }
    }
    if (err != CL_SUCCESS)
        return err;
    uint32_t counts[3] = {c->groups.groupCountX, c->groups.groupCountY, c->groups.groupCountZ};
    size_t global[3], local[3];
    for (int i = 0; i < 3; i++) {
        local[i] = c->group[i];
        global[i] = (size_t)counts[i] * c->group[i];
    }
    if (!global[0] || !global[1] || !global[2]) /* no work-item: OpenCL refuses what Level Zero allows */
        return clEnqueueMarkerWithWaitList(q, n_wait, waits, done);
    cl_uint dims = global[2] > 1 ? 3 : global[1] > 1 ? 2 : 1;
    return clEnqueueNDRangeKernel(q, k->kernel, dims, NULL, global, local, n_wait, waits, done);
}

static void record_launch(const struct command *c, struct zecl_launch_record *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->kernel, sizeof r->kernel, "%s", c->kernel->name);
    r->n_args = c->kernel->n_args;
    for (uint32_t i = 0; i < r->n_args; i++)
        r->local_bytes[i] = c->kernel->types[i].kind == ZECL_ARG_LOCAL ? c->args[i].size : 0;
}

/* Enqueues one command after the events it waits for; `done` is its OpenCL event. */
static ze_result_t enqueue(ze_command_queue_handle_t q, const struct command *c, cl_event *done)
{
    static const char call[] = "zeCommandQueueExecuteCommandLists";
    cl_event waits[16];
    cl_uint n = 0;
    if (c->n_wait > 16)
        return zecl_fail(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, call, "a command waits for %u events", c->n_wait);
    for (uint32_t i = 0; i < c->n_wait; i++) {
        ze_event_handle_t e = c->waits[i];
        if (e->signalled_by)
            waits[n++] = e->signalled_by;
        else if (!e->host_signalled)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call,
                             "a command waits for an event that nothing before it signals");
    }
    cl_int err = CL_INVALID_OPERATION;
    switch (c->kind) {
    case COPY: err = zecl.memcpy(q->queue, CL_FALSE, c->dst, c->src, c->bytes, n, n ? waits : NULL, done); break;
    case FILL:
        err = zecl.fill(q->queue, c->dst, c->pattern, c->pattern_size, c->bytes, n, n ? waits : NULL, done);
        break;
    case BARRIER: err = clEnqueueBarrierWithWaitList(q->queue, n, n ? waits : NULL, done); break;
    case LAUNCH: err = enqueue_launch(q->queue, c, n, n ? waits : NULL, done); break;
    }
    if (err != CL_SUCCESS)
        return zecl_from_cl(err, call, c->kind == LAUNCH ? c->kernel->name : "a copy, fill or barrier");
    if (c->kind == LAUNCH) {
        record_launch(c, &last_launch);
        keep_recent(*done);
    }
    if (c->signal) {
        if (c->signal->signalled_by)
            clReleaseEvent(c->signal->signalled_by);
        clRetainEvent(*done);
        c->signal->signalled_by = *done;
        c->signal->host_signalled = false;
        if (c->kind == LAUNCH)
            c->signal->launch = last_launch;
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_execute(ze_command_queue_handle_t q, uint32_t n, ze_command_list_handle_t *lists,
                             ze_fence_handle_t fence)
{
    for (uint32_t i = 0; i < n; i++)
        if (!lists[i]->closed)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeCommandQueueExecuteCommandLists",
                             "command list %u is not closed", i);
    ze_result_t r = ZE_RESULT_SUCCESS;
    for (uint32_t i = 0; i < n && r == ZE_RESULT_SUCCESS; i++)
        for (uint32_t j = 0; j < lists[i]->n && r == ZE_RESULT_SUCCESS; j++) {
            cl_event done = NULL;
            r = enqueue(q, &lists[i]->commands[j], &done);
            if (done) {
                if (q->last)
                    clReleaseEvent(q->last);
                q->last = done;
            }
        }
    clFlush(q->queue);
    if (fence && q->last) {
        if (fence->last)
            clReleaseEvent(fence->last);
        clRetainEvent(q->last);
        fence->last = q->last;
    }
    return r;
}

static ze_result_t d_fence_create(ze_command_queue_handle_t q, const ze_fence_desc_t *desc, ze_fence_handle_t *out)
{
    if (!(*out = calloc(1, sizeof **out)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    (*out)->queue = q;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_fence_reset(ze_fence_handle_t f)
{
    if (f->last)
        clReleaseEvent(f->last);
    f->last = NULL;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_fence_destroy(ze_fence_handle_t f)
{
    d_fence_reset(f);
    free(f);
    return ZE_RESULT_SUCCESS;
}

/* A fence no execution has signalled is not ready, as on a GPU. */
static ze_result_t d_fence_sync(ze_fence_handle_t f, uint64_t timeout)
{
    if (!f->last)
        return ZE_RESULT_NOT_READY;
    return wait_event(f->last, timeout);
}

static ze_result_t d_fence_status(ze_fence_handle_t f)
{
    return d_fence_sync(f, 0);
}

static ze_result_t d_event_pool_create(ze_context_handle_t c, const ze_event_pool_desc_t *desc, uint32_t n,
                                       ze_device_handle_t *devices, ze_event_pool_handle_t *out)
{
    if (desc->count == 0)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_SIZE, "zeEventPoolCreate", "a pool of 0 events");
    if (!(*out = calloc(1, sizeof **out)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    (*out)->flags = desc->flags;
    (*out)->count = desc->count;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_pool_destroy(ze_event_pool_handle_t p)
{
    free(p);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_create(ze_event_pool_handle_t pool, const ze_event_desc_t *desc, ze_event_handle_t *out)
{
    if (desc->index >= pool->count)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeEventCreate", "index %u of a pool of %u", desc->index,
                         pool->count);
    if (!(*out = calloc(1, sizeof **out)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    (*out)->pool = pool;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_reset(ze_event_handle_t e)
{
    if (e->signalled_by)
        clReleaseEvent(e->signalled_by);
    e->signalled_by = NULL;
    e->host_signalled = false;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_destroy(ze_event_handle_t e)
{
    d_event_reset(e);
    free(e);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_signal(ze_event_handle_t e)
{
    e->host_signalled = true;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_event_sync(ze_event_handle_t e, uint64_t timeout)
{
    if (e->host_signalled)
        return ZE_RESULT_SUCCESS;
    if (!e->signalled_by)
        return ZE_RESULT_NOT_READY;
    return wait_event(e->signalled_by, timeout);
}

static ze_result_t d_event_status(ze_event_handle_t e)
{
    return d_event_sync(e, 0);
}

/* The start and end of the command that signalled the event, in ticks of the
 * driver's timer; only an event of a pool made for kernel timestamps has them. */
static ze_result_t d_event_timestamp(ze_event_handle_t e, ze_kernel_timestamp_result_t *ts)
{
    static const char call[] = "zeEventQueryKernelTimestamp";
    if (!(e->pool->flags & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP))
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call,
                         "the event's pool was not created with ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP");
    ze_result_t r = d_event_status(e);
    if (r != ZE_RESULT_SUCCESS || !e->signalled_by)
        return r == ZE_RESULT_SUCCESS ? ZE_RESULT_NOT_READY : r;
    cl_ulong start, end;
    if (clGetEventProfilingInfo(e->signalled_by, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL) != CL_SUCCESS ||
        clGetEventProfilingInfo(e->signalled_by, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL) != CL_SUCCESS)
        return zecl_fail(ZE_RESULT_ERROR_UNKNOWN, call, "OpenCL has no profiling times for the command");
    ts->global.kernelStart = ts->context.kernelStart = zecl_timer_ticks(start);
    ts->global.kernelEnd = ts->context.kernelEnd = zecl_timer_ticks(end);
    e->launch.start_ns = start;
    e->launch.end_ns = end;
    e->launch.start_ticks = ts->context.kernelStart;
    e->launch.end_ticks = ts->context.kernelEnd;
    last_launch = e->launch;
    return ZE_RESULT_SUCCESS;
}

#include "../zedouble/tables.h"

TABLE(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t, .pfnCreate = d_queue_create,
      .pfnDestroy = d_queue_destroy, .pfnExecuteCommandLists = d_execute, .pfnSynchronize = d_synchronize)
TABLE(zeGetCommandListProcAddrTable, ze_command_list_dditable_t, .pfnCreate = d_list_create,
      .pfnDestroy = d_list_destroy, .pfnClose = d_list_close, .pfnReset = d_list_reset,
      .pfnAppendMemoryCopy = d_append_copy, .pfnAppendMemoryFill = d_append_fill,
      .pfnAppendBarrier = d_append_barrier, .pfnAppendLaunchKernel = d_append_launch)
TABLE(zeGetFenceProcAddrTable, ze_fence_dditable_t, .pfnCreate = d_fence_create, .pfnDestroy = d_fence_destroy,
      .pfnHostSynchronize = d_fence_sync, .pfnQueryStatus = d_fence_status, .pfnReset = d_fence_reset)
TABLE(zeGetEventPoolProcAddrTable, ze_event_pool_dditable_t, .pfnCreate = d_event_pool_create,
      .pfnDestroy = d_event_pool_destroy)
TABLE(zeGetEventProcAddrTable, ze_event_dditable_t, .pfnCreate = d_event_create, .pfnDestroy = d_event_destroy,
      .pfnHostSignal = d_event_signal, .pfnHostSynchronize = d_event_sync, .pfnHostReset = d_event_reset,
      .pfnQueryStatus = d_event_status, .pfnQueryKernelTimestamp = d_event_timestamp)
