#include <dirent.h>
#include <spawn.h>
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

bool ocloc_compile_options(const char *source, const char *target, const char *options, unsigned char **data,
                          size_t *size, char *why, size_t why_len)
{
    char dir[] = "/tmp/ze-slm-inspect-XXXXXX";
    char src[sizeof dir + 16], bin[sizeof dir + 16];
    bool ok = false;
    if (!mkdtemp(dir)) {
        snprintf(why, why_len, "cannot create a temporary folder for ocloc");
        return false;
    }
    snprintf(src, sizeof src, "%s/k.cl", dir);
    snprintf(bin, sizeof bin, "%s/k", dir);
    FILE *f = fopen(src, "w");
    if (!f || fputs(source, f) == EOF || fclose(f) != 0) {
        snprintf(why, why_len, "cannot write %s", src);
        goto out;
    }
    char *argv[] = {"ocloc", "compile", "-q", "-file", src, "-device", (char *)target, "--format", "zebin",
                    "-exclude_ir", "-output_no_suffix", "-output", "k", "-out_dir", dir,
                    options && *options ? "-options" : NULL, (char *)options, NULL};
    pid_t pid;
    int status = 0, spawned;
    /* ocloc prints its log on stdout, which must hold only what the user asked for. */
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0) {
        snprintf(why, why_len, "cannot run ocloc: out of host memory");
        goto out;
    }
    spawned = posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, STDOUT_FILENO) == 0 &&
              posix_spawnp(&pid, "ocloc", &fa, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&fa);
    if (!spawned) {
        snprintf(why, why_len, "cannot run ocloc (install intel-opencl-icd)");
        goto out;
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(why, why_len, "ocloc could not compile for %s%s%s (exit status %d)", target,
                 options && *options ? " with " : "", options ? options : "",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        goto out;
    }
    ok = cli_read_file(bin, data, size);
    if (!ok)
        snprintf(why, why_len, "ocloc's output could not be read");
out:
    remove_dir(dir);
    return ok;
}

bool ocloc_compile(const char *source, const char *target, unsigned char **data, size_t *size)
{
    char why[256];
    bool ok = ocloc_compile_options(source, target, NULL, data, size, why, sizeof why);
    if (!ok)
        cli_error("%s", why);
    return ok;
}
