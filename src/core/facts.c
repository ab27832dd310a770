/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <zeslm/facts.h>

#include <zeslm/units.h>

#define F(key, label, unit, kind, field) {key, label, unit, kind, offsetof(zeslm_device_info, field)}

const zeslm_fact zeslm_device_facts[] = {
    F("backend", "Backend", "", ZESLM_FACT_BACKEND, backend),
    F("name", "Name", "", ZESLM_FACT_STR, name),
    F("vendor", "Vendor", "", ZESLM_FACT_STR, vendor),
    F("driver", "Driver", "", ZESLM_FACT_STR, driver),
    F("vendor_id", "Vendor id", "", ZESLM_FACT_ID, vendor_id),
    F("device_id", "Device id", "", ZESLM_FACT_ID, device_id),
    F("uuid", "UUID", "", ZESLM_FACT_STR, uuid),
    F("pci_address", "PCI address", "", ZESLM_FACT_STR, pci_address),
    F("gpu", "GPU", "", ZESLM_FACT_BOOL, is_gpu),
    F("subdevice", "Sub-device (tile)", "", ZESLM_FACT_BOOL, is_subdevice),
    F("slm_per_group", "SLM per work-group", "bytes", ZESLM_FACT_U64, slm_per_group),
    F("slm_dedicated", "SLM on chip", "", ZESLM_FACT_TRISTATE, slm_dedicated),
    F("max_group_size", "Max work-group size", "", ZESLM_FACT_U32, max_group_size),
    F("max_group_size_x", "Max work-group (x)", "", ZESLM_FACT_U32, max_group_size_x),
    F("subgroup_sizes", "Sub-group sizes", "", ZESLM_FACT_SUBGROUPS, subgroup_sizes),
    F("subgroups", "Sub-group kernels", "", ZESLM_FACT_BOOL, subgroups),
    F("intel_subgroups", "Intel sub-groups", "", ZESLM_FACT_BOOL, intel_subgroups),
    F("fp32_atomics", "Float atomics (fp32)", "", ZESLM_FACT_FP32_ATOMICS, fp32_atomics),
    F("compute_units", "Compute units (CUs)", "", ZESLM_FACT_U32, compute_units),
    F("slices", "Slices", "", ZESLM_FACT_U32, slices),
    F("subslices_per_slice", "Subslices per slice", "", ZESLM_FACT_U32, subslices_per_slice),
    F("eus_per_subslice", "EUs per subslice", "", ZESLM_FACT_U32, eus_per_subslice),
    F("threads_per_eu", "Threads per EU", "", ZESLM_FACT_U32, threads_per_eu),
    F("simd_width", "EU SIMD width", "", ZESLM_FACT_U32, simd_width),
    F("clock_mhz", "Clock", "MHz", ZESLM_FACT_U32, clock_mhz),
    F("slm_per_cu", "SLM per CU", "bytes", ZESLM_FACT_U64, slm_per_cu),
    F("slm_reserved_per_group", "SLM reserved a group", "bytes", ZESLM_FACT_U32, slm_reserved_per_group),
    F("threads_per_cu", "HW threads per CU", "", ZESLM_FACT_U32, threads_per_cu),
    F("max_groups_per_cu", "Groups per CU", "", ZESLM_FACT_U32, max_groups_per_cu),
    F("global_mem", "Device memory", "bytes", ZESLM_FACT_U64, global_mem),
    F("memory_clock_mhz", "Memory clock", "MHz", ZESLM_FACT_U32, memory_clock_mhz),
    F("memory_bus_bits", "Memory bus width", "bits", ZESLM_FACT_U32, memory_bus_bits),
    F("spirv", "Takes SPIR-V", "", ZESLM_FACT_BOOL, spirv),
    F("timer_hz", "Timestamp rate", "Hz", ZESLM_FACT_DOUBLE, timer_hz),
    F("timer_resolution_ns", "Timer resolution", "ns", ZESLM_FACT_DOUBLE, timer_resolution_ns),
    F("timestamp_bits", "Timestamp bits", "", ZESLM_FACT_U32, timestamp_bits),
};
const size_t zeslm_device_fact_count = sizeof zeslm_device_facts / sizeof zeslm_device_facts[0];

static const void *field(const zeslm_fact *f, const zeslm_device_info *d)
{
    return (const char *)d + f->offset;
}

bool zeslm_fact_known(const zeslm_fact *f, const zeslm_device_info *d)
{
    const void *p = field(f, d);
    switch (f->kind) {
    case ZESLM_FACT_U32:
    case ZESLM_FACT_ID: return *(const uint32_t *)p != 0;
    case ZESLM_FACT_U64: return *(const uint64_t *)p != 0;
    case ZESLM_FACT_DOUBLE: return *(const double *)p != 0;
    case ZESLM_FACT_STR: return *(const char *)p != '\0';
    case ZESLM_FACT_TRISTATE: return *(const int *)p >= 0;
    /* A device without sub-groups has none; one with them may not say which sizes. */
    case ZESLM_FACT_SUBGROUPS: return d->n_subgroup_sizes > 0 || !d->subgroups;
    case ZESLM_FACT_FP32_ATOMICS: return d->float_atomics >= 0;
    case ZESLM_FACT_BOOL:
    case ZESLM_FACT_BACKEND: return true;
    }
    return false;
}

bool zeslm_fact_number(const zeslm_fact *f, const zeslm_device_info *d, double *out)
{
    if (!zeslm_fact_known(f, d))
        return false;
    const void *p = field(f, d);
    switch (f->kind) {
    case ZESLM_FACT_U32:
    case ZESLM_FACT_ID: *out = *(const uint32_t *)p; return true;
    case ZESLM_FACT_U64: *out = (double)*(const uint64_t *)p; return true;
    case ZESLM_FACT_DOUBLE: *out = *(const double *)p; return true;
    default: return false;
    }
}

void zeslm_fact_text(const zeslm_fact *f, const zeslm_device_info *d, char *buf, size_t len)
{
    const void *p = field(f, d);
    const char *sep = *f->unit ? " " : "";
    if (!zeslm_fact_known(f, d)) {
        snprintf(buf, len, "unknown");
        return;
    }
    switch (f->kind) {
    case ZESLM_FACT_U32:
    case ZESLM_FACT_U64: {
        unsigned long long v = f->kind == ZESLM_FACT_U32 ? *(const uint32_t *)p : *(const uint64_t *)p;
        if (strcmp(f->unit, "bytes") == 0)
            zeslm_format_bytes(v, buf, len);
        else
            snprintf(buf, len, "%llu%s%s", v, sep, f->unit);
        break;
    }
    case ZESLM_FACT_ID: snprintf(buf, len, "0x%04x", *(const uint32_t *)p); break;
    case ZESLM_FACT_DOUBLE: zeslm_format_si(*(const double *)p, f->unit, buf, len); break;
    case ZESLM_FACT_STR: snprintf(buf, len, "%s", (const char *)p); break;
    case ZESLM_FACT_BOOL: snprintf(buf, len, "%s", *(const bool *)p ? "yes" : "no"); break;
    case ZESLM_FACT_TRISTATE: snprintf(buf, len, "%s", *(const int *)p ? "yes" : "no (global memory)"); break;
    case ZESLM_FACT_BACKEND: snprintf(buf, len, "%s", zeslm_backend_label(*(const uint32_t *)p)); break;
    case ZESLM_FACT_FP32_ATOMICS: {
        /* What the atomics workload's f32 add and min/max need, memory by memory. */
        /* By memory, so both fit a column: "global add,min/max; SLM add". */
        static const struct {
            uint32_t add, min_max;
            const char *memory;
        } mems[] = {
            {ZESLM_FP32_ATOMIC_GLOBAL_ADD, ZESLM_FP32_ATOMIC_GLOBAL_MIN_MAX, "global"},
            {ZESLM_FP32_ATOMIC_LOCAL_ADD, ZESLM_FP32_ATOMIC_LOCAL_MIN_MAX, "SLM"},
        };
        size_t used = 0;
        snprintf(buf, len, "%s", d->fp32_atomics ? "" : d->float_atomics ? "none" : "none (no cl_ext_float_atomics)");
        for (size_t i = 0; i < sizeof mems / sizeof mems[0] && used < len; i++) {
            bool add = d->fp32_atomics & mems[i].add, mm = d->fp32_atomics & mems[i].min_max;
            if (add || mm)
                used += (size_t)snprintf(buf + used, len - used, "%s%s %s%s%s", used ? "; " : "", mems[i].memory,
                                         add ? "add" : "", add && mm ? "," : "", mm ? "min/max" : "");
        }
        break;
    }
    case ZESLM_FACT_SUBGROUPS: {
        size_t used = 0;
        snprintf(buf, len, "%s", d->n_subgroup_sizes ? "" : "none");
        for (uint32_t i = 0; i < d->n_subgroup_sizes && used < len; i++)
            used += (size_t)snprintf(buf + used, len - used, "%s%u", i ? "," : "", d->subgroup_sizes[i]);
        break;
    }
    }
}
