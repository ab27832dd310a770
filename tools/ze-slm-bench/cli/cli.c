/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/targets.h>

#include "cli/cli.h"

/* The line in one write: ranks of one job share a stderr, and three writes a line
 * interleave ("ze-slm-bench: error: ze-slm-bench: error: MPI_Init ...", seen under
 * Open MPI). A line past the buffer is cut; no message comes near it. */
__attribute__((format(printf, 2, 0))) static void vreport(const char *kind, const char *fmt, va_list ap)
{
    char line[4096];
    int head = snprintf(line, sizeof line, "%s: %s: ", PROG, kind);
    int body = head < 0 ? -1 : vsnprintf(line + head, sizeof line - (size_t)head - 1, fmt, ap);
    size_t n = body < 0 ? 0 : (size_t)head + (size_t)body;
    n = n < sizeof line - 1 ? n : sizeof line - 2;
    line[n++] = '\n';
    fwrite(line, 1, n, stderr);
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("error", fmt, ap);
    va_end(ap);
    return 1;
}

bool cli_quiet;

void cli_note(const char *fmt, ...)
{
    if (cli_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vreport("note", fmt, ap);
    va_end(ap);
}

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("error", fmt, ap);
    va_end(ap);
    return 2;
}

bool cli_read_file(const char *path, unsigned char **data, size_t *size)
{
    FILE *in = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0;
    struct stat st;
    if (!in || fstat(fileno(in), &st) != 0) {
        cli_error("cannot read %s: %s", path, strerror(errno));
        goto fail;
    }
    if (S_ISDIR(st.st_mode)) {
        cli_error("cannot read %s: %s", path, strerror(EISDIR));
        goto fail;
    }
    /* A regular file's size is known before reading it; anything else (/dev/zero, a
     * pipe) is read until it passes the limit. */
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > CLI_READ_MAX)
        goto too_large;
    /* A regular file's buffer at once, one read past its size to see its end; others
     * grow as they are read. */
    cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 0;
    if (cap && !(buf = malloc(cap))) {
        cli_error("out of memory reading %s", path);
        goto fail;
    }
    for (;;) {
        if (len + 1 >= cap) {
            /* One byte past the limit tells a file at it from a longer one. */
            cap = !cap ? 1 << 16 : 2 * cap < CLI_READ_MAX + 2 ? 2 * cap : CLI_READ_MAX + 2;
            unsigned char *grown = realloc(buf, cap);
            if (!grown) {
                cli_error("out of memory reading %s", path);
                goto fail;
            }
            buf = grown;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, in);
        len += got;
        if (len > CLI_READ_MAX)
            goto too_large;
        if (got == 0)
            break;
    }
    if (ferror(in)) {
        cli_error("cannot read %s: %s", path, strerror(errno));
        goto fail;
    }
    fclose(in);
    buf[len] = '\0';
    *data = buf;
    *size = len;
    return true;
too_large:
    cli_error("%s: larger than the %d MiB a file read may be", path, CLI_READ_MAX >> 20);
fail:
    if (in)
        fclose(in);
    free(buf);
    return false;
}

int cli_bad_option(int c, char **argv)
{
    const char *arg = argv[optind - 1];
    if (c == ':')
        return cli_usage_error("option %s needs a value", arg);
    return cli_usage_error("unknown option '%s' (try --help)", arg);
}

/* One factor: digits and an optional binary suffix. */
static bool factor(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0, mul = 1;
    size_t digits = len;
    if (len > 0) {
        switch (s[len - 1]) {
        case 'k': case 'K': mul = UINT64_C(1) << 10; digits--; break;
        case 'm': case 'M': mul = UINT64_C(1) << 20; digits--; break;
        case 'g': case 'G': mul = UINT64_C(1) << 30; digits--; break;
        default: break;
        }
    }
    if (digits == 0)
        return false;
    for (size_t i = 0; i < digits; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        if (v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > UINT64_MAX / mul)
        return false;
    *out = v * mul;
    return true;
}

bool cli_u64(const char *opt, const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t product = 1;
    const char *p = text;
    for (;;) {
        const char *star = strchr(p, '*');
        size_t len = star ? (size_t)(star - p) : strlen(p);
        uint64_t f;
        if (!factor(p, len, &f) || (f && product > UINT64_MAX / f)) {
            cli_usage_error("%s: '%s' is not a valid number", opt, text);
            return false;
        }
        product *= f;
        if (!star)
            break;
        p = star + 1;
    }
    if (product < min || product > max) {
        cli_usage_error("%s: %s is out of range [%llu, %llu]", opt, text, (unsigned long long)min,
                        (unsigned long long)max);
        return false;
    }
    *out = product;
    return true;
}

bool cli_u32(const char *opt, const char *text, uint32_t min, uint32_t max, uint32_t *out)
{
    uint64_t v;
    if (!cli_u64(opt, text, min, max, &v))
        return false;
    *out = (uint32_t)v;
    return true;
}

bool cli_u32_list(const char *opt, const char *text, uint32_t min, uint32_t max, uint32_t *out,
                  uint32_t cap, uint32_t *n)
{
    *n = 0;
    if (!*text)
        return cli_usage_error("%s: an empty list (give N,N,...)", opt) == 0;
    char *copy = strdup(text);
    if (!copy)
        return cli_error("out of host memory") == 0;
    bool ok = true;
    /* Split by hand: strtok would skip an empty item ("64,,128", ","), which is an error. */
    for (char *item = copy, *comma; ok && item; item = comma ? comma + 1 : NULL) {
        comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        if (!*item)
            ok = cli_usage_error("%s: '%s' has an empty item", opt, text) == 0;
        else if (*n == cap)
            ok = cli_usage_error("%s: more than %u values", opt, cap) == 0;
        else
            ok = cli_u32(opt, item, min, max, &out[(*n)++]);
    }
    free(copy);
    return ok;
}

bool cli_intel_targets(const char *list, bool allow_all, const zeslm_intel_target **out, size_t max, size_t *n)
{
    if (allow_all && strcmp(list, "all") == 0) {
        for (size_t i = 0; i < zeslm_intel_target_count && *n < max; i++)
            out[(*n)++] = &zeslm_intel_targets[i];
        return true;
    }
    char *copy = strdup(list);
    if (!copy) {
        cli_error("out of host memory");
        return false;
    }
    size_t before = *n;
    bool ok = true;
    for (char *save = NULL, *t = strtok_r(copy, ",", &save); ok && t; t = strtok_r(NULL, ",", &save)) {
        const zeslm_intel_target *found = zeslm_intel_target_find(t);
        if (!found) {
            char known[512] = "";
            for (size_t i = 0; i < zeslm_intel_target_count; i++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                         zeslm_intel_targets[i].name);
            ok = false;
            cli_usage_error("--target: unknown target '%s' (known: %s%s; dg2 is acm-g10)", t, known,
                            allow_all ? ", all" : "");
        } else if (*n == max) {
            ok = false;
            cli_usage_error("--target: more than %zu targets", max);
        } else {
            out[(*n)++] = found;
        }
    }
    if (ok && *n == before) {
        ok = false;
        cli_usage_error("--target: '%s' names no target", list);
    }
    free(copy);
    return ok;
}

/* A backend of the registry by name, or "auto" for all (NULL). */
static bool parse_backend(const char *what, const char *arg, const char **backend)
{
    uint32_t b;
    if (strcmp(arg, "auto") == 0) {
        *backend = NULL;
        return true;
    }
    if (zeslm_backend_find(arg, &b) == ZESLM_OK) {
        *backend = zeslm_backend_name(b);
        return true;
    }
    char names[256] = ""; /* "ze, cl, " of a few backends; a longer list is cut */
    size_t used = 0;
    for (b = 0; b < zeslm_backend_count() && used < sizeof names; b++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s, ", zeslm_backend_name(b));
    cli_usage_error("%s: unknown backend '%s' (this build has %sor auto)", what, arg, names);
    return false;
}

bool cli_device_defaults(cli_device_opts *o)
{
    const char *env = getenv("ZESLM_BACKEND");
    *o = (cli_device_opts){0};
    return !env || parse_backend("ZESLM_BACKEND", env, &o->backend);
}

bool cli_settings_from_env(zeslm_settings *s)
{
    static const struct {
        const char *name;
        zeslm_module_choice choice;
    } modules[] = {
        {"auto", ZESLM_MODULES_AUTO},
        {"native", ZESLM_MODULES_NATIVE},
        {"spirv", ZESLM_MODULES_SPIRV},
    };
    const char *env = getenv("ZESLM_MODULES");
    *s = (zeslm_settings){.dump_dir = getenv("ZESLM_DUMP_BINARIES")};
    /* Found now, not as a warning per binary once the work is under way. */
    struct stat st;
    const char *dump = s->dump_dir;
    int err = !dump || !*dump                     ? 0
              : stat(dump, &st) != 0              ? errno
              : !S_ISDIR(st.st_mode)              ? ENOTDIR
              : access(dump, W_OK | X_OK) != 0    ? errno
                                                  : 0;
    if (err) {
        cli_usage_error("ZESLM_DUMP_BINARIES: cannot write binaries into %s: %s", dump, strerror(err));
        return false;
    }
    if (!env)
        return true;
    for (size_t i = 0; i < sizeof modules / sizeof *modules; i++) {
        if (strcmp(env, modules[i].name) == 0) {
            s->modules = modules[i].choice;
            return true;
        }
    }
    cli_usage_error("ZESLM_MODULES: '%s' is not auto, native or spirv", env);
    return false;
}

bool cli_device_option(cli_device_opts *o, int opt, const char *arg)
{
    if (opt == 'd') {
        if (!*arg) {
            cli_usage_error("--device: empty value");
            return false;
        }
        o->device = arg;
        return true;
    }
    return parse_backend("--backend", arg, &o->backend);
}

bool cli_device_several(const char *spec)
{
    return spec && (strcmp(spec, "all") == 0 || strchr(spec, ','));
}

int cli_open_device(const cli_device_opts *o, zeslm_device_list *list, uint32_t *index,
                    zeslm_device **dev)
{
    zeslm_settings settings;
    if (cli_device_several(o->device))
        return cli_usage_error("--device %s: only run and profile take several devices", o->device);
    if (!cli_settings_from_env(&settings))
        return 2;
    zeslm_status st = zeslm_list_devices(o->backend, list);
    if (st != ZESLM_OK)
        return cli_error("%s", zeslm_last_error());
    /* A device that is not there is the user's to fix, as any other bad argument. */
    st = zeslm_select_device(list, o->device, index);
    if (st != ZESLM_OK) {
        zeslm_device_list_free(list);
        return cli_usage_error("%s", zeslm_last_error());
    }
    st = zeslm_device_open(&list->items[*index], &settings, dev);
    if (st != ZESLM_OK) {
        zeslm_device_list_free(list);
        return cli_error("%s", zeslm_last_error());
    }
    return 0;
}
