#!/usr/bin/env bash
# Builds the C++ core: `native` (library, doctest suite, benchmark; `native linattn_tests`: the suite
# alone, which is what `npm test` needs: the benchmark compiles the core twice more) into build/native,
# `wasm` (the Embind modules + the doctest suite for node; `wasm linattn`: the modules alone, the
# main one, the spotlight's and the ledger's; `wasm linattn_tests`: the suite alone) into
# build/wasm, `sanitize` (clang++: the suite under AddressSanitizer + UBSan and the libFuzzer
# harnesses of tests/fuzz, linked to one build of the core; `sanitize linattn_tests`: the suite
# alone) into build/sanitize.
# Incremental: fast when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-wasm}
jobs=$(nproc 2>/dev/null || echo 2)
case "$target" in
  native)
    cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build/native -j"$jobs" ${2:+--target "$2"} ;;
  sanitize|asan)
    cmake -S . -B build/sanitize -DLINATTN_SANITIZE=ON -DCMAKE_CXX_COMPILER="${CXX_SANITIZE:-clang++}" >/dev/null
    cmake --build build/sanitize -j"$jobs" ${2:+--target "$2"} ;;
  wasm)
    # Debian's emcc runs its JS optimizer under the machine's Node, which needs Debian's acorn.
    export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
    if [ ! -f build/wasm/Makefile ]; then
      emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" >/dev/null
    fi
    # `linattn` builds the spotlight's and the ledger's modules beside the main one: whoever needs
    # the core's modules (the web stage, the api suites) gets all three.
    # One cmake --build per target: the first may regenerate the Makefiles (CMakeLists.txt changed),
    # and a second target named in the same call would be looked for in the old ones.
    if [ "${2:-}" = linattn ]; then
      for t in linattn linattn_spotlight linattn_ledger; do cmake --build build/wasm -j"$jobs" --target "$t"; done
    else
      cmake --build build/wasm -j"$jobs" ${2:+--target "$2"}
    fi ;;
  *) echo "usage: build-core.sh native|wasm|sanitize [target]" >&2; exit 2 ;;
esac
