/* SPDX-License-Identifier: MIT */
/* nanosleep, _exit: POSIX beyond the C standard. */
#define _POSIX_C_SOURCE 200809L

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "io/json_write.h"
#include "render/run_render.h"
#include "render/verdicts_render.h"
#include "fleet/confirm.h"
#include "fleet/run_fleet.h"
#include "io/output.h"
#include "json/run_doc_json.h"
#include "model/run_doc.h"
#include "run/run_fanout.h"
#include "run/run_mpi.h"
#include "run/ticker.h"

enum { TAG_HEAD = 2009, TAG_TEXT, TAG_PLAN };

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

/* MPI_Init with --mpi-wait as its bound: a rank that dies before its MPI_Init returns
 * leaves the others waiting inside theirs (Hydra's PMI barrier, Open MPI's PMIx fence)
 * for ever, since the launcher keeps them running when it was told to (-disable-auto-
 * cleanup, --enable-recovery). A ticker whose first tick comes once the wait is over
 * ends the process. */
static void give_up(void *arg)
{
    cli_error("MPI_Init did not return within %.0f s (--mpi-wait): a rank died or did not start; giving up",
              *(const double *)arg);
    fflush(stderr);
    _exit(1);
}

/* Returns 0 once MPI_Init returned success, else its error's exit status; or ends
 * the process (give_up). */
static int init_bounded(double wait_s)
{
    ticker watch;
    if (!ticker_start(&watch, wait_s, give_up, &wait_s))
        return cli_error("cannot start the wait for MPI_Init");
    int rc = MPI_Init(NULL, NULL) == MPI_SUCCESS ? 0 : cli_error("MPI_Init failed");
    ticker_stop(&watch);
    return rc;
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

/* What a rank keeps of its run: the lock step, and its document: rank 0 the document
 * itself (`own`, once `kept`), every other rank its JSON text for rank 0. */
typedef struct rank_run {
    lockstep ls;
    run_doc own;
    bool kept;
    char *text;
} rank_run;

/* The text of a document as run_doc_json writes it (NULL when out of memory). */
static char *document_text(const run_doc *doc)
{
    json_t *json = run_doc_json(doc);
    char *text = json ? json_write_text(json) : NULL;
    json_decref(json);
    return text;
}

/* take_document: rank 0 keeps the document as it is, never through JSON text; the
 * others its text. */
static void keep_document(void *arg, run_doc *doc)
{
    rank_run *rr = arg;
    if (rr->ls.rank == 0) {
        rr->own = *doc;
        memset(doc, 0, sizeof *doc);
        rr->kept = true;
    } else {
        rr->text = document_text(doc);
    }
}

/* before_workload: the barrier. */
static void before_workload(void *arg)
{
    barrier(&((rank_run *)arg)->ls);
}

/* A document of a rank that ran nothing: its error alone (status "RANK_NOT_RUN", a
 * device that did not open; "RANK_LOST", a rank that sent nothing). */
static void error_doc(run_doc *doc, const run_cli *o, int rank, const char *host, const char *status,
                      const char *message, int argc, char **argv)
{
    run_doc_init(doc, output_document(argc, argv), &o->run);
    json_object_set_new(doc->head, "host", json_string(host));
    run_doc_open_error(doc, -1, "", host, rank, status, message);
}

/* This rank's document (rank 0's in rr->own, the others' as text): its run's, else
 * one of its error. Returns false when out of memory. */
static bool own_document(rank_run *rr, const run_cli *o, int rc, int rank, const char *host, int argc, char **argv)
{
    if (rr->kept || rr->text)
        return true;
    char message[512];
    snprintf(message, sizeof message, "rank %d ended with exit status %d before it wrote results: %s", rank, rc,
             zeslm_last_error());
    run_doc doc;
    error_doc(&doc, o, rank, host, "RANK_NOT_RUN", message, argc, argv);
    keep_document(rr, &doc);
    if (doc.head)
        run_doc_free(&doc);
    return rr->kept || rr->text;
}

/* Rank 0: every other rank's document text and exit status, until all came or the
 * wait is over. texts[r] stays NULL for a rank that sent nothing. */
static void gather(int size, double wait_s, char **texts, int *rcs)
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
        char *text = head[0] > 0 && head[0] < (1LL << 31) ? malloc((size_t)head[0] + 1) : NULL;
        /* The text is received even when it cannot be kept, so the sender finishes. */
        MPI_Request req;
        char sink;
        MPI_Irecv(text ? text : &sink, text ? (int)head[0] : 0, MPI_CHAR, from, TAG_TEXT, MPI_COMM_WORLD, &req);
        bool came = wait_until(&req, deadline);
        rcs[from] = (int)head[1];
        if (came && text) {
            text[head[0]] = '\0';
            texts[from] = text;
        } else {
            free(text);
        }
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

/* The verdicts' options of rank 0, the same for the first judgement and the last. */
static verdict_opts fleet_opts(const run_cli *o, int size)
{
    return (verdict_opts){.slow_below = VERDICT_SLOW_BELOW, .low_below = VERDICT_LOW_BELOW, .expect = size,
                          .fail_on = o->fail_on, .expect_gpus = o->expect_gpus,
                          .ranks_per_device = o->ranks_per_device, .min_peers = o->min_peers};
}

/* Rank 0: its own document (`own`, taken) in docs[0] and every other rank's read back
 * (run_doc_parse), or an error document of a rank that sent nothing; sources[r] "rank
 * r" (in names). rcs[r] 1 for a rank lost. */
static void read_ranks(const run_cli *o, run_doc *own, char **texts, int *rcs, int size, const char (*hosts)[HOST_LEN],
                       run_doc *docs, char (*names)[32], char **sources, int argc, char **argv)
{
    docs[0] = *own;
    memset(own, 0, sizeof *own);
    for (int r = 0; r < size; r++) {
        char why[256] = "it sent nothing", message[512];
        if (r > 0 && (!texts[r] || run_doc_parse(texts[r], strlen(texts[r]), &docs[r], why, sizeof why))) {
            snprintf(message, sizeof message, "rank %d sent no results within %.0f s (%s): it died or hung", r,
                     o->mpi_wait_s, why);
            error_doc(&docs[r], o, r, hosts[r], "RANK_LOST", message, argc, argv);
            rcs[r] = 1;
        }
        snprintf(names[r], sizeof names[r], "rank %d", r);
        sources[r] = names[r];
    }
}

/* Rank 0: the ranks' documents merged, written through the output plan of --json, --csv
 * and --markdown, judged (`confirm`: the devices measured again; NULL none). Returns the
 * exit status. */
static int write_fleet(const run_cli *o, run_doc *docs, char **sources, const int *rcs, int size,
                       const confirm_set *confirm, int argc, char **argv)
{
    run_doc merged = {0};
    int rc = 0;
    for (int r = 0; r < size; r++)
        rc = rcs[r] > rc ? rcs[r] : rc;
    output_plan plan;
    int mine = output_plan_init(&plan, o->json, o->csv, o->markdown);
    if (!mine && !run_doc_merge(&merged, docs, sources, (size_t)size, output_document(argc, argv)))
        mine = cli_error("out of host memory");
    /* The fleet's verdicts set the status, as merge's do (a lost rank is an ERROR);
     * an interrupt stays 128 + its signal. */
    verdict_opts vo = fleet_opts(o, size);
    vo.confirm = confirm;
    if (!mine)
        mine = verdicts_render(&plan, &merged, &vo, NULL);
    if (merged.head)
        run_doc_free(&merged);
    return rc > 128 ? rc : mine;
}

/* Rank 0: the devices of the first pass that a confirmation measures again (none where
 * a rank was lost: its barriers cannot be met). False when out of memory. */
static bool accused(const run_cli *o, const run_doc *docs, char *const *sources, int size, bool lost,
                    confirm_set *set)
{
    memset(set, 0, sizeof *set);
    if (o->no_confirm || lost)
        return true;
    fleet f = {0};
    verdicts v = {0};
    verdict_opts vo = fleet_opts(o, size);
    bool ok = fleet_init(&f);
    for (int r = 0; ok && r < size; r++)
        ok = fleet_add_doc(&f, &docs[r], sources[r]);
    if (ok) {
        fleet_sort(&f);
        ok = fleet_mark_duplicates(&f) && fleet_mark_shared(&f) && verdicts_compute(&f, &vo, &v) &&
             confirm_select(&f, &v, vo.slow_below, set);
    }
    verdicts_free(&v);
    if (f.keys)
        fleet_free(&f);
    return ok;
}

/* The confirmation (fleet/confirm.h), a step every live rank takes whatever it has to do:
 * rank 0 sends each the plan (plan[i]: choices[i] is measured again; plan[n]: any is),
 * every rank measures those in lock step, the ranks not accused too (the accused then
 * meet the load they met the first time), and sends its document; rank 0 puts the
 * accused ranks' second results in their documents (docs; `second` keeps what they point
 * at). Each wait is bounded by --mpi-wait; a rank that misses one is lost, as in the
 * first pass. */
static void confirm_pass(run_cli *o, rank_run *rr, const run_choice *choices, size_t n, int size, const char *me,
                         run_doc *docs, run_doc *second, confirm_set *set, char **texts, int argc, char **argv)
{
    int rank = rr->ls.rank;
    int *plan = calloc(n + 1, sizeof *plan);
    run_choice *again = calloc(n ? n : 1, sizeof *again);
    int *rcs = calloc((size_t)size, sizeof *rcs);
    if (!plan || !again || !rcs) {
        cli_error("rank %d: out of host memory: no confirmation", rank);
        rr->ls.lost = true;
        goto out;
    }
    for (size_t i = 0; rank == 0 && !rr->ls.lost && i < n; i++)
        plan[n] |= plan[i] = set->n > 0 && confirm_has_workload(set, choices[i].wl->name);
    double deadline = now_s() + o->mpi_wait_s;
    if (rank == 0) {
        for (int r = 1; r < size; r++) {
            MPI_Request req;
            if (texts[r] && (MPI_Isend(plan, (int)n + 1, MPI_INT, r, TAG_PLAN, MPI_COMM_WORLD, &req) != MPI_SUCCESS ||
                             !wait_until(&req, deadline)))
                rr->ls.lost = true;
        }
    } else {
        MPI_Request req;
        if (MPI_Irecv(plan, (int)n + 1, MPI_INT, 0, TAG_PLAN, MPI_COMM_WORLD, &req) != MPI_SUCCESS ||
            !wait_until(&req, deadline)) {
            cli_error("rank %d: rank 0 sent no confirmation plan within %.0f s", rank, o->mpi_wait_s);
            rr->ls.lost = true;
        }
    }
    if (rr->ls.lost || !plan[n])
        goto out;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (plan[i])
            again[m++] = choices[i];
    if (rank == 0)
        printf("\nConfirming: %zu device%s below a FAIL floor, every rank measures %zu workload%s again.\n", set->n,
               set->n == 1 ? "" : "s", m, m == 1 ? "" : "s");
    /* The second pass writes no rank file: the first pass's is the rank's record. */
    const char *json = o->json;
    o->json = NULL;
    rr->ls.barriers = 0;
    rr->kept = false;
    free(rr->text);
    rr->text = NULL;
    int own = run_cli_execute(o, again, m, argc, argv);
    o->json = json;
    while (rr->ls.barriers < m && !rr->ls.lost)
        barrier(&rr->ls);
    if (!own_document(rr, o, own, rank, me, argc, argv)) {
        cli_error("rank %d: out of host memory", rank);
        goto out;
    }
    if (rank != 0) {
        if (!send_own(rr->text, own, o->mpi_wait_s)) {
            rr->ls.lost = true;
            cli_error("rank %d: rank 0 did not take its second results within %.0f s", rank, o->mpi_wait_s);
        }
        goto out;
    }
    second[0] = rr->own;
    memset(&rr->own, 0, sizeof rr->own);
    char **texts2 = calloc((size_t)size, sizeof *texts2);
    if (!texts2)
        goto out;
    gather(size, o->mpi_wait_s, texts2, rcs);
    for (size_t k = 0; k < set->n; k++) {
        confirm_device *c = &set->devices[k];
        int r = (int)c->rank;
        char why[256];
        if (r < 0 || r >= size || (r > 0 && (!texts2[r] || run_doc_parse(texts2[r], strlen(texts2[r]), &second[r], why,
                                                                           sizeof why))))
            continue;
        c->measured = docs[r].n_devices > 0 && second[r].n_devices > 0 &&
                      confirm_replace(&docs[r].devices[0], &second[r].devices[0]) > 0;
    }
    for (int r = 0; r < size; r++) {
        rr->ls.lost |= !texts2[r] && r > 0;
        free(texts2[r]);
    }
    free(texts2);
out:
    free(plan);
    free(again);
    free(rcs);
}

int run_mpi_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv)
{
    const char *out = o->json;
    if (out && out[0] && out[strlen(out) - 1] == '/')
        return cli_usage_error("--mpi: --json names one file (DIR/ is for ranks that write a file each)");
    if (cli_device_several(o->dev.device))
        return cli_usage_error("--mpi: one device a rank (start a rank per device)");
    int rank = 0, size = 1;
    int init = init_bounded(o->mpi_wait_s);
    if (init)
        return init;
    /* A rank that dies must not take the others' calls down with an abort. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    rank_run rr = {.ls = {.wait_s = o->mpi_wait_s, .rank = rank}};
    char (*hosts)[HOST_LEN] = calloc((size_t)size, HOST_LEN);
    char **texts = calloc((size_t)size, sizeof *texts);
    int *rcs = calloc((size_t)size, sizeof *rcs), rc = 0;
    /* Rank 0: the ranks' documents, their second measurements, their names. */
    run_doc *docs = NULL, *second = NULL;
    char (*names)[32] = NULL;
    char **sources = NULL;
    confirm_set set = {0};
    if (!hosts || !texts || !rcs) {
        rc = cli_error("out of host memory");
        goto out;
    }
    /* The name each rank's own document gives its node (rank_detect: Slurm's node
     * name under srun), for the error entry of a rank that sends nothing. */
    char me[HOST_LEN] = "", why[256];
    rank_info mine;
    bool known = rank_detect(getenv, &mine, why, sizeof why);
    snprintf(me, sizeof me, "%s", known ? mine.host : "unknown-host");
    /* An MPI that did not reach the launcher's process manager (srun without
     * --mpi=pmi2, or MPICH's library under srun --mpi=pmix, which it does not speak)
     * starts each process alone: every one would be rank 0 of 1 and write --json. */
    if (known && mine.launcher && mine.size > 0 && mine.size != size) {
        rc = cli_error("--mpi: MPI sees %d process%s where %s started %ld: this MPI did not reach the launcher "
                       "(under srun: --mpi=pmi2; else a tool built against the launcher's MPI)",
                       size, size == 1 ? "" : "es", mine.launcher, mine.size);
        goto out;
    }
    MPI_Request req;
    if (MPI_Iallgather(me, HOST_LEN, MPI_CHAR, hosts, HOST_LEN, MPI_CHAR, MPI_COMM_WORLD, &req) != MPI_SUCCESS ||
        !wait_until(&req, now_s() + o->mpi_wait_s)) {
        rr.ls.lost = true;
        for (int r = 0; r < size; r++)
            snprintf(hosts[r], HOST_LEN, "%s", r == rank ? me : "unknown host");
    }
    /* The tables of rank 0 alone: the others' results are in the document. */
    if (rank != 0 && !freopen("/dev/null", "w", stdout))
        rc = cli_error("rank %d: cannot silence standard output", rank);
    o->before_workload = before_workload;
    o->take_document = keep_document;
    o->hook_ctx = &rr;
    /* --rank-files DIR: this rank's own run writes DIR/HOST-RANK.json as it goes (the
     * srun route's file), and rank 0 the merged --json at the end. */
    const char *merged_json = o->json;
    char dir[4096];
    if (o->rank_files) {
        size_t len = strlen(o->rank_files);
        if (snprintf(dir, sizeof dir, "%s%s", o->rank_files, len && o->rank_files[len - 1] == '/' ? "" : "/") >=
            (int)sizeof dir) {
            rc = cli_usage_error("--rank-files %s: the path is too long", o->rank_files);
            goto out;
        }
        if (rank == 0 && merged_json && (rc = output_check(merged_json, o->csv, o->markdown)) != 0)
            goto out;
        o->json = dir;
    }
    int own = run_cli_execute(o, choices, n, argc, argv);
    o->json = merged_json;
    /* A rank that stopped early (its device did not open, a workload failed) still
     * meets the others at each barrier. */
    while (rr.ls.barriers < n && !rr.ls.lost)
        barrier(&rr.ls);
    if (!own_document(&rr, o, own, rank, me, argc, argv)) {
        rc = cli_error("out of host memory");
        goto out;
    }
    if (rank == 0) {
        rcs[0] = own;
        gather(size, o->mpi_wait_s, texts, rcs);
        for (int r = 1; r < size; r++)
            rr.ls.lost |= !texts[r];
        if (!(docs = calloc((size_t)size, sizeof *docs)) || !(second = calloc((size_t)size, sizeof *second)) ||
            !(names = calloc((size_t)size, sizeof *names)) || !(sources = calloc((size_t)size, sizeof *sources))) {
            rc = cli_error("out of host memory");
            goto out;
        }
        read_ranks(o, &rr.own, texts, rcs, size, (const char(*)[HOST_LEN])hosts, docs, names, sources, argc, argv);
        if (!accused(o, docs, sources, size, rr.ls.lost, &set)) {
            rc = cli_error("out of host memory");
            goto out;
        }
    } else {
        /* Once rank 0 has them, its exit status speaks for this rank: a launcher
         * ends every rank when one exits with an error. */
        rc = 0;
        if (!send_own(rr.text, own, o->mpi_wait_s)) {
            rr.ls.lost = true;
            rc = own ? own : 1;
            cli_error("rank %d: rank 0 did not take its results within %.0f s", rank, o->mpi_wait_s);
        }
    }
    /* Rank 0 takes the step even with a rank lost: the live ranks wait for its word. */
    if (!o->no_confirm && (rank == 0 || !rr.ls.lost))
        confirm_pass(o, &rr, choices, n, size, me, docs, second, &set, texts, argc, argv);
    if (rank == 0)
        rc = write_fleet(o, docs, sources, rcs, size, &set, argc, argv);
out:
    for (int r = 0; r < size; r++) {
        if (docs && docs[r].head)
            run_doc_free(&docs[r]);
        if (second && second[r].head)
            run_doc_free(&second[r]);
    }
    free(docs);
    free(second);
    free(names);
    free(sources);
    confirm_free(&set);
    if (rr.own.head)
        run_doc_free(&rr.own);
    free(rr.text);
    for (int r = 0; texts && r < size; r++)
        free(texts[r]);
    free(texts);
    free(rcs);
    free(hosts);
    fflush(stdout);
    fflush(stderr);
    /* With a rank gone, MPI_Finalize may wait for it for ever: leave without it. */
    if (rr.ls.lost)
        _exit(rc);
    MPI_Finalize();
    return rc;
}
