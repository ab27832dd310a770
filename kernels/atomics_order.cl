// SPDX-License-Identifier: MIT
// Atomics by memory order and scope: atomic_fetch_add_explicit (OpenCL C 2.0 atomics,
// built as OpenCL C 3.0 by ocloc: spirv/CMakeLists.txt gives it -cl-std=CL3.0; the
// OpenCL backend builds it as the newest of 3.0 and 2.0 the device takes) with
// memory_order_relaxed, acq_rel and seq_cst, and memory_scope_work_group and device, in SLM and in global memory. Each work-item adds
// a = (gid & 15) + 1 to its own word `rounds` times, so that what is timed is the
// order's and scope's cost, not contention, and every returned value is known: the
// word's final value goes to out (SLM) or stays in data (global), and the sum of the
// returned values to ret, both of which the host checks.
//
// OpenCL C 3.0 makes acq_rel, seq_cst and the device scope optional: a kernel whose
// order or scope the device lacks is not compiled (the host skips it, from the
// device's CL_DEVICE_OPENCL_C_FEATURES and CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES).
// OpenCL C 2.0 has them all, whether or not its compiler defines the 3.0 macros.

#if __OPENCL_C_VERSION__ < 200
#error "atomics_order.cl needs OpenCL C 2.0 atomics (-cl-std=CL2.0 or CL3.0)"
#endif
#if __OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_order_acq_rel)
#define HAS_ACQ_REL
#endif
#if __OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_order_seq_cst)
#define HAS_SEQ_CST
#endif
#if __OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_scope_device)
#define HAS_SCOPE_DEVICE
#endif

// slm holds a word per work-item.
#define SLM_BODY(ORDER, SCOPE)                                                                  \
    uint lid = get_local_id(0), gid = get_global_id(0), a = (gid & 15) + 1, acc = 0;            \
    atomic_store_explicit(&slm[lid], 0u, memory_order_relaxed, memory_scope_work_group);        \
    for (uint r = 0; r < rounds; r++)                                                           \
        acc += atomic_fetch_add_explicit(&slm[lid], a, ORDER, SCOPE);                           \
    out[gid] = atomic_load_explicit(&slm[lid], memory_order_relaxed, memory_scope_work_group); \
    ret[gid] = acc;

// data holds a word per work-item, which keeps its value from launch to launch.
#define GLOBAL_BODY(ORDER, SCOPE)                                                    \
    uint gid = get_global_id(0), a = (gid & 15) + 1, acc = 0;                        \
    for (uint r = 0; r < rounds; r++)                                                \
        acc += atomic_fetch_add_explicit(&data[gid], a, ORDER, SCOPE);               \
    ret[gid] = acc;

#define SLM_ARGS uint rounds, __global uint *out, __global uint *ret, __local atomic_uint *slm
#define GLOBAL_ARGS uint rounds, __global atomic_uint *data, __global uint *ret

__kernel void order_slm_relaxed_work_group(SLM_ARGS)
{
    SLM_BODY(memory_order_relaxed, memory_scope_work_group)
}

#if defined(HAS_SCOPE_DEVICE)
__kernel void order_slm_relaxed_device(SLM_ARGS)
{
    SLM_BODY(memory_order_relaxed, memory_scope_device)
}
#endif

#if defined(HAS_ACQ_REL)
__kernel void order_slm_acq_rel_work_group(SLM_ARGS)
{
    SLM_BODY(memory_order_acq_rel, memory_scope_work_group)
}
#endif

#if defined(HAS_ACQ_REL) && defined(HAS_SCOPE_DEVICE)
__kernel void order_slm_acq_rel_device(SLM_ARGS)
{
    SLM_BODY(memory_order_acq_rel, memory_scope_device)
}
#endif

#if defined(HAS_SEQ_CST)
__kernel void order_slm_seq_cst_work_group(SLM_ARGS)
{
    SLM_BODY(memory_order_seq_cst, memory_scope_work_group)
}
#endif

#if defined(HAS_SEQ_CST) && defined(HAS_SCOPE_DEVICE)
__kernel void order_slm_seq_cst_device(SLM_ARGS)
{
    SLM_BODY(memory_order_seq_cst, memory_scope_device)
}
#endif

__kernel void order_global_relaxed_work_group(GLOBAL_ARGS)
{
    GLOBAL_BODY(memory_order_relaxed, memory_scope_work_group)
}

#if defined(HAS_SCOPE_DEVICE)
__kernel void order_global_relaxed_device(GLOBAL_ARGS)
{
    GLOBAL_BODY(memory_order_relaxed, memory_scope_device)
}
#endif

#if defined(HAS_ACQ_REL)
__kernel void order_global_acq_rel_work_group(GLOBAL_ARGS)
{
    GLOBAL_BODY(memory_order_acq_rel, memory_scope_work_group)
}
#endif

#if defined(HAS_ACQ_REL) && defined(HAS_SCOPE_DEVICE)
__kernel void order_global_acq_rel_device(GLOBAL_ARGS)
{
    GLOBAL_BODY(memory_order_acq_rel, memory_scope_device)
}
#endif

#if defined(HAS_SEQ_CST)
__kernel void order_global_seq_cst_work_group(GLOBAL_ARGS)
{
    GLOBAL_BODY(memory_order_seq_cst, memory_scope_work_group)
}
#endif

#if defined(HAS_SEQ_CST) && defined(HAS_SCOPE_DEVICE)
__kernel void order_global_seq_cst_device(GLOBAL_ARGS)
{
    GLOBAL_BODY(memory_order_seq_cst, memory_scope_device)
}
#endif
