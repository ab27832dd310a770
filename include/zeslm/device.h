/* Devices of every backend: listing, facts, selection, and the handles workloads use. */
#ifndef ZESLM_DEVICE_H
#define ZESLM_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/status.h>

typedef enum zeslm_backend_kind {
    ZESLM_BACKEND_ZE, /* oneAPI Level Zero */
    ZESLM_BACKEND_CL, /* OpenCL */
} zeslm_backend_kind;

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

/* What a device reports. Every integer fact uses 0 for "the driver did not say":
 * none of them is legitimately 0 on a device that can run a kernel. */
typedef struct zeslm_device_info {
    zeslm_backend_kind backend;
    uint32_t backend_index;        /* position within its backend, the order open() takes */
    char name[256];
    char vendor[128];
    char driver[128];              /* driver / platform version text */
    uint32_t vendor_id;
    uint32_t device_id;
    bool is_gpu;
    bool is_subdevice;             /* a Level Zero tile of a multi-tile device */
    uint32_t slices;
    uint32_t subslices_per_slice;
    uint32_t eus_per_subslice;
    uint32_t threads_per_eu;
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
     * device is in the table of src/known_gpus.c; 0 unknown. */
    uint64_t slm_per_cu;           /* bytes */
    uint32_t slm_reserved_per_group; /* bytes the driver keeps per resident group */
    uint32_t threads_per_cu;       /* hardware threads (warps) */
    uint32_t max_groups_per_cu;
    double timer_hz;               /* kernel timestamp ticks per second */
    double timer_resolution_ns;    /* the smallest step a device time can take */
    uint32_t timestamp_bits;       /* valid bits of a kernel timestamp */
} zeslm_device_info;

typedef struct zeslm_device_list {
    zeslm_device_info *items;
    uint32_t count;
    /* Why a backend contributed nothing ("no Level Zero driver: ..."), for messages. */
    char ze_note[256];
    char cl_note[256];
} zeslm_device_list;

/* Lists the devices of the backends allowed by `which` (ZESLM_PICK_*); Level Zero
 * devices first. Free with zeslm_device_list_free. */
typedef enum zeslm_pick { ZESLM_PICK_AUTO, ZESLM_PICK_ZE, ZESLM_PICK_CL } zeslm_pick;
zeslm_status zeslm_list_devices(zeslm_pick which, zeslm_device_list *out);
void zeslm_device_list_free(zeslm_device_list *list);

/* Chooses a device: `spec` NULL picks the best (a Level Zero GPU, then an OpenCL GPU,
 * then any OpenCL device); a decimal index picks that row of the list; anything
 * else is a case-insensitive substring of the name. */
zeslm_status zeslm_select_device(const zeslm_device_list *list, const char *spec, uint32_t *index);

typedef struct zeslm_device zeslm_device;
typedef struct zeslm_buffer zeslm_buffer;
typedef struct zeslm_kernel zeslm_kernel;

zeslm_status zeslm_device_open(const zeslm_device_info *info, zeslm_device **dev);
void zeslm_device_close(zeslm_device *dev);
const zeslm_device_info *zeslm_device_get_info(const zeslm_device *dev);
/* Which kind of module the last build used ("SPIR-V", "OpenCL C source",
 * "native zebin (tgllp)"), or "no module built". */
const char *zeslm_device_module_format(const zeslm_device *dev);

zeslm_status zeslm_buffer_create(zeslm_device *dev, size_t bytes, zeslm_buffer **buf);
void zeslm_buffer_free(zeslm_buffer *buf);
/* Blocking copies of the first `bytes` of the buffer. */
zeslm_status zeslm_buffer_write(zeslm_buffer *buf, const void *src, size_t bytes);
zeslm_status zeslm_buffer_read(zeslm_buffer *buf, void *dst, size_t bytes);

/* The facts a driver reports about one compiled kernel; 0 = not reported,
 * except where a field says otherwise. */
typedef struct zeslm_kernel_props {
    uint64_t static_slm;    /* bytes of SLM the kernel declares itself */
    uint64_t private_mem;   /* bytes per work-item */
    uint64_t spill_mem;     /* bytes per work-item; ze only */
    bool spill_known;
    uint32_t registers;     /* per work-item, where the compiler's log says (NVIDIA); 0 unknown */
    uint32_t subgroup_size; /* the compiled SIMD width, 0 unknown */
    uint32_t max_group_size;/* largest group this kernel may launch with */
    uint32_t preferred_multiple;
} zeslm_kernel_props;

/* Builds (once per device) the bundled kernel file `file` and creates `kernel` from it. */
zeslm_status zeslm_kernel_create(zeslm_device *dev, const char *file, const char *kernel,
                                 zeslm_kernel **out);
void zeslm_kernel_free(zeslm_kernel *k);
zeslm_status zeslm_kernel_props_get(zeslm_kernel *k, zeslm_kernel_props *props);
/* The group size the driver suggests for `global` work-items; 0 when it has no opinion. */
uint32_t zeslm_kernel_suggest_group(zeslm_kernel *k, uint32_t global);
const char *zeslm_kernel_name(const zeslm_kernel *k);
/* Bytes of dynamic SLM a group of this kernel may still take: the device's per-group
 * limit less what the kernel declares itself. 0 when the device reports no limit. */
uint64_t zeslm_kernel_slm_available(const zeslm_kernel *k);

zeslm_status zeslm_kernel_arg_buffer(zeslm_kernel *k, uint32_t index, zeslm_buffer *buf);
zeslm_status zeslm_kernel_arg_u32(zeslm_kernel *k, uint32_t index, uint32_t value);
/* Dynamic local memory of `bytes` for a `__local` pointer argument. */
zeslm_status zeslm_kernel_arg_local(zeslm_kernel *k, uint32_t index, size_t bytes);

/* Runs `groups` work-groups of `group_size` work-items and waits up to timeout_s.
 * *device_ns receives the kernel's execution time on the device, in nanoseconds.
 * ZESLM_ERR_NO_TIMING: the launch completed but the device produced no timestamp. */
zeslm_status zeslm_kernel_launch(zeslm_kernel *k, uint32_t groups, uint32_t group_size,
                                 double timeout_s, uint64_t *device_ns);

#endif
