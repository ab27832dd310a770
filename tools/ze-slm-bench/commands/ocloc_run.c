#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <zeslm/bench.h>
#include <zeslm/isa.h>

#include "cli/cli.h"
#include "commands/ocloc_run.h"
#include "io/interrupt.h"

extern char **environ;

/* Removes the scratch folder and whatever ocloc left in it (IGC's dump folder, one
 * level down, included). */
static void remove_dir(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    char path[512];
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (unlink(path) != 0 && depth > 0)
                remove_dir(path, depth - 1);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* Copies the listing of each kernel (of `kernel` only, when not NULL) in `dir` to out. */
static bool copy_listings(const char *dir, const char *kernel, FILE *out)
{
    DIR *d = opendir(dir);
    char path[512], buf[65536];
    bool ok = d != NULL;
    for (struct dirent *e; ok && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".asm") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        char first[256] = "";
        ok = f && fgets(first, sizeof first, f);
        bool wanted = ok && (!kernel || (strncmp(first, "//.kernel ", 10) == 0 &&
                                         strcspn(first + 10, "\r\n") == strlen(kernel) &&
                                         strncmp(first + 10, kernel, strlen(kernel)) == 0));
        if (wanted) {
            fputs(first, out);
            for (size_t got; (got = fread(buf, 1, sizeof buf, f)) > 0;)
                fwrite(buf, 1, got, out);
            ok = !ferror(f);
        }
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
    if (!ok)
        cli_error("cannot read the ISA listings in %s", dir);
    return ok;
}

/* Whether ocloc wrote nothing to `log`. */
static bool log_empty(const char *log)
{
    struct stat st;
    return stat(log, &st) != 0 || st.st_size == 0;
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

/* Waits for ocloc to end, at most timeout_s seconds (0: no bound), polling every 20 ms:
 * past the bound it is killed and *timed_out set. Returns false when waitpid fails. */
static bool wait_bounded(pid_t pid, int *status, unsigned timeout_s, bool *timed_out)
{
    struct timespec start, now, nap = {0, 20 * 1000 * 1000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    *timed_out = false;
    for (;;) {
        pid_t got = waitpid(pid, status, WNOHANG);
        if (got == pid)
            return true;
        if (got < 0 && errno != EINTR)
            return false;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double waited = (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9;
        if (timeout_s && waited >= (double)timeout_s) {
            kill(pid, SIGKILL);
            *timed_out = true;
            while ((got = waitpid(pid, status, 0)) < 0 && errno == EINTR)
                ;
            return got == pid;
        }
        nanosleep(&nap, NULL);
    }
}

/* The scratch folder's template: $TMPDIR (as mkdtemp(3) users honour it), else /tmp. */
static bool scratch_template(char *dir, size_t len)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    return (size_t)snprintf(dir, len, "%s/ze-slm-inspect-XXXXXX", tmp) < len;
}

/* (ocloc_run.h; IGC dumps its listings into dir/isa.) */
bool ocloc_compile(const ocloc_input *in, const char *target, unsigned char **data, size_t *size,
                   zeslm_isa_kernel **isa, size_t *n_isa, FILE *listing, const char *kernel)
{
    char dir[256];
    char src[sizeof dir + 16], bin[sizeof dir + 16], log[sizeof dir + 16];
    char **env = environ; /* ocloc's: the user's, and with `isa` IGC's dump settings */
    bool ok = false, timed_out = false;
    if (!scratch_template(dir, sizeof dir)) {
        cli_error("cannot create a temporary folder for ocloc: TMPDIR is too long");
        return false;
    }
    /* From the folder's making to its removal a signal only ends ocloc: the folder, a
     * copy of the user's source, goes before the tool exits (interrupt_resume). */
    interrupt_defer();
    if (!mkdtemp(dir)) {
        cli_error("cannot create a temporary folder for ocloc in %s: %s", dir, strerror(errno));
        interrupt_resume();
        return false;
    }
    snprintf(src, sizeof src, "%s/%s", dir, in->spirv ? "k.spv" : "k.cl");
    snprintf(bin, sizeof bin, "%s/k", dir);
    snprintf(log, sizeof log, "%s/log", dir);
    FILE *f = fopen(src, "wb");
    bool written = f && (in->spirv ? fwrite(in->spirv, 1, in->spirv_size, f) == in->spirv_size
                                   : fputs(in->source, f) != EOF);
    if (f && fclose(f) != 0)
        written = false;
    if (!written) {
        cli_error("cannot write %s", src);
        goto out;
    }
    /* Not -q, which silences the compiler's diagnostics too. */
    char *argv[20] = {"ocloc", "compile", "-file", src, "-device", (char *)target, "--format", "zebin",
                      "-exclude_ir", "-output_no_suffix", "-output", "k", "-out_dir", dir};
    size_t argc = 14;
    if (in->spirv)
        argv[argc++] = "-spirv_input";
    if (in->options && *in->options) {
        argv[argc++] = "-options";
        argv[argc++] = (char *)in->options;
    }
    argv[argc] = NULL;
    pid_t pid;
    int status = 0, spawned;
    /* IGC writes its listings where these say; the rest of the environment is the user's. */
    char dump[sizeof dir + 32], dump_var[sizeof dump + 32];
    size_t n_env = 0;
    while (environ[n_env])
        n_env++;
    snprintf(dump, sizeof dump, "%s/isa", dir);
    snprintf(dump_var, sizeof dump_var, "IGC_DumpToCustomDir=%s", dump);
    if (isa) {
        env = calloc(n_env + 3, sizeof *env);
        if (!env) {
            cli_error("cannot run ocloc: out of host memory");
            goto out;
        }
        memcpy(env, environ, n_env * sizeof *env);
        env[n_env] = "IGC_ShaderDumpEnable=1";
        env[n_env + 1] = dump_var;
    }
    /* ocloc prints its log on stdout, which must hold only what the user asked for: it
     * goes to a file, shown only when the compile fails. */
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0) {
        cli_error("cannot run ocloc: out of host memory");
        goto out;
    }
    spawned = posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0600) == 0 &&
              posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO) == 0 &&
              posix_spawnp(&pid, "ocloc", &fa, NULL, argv, env) == 0;
    posix_spawn_file_actions_destroy(&fa);
    if (!spawned) {
        cli_error("cannot run ocloc (install intel-opencl-icd)");
        goto out;
    }
    interrupt_child(pid);
    bool waited = wait_bounded(pid, &status, in->timeout_s, &timed_out);
    interrupt_child(0);
    if (zeslm_stop_requested())
        goto out; /* a signal ended ocloc: the tool exits as it asked, without a word */
    if (timed_out) {
        cli_error("ocloc did not finish compiling for %s within %u s (--compile-timeout)", target, in->timeout_s);
        goto out;
    }
    if (!waited || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        cli_error("ocloc could not compile for %s (exit status %d)%s", target,
                  waited && WIFEXITED(status) ? WEXITSTATUS(status) : -1, log_empty(log) ? ", and said nothing" : ":");
        show_log(log);
        goto out;
    }
    ok = cli_read_file(bin, data, size);
    if (ok && isa && zeslm_isa_read_dir(dump, isa, n_isa) != ZESLM_OK) {
        cli_error("%s: %s", target, zeslm_last_error());
        ok = false;
    }
    if (ok && listing)
        ok = copy_listings(dump, kernel, listing);
out:
    if (env != environ)
        free(env);
    remove_dir(dir, 1);
    interrupt_resume();
    return ok;
}
