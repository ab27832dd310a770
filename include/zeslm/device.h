/* SPDX-License-Identifier: MIT */
/* Devices of every backend: listing, facts, selection, and the handles workloads use.
 *
 * Threads: list and open devices on one thread at a time (the backends' global setup,
 * zeInit and clGetPlatformIDs, happens there); after that, distinct devices may be
 * used from distinct threads at once, each device with its buffers and kernels by
 * one thread at a time. zeslm_last_error() is per thread. */
#ifndef ZESLM_DEVICE_H
#define ZESLM_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/backends.h>
#include <zeslm/status.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZESLM_MAX_SUBGROUP_SIZES 8

/* What a device's float atomics do on 32-bit floats, as both APIs report it
 * (CL_DEVICE_{GLOBAL,LOCAL}_FP_ATOMIC_{ADD,MIN_MAX}_EXT,
 * ZE_DEVICE_FP_ATOMIC_EXT_FLAG_{GLOBAL,LOCAL}_{ADD,MIN_MAX}). */
enum {
    ZESLM_FP32_ATOMIC_GLOBAL_ADD = 1u << 0,
    ZESLM_FP32_ATOMIC_GLOBAL_MIN_MAX = 1u << 1,
    ZESLM_FP32_ATOMIC_LOCAL_ADD = 1u << 2,
    ZESLM_FP32_ATOMIC_LOCAL_MIN_MAX = 1u << 3,
};

/* The memory orders and scopes of OpenCL C 2.0 atomics (atomic_fetch_add_explicit) a
 * device supports, as OpenCL 3.0's CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES reports them
 * (OpenCL 2.x makes them all mandatory; Level Zero's SPIR-V consumers take them all). */
enum {
    ZESLM_ATOMIC_ORDER_RELAXED = 1u << 0,
    ZESLM_ATOMIC_ORDER_ACQ_REL = 1u << 1,
    ZESLM_ATOMIC_ORDER_SEQ_CST = 1u << 2,
    ZESLM_ATOMIC_SCOPE_WORK_GROUP = 1u << 4,
    ZESLM_ATOMIC_SCOPE_DEVICE = 1u << 5,
};

/* What a device reports. Every integer fact uses 0 for "the driver did not say":
 * none of them is legitimately 0 on a device that can run a kernel. */
typedef struct zeslm_device_info {
    uint32_t backend;              /* which row of the registry: zeslm_backend_name() */
    uint32_t backend_index;        /* position within its backend, the order open() takes */
    char name[256];
    char vendor[128];
    char driver[128];              /* driver / platform version text */
    uint32_t vendor_id;
    uint32_t device_id;
    bool is_gpu;
    bool is_subdevice;             /* one tile of a multi-tile device */
    uint32_t slices;
    uint32_t subslices_per_slice;
    uint32_t eus_per_subslice;
    uint32_t threads_per_eu;
    /* The backend asks the driver for EUs and threads (Level Zero does, OpenCL cannot),
     * so 0 in those two is the driver's word, not an unknown. */
    bool eu_threads_reported;
    uint32_t simd_width;           /* physical EU SIMD width */
    uint32_t compute_units;        /* subslices (ze) or compute units (cl) */
    uint32_t clock_mhz;
    uint32_t max_group_size;
    uint32_t max_group_size_x;
    uint64_t slm_per_group;        /* bytes of SLM one work-group may use */
    uint64_t global_mem;           /* bytes */
    int slm_dedicated;             /* 1 on-chip, 0 emulated in global memory, -1 unknown */
    /* 1 yes, 0 no, -1 unknown, for the atomics workload: 64-bit integer atomics
     * (cl_khr_int64_base_atomics and _extended_atomics; Level Zero's INT64_ATOMICS
     * module flag) and float atomics (cl_ext_float_atomics; Level Zero's
     * ze_float_atomic_ext_properties_t), whose fp32 capabilities are then in
     * fp32_atomics: ZESLM_FP32_ATOMIC_* bits. */
    int int64_atomics;
    int float_atomics;
    uint32_t fp32_atomics;
    uint32_t subgroup_sizes[ZESLM_MAX_SUBGROUP_SIZES];
    uint32_t n_subgroup_sizes;
    bool subgroups;                /* kernels using sub-group functions can be built */
    /* Intel's sub-group block reads (32- and 64-bit words) and required sub-group sizes
     * (cl_intel_subgroups, cl_intel_subgroups_long, cl_intel_required_subgroup_size;
     * every Level Zero device) */
    bool intel_subgroups;
    bool spirv;                    /* modules are built from SPIR-V, not OpenCL C source */
    /* What one compute unit holds at once, where the driver does not say but the
     * device is in the table of src/core/known_gpus.c; 0 unknown. */
    uint64_t slm_per_cu;           /* bytes */
    uint32_t slm_reserved_per_group; /* bytes the driver keeps per resident group */
    uint32_t threads_per_cu;       /* hardware threads (warps) */
    uint32_t max_groups_per_cu;
    double timer_hz;               /* kernel timestamp ticks per second */
    double timer_resolution_ns;    /* the smallest step a device time can take */
    uint32_t timestamp_bits;       /* valid bits of a kernel timestamp */
    /* Fields added after 0.1.0 go here, at the end: the library fills the struct and
     * hands out a pointer, so a program built against an older header reads the same
     * offsets. */
    /* Which physical device this is, where the driver says ("" unknown): the UUID as
     * 8-4-4-4-12 hex (Level Zero's device UUID, cl_khr_device_uuid) and the PCI address
     * as DDDD:BB:DD.F (zeDevicePciGetPropertiesExt, cl_khr_pci_bus_info, NVIDIA's
     * cl_nv_device_attribute_query). Tiles of one device share its PCI address. */
    char uuid[40];
    char pci_address[32];
    /* Its device memory's peak clock and bus width, where the driver says (Level Zero's
     * ze_device_memory_properties_t maxClockRate and maxBusWidth, summed over its memory
     * modules; OpenCL reports neither): the paper peak of memory bandwidth is
     * clock x width x 2 (double data rate) / 8 bytes. 0 unknown. */
    uint32_t memory_clock_mhz;
    uint32_t memory_bus_bits;
    /* ZESLM_ATOMIC_* bits: the orders and scopes of OpenCL C 2.0 atomics that the device
     * runs and its compiler builds (OpenCL 3.0: CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES and
     * CL_DEVICE_OPENCL_C_FEATURES both); 0: none (OpenCL C 1.x has no
     * atomic_fetch_add_explicit). */
    uint32_t atomic_caps;
    /* The newest OpenCL C the device builds, as __OPENCL_C_VERSION__ writes it (300, 200,
     * 120): OpenCL 3.0's CL_DEVICE_OPENCL_C_ALL_VERSIONS, an older device's
     * CL_DEVICE_OPENCL_C_VERSION; Level Zero's SPIR-V from ocloc's OpenCL C 3.0: 300.
     * 0 unknown. */
    uint32_t opencl_c;
} zeslm_device_info;

/* The library's: zeslm_list_devices fills it, zeslm_device_list_free frees it. */
typedef struct zeslm_device_list {
    zeslm_device_info *items;  /* read device i with zeslm_device_list_at */
    uint32_t count;
    /* Why backend i (its registry number, below zeslm_backend_count()) contributed
     * nothing ("no driver: ..."), "" when it did or was not asked; for messages. */
    char (*notes)[256];
} zeslm_device_list;

/* Lists the devices of the backend named `backend` (zeslm_backend_name), or of every
 * backend in registry order when it is NULL. An unknown name is ZESLM_ERR_INVALID_ARG;
 * no device at all is ZESLM_ERR_NO_DEVICE with the notes in the message. Free with
 * zeslm_device_list_free. */
zeslm_status zeslm_list_devices(const char *backend, zeslm_device_list *out);
void zeslm_device_list_free(zeslm_device_list *list);
/* Device i of the list (i < count), whatever size of zeslm_device_info the caller was
 * built with; NULL past the end. */
const zeslm_device_info *zeslm_device_list_at(const zeslm_device_list *list, uint32_t i);

/* Chooses a device: `spec` NULL picks the best (a GPU of the first backend in the
 * registry that has one, else the first device that is not a GPU); a decimal index
 * picks that row of the list; anything else is a case-insensitive substring of the
 * name. */
zeslm_status zeslm_select_device(const zeslm_device_list *list, const char *spec, uint32_t *index);

typedef struct zeslm_device zeslm_device;
typedef struct zeslm_buffer zeslm_buffer;
typedef struct zeslm_kernel zeslm_kernel;

/* Which modules a device builds for the bundled kernels (a caller's program of
 * zeslm_kernel_build is built from what it holds, whatever this says). */
typedef enum zeslm_module_choice {
    ZESLM_MODULES_AUTO,   /* Level Zero: a bundled native binary the driver accepts, else
                           * SPIR-V; OpenCL: SPIR-V where the device ingests it, else source */
    ZESLM_MODULES_NATIVE, /* Level Zero: bundled native binaries only, a build fails without
                           * one; OpenCL: OpenCL C source, compiled by the driver */
    ZESLM_MODULES_SPIRV,  /* SPIR-V only: never a native binary or source */
} zeslm_module_choice;

/* What the library is told rather than reads from the environment; all zeros (or a
 * NULL pointer) are the defaults. The ze-slm-bench tool fills it from ZESLM_MODULES
 * and ZESLM_DUMP_BINARIES. */
typedef struct zeslm_settings {
    zeslm_module_choice modules;
    /* When not NULL or "", every module the device builds is also written there as
     * <file>.<ext> (zebin from Intel, ptx from NVIDIA, bin otherwise), for reading
     * offline; a failure to write is reported on stderr and otherwise ignored. The
     * string must outlive the device. */
    const char *dump_dir;
} zeslm_settings;

/* Opens the device `info` describes (a row of zeslm_list_devices) with `settings`
 * (NULL: the defaults). Close with zeslm_device_close.
 * Lifetimes: every buffer and kernel made from a device holds a reference to it, and
 * the device (its context, queue and built modules) is released when the last of
 * zeslm_device_close, zeslm_buffer_free and zeslm_kernel_free is called, in whatever
 * order. Closing a device before its buffers and kernels is therefore safe; after
 * zeslm_device_close the device handle itself must not be used again, only its
 * children (to read, launch or free them). */
zeslm_status zeslm_device_open(const zeslm_device_info *info, const zeslm_settings *settings,
                               zeslm_device **dev);
/* Drops the caller's reference (see the lifetimes above); NULL is ignored. */
void zeslm_device_close(zeslm_device *dev);
const zeslm_device_info *zeslm_device_get_info(const zeslm_device *dev);
/* Which kind of module the last build used ("SPIR-V", "OpenCL C source",
 * "native zebin (tgllp)"), or "no module built". */
const char *zeslm_device_module_format(const zeslm_device *dev);

/* A buffer of `bytes` in the device's memory; it keeps the device alive until freed. */
zeslm_status zeslm_buffer_create(zeslm_device *dev, size_t bytes, zeslm_buffer **buf);
/* Frees the buffer, and the device too when it was closed and this was its last
 * buffer or kernel; NULL is ignored. */
void zeslm_buffer_free(zeslm_buffer *buf);
/* Blocking copies of the first `bytes` of the buffer. */
zeslm_status zeslm_buffer_write(zeslm_buffer *buf, const void *src, size_t bytes);
zeslm_status zeslm_buffer_read(zeslm_buffer *buf, void *dst, size_t bytes);
/* Blocking copies of `bytes` starting `offset` bytes into the buffer; a range past its
 * end is ZESLM_ERR_INVALID_ARG. */
zeslm_status zeslm_buffer_write_at(zeslm_buffer *buf, size_t offset, const void *src, size_t bytes);
zeslm_status zeslm_buffer_read_at(zeslm_buffer *buf, size_t offset, void *dst, size_t bytes);

/* The facts a driver reports about one compiled kernel; 0 = not reported,
 * except where a field says otherwise. The caller sets struct_size to the sizeof it
 * was built with (0: this header's); the library fills no more than that (members
 * are only ever added at the end). */
typedef struct zeslm_kernel_props {
    uint32_t struct_size;
    uint64_t static_slm;    /* bytes of SLM the kernel declares itself */
    uint64_t private_mem;   /* bytes per work-item */
    uint64_t spill_mem;     /* bytes per work-item; ze only */
    bool spill_known;
    uint32_t registers;     /* per work-item, where the compiler's log says (NVIDIA); 0 unknown */
    uint32_t subgroup_size; /* the compiled SIMD width, 0 unknown */
    uint32_t max_group_size;/* largest group this kernel may launch with */
    uint32_t preferred_multiple;
} zeslm_kernel_props;

/* Builds (once per device) the bundled kernel file `file` and creates `kernel` from it.
 * The bundled files are the library's own workloads (kernels/ of the source tree);
 * a program of your own goes through zeslm_kernel_build. */
zeslm_status zeslm_kernel_create(zeslm_device *dev, const char *file, const char *kernel,
                                 zeslm_kernel **out);

/* The longest zeslm_program.options, in bytes. */
#define ZESLM_PROGRAM_OPTIONS_MAX 1024

/* A program of the caller's: SPIR-V, OpenCL C source, or both (the backend takes
 * what its device builds: SPIR-V where it ingests IL, else the source). OpenCL C
 * builds on every backend: OpenCL's driver compiles it; on Level Zero, Intel's
 * compiler library (libocloc.so, of intel-opencl-icd, loaded when first needed)
 * compiles it in-process to SPIR-V for the device, which the driver finishes. The
 * memory is only read during zeslm_kernel_build. */
typedef struct zeslm_program {
    const void *spirv;      /* NULL: none */
    size_t spirv_size;      /* bytes */
    const char *source;     /* NUL-terminated OpenCL C; NULL: none */
    /* OpenCL C compiler options for the source ("-cl-std=CL3.0 -DTILE=16"), given
     * to whichever compiler builds it (clBuildProgram, libocloc); SPIR-V is built
     * as it is. NULL or "": none. */
    const char *options;
} zeslm_program;

/* Builds `program` for the device and creates its kernel `kernel`. The module built
 * belongs to the kernel and is freed with it. A compile error is ZESLM_ERR_BUILD
 * with the compiler's log in zeslm_last_error(); a program the device cannot take
 * (source on Level Zero without libocloc) is ZESLM_ERR_UNSUPPORTED, saying why. */
zeslm_status zeslm_kernel_build(zeslm_device *dev, const zeslm_program *program, const char *kernel,
                                zeslm_kernel **out);
/* Frees a kernel of either origin, and the device too when it was closed and this was
 * its last buffer or kernel (a kernel keeps its device alive); NULL is ignored. */
void zeslm_kernel_free(zeslm_kernel *k);
/* Fills props up to its struct_size; a struct_size that ends before the first member
 * after it is ZESLM_ERR_INVALID_ARG. */
zeslm_status zeslm_kernel_props_get(zeslm_kernel *k, zeslm_kernel_props *props);
/* The group size the driver suggests for `global` work-items; 0 when it has no opinion. */
uint32_t zeslm_kernel_suggest_group(zeslm_kernel *k, uint32_t global);
const char *zeslm_kernel_name(const zeslm_kernel *k);
/* Bytes of dynamic SLM a group of this kernel may still take: the device's per-group
 * limit less what the kernel declares itself. 0 when the device reports no limit. */
uint64_t zeslm_kernel_slm_available(const zeslm_kernel *k);

zeslm_status zeslm_kernel_arg_buffer(zeslm_kernel *k, uint32_t index, zeslm_buffer *buf);
zeslm_status zeslm_kernel_arg_u32(zeslm_kernel *k, uint32_t index, uint32_t value);
/* Any by-value argument: `size` bytes at `value` (a float, a struct, ...). */
zeslm_status zeslm_kernel_arg_value(zeslm_kernel *k, uint32_t index, size_t size, const void *value);
/* Dynamic local memory of `bytes` for a `__local` pointer argument. */
zeslm_status zeslm_kernel_arg_local(zeslm_kernel *k, uint32_t index, size_t bytes);

/* Runs `groups` work-groups of exactly `group_size` work-items each (one dimension)
 * and waits up to timeout_s seconds.
 * *device_ns receives the kernel's execution time on the device, in nanoseconds.
 * ZESLM_ERR_NO_TIMING: the launch completed but the device produced no timestamp. */
zeslm_status zeslm_kernel_launch(zeslm_kernel *k, uint32_t groups, uint32_t group_size,
                                 double timeout_s, uint64_t *device_ns);

/* Runs kernels[0..n) one after another, each as `groups` groups of `group_size`
 * work-items, each starting once the one before has finished (as dependent kernels
 * do), submitted together and waited for up to timeout_s seconds in all. *span_ns:
 * device time from the first one's start to the last one's end, the gaps between them
 * included (what switching between kernels costs shows there). Every kernel must be of
 * one device. ZESLM_ERR_NO_TIMING: the device produced no timestamp. */
zeslm_status zeslm_kernel_launch_seq(zeslm_kernel *const *kernels, size_t n, uint32_t groups, uint32_t group_size,
                                     double timeout_s, uint64_t *span_ns);

/* A launch in up to three dimensions: groups[d] work-groups of group_size[d]
 * work-items along dimension d (x, y, z), so get_global_size(d) is their product
 * and get_local_size(d) is group_size[d]. y and z left 0 are 1, so
 * {.groups = {n}, .group_size = {256}} is a one-dimensional launch. */
typedef struct zeslm_launch {
    uint32_t groups[3];
    uint32_t group_size[3];
    double timeout_s;       /* seconds the launch may take; 0: 60 */
} zeslm_launch;

/* zeslm_kernel_launch in up to three dimensions: ZESLM_ERR_INVALID_ARG for a zero x,
 * a group of more work-items than the device takes, or more along x than it takes. */
zeslm_status zeslm_kernel_launch_nd(zeslm_kernel *k, const zeslm_launch *launch, uint64_t *device_ns);

#ifdef __cplusplus
}
#endif

#endif
