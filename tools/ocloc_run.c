#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "ocloc_run.h"

extern char **environ;

/* Removes the scratch folder and whatever ocloc left in it. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    char path[512];
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* ocloc's messages from `log`, less the command line it repeats after "Command was:"
 * (which names the scratch folder), on stderr. */
static void show_log(const char *log)
{
    unsigned char *text;
    size_t size;
    if (!cli_read_file(log, &text, &size))
        return;
    char *end = memmem(text, size, "Command was:", strlen("Command was:"));
    fprintf(stderr, "%.*s", (int)(end ? end - (char *)text : (ptrdiff_t)size), (char *)text);
    free(text);
}

bool ocloc_compile(const char *source, const char *target, unsigned char **data, size_t *size)
{
    char dir[] = "/tmp/ze-slm-inspect-XXXXXX";
    char src[sizeof dir + 16], bin[sizeof dir + 16], log[sizeof dir + 16];
    bool ok = false;
    if (!mkdtemp(dir)) {
        cli_error("cannot create a temporary folder for ocloc");
        return false;
    }
    snprintf(src, sizeof src, "%s/k.cl", dir);
    snprintf(bin, sizeof bin, "%s/k", dir);
    snprintf(log, sizeof log, "%s/log", dir);
    FILE *f = fopen(src, "w");
    if (!f || fputs(source, f) == EOF || fclose(f) != 0) {
        cli_error("cannot write %s", src);
        goto out;
    }
    /* Not -q, which silences the compiler's diagnostics too. */
    char *argv[] = {"ocloc", "compile", "-file", src, "-device", (char *)target, "--format", "zebin",
                    "-exclude_ir", "-output_no_suffix", "-output", "k", "-out_dir", dir, NULL};
    pid_t pid;
    int status = 0, spawned;
    /* ocloc prints its log on stdout, which must hold only what the user asked for: it
     * goes to a file, shown only when the compile fails. */
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0) {
        cli_error("cannot run ocloc: out of host memory");
        goto out;
    }
    spawned = posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0600) == 0 &&
              posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO) == 0 &&
              posix_spawnp(&pid, "ocloc", &fa, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&fa);
    if (!spawned) {
        cli_error("cannot run ocloc (install intel-opencl-icd)");
        goto out;
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        cli_error("ocloc could not compile for %s (exit status %d):", target,
                  WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        show_log(log);
        goto out;
    }
    ok = cli_read_file(bin, data, size);
out:
    remove_dir(dir);
    return ok;
}
