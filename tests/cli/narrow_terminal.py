#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Output read at any width: on a terminal of 60, 80 and 200 columns (a pseudo-terminal
of that size, COLUMNS unset) and through a pipe with COLUMNS set to each, every row of
`compare --verbose` keeps its ratio, interval and verdict, no line is wider than the
terminal, and what was left out is named; the progress line of a run keeps its time
left ("left ~") in every frame and never reaches the last column (a line that wraps
cannot be rewritten in place).

usage: narrow_terminal.py path/to/ze-slm-bench OLD.json NEW.json"""
import fcntl
import json
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import termios

bench = os.path.abspath(sys.argv[1])
failures = []
# Run where the files are short names: a path is one word, and no width breaks a word.
work = tempfile.mkdtemp()
os.chdir(work)
shutil.copy(sys.argv[2], "old.json")
shutil.copy(sys.argv[3], "new.json")
old, new = "old.json", "new.json"
WIDTHS = (60, 80, 200)


def on_pty(args, cols, env=None):
    """args run with stdout and stderr a terminal of `cols` columns; all it wrote."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(args[0], args, env or os.environ)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace").replace("\r\n", "\n")


# The rows as the JSON has them: each one's ratio, interval and verdict, as the text writes them.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "c.json")
    subprocess.run([bench, "compare", "--verbose", old, new, "--json", path], stdout=subprocess.DEVNULL, check=True)
    rows = json.load(open(path))["rows"]
tested = [r for r in rows if r["ratio"] is not None and r["ci_low"] is not None]
assert tested, "the fixtures have no tested row"
verdicts = {"slower", "faster", "unchanged"}
# "1.052  1.016-1.100  +5.2% slower": the ratio, its interval and the verdict's first
# word on the row's first line (the verdict's second word may go to the next).
row_re = re.compile(r"\s(\d+\.\d{3})\s+(\d+\.\d{3})-(\d+\.\d{3})(?:\s+(?:<0\.001|\d\.\d{3}|-))?"
                    r"\s+(no change|~|[+-]\d+\.\d%)(\s|$)")

env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
for cols in WIDTHS:
    outputs = {"pty": on_pty([bench, "compare", "--verbose", old, new], cols, env)}
    piped = subprocess.run([bench, "compare", "--verbose", old, new], capture_output=True, text=True,
                           env=dict(env, COLUMNS=str(cols)))
    outputs["COLUMNS"] = (piped.returncode, piped.stdout)
    for how, (rc, text) in outputs.items():
        where = f"compare at {cols} columns ({how})"
        if rc != 0:
            failures.append(f"{where}: exit status {rc}")
            continue
        wide = [line for line in text.splitlines() if len(line) > cols]
        if wide:
            failures.append(f"{where}: {len(wide)} lines wider than {cols}: {wide[0]!r}")
        found = [m.groups()[:4] for m in map(row_re.search, text.splitlines()) if m]
        want = [(f"{r['ratio']:.3f}", f"{r['ci_low']:.3f}", f"{r['ci_high']:.3f}") for r in tested]
        got = [g[:3] for g in found]
        if got != want:
            missing = [w for w in want if w not in got]
            failures.append(f"{where}: {len(got)} rows with ratio, interval and verdict, want {len(want)}"
                            f" (first missing: {missing[:1]})")
        if "interval" in text.split("left out to fit")[-1].split("\n")[0]:
            failures.append(f"{where}: the interval was left out")
        if cols < 200 and "left out to fit" not in text:
            failures.append(f"{where}: no line names the columns left out")
        if cols == 200 and "left out to fit" in text:
            failures.append(f"{where}: a column was left out at 200 columns")

# The progress line: workloads of long parameters (occupancy's, latency's), on PoCL.
for cols in WIDTHS:
    rc, text = on_pty([bench, "run", "--quick", "--backend", "cl", "occupancy/slm_sweep,barrier", "latency/slm"],
                      cols, env)
    where = f"progress at {cols} columns"
    if rc != 0:
        failures.append(f"{where}: exit status {rc}: {text[-300:]}")
        continue
    frames = [f.replace("\x1b[K", "") for f in text.split("\r") if "\x1b[K" in f]
    frames = [f for f in frames if f.startswith("[")]
    if not frames:
        failures.append(f"{where}: no progress line")
        continue
    lost = [f for f in frames if not re.search(r"left ~(\?|\d+:\d\d)", f)]
    if lost:
        failures.append(f"{where}: {len(lost)} of {len(frames)} frames without the time left: {lost[0]!r}")
    wide = [f for f in frames if len(f) >= cols]
    if wide:
        failures.append(f"{where}: a frame reaches column {cols}: {wide[0]!r}")
    # The tables and prose around the line fit too.
    rest = re.sub(r"\r\x1b\[K[^\r\n]*", "", text)
    wide = [line for line in rest.splitlines() if len(line) > cols]
    if wide:
        failures.append(f"{where}: {len(wide)} lines of the run's text wider than {cols}: {wide[0]!r}")
    if cols == 200 and not any("elapsed" in f for f in frames):
        failures.append(f"{where}: no frame shows the time so far")

shutil.rmtree(work)
for f in failures:
    print("FAIL:", f)
print("narrow_terminal:", "FAILED" if failures else "ok")
sys.exit(1 if failures else 0)
