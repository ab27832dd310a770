/* SPDX-License-Identifier: MIT */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "ocloc.h"

/* The two entry points of /usr/include/ocloc_api.h (a C++ header, so declared here
 * from it): ocloc's command line, in-memory sources in, in-memory files out, among
 * them "stdout.log" holding what the command would have printed. */
typedef int (*invoke_fn)(unsigned num_args, const char *argv[], uint32_t num_sources, const uint8_t **sources,
                         const uint64_t *source_lens, const char **source_names, uint32_t num_headers,
                         const uint8_t **headers, const uint64_t *header_lens, const char **header_names,
                         uint32_t *num_outputs, uint8_t ***outputs, uint64_t **output_lens, char ***output_names);
typedef int (*free_fn)(uint32_t *num_outputs, uint8_t ***outputs, uint64_t **output_lens, char ***output_names);

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
/* libocloc keeps global state (its argument parser, the compiler's); one call at a time. */
static pthread_mutex_t calls = PTHREAD_MUTEX_INITIALIZER;
static invoke_fn invoke;
static free_fn release;
static char load_error[256];

static void load(void)
{
    void *lib = dlopen("libocloc.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    invoke = (invoke_fn)(uintptr_t)dlsym(lib, "oclocInvoke");
    release = (free_fn)(uintptr_t)dlsym(lib, "oclocFreeOutput");
    if (!invoke || !release) {
        snprintf(load_error, sizeof load_error, "libocloc.so lacks oclocInvoke or oclocFreeOutput");
        invoke = NULL;
    }
}

/* The index of the output whose name ends in `suffix`, or -1. */
static int find_output(uint32_t n, char **names, const char *suffix)
{
    size_t sl = strlen(suffix);
    for (uint32_t i = 0; i < n; i++) {
        size_t len = names[i] ? strlen(names[i]) : 0;
        if (len >= sl && strcmp(names[i] + len - sl, suffix) == 0)
            return (int)i;
    }
    return -1;
}

/* One ocloc command on the source; the caller releases what it returns. */
struct ocloc_result {
    int rc;
    uint32_t n;
    uint8_t **outputs;
    uint64_t *lens;
    char **names;
};

static void compile_once(const char *source, const char *options, const char *device, struct ocloc_result *r)
{
    const char *argv[12] = {"ocloc", "compile", "-q", "-file", "program.cl", "-device", device, "-spv_only"};
    unsigned argc = 8;
    if (options && *options) {
        argv[argc++] = "-options";
        argv[argc++] = options;
    }
    const uint8_t *data = (const uint8_t *)source;
    uint64_t len = strlen(source) + 1;
    const char *src_name = "program.cl";
    memset(r, 0, sizeof *r);
    pthread_mutex_lock(&calls);
    /* On a failure libocloc prints its command line on standard output even with -q
     * (22.43), where a caller's output (JSON on `-`) must stay clean; what it says is in
     * "stdout.log" anyway. So stdout is /dev/null while it runs, flushed on both sides
     * so that nothing of the caller's is lost and nothing of ocloc's is left over. */
    fflush(stdout);
    int saved = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    bool quiet = saved >= 0 && null >= 0 && dup2(null, STDOUT_FILENO) >= 0;
    r->rc = invoke(argc, argv, 1, &data, &len, &src_name, 0, NULL, NULL, NULL, &r->n, &r->outputs, &r->lens,
                   &r->names);
    fflush(stdout);
    if (quiet)
        dup2(saved, STDOUT_FILENO);
    if (saved >= 0)
        close(saved);
    if (null >= 0)
        close(null);
    pthread_mutex_unlock(&calls);
}

/* What the compiler said, into text: the log less the command line ocloc repeats
 * after "Command was:". */
static void log_text(const struct ocloc_result *r, char *text, size_t len)
{
    int log = find_output(r->n, r->names, "stdout.log");
    text[0] = '\0';
    if (log < 0)
        return;
    size_t tl = r->lens[log] < len ? (size_t)r->lens[log] : len - 1;
    memcpy(text, r->outputs[log], tl);
    text[tl] = '\0';
    char *cmd = strstr(text, "Command was:");
    if (cmd)
        *cmd = '\0';
}

zeslm_status zeslm_ocloc_spirv(const char *source, const char *options, const char *device, const char *name,
                               unsigned char **out, size_t *size)
{
    pthread_once(&loaded, load);
    if (!invoke)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED,
                          "%s: OpenCL C source needs Intel's compiler library to build for Level Zero, "
                          "which did not load (%s; install intel-opencl-icd, or give SPIR-V)",
                          name, load_error);
    struct ocloc_result r;
    char text[3072];
    compile_once(source, options, device, &r);
    int bin = r.rc == 0 ? find_output(r.n, r.names, ".spv") : -1;
    log_text(&r, text, sizeof text);
    /* SPIR-V is the same for every device, and the driver finishes it for its own; the
     * device only sets the compiler's feature macros. So where ocloc cannot compile
     * for this device for reasons of its own, the program is compiled as the bundled
     * kernels' SPIR-V is, for ZESLM_OCLOC_SPIRV_DEVICE (tgllp): a device id it does
     * not know (a newer GPU; 0 from some drivers without hardware), and OpenCL C 3.0
     * on a device without images (pvc), which ocloc 22.43 (IGC 1.0.12504) fails in its
     * own opencl-c.h, whose image built-ins are unguarded. */
    if (bin < 0 && (strstr(text, "Could not determine target") || strstr(text, "requires __opencl_c_images support"))) {
        release(&r.n, &r.outputs, &r.lens, &r.names);
        device = ZESLM_OCLOC_SPIRV_DEVICE;
        compile_once(source, options, device, &r);
        bin = r.rc == 0 ? find_output(r.n, r.names, ".spv") : -1;
        log_text(&r, text, sizeof text);
    }
    zeslm_status st = ZESLM_OK;
    if (bin < 0) {
        st = zeslm_fail(ZESLM_ERR_BUILD, "oclocInvoke(compile %s, -device %s%s%s) failed (status %d):\n%s", name,
                        device, options && *options ? " -options " : "", options && *options ? options : "", r.rc,
                        text);
        goto out;
    }
    *out = malloc(r.lens[bin] ? (size_t)r.lens[bin] : 1);
    if (!*out) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    memcpy(*out, r.outputs[bin], (size_t)r.lens[bin]);
    *size = (size_t)r.lens[bin];
out:
    release(&r.n, &r.outputs, &r.lens, &r.names);
    return st;
}
