#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz/ into build/sanitize/ with clang++, through CMake
# (CMakeLists.txt, option LINATTN_SANITIZE): the sanitizer build, in which one build of the core
# (coverage for the fuzzer, ASan + UBSan) serves these harnesses and the doctest suite of npm test's
# "core (sanitize)" stage, so after that stage there is nothing left to compile here. Eigen's own
# assertions stay on (no EIGEN_NO_DEBUG, no NDEBUG), so a size mismatch inside Eigen is a crash too.
# Incremental. Usage: bash tests/fuzz/build.sh   (CXX_FUZZ: another clang++)
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! CXX_SANITIZE=${CXX_FUZZ:-clang++} bash scripts/build-core.sh sanitize; then
  echo "fuzz build: configuring or building the core or a harness failed" >&2
  exit 1
fi
