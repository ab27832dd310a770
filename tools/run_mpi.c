/* mkstemp, nanosleep, fileno: POSIX beyond the C standard. */
#define _POSIX_C_SOURCE 200809L

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "merge.h"
#include "merge_report.h"
#include "output.h"
#include "rank.h"
#include "run_mpi.h"

enum { TAG_HEAD = 2009, TAG_TEXT };

/* Host names are exchanged once at the start: a rank that dies later is still named. */
#define HOST_LEN 256

typedef struct lockstep {
    double wait_s;
    int rank;
    size_t barriers;
    bool lost; /* a barrier was missed: no more barriers (the missing rank may be dead) */
} lockstep;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Waits for `req` until `deadline` (now_s), polling every millisecond. */
static bool wait_until(MPI_Request *req, double deadline)
{
    for (;;) {
        int done = 0;
        if (MPI_Test(req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            return false;
        if (done)
            return true;
        if (now_s() > deadline)
            return false;
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
}

/* The barrier before each workload (run_cli's before_workload). */
static void barrier(void *arg)
{
    lockstep *ls = arg;
    if (ls->lost)
        return;
    MPI_Request req;
    ls->barriers++;
    if (MPI_Ibarrier(MPI_COMM_WORLD, &req) != MPI_SUCCESS || !wait_until(&req, now_s() + ls->wait_s)) {
        ls->lost = true;
        cli_error("rank %d: the other ranks did not reach barrier %zu within %.0f s; going on without lock step",
                  ls->rank, ls->barriers, ls->wait_s);
    }
}

/* A document for a rank that has none: its run ended before it wrote results (its
 * device did not open), or it sent nothing (it died). */
static json_t *error_doc(int rank, const char *host, const char *status, const char *message, int argc,
                         char **argv)
{
    json_t *doc = output_document(argc, argv), *errors = json_array(), *e = json_object();
    json_object_set_new(doc, "host", json_string(host));
    rank_info r = {.rank = rank, .local_rank = -1};
    snprintf(r.host, sizeof r.host, "%s", host);
    snprintf(r.device_choice, sizeof r.device_choice, "unknown");
    json_object_set_new(doc, "rank", rank_json(&r));
    json_object_set_new(doc, "complete", json_false());
    json_object_set_new(e, "status", json_string(status));
    json_object_set_new(e, "message", json_string(message));
    json_array_append_new(errors, e);
    json_object_set_new(doc, "errors", errors);
    return doc;
}

/* This rank's document as text: the file its run wrote, else an error document. */
static char *own_text(const char *path, int rc, int rank, const char *host, int argc, char **argv)
{
    unsigned char *text = NULL;
    size_t len = 0;
    FILE *f = fopen(path, "rb");
    if (f) {
        fclose(f);
        if (cli_read_file(path, &text, &len) && len > 0)
            return (char *)text;
        free(text);
    }
    char message[512];
    snprintf(message, sizeof message, "rank %d ended with exit status %d before it wrote results: %s", rank, rc,
             zeslm_last_error());
    json_t *doc = error_doc(rank, host, "RANK_NOT_RUN", message, argc, argv);
    char *dumped = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    return dumped;
}

/* Rank 0: every other rank's document and exit status, until all came or the wait is
 * over. docs[r] stays NULL for a rank that sent nothing. */
static void gather(int size, double wait_s, json_t **docs, int *rcs)
{
    double deadline = now_s() + wait_s;
    for (int got = 1; got < size && now_s() <= deadline;) {
        int flag = 0;
        MPI_Status st;
        if (MPI_Iprobe(MPI_ANY_SOURCE, TAG_HEAD, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS)
            break;
        if (!flag) {
            nanosleep(&(struct timespec){0, 1000000}, NULL);
            continue;
        }
        long long head[2];
        int from = st.MPI_SOURCE;
        MPI_Recv(head, 2, MPI_LONG_LONG, from, TAG_HEAD, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        char *text = head[0] > 0 && head[0] < (1LL << 31) ? malloc((size_t)head[0]) : NULL;
        /* The text is received even when it cannot be kept, so the sender finishes. */
        MPI_Request req;
        char sink;
        MPI_Irecv(text ? text : &sink, text ? (int)head[0] : 0, MPI_CHAR, from, TAG_TEXT, MPI_COMM_WORLD, &req);
        bool came = wait_until(&req, deadline);
        rcs[from] = (int)head[1];
        if (came && text)
            docs[from] = json_loadb(text, (size_t)head[0], 0, NULL);
        free(text);
        got++;
    }
}

/* The other ranks: their document and exit status to rank 0. */
static bool send_own(const char *text, int rc, double wait_s)
{
    long long head[2] = {(long long)strlen(text), rc};
    MPI_Request req[2];
    double deadline = now_s() + wait_s;
    MPI_Isend(head, 2, MPI_LONG_LONG, 0, TAG_HEAD, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(text, (int)head[0], MPI_CHAR, 0, TAG_TEXT, MPI_COMM_WORLD, &req[1]);
    return wait_until(&req[0], deadline) && wait_until(&req[1], deadline);
}

/* Rank 0: the one document of every rank, its text, and the exit status. */
static int write_fleet(const run_cli *o, const char *out, json_t **docs, int *rcs, int size,
                       const char (*hosts)[HOST_LEN], int argc, char **argv)
{
    merge_input *in = calloc((size_t)size, sizeof *in);
    char (*names)[32] = calloc((size_t)size, sizeof *names);
    int rc = 0;
    if (!in || !names) {
        free(in);
        free(names);
        return cli_error("out of host memory");
    }
    for (int r = 0; r < size; r++) {
        if (!docs[r]) {
            char message[256];
            snprintf(message, sizeof message, "rank %d sent no results within %.0f s: it died or hung", r,
                     o->mpi_wait_s);
            docs[r] = error_doc(r, hosts[r], "RANK_LOST", message, argc, argv);
            rcs[r] = 1;
        }
        snprintf(names[r], sizeof names[r], "rank %d", r);
        in[r] = (merge_input){docs[r], names[r]};
        rc = rcs[r] > rc ? rcs[r] : rc;
    }
    fleet f;
    char why[512];
    if (fleet_build(in, (size_t)size, output_document(argc, argv), &f, why, sizeof why)) {
        rc = cli_error("run --mpi: %s", why);
    } else {
        merge_report_text(output_text_stream(out, NULL, NULL), &f);
        if (out && output_json(f.doc, out))
            rc = 1;
        if (f.n_errors && rc == 0)
            rc = 1;
    }
    fleet_free(&f);
    free(in);
    free(names);
    return rc;
}

int run_mpi_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv)
{
    if (o->csv || o->markdown)
        return cli_usage_error("--mpi: writes --json only (merge the document, or run without --mpi for CSV)");
    const char *out = o->json;
    if (out && out[0] && out[strlen(out) - 1] == '/')
        return cli_usage_error("--mpi: --json names one file (DIR/ is for ranks that write a file each)");
    int rank = 0, size = 1;
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS)
        return cli_error("MPI_Init failed");
    /* A rank that dies must not take the others' calls down with an abort. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    lockstep ls = {.wait_s = o->mpi_wait_s, .rank = rank};
    char (*hosts)[HOST_LEN] = calloc((size_t)size, HOST_LEN);
    json_t **docs = calloc((size_t)size, sizeof *docs);
    int *rcs = calloc((size_t)size, sizeof *rcs), rc = 0;
    char path[64] = "";
    if (!hosts || !docs || !rcs) {
        rc = cli_error("out of host memory");
        goto out;
    }
    char me[HOST_LEN] = "";
    if (gethostname(me, sizeof me - 1) != 0)
        snprintf(me, sizeof me, "unknown-host");
    MPI_Request req;
    if (MPI_Iallgather(me, HOST_LEN, MPI_CHAR, hosts, HOST_LEN, MPI_CHAR, MPI_COMM_WORLD, &req) != MPI_SUCCESS ||
        !wait_until(&req, now_s() + o->mpi_wait_s)) {
        ls.lost = true;
        for (int r = 0; r < size; r++)
            snprintf(hosts[r], HOST_LEN, "%s", r == rank ? me : "unknown host");
    }
    /* Each rank's own document goes to a file of its own first, as run writes it. */
    const char *tmp = getenv("TMPDIR");
    snprintf(path, sizeof path, "%.40s/ze-slm-rank-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        rc = cli_error("run --mpi: cannot create a file in %s", tmp && *tmp ? tmp : "/tmp");
        path[0] = '\0';
        goto out;
    }
    close(fd);
    /* The tables of rank 0 alone: the others' results are in the document. */
    if (rank != 0 && !freopen("/dev/null", "w", stdout))
        rc = cli_error("rank %d: cannot silence standard output", rank);
    o->json = path;
    o->before_workload = barrier;
    o->hook_ctx = &ls;
    int own = run_cli_execute(o, choices, n, argc, argv);
    /* A rank that stopped early (its device did not open, a workload failed) still
     * meets the others at each barrier. */
    while (ls.barriers < n && !ls.lost)
        barrier(&ls);
    char *text = own_text(path, own, rank, me, argc, argv);
    if (!text) {
        rc = cli_error("out of host memory");
        goto out;
    }
    if (rank == 0) {
        docs[0] = json_loads(text, 0, NULL);
        rcs[0] = own;
        gather(size, o->mpi_wait_s, docs, rcs);
        rc = write_fleet(o, out, docs, rcs, size, (const char(*)[HOST_LEN])hosts, argc, argv);
        for (int r = 1; r < size; r++)
            ls.lost |= rcs[r] != 0 && !json_is_true(json_object_get(docs[r], "complete")) &&
                       json_object_get(docs[r], "device") == NULL;
    } else {
        /* Once rank 0 has them, its exit status speaks for this rank: a launcher
         * ends every rank when one exits with an error. */
        rc = 0;
        if (!send_own(text, own, o->mpi_wait_s)) {
            ls.lost = true;
            rc = own ? own : 1;
            cli_error("rank %d: rank 0 did not take its results within %.0f s", rank, o->mpi_wait_s);
        }
    }
    free(text);
out:
    if (path[0])
        remove(path);
    for (int r = 0; docs && r < size; r++)
        json_decref(docs[r]);
    free(docs);
    free(rcs);
    free(hosts);
    fflush(stdout);
    fflush(stderr);
    /* With a rank gone, MPI_Finalize may wait for it for ever: leave without it. */
    if (ls.lost)
        _exit(rc);
    MPI_Finalize();
    return rc;
}
