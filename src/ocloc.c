#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The output whose name ends in `suffix`, or NULL. */
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

zeslm_status zeslm_ocloc_compile(const char *source, const char *options, const char *device, bool spirv,
                                 const char *name, unsigned char **out, size_t *size)
{
    pthread_once(&loaded, load);
    if (!invoke)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED,
                          "%s: OpenCL C source needs Intel's compiler library to build for Level Zero, "
                          "which did not load (%s; install intel-opencl-icd, or give SPIR-V)",
                          name, load_error);
    const char *argv[12] = {"ocloc", "compile", "-q", "-file", "program.cl", "-device", device};
    unsigned argc = 7;
    if (spirv)
        argv[argc++] = "-spv_only";
    if (options && *options) {
        argv[argc++] = "-options";
        argv[argc++] = options;
    }
    const uint8_t *data = (const uint8_t *)source;
    uint64_t len = strlen(source) + 1;
    const char *src_name = "program.cl";
    uint32_t n = 0;
    uint8_t **outputs = NULL;
    uint64_t *lens = NULL;
    char **names = NULL;
    pthread_mutex_lock(&calls);
    int rc = invoke(argc, argv, 1, &data, &len, &src_name, 0, NULL, NULL, NULL, &n, &outputs, &lens, &names);
    pthread_mutex_unlock(&calls);
    int log = find_output(n, names, "stdout.log");
    int bin = rc == 0 ? find_output(n, names, spirv ? ".spv" : ".bin") : -1;
    zeslm_status st = ZESLM_OK;
    if (bin < 0) {
        /* ocloc's log names the in-memory file and repeats its command; what the
         * compiler said is the part before "Command was:". */
        char text[3072] = "";
        if (log >= 0) {
            size_t tl = lens[log] < sizeof text ? (size_t)lens[log] : sizeof text - 1;
            memcpy(text, outputs[log], tl);
            text[tl] = '\0';
            char *cmd = strstr(text, "Command was:");
            if (cmd)
                *cmd = '\0';
        }
        st = zeslm_fail(ZESLM_ERR_BUILD, "ocloc compile(%s, -device %s%s%s) failed (status %d):\n%s", name, device,
                        options && *options ? " -options " : "", options && *options ? options : "", rc, text);
        goto out;
    }
    *out = malloc(lens[bin] ? (size_t)lens[bin] : 1);
    if (!*out) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    memcpy(*out, outputs[bin], (size_t)lens[bin]);
    *size = (size_t)lens[bin];
out:
    release(&n, &outputs, &lens, &names);
    return st;
}
