#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what ze-slm needs from Debian/Ubuntu (when run as root; otherwise prints
# the apt-get line to run) and builds it into build/.
set -eu
cd "$(dirname "$0")/.."

# python3-pip: scripts/intel-cl.sh fetches Intel's OpenCL runtime for CPUs (the intel-cl
# tests) with `pip download`. mpich, libmpich-dev: `run --mpi` and its tests (the build
# leaves it out where no MPI is found). python3-venv: the reframe test installs ReFrame
# from PyPI into build/reframe. valgrind: the lifetimes tests run under it. hwloc-nox:
# lstopo writes the topology that gives PoCL its second shape (tests/device/pocl_shape.sh).
# abigail-tools: the abi_check test (abidiff against reference/abi/libzeslm.abi). zsh, fish: the
# completion_shells test asks them what the tool's completions offer.
# python3-prometheus-client: fleet_exports parses --openmetrics with its parser. python3-scipy:
# compare's statistics checked against scipy's (compare_stats_scipy). python3-jsonschema: the
# json_schema test validates results documents against share/schema/'s JSON Schema.
pkgs="build-essential cmake pkg-config python3 python3-pip python3-matplotlib python3-scipy libze-dev intel-opencl-icd
ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd spirv-tools libjansson-dev libcmocka-dev libelf-dev libyaml-dev
mpich libmpich-dev python3-venv valgrind libxml2-utils hwloc-nox abigail-tools zsh fish python3-prometheus-client
python3-jsonschema ${ZESLM_EXTRA_PACKAGES:-}"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        # shellcheck disable=SC2086
        apt-get install -y -q --no-install-recommends $missing
        # Open MPI's alternatives outrank MPICH's (50 to 40): installed beside MPICH it
        # would make mpicc and mpirun, and so the MPI that CMake finds, Open MPI's. Where
        # this script installed it (.ci/run asks for it: the openmpi tests), MPICH stays
        # the default, as cluster_mpi needs (Hydra's -disable-auto-cleanup).
        case " $missing " in *" openmpi-bin "* | *" libopenmpi-dev "*)
            update-alternatives --set mpi /usr/bin/mpicc.mpich
            update-alternatives --set mpirun /usr/bin/mpirun.mpich
            multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
            update-alternatives --set "mpi-$multiarch" "/usr/include/$multiarch/mpich"
            ;;
        esac
    else
        echo "ze-slm needs:$missing" >&2
        echo "run: sudo apt-get install -y$missing" >&2
        exit 1
    fi
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo ${ZESLM_CMAKE_ARGS:-}
cmake --build build -j"$(nproc)"
