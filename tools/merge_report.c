#include <string.h>

#include "cli.h"
#include "merge_report.h"
#include "peers_report.h"
#include "table.h"

/* "NAME (UUID u, PCI p)" as far as the device says. */
static void identity(const json_t *device, char *buf, size_t len)
{
    const json_t *d = json_object_get(device, "device");
    const char *name = json_string_value(json_object_get(d, "name"));
    const char *uuid = json_string_value(json_object_get(d, "uuid"));
    const char *pci = json_string_value(json_object_get(d, "pci_address"));
    snprintf(buf, len, "%s%s%s%s%s%s", name ? name : "unknown device", uuid || pci ? " (" : "",
             uuid ? "UUID " : "", uuid ? uuid : "", pci ? (uuid ? ", PCI " : "PCI ") : "", pci ? pci : "");
    if (uuid || pci)
        strncat(buf, ")", len - strlen(buf) - 1);
}

static void print_devices(FILE *f, const fleet *fl)
{
    for (size_t k = 0; k < fl->n_devices; k++) {
        char where[300], who[400], line[800];
        fleet_where(fl->devices[k], where, sizeof where);
        identity(fl->devices[k], who, sizeof who);
        char clock[128] = "";
        json_t *mhz = json_object_get(fl->devices[k], "clock_mhz");
        json_t *theirs = json_object_get(fl->devices[k], "peers_clock_mhz");
        if (json_is_true(json_object_get(fl->devices[k], "throttled")))
            snprintf(clock, sizeof clock, "; THROTTLED: clock %.0f MHz, its peers' %.0f MHz", json_number_value(mhz),
                     json_number_value(theirs));
        else if (json_is_number(mhz))
            snprintf(clock, sizeof clock, "; clock %.0f MHz", json_number_value(mhz));
        if (fl->p.scores[k] > 0)
            snprintf(line, sizeof line, "%s: %s: %.2f of the devices' median%s%s", where, who, fl->p.scores[k],
                     fl->p.slow[k] ? ": SLOW, more than 10% below its peers" : "", clock);
        else
            snprintf(line, sizeof line, "%s: %s: no result that another device also measured%s", where, who, clock);
        char lead[32];
        snprintf(lead, sizeof lead, "  d%-4zu", k);
        text_wrap(f, lead, "        ", line, TABLE_WIDTH);
    }
}

static void print_table(FILE *f, const fleet *fl)
{
    size_t n = fl->n_devices;
    table_column cols[n + 4];
    char heads[n ? n : 1][24];
    const char *names[n ? n : 1];
    for (size_t k = 0; k < n; k++) {
        snprintf(heads[k], sizeof heads[k], "d%zu", k);
        names[k] = heads[k];
    }
    table t;
    peers_table(&fl->p, names, &t, cols);
    fprintf(f, "\n=== Every result across the devices: each one's rate, the median and the total\n");
    table_text(f, &t, TABLE_WIDTH);
    if (t.rows == 0)
        fprintf(f, "No device measured a result.\n");
    if (t.failed)
        cli_error("out of host memory");
    table_free(&t);
    char note[256];
    peers_below_note(note, sizeof note);
    text_wrap(f, "", " ", note, TABLE_WIDTH);
}

static void print_hosts(FILE *f, const fleet *fl)
{
    json_t *hosts = json_object_get(fl->doc, "hosts");
    fprintf(f, "\nHosts:\n");
    for (size_t i = 0; i < json_array_size(hosts); i++) {
        json_t *h = json_array_get(hosts, i);
        json_t *low = json_object_get(h, "lowest_score");
        char lowest[48] = "";
        if (json_is_number(low))
            snprintf(lowest, sizeof lowest, ", lowest score %.2f", json_number_value(low));
        fprintf(f, "  %s: %lld device(s), %lld slow, %lld throttled, %lld error(s)%s\n",
                json_string_value(json_object_get(h, "host")), json_integer_value(json_object_get(h, "devices")),
                json_integer_value(json_object_get(h, "slow")), json_integer_value(json_object_get(h, "throttled")),
                json_integer_value(json_object_get(h, "errors")), lowest);
    }
}

static void print_errors(FILE *f, const fleet *fl)
{
    json_t *errors = json_object_get(fl->doc, "errors");
    if (json_array_size(errors))
        fprintf(f, "\nErrors:\n");
    for (size_t i = 0; i < json_array_size(errors); i++) {
        json_t *e = json_array_get(errors, i);
        const char *wl = json_string_value(json_object_get(e, "workload"));
        const char *msg = json_string_value(json_object_get(e, "message"));
        char where[300], line[1024];
        fleet_where(e, where, sizeof where);
        snprintf(line, sizeof line, "%s: %s%s%s", where, wl ? wl : "", wl ? ": " : "", msg ? msg : "unknown error");
        text_wrap(f, "  ", "    ", line, TABLE_WIDTH);
    }
}

void merge_report_text(FILE *f, const fleet *fl)
{
    size_t files = json_array_size(json_object_get(fl->doc, "merged_from"));
    fprintf(f, "%zu device%s on %zu host%s, from %zu file%s; %zu slow, %zu throttled, %zu error%s:\n",
            fl->n_devices, fl->n_devices == 1 ? "" : "s", fl->n_hosts, fl->n_hosts == 1 ? "" : "s", files,
            files == 1 ? "" : "s", fl->n_slow, fl->n_throttled, fl->n_errors, fl->n_errors == 1 ? "" : "s");
    print_devices(f, fl);
    print_table(f, fl);
    print_hosts(f, fl);
    print_errors(f, fl);
    fflush(f);
}
