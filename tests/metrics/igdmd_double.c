/* TEST DOUBLE, not Intel's library: an empty libigdmd.so.1 that only lets
 * `profile --metrics` get past its check that the metrics library loads, so that the
 * real GPU driver (with no GPU) is asked for metrics as it would be on a machine with
 * Intel's metrics-discovery installed. The driver finds none of the library's entry
 * points: it fails zeInit (tgllp, dg1, ...) or segfaults (pvc), and the tool must say
 * so in one line, unharmed. */
int zeslm_igdmd_test_double;
