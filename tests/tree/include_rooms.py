#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The folders (rooms) of src/ and tools/ze-slm-bench/ form no circle, none holds more
than 4000 lines of C, and the tool's model (the run document's types and their lifetime)
includes no room that reads or writes files.

Reads the `#include "..."` lines of every .c and .h file, resolves each to a file of the
tree (beside the includer, then under the root's include folders, then by its name alone
where one file of the root has it: src/ is built with its folders on the include path),
and draws an arrow from the includer's folder to the included file's. A circle of arrows
is printed with the include line behind each arrow, and fails the test, as does a room
over the limit. Usage: include_rooms.py SOURCE_DIR
"""
import os
import re
import sys

ROOTS = ("src", "tools/ze-slm-bench")
MAX_LINES = 4000  # a room a reader takes in at one sitting (STYLE.md: small rooms)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


VENDOR = "vendor"
# Rooms that may not include another: the model does no I/O (docs/architecture.md).
FORBIDDEN = {"tools/ze-slm-bench/model": ("tools/ze-slm-bench/io", "tools/ze-slm-bench/json",
                                          "tools/ze-slm-bench/render")}


def sources(top):
    for folder, subs, names in os.walk(top):
        subs[:] = [d for d in subs if d != VENDOR]
        for name in sorted(names):
            if name.endswith((".c", ".h")):
                yield os.path.join(folder, name)


def resolve(top, includer, name, by_name):
    for base in (os.path.dirname(includer), top, "include"):
        path = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(path):
            return path
    found = by_name.get(os.path.basename(name), [])
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        sys.exit(f"{includer}: #include \"{name}\" could be any of {', '.join(found)}")
    return None  # a header of the build tree or of a package: outside the rooms


def find_cycle(edges):
    """A list of folders [a, b, ..., a] going round, or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, {})):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: include_rooms.py SOURCE_DIR")
    os.chdir(sys.argv[1])
    failed = False
    for top in ROOTS:
        if not os.path.isdir(top):
            sys.exit(f"no folder {top} under {sys.argv[1]}")
        files = list(sources(top))
        by_name = {}
        for f in files:
            by_name.setdefault(os.path.basename(f), []).append(f)
        edges = {}  # folder -> {folder: "file: #include line"}
        lines = {}
        for f in files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            room = os.path.dirname(f)
            lines[room] = lines.get(room, 0) + text.count("\n")
            for name in INCLUDE.findall(text):
                target = resolve(top, f, name, by_name)
                if target and target.startswith(top + os.sep) and VENDOR not in target.split(os.sep):
                    to = os.path.dirname(target)
                    if to != room:
                        edges.setdefault(room, {}).setdefault(to, f"{f}: #include \"{name}\"")
        for room, tos in sorted(edges.items()):
            for to, why in sorted(tos.items()):
                if to in FORBIDDEN.get(room, ()):
                    failed = True
                    print(f"{room}/ includes {to}/, which it may not: {why}", file=sys.stderr)
        cycle = find_cycle(edges)
        if cycle:
            failed = True
            print(f"folders of {top}/ include each other in a circle: {' -> '.join(cycle)}", file=sys.stderr)
            for a, b in zip(cycle, cycle[1:]):
                print(f"  {a} -> {b}: {edges[a][b]}", file=sys.stderr)
        for room, n in sorted(lines.items()):
            if n > MAX_LINES:
                failed = True
                print(f"{room}/ holds {n} lines of C, more than {MAX_LINES}: split it by concern", file=sys.stderr)
        print(f"{top}/: {len(lines)} rooms, {sum(len(v) for v in edges.values())} arrows between them")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
