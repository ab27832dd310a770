/* SPDX-License-Identifier: MIT */
/* The contract between the device-independent core and a backend (one per runtime,
 * each a row of src/core/backends.c). The core calls backends only through struct
 * zeslm_backend_ops. */
#ifndef ZESLM_BACKEND_H
#define ZESLM_BACKEND_H

#include <stdatomic.h>

#include <zeslm/backends.h>
#include <zeslm/device.h>

#include <zeslm/kernels.h>
#include <zeslm/metrics.h>

/* A backend's timed launch began at `start_ns` on the device's clock (its kernel
 * timestamp in ns, unwrapped): kept, on the calling thread, as the start of the
 * repetition being timed where it is the first launch of one (launch_span.c). */
void zeslm_launch_started(uint64_t start_ns);
/* A repetition begins: its first launch's start is the next one given. */
void zeslm_launch_span_begin(void);
/* The start of the repetition's first launch; false where no backend gave one. */
bool zeslm_launch_span_start(uint64_t *start_ns);

/* Every backend object starts with one of these bases, so the core can reach the
 * ops and the info without knowing the backend's own fields. */
struct zeslm_module;

#define ZESLM_MAX_MODULES 16

struct zeslm_device {
    const struct zeslm_backend_ops *ops;
    /* The caller's reference (until zeslm_device_close) and one per live buffer and
     * kernel: the device's context, queue and modules are released with the last
     * (device.c), so a child freed after zeslm_device_close still finds them. */
    atomic_uint refs;
    zeslm_device_info info;
    /* Built modules, by kernel file, so every file is compiled once per device. */
    const struct zeslm_kernel_file *module_files[ZESLM_MAX_MODULES];
    struct zeslm_module *modules[ZESLM_MAX_MODULES];
    unsigned n_modules;
    const char *module_format;
    zeslm_settings settings; /* as given to zeslm_device_open */
    /* sizing.c: a default size was chosen by the device's rule. */
    bool sized;
};

struct zeslm_buffer {
    zeslm_device *dev;
    size_t bytes;
};

struct zeslm_kernel {
    zeslm_device *dev;
    char name[64];
    uint64_t static_slm; /* bytes the kernel declares itself, which dynamic SLM adds to */
    /* The module built for this kernel alone from the caller's program
     * (zeslm_kernel_build), freed with the kernel; NULL for bundled kernels, whose
     * modules the device keeps. */
    struct zeslm_module *own_module;
};

struct zeslm_backend_ops {
    /* Lists every device. *out is malloc'd and owned by the caller. A missing runtime
     * or driver is not an error: *n = 0 and `note` says what was missing. */
    zeslm_status (*list)(zeslm_device_info **out, uint32_t *n, char *note, size_t note_len);

    /* Opens device info->backend_index: context, queue and whatever launches need.
     * *dev is owned by the caller and released with close, which also frees every
     * module the device built. */
    zeslm_status (*open)(const zeslm_device_info *info, zeslm_device **dev);
    void (*close)(zeslm_device *dev);

    /* Compiles one kernel file for the device (SPIR-V or source, the backend's
     * choice) and sets dev->module_format. A caller's own program (zeslm_kernel_build)
     * comes as a file with no native binaries and either of spirv and source NULL; a
     * backend that cannot take what is there returns ZESLM_ERR_UNSUPPORTED. Honours
     * dev->settings (module choice, dump directory). A compile error returns
     * ZESLM_ERR_BUILD with the compiler's log in zeslm_last_error(). */
    zeslm_status (*build)(zeslm_device *dev, const struct zeslm_kernel_file *file,
                          struct zeslm_module **module);
    void (*module_free)(struct zeslm_module *module);

    zeslm_status (*kernel_create)(zeslm_device *dev, struct zeslm_module *module,
                                  const char *name, zeslm_kernel **k);
    void (*kernel_free)(zeslm_kernel *k);
    zeslm_status (*kernel_props)(zeslm_kernel *k, zeslm_kernel_props *props);
    /* 0 when the driver has no suggestion. */
    uint32_t (*suggest_group)(zeslm_kernel *k, uint32_t global);

    /* Device memory of `bytes`; copies block until the data has arrived. */
    zeslm_status (*alloc)(zeslm_device *dev, size_t bytes, zeslm_buffer **buf);
    void (*buffer_free)(zeslm_buffer *buf);
    /* `bytes` at `offset` into the buffer; the core has checked the range. */
    zeslm_status (*write)(zeslm_buffer *buf, size_t offset, const void *src, size_t bytes);
    zeslm_status (*read)(zeslm_buffer *buf, size_t offset, void *dst, size_t bytes);

    /* Arguments persist on the kernel until set again. */
    zeslm_status (*arg_buffer)(zeslm_kernel *k, uint32_t index, zeslm_buffer *buf);
    zeslm_status (*arg_value)(zeslm_kernel *k, uint32_t index, size_t size, const void *value);
    zeslm_status (*arg_local)(zeslm_kernel *k, uint32_t index, size_t bytes);

    /* Launches groups[d] x group[d] work-items along each dimension d (every entry at
     * least 1, checked by the core), blocks until the kernel completes or timeout_s
     * passes (ZESLM_ERR_TIMEOUT), and returns the device time in ns, or
     * ZESLM_ERR_NO_TIMING when the device wrote no timestamp. */
    zeslm_status (*launch)(zeslm_kernel *k, const uint32_t groups[3], const uint32_t group[3],
                           double timeout_s, uint64_t *device_ns);

    /* Launches ks[0..n) (n >= 1, every one of this device, checked by the core) in
     * order, each groups[0] x group[0] work-items and starting after the one before
     * has finished, submits them together, blocks until the last completes or
     * timeout_s passes (ZESLM_ERR_TIMEOUT), and returns the device time from the first
     * one's start to the last one's end in ns, or ZESLM_ERR_NO_TIMING. */
    zeslm_status (*launch_seq)(zeslm_kernel *const *ks, size_t n, const uint32_t groups[3], const uint32_t group[3],
                               double timeout_s, uint64_t *span_ns);

    /* Hardware counters (include/zeslm/metrics.h); NULL in a backend without them.
     * metrics_start makes every later launch a query of `group` (launch then fails if
     * the query does); metrics_latest copies the values of the latest launch (*out
     * malloc'd); metrics_stop ends it, and close ends it too. */
    zeslm_status (*metrics_start)(zeslm_device *dev, const char *group);
    zeslm_status (*metrics_latest)(zeslm_device *dev, zeslm_metric_value **out, size_t *n);
    void (*metrics_stop)(zeslm_device *dev);
};

/* The ops of registry row `backend` (zeslm_device_info.backend); NULL out of range. */
const struct zeslm_backend_ops *zeslm_backend_ops_of(uint32_t backend);

#endif
