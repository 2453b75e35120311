#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz/ into build/fuzz/ with clang++, through CMake
# (CMakeLists.txt, option LINATTN_FUZZ): the core library target once, with coverage for the
# fuzzer and ASan + UBSan, and one executable per tests/fuzz/fuzz_*.cpp linked against it.
# Eigen's own assertions stay on (no EIGEN_NO_DEBUG, no NDEBUG), so a size mismatch inside Eigen is
# a crash too. Incremental. Usage: bash tests/fuzz/build.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/fuzz
CXX=${CXX_FUZZ:-clang++}
mkdir -p "$out"
if ! cmake -S . -B "$out" -DLINATTN_FUZZ=ON -DCMAKE_CXX_COMPILER="$CXX" >"$out/configure.log" 2>&1; then
  cat "$out/configure.log" >&2
  echo "fuzz build: configuring failed" >&2
  exit 1
fi
# Two compilers at a time: the machine has 2 cores and is shared.
if ! cmake --build "$out" -j2; then
  echo "fuzz build: building the core or a harness failed" >&2
  exit 1
fi
