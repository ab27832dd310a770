/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the command line of `run` (every shared option, strict numbers,
 * bench names). The input is split at newlines into arguments. Run it with
 * -close_fd_mask=3: the parser reports every rejection on stderr. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run/run_cli.h"

#define MAX_ARGS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *args[MAX_ARGS + 1] = {"run"};
    int argc = 1;
    for (char *save = NULL, *tok = strtok_r(text, "\n", &save); tok && argc < MAX_ARGS;
         tok = strtok_r(NULL, "\n", &save))
        args[argc++] = tok;
    run_cli o;
    run_choice *chosen = calloc(zeslm_workload_count, sizeof *chosen);
    if (!chosen)
        abort();
    size_t n = 0;
    int rc = run_parse(argc, args, &o, chosen, &n);
    if (rc == -1 && (n == 0 || n > zeslm_workload_count))
        abort(); /* a successful parse always names at least one known workload */
    free(chosen);
    free(text);
    return 0;
}
