/* SPDX-License-Identifier: MIT */
/* Level Zero backend: every driver, device and sub-device; modules from the embedded
 * SPIR-V; timing from kernel-timestamp events. */
#include <level_zero/ze_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>
#include <zeslm/timing.h>

#include "backend.h"
#include "dump.h"
#include "error.h"
#include "identity.h"
#include "ocloc.h"
#include "ze_query.h"
#include "ze_result.h"

struct ze_dev {
    struct zeslm_device base;
    ze_driver_handle_t driver;
    ze_device_handle_t device;
    ze_context_handle_t ctx;
    ze_command_queue_handle_t queue;
    ze_command_list_handle_t list;
    ze_event_pool_handle_t pool;
    ze_event_handle_t event;
    ze_event_handle_t event_first; /* a sequence's first launch; `event` its last */
    char module_format[64]; /* what the last build used, for dev->module_format */
    zeslm_ze_query *query;  /* the metric query around each launch; NULL: none */
    /* The kernel timestamp counter unwrapped (it wraps at timestamp_bits): the last
     * start read, and the wraps seen before it. */
    uint64_t last_start, wraps;
};

/* The start of a launch in ns on the device's clock, from its kernel timestamp: a
 * counter of timestamp_bits that wraps (every few minutes at 32 bits), counted on so
 * that the starts of a run keep their order. */
static void note_start(struct ze_dev *d, uint64_t ticks)
{
    uint32_t bits = d->base.info.timestamp_bits;
    uint64_t mask = bits >= 64 || bits == 0 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    ticks &= mask;
    if (ticks < d->last_start && mask != UINT64_MAX)
        d->wraps++;
    d->last_start = ticks;
    double period = mask == UINT64_MAX ? 0 : (double)mask + 1;
    zeslm_launch_started((uint64_t)(((double)d->wraps * period + (double)ticks) * 1e9 / d->base.info.timer_hz + 0.5));
}

struct zeslm_module {
    ze_module_handle_t module;
};

struct ze_buf {
    struct zeslm_buffer base;
    void *ptr;
};

struct ze_kern {
    struct zeslm_kernel base;
    ze_kernel_handle_t kernel;
};

static zeslm_status read_info(ze_driver_handle_t drv, ze_device_handle_t dev, bool sub,
                              zeslm_device_info *info)
{
    zeslm_status st = ZESLM_OK;
    memset(info, 0, sizeof *info);
    info->is_subdevice = sub;
    /* The _1_2 form reports the timer in ticks per second instead of whole ns per
     * tick, which on Gen12 (83.33 ns) would lose 0.4%. */
    ze_device_properties_t p = {.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2};
    ZE_TRY(zeDeviceGetProperties(dev, &p));
    snprintf(info->name, sizeof info->name, "%s", p.name);
    snprintf(info->vendor, sizeof info->vendor, "%s", p.vendorId == 0x8086 ? "Intel(R) Corporation" : "");
    info->vendor_id = p.vendorId;
    info->device_id = p.deviceId;
    info->is_gpu = p.type == ZE_DEVICE_TYPE_GPU;
    info->slices = p.numSlices;
    info->subslices_per_slice = p.numSubslicesPerSlice;
    info->eus_per_subslice = p.numEUsPerSubslice;
    info->threads_per_eu = p.numThreadsPerEU;
    info->eu_threads_reported = true;
    info->simd_width = p.physicalEUSimdWidth;
    info->compute_units = p.numSlices * p.numSubslicesPerSlice;
    info->clock_mhz = p.coreClockRate;
    info->timer_hz = (double)p.timerResolution;
    info->timer_resolution_ns = p.timerResolution ? 1e9 / (double)p.timerResolution : 0;
    info->timestamp_bits = p.kernelTimestampValidBits;
    zeslm_uuid_text(p.uuid.id, info->uuid, sizeof info->uuid);
    /* An extension (ZE_extension_pci_properties): a driver without it leaves the
     * address unknown. */
    ze_pci_ext_properties_t pci = {.stype = ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES};
    if (zeDevicePciGetPropertiesExt(dev, &pci) == ZE_RESULT_SUCCESS)
        zeslm_pci_text(pci.address.domain, pci.address.bus, pci.address.device, pci.address.function,
                       info->pci_address, sizeof info->pci_address);

    ze_device_compute_properties_t c = {.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES};
    ZE_TRY(zeDeviceGetComputeProperties(dev, &c));
    info->max_group_size = c.maxTotalGroupSize;
    info->max_group_size_x = c.maxGroupSizeX;
    info->slm_per_group = c.maxSharedLocalMemory;
    info->slm_dedicated = 1;
    info->n_subgroup_sizes = c.numSubGroupSizes < ZESLM_MAX_SUBGROUP_SIZES ? c.numSubGroupSizes
                                                                          : ZESLM_MAX_SUBGROUP_SIZES;
    memcpy(info->subgroup_sizes, c.subGroupSizes, info->n_subgroup_sizes * sizeof(uint32_t));
    /* Every Level Zero device runs sub-group SPIR-V, Intel's block reads and
     * required sub-group sizes included. */
    info->subgroups = true;
    info->intel_subgroups = true;
    info->spirv = true;
    /* Level Zero has no query of OpenCL C versions or atomic orders and scopes: its
     * modules are SPIR-V (or zebins) that ocloc built from OpenCL C 3.0 with every
     * feature IGC has, and IGC takes SPIR-V atomics of every order and scope. */
    info->opencl_c = 300;
    info->atomic_caps = ZESLM_ATOMIC_ORDER_RELAXED | ZESLM_ATOMIC_ORDER_ACQ_REL | ZESLM_ATOMIC_ORDER_SEQ_CST |
                        ZESLM_ATOMIC_SCOPE_WORK_GROUP | ZESLM_ATOMIC_SCOPE_DEVICE;
    /* Float atomics (ZE_extension_float_atomics) answer in a structure chained to the
     * module properties, not the device properties. Every SPIR-V consumer builds the
     * float built-ins (emulating what the hardware lacks); the flags say which ones
     * the device really has, per memory: 22.43 with no GPU reports none on tgllp and
     * dg1, global add on dg2, and global add, min and max on pvc. */
    ze_float_atomic_ext_properties_t fa = {.stype = ZE_STRUCTURE_TYPE_FLOAT_ATOMIC_EXT_PROPERTIES};
    ze_device_module_properties_t mp = {.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES, .pNext = &fa};
    bool known = zeDeviceGetModuleProperties(dev, &mp) == ZE_RESULT_SUCCESS;
    info->int64_atomics = known ? (mp.flags & ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS) != 0 : -1;
    info->float_atomics = known ? 1 : -1;
    static const struct {
        ze_device_fp_atomic_ext_flags_t ze;
        uint32_t zeslm;
    } bits[] = {
        {ZE_DEVICE_FP_ATOMIC_EXT_FLAG_GLOBAL_ADD, ZESLM_FP32_ATOMIC_GLOBAL_ADD},
        {ZE_DEVICE_FP_ATOMIC_EXT_FLAG_GLOBAL_MIN_MAX, ZESLM_FP32_ATOMIC_GLOBAL_MIN_MAX},
        {ZE_DEVICE_FP_ATOMIC_EXT_FLAG_LOCAL_ADD, ZESLM_FP32_ATOMIC_LOCAL_ADD},
        {ZE_DEVICE_FP_ATOMIC_EXT_FLAG_LOCAL_MIN_MAX, ZESLM_FP32_ATOMIC_LOCAL_MIN_MAX},
    };
    for (size_t i = 0; known && i < sizeof bits / sizeof bits[0]; i++)
        if (fa.fp32Flags & bits[i].ze)
            info->fp32_atomics |= bits[i].zeslm;

    uint32_t nmem = 0;
    ZE_TRY(zeDeviceGetMemoryProperties(dev, &nmem, NULL));
    if (nmem > 0) {
        ze_device_memory_properties_t m[4];
        for (unsigned i = 0; i < 4; i++)
            m[i] = (ze_device_memory_properties_t){.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES};
        if (nmem > 4)
            nmem = 4;
        ZE_TRY(zeDeviceGetMemoryProperties(dev, &nmem, m));
        for (unsigned i = 0; i < nmem; i++) {
            info->global_mem += m[i].totalSize;
            /* Modules side by side: their widths add up, at the fastest one's clock. */
            if (m[i].maxClockRate && m[i].maxBusWidth) {
                info->memory_bus_bits += m[i].maxBusWidth;
                if (m[i].maxClockRate > info->memory_clock_mhz)
                    info->memory_clock_mhz = m[i].maxClockRate;
            }
        }
    }
    ze_api_version_t v = 0;
    ZE_TRY(zeDriverGetApiVersion(drv, &v));
    ze_driver_properties_t dp = {.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES};
    ZE_TRY(zeDriverGetProperties(drv, &dp));
    snprintf(info->driver, sizeof info->driver, "Level Zero %u.%u, driver 0x%x", ZE_MAJOR_VERSION(v),
             ZE_MINOR_VERSION(v), dp.driverVersion);
out:
    return st;
}

/* Walks every driver, device and sub-device in a fixed order; `visit` sees each
 * with its position. Both listing and opening use it, so their numbering agrees. */
typedef zeslm_status (*visit_fn)(ze_driver_handle_t, ze_device_handle_t, bool sub, uint32_t pos, void *arg);

static zeslm_status walk(visit_fn visit, void *arg, uint32_t *count)
{
    zeslm_status st = ZESLM_OK;
    ze_driver_handle_t drivers[8];
    ze_device_handle_t devs[16], subs[8];
    uint32_t nd = 0, pos = 0;
    ZE_TRY(zeDriverGet(&nd, NULL));
    if (nd > 8)
        nd = 8;
    ZE_TRY(zeDriverGet(&nd, drivers));
    for (uint32_t d = 0; d < nd && st == ZESLM_OK; d++) {
        uint32_t n = 0;
        ZE_TRY(zeDeviceGet(drivers[d], &n, NULL));
        if (n > 16)
            n = 16;
        ZE_TRY(zeDeviceGet(drivers[d], &n, devs));
        for (uint32_t i = 0; i < n && st == ZESLM_OK; i++) {
            st = visit(drivers[d], devs[i], false, pos++, arg);
            /* Count first: some drivers leave a too-large count untouched when a
             * device has no sub-devices. */
            uint32_t ns = 0;
            if (st != ZESLM_OK || zeDeviceGetSubDevices(devs[i], &ns, NULL) != ZE_RESULT_SUCCESS || ns == 0)
                continue;
            if (ns > 8)
                ns = 8;
            if (zeDeviceGetSubDevices(devs[i], &ns, subs) == ZE_RESULT_SUCCESS)
                for (uint32_t s = 0; s < ns && st == ZESLM_OK; s++)
                    st = visit(drivers[d], subs[s], true, pos++, arg);
        }
    }
    *count = pos;
out:
    return st;
}

/* Called by list and open, which callers run on one thread at a time
 * (include/zeslm/device.h), so the flag needs no lock. */
static zeslm_status ensure_init(char *note, size_t note_len)
{
    static ze_result_t init = ZE_RESULT_ERROR_UNINITIALIZED;
    static bool done;
    if (!done) {
        init = zeInit(ZE_INIT_FLAG_GPU_ONLY);
        done = true;
    }
    if (init != ZE_RESULT_SUCCESS) {
        snprintf(note, note_len, "no Level Zero driver (zeInit: %s)", zeslm_ze_result_name(init));
        return ZESLM_ERR_NO_DEVICE;
    }
    return ZESLM_OK;
}

struct list_arg {
    zeslm_device_info *items;
    size_t cap;
};

static zeslm_status list_visit(ze_driver_handle_t drv, ze_device_handle_t dev, bool sub, uint32_t pos, void *varg)
{
    struct list_arg *a = varg;
    if (!ZESLM_GROW(a->items, (size_t)pos + 1, a->cap))
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    zeslm_status st = read_info(drv, dev, sub, &a->items[pos]);
    a->items[pos].backend_index = pos;
    return st;
}

static zeslm_status ze_list(zeslm_device_info **out, uint32_t *n, char *note, size_t note_len)
{
    struct list_arg a = {0};
    *out = NULL;
    *n = 0;
    if (ensure_init(note, note_len) != ZESLM_OK)
        return ZESLM_OK;
    zeslm_status st = walk(list_visit, &a, n);
    if (st != ZESLM_OK) {
        free(a.items);
        *n = 0;
        return st;
    }
    if (*n == 0)
        snprintf(note, note_len, "Level Zero loaded but reports no GPU");
    *out = a.items;
    return ZESLM_OK;
}

struct find_arg {
    uint32_t want;
    ze_driver_handle_t drv;
    ze_device_handle_t dev;
};

static zeslm_status find_visit(ze_driver_handle_t drv, ze_device_handle_t dev, bool sub, uint32_t pos, void *varg)
{
    (void)sub;
    struct find_arg *a = varg;
    if (pos == a->want) {
        a->drv = drv;
        a->dev = dev;
    }
    return ZESLM_OK;
}

static void ze_close(zeslm_device *dev)
{
    struct ze_dev *d = (struct ze_dev *)dev;
    zeslm_ze_query_close(d->query);
    if (d->event)
        zeEventDestroy(d->event);
    if (d->event_first)
        zeEventDestroy(d->event_first);
    if (d->pool)
        zeEventPoolDestroy(d->pool);
    if (d->list)
        zeCommandListDestroy(d->list);
    if (d->queue)
        zeCommandQueueDestroy(d->queue);
    if (d->ctx)
        zeContextDestroy(d->ctx);
    free(d);
}

static zeslm_status compute_ordinal(ze_device_handle_t dev, uint32_t *ordinal)
{
    zeslm_status st = ZESLM_OK;
    ze_command_queue_group_properties_t g[8];
    uint32_t n = 0;
    ZE_TRY(zeDeviceGetCommandQueueGroupProperties(dev, &n, NULL));
    if (n > 8)
        n = 8;
    for (uint32_t i = 0; i < n; i++)
        g[i] = (ze_command_queue_group_properties_t){.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES};
    ZE_TRY(zeDeviceGetCommandQueueGroupProperties(dev, &n, g));
    for (uint32_t i = 0; i < n; i++) {
        if (g[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE) {
            *ordinal = i;
            return ZESLM_OK;
        }
    }
    st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "device has no compute command queue group");
out:
    return st;
}

static zeslm_status ze_open(const zeslm_device_info *info, zeslm_device **out)
{
    char note[128];
    zeslm_status st = ensure_init(note, sizeof note);
    if (st != ZESLM_OK)
        return zeslm_fail(st, "%s", note);
    struct find_arg fa = {.want = info->backend_index};
    uint32_t count = 0;
    st = walk(find_visit, &fa, &count);
    if (st != ZESLM_OK)
        return st;
    if (!fa.dev)
        return zeslm_fail(ZESLM_ERR_NO_DEVICE, "Level Zero device %u vanished since it was listed", info->backend_index);
    struct ze_dev *d = calloc(1, sizeof *d);
    if (!d)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    d->driver = fa.drv;
    d->device = fa.dev;
    uint32_t ordinal = 0;
    st = compute_ordinal(d->device, &ordinal);
    if (st != ZESLM_OK)
        goto out;
    ze_context_desc_t cd = {.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC};
    ZE_TRY(zeContextCreate(d->driver, &cd, &d->ctx));
    ze_command_queue_desc_t qd = {.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
                                  .ordinal = ordinal,
                                  .mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS};
    ZE_TRY(zeCommandQueueCreate(d->ctx, d->device, &qd, &d->queue));
    ze_command_list_desc_t ld = {.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, .commandQueueGroupOrdinal = ordinal};
    ZE_TRY(zeCommandListCreate(d->ctx, d->device, &ld, &d->list));
    ze_event_pool_desc_t pd = {.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
                               .flags = ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP | ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                               .count = 2};
    ZE_TRY(zeEventPoolCreate(d->ctx, &pd, 1, &d->device, &d->pool));
    ze_event_desc_t ed = {.stype = ZE_STRUCTURE_TYPE_EVENT_DESC, .index = 0,
                          .signal = ZE_EVENT_SCOPE_FLAG_HOST, .wait = ZE_EVENT_SCOPE_FLAG_HOST};
    ZE_TRY(zeEventCreate(d->pool, &ed, &d->event));
    ed.index = 1;
    ZE_TRY(zeEventCreate(d->pool, &ed, &d->event_first));
    *out = &d->base;
out:
    if (st != ZESLM_OK)
        ze_close(&d->base);
    return st;
}

/* Closes, submits and waits for the command list, then resets it for reuse. */
static zeslm_status submit(struct ze_dev *d, double timeout_s, const char *what)
{
    zeslm_status st = ZESLM_OK;
    ZE_TRY(zeCommandListClose(d->list));
    ZE_TRY(zeCommandQueueExecuteCommandLists(d->queue, 1, &d->list, NULL));
    ze_result_t r = zeCommandQueueSynchronize(d->queue, (uint64_t)(timeout_s * 1e9));
    if (r == ZE_RESULT_NOT_READY) {
        st = zeslm_fail(ZESLM_ERR_TIMEOUT, "%s did not finish within %.1f s", what, timeout_s);
        goto out;
    }
    ZE_TRY(r);
out:
    zeCommandListReset(d->list);
    return st;
}

/* The driver's native binary (zebin) of a module, for the settings' dump directory. */
static void dump_native(const zeslm_device *dev, ze_module_handle_t module, const char *name)
{
    size_t size = 0;
    if (!zeslm_dump_wanted(dev) || zeModuleGetNativeBinary(module, &size, NULL) != ZE_RESULT_SUCCESS || !size)
        return;
    uint8_t *bin = malloc(size);
    if (bin && zeModuleGetNativeBinary(module, &size, bin) == ZE_RESULT_SUCCESS)
        zeslm_dump_binary(dev, name, "zebin", bin, size);
    free(bin);
}

/* The first embedded native binary that the driver accepts for this device; the
 * driver checks the target, so a binary of another generation is simply refused. */
static bool load_native(struct ze_dev *d, const struct zeslm_kernel_file *file, ze_module_handle_t *module)
{
    for (size_t i = 0; i < file->n_natives; i++) {
        ze_module_desc_t md = {.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
                               .format = ZE_MODULE_FORMAT_NATIVE,
                               .inputSize = file->natives[i].size,
                               .pInputModule = file->natives[i].data,
                               .pBuildFlags = ""};
        if (zeModuleCreate(d->ctx, d->device, &md, module, NULL) == ZE_RESULT_SUCCESS) {
            snprintf(d->module_format, sizeof d->module_format, "native zebin (%s)", file->natives[i].target);
            return true;
        }
    }
    return false;
}

static zeslm_status ze_build(zeslm_device *dev, const struct zeslm_kernel_file *file,
                             struct zeslm_module **module)
{
    struct ze_dev *d = (struct ze_dev *)dev;
    ze_module_build_log_handle_t log = NULL;
    unsigned char *compiled = NULL;
    zeslm_status st = ZESLM_OK;
    /* The module choice is about the bundled kernels; a caller's program is built
     * from what it holds. */
    bool native = !file->callers_program && dev->settings.modules != ZESLM_MODULES_SPIRV;
    bool spirv = file->callers_program || dev->settings.modules != ZESLM_MODULES_NATIVE;
    struct zeslm_module *m = calloc(1, sizeof *m);
    if (!m)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    if (native && load_native(d, file, &m->module)) {
        dev->module_format = d->module_format;
        dump_native(dev, m->module, file->name);
        *module = m;
        return ZESLM_OK;
    }
    ze_module_desc_t md = {.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
                           .format = ZE_MODULE_FORMAT_IL_SPIRV,
                           .inputSize = file->spirv_size,
                           .pInputModule = file->spirv,
                           .pBuildFlags = ""};
    const char *format = "SPIR-V";
    if (!file->spirv) {
        /* A caller's OpenCL C: Intel's compiler in-process, for this device by its PCI
         * id (the extensions it declares), into SPIR-V for the driver to finish. */
        char device[16];
        snprintf(device, sizeof device, "0x%04x", dev->info.device_id);
        size_t size = 0;
        st = zeslm_ocloc_spirv(file->source, file->options, device, file->name, &compiled, &size);
        if (st != ZESLM_OK)
            goto out;
        md.inputSize = size;
        md.pInputModule = compiled;
        format = "OpenCL C source (libocloc to SPIR-V)";
    } else if (!spirv) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "%s: no bundled native binary matches %s (native modules only)",
                        file->name, dev->info.name);
        goto out;
    }
    ze_result_t r = zeModuleCreate(d->ctx, d->device, &md, &m->module, &log);
    if (r != ZE_RESULT_SUCCESS) {
        char text[4096] = "";
        size_t len = sizeof text;
        if (log)
            zeModuleBuildLogGetString(log, &len, text);
        text[sizeof text - 1] = '\0';
        st = zeslm_fail(ZESLM_ERR_BUILD, "zeModuleCreate(%s) failed: %s\n%s", file->name,
                        zeslm_ze_result_name(r), text);
        goto out;
    }
    snprintf(d->module_format, sizeof d->module_format, "%s", format);
    dev->module_format = d->module_format;
    dump_native(dev, m->module, file->name);
    *module = m;
out:
    if (log)
        zeModuleBuildLogDestroy(log);
    free(compiled);
    if (st != ZESLM_OK)
        free(m);
    return st;
}

static void ze_module_free(struct zeslm_module *m)
{
    zeModuleDestroy(m->module);
    free(m);
}

static zeslm_status ze_kernel_create(zeslm_device *dev, struct zeslm_module *module,
                                     const char *name, zeslm_kernel **k)
{
    (void)dev;
    zeslm_status st = ZESLM_OK;
    struct ze_kern *kk = calloc(1, sizeof *kk);
    if (!kk)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    ze_kernel_desc_t kd = {.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = name};
    ze_result_t made = zeKernelCreate(module->module, &kd, &kk->kernel);
    /* A kernel the file's #if on the device's features left out: unsupported, no error. */
    if (made == ZE_RESULT_ERROR_INVALID_KERNEL_NAME) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "zeKernelCreate: ZE_RESULT_ERROR_INVALID_KERNEL_NAME: no kernel %s in "
                        "the module this device's compiler built", name);
        goto out;
    }
    ZE_TRY(made);
    *k = &kk->base;
out:
    if (st != ZESLM_OK)
        free(kk);
    return st;
}

static void ze_kernel_free(zeslm_kernel *k)
{
    struct ze_kern *kk = (struct ze_kern *)k;
    zeKernelDestroy(kk->kernel);
    free(kk);
}

static zeslm_status ze_kernel_props(zeslm_kernel *k, zeslm_kernel_props *p)
{
    zeslm_status st = ZESLM_OK;
    ze_kernel_properties_t kp = {.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES};
    ZE_TRY(zeKernelGetProperties(((struct ze_kern *)k)->kernel, &kp));
    p->static_slm = kp.localMemSize;
    p->private_mem = kp.privateMemSize;
    p->spill_mem = kp.spillMemSize;
    p->spill_known = true;
    p->subgroup_size = kp.requiredSubgroupSize ? kp.requiredSubgroupSize : kp.maxSubgroupSize;
    p->max_group_size = k->dev->info.max_group_size;
out:
    return st;
}

static uint32_t ze_suggest_group(zeslm_kernel *k, uint32_t global)
{
    uint32_t x = 0, y = 0, z = 0;
    if (zeKernelSuggestGroupSize(((struct ze_kern *)k)->kernel, global, 1, 1, &x, &y, &z) != ZE_RESULT_SUCCESS)
        return 0;
    return x;
}

static zeslm_status ze_alloc(zeslm_device *dev, size_t bytes, zeslm_buffer **buf)
{
    struct ze_dev *d = (struct ze_dev *)dev;
    zeslm_status st = ZESLM_OK;
    struct ze_buf *b = calloc(1, sizeof *b);
    if (!b)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    ze_device_mem_alloc_desc_t ad = {.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
    ZE_TRY(zeMemAllocDevice(d->ctx, &ad, bytes, 64, d->device, &b->ptr));
    *buf = &b->base;
out:
    if (st != ZESLM_OK)
        free(b);
    return st;
}

static void ze_buffer_free(zeslm_buffer *buf)
{
    struct ze_buf *b = (struct ze_buf *)buf;
    zeMemFree(((struct ze_dev *)buf->dev)->ctx, b->ptr);
    free(b);
}

/* Copies wait without a user deadline: they cannot hang on a kernel of ours. */
#define COPY_TIMEOUT_S 60.0

static zeslm_status ze_write(zeslm_buffer *buf, size_t offset, const void *src, size_t bytes)
{
    struct ze_dev *d = (struct ze_dev *)buf->dev;
    zeslm_status st = ZESLM_OK;
    ZE_TRY(zeCommandListAppendMemoryCopy(d->list, (char *)((struct ze_buf *)buf)->ptr + offset, src, bytes, NULL, 0, NULL));
    st = submit(d, COPY_TIMEOUT_S, "a host-to-device copy");
out:
    return st;
}

static zeslm_status ze_read(zeslm_buffer *buf, size_t offset, void *dst, size_t bytes)
{
    struct ze_dev *d = (struct ze_dev *)buf->dev;
    zeslm_status st = ZESLM_OK;
    ZE_TRY(zeCommandListAppendMemoryCopy(d->list, dst, (char *)((struct ze_buf *)buf)->ptr + offset, bytes, NULL, 0, NULL));
    st = submit(d, COPY_TIMEOUT_S, "a device-to-host copy");
out:
    return st;
}

static zeslm_status ze_arg_buffer(zeslm_kernel *k, uint32_t index, zeslm_buffer *buf)
{
    zeslm_status st = ZESLM_OK;
    void *ptr = ((struct ze_buf *)buf)->ptr;
    ZE_TRY(zeKernelSetArgumentValue(((struct ze_kern *)k)->kernel, index, sizeof ptr, &ptr));
out:
    return st;
}

static zeslm_status ze_arg_value(zeslm_kernel *k, uint32_t index, size_t size, const void *value)
{
    zeslm_status st = ZESLM_OK;
    ZE_TRY(zeKernelSetArgumentValue(((struct ze_kern *)k)->kernel, index, size, value));
out:
    return st;
}

static zeslm_status ze_arg_local(zeslm_kernel *k, uint32_t index, size_t bytes)
{
    zeslm_status st = ZESLM_OK;
    /* A NULL value with a size is how Level Zero sizes dynamic local memory. */
    ZE_TRY(zeKernelSetArgumentValue(((struct ze_kern *)k)->kernel, index, bytes, NULL));
out:
    return st;
}

static zeslm_status ze_launch(zeslm_kernel *k, const uint32_t groups[3], const uint32_t group[3],
                              double timeout_s, uint64_t *device_ns)
{
    struct ze_dev *d = (struct ze_dev *)k->dev;
    ze_kernel_handle_t kernel = ((struct ze_kern *)k)->kernel;
    zeslm_status st = ZESLM_OK;
    /* Commands appended but not submitted are dropped on failure, so the next use of
     * the list does not run them. */
    bool pending = false;
    char what[96];
    snprintf(what, sizeof what, "kernel %s", k->name);
    ZE_TRY(zeKernelSetGroupSize(kernel, group[0], group[1], group[2]));
    ZE_TRY(zeEventHostReset(d->event));
    ze_group_count_t count = {groups[0], groups[1], groups[2]};
    pending = true;
    if (d->query && (st = zeslm_ze_query_begin(d->query, d->list)) != ZESLM_OK)
        goto out;
    ZE_TRY(zeCommandListAppendLaunchKernel(d->list, kernel, &count, d->event, 0, NULL));
    if (d->query && (st = zeslm_ze_query_end(d->query, d->list)) != ZESLM_OK)
        goto out;
    pending = false;
    st = submit(d, timeout_s, what);
    if (st != ZESLM_OK)
        goto out;
    ze_kernel_timestamp_result_t ts;
    ze_result_t r = zeEventQueryKernelTimestamp(d->event, &ts);
    if (r == ZE_RESULT_NOT_READY) {
        st = zeslm_fail(ZESLM_ERR_NO_TIMING, "kernel %s: the device wrote no timestamp "
                        "(no GPU behind this driver?)", k->name);
        goto out;
    }
    ZE_TRY(r);
    /* After the timestamp: a device that executes nothing ends no query either, and
     * is reported as such. */
    if (d->query && (st = zeslm_ze_query_read(d->query)) != ZESLM_OK)
        goto out;
    *device_ns = zeslm_ticks_to_ns(ts.context.kernelStart, ts.context.kernelEnd,
                                   d->base.info.timestamp_bits, d->base.info.timer_hz);
    note_start(d, ts.context.kernelStart);
out:
    if (pending)
        zeCommandListReset(d->list);
    return st;
}

/* A command list's kernels may overlap unless a barrier stands between them: one after
 * each but the last, so that each starts once the one before has finished. */
static zeslm_status ze_launch_seq(zeslm_kernel *const *ks, size_t n, const uint32_t groups[3], const uint32_t group[3],
                                  double timeout_s, uint64_t *span_ns)
{
    struct ze_dev *d = (struct ze_dev *)ks[0]->dev;
    zeslm_status st = ZESLM_OK;
    bool pending = false;
    char what[96];
    snprintf(what, sizeof what, "a sequence of %zu launches of %s", n, ks[0]->name);
    ZE_TRY(zeEventHostReset(d->event));
    ZE_TRY(zeEventHostReset(d->event_first));
    ze_group_count_t count = {groups[0], groups[1], groups[2]};
    pending = true;
    for (size_t i = 0; i < n; i++) {
        ze_kernel_handle_t kernel = ((struct ze_kern *)ks[i])->kernel;
        ZE_TRY(zeKernelSetGroupSize(kernel, group[0], group[1], group[2]));
        ze_event_handle_t signal = i + 1 == n ? d->event : i == 0 ? d->event_first : NULL;
        ZE_TRY(zeCommandListAppendLaunchKernel(d->list, kernel, &count, signal, 0, NULL));
        if (i + 1 < n)
            ZE_TRY(zeCommandListAppendBarrier(d->list, NULL, 0, NULL));
    }
    pending = false;
    if ((st = submit(d, timeout_s, what)) != ZESLM_OK)
        goto out;
    ze_kernel_timestamp_result_t a, b;
    ze_result_t r = zeEventQueryKernelTimestamp(d->event, &b);
    if (r == ZE_RESULT_SUCCESS)
        r = n > 1 ? zeEventQueryKernelTimestamp(d->event_first, &a) : (a = b, ZE_RESULT_SUCCESS);
    if (r == ZE_RESULT_NOT_READY) {
        st = zeslm_fail(ZESLM_ERR_NO_TIMING, "%s: the device wrote no timestamp (no GPU behind this driver?)", what);
        goto out;
    }
    ZE_TRY(r);
    *span_ns = zeslm_ticks_to_ns(a.context.kernelStart, b.context.kernelEnd, d->base.info.timestamp_bits,
                                 d->base.info.timer_hz);
    note_start(d, a.context.kernelStart);
out:
    if (pending)
        zeCommandListReset(d->list);
    return st;
}

static zeslm_status ze_metrics_start(zeslm_device *dev, const char *group)
{
    struct ze_dev *d = (struct ze_dev *)dev;
    if (d->query)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "metric group '%s': another group is started on %s", group,
                          dev->info.name);
    return zeslm_ze_query_open(d->ctx, d->device, group, &d->query);
}

static zeslm_status ze_metrics_latest(zeslm_device *dev, zeslm_metric_value **out, size_t *n)
{
    struct ze_dev *d = (struct ze_dev *)dev;
    if (!d->query)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "no metric group is started on %s", dev->info.name);
    return zeslm_ze_query_values(d->query, out, n);
}

static void ze_metrics_stop(zeslm_device *dev)
{
    struct ze_dev *d = (struct ze_dev *)dev;
    zeslm_ze_query_close(d->query);
    d->query = NULL;
}

const struct zeslm_backend_ops zeslm_backend_ze = {
    .list = ze_list,
    .open = ze_open,
    .close = ze_close,
    .build = ze_build,
    .module_free = ze_module_free,
    .kernel_create = ze_kernel_create,
    .kernel_free = ze_kernel_free,
    .kernel_props = ze_kernel_props,
    .suggest_group = ze_suggest_group,
    .alloc = ze_alloc,
    .buffer_free = ze_buffer_free,
    .write = ze_write,
    .read = ze_read,
    .arg_buffer = ze_arg_buffer,
    .arg_value = ze_arg_value,
    .arg_local = ze_arg_local,
    .launch = ze_launch,
    .launch_seq = ze_launch_seq,
    .metrics_start = ze_metrics_start,
    .metrics_latest = ze_metrics_latest,
    .metrics_stop = ze_metrics_stop,
};
