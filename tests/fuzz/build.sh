#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz/ into build/fuzz/ with clang++:
#   the core (wasm/core/*.cpp) once, with coverage for the fuzzer and ASan + UBSan, into objects;
#   then one executable per tests/fuzz/fuzz_*.cpp.
# Plain command lines (no CMake). Eigen's own assertions stay on (no EIGEN_NO_DEBUG, no NDEBUG),
# so a size mismatch inside Eigen is a crash too. Incremental: a file is rebuilt only when it or a
# header is newer than its output. Usage: bash tests/fuzz/build.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/fuzz
mkdir -p "$out/obj"

CXX=${CXX_FUZZ:-clang++}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
FLAGS="-std=c++17 -O1 -g -ffp-contract=off -DEIGEN_MPL2_ONLY -Iwasm/core -isystem /usr/include/eigen3 -Wall -Wextra"

# Newest header: any change rebuilds everything that might include it.
newest_header=$(ls -t wasm/core/*.hpp tests/fuzz/*.hpp | head -1)
stale() {  # stale OUTPUT INPUT...
  [ ! -f "$1" ] && return 0
  local f
  for f in "${@:2}" "$newest_header"; do [ "$f" -nt "$1" ] && return 0; done
  return 1
}

# Two compilers at a time (the machine has 2 cores and is shared); a failed one leaves a mark.
rm -f "$out/failed"
wait_some() { while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done; }
compile() { "$@" || touch "$out/failed"; }
objs=()
for src in wasm/core/*.cpp; do
  obj="$out/obj/$(basename "${src%.cpp}").o"
  objs+=("$obj")
  if stale "$obj" "$src"; then
    wait_some
    echo "fuzz build: $src"
    compile $CXX $FLAGS $SAN -fsanitize=fuzzer-no-link -c "$src" -o "$obj" &
  fi
done
wait
[ -f "$out/failed" ] && { echo "fuzz build: compiling the core failed" >&2; exit 1; }

for src in tests/fuzz/fuzz_*.cpp; do
  exe="$out/$(basename "${src%.cpp}")"
  if stale "$exe" "$src" "${objs[@]}"; then
    wait_some
    echo "fuzz build: $exe"
    compile $CXX $FLAGS $SAN -fsanitize=fuzzer "$src" "${objs[@]}" -o "$exe" &
  fi
done
wait
[ -f "$out/failed" ] && { echo "fuzz build: building a harness failed" >&2; exit 1; }
exit 0
