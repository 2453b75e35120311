#!/usr/bin/env bash
# Runs every libFuzzer harness of tests/fuzz/ for SECONDS each (default 60), two at a time:
#   bash tests/fuzz/run.sh [SECONDS]        (npm run fuzz -- 600)
# Builds them first (tests/fuzz/build.sh: into build/sanitize/, with the sanitizer suite). Corpora
# grow in build/fuzz/corpus/<harness>/ and are seeded with a few fixed pseudo-random inputs the
# first time; a crashing input is saved as build/fuzz/artifacts/<harness>/crash-* (replay:
# build/sanitize/<harness> <file>).
# Any crash, sanitizer report, failed FUZZ_CHECK, input slower than 10 s or use of more than
# 2 GB fails the harness. Last line: "fuzz: N passed, M failed" (one per harness).
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
case "$seconds" in ''|*[!0-9]*) echo "usage: run.sh [seconds]" >&2; exit 2 ;; esac
harnesses=(tests/fuzz/fuzz_*.cpp)

if ! bash tests/fuzz/build.sh; then
  echo "fuzz: 0 passed, ${#harnesses[@]} failed"
  exit 1
fi

# Each harness runs alone in its process; two at a time (FUZZ_JOBS) on the two-core machines this
# project targets, so the short run of `npm test` takes about 3 x SECONDS.
run_one() {
  local name=$1 corpus=build/fuzz/corpus/$1 artifacts=build/fuzz/artifacts/$1
  mkdir -p "$corpus" "$artifacts"
  if [ -z "$(ls -A "$corpus")" ]; then
    for i in 1 2 3 4 5 6 7 8; do  # fixed seeds: the same starting corpus on every machine
      LC_ALL=C awk -v n="$i" 'BEGIN { srand(n); for (b = 0; b < 64 * n; b++) printf "%c", int(rand() * 256) }' >"$corpus/seed-$i"
    done
  fi
  # libFuzzer picks its own random seed each run (so each run explores differently); the log keeps it.
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
    "build/sanitize/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" >"build/fuzz/$name.log" 2>&1
  echo $? >"build/fuzz/$name.status"
}

jobs_max=${FUZZ_JOBS:-2}
for src in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  run_one "$(basename "${src%.cpp}")" &
done
wait

passed=0 failed=0
for src in "${harnesses[@]}"; do
  name=$(basename "${src%.cpp}")
  log=build/fuzz/$name.log artifacts=build/fuzz/artifacts/$name corpus=build/fuzz/corpus/$name
  status=$(cat "build/fuzz/$name.status" 2>/dev/null || echo 99)
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  seed=$(grep -o 'Seed: [0-9]*' "$log" | head -1)
  if [ "$status" -eq 0 ] && ! grep -qE 'ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|libFuzzer)|runtime error:|FUZZ_CHECK failed' "$log"; then
    passed=$((passed + 1))
    echo "fuzz: $name clean: ${runs:-?} inputs in ${seconds} s, corpus $(ls "$corpus" | wc -l) files ($seed)"
  else
    failed=$((failed + 1))
    echo "fuzz: $name FAILED (exit $status, $seed); log: $log"
    grep -E -A30 'ERROR:|runtime error:|FUZZ_CHECK failed' "$log" | head -60
    ls "$artifacts" | sed 's/^/  artifact: /'
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
