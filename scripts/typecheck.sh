#!/usr/bin/env bash
# `npm run typecheck`: TypeScript over the page's JavaScript and the JS API (tsconfig.json: checkJs,
# JSDoc types, nothing emitted). The generated loader build/wasm/linattn.mjs is not ours to check: its
# declaration (wasm/linattn-module.d.mts) is put beside it, where TypeScript reads it instead.
# The build (web/build/) has its own tsconfig.json: node's types there, the browser's here.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/wasm
cp wasm/linattn-module.d.mts build/wasm/linattn.d.mts
npx --no-install tsc -p tsconfig.json
npx --no-install tsc -p web/build/tsconfig.json
