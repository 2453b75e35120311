#!/usr/bin/env bash
# `npm run lint`: the tree must be clean under the project's formatters and linters.
#   JS, JSON, CSS: Biome (biome.json) — format and lint, no writes (`npm run format` writes).
#   C++: clang-format (.clang-format) — format, no writes; clang-tidy (.clang-tidy) over the core,
#        as one translation unit (Eigen parsed once) with the flags of
#        build/native/compile_commands.json (configured here if missing; nothing is compiled).
#   Sizes: every module under web/src, web/build and wasm (.js .mjs .cpp .hpp, tracked by git) at most 400 lines.
#   Functions: every function of web/src, web/build and wasm at most 80 lines, but for those still
#        listed in scripts/function-sizes.todo.json, which may only shrink (scripts/function-sizes.mjs).
#   Tickets: no "issue N" in code, docs or test names (say what a rule is for).
#   Repeats: at most 4 pairs of places in web/, wasm/ and scripts/ (each read as its own tree) that
#        share 6 or more lines and are not boilerplate, counted as `duplicates` counts (scripts/repeats.mjs).
# Prints "lint: N passed, M failed" (one check per tool), exits non-zero on any finding.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0
check() { local name=$1; shift; echo "--- $name"; if "$@"; then passed=$((passed+1)); else failed=$((failed+1)); echo "lint: $name found problems"; fi; }

check "biome (format + lint)" npx --no-install biome ci --colors=off .
mapfile -t cpp < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find wasm tests -name '*.[ch]pp')
check "clang-format" clang-format --dry-run -Werror "${cpp[@]}"
tidy() {
  [ -f build/native/compile_commands.json ] ||
    cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null || return 1
  # One translation unit that includes every core file: Eigen is parsed once, not once a file
  # (~35 s of CPU instead of ~220 s). The header filter reports findings inside the included
  # files; the flags are the core's own, from the native build's compile_commands.json.
  mkdir -p build/lint
  local unity=build/lint/core-unity.cpp
  for f in wasm/core/*.cpp; do echo "#include \"$PWD/$f\" // NOLINT(bugprone-suspicious-include)"; done >"$unity"
  local flags
  mapfile -t flags < <(node -e '
    const cmds = require("./build/native/compile_commands.json");
    const e = cmds.find((c) => c.file.includes("wasm/core/"));
    const args = e.arguments ?? e.command.split(/\s+/);
    const keep = [];
    for (let i = 1; i < args.length; i++) {
      if (args[i] === "-o" || args[i] === "-c") { i++; continue; }
      keep.push(args[i]);
    }
    console.log(keep.join("\n"));')
  clang-tidy --quiet --warnings-as-errors='*' "$unity" -- "${flags[@]}" 2>&1 | grep -v "warnings generated"
  return "${PIPESTATUS[0]}"
}
check "clang-tidy (core)" tidy

MAX_MODULE_LINES=400
module_sizes() {
  local f n over=0
  while IFS= read -r -d '' f; do
    n=$(awk 'END { print NR }' "$f")
    if [ "$n" -gt "$MAX_MODULE_LINES" ]; then echo "  $f: $n lines"; over=$((over + 1)); fi
  done < <(git ls-files -z 'web/src/*.js' 'web/src/*.mjs' 'web/src/*.cpp' 'web/src/*.hpp' \
    'wasm/*.js' 'wasm/*.mjs' 'wasm/*.cpp' 'wasm/*.hpp' 'web/build/*.mjs')
  [ "$over" -eq 0 ] || echo "module sizes: $over modules over $MAX_MODULE_LINES lines (split them by what they do)"
  [ "$over" -eq 0 ]
}
check "module sizes (at most $MAX_MODULE_LINES lines)" module_sizes
check "function sizes (at most 80 lines)" node scripts/function-sizes.mjs --max 80
# A newcomer has no tracker to look a ticket up in: code, docs and test names say what a rule is for.
no_tickets() {
  ! git grep -nEi '\b(issue|ticket)s? ?#?[0-9]+' -- . ':!tests/api/fixtures' ':!package-lock.json'
}
check "no ticket numbers" no_tickets
check "repeated code (at most 4 pairs)" node scripts/repeats.mjs --max 4
echo "lint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
