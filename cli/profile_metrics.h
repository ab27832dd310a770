/* `profile --metrics`: the hardware counter groups the Level Zero driver offers. */
#ifndef ZESLM_PROFILE_METRICS_H
#define ZESLM_PROFILE_METRICS_H

/* `spec` is "list" or GROUP[,GROUP]; json_path NULL, a file or "-". Returns the exit
 * status: 1 with one line saying what is missing when there are no counters. */
int profile_metrics(const char *spec, const char *json_path, int argc, char **argv);

#endif
