/* The subcommands of ze-slm-bench; each returns the process exit status. */
#ifndef ZESLM_COMMANDS_H
#define ZESLM_COMMANDS_H

int cmd_devices(int argc, char **argv);
int cmd_limits(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_inspect(int argc, char **argv);

#endif
