/* SPDX-License-Identifier: MIT */
/* The device-independent side of devices: listing across backends, selection, and
 * the public wrappers that dispatch to a backend's ops. */
#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include <zeslm/grow.h>

#include "backend.h"
#include "error.h"
#include "fault.h"
#include "usable.h"

/* Appends the devices of registry row `backend`, each marked with that row. */
static zeslm_status append(zeslm_device_list *list, uint32_t backend)
{
    zeslm_device_info *found = NULL;
    uint32_t n = 0;
    zeslm_status st = zeslm_backend_ops_of(backend)->list(&found, &n, list->notes[backend],
                                                         sizeof list->notes[backend]);
    if (st != ZESLM_OK || n == 0)
        goto out;
    for (uint32_t i = 0; i < n; i++)
        found[i].backend = backend;
    /* The list holds its count of items exactly. */
    size_t cap = list->count;
    if (!ZESLM_GROW(list->items, list->count + n, cap)) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory listing devices");
        goto out;
    }
    memcpy(list->items + list->count, found, n * sizeof *found);
    list->count += n;
out:
    free(found);
    return st;
}

zeslm_status zeslm_list_devices(const char *backend, zeslm_device_list *out)
{
    memset(out, 0, sizeof *out);
    uint32_t first = 0, end = zeslm_backend_count();
    zeslm_status st = ZESLM_OK;
    if (backend) {
        st = zeslm_backend_find(backend, &first);
        if (st != ZESLM_OK)
            return st;
        end = first + 1;
    }
    if (!(out->notes = calloc(zeslm_backend_count() ? zeslm_backend_count() : 1, sizeof *out->notes)))
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory listing devices");
    for (uint32_t b = first; b < end && st == ZESLM_OK; b++)
        st = append(out, b);
    if (st != ZESLM_OK) {
        zeslm_device_list_free(out);
        return st;
    }
    if (out->count == 0) {
        /* "no device found (LABEL: why; LABEL: why)", one note per backend asked */
        size_t size = (end - first) * (sizeof *out->notes + 64) + 1, used = 0;
        char *why = calloc(size, 1);
        for (uint32_t b = first; why && b < end && used < size; b++)
            used += (size_t)snprintf(why + used, size - used, "%s%s: %s", b > first ? "; " : "",
                                     zeslm_backend_label(b), out->notes[b]);
        st = why ? zeslm_fail(ZESLM_ERR_NO_DEVICE, "no device found (%s)", why)
                 : zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory listing devices");
        free(why);
        zeslm_device_list_free(out);
        return st;
    }
    return ZESLM_OK;
}

void zeslm_device_list_free(zeslm_device_list *list)
{
    free(list->items);
    free(list->notes);
    memset(list, 0, sizeof *list);
}

const zeslm_device_info *zeslm_device_list_at(const zeslm_device_list *list, uint32_t i)
{
    return i < list->count ? &list->items[i] : NULL;
}

static bool contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* Lower is better: a GPU ranks by its backend's place in the registry, which lists
 * them in order of preference; anything else comes after every GPU. */
static uint32_t rank(const zeslm_device_info *d)
{
    return d->is_gpu ? d->backend : zeslm_backend_count();
}

zeslm_status zeslm_select_device(const zeslm_device_list *list, const char *spec, uint32_t *index)
{
    if (list->count == 0)
        return zeslm_fail(ZESLM_ERR_NO_DEVICE, "no device to select from");
    if (!spec) {
        uint32_t best = 0;
        for (uint32_t i = 1; i < list->count; i++)
            if (rank(&list->items[i]) < rank(&list->items[best]))
                best = i;
        *index = best;
        return ZESLM_OK;
    }
    if (*spec && strspn(spec, "0123456789") == strlen(spec)) {
        char *end;
        unsigned long v = strtoul(spec, &end, 10);
        if (v >= list->count)
            return zeslm_fail(ZESLM_ERR_NO_DEVICE, "device index %s out of range (%u device%s: 0..%u)",
                              spec, list->count, list->count == 1 ? "" : "s", list->count - 1);
        *index = (uint32_t)v;
        return ZESLM_OK;
    }
    for (uint32_t i = 0; i < list->count; i++) {
        if (contains_nocase(list->items[i].name, spec)) {
            *index = i;
            return ZESLM_OK;
        }
    }
    return zeslm_fail(ZESLM_ERR_NO_DEVICE, "no device name contains '%s'", spec);
}

zeslm_status zeslm_device_open(const zeslm_device_info *info, const zeslm_settings *settings,
                               zeslm_device **dev)
{
    const struct zeslm_backend_ops *ops = zeslm_backend_ops_of(info->backend);
    if (!ops)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: backend %u is not in this build", info->name, info->backend);
    if (settings && settings->modules > ZESLM_MODULES_SPIRV)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "settings: module choice %d is not one of zeslm_module_choice",
                          (int)settings->modules);
    zeslm_status st = zeslm_device_check_usable(info);
    if (st != ZESLM_OK)
        return st;
    st = ops->open(info, dev);
    if (st == ZESLM_OK) {
        atomic_init(&(*dev)->refs, 1);
        (*dev)->ops = ops;
        (*dev)->info = *info;
        (*dev)->settings = settings ? *settings : (zeslm_settings){0};
    }
    return st;
}

/* A reference more to dev, for a buffer or kernel just made from it. */
static void device_hold(zeslm_device *dev)
{
    atomic_fetch_add(&dev->refs, 1);
}

/* A reference less; the last frees the device's modules and the device. */
static void device_release(zeslm_device *dev)
{
    if (atomic_fetch_sub(&dev->refs, 1) != 1)
        return;
    for (unsigned i = 0; i < dev->n_modules; i++)
        dev->ops->module_free(dev->modules[i]);
    dev->ops->close(dev);
}

void zeslm_device_close(zeslm_device *dev)
{
    if (dev)
        device_release(dev);
}

const zeslm_device_info *zeslm_device_get_info(const zeslm_device *dev)
{
    return &dev->info;
}

const char *zeslm_device_module_format(const zeslm_device *dev)
{
    return dev->module_format ? dev->module_format : "no module built";
}

zeslm_status zeslm_buffer_create(zeslm_device *dev, size_t bytes, zeslm_buffer **buf)
{
    if (bytes == 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "buffer of 0 bytes");
    zeslm_status st = dev->ops->alloc(dev, bytes, buf);
    if (st == ZESLM_OK) {
        device_hold(dev);
        (*buf)->dev = dev;
        (*buf)->bytes = bytes;
    }
    return st;
}

void zeslm_buffer_free(zeslm_buffer *buf)
{
    if (!buf)
        return;
    zeslm_device *dev = buf->dev; /* the backend frees buf itself */
    dev->ops->buffer_free(buf);
    device_release(dev);
}

/* Whether [offset, offset + bytes) lies in the buffer, else the error naming `what`. */
static zeslm_status in_buffer(const zeslm_buffer *buf, size_t offset, size_t bytes, const char *what)
{
    if (offset > buf->bytes || bytes > buf->bytes - offset)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s of %zu bytes at offset %zu of a %zu-byte buffer", what, bytes,
                          offset, buf->bytes);
    return ZESLM_OK;
}

zeslm_status zeslm_buffer_write_at(zeslm_buffer *buf, size_t offset, const void *src, size_t bytes)
{
    zeslm_status st = in_buffer(buf, offset, bytes, "zeslm_buffer_write: a write");
    return st != ZESLM_OK ? st : buf->dev->ops->write(buf, offset, src, bytes);
}

zeslm_status zeslm_buffer_read_at(zeslm_buffer *buf, size_t offset, void *dst, size_t bytes)
{
    zeslm_status st = in_buffer(buf, offset, bytes, "zeslm_buffer_read: a read");
    if (st == ZESLM_OK)
        st = buf->dev->ops->read(buf, offset, dst, bytes);
    return st != ZESLM_OK ? st : zeslm_fault_read(dst, bytes);
}

zeslm_status zeslm_buffer_write(zeslm_buffer *buf, const void *src, size_t bytes)
{
    return zeslm_buffer_write_at(buf, 0, src, bytes);
}

zeslm_status zeslm_buffer_read(zeslm_buffer *buf, void *dst, size_t bytes)
{
    return zeslm_buffer_read_at(buf, 0, dst, bytes);
}

const struct zeslm_kernel_file *zeslm_kernel_file_find(const char *name)
{
    for (size_t i = 0; i < zeslm_kernel_file_count; i++)
        if (strcmp(zeslm_kernel_files[i].name, name) == 0)
            return &zeslm_kernel_files[i];
    return NULL;
}

const struct zeslm_kernel_file *zeslm_kernel_file_get(size_t i)
{
    return i < zeslm_kernel_file_count ? &zeslm_kernel_files[i] : NULL;
}

const char *zeslm_kernel_file_unsupported(const struct zeslm_kernel_file *file, const zeslm_device_info *d)
{
    if (file->needs_subgroups && !d->subgroups)
        return "needs sub-groups, which this device does not support";
    if (file->needs_intel_subgroups && !d->intel_subgroups)
        return "needs Intel's sub-group extensions (cl_intel_subgroups, cl_intel_subgroups_long, cl_intel_required_subgroup_size)";
    /* Without the extension the compiler has no atomic_float operations at all. */
    if (file->needs_float_atomics && d->float_atomics == 0)
        return "needs cl_ext_float_atomics, which this device lacks";
    /* An unknown version (0) is tried: the compiler then says. */
    if (file->needs_opencl_c == 300 && d->opencl_c && d->opencl_c < 300)
        return "needs OpenCL C 3.0, newer than this device's compiler takes";
    if (file->needs_opencl_c == 200 && d->opencl_c && d->opencl_c < 200)
        return "needs OpenCL C 2.0 or later (its atomics), newer than this device's compiler takes";
    return NULL;
}

static zeslm_status module_get(zeslm_device *dev, const char *file, struct zeslm_module **module)
{
    const struct zeslm_kernel_file *kf = zeslm_kernel_file_find(file);
    if (!kf)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "no bundled kernel file '%s.cl'", file);
    for (unsigned i = 0; i < dev->n_modules; i++) {
        if (dev->module_files[i] == kf) {
            *module = dev->modules[i];
            return ZESLM_OK;
        }
    }
    const char *lacks = zeslm_kernel_file_unsupported(kf, &dev->info);
    if (lacks)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED, "%s.cl %s (%s)", file, lacks, dev->info.name);
    if (dev->n_modules == ZESLM_MAX_MODULES)
        return zeslm_fail(ZESLM_ERR_NOMEM, "more than %d kernel files built", ZESLM_MAX_MODULES);
    zeslm_status st = dev->ops->build(dev, kf, module);
    if (st != ZESLM_OK)
        return st;
    dev->module_files[dev->n_modules] = kf;
    dev->modules[dev->n_modules++] = *module;
    return ZESLM_OK;
}

/* Creates `kernel` from a built module and records what the core keeps about it. */
static zeslm_status kernel_from_module(zeslm_device *dev, struct zeslm_module *module, const char *kernel,
                                       zeslm_kernel **out)
{
    zeslm_status st = dev->ops->kernel_create(dev, module, kernel, out);
    if (st != ZESLM_OK)
        return st;
    device_hold(dev);
    (*out)->dev = dev;
    snprintf((*out)->name, sizeof (*out)->name, "%s", kernel);
    zeslm_kernel_props p = {.struct_size = sizeof p};
    st = zeslm_kernel_props_get(*out, &p);
    if (st != ZESLM_OK) {
        zeslm_kernel_free(*out);
        *out = NULL;
        return st;
    }
    (*out)->static_slm = p.static_slm;
    return ZESLM_OK;
}

zeslm_status zeslm_kernel_create(zeslm_device *dev, const char *file, const char *kernel,
                                 zeslm_kernel **out)
{
    struct zeslm_module *module;
    zeslm_status st = module_get(dev, file, &module);
    if (st != ZESLM_OK)
        return st;
    st = kernel_from_module(dev, module, kernel, out);
    /* The backends say ZESLM_ERR_UNSUPPORTED for a kernel the module lacks: right for
     * a kernel the file lists and leaves out where the device lacks what it needs
     * (atomics_order.cl's #if), a plain error for a name the file never had. */
    if (st == ZESLM_ERR_UNSUPPORTED) {
        const struct zeslm_kernel_file *kf = zeslm_kernel_file_find(file);
        bool listed = false;
        for (size_t i = 0; kf && i < kf->n_kernels; i++)
            listed |= strcmp(kf->kernels[i], kernel) == 0;
        if (!listed)
            st = ZESLM_ERR_BACKEND; /* its message stays the backend's */
    }
    return st;
}

zeslm_status zeslm_kernel_build(zeslm_device *dev, const zeslm_program *program, const char *kernel,
                                zeslm_kernel **out)
{
    if (!program->source && (!program->spirv || program->spirv_size == 0))
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_kernel_build(%s): the program holds neither SPIR-V nor source",
                          kernel);
    if (program->options && strlen(program->options) > ZESLM_PROGRAM_OPTIONS_MAX)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_kernel_build(%s): options longer than %d bytes", kernel,
                          ZESLM_PROGRAM_OPTIONS_MAX);
    /* The caller's program as a kernel file without native binaries, so every backend
     * builds it on the path the bundled kernels take; it is named after the kernel in
     * messages and dumps. */
    const struct zeslm_kernel_file file = {
        .name = kernel,
        .spirv = program->spirv,
        .spirv_size = program->spirv ? program->spirv_size : 0,
        .source = program->source,
        .options = program->options ? program->options : "",
        .callers_program = true,
    };
    struct zeslm_module *module;
    zeslm_status st = dev->ops->build(dev, &file, &module);
    if (st != ZESLM_OK)
        return st;
    st = kernel_from_module(dev, module, kernel, out);
    if (st != ZESLM_OK) {
        dev->ops->module_free(module);
        return st;
    }
    (*out)->own_module = module;
    return ZESLM_OK;
}

void zeslm_kernel_free(zeslm_kernel *k)
{
    if (!k)
        return;
    /* The backend frees k itself, so what outlives it is read first. */
    zeslm_device *dev = k->dev;
    struct zeslm_module *own = k->own_module;
    dev->ops->kernel_free(k);
    if (own)
        dev->ops->module_free(own);
    device_release(dev);
}

zeslm_status zeslm_kernel_props_get(zeslm_kernel *k, zeslm_kernel_props *props)
{
    /* A caller built with a shorter zeslm_kernel_props gets no more than it holds; 0 is
     * this header's size (in-tree code), as zeslm_run_opts.struct_size. */
    size_t size = props->struct_size ? props->struct_size : sizeof *props;
    if (size < offsetof(zeslm_kernel_props, static_slm) + sizeof props->static_slm)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_kernel_props_get: struct_size %zu is shorter than any "
                          "zeslm_kernel_props", size);
    zeslm_kernel_props all = {.struct_size = sizeof all};
    zeslm_status st = k->dev->ops->kernel_props(k, &all);
    all.struct_size = (uint32_t)(size < sizeof all ? size : sizeof all);
    memcpy(props, &all, all.struct_size);
    return st;
}

uint32_t zeslm_kernel_suggest_group(zeslm_kernel *k, uint32_t global)
{
    return k->dev->ops->suggest_group(k, global);
}

const char *zeslm_kernel_name(const zeslm_kernel *k)
{
    return k->name;
}

uint64_t zeslm_kernel_slm_available(const zeslm_kernel *k)
{
    uint64_t limit = k->dev->info.slm_per_group;
    return limit > k->static_slm ? limit - k->static_slm : 0;
}

zeslm_status zeslm_kernel_arg_buffer(zeslm_kernel *k, uint32_t index, zeslm_buffer *buf)
{
    return k->dev->ops->arg_buffer(k, index, buf);
}

zeslm_status zeslm_kernel_arg_u32(zeslm_kernel *k, uint32_t index, uint32_t value)
{
    return k->dev->ops->arg_value(k, index, sizeof value, &value);
}

zeslm_status zeslm_kernel_arg_value(zeslm_kernel *k, uint32_t index, size_t size, const void *value)
{
    if (size == 0 || !value)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: argument %u of no bytes", k->name, index);
    return k->dev->ops->arg_value(k, index, size, value);
}

zeslm_status zeslm_kernel_arg_local(zeslm_kernel *k, uint32_t index, size_t bytes)
{
    const zeslm_device_info *d = &k->dev->info;
    if (d->slm_per_group && bytes > zeslm_kernel_slm_available(k))
        return zeslm_fail(ZESLM_ERR_INVALID_ARG,
                          "%s: %zu bytes of SLM and the kernel's own %llu exceed the device's %llu per work-group",
                          k->name, bytes, (unsigned long long)k->static_slm, (unsigned long long)d->slm_per_group);
    return k->dev->ops->arg_local(k, index, bytes);
}

zeslm_status zeslm_kernel_launch(zeslm_kernel *k, uint32_t groups, uint32_t group_size,
                                 double timeout_s, uint64_t *device_ns)
{
    if (timeout_s <= 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: launch with a deadline of %g s", k->name, timeout_s);
    const zeslm_launch l = {.groups = {groups}, .group_size = {group_size}, .timeout_s = timeout_s};
    return zeslm_kernel_launch_nd(k, &l, device_ns);
}

zeslm_status zeslm_kernel_launch_seq(zeslm_kernel *const *kernels, size_t n, uint32_t groups, uint32_t group_size,
                                     double timeout_s, uint64_t *span_ns)
{
    if (n == 0 || groups == 0 || group_size == 0 || timeout_s <= 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "a sequence of %zu launches of %u groups of %u with a deadline of "
                          "%g s (each must be at least 1, the deadline above 0)", n, groups, group_size, timeout_s);
    zeslm_device *dev = kernels[0]->dev;
    for (size_t i = 1; i < n; i++)
        if (kernels[i]->dev != dev)
            return zeslm_fail(ZESLM_ERR_INVALID_ARG, "a sequence of launches on two devices (%s and %s)",
                              kernels[0]->name, kernels[i]->name);
    const zeslm_device_info *d = &dev->info;
    if ((d->max_group_size && group_size > d->max_group_size) ||
        (d->max_group_size_x && group_size > d->max_group_size_x))
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: group size %u exceeds the device maximum %u", kernels[0]->name,
                          group_size, d->max_group_size);
    const uint32_t g[3] = {groups, 1, 1}, l[3] = {group_size, 1, 1};
    return dev->ops->launch_seq(kernels, n, g, l, timeout_s, span_ns);
}

/* Seconds a launch waits when its zeslm_launch names no deadline. */
#define DEFAULT_TIMEOUT_S 60.0

zeslm_status zeslm_kernel_launch_nd(zeslm_kernel *k, const zeslm_launch *launch, uint64_t *device_ns)
{
    const zeslm_device_info *d = &k->dev->info;
    uint32_t groups[3], group[3];
    uint64_t items = 1;
    for (int i = 0; i < 3; i++) {
        groups[i] = launch->groups[i] || i == 0 ? launch->groups[i] : 1;
        group[i] = launch->group_size[i] || i == 0 ? launch->group_size[i] : 1;
        items *= group[i];
    }
    if (groups[0] == 0 || group[0] == 0 || launch->timeout_s < 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: launch of %u x %u x %u groups of %u x %u x %u (x must be at least 1) "
                          "with a deadline of %g s", k->name, groups[0], groups[1], groups[2], group[0], group[1],
                          group[2], launch->timeout_s);
    if (d->max_group_size && items > d->max_group_size)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: group size %llu exceeds the device maximum %u", k->name,
                          (unsigned long long)items, d->max_group_size);
    if (d->max_group_size_x && group[0] > d->max_group_size_x)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: group size %u along x exceeds the device maximum %u", k->name,
                          group[0], d->max_group_size_x);
    double timeout_s = launch->timeout_s > 0 ? launch->timeout_s : DEFAULT_TIMEOUT_S;
    return k->dev->ops->launch(k, groups, group, timeout_s, device_ns);
}
