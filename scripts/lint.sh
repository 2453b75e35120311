#!/usr/bin/env bash
# `npm run lint`: the tree must be clean under the project's formatters and linters.
#   JS, JSON, CSS: Biome (biome.json) — format and lint, no writes (`npm run format` writes).
#   C++: clang-format (.clang-format) — format, no writes; clang-tidy (.clang-tidy) over the core
#        and the bindings, against build/native/compile_commands.json (built here if missing).
# Prints "lint: N passed, M failed" (one check per tool), exits non-zero on any finding.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0
check() { local name=$1; shift; echo "--- $name"; if "$@"; then passed=$((passed+1)); else failed=$((failed+1)); echo "lint: $name found problems"; fi; }

check "biome (format + lint)" npx --no-install biome ci --colors=off .
mapfile -t cpp < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find wasm tests -name '*.[ch]pp')
check "clang-format" clang-format --dry-run -Werror "${cpp[@]}"
tidy() {
  [ -f build/native/compile_commands.json ] || bash scripts/build-core.sh native >/dev/null || return 1
  # One file per process, as many at once as there are cores (each parses Eigen: ~20 s a file).
  ls wasm/core/*.cpp | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 1 \
    clang-tidy -p build/native --quiet --warnings-as-errors='*' 2>&1 | grep -v "warnings generated"
  return "${PIPESTATUS[1]}"
}
check "clang-tidy (core)" tidy
echo "lint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
