#!/bin/sh
# SPDX-License-Identifier: MIT
# Every source file carries an SPDX-License-Identifier line in its first three lines
# (LICENSE says which licence): C, OpenCL C and CUDA, Python, shell, CMake, the
# templates of the pkg-config and CMake package files, ze-slm-plot and .ci/run. Test
# inputs (tests/fixtures/, the fuzz corpus), results/ and build folders are data, not
# sources. Third-party code kept as it comes (a vendor/ folder) carries its own licence
# instead: its LICENSE file beside it. Usage: spdx.sh SOURCE_DIR
set -eu
root=$1
cd "$root"
missing=$(find . \( -path './build*' -o -path './results' -o -path './tests/fixtures' -o -path './tests/fuzz/corpus' \
          -o -path './.git' -o -path '*/vendor/*' \) -prune -o -type f \
    \( -name '*.c' -o -name '*.h' -o -name '*.cl' -o -name '*.cu' -o -name '*.cpp' -o -name '*.py' -o -name '*.sh' \
       -o -name '*.cmake' -o -name CMakeLists.txt -o -name ze-slm-plot -o -name '*.pc.in' -o -name '*.cmake.in' \
       -o -path ./.ci/run \) -print |
    while read -r f; do
        head -n 3 "$f" | grep -q 'SPDX-License-Identifier: ' || echo "$f"
    done | sort)
unlicensed=$(find . \( -path './build*' -o -path './.git' \) -prune -o -type d -path '*/vendor/*' -prune -print |
    while read -r d; do [ -f "$d/LICENSE" ] || echo "$d"; done | sort)
if [ -n "$unlicensed" ]; then
    echo "no LICENSE file in the vendored folder:" >&2
    echo "$unlicensed" >&2
    exit 1
fi
if [ -n "$missing" ]; then
    echo "no SPDX-License-Identifier line in the first three lines of:" >&2
    echo "$missing" >&2
    exit 1
fi
echo "every source names its licence"
