/* SPDX-License-Identifier: MIT */
/* Zebin reading with elfutils' libelf for the container and libyaml for .ze_info.
 * The input is untrusted (a user's file): every size, type and index is checked,
 * and the walk over the YAML has a fixed depth. It is fuzzed (tests/fuzz). */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include <zeslm/zebin.h>

#include "error.h"

/* ELF e_machine of Intel GPU binaries (EM_INTELGT). */
#define EM_INTELGT 205
/* Note type that carries the product family in .note.intelgt.compat. */
#define NT_INTELGT_PRODUCT_FAMILY 1

static zeslm_status bad(const char *why)
{
    return zeslm_fail(ZESLM_ERR_INVALID_ARG, "not a valid zebin: %s", why);
}

/* The value of key `key` in mapping `map`, or NULL. */
static yaml_node_t *get(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        if (k && k->type == YAML_SCALAR_NODE && strlen(key) == k->data.scalar.length &&
            memcmp(k->data.scalar.value, key, k->data.scalar.length) == 0)
            return yaml_document_get_node(doc, p->value);
    }
    return NULL;
}

/* A scalar as a uint32_t: decimal digits only. Absent is 0; anything else is an error. */
static bool get_u32(yaml_document_t *doc, yaml_node_t *map, const char *key, uint32_t *out)
{
    yaml_node_t *n = get(doc, map, key);
    *out = 0;
    if (!n)
        return true;
    if (n->type != YAML_SCALAR_NODE || n->data.scalar.length == 0 || n->data.scalar.length > 10)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n->data.scalar.length; i++) {
        unsigned char c = n->data.scalar.value[i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    if (v > UINT32_MAX)
        return false;
    *out = (uint32_t)v;
    return true;
}

static bool get_bool(yaml_document_t *doc, yaml_node_t *map, const char *key, bool *out)
{
    yaml_node_t *n = get(doc, map, key);
    *out = false;
    if (!n)
        return true;
    if (n->type != YAML_SCALAR_NODE)
        return false;
    *out = n->data.scalar.length == 4 && memcmp(n->data.scalar.value, "true", 4) == 0;
    return *out || (n->data.scalar.length == 5 && memcmp(n->data.scalar.value, "false", 5) == 0);
}

static bool copy_scalar(yaml_node_t *n, char *dst, size_t len)
{
    if (!n || n->type != YAML_SCALAR_NODE || n->data.scalar.length == 0 || n->data.scalar.length >= len)
        return false;
    memcpy(dst, n->data.scalar.value, n->data.scalar.length);
    dst[n->data.scalar.length] = '\0';
    return true;
}

/* Adds up the kernel's per_thread_memory_buffers by usage, per hardware thread: a
 * buffer marked is_simt_thread gives its size per work-item, so it counts SIMD times. */
static zeslm_status scratch(yaml_document_t *doc, yaml_node_t *kernel, zeslm_zebin_kernel *k)
{
    yaml_node_t *bufs = get(doc, kernel, "per_thread_memory_buffers");
    if (!bufs)
        return ZESLM_OK;
    if (bufs->type != YAML_SEQUENCE_NODE)
        return bad("per_thread_memory_buffers is not a list");
    for (yaml_node_item_t *it = bufs->data.sequence.items.start; it < bufs->data.sequence.items.top; it++) {
        yaml_node_t *b = yaml_document_get_node(doc, *it);
        uint32_t size;
        bool per_item;
        char usage[32] = "";
        if (!b || b->type != YAML_MAPPING_NODE || !get_u32(doc, b, "size", &size) ||
            !get_bool(doc, b, "is_simt_thread", &per_item))
            return bad("a per-thread memory buffer is malformed");
        if (per_item) {
            if (size > UINT32_MAX / k->simd_size)
                return bad("scratch sizes overflow");
            size *= k->simd_size;
        }
        copy_scalar(get(doc, b, "usage"), usage, sizeof usage);
        if (UINT32_MAX - k->scratch_size < size)
            return bad("scratch sizes overflow");
        k->scratch_size += size;
        if (strcmp(usage, "private_space") == 0)
            k->private_size += size;
        else if (strcmp(usage, "spill_fill_space") == 0)
            k->spill_size += size;
    }
    return ZESLM_OK;
}

static zeslm_status parse_ze_info(const char *text, size_t len, zeslm_zebin *out)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    zeslm_status st = ZESLM_OK;
    if (!yaml_parser_initialize(&parser))
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        st = bad(".ze_info is not YAML");
        yaml_parser_delete(&parser);
        return st;
    }
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    yaml_node_t *kernels = get(&doc, root, "kernels");
    if (!copy_scalar(get(&doc, root, "version"), out->version, sizeof out->version)) {
        st = bad(".ze_info has no version");
        goto out;
    }
    if (!kernels || kernels->type != YAML_SEQUENCE_NODE) {
        st = bad(".ze_info has no list of kernels");
        goto out;
    }
    size_t n = (size_t)(kernels->data.sequence.items.top - kernels->data.sequence.items.start);
    out->kernels = calloc(n ? n : 1, sizeof *out->kernels);
    if (!out->kernels) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    for (size_t i = 0; i < n && st == ZESLM_OK; i++) {
        yaml_node_t *kn = yaml_document_get_node(&doc, kernels->data.sequence.items.start[i]);
        yaml_node_t *env = get(&doc, kn, "execution_env");
        zeslm_zebin_kernel *k = &out->kernels[out->count];
        if (!kn || kn->type != YAML_MAPPING_NODE || !copy_scalar(get(&doc, kn, "name"), k->name, sizeof k->name)) {
            st = bad("a kernel has no name");
            break;
        }
        if (!env || env->type != YAML_MAPPING_NODE) {
            st = bad("a kernel has no execution_env");
            break;
        }
        if (!get_u32(&doc, env, "simd_size", &k->simd_size) || !get_u32(&doc, env, "grf_count", &k->grf_count) ||
            !get_u32(&doc, env, "slm_size", &k->slm_size) || !get_u32(&doc, env, "barrier_count", &k->barrier_count) ||
            !get_bool(&doc, env, "has_global_atomics", &k->has_global_atomics) ||
            !get_bool(&doc, env, "has_local_atomics", &k->has_local_atomics)) {
            st = bad("an execution_env value has the wrong type");
            break;
        }
        if (k->simd_size != 1 && k->simd_size != 8 && k->simd_size != 16 && k->simd_size != 32) {
            st = bad("a kernel's simd_size is not 1, 8, 16 or 32");
            break;
        }
        /* A compiler that writes it is believed; IGC does not (zeslm_zebin_local_atomics). */
        k->local_atomics_known = get(&doc, env, "has_local_atomics") != NULL;
        st = scratch(&doc, kn, k);
        if (st == ZESLM_OK)
            out->count++;
    }
out:
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    return st;
}

/* The product family from the IntelGT compatibility notes; 0 when absent. */
static uint32_t product_family(Elf_Data *data)
{
    GElf_Nhdr nh;
    size_t off = 0, name_off, desc_off, next;
    while ((next = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
        if (nh.n_type == NT_INTELGT_PRODUCT_FAMILY && nh.n_descsz == 4 && desc_off + 4 <= data->d_size) {
            uint32_t v;
            memcpy(&v, (const char *)data->d_buf + desc_off, 4);
            return v;
        }
        off = next;
    }
    return 0;
}

zeslm_status zeslm_zebin_parse(const void *data, size_t size, zeslm_zebin *out)
{
    memset(out, 0, sizeof *out);
    zeslm_status st = ZESLM_OK;
    Elf *e = NULL;
    /* elf_memory wants a writable image. */
    char *image = malloc(size ? size : 1);
    if (!image)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    if (size)
        memcpy(image, data, size);
    if (elf_version(EV_CURRENT) == EV_NONE) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "libelf: %s", elf_errmsg(-1));
        goto out;
    }
    e = elf_memory(image, size);
    GElf_Ehdr eh;
    size_t shstrndx;
    if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh)) {
        st = bad("not an ELF file");
        goto out;
    }
    if (eh.e_machine != EM_INTELGT) {
        st = bad("not an Intel GPU ELF (e_machine is not EM_INTELGT)");
        goto out;
    }
    if (elf_getshdrstrndx(e, &shstrndx) != 0) {
        st = bad("no section names");
        goto out;
    }
    Elf_Data *info = NULL;
    for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
        GElf_Shdr sh;
        const char *name = gelf_getshdr(scn, &sh) ? elf_strptr(e, shstrndx, sh.sh_name) : NULL;
        if (!name)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        if (strcmp(name, ".ze_info") == 0)
            info = d;
        else if (strcmp(name, ".note.intelgt.compat") == 0 && d && sh.sh_type == SHT_NOTE)
            out->product_family = product_family(d);
    }
    if (!info || !info->d_buf || info->d_size == 0) {
        st = bad("no .ze_info section");
        goto out;
    }
    st = parse_ze_info(info->d_buf, info->d_size, out);
out:
    if (e)
        elf_end(e);
    free(image);
    if (st != ZESLM_OK)
        zeslm_zebin_free(out);
    return st;
}

void zeslm_zebin_free(zeslm_zebin *z)
{
    free(z->kernels);
    z->kernels = NULL;
    z->count = 0;
}
