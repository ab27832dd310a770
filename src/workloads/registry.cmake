# SPDX-License-Identifier: MIT
# The registry of workloads, written from the workloads' own files: every
# src/workloads/.../wl_ID.c holds one `BENCH_WORKLOAD(ID, RANK) = {...};`
# (src/core/bench_internal.h), and zeslm_workloads[] lists them by RANK. A workload
# joins by its file alone; what it needs beside it is checked here, so a workload
# without it fails the configure step with the reason:
# - its kernels: kernels/*.cl (found by name, like every kernel; the workloads test
#   checks each variant's file and kernel among the bundled ones, and its cost);
# - its test: tests/workloads/ID.c (a cmocka program on the device, built and run by
#   tests/CMakeLists.txt), or a case of tests/device/test_opencl.c named ID_... .
# Sets ZESLM_WORKLOAD_SOURCES (every .c under src/workloads/), ZESLM_WORKLOADS (the IDs
# in order) and ZESLM_WORKLOADS_C (the generated table).
function(zeslm_workload_registry out_c)
  set(root ${PROJECT_SOURCE_DIR})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${root}/src/workloads/*.c)
  file(GLOB_RECURSE files CONFIGURE_DEPENDS ${root}/src/workloads/wl_*.c)
  file(READ ${root}/tests/device/test_opencl.c opencl_cases)
  set(rows "")
  set(ranks "")
  foreach(file IN LISTS files)
    get_filename_component(stem ${file} NAME_WE)
    string(REGEX REPLACE "^wl_" "" id ${stem})
    file(RELATIVE_PATH rel ${root} ${file})
    file(STRINGS ${file} lines REGEX "^BENCH_WORKLOAD\\(")
    list(LENGTH lines n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "${rel}: ${n} lines `BENCH_WORKLOAD(${id}, RANK) = {` where one is needed")
    endif()
    if(NOT lines MATCHES "^BENCH_WORKLOAD\\(([a-z0-9_]+), *([0-9]+)\\)")
      message(FATAL_ERROR "${rel}: `${lines}` is not `BENCH_WORKLOAD(ID, RANK) = {`")
    endif()
    set(name ${CMAKE_MATCH_1})
    set(rank ${CMAKE_MATCH_2})
    if(NOT name STREQUAL id)
      message(FATAL_ERROR "${rel}: registers `${name}`; a workload's file is wl_ITS_NAME.c")
    endif()
    if(rank IN_LIST ranks)
      message(FATAL_ERROR "${rel}: rank ${rank} is another workload's too")
    endif()
    list(APPEND ranks ${rank})
    if(NOT EXISTS ${root}/tests/workloads/${id}.c AND NOT opencl_cases MATCHES "static void ${id}_[a-z0-9_]+\\(void \\*\\*state\\)")
      message(FATAL_ERROR "${rel}: workload ${id} has no test: tests/workloads/${id}.c, or a case "
        "${id}_... of tests/device/test_opencl.c")
    endif()
    # Sorted as text: the rank zero-padded to 6 digits.
    string(LENGTH "${rank}" width)
    math(EXPR pad "6 - ${width}")
    string(REPEAT "0" ${pad} zeros)
    list(APPEND rows "${zeros}${rank}:${id}")
  endforeach()
  list(SORT rows)
  set(ids "")
  foreach(row IN LISTS rows)
    string(REGEX REPLACE "^[0-9]+:" "" id ${row})
    list(APPEND ids ${id})
  endforeach()
  set(decls "")
  set(items "")
  foreach(id IN LISTS ids)
    string(APPEND decls "extern const zeslm_workload zeslm_workload_${id};\n")
    string(APPEND items "    &zeslm_workload_${id},\n")
  endforeach()
  file(CONFIGURE OUTPUT ${out_c} CONTENT "/* Written by src/workloads/registry.cmake from src/workloads/.../wl_*.c. */
#include <zeslm/bench.h>

${decls}
const zeslm_workload *const zeslm_workloads[] = {
${items}};
const size_t zeslm_workload_count = sizeof zeslm_workloads / sizeof zeslm_workloads[0];
")
  set(ZESLM_WORKLOAD_SOURCES ${sources} PARENT_SCOPE)
  set(ZESLM_WORKLOADS ${ids} PARENT_SCOPE)
endfunction()
